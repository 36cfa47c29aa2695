import QuartzCore

/// A pointer event in a window, routed to the layer under the pointer.
public struct PointerEvent {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        /// The pointer entered the window.
        case entered
        /// The pointer left the window.
        case exited
        /// The pointer moved.
        case moved
        /// A button was pressed (`code` is the Linux input code; `BTN_LEFT` = 0x110).
        case pressed(button: UInt32)
        /// A button was released.
        case released(button: UInt32)
        /// The wheel or touchpad scrolled by these amounts (`wl_pointer.axis`, surface units;
        /// positive is down and right), everything of one `wl_pointer.frame` in one event. The
        /// end of a finger scroll comes as a scroll of 0, 0 whose `phase` is `.ended`. The
        /// event's `scrollSource`, `phase`, `scrollingSteps` and Apple's
        /// `scrollingDeltaX`/`scrollingDeltaY` say more (PointerEvent+Scrolling.swift).
        case scrolled(vertical: Double, horizontal: Double)
        /// The pointer moved onto `layer` or one of its sublayers. Sent to `layer` alone (not
        /// to `Window.onPointerEvent`, not bubbled): each `PointerEventHandling` layer the
        /// pointer newly is over gets its own, outermost first, before the event that moved
        /// the pointer. Not sent while a press captures the pointer.
        case hoverEntered
        /// The pointer moved off `layer` and all its sublayers (or left the window). Sent to
        /// `layer` alone, innermost first.
        case hoverExited
    }

    /// What happened.
    public var kind: Kind
    /// Where, in content coordinates (the root layer's superlayer space: origin at the
    /// content's top-left corner, below Lamina's title bar when it draws one).
    public var location: CGPoint
    /// The compositor's timestamp in milliseconds.
    public var timestamp: UInt32
    /// The model layer the event is for: the one whose presentation (what was drawn) is under
    /// the pointer; while a button is held, the layer the press hit (the pointer is captured:
    /// a drag keeps going to it when the pointer leaves it); for hover events, the layer
    /// entered or exited. Nil when nothing is there.
    public var layer: CALayer?
    /// What a `.scrolled` event's device said about it; empty for other kinds.
    var scrolling = Scrolling()
}

/// A layer that handles pointer events. The hit layer gets the event first; when its
/// `handlePointerEvent` returns false the event bubbles to its superlayer, and so on.
///
/// Its requirements are main-actor-isolated, not the protocol: a layer subclass that adopts
/// it in its declaration keeps its other members' isolation (its `layoutSublayers()` override
/// and stored properties stay nonisolated, as `CALayer`'s are).
public protocol PointerEventHandling: AnyObject {
    /// Handles the event; returns whether it was consumed (stopping the bubbling).
    @MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool
}
