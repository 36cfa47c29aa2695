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
}
