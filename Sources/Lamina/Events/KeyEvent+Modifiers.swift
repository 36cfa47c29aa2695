extension KeyEvent {
    /// The modifier keys in effect for a key event: Shift, Caps Lock, Control, Alt, Num Lock
    /// and the logo key, as the keymap's state reports them after the compositor's latest
    /// modifiers. A locked modifier (Caps Lock, Num Lock) is in the set while it is on.
    public struct Modifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The bits of the set. Their layout is Lamina's own: name modifiers by their
        /// members, not by bits from XKB or `wl_keyboard`.
        public let rawValue: UInt32

        /// The set with these bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Shift (XKB `Shift`).
        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Caps Lock (XKB `Lock`), while it is on.
        public static let capsLock = Modifiers(rawValue: 1 << 1)
        /// Control (XKB `Control`).
        public static let control = Modifiers(rawValue: 1 << 2)
        /// Alt (XKB `Mod1`); Apple's Option.
        public static let alternate = Modifiers(rawValue: 1 << 3)
        /// Num Lock (XKB `Mod2`), while it is on.
        public static let numLock = Modifiers(rawValue: 1 << 4)
        /// Super, the logo key (XKB `Mod4`); Apple's Command.
        public static let logo = Modifiers(rawValue: 1 << 5)

        /// The names of the members in the set, in the order above: `[shift, control]`.
        public var description: String {
            let names: [(Modifiers, String)] = [
                (.shift, "shift"), (.capsLock, "capsLock"), (.control, "control"), (.alternate, "alternate"),
                (.numLock, "numLock"), (.logo, "logo"),
            ]
            return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
        }
    }
}
