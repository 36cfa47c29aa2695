import Foundation
import QuartzCore

/// A layer that edits text: while it is its window's ``Window/focusedLayer``, typed
/// characters and an input method's compositions reach it (UIKit's `UIKeyInput` and the
/// marked-text part of `UITextInput`, at a small scale).
///
/// Typed keys arrive as ``insertText(_:)`` (the key's text) and ``deleteBackward()``
/// (BackSpace) when no `KeyEventHandling` layer from it up consumed the key event first.
/// Where the compositor offers `zwp_text_input_v3` (an input method such as an IME for
/// Chinese or Japanese, or an on-screen keyboard), the window enables text input while
/// such a layer has the focus, tells the input method where the insertion point is
/// (``caretRect``) so it can show its candidates beside it, and delivers its composition
/// as marked text (``setMarkedText(_:selectedRange:)``) and its result as
/// ``insertText(_:)``.
///
/// Its requirements are main-actor-isolated, not the protocol: a layer subclass that adopts
/// it in its declaration keeps its other members' isolation (its `layoutSublayers()` override
/// and stored properties stay nonisolated, as `CALayer`'s are).
public protocol TextInputHandling: AnyObject {
    /// Inserts `text` at the insertion point, replacing the marked text if there is any
    /// (and ending the composition).
    @MainActor func insertText(_ text: String)

    /// Deletes the character before the insertion point (or the selection).
    @MainActor func deleteBackward()

    /// Shows `markedText` — an input method's composition, not yet committed — in place of
    /// the current marked text (or at the insertion point when there is none).
    /// `selectedRange` is the input method's cursor (length 0) or selection within
    /// `markedText`, in UTF-16 units as `NSRange`; its location is `NSNotFound` when the
    /// input method hides its cursor. A nil or empty `markedText` removes the marked text
    /// (the composition was cancelled).
    @MainActor func setMarkedText(_ markedText: String?, selectedRange: NSRange)

    /// Ends the composition, keeping the marked text as ordinary text. Called when the
    /// layer loses the focus while it has marked text.
    @MainActor func unmarkText()

    /// The insertion point, in the layer's coordinates: input methods place their candidate
    /// windows beside it. Default: the layer's bounds.
    @MainActor var caretRect: CGRect { get }
}

extension TextInputHandling {
    /// The layer's bounds (zero for an adopter that is not a layer).
    @MainActor public var caretRect: CGRect { (self as? CALayer)?.bounds ?? .zero }
}
