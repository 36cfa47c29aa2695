import Foundation
import Lamina
import LaminaTesting
import XCTest

// The samples of the "Copy, paste and drag" article. ArticleSampleTests checks that each
// ```swift block of the article appears here verbatim; ClipboardSampleTests runs them in a
// window on a scripted compositor.

enum ClipboardSamples {
    @MainActor
    static func copyAndPaste(app: Application, window: Window, title: CATextLayer) {
        window.onKeyEvent = { event in
            guard event.kind == .pressed, event.modifiers.contains(.control) else { return }
            switch event.keysymName {
            case "c":
                // While handling the user's key or click: the compositor asks for its serial.
                try? app.pasteboard.setString(title.string as? String ?? "")
            case "v":
                // Another application's data comes through a pipe: read it asynchronously.
                Task { @MainActor in
                    if let text = try? await app.pasteboard.string() { title.string = text }
                }
            default:
                break
            }
        }
    }

    @MainActor
    static func copyTypes(app: Application, png: Data) throws {
        // Several types at once: the reader picks the one it understands.
        try app.pasteboard.setData([.png: png, .string: Data("thumbnail.png".utf8)])
        app.pasteboard.onChange = { print("the clipboard now holds \(app.pasteboard.types)") }
    }

    @MainActor
    static func dragARow(window: Window, row: CALayer, title: String) {
        window.onPointerEvent = { event in
            guard case .pressed(button: 0x110) = event.kind, event.layer === row else { return }
            let icon = CALayer()
            icon.bounds = CGRect(x: 0, y: 0, width: 120, height: 24)
            icon.backgroundColor = CGColor(gray: 0.9, alpha: 0.9)
            let session = try? window.beginDraggingSession(items: [.string: Data(title.utf8)], operations: .copy, icon: icon)
            session?.onEvent = { event in
                if case .finished(let operation) = event { print("dropped: \(operation)") }
            }
        }
    }
}

/// A layer that takes dropped text, as AppKit's `NSDraggingDestination` does.
final class DropWell: CALayer, DragDestinationHandling {
    var dropped: [String] = []

    func draggingEntered(_ info: DraggingInfo) -> DragOperation {
        info.types.contains(.string) ? .copy : .none
    }

    func performDragOperation(_ info: DraggingInfo) async -> Bool {
        guard let text = try? await info.string() else { return false }
        dropped.append(text)
        return true
    }
}

@MainActor
final class ClipboardSampleTests: XCTestCase {
    func testControlCCopiesControlVPastesAndADropIsRead() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersKeyboard = true
        configuration.keymap = .layout("us")
        let compositor = try ScriptedCompositor(configuration)
        defer { compositor.stop() }
        let app = try Application(socket: compositor.socketPath)
        defer { app.close() }
        let window = try Window(application: app, title: "clipboard", preferredSize: CGSize(width: 300, height: 200))
        let title = CATextLayer()
        title.string = "Blue in Green"
        window.rootLayer.addSublayer(title)
        let well = DropWell()
        well.frame = CGRect(x: 0, y: 100, width: 300, height: 100)
        window.rootLayer.addSublayer(well)
        ClipboardSamples.copyAndPaste(app: app, window: window, title: title)
        _ = app.pasteboard
        let ready = await compositor.waitUntil { $0.frames.count >= 1 && $0.requests.contains("wl_data_device_manager.get_data_device") }
        XCTAssertTrue(ready)
        _ = await compositor.roundtrip()                    // the window has its keyboard

        compositor.keyboardEnter()
        compositor.keyModifiers(depressed: ScriptedCompositor.ModifierMask.control)
        compositor.key(46, pressed: true)                  // c
        compositor.key(46, pressed: false)
        let set = await compositor.waitUntil { !$0.selections.isEmpty }
        XCTAssertTrue(set)
        let copied = await compositor.selectionData(mimeType: "text/plain;charset=utf-8")
        XCTAssertEqual(copied, Array("Blue in Green".utf8))
        XCTAssertNotEqual(compositor.state.selections.last?.serial, 0, "the key press's serial")

        compositor.setSelection([("text/plain;charset=utf-8", Array("So What".utf8))])
        compositor.key(47, pressed: true)                  // v
        compositor.key(47, pressed: false)
        try await waitUntil { title.string as? String == "So What" }

        compositor.dragEnter([("text/plain;charset=utf-8", Array("Flamenco Sketches".utf8))], sourceActions: 1, x: 50, y: 150)
        let accepted = await compositor.waitUntil { $0.dragAndDrop.contains { $0.hasPrefix("set_actions") } }
        XCTAssertTrue(accepted)
        compositor.dragDrop()
        try await waitUntil { well.dropped == ["Flamenco Sketches"] }
    }
}
