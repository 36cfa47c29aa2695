import QuartzCore
internal import Wayland

// Where Lamina receives the keyboard's keys: Wayland's `KeyboardKey` and `KeyModifiers`
// become a `KeyEvent` and its `Modifiers`, so the public API does not expose the Wayland
// module's types.
extension KeyEvent {
    /// The event for a key the keyboard translated, offered first to `layer`.
    init(_ kind: Kind, _ key: KeyboardKey, timestamp: UInt32, layer: CALayer?) {
        self.init(
            kind: kind, keysym: key.keysym, keysymName: key.keysymName, text: key.text,
            modifiers: Modifiers(key.modifiers), timestamp: timestamp, layer: layer)
    }
}

extension KeyEvent.Modifiers {
    /// The modifiers the keyboard reports, member for member.
    init(_ modifiers: KeyModifiers) {
        let members: [(KeyModifiers, KeyEvent.Modifiers)] = [
            (.shift, .shift), (.capsLock, .capsLock), (.control, .control), (.alternate, .alternate),
            (.numLock, .numLock), (.logo, .logo),
        ]
        self = []
        for (keyboard, lamina) in members where modifiers.contains(keyboard) { insert(lamina) }
    }
}
