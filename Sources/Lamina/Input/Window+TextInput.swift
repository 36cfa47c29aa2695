import Foundation
import QuartzCore
internal import Wayland

// Text editing in a window: the focused layer that adopts TextInputHandling, typed text,
// and where its insertion point is for an input method.
extension Window {
    /// The focused layer, when it edits text.
    var textInputHandler: TextInputHandling? {
        isClosed ? nil : focusedLayer as? TextInputHandling
    }

    /// The insertion point of `handler` (a layer of this window) in surface coordinates,
    /// rounded out to whole points; nil when it is not a layer of the window or not finite.
    func caretRectangle(of handler: TextInputHandling) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
        guard let layer = handler as? CALayer else { return nil }
        let rect = layer.convert(handler.caretRect, to: rootLayer.superlayer)
        let origin = frame.contentOrigin
        let surface = rect.offsetBy(dx: origin.x, dy: origin.y).standardized
        guard surface.origin.x.isFinite, surface.origin.y.isFinite, surface.width.isFinite, surface.height.isFinite else {
            return nil
        }
        let limit = CGFloat(Int32.max / 2)
        func clamp(_ value: CGFloat) -> Int32 { Int32(min(max(value, -limit), limit)) }
        let minX = surface.minX.rounded(.down), minY = surface.minY.rounded(.down)
        return (clamp(minX), clamp(minY), clamp(surface.maxX.rounded(.up) - minX), clamp(surface.maxY.rounded(.up) - minY))
    }

    /// A typed key that no `KeyEventHandling` layer consumed: its text, or BackSpace, goes
    /// to the focused layer when it edits text. Keys with Control, Alt or the logo key held
    /// are shortcuts, not text.
    func deliverTypedText(_ event: KeyEvent) {
        guard event.kind != .released, let handler = textInputHandler,
            event.modifiers.isDisjoint(with: [.control, .alternate, .logo])
        else { return }
        if event.keysymName == "BackSpace" {
            handler.deleteBackward()
        } else if let text = event.text, !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            handler.insertText(text)
        }
    }

    /// The focused layer changed: the seats' input methods follow it.
    func textInputFocusDidChange() {
        application.textInputFocusDidChange(in: self)
    }
}
