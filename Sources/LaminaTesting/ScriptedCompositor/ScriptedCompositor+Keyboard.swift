import CWaylandServer
import CXKBCommon
import Glibc
import Wayland

extension ScriptedCompositor {
    /// Linux input codes (`linux/input-event-codes.h`) of keys the tests press.
    public enum KeyCode {
        /// `KEY_A`.
        public static let a: UInt32 = 30
        /// `KEY_E`.
        public static let e: UInt32 = 18
        /// `KEY_ENTER` (keysym `Return`).
        public static let enter: UInt32 = 28
        /// `KEY_LEFTSHIFT`.
        public static let leftShift: UInt32 = 42
        /// `KEY_APOSTROPHE` (a dead acute in the `us(intl)` layout).
        public static let apostrophe: UInt32 = 40
        /// `KEY_1`.
        public static let one: UInt32 = 2
    }

    /// XKB modifier masks of the keymaps xkbcommon compiles with the evdev rules.
    public enum ModifierMask {
        /// `Shift`.
        public static let shift: UInt32 = 1 << 0
        /// `Lock` (Caps Lock).
        public static let capsLock: UInt32 = 1 << 1
        /// `Control`.
        public static let control: UInt32 = 1 << 2
        /// `Mod1` (Alt).
        public static let alternate: UInt32 = 1 << 3
    }

    // MARK: - Server side (server thread)

    func keyboardCreated(_ keyboard: ServerResource) {
        sendKeymap(configuration.keymap, to: keyboard)
        if let repeatInfo = configuration.keyRepeat, keyboard.version >= 4 {
            post(keyboard, "repeat_info", [.int(repeatInfo.rate), .int(repeatInfo.delay)])
        }
    }

    private func sendKeymap(_ keymap: Keymap, to keyboard: ServerResource) {
        let bytes: [UInt8], size: UInt32, format: UInt32
        switch keymap {
        case .none:
            return
        case .layout(let layout, let variant):
            guard let text = Self.keymapText(layout: layout, variant: variant) else {
                update { $0.violations.append("xkbcommon cannot compile the layout \(layout)") }
                return
            }
            bytes = Array(text.utf8) + [0]
            (size, format) = (UInt32(bytes.count), 1)
        case .bytes(let given, let announced, let givenFormat):
            bytes = given
            (size, format) = (announced ?? UInt32(clamping: given.count), givenFormat)
        }
        let file: OwnedFileDescriptor
        do {
            file = OwnedFileDescriptor(adopting: try SystemCall.run("memfd_create") { lamina_server_memfd("scripted-keymap") })
        } catch {
            update { $0.violations.append("\(error)") }
            return
        }
        let fd = file.rawValue
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            update { $0.violations.append("writing the keymap failed") }
            return
        }
        post(keyboard, "keymap", [.uint(format), .fd(fd), .uint(size)])
        update { $0.keymapsSent += 1 }
    }

    /// The text of the keymap xkbcommon compiles for a layout with the evdev rules.
    public static func keymapText(layout: String, variant: String? = nil) -> String? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        return "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layout in
                    (variant ?? "").withCString { variant -> String? in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: nil)
                        guard let keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return nil }
                        defer { xkb_keymap_unref(keymap) }
                        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return nil }
                        defer { free(text) }
                        return String(cString: text)
                    }
                }
            }
        }
    }

    func commitCursor(_ surface: ServerResource) {
        if case .some(let buffer) = surface.pendingBuffer { surface.currentBuffer = buffer }
        if let scale = surface.pendingBufferScale { surface.bufferScale = scale }
        let size = surface.currentBuffer?.shmBuffer.map { (width: $0.width, height: $0.height) }
        let record = Commit(
            surfaceID: surface.id, attachedBuffer: surface.pendingBuffer != nil, bufferSize: size,
            damage: surface.pendingDamage, bufferDamage: surface.pendingBufferDamage, requestedFrame: false,
            requestedFeedback: false, bufferScale: surface.bufferScale, image: nil)
        surface.pendingBuffer = .none
        surface.pendingDamage = []
        surface.pendingBufferDamage = []
        surface.pendingBufferScale = nil
        update { $0.cursorCommits.append(record) }
    }

    // MARK: - Script

    /// Sends a keymap to every keyboard of the first toplevel's client.
    public func sendKeymap(_ keymap: Keymap) {
        sendKeyboard { [unowned self] keyboard, _ in sendKeymap(keymap, to: keyboard) }
    }

    /// The keyboard focus enters the first toplevel's surface, with `keys` (Linux codes) held.
    public func keyboardEnter(keys: [UInt32] = []) {
        var bytes: [UInt8] = []
        for key in keys { withUnsafeBytes(of: key.littleEndian) { bytes += $0 } }
        sendKeyboard { [unowned self] keyboard, surface in
            post(keyboard, "enter", [.uint(nextSerial()), .object(surface), .array(bytes)])
        }
    }

    /// The keyboard focus leaves the first toplevel's surface.
    public func keyboardLeave() {
        sendKeyboard { [unowned self] keyboard, surface in post(keyboard, "leave", [.uint(nextSerial()), .object(surface)]) }
    }

    /// A key (a Linux input code) is pressed or released.
    public func key(_ code: UInt32, pressed: Bool) {
        sendKeyboard { [unowned self] keyboard, _ in
            post(keyboard, "key", [.uint(nextSerial()), .uint(inputMilliseconds), .uint(code), .uint(pressed ? 1 : 0)])
        }
    }

    /// Presses and releases a key.
    public func type(_ code: UInt32) {
        key(code, pressed: true)
        key(code, pressed: false)
    }

    /// Sends the modifier state (XKB masks; see `ModifierMask`).
    public func keyModifiers(depressed: UInt32 = 0, latched: UInt32 = 0, locked: UInt32 = 0, group: UInt32 = 0) {
        sendKeyboard { [unowned self] keyboard, _ in
            post(keyboard, "modifiers", [.uint(nextSerial()), .uint(depressed), .uint(latched), .uint(locked), .uint(group)])
        }
    }

    /// Sends repeat settings (`wl_keyboard.repeat_info`).
    public func keyRepeat(rate: Int32, delay: Int32) {
        sendKeyboard { [unowned self] keyboard, _ in
            if keyboard.version >= 4 { post(keyboard, "repeat_info", [.int(rate), .int(delay)]) }
        }
    }

    private func sendKeyboard(_ body: @escaping (ServerResource, ServerResource) -> Void) {
        perform { [unowned self] in
            guard let surface = alive("xdg_toplevel").first?.xdgSurface?.surface else { return }
            for keyboard in alive("wl_keyboard") where keyboard.client == surface.client {
                body(keyboard, surface)
            }
        }
    }
}
