/// A problem with input that the application keeps running through, reported to
/// `Application.onInputError`.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The keymap a seat's compositor sent cannot be used, for the reason given; keys are
    /// translated with the previous keymap, or dropped when there is none. `seat` is the
    /// seat's registry name.
    case keymap(KeymapFailure, seat: UInt32)
    /// The cursor theme has no usable image (the compositor's cursor stays).
    case cursorUnavailable(theme: String?, cursor: String)
    /// The input method (`zwp_text_input_v3`) asked for something Lamina does not do; the
    /// rest of what it sent was applied.
    case inputMethod(String)
    /// The compositor sent a drag-and-drop event the protocol does not allow (a drag moving,
    /// leaving or dropping without having entered, an offer never announced, an action out of
    /// range); it was ignored.
    case dragAndDrop(String)

    /// What went wrong, in one sentence.
    public var description: String {
        switch self {
        case .keymap(let error, let seat):
            return "keyboard of seat \(seat): \(error)"
        case .cursorUnavailable(let theme, let cursor):
            return "the cursor theme '\(theme ?? "default")' has no image for '\(cursor)' (install xcursor-themes or adwaita-icon-theme, or set XCURSOR_THEME)"
        case .inputMethod(let message):
            return "input method: \(message)"
        case .dragAndDrop(let message):
            return "drag and drop: \(message)"
        }
    }
}
