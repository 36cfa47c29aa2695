import CXKBCommon
import Glibc

/// Compose (dead keys, the Compose key) with a table from xkbcommon.
final class XKBCompose {
    /// What feeding one keysym did.
    enum Outcome: Equatable {
        /// The keysym is not part of a sequence: use it as it is.
        case passThrough
        /// A sequence is under way: the key types nothing yet.
        case composing
        /// A sequence completed with this keysym and text.
        case composed(keysym: UInt32, text: String?)
        /// A sequence was abandoned: the key types nothing.
        case cancelled
    }

    private let table: OpaquePointer
    private let state: OpaquePointer

    /// The table for `locale` (xkbcommon also honours `XCOMPOSEFILE` and `~/.XCompose`); nil
    /// when there is none — then keys are not composed, which is not an error.
    init?(context: XKBContext, locale: String) {
        guard let table = xkb_compose_table_new_from_locale(context.raw, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            return nil
        }
        guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb_compose_table_unref(table)
            return nil
        }
        self.table = table
        self.state = state
    }

    deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
    }

    /// The locale compose tables are chosen by: the first of `LC_ALL`, `LC_CTYPE`, `LANG`
    /// that is set and not empty, else `C`.
    static var environmentLocale: String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return "C"
    }

    /// Feeds the keysym of a key press.
    func feed(_ keysym: UInt32) -> Outcome {
        guard xkb_compose_state_feed(state, keysym) == XKB_COMPOSE_FEED_ACCEPTED else { return .passThrough }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            let composed = xkb_compose_state_get_one_sym(state)
            let text = XKBText.read { xkb_compose_state_get_utf8(state, $0, $1) }
            xkb_compose_state_reset(state)
            return .composed(keysym: composed, text: text)
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(state)
            return .cancelled
        default:
            return .passThrough
        }
    }

    /// Abandons a sequence under way.
    func reset() { xkb_compose_state_reset(state) }
}

/// Reading strings from xkbcommon's "write into a buffer, return the length" functions.
enum XKBText {
    /// The string `fill` writes, or nil when it is empty or fails.
    static func read(_ fill: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String? {
        let needed = fill(nil, 0)
        guard needed > 0, needed < 4096 else { return nil }
        let capacity = Int(needed) + 1
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            let written = fill(base, capacity)
            guard written > 0, Int(written) < capacity else { return nil }
            base[Int(written)] = 0
            return String(validatingCString: base)
        }
    }

    /// The name of a keysym (`a`, `Return`, `0x1000123` for unnamed ones).
    static func name(of keysym: UInt32) -> String {
        read { xkb_keysym_get_name(keysym, $0, $1) } ?? "0x" + String(keysym, radix: 16)
    }
}
