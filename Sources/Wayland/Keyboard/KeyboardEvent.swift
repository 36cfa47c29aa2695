/// The modifier keys in effect, as xkbcommon reports them after a `wl_keyboard.modifiers`.
public struct KeyModifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shift (XKB `Shift`).
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Caps Lock (XKB `Lock`).
    public static let capsLock = KeyModifiers(rawValue: 1 << 1)
    /// Control (XKB `Control`).
    public static let control = KeyModifiers(rawValue: 1 << 2)
    /// Alt (XKB `Mod1`); Apple's Option.
    public static let alternate = KeyModifiers(rawValue: 1 << 3)
    /// Num Lock (XKB `Mod2`).
    public static let numLock = KeyModifiers(rawValue: 1 << 4)
    /// Super / the logo key (XKB `Mod4`); Apple's Command.
    public static let logo = KeyModifiers(rawValue: 1 << 5)

    /// `[shift, control]`-style list of the names.
    public var description: String {
        let names: [(KeyModifiers, String)] = [
            (.shift, "shift"), (.capsLock, "capsLock"), (.control, "control"), (.alternate, "alternate"),
            (.numLock, "numLock"), (.logo, "logo"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// How held keys repeat (`wl_keyboard.repeat_info`).
public struct KeyRepeatInfo: Equatable, Sendable {
    /// Repeats per second; 0 disables repeating.
    public var rate: Int
    /// Milliseconds from the press to the first repeat.
    public var delay: Int

    /// Repeat settings; negative values (which the protocol forbids) are taken as 0.
    public init(rate: Int, delay: Int) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
    }

    /// Whether held keys repeat.
    public var isEnabled: Bool { rate > 0 }

    /// Seconds between repeats, when enabled.
    public var interval: Double { rate > 0 ? 1 / Double(rate) : 0 }

    /// What a compositor older than `wl_keyboard` version 4 gets: 25 per second after 600 ms.
    public static let fallback = KeyRepeatInfo(rate: 25, delay: 600)
}

/// A key press or release translated through the keymap.
public struct KeyboardKey: Equatable, Sendable {
    /// The XKB keycode (the Linux evdev code + 8).
    public var keycode: UInt32
    /// The keysym the key produces with the current modifiers (after compose, the composed one).
    public var keysym: UInt32
    /// The keysym's name, e.g. `a`, `Return`, `eacute`.
    public var keysymName: String
    /// The UTF-8 text the key types, or nil when it types none (a modifier, a dead key while
    /// composing). Control characters are included as xkbcommon produces them (`Return` is "\r").
    public var text: String?
    /// True for a press, false for a release.
    public var isPressed: Bool
    /// The modifiers in effect when the key changed.
    public var modifiers: KeyModifiers
    /// The compositor's timestamp in milliseconds.
    public var time: UInt32
    /// Whether the keymap says this key repeats while held.
    public var repeats: Bool
    /// The event's serial, for requests that answer the user's input (setting the
    /// clipboard, a popup's grab). 0 when none is known.
    public var serial: UInt32 = 0
}

/// What a keyboard reports, in order.
public enum KeyboardEvent: Equatable, Sendable {
    /// The keyboard focus entered the surface with this object ID.
    case entered(surfaceID: UInt32)
    /// The keyboard focus left the surface with this object ID.
    case left(surfaceID: UInt32)
    /// A key changed, on the focused surface.
    case key(KeyboardKey, surfaceID: UInt32)
    /// The modifiers changed.
    case modifiers(KeyModifiers)
    /// The repeat settings changed.
    case repeatInfo(KeyRepeatInfo)
    /// The compositor sent a keymap that cannot be used.
    case keymapFailed(KeymapError)
}
