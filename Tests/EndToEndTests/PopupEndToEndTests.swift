import CoreGraphics
import Foundation
import LaminaTesting
import TestSupport
import XCTest

/// `examples/window-demo`'s context menu on a real headless sway: a right click opens an
/// `xdg_popup` at the pointer, grabbing with the press's serial; its items light up under the
/// pointer and act on a click; a press elsewhere in the window dismisses it.
final class PopupEndToEndTests: XCTestCase {
    private static let rightButton: UInt32 = 0x111
    /// The menu's colours (`DemoContextMenu`): 0.98, 0.98, 0.99 → 250, 250, 252; the
    /// highlight 0.16, 0.45, 0.85 → 41, 115, 217 (cairo rounds: ±1).
    private static let menuBackground = (250, 250, 252)
    private static let highlight = (41, 115, 217)

    func testTheDemosContextMenuOpensAtTheRightClickGrabsAndIsChosenOrDismissed() throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let example = try ExampleProcess(
            "window-demo", arguments: ["--report-sizes", "--duration", "60"],
            environment: sway.environment.merging(["WAYLAND_DEBUG": "client"]) { $1 })
        defer { example.terminate() }
        XCTAssertTrue(
            example.wait(timeout: 30) { example.output.contains("window-demo: shown at 1280x720") },
            "stdout \(example.output), stderr \(example.errors.suffix(5))")
        let pointer = try VirtualPointer(compositor: sway)
        let before = try sway.screenshot()
        XCTAssertFalse(Self.matches(before, 500, 440, Self.menuBackground), "no menu there before the click")

        // A right click at (300, 400): the menu (220 wide, four 32-point items and 4-point
        // margins: 136 high) drops down from the 1×1 rectangle at the pointer.
        try pointer.move(toX: 300, y: 400)
        try pointer.button(Self.rightButton, pressed: true)
        try pointer.button(Self.rightButton, pressed: false)
        XCTAssertTrue(
            example.wait(timeout: 10) { example.output.contains("window-demo: context menu placed at 300,401 220x136") },
            "stdout \(example.output), stderr \(example.errors.suffix(5))")
        let menu = try screenshot(of: sway, until: { image in Self.matches(image, 500, 440, Self.menuBackground) })
        assertColor(menu, 500, 440, Self.menuBackground, "inside the menu", tolerance: 1)
        XCTAssertEqual(menu.pixel(x: 500, y: 390), before.pixel(x: 500, y: 390), "above the menu, the window as it was")

        // The grab carried the serial of the right button's press.
        let errors = example.errors
        let press = errors.first { $0.contains("wl_pointer@") && $0.contains(".button(") && $0.contains(", 273, 1)") }
        let grab = errors.first { $0.contains("-> xdg_popup@") && $0.contains(".grab(") }
        let pressSerial = press.flatMap { Self.firstArgument(of: "button", in: $0) }
        XCTAssertNotNil(pressSerial, "the press was logged: \(press ?? "none")")
        XCTAssertEqual(grab.flatMap { Self.argument(1, of: "grab", in: $0) }, pressSerial, "grab: \(grab ?? "none")")
        XCTAssertTrue(errors.contains { $0.contains("-> xdg_positioner@") && $0.contains(".set_anchor_rect(300, 400, 1, 1)") })

        // Over the first item it lights up; a click chooses it and closes the menu.
        try pointer.move(toX: 350, y: 421)
        let hovered = try screenshot(of: sway, until: { image in Self.matches(image, 500, 421, Self.highlight) })
        assertColor(hovered, 500, 421, Self.highlight, "the first item under the pointer", tolerance: 1)
        assertColor(hovered, 500, 455, Self.menuBackground, "the second item", tolerance: 1)
        try pointer.button(pressed: true)
        try pointer.button(pressed: false)
        XCTAssertTrue(
            example.wait(timeout: 10) { example.output.contains("window-demo: menu item spin chosen") },
            "stdout \(example.output)")
        XCTAssertTrue(example.wait(timeout: 10) { example.errors.contains { $0.contains("-> xdg_popup@") && $0.contains(".destroy()") } })

        // Opened again, a press in the window outside it dismisses it.
        try pointer.move(toX: 700, y: 300)
        try pointer.button(Self.rightButton, pressed: true)
        try pointer.button(Self.rightButton, pressed: false)
        XCTAssertTrue(example.wait(timeout: 10) { example.output.contains("window-demo: context menu placed at 700,301 220x136") })
        try pointer.move(toX: 1000, y: 650)
        try pointer.button(pressed: true)
        try pointer.button(pressed: false)
        XCTAssertTrue(
            example.wait(timeout: 10) { example.output.contains("window-demo: context menu dismissed") },
            "stdout \(example.output)")
        XCTAssertTrue(example.isRunning, "stderr \(example.errors.suffix(5))")
    }

    /// Screenshots until `condition` holds for one (the popup's frame reaches the screen a
    /// little after it was placed), at most 5 s; returns the last.
    private func screenshot(of sway: HeadlessCompositor, until condition: (CGImage) -> Bool) throws -> CGImage {
        let deadline = Date().addingTimeInterval(5)
        var image = try sway.screenshot()
        while !condition(image), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            image = try sway.screenshot()
        }
        return image
    }

    private static func matches(_ image: CGImage, _ x: Int, _ y: Int, _ color: (Int, Int, Int)) -> Bool {
        guard let pixel = image.pixel(x: x, y: y) else { return false }
        return abs(Int(pixel.red) - color.0) <= 1 && abs(Int(pixel.green) - color.1) <= 1 && abs(Int(pixel.blue) - color.2) <= 1
    }

    /// The `index`th argument of a logged `request(…)` or `event(…)` call, as an integer.
    private static func argument(_ index: Int, of name: String, in line: String) -> UInt32? {
        guard let open = line.range(of: ".\(name)(") else { return nil }
        let arguments = line[open.upperBound...].prefix { $0 != ")" }.split(separator: ",")
        guard index < arguments.count else { return nil }
        return UInt32(arguments[index].trimmingCharacters(in: .whitespaces))
    }

    private static func firstArgument(of name: String, in line: String) -> UInt32? { argument(0, of: name, in: line) }
}
