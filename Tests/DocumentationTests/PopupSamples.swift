import Foundation
import Lamina
import LaminaTesting
import XCTest

// The samples of the "Menus and popups" article. ArticleSampleTests checks that each
// ```swift block of the article appears here verbatim; PopupSampleTests runs the context
// menu in a window with Lamina's title bar on a scripted compositor.

/// A context menu: rows that light up under the pointer; a click on one chooses it.
@MainActor
final class ContextMenu {
    let popup: Popup
    var onChoose: ((String) -> Void)?
    private let rows: [CALayer]

    init(items: [String]) {
        popup = Popup(contentSize: CGSize(width: 180, height: CGFloat(items.count) * 28))
        rows = items.enumerated().map { index, item in
            let row = CATextLayer()
            row.name = item
            row.string = item
            row.fontSize = 14
            row.frame = CGRect(x: 0, y: CGFloat(index) * 28, width: 180, height: 28)
            return row
        }
        for row in rows { popup.rootLayer.addSublayer(row) }
        popup.onPointerEvent = { [unowned self] event in
            switch event.kind {
            case .entered, .moved:
                for row in rows { row.backgroundColor = row === event.layer ? .init(gray: 0.85, alpha: 1) : nil }
            case .released(button: 0x110):
                guard let name = event.layer?.name else { return }
                popup.close()                       // closing is the app's: onDismiss is not called
                onChoose?(name)
            default:
                break
            }
        }
    }
}

enum PopupSamples {
    @MainActor
    static func showOnRightClick(window: Window, menu: ContextMenu) {
        window.onPointerEvent = { event in
            guard case .pressed(button: 0x111) = event.kind else { return }   // the right button
            // `event.location` is in the root layer's superlayer space: the window's content,
            // below Lamina's title bar when it draws one. The root layer's frame starts at
            // that space's origin, so the same point names the same place in the root layer.
            let point = CGRect(origin: event.location, size: CGSize(width: 1, height: 1))
            try? window.showPopup(menu.popup, relativeTo: point, of: window.rootLayer, grabsInput: true)
        }
        menu.popup.onDismiss = { print("dismissed: a press elsewhere, or the compositor") }
    }

    @MainActor
    static func dropDown(window: Window, button: CALayer, menu: ContextMenu) throws {
        // Below the button, its left edges aligned, 4 points apart; flipped above it and slid
        // sideways by the compositor when there is no room below.
        menu.popup.placement = Popup.Placement(anchor: .bottomLeft, direction: .bottomRight, offset: CGPoint(x: 0, y: 4))
        try window.showPopup(menu.popup, relativeTo: button.bounds, of: button, grabsInput: true)
    }

    @MainActor
    static func anchorInAScrolledLayer(window: Window, list: CALayer, event: PointerEvent, menu: ContextMenu) throws {
        // A layer of its own coordinates (scrolled, moved, transformed): convert the event's
        // location from the root layer's superlayer, where it is given.
        let point = list.convert(event.location, from: window.rootLayer.superlayer)
        try window.showPopup(menu.popup, relativeTo: CGRect(origin: point, size: CGSize(width: 1, height: 1)), of: list)
    }

    @MainActor
    static func tooltip(window: Window, over layer: CALayer) throws -> Popup {
        let tip = Popup(contentSize: CGSize(width: 140, height: 24))
        tip.placement = Popup.Placement(anchor: .top, direction: .top, offset: CGPoint(x: 0, y: -6))
        try window.showPopup(tip, relativeTo: layer.bounds, of: layer)   // no grab: the pointer stays the window's
        return tip
    }
}

@MainActor
final class PopupSampleTests: XCTestCase {
    func testTheContextMenuOpensAtTheClickBelowLaminasTitleBarAndChoosesAnItem() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.decorationManager = .notOffered        // Lamina draws the title bar
        let compositor = try ScriptedCompositor(configuration)
        defer { compositor.stop() }
        let app = try Application(socket: compositor.socketPath)
        defer { app.close() }
        let window = try Window(application: app, title: "menu", preferredSize: CGSize(width: 400, height: 300))
        let drawn = await compositor.waitUntil { $0.frames.count >= 1 }
        XCTAssertTrue(drawn)
        XCTAssertEqual(window.contentOrigin, CGPoint(x: 0, y: 32), "the title bar is 32 points high")

        let menu = ContextMenu(items: ["Copy title", "Delete"])
        var chosen: [String] = []
        menu.onChoose = { chosen.append($0) }
        PopupSamples.showOnRightClick(window: window, menu: menu)
        compositor.pointerEnter(x: 60, y: 72)               // surface coordinates: content (60, 40)
        compositor.pointerButton(0x111, pressed: true)
        let shown = await compositor.waitUntil { state in
            state.popups.count == 1 && state.frames.contains { $0.surfaceID == state.popups[0].surfaceID }
        }
        XCTAssertTrue(shown)
        XCTAssertEqual(
            compositor.state.popups[0].positioner.anchorRect, ScriptedCompositor.Rect(x: 60, y: 72, width: 1, height: 1),
            "Lamina added the title bar's height")
        XCTAssertEqual(menu.popup.frame.origin, CGPoint(x: 60, y: 41), "content coordinates: below the 1×1 anchor, as the click was")

        compositor.pointerEnterPopup(x: 30, y: 10)          // the first row
        compositor.pointerButton(0x110, pressed: true)
        compositor.pointerButton(0x110, pressed: false)
        try await waitUntil { chosen == ["Copy title"] }
        XCTAssertFalse(menu.popup.isShown)
    }
}
