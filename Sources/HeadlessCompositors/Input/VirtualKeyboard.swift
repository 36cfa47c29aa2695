import CWaylandClient
import CXKBCommon
import Foundation
import Glibc
import Wayland

/// A keyboard driven by the test, through `zwp_virtual_keyboard_v1` (sway).
///
/// It has a connection of its own and needs nothing from the process's main thread, so a
/// test or an app types into its own windows from there (each call waits only for the
/// compositor, never for the client the keys go to, so it never waits on itself).
/// Creating it gives the seat its keyboard capability; the keys go to the window with
/// keyboard focus, so wait until the window has it (`Window.isKeyWindow`, or its
/// `onKeyFocusChanged`) before typing. The keymap is an XKB layout compiled by xkbcommon
/// with the evdev rules (default `us`), handed to the compositor in a sealed memory file.
///
/// ```swift
/// let keyboard = try VirtualKeyboard(compositor: sway)
/// await waitUntil { window.isKeyWindow }
/// try keyboard.type("Hi!")
/// try keyboard.press("Return")
/// ```
public final class VirtualKeyboard {
    private let connection: WaylandConnection
    private let globals: WaylandGlobals
    private let seat: WlSeat
    private let manager: ZwpVirtualKeyboardManagerV1
    private let keyboard: ZwpVirtualKeyboardV1
    private let keymap: VirtualKeymap
    /// The modifiers sent last (XKB mask): they are sent only when they change.
    private var sentModifiers: UInt32 = 0

    /// Connects to `compositor` and creates the keyboard, with the XKB `layout` (and
    /// `variant`) of the evdev rules.
    public convenience init(compositor: HeadlessCompositor, layout: String = "us", variant: String? = nil) throws {
        try self.init(socket: compositor.socketPath, layout: layout, variant: variant)
    }

    /// Connects to the compositor at `socket` (name or absolute path) and creates the
    /// keyboard, with the XKB `layout` (and `variant`) of the evdev rules. Throws when the
    /// compositor offers no virtual keyboards or no seat, or xkbcommon cannot compile the
    /// layout.
    public init(socket: String, layout: String = "us", variant: String? = nil) throws {
        keymap = try VirtualKeymap(layout: layout, variant: variant)
        connection = try WaylandConnection(name: socket)
        globals = try WaylandGlobals(connection: connection)
        guard let manager = try globals.bind(ZwpVirtualKeyboardManagerV1.self) else {
            throw CompositorError("the compositor does not offer zwp_virtual_keyboard_manager_v1 (sway does; weston and mutter do not)")
        }
        guard let seat = try globals.bind(WlSeat.self, maxVersion: 1) else {
            throw CompositorError("the compositor offers no wl_seat to attach a virtual keyboard to")
        }
        self.manager = manager
        self.seat = seat
        keyboard = try manager.createVirtualKeyboard(seat: seat)
        let file = try keymap.sealedFile()
        try keyboard.keymap(format: .xkbV1, fd: file.rawValue, size: keymap.sealedFileSize)
        // The compositor reports a refused keyboard (`unauthorized`) as a protocol error.
        try connection.roundtrip()
    }

    /// The time events are stamped with: `CLOCK_MONOTONIC` in milliseconds (its low 32 bits),
    /// as compositors stamp the events of real devices.
    private var now: UInt32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt32(truncatingIfNeeded: Int64(time.tv_sec) &* 1000 &+ Int64(time.tv_nsec / 1_000_000))
    }

    /// Types `text`: for each character, presses and releases the key that makes it in the
    /// layout, with the modifiers its level needs (Shift for capitals), then releases them.
    /// Throws before sending anything when a character is not on the layout.
    public func type(_ text: String) throws {
        let strokes = try text.unicodeScalars.map { scalar throws -> VirtualKeymap.Stroke in
            guard let stroke = keymap.stroke(forCharacter: scalar) else {
                throw CompositorError("'\(scalar)' (U+\(String(scalar.value, radix: 16, uppercase: true))) is not on the \(keymap.name) layout")
            }
            return stroke
        }
        for stroke in strokes { try send(stroke) }
        try setModifiers(0)
        try connection.roundtrip()
    }

    /// Presses and releases the key of the keysym named `keysymName` (xkbcommon's names:
    /// `Return`, `BackSpace`, `Left`, `Escape`, `a`, `A`, …), with the modifiers its level
    /// needs plus `modifiers` (XKB mask of the evdev keymaps: Shift 1, Lock 2, Control 4,
    /// Mod1 8; LaminaTesting's `ScriptedCompositor.ModifierMask` names them).
    public func press(_ keysymName: String, modifiers: UInt32 = 0) throws {
        try key(keysymName, pressed: true, modifiers: modifiers)
        try key(keysymName, pressed: false, modifiers: modifiers)
        try setModifiers(0)
        try connection.roundtrip()
    }

    /// Presses or releases the key of the keysym named `keysymName`, with the modifiers its
    /// level needs plus `modifiers` held (XKB mask). A held key repeats in the client as
    /// a real one does.
    public func key(_ keysymName: String, pressed: Bool, modifiers: UInt32 = 0) throws {
        guard let stroke = keymap.stroke(forKeysymNamed: keysymName) else {
            throw CompositorError("no key of the \(keymap.name) layout makes the keysym '\(keysymName)'")
        }
        try setModifiers(stroke.modifiers | modifiers)
        try keyboard.key(time: now, key: stroke.code, state: pressed ? 1 : 0)
        try connection.flush()
    }

    private func send(_ stroke: VirtualKeymap.Stroke) throws {
        try setModifiers(stroke.modifiers)
        try keyboard.key(time: now, key: stroke.code, state: 1)
        try keyboard.key(time: now, key: stroke.code, state: 0)
    }

    private func setModifiers(_ mask: UInt32) throws {
        guard mask != sentModifiers else { return }
        sentModifiers = mask
        try keyboard.modifiers(modsDepressed: mask, modsLatched: 0, modsLocked: 0, group: 0)
    }

    deinit {
        if sentModifiers != 0 { try? keyboard.modifiers(modsDepressed: 0, modsLatched: 0, modsLocked: 0, group: 0) }
        keyboard.destroy()
        try? connection.flush()
    }
}

/// An XKB keymap compiled for a virtual keyboard, with where each keysym is: its key and the
/// modifiers of its level.
struct VirtualKeymap {
    /// A key press that makes a keysym: the Linux input code and the XKB modifier mask.
    struct Stroke: Equatable {
        var code: UInt32
        var modifiers: UInt32
    }

    /// The layout's name, for messages.
    let name: String
    /// The keymap's text (XKB text format v1).
    let text: String
    /// Where each keysym first appears, by the fewest modifiers, then the lowest keycode.
    private let strokes: [UInt32: Stroke]

    init(layout: String, variant: String? = nil) throws {
        name = variant.map { "\(layout)(\($0))" } ?? layout
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw CompositorError("xkbcommon cannot create a context (out of memory?)")
        }
        defer { xkb_context_unref(context) }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let compiled = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layout in
                    (variant ?? "").withCString { variant in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: nil)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let compiled else {
            throw CompositorError("xkbcommon cannot compile the keyboard layout \(name) (is xkb-data installed?)")
        }
        defer { xkb_keymap_unref(compiled) }
        guard let keymapText = xkb_keymap_get_as_string(compiled, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw CompositorError("xkbcommon cannot write the keymap of \(name) as text")
        }
        defer { free(keymapText) }
        text = String(cString: keymapText)
        strokes = Self.strokes(of: compiled)
    }

    /// Every keysym of the first layout group, mapped to the key and level that make it with
    /// the fewest modifiers (then the lowest keycode).
    private static func strokes(of keymap: OpaquePointer) -> [UInt32: Stroke] {
        var found: [UInt32: Stroke] = [:]
        let first = xkb_keymap_min_keycode(keymap), last = xkb_keymap_max_keycode(keymap)
        // XKB keycodes are evdev codes plus 8.
        guard first <= last else { return [:] }
        for keycode in max(first, 8)...last {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            guard levels > 0 else { continue }
            for level in 0..<levels {
                var syms: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &syms)
                guard count == 1, let sym = syms?.pointee else { continue }
                var masks = [xkb_mod_mask_t](repeating: 0, count: 4)
                let maskCount = xkb_keymap_key_get_mods_for_level(keymap, keycode, 0, level, &masks, masks.count)
                guard maskCount > 0 else { continue }
                let stroke = Stroke(code: keycode - 8, modifiers: masks[0])
                if let known = found[sym], known.modifiers.nonzeroBitCount <= stroke.modifiers.nonzeroBitCount { continue }
                found[sym] = stroke
            }
        }
        return found
    }

    /// The stroke that types `character`, if the layout has it.
    func stroke(forCharacter character: Unicode.Scalar) -> Stroke? {
        let keysym: UInt32
        switch character {
        case "\n", "\r": keysym = xkb_keysym_from_name("Return", XKB_KEYSYM_NO_FLAGS)
        case "\t": keysym = xkb_keysym_from_name("Tab", XKB_KEYSYM_NO_FLAGS)
        default: keysym = xkb_utf32_to_keysym(character.value)
        }
        guard keysym != 0 else { return nil }
        return strokes[keysym]
    }

    /// The stroke of the keysym named `name`, if the layout has it.
    func stroke(forKeysymNamed name: String) -> Stroke? {
        let keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        guard keysym != 0 else { return nil }
        return strokes[keysym]
    }

    /// How many bytes ``sealedFile()`` holds: the text and its terminating NUL.
    var sealedFileSize: UInt32 { UInt32(text.utf8.count + 1) }

    /// The keymap text in a new memory file, NUL-terminated as `wl_keyboard.keymap` expects,
    /// sealed so its receiver can map it without fearing it shrinks or changes.
    func sealedFile() throws -> OwnedFileDescriptor {
        let bytes = Array(text.utf8) + [0]
        let file: OwnedFileDescriptor
        do {
            file = OwnedFileDescriptor(
                adopting: try SystemCall.run("memfd_create") {
                    memfd_create("lamina-virtual-keymap", lamina_mfd_cloexec() | lamina_mfd_allow_sealing())
                })
        } catch {
            throw CompositorError("\(error)")
        }
        let fd = file.rawValue
        do {
            var written = 0
            while written < bytes.count {
                let count = try SystemCall.run("writing the keymap to its memory file") {
                    bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + written }, $0.count - written) }
                }
                guard count > 0 else { throw SystemCallError(operation: "writing the keymap to its memory file", code: EIO) }
                written += count
            }
            // Shrink, grow and write seals: what the compositor maps stays as it was told.
            let seals = lamina_f_seal_shrink() | lamina_f_seal_grow() | lamina_f_seal_write() | lamina_f_seal_seal()
            try SystemCall.run("sealing the keymap's memory file") { fcntl(fd, lamina_f_add_seals(), seals) }
        } catch {
            throw CompositorError("\(error)")
        }
        return file
    }
}
