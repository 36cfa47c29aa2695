import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// The primary selection between a window of the test's process and wl-clipboard on a real
/// headless sway: text the app selects is what `wl-paste --primary` prints, and a middle click
/// in the window reads what `wl-copy --primary` selected.
@MainActor
final class PrimarySelectionEndToEndTests: XCTestCase {
    private static let middleButton: UInt32 = 0x112

    func testSelectedTextReachesWlPasteAndAMiddleClickReadsWlCopysSelection() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let application = try Application(socket: sway.socketPath)
        var wlCopy: Process?
        addTeardownBlock { @MainActor in
            wlCopy?.terminate()
            application.close()
            sway.stop()
        }
        var fatalErrors: [LaminaError] = []
        application.onFatalError = { fatalErrors.append($0) }
        let window = try Window(application: application, title: "primary")
        let primary = application.primarySelection
        var selectErrors: [String] = []
        var pasted: [String] = []
        window.onPointerEvent = { event in
            guard case .pressed(let button) = event.kind else { return }
            if button == VirtualPointer.leftButton {
                // A click "selects" the window's text.
                do { try primary.setString("Selected in Lamina ✓") } catch { selectErrors.append("\(error)") }
            } else if button == Self.middleButton {
                Task { @MainActor in
                    if let text = try await primary.string() { pasted.append(text) }
                }
            }
        }
        try await waitFor("the window is shown") { window.rootLayer.bounds.width > 0 }
        let pointer = try VirtualPointer(compositor: sway)
        try await movePointer(pointer, toX: 300, y: 300, reachingOneOf: [window])
        try pointer.button(pressed: true)
        try pointer.button(pressed: false)
        try await waitFor("the click set the primary selection") { primary.types.contains(.string) }
        XCTAssertEqual(selectErrors, [])
        // wl-paste's request is answered by this process's main thread: run it elsewhere.
        let printed = try await Task.detached {
            try sway.run("wl-paste", package: "wl-clipboard", ["--primary", "--no-newline"])
        }.value
        XCTAssertEqual(printed, "Selected in Lamina ✓")

        let changes = primary.changeCount
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wl-copy")
        process.arguments = ["--primary", "--foreground", "Selected in wl-copy"]
        process.environment = sway.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        wlCopy = process
        try await waitFor("wl-copy's selection reached the window") { primary.changeCount > changes && !primary.types.isEmpty }
        try pointer.button(Self.middleButton, pressed: true)
        try pointer.button(Self.middleButton, pressed: false)
        try await waitFor("the middle click pasted") { !pasted.isEmpty }
        XCTAssertEqual(pasted, ["Selected in wl-copy"])
        XCTAssertEqual(fatalErrors, [])
    }
}
