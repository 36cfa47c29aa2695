import QuartzCore

/// A key event in a window, routed to the window's focused layer.
public struct KeyEvent {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        /// The key went down.
        case pressed
        /// The key came up.
        case released
        /// The key is held and repeats (at the compositor's repeat rate, after its delay).
        case repeated
    }

    /// What happened.
    public var kind: Kind
    /// The XKB keysym the key produces with the current modifiers (after a compose sequence,
    /// the composed one), e.g. `0x61` for `a`, `0xff0d` for `Return`.
    public var keysym: UInt32
    /// The keysym's XKB name, e.g. `a`, `A`, `Return`, `eacute`.
    public var keysymName: String
    /// The UTF-8 text the key types, or nil when it types none (a modifier key, a dead key
    /// that starts a compose sequence). Control characters are included as xkbcommon
    /// produces them: `Return` is "\r", `Tab` "\t", Control-C "\u{3}".
    public var text: String?
    /// The modifiers in effect.
    public var modifiers: Modifiers
    /// The compositor's timestamp in milliseconds (for a repeat, the press time plus the
    /// repeat delay and intervals).
    public var timestamp: UInt32
    /// The layer the event is offered to first: the window's `focusedLayer`.
    public var layer: CALayer?
}

/// A layer that handles key events. The window's focused layer gets the event first; when
/// its `handleKeyEvent` returns false the event goes to its superlayer, and so on.
///
/// Its requirements are main-actor-isolated, not the protocol: a layer subclass that adopts
/// it in its declaration keeps its other members' isolation (its `layoutSublayers()` override
/// and stored properties stay nonisolated, as `CALayer`'s are).
public protocol KeyEventHandling: AnyObject {
    /// Handles the event; returns whether it was consumed (stopping the bubbling).
    @MainActor func handleKeyEvent(_ event: KeyEvent) -> Bool
}
