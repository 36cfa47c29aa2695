import CoreGraphics
import Foundation
import LaminaTesting
import TestSupport
import XCTest

/// `examples/hit-testing` on a headless sway output at scale 2 and 1.5: the window's buffer
/// has the output's device pixels (not the window's points) and its edges are sharp.
final class ScaleEndToEndTests: XCTestCase {
    private let background = (31, 31, 36)

    /// Runs the example on `sway` until it shows its window at `points`, and returns it.
    private func launch(on sway: HeadlessCompositor, shownAt points: String) throws -> ExampleProcess {
        let example = try ExampleProcess(
            "hit-testing", arguments: ["--duration", "60"],
            environment: sway.environment.merging(["WAYLAND_DEBUG": "client"]) { $1 })
        let shown = example.wait(timeout: 20) { example.errors.contains { $0.hasPrefix("hit-testing: window shown at \(points)") } }
        XCTAssertTrue(shown, "the window was shown at \(points); stderr: \(example.errors.filter { $0.hasPrefix("hit-testing") }), compositor: \(sway.log.suffix(600))")
        return example
    }

    /// The sizes of the shm buffers the example created, in order (from its WAYLAND_DEBUG log;
    /// the first are for the preferred size, before the compositor's configure).
    private func bufferSizes(_ example: ExampleProcess) -> [String] {
        example.errors.compactMap { line -> String? in
            guard line.contains(".create_buffer(") else { return nil }
            // create_buffer(new id wl_buffer@N, offset, width, height, stride, format)
            let arguments = line.split(separator: "(", maxSplits: 1).last?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            return arguments.count >= 4 ? "\(arguments[2])x\(arguments[3])" : nil
        }
    }

    func testAtScaleTwoTheBufferHasTheOutputsPixelsAndEdgesAreSharp() throws {
        let sway = try HeadlessCompositor.start(.sway, scale: 2)
        defer { sway.stop() }
        let example = try launch(on: sway, shownAt: "640x360")
        defer { example.terminate() }
        XCTAssertTrue(example.errors.contains { $0.contains(".set_buffer_scale(2)") }, "the surface is told its buffers are at scale 2")
        XCTAssertEqual(bufferSizes(example).last, "1280x720", "a 640×360-point window has 1280×720-pixel buffers: \(bufferSizes(example))")
        let image = try sway.screenshot(savingTo: keptScreenshot("hit-testing-scale-2.png"))
        XCTAssertEqual(image.width, 1280)
        // Red spans points (100, 100)–(500, 400): device pixels from 200; green from point 300.
        assertColor(image, 199, 300, background, "left of red's left edge", tolerance: 1)
        assertColor(image, 200, 300, (255, 0, 0), "red's first device column")
        assertColor(image, 300, 199, background, "above red's top edge", tolerance: 1)
        assertColor(image, 300, 200, (255, 0, 0), "red's first device row")
        assertColor(image, 599, 600, (255, 0, 0), "red's last column left of green (at y = 300 points)")
        assertColor(image, 600, 600, (0, 255, 0), "green's first column")
    }

    func testAtScaleOneAndAHalfSwayGetsTwiceThePointsAndScalesThemDown() throws {
        let sway = try HeadlessCompositor.start(.sway, scale: 1.5)
        defer { sway.stop() }
        // 1280×720 pixels at 1.5 are 853×480 points; sway 1.7 offers clients the integer scale 2.
        let example = try launch(on: sway, shownAt: "853x480")
        defer { example.terminate() }
        XCTAssertTrue(example.errors.contains { $0.contains(".set_buffer_scale(2)") })
        XCTAssertEqual(bufferSizes(example).last, "1706x960", "buffers of 2 × 853×480 pixels: \(bufferSizes(example))")
        let image = try sway.screenshot(savingTo: keptScreenshot("hit-testing-scale-1.5.png"))
        XCTAssertEqual(image.width, 1280)
        // Point 100 is device pixel 150 at 1.5, point 250 pixel 375. sway draws the 2× buffer
        // scaled down by 0.75: an edge stays on its output pixel, with at most that one pixel
        // partly mixed (up to ~16% seen), never the two-pixel ramp of a 1× buffer scaled up.
        assertColor(image, 149, 300, background, "left of red's left edge", tolerance: 1)
        assertColor(image, 151, 300, (255, 0, 0), "red after its left edge")
        assertColor(image, 300, 149, background, "above red's top edge", tolerance: 1)
        assertColor(image, 300, 151, (255, 0, 0), "red below its top edge")
        assertColor(image, 500, 374, (255, 0, 0), "red above green's top edge")
        assertColor(image, 500, 376, (0, 255, 0), "green below its top edge")
        for (x, y, red) in [(150, 300, true), (300, 150, true), (500, 375, false)] {
            let pixel = try XCTUnwrap(image.pixel(x: x, y: y))
            let share = red ? Double(pixel.red) / 255 : Double(pixel.green) / 255
            XCTAssertGreaterThanOrEqual(share, 0.8, "the edge pixel (\(x), \(y)) is mostly the layer's colour: \(pixel)")
        }
    }

    /// Where a screenshot is kept: in `LAMINA_SCREENSHOT_DIRECTORY` when set, else nowhere.
    private func keptScreenshot(_ name: String) -> URL? {
        guard let directory = ProcessInfo.processInfo.environment["LAMINA_SCREENSHOT_DIRECTORY"], !directory.isEmpty else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent(name)
    }
}
