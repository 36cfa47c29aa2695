import Foundation
import Lamina

/// The demo's context menu: a right click in the window opens a `Popup` at the pointer, with
/// items that light up under the pointer and act on a click. It grabs the input (a press
/// elsewhere dismisses it). What happens is printed on standard output, for the tests:
/// `window-demo: context menu placed at X,Y WxH`, `window-demo: menu item NAME hovered`,
/// `window-demo: menu item NAME chosen`,
/// `window-demo: context menu dismissed`.
@MainActor
final class DemoContextMenu {
    /// One item: its name (printed), its label and what it does.
    struct Item {
        var name: String
        var label: String
        var action: @MainActor () -> Void
    }

    static let itemHeight: CGFloat = 32
    static let width: CGFloat = 220
    static let background = CGColor(red: 0.98, green: 0.98, blue: 0.99, alpha: 1)
    static let highlight = CGColor(red: 0.16, green: 0.45, blue: 0.85, alpha: 1)

    private let popup: Popup

    /// Opens the menu on right clicks in `window`'s content (after any handler the window
    /// already had).
    init(window: Window, items: [Item]) {
        popup = Popup(contentSize: CGSize(width: Self.width, height: Self.itemHeight * CGFloat(items.count) + 8))
        popup.backgroundColor = Self.background
        popup.rootLayer.borderWidth = 1
        popup.rootLayer.borderColor = CGColor(red: 0.75, green: 0.76, blue: 0.8, alpha: 1)
        for (index, item) in items.enumerated() {
            let layer = MenuItemLayer()
            layer.configure(item) { [popup] chosen in
                popup.close()
                Self.print("menu item \(chosen.name) chosen")
                chosen.action()
            }
            layer.frame = CGRect(x: 4, y: 4 + CGFloat(index) * Self.itemHeight, width: Self.width - 8, height: Self.itemHeight)
            popup.rootLayer.addSublayer(layer)
        }
        popup.onPlaced = { frame in
            Self.print("context menu placed at \(Int(frame.minX)),\(Int(frame.minY)) \(Int(frame.width))x\(Int(frame.height))")
        }
        popup.onDismiss = { Self.print("context menu dismissed") }
        let previous = window.onPointerEvent
        window.onPointerEvent = { [popup] event in
            previous?(event)
            guard case .pressed(0x111) = event.kind, !popup.isShown else { return }  // BTN_RIGHT
            do {
                try window.showPopup(
                    popup, relativeTo: CGRect(origin: event.location, size: .zero), of: window.rootLayer, grabsInput: true)
            } catch {
                FileHandle.standardError.write(Data("window-demo: cannot open the context menu: \(error)\n".utf8))
            }
        }
    }

    private static func report(_ error: any Error) {
        FileHandle.standardError.write(Data("window-demo: \(error)\n".utf8))
    }

    fileprivate static func print(_ line: String) {
        FileHandle.standardOutput.write(Data("window-demo: \(line)\n".utf8))
    }
}

/// A menu item: a label that lights up while the pointer is over it, chosen by a click.
@MainActor
private final class MenuItemLayer: CALayer, PointerEventHandling {
    static let textColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    private var item: DemoContextMenu.Item?
    private var choose: ((DemoContextMenu.Item) -> Void)?
    private let label = CATextLayer()

    /// Shows `item`'s label; `choose` runs when it is clicked.
    func configure(_ item: DemoContextMenu.Item, choose: @escaping (DemoContextMenu.Item) -> Void) {
        self.item = item
        self.choose = choose
        cornerRadius = 4
        label.string = item.label
        label.fontSize = 15
        label.foregroundColor = Self.textColor
        label.frame = CGRect(x: 12, y: 7, width: DemoContextMenu.width - 32, height: 20)
        addSublayer(label)
    }

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        switch event.kind {
        case .hoverEntered:
            backgroundColor = DemoContextMenu.highlight
            label.foregroundColor = .white
            if let item { DemoContextMenu.print("menu item \(item.name) hovered") }
        case .hoverExited:
            backgroundColor = nil
            label.foregroundColor = Self.textColor
        case .released(0x110):  // BTN_LEFT
            if let item { choose?(item) }
        default:
            return false
        }
        return true
    }
}

extension DemoContextMenu {
    /// The demo's items: spin the title once, copy the title to the clipboard, paste the
    /// clipboard's text as the title (printing `window-demo: title pasted: TEXT`), close the
    /// window.
    static func items(for window: Window, application: Application, close: @escaping @MainActor () -> Void) -> [Item] {
        let title = window.rootLayer.sublayers?.first { $0.name == "title" } as? CATextLayer
        return [
            Item(name: "spin", label: "Spin the title") {
                guard let title = window.rootLayer.sublayers?.first(where: { $0.name == "title" }) else { return }
                let spin = CABasicAnimation(keyPath: "transform.rotation.x")
                spin.fromValue = 0
                spin.toValue = 2 * CGFloat.pi
                spin.duration = 0.8
                title.add(spin, forKey: "spin")
            },
            Item(name: "copy", label: "Copy the title") {
                guard let text = title?.string as? String else { return }
                do { try application.pasteboard.setString(text) } catch { report(error) }
            },
            Item(name: "paste", label: "Paste as the title") {
                Task { @MainActor in
                    do {
                        guard let text = try await application.pasteboard.string() else {
                            return print("the clipboard holds no text")
                        }
                        title?.string = text
                        print("title pasted: \(text)")
                    } catch {
                        report(error)
                    }
                }
            },
            Item(name: "close", label: "Close the window", action: close),
        ]
    }
}
