import CWaylandServer
import Foundation

extension ScriptedCompositor {
    /// One request of a `zwp_text_input_v3`.
    public enum TextInputRequest: Equatable, Sendable {
        /// `enable`.
        case enable
        /// `disable`.
        case disable
        /// `set_content_type` with its hint (bits) and purpose.
        case contentType(hint: UInt32, purpose: UInt32)
        /// `set_cursor_rectangle`, in surface coordinates.
        case cursorRectangle(Rect)
        /// `set_surrounding_text`.
        case surroundingText(String, cursor: Int32, anchor: Int32)
        /// `commit`, with the number of commits on that object so far (this one included).
        case commit(UInt32)
    }

    // MARK: - Script

    /// The text-input focus enters the first toplevel's surface: every `zwp_text_input_v3`
    /// of its client gets `enter`.
    public func textInputEnter() {
        sendTextInput { [unowned self] textInput, surface in post(textInput, "enter", [.object(surface)]) }
    }

    /// The text-input focus leaves the first toplevel's surface.
    public func textInputLeave() {
        sendTextInput { [unowned self] textInput, surface in post(textInput, "leave", [.object(surface)]) }
    }

    /// The input method's composition (`preedit_string`; nil is sent as a null string),
    /// its cursor from `cursorBegin` to `cursorEnd` in bytes (-1 and -1: hidden). Takes
    /// effect at ``textInputDone(serial:)``.
    public func textInputPreedit(_ text: String?, cursorBegin: Int32, cursorEnd: Int32) {
        sendTextInput { [unowned self] textInput, _ in
            post(textInput, "preedit_string", [text.map { .string($0) } ?? .nullString, .int(cursorBegin), .int(cursorEnd)])
        }
    }

    /// Text the input method commits (`commit_string`). Takes effect at
    /// ``textInputDone(serial:)``.
    public func textInputCommit(_ text: String?) {
        sendTextInput { [unowned self] textInput, _ in
            post(textInput, "commit_string", [text.map { .string($0) } ?? .nullString])
        }
    }

    /// `delete_surrounding_text` with byte lengths before and after the cursor.
    public func textInputDeleteSurroundingText(before: UInt32, after: UInt32) {
        sendTextInput { [unowned self] textInput, _ in post(textInput, "delete_surrounding_text", [.uint(before), .uint(after)]) }
    }

    /// `done`, with `serial` or (nil) the number of commits each text input made so far, as
    /// a compositor up to date with the client sends.
    public func textInputDone(serial: UInt32? = nil) {
        sendTextInput { [unowned self] textInput, _ in post(textInput, "done", [.uint(serial ?? textInput.textInputCommits)]) }
    }

    private func sendTextInput(_ body: @escaping (ServerResource, ServerResource) -> Void) {
        perform { [unowned self] in
            guard let surface = alive("xdg_toplevel").first?.xdgSurface?.surface else { return }
            for textInput in alive("zwp_text_input_v3") where textInput.client == surface.client {
                body(textInput, surface)
            }
        }
    }

    // MARK: - Server side (server thread)

    func handleTextInputRequest(_ name: String, resource: ServerResource, arguments: UnsafeMutablePointer<wl_argument>?) {
        func argument(_ index: Int) -> wl_argument { arguments?[index] ?? wl_argument() }
        let request: TextInputRequest
        switch name {
        case "zwp_text_input_v3.enable":
            request = .enable
        case "zwp_text_input_v3.disable":
            request = .disable
        case "zwp_text_input_v3.set_content_type":
            request = .contentType(hint: argument(0).u, purpose: argument(1).u)
        case "zwp_text_input_v3.set_cursor_rectangle":
            request = .cursorRectangle(Rect(x: argument(0).i, y: argument(1).i, width: argument(2).i, height: argument(3).i))
        case "zwp_text_input_v3.set_surrounding_text":
            let text = argument(0).s.map { String(cString: $0) } ?? ""
            request = .surroundingText(text, cursor: argument(1).i, anchor: argument(2).i)
        case "zwp_text_input_v3.commit":
            resource.textInputCommits &+= 1
            request = .commit(resource.textInputCommits)
        default:
            return
        }
        update { $0.desktop.textInputRequests.append(request) }
    }
}
