import Foundation
import Lamina
import LaminaTesting
import QuartzCore
import Wayland
import XCTest

/// A drag between two windows of one application on a real headless sway, driven by a virtual
/// pointer: pressed in the left window (which starts the drag with an icon), moved over the
/// right window's drop layer and released there; the layer receives the data and the source
/// hears the drop finished.
@MainActor
final class DragAndDropEndToEndTests: XCTestCase {
    func testADragFromOneWindowDropsItsTextOnALayerOfAnother() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let application = try Application(socket: sway.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            sway.stop()
        }
        var fatalErrors: [LaminaError] = []
        var inputErrors: [InputError] = []
        application.onFatalError = { fatalErrors.append($0) }
        application.onInputError = { inputErrors.append($0) }
        // Two windows alike: each drags its title from a press and takes dropped text. sway
        // tiles them side by side, each on half of the 1280×720 output, in an order of its own.
        let windows = try ["first", "second"].map { try Window(application: application, title: $0) }
        var wells: [TextWell] = []
        for window in windows {
            let well = TextWell()
            window.rootLayer.addSublayer(well)
            wells.append(well)
        }
        try await waitFor("both windows are tiled") {
            windows.allSatisfy { $0.rootLayer.bounds.width > 0 && $0.rootLayer.bounds.width < 700 }
        }
        for (window, well) in zip(windows, wells) { well.frame = window.rootLayer.bounds }
        CATransaction.flush()

        let icon = CALayer()
        icon.bounds = CGRect(x: 0, y: 0, width: 48, height: 32)
        icon.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        var session: DraggingSession?
        var dragErrors: [String] = []
        var sourceEvents: [DraggingSession.Event] = []
        for window in windows {
            window.onPointerEvent = { [unowned window] event in
                guard case .pressed = event.kind, session == nil else { return }
                do {
                    session = try window.beginDraggingSession(
                        items: [.string: Data("Dragged from \(window.title) ✓".utf8)], operations: [.copy, .move], icon: icon)
                    session?.onEvent = { sourceEvents.append($0) }
                } catch {
                    dragErrors.append("\(error)")
                }
            }
        }
        let pointer = try VirtualPointer(compositor: sway)
        let left = try await movePointer(pointer, toX: 300, y: 300, reachingOneOf: windows)
        let (source, target) = left === windows[0] ? (windows[0], wells[1]) : (windows[1], wells[0])
        try pointer.button(pressed: true)
        try await waitFor("the drag started") { session != nil || !dragErrors.isEmpty }
        XCTAssertEqual(dragErrors, [])
        // Motion in steps, as a hand would: the compositor follows the drag across windows.
        for x in stride(from: 400, through: 1000, by: 100) {
            try pointer.move(toX: x, y: 320)
        }
        try await waitFor("the drag entered the other window's layer") { target.calls.contains { $0.hasPrefix("entered") } }
        try pointer.button(pressed: false)
        try await waitFor("the layer received the text") { target.calls.contains { $0.hasPrefix("perform") } }
        try await waitFor("the source heard the drop finished") { session?.isOver ?? false }
        XCTAssertEqual(target.calls.last, "perform Dragged from \(source.title) ✓")
        XCTAssertTrue(sourceEvents.contains(.targetAccepted(.string)), "\(sourceEvents)")
        XCTAssertEqual(sourceEvents.suffix(2), [.dropPerformed, .finished(.copy)])
        XCTAssertEqual(inputErrors, [])
        XCTAssertEqual(fatalErrors, [])
    }
}

/// A layer that takes dropped text.
@MainActor
private final class TextWell: CALayer, DragDestinationHandling {
    var calls: [String] = []

    func draggingEntered(_ info: DraggingInfo) -> DragOperation {
        calls.append("entered \(info.types.map(\.rawValue))")
        return info.types.contains(.string) ? .copy : .none
    }

    func draggingExited(_ info: DraggingInfo) {
        calls.append("exited")
    }

    func performDragOperation(_ info: DraggingInfo) async -> Bool {
        guard let text = try? await info.string() else { return false }
        calls.append("perform \(text)")
        return true
    }
}
