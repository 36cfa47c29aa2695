import CoreGraphics
import Foundation
import LaminaTesting
import TestSupport
import XCTest

/// `examples/window-demo`: with no display it embeds a headless sway and writes a screenshot;
/// on weston it runs paced by frame callbacks.
final class WindowDemoEndToEndTests: XCTestCase {
    func testWithoutADisplayItWritesAScreenshotOfTheWindow() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = nil
        let example = try ExampleProcess("window-demo", arguments: ["--screenshot", output.path], environment: env)
        XCTAssertTrue(example.waitForExit(timeout: 60), "stderr: \(example.errors)")
        XCTAssertEqual(example.exitStatus, 0, "stderr: \(example.errors)")
        XCTAssertEqual(example.output, ["window-demo: screenshot of the window written to \(output.path)"])
        let image = try CGImage(contentsOfPNGFile: output)
        XCTAssertEqual(image.width, 1280)
        // Colour components are 8-bit after cairo's conversion: allow ±1 for its rounding.
        assertColor(image, 100, 140, (245, 107, 92), "the coral card", tolerance: 1)
        assertColor(image, 20, 20, (23, 26, 33), "the background", tolerance: 1)
        assertColor(image, 640, 500, (209, 210, 215), "the 85% overlay over the background: 0.95·0.85 + 0.09·0.15 = 0.821 → 209", tolerance: 1)
        // The frosted panel blurs the coral card's bottom edge (y = 450) behind it: unblurred,
        // its 20% white gives red 247 over the coral just above the edge and 64 over the
        // shadowed background just below it.
        let aboveEdge = try XCTUnwrap(image.pixel(x: 130, y: 446)), belowEdge = try XCTUnwrap(image.pixel(x: 130, y: 455))
        XCTAssertLessThan(aboveEdge.red, 200, "the card's edge is blurred into the dark background: \(aboveEdge)")
        XCTAssertGreaterThan(belowEdge.red, 100, "the background below the edge is blurred with coral: \(belowEdge)")
    }

    func testRunsOnWestonUntilItsDuration() throws {
        let weston = try HeadlessCompositor.start(.weston)
        defer { weston.stop() }
        let example = try ExampleProcess(
            "window-demo", arguments: ["--duration", "2"],
            environment: weston.environment.merging(["WAYLAND_DEBUG": "client"]) { $1 })
        XCTAssertTrue(example.waitForExit(timeout: 30))
        XCTAssertEqual(example.exitStatus, 0, "\(example.errors.suffix(5))")
        XCTAssertTrue(example.errors.contains { $0.contains("wl_callback@") && $0.contains(".done(") }, "frame callbacks arrived")
        XCTAssertTrue(example.errors.contains { $0.contains("wp_presentation_feedback@") && $0.contains(".presented(") }, "presentation feedback arrived")
    }

    func testResizedOnSwayItLaysItsSceneOutAgain() throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let example = try ExampleProcess(
            "window-demo", arguments: ["--report-sizes", "--duration", "60"], environment: sway.environment)
        defer { example.terminate() }
        XCTAssertTrue(
            example.wait(timeout: 30) { example.output.contains("window-demo: shown at 1280x720") },
            "shown at the output's size; stdout \(example.output), stderr \(example.errors.suffix(5))")
        let before = try sway.screenshot(savingTo: keptScreenshot("window-demo-1280x720.png"))
        assertColor(before, 100, 140, (245, 107, 92), "the coral card", tolerance: 1)
        assertColor(before, 850, 140, (41, 179, 168), "the teal card, third of four at 1280 wide", tolerance: 1)
        try sway.run("swaymsg", package: "sway", ["output", "HEADLESS-1", "resolution", "960x540"])
        XCTAssertTrue(
            example.wait(timeout: 30) { example.output.contains("window-demo: shown at 960x540") },
            "shown at the new size; stdout \(example.output), stderr \(example.errors.suffix(5))")
        let after = try sway.screenshot(savingTo: keptScreenshot("window-demo-960x540.png"))
        XCTAssertEqual(after.width, 960)
        XCTAssertEqual(after.height, 540)
        // Cards re-laid out by the layout manager: (960 − 160 − 3·40) / 4 = 170 wide,
        // at x = 80, 290, 500, 710, 150 high (540 − 390) from y = 120.
        assertColor(after, 100, 140, (245, 107, 92), "the coral card", tolerance: 1)
        assertColor(after, 270, 140, (23, 26, 33), "the gap between the first two cards (their soft shadows darken it a little)", tolerance: 3)
        assertColor(after, 300, 140, (250, 191, 64), "the amber card", tolerance: 1)
        assertColor(after, 850, 140, (135, 102, 230), "the violet card, where the teal one was before", tolerance: 1)
        // The overlay keeps its side margins (240) and its distance from the bottom (180):
        // 480 wide from y = 200 to 360, over the background below the cards (y > 270).
        assertColor(after, 480, 330, (209, 210, 215), "the overlay over the background", tolerance: 1)
        assertColor(after, 230, 330, (23, 26, 33), "left of the overlay", tolerance: 1)
        assertColor(after, 730, 330, (23, 26, 33), "right of the overlay", tolerance: 1)
    }

    /// Where a screenshot is kept: in `LAMINA_SCREENSHOT_DIRECTORY` when set, else nowhere.
    private func keptScreenshot(_ name: String) -> URL? {
        guard let directory = ProcessInfo.processInfo.environment["LAMINA_SCREENSHOT_DIRECTORY"], !directory.isEmpty else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent(name)
    }
}
