import CoreGraphics
import Foundation
import LaminaTesting
import TestSupport
import XCTest

/// `examples/window-demo` on real compositors: sway draws the decorations (the window asks
/// for them through xdg-decoration and draws none); weston offers no xdg-decoration, and
/// Lamina's title bar shows above the demo's scene.
final class DecorationsEndToEndTests: XCTestCase {
    /// The title bar's colour while the window is not active (dimmed): headless weston has no
    /// seat, so no window there is ever activated.
    private let titleBar = (red: 246, green: 246, blue: 246)
    /// The demo scene's background.
    private let sceneBackground = (red: 23, green: 26, blue: 33)

    func testOnWestonTheWindowShowsLaminasTitleBarAboveTheScene() throws {
        let weston = try HeadlessCompositor.start(.weston, width: 1600, height: 900, screenshots: true)
        defer { weston.stop() }
        let example = try ExampleProcess(
            "window-demo", arguments: ["--report-sizes", "--duration", "60"], environment: weston.environment)
        defer { example.terminate() }
        XCTAssertTrue(
            example.wait(timeout: 30) { example.output.contains("window-demo: shown at 1280x752") },
            "the preferred 1280×720 scene plus a 32-point title bar; stdout \(example.output), stderr \(example.errors.suffix(5))")
        let image = try weston.screenshot(savingTo: keptScreenshot("decorations-weston.png"))
        // weston places the window where it likes: find the title bar's top-left corner, the
        // first pixel of the first row with a long run of its colour.
        let corner = try XCTUnwrap(firstRun(of: titleBar, length: 300, in: image), "a title bar in the screenshot")
        let (x, y) = corner
        for row in [0, 16, 31] {
            assertColor(image, x + 2, y + row, titleBar, "the title bar's row \(row)", tolerance: 1)
        }
        assertColor(image, x + 1279, y + 16, titleBar, "the title bar spans the window's 1280 points", tolerance: 1)
        assertColor(image, x + 20, y + 32 + 20, sceneBackground, "the scene starts below the title bar", tolerance: 1)
        assertColor(image, x + 100, y + 32 + 140, (245, 107, 92), "the coral card at its own (100, 140)", tolerance: 1)
        let titleArea = (y + 9)..<(y + 23)
        let inked = titleArea.contains { row in
            ((x + 560)..<(x + 720)).contains { column in
                guard let pixel = image.pixel(x: column, y: row) else { return false }
                return Int(pixel.red) < 200
            }
        }
        XCTAssertTrue(inked, "the title is written in the middle of the title bar")
        let close = (x: x + 1280 - 8 - 12, y: y + 16)
        let glyph = (-4...4).contains { offset in
            image.pixel(x: close.x + offset, y: close.y + offset).map { Int($0.red) < 200 } ?? false
        }
        XCTAssertTrue(glyph, "the close button's × is drawn")
    }

    func testOnSwayTheWindowAsksForServerSideDecorationsAndDrawsNone() throws {
        let image = try demoOnSway(
            extraArguments: [], askedMode: 2, screenshot: "decorations-sway.png", "server_side asked for")
        for row in [0, 16, 31] {
            assertColor(image, 20, row, sceneBackground, "the scene, not a title bar, at row \(row)", tolerance: 1)
        }
        assertColor(image, 100, 140, (245, 107, 92), "the coral card at its own (100, 140)", tolerance: 1)
    }

    func testOnSwayTheCompositorsAnswerWinsOverARequestForClientSideDecorations() throws {
        let image = try demoOnSway(
            extraArguments: ["--client-side-decorations"], askedMode: 1,
            screenshot: "decorations-sway-client-side-refused.png", "client_side asked for")
        for row in [0, 16, 31] {
            assertColor(image, 20, row, sceneBackground, "the window follows the answer: no title bar at row \(row)", tolerance: 1)
        }
    }

    /// Runs window-demo on sway until it settles at the output's size (no title bar added),
    /// checks it asked for decoration mode `askedMode` and that sway 1.7 answered server_side
    /// (2), and returns a screenshot.
    private func demoOnSway(
        extraArguments: [String], askedMode: Int, screenshot: String, _ askedMessage: String
    ) throws -> CGImage {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let example = try ExampleProcess(
            "window-demo", arguments: extraArguments + ["--report-sizes", "--duration", "60"],
            environment: sway.environment.merging(["WAYLAND_DEBUG": "client"]) { $1 })
        defer { example.terminate() }
        XCTAssertTrue(
            example.wait(timeout: 30) { example.output.contains("window-demo: shown at 1280x720") },
            "shown at the output's size: no title bar added; stdout \(example.output), stderr \(example.errors.suffix(5))")
        let log = example.errors
        XCTAssertTrue(
            log.contains { $0.contains("-> zxdg_toplevel_decoration_v1@") && $0.contains(".set_mode(\(askedMode))") },
            askedMessage)
        XCTAssertTrue(
            log.contains { !$0.contains("->") && $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(2)") },
            "sway 1.7 answers server_side")
        return try sway.screenshot(savingTo: keptScreenshot(screenshot))
    }

    /// Where a screenshot is kept: in `LAMINA_SCREENSHOT_DIRECTORY` when set, else nowhere.
    private func keptScreenshot(_ name: String) -> URL? {
        guard let directory = ProcessInfo.processInfo.environment["LAMINA_SCREENSHOT_DIRECTORY"], !directory.isEmpty else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent(name)
    }
}
