import CXKBCommon

/// A `wl_keyboard` translated through xkbcommon: the compositor's keymap (untrusted: checked,
/// mapped read-only and private, its descriptor always closed), the modifier state it sends,
/// compose sequences from the locale's table, and the repeat settings.
///
/// Events come out as `KeyboardEvent`s through `onEvent`, in protocol order. Key repeat is
/// not done here (it needs a timer on the application's loop): `repeatInfo` and
/// `KeyboardKey.repeats` say what should repeat.
public final class Keyboard {
    /// The bound keyboard.
    public let keyboard: WlKeyboard
    /// Called with each event. Default: nil.
    public var onEvent: ((KeyboardEvent) -> Void)?
    /// The repeat settings. Default: `KeyRepeatInfo.fallback` until the compositor sends its own.
    public private(set) var repeatInfo = KeyRepeatInfo.fallback
    /// The surface that has the keyboard focus (its object ID), if one of ours has.
    public private(set) var focusedSurfaceID: UInt32?
    /// The modifiers in effect. Default: none.
    public private(set) var modifiers: KeyModifiers = []
    /// Whether a keymap is loaded (keys are dropped until one is).
    public var hasKeymap: Bool { keymap != nil }
    /// Whether a compose table was found for the locale.
    public var hasComposeTable: Bool { compose != nil }

    private let context: XKBContext?
    private var keymap: XKBKeymap?
    private var state: OpaquePointer?
    private var compose: XKBCompose?

    /// Follows `keyboard`. Compose sequences use the table of `composeLocale` (default: the
    /// environment's locale, see `LC_ALL`/`LC_CTYPE`/`LANG`); none is used when it has none.
    public init(keyboard: WlKeyboard, composeLocale: String? = nil) {
        self.keyboard = keyboard
        context = XKBContext()
        if let context {
            compose = XKBCompose(context: context, locale: composeLocale ?? XKBCompose.environmentLocale)
        }
        keyboard.onEvent = { [weak self] event in self?.handle(event) }
    }

    deinit {
        if let state { xkb_state_unref(state) }
    }

    private func handle(_ event: WlKeyboard.Event) {
        switch event {
        case .keymap(let format, let fd, let size):
            let descriptor = OwnedFileDescriptor(adopting: fd)
            guard let context else { return onEvent?(.keymapFailed(.xkbUnavailable)) ?? () }
            do {
                let loaded = try XKBKeymap.load(format: format.rawValue, descriptor: descriptor, size: size, context: context)
                guard let newState = xkb_state_new(loaded.raw) else { return onEvent?(.keymapFailed(.xkbUnavailable)) ?? () }
                if let state { xkb_state_unref(state) }
                state = newState
                keymap = loaded
                compose?.reset()
                modifiers = []
            } catch {
                onEvent?(.keymapFailed(error))
            }
        case .enter(_, let surface, _):
            let id = surface?.objectID ?? 0
            focusedSurfaceID = id
            onEvent?(.entered(surfaceID: id))
        case .leave(_, let surface):
            let id = surface?.objectID ?? focusedSurfaceID ?? 0
            focusedSurfaceID = nil
            compose?.reset()
            onEvent?(.left(surfaceID: id))
        case .key(let serial, let time, let key, let keyState):
            guard var translated = translate(key: key, pressed: keyState == .pressed, time: time) else { return }
            translated.serial = serial
            onEvent?(.key(translated, surfaceID: focusedSurfaceID ?? 0))
        case .modifiers(_, let depressed, let latched, let locked, let group):
            guard let state else { return }
            xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
            modifiers = Self.modifiers(of: state)
            onEvent?(.modifiers(modifiers))
        case .repeatInfo(let rate, let delay):
            repeatInfo = KeyRepeatInfo(rate: Int(rate), delay: Int(delay))
            onEvent?(.repeatInfo(repeatInfo))
        }
    }

    /// The key as the keymap and modifiers make it; nil without a keymap or for a code that
    /// cannot be an XKB keycode.
    private func translate(key: UInt32, pressed: Bool, time: UInt32) -> KeyboardKey? {
        guard let state, let keymap else { return nil }
        let (keycode, overflow) = key.addingReportingOverflow(8)
        guard !overflow else { return nil }
        var keysym = xkb_state_key_get_one_sym(state, keycode)
        var text = XKBText.read { xkb_state_key_get_utf8(state, keycode, $0, $1) }
        if pressed, let compose, keysym != 0 {
            switch compose.feed(keysym) {
            case .passThrough:
                break
            case .composing, .cancelled:
                text = nil
            case .composed(let composed, let composedText):
                if composed != 0 { keysym = composed }
                text = composedText
            }
        }
        return KeyboardKey(
            keycode: keycode, keysym: keysym, keysymName: XKBText.name(of: keysym), text: text, isPressed: pressed,
            modifiers: modifiers, time: time, repeats: keymap.repeats(keycode))
    }

    private static func modifiers(of state: OpaquePointer) -> KeyModifiers {
        let names: [(String, KeyModifiers)] = [
            (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CAPS, .capsLock), (XKB_MOD_NAME_CTRL, .control),
            (XKB_MOD_NAME_ALT, .alternate), (XKB_MOD_NAME_NUM, .numLock), (XKB_MOD_NAME_LOGO, .logo),
        ]
        var result: KeyModifiers = []
        for (name, flag) in names where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(flag)
        }
        return result
    }
}
