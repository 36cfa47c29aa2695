import Foundation
import LaminaTesting
import XCTest

/// The clipboard between `examples/window-demo` and wl-clipboard on a real headless sway: the
/// demo's context menu copies its title (read back by `wl-paste`) and pastes what `wl-copy`
/// put there as its title.
final class ClipboardEndToEndTests: XCTestCase {
    private static let rightButton: UInt32 = 0x111

    func testTheDemoCopiesItsTitleToWlPasteAndPastesWhatWlCopySet() throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let example = try ExampleProcess(
            "window-demo", arguments: ["--report-sizes", "--duration", "60"], environment: sway.environment)
        defer { example.terminate() }
        XCTAssertTrue(
            example.wait(timeout: 30) { example.output.contains("window-demo: shown at 1280x720") },
            "stdout \(example.output), stderr \(example.errors.suffix(5))")
        let pointer = try VirtualPointer(compositor: sway)

        // The menu opens at (300, 401); its items are 32 points high from y = 405: "Copy the
        // title" is the second (centre y = 453), "Paste as the title" the third (485).
        try choose(item: "copy", at: 453, pointer: pointer, example: example)
        let pasted = try sway.run("wl-paste", package: "wl-clipboard", ["--no-newline"])
        XCTAssertEqual(pasted, "Lamina — Core Animation on Wayland")

        let wlCopy = try copy("Pasted from wl-copy ✓", with: sway)
        defer { wlCopy.terminate() }
        // wl-copy's selection reaches the demo with a wl_data_device.selection event; the
        // paste reads whatever the clipboard holds when it is chosen, so wait for wl-copy to
        // serve first: wl-paste sees its text then.
        XCTAssertTrue(waitForClipboard("Pasted from wl-copy ✓", sway: sway), "wl-copy set the clipboard")
        try choose(item: "paste", at: 485, pointer: pointer, example: example)
        XCTAssertTrue(
            example.wait(timeout: 10) { example.output.contains("window-demo: title pasted: Pasted from wl-copy ✓") },
            "stdout \(example.output), stderr \(example.errors.suffix(5))")
    }

    /// Polls `wl-paste` until the clipboard holds `text` (at most 10 s).
    private func waitForClipboard(_ text: String, sway: HeadlessCompositor) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? sway.run("wl-paste", package: "wl-clipboard", ["--no-newline"])) == text { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// Opens the demo's context menu at (300, 400) and clicks the item whose centre is at `y`.
    private func choose(item: String, at y: Int, pointer: VirtualPointer, example: ExampleProcess) throws {
        let placed = example.output.filter { $0.hasPrefix("window-demo: context menu placed") }.count
        try pointer.move(toX: 300, y: 400)
        try pointer.button(Self.rightButton, pressed: true)
        try pointer.button(Self.rightButton, pressed: false)
        XCTAssertTrue(
            example.wait(timeout: 10) { example.output.filter { $0.hasPrefix("window-demo: context menu placed") }.count > placed },
            "stdout \(example.output)")
        // The menu is placed before it is on screen: move over the item until the demo says the
        // pointer is on it (a motion before the popup is mapped reaches the window instead).
        let hovered = "window-demo: menu item \(item) hovered"
        var nudge = 0
        let onItem = example.wait(timeout: 10) {
            if example.output.contains(hovered) { return true }
            // Every 200 ms, one pixel to the side and back.
            if nudge % 10 == 0 { try? pointer.move(toX: 360 + (nudge / 10) % 2, y: y) }
            nudge += 1
            return false
        }
        XCTAssertTrue(onItem, "the pointer reached the \(item) item; stdout \(example.output)")
        try pointer.button(pressed: true)
        try pointer.button(pressed: false)
        XCTAssertTrue(
            example.wait(timeout: 10) { example.output.contains("window-demo: menu item \(item) chosen") },
            "stdout \(example.output), stderr \(example.errors.suffix(60).joined(separator: "\n"))")
    }

    /// Puts `text` on the clipboard with `wl-copy --foreground`, which serves it until another
    /// copy replaces it; returns the process (terminate it at the end).
    private func copy(_ text: String, with sway: HeadlessCompositor) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wl-copy")
        process.arguments = ["--foreground", text]
        process.environment = sway.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
