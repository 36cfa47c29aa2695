import Foundation
import QuartzCore
internal import Wayland

/// One seat's input method (`zwp_text_input_v3`): enabled while the window with the seat's
/// text-input focus has a focused layer that adopts `TextInputHandling`, told where that
/// layer's insertion point is, and delivering the input method's compositions and text to
/// it.
///
/// The protocol's state is double-buffered on both sides: requests take effect at
/// `commit`, events at `done`. A `done` answering an older commit is applied (its text is
/// the user's) but the state it reflects is stale, so the caret is sent again only after a
/// `done` whose serial matches the commits made.
@MainActor
final class TextInputSession {
    private let textInput: ZwpTextInputV3
    private unowned let application: Application
    /// The window with the text-input focus (between `enter` and `leave`).
    private weak var window: Window?
    /// The layer text input is enabled for, and whether it has marked text of ours.
    private weak var handlerObject: AnyObject?
    private var hasMarkedText = false
    private var isEnabled = false
    /// Commits sent so far: the serial a current `done` carries.
    private var commits: UInt32 = 0
    private var sentCaret: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// What the next `done` applies.
    private var pendingPreedit: (text: String, begin: Int32, end: Int32)?
    private var pendingCommit: String?
    private var pendingDeletion = false

    init(manager: ZwpTextInputManagerV3, seat: WlSeat, application: Application) throws(WaylandError) {
        self.application = application
        textInput = try manager.getTextInput(seat: seat)
        textInput.onEvent = { [weak self] event in
            MainActor.assumeIsolated { self?.handle(event) }
        }
    }

    private var handler: TextInputHandling? { handlerObject as? TextInputHandling }

    private func handle(_ event: ZwpTextInputV3.Event) {
        switch event {
        case .enter(let surface):
            let id = surface?.objectID ?? 0
            window = application.windows.first { $0.surfaceID == id }
            isEnabled = false
            update()
        case .leave:
            // The input method's composition ends with the focus: it is removed, not kept.
            if hasMarkedText { handler?.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0)) }
            hasMarkedText = false
            if isEnabled { application.send { try textInput.disable(); try commit() } }
            isEnabled = false
            handlerObject = nil
            window = nil
        case .preeditString(let text, let begin, let end):
            pendingPreedit = (text ?? "", begin, end)
        case .commitString(let text):
            pendingCommit = text ?? ""
        case .deleteSurroundingText(let before, let after):
            // Lamina sends no surrounding text, so an input method has none to delete.
            pendingDeletion = before > 0 || after > 0
        case .done(let serial):
            apply(serial: serial)
        }
    }

    /// Applies what the input method sent since the last `done`, in the protocol's order:
    /// the old composition goes, the committed text is inserted, the new composition shown.
    private func apply(serial: UInt32) {
        let preedit = pendingPreedit
        let committed = pendingCommit
        let deletion = pendingDeletion
        pendingPreedit = nil
        pendingCommit = nil
        pendingDeletion = false
        guard let handler else { return }
        if deletion {
            application.onInputError(.inputMethod("the input method asked to delete text around the insertion point, which Lamina does not report"))
        }
        if let committed, !committed.isEmpty {
            handler.insertText(committed)
            hasMarkedText = false
        }
        if let preedit, !preedit.text.isEmpty {
            handler.setMarkedText(preedit.text, selectedRange: Self.utf16Range(of: preedit))
            hasMarkedText = true
        } else if hasMarkedText {
            handler.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
            hasMarkedText = false
        }
        // The layer may have moved its insertion point: report it once the input method is
        // up to date with what was sent.
        if serial == commits { update() }
    }

    /// The input method's cursor, in bytes of the composition, as a range in UTF-16 units;
    /// -1 and -1 (hidden) is `NSNotFound`. Offsets out of range are clamped, offsets inside
    /// a character moved back to its start.
    static func utf16Range(of preedit: (text: String, begin: Int32, end: Int32)) -> NSRange {
        if preedit.begin == -1 && preedit.end == -1 { return NSRange(location: NSNotFound, length: 0) }
        let bytes = Array(preedit.text.utf8)
        func utf16Offset(_ byte: Int32) -> Int {
            var index = min(max(Int(byte), 0), bytes.count)
            while index > 0, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
            return String(decoding: bytes[..<index], as: UTF8.self).utf16.count
        }
        let begin = utf16Offset(min(preedit.begin, preedit.end)), end = utf16Offset(max(preedit.begin, preedit.end))
        return NSRange(location: begin, length: end - begin)
    }

    /// Enables, moves or disables text input to match the focused window's focused layer.
    func update() {
        guard let window else { return }
        let wanted = window.textInputHandler
        if wanted !== handler {
            if hasMarkedText { handler?.unmarkText() }
            hasMarkedText = false
            handlerObject = wanted
            sentCaret = nil
            if let wanted {
                let caret = window.caretRectangle(of: wanted)
                application.send {
                    // Enabling again resets what the input method knew of the previous layer.
                    try textInput.enable()
                    try textInput.setContentType(hint: [], purpose: .normal)
                    if let caret { try textInput.setCursorRectangle(x: caret.x, y: caret.y, width: caret.width, height: caret.height) }
                    try commit()
                }
                sentCaret = caret
                isEnabled = true
            } else if isEnabled {
                application.send { try textInput.disable(); try commit() }
                isEnabled = false
            }
            return
        }
        guard let wanted, isEnabled, let caret = window.caretRectangle(of: wanted) else { return }
        if let sentCaret, sentCaret == caret { return }
        application.send {
            try textInput.setCursorRectangle(x: caret.x, y: caret.y, width: caret.width, height: caret.height)
            try commit()
        }
        sentCaret = caret
    }

    private func commit() throws(WaylandError) {
        try textInput.commit()
        commits &+= 1
    }

    /// The seat is going away.
    func invalidate() {
        if hasMarkedText { handler?.unmarkText() }
        hasMarkedText = false
        handlerObject = nil
        window = nil
        textInput.destroy()
    }
}
