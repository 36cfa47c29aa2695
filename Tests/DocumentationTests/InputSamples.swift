import Foundation
import Lamina

// The samples of the "Hit-testing and input" article. ArticleSampleTests checks that each
// ```swift block of the article appears here verbatim; the window-bound ones are compiled,
// not run (InputSampleTests runs the button layer in a window on a scripted compositor).

/// A layer that acts as a button: it handles its own pointer events and shows a hand.
final class ButtonLayer: CALayer, PointerEventHandling, CursorProviding {
    var onPress: (() -> Void)?
    var cursor: Cursor? { .pointingHand }

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        switch event.kind {
        case .hoverEntered: opacity = 0.8
        case .hoverExited: opacity = 1
        case .released(button: 0x110): onPress?()   // BTN_LEFT
        case .pressed: break                        // consumed: the press captures the pointer
        default: return false                       // bubbles to the superlayer
        }
        return true
    }
}

/// A layer that collects the text typed while it has the keyboard focus.
final class FieldLayer: CALayer, KeyEventHandling {
    var text = ""

    func handleKeyEvent(_ event: KeyEvent) -> Bool {
        guard event.kind != .released else { return false }
        switch event.keysymName {
        case "BackSpace": if !text.isEmpty { text.removeLast() }
        case "Return", "Tab", "Escape": return false
        default:
            guard let typed = event.text else { return false }
            text += typed
        }
        return true
    }
}

enum InputSamples {
    @MainActor
    static func windowHandler(window: Window) {
        window.onPointerEvent = { event in
            switch event.kind {
            case .pressed(button: _):
                print("pressed \(event.layer?.name ?? "nothing") at \(event.location)")
            case .scrolled(let vertical, _):
                print("scrolled \(vertical)")
            default:
                break
            }
        }
    }

    @MainActor
    static func hitTesting(window: Window) {
        let point = CGPoint(x: 120, y: 80)
        let drawn = window.layer(at: point)                            // what is on screen there
        let model = window.rootLayer.hitTest(point)                    // the model tree's answer
        let shown = window.rootLayer.presentation()?.hitTest(point)    // a presentation layer
        print(drawn?.name ?? "-", model?.name ?? "-", shown?.model().name ?? "-")
    }

    @MainActor
    static func focus(window: Window) {
        let field = FieldLayer()
        field.frame = CGRect(x: 20, y: 20, width: 240, height: 32)
        window.rootLayer.addSublayer(field)
        window.focusedLayer = field
        window.onKeyEvent = { event in
            if event.kind == .pressed, event.keysymName == "Escape" { window.close() }
        }
    }
}
