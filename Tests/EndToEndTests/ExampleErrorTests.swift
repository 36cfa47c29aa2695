import Foundation
import XCTest

/// The examples without a compositor, or with bad arguments: a clear message and a non-zero exit.
final class ExampleErrorTests: XCTestCase {
    private func environment(display: String?) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = display
        env["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path
        return env
    }

    func testHitTestingWithoutACompositorNamesWaylandDisplay() throws {
        let example = try ExampleProcess("hit-testing", environment: environment(display: "/nonexistent/wayland-9"))
        XCTAssertTrue(example.waitForExit(timeout: 10))
        XCTAssertEqual(example.exitStatus, 1)
        XCTAssertTrue(example.errors.contains { $0.contains("WAYLAND_DISPLAY=/nonexistent/wayland-9") }, "\(example.errors)")
    }

    func testHitTestingWithWaylandDisplayUnsetNamesIt() throws {
        let example = try ExampleProcess("hit-testing", environment: environment(display: nil))
        XCTAssertTrue(example.waitForExit(timeout: 10))
        XCTAssertNotEqual(example.exitStatus, 0)
        XCTAssertTrue(example.errors.contains { $0.contains("WAYLAND_DISPLAY is not set") }, "\(example.errors)")
    }

    func testWindowDemoWithABrokenDisplayFailsWithoutEmbedding() throws {
        let example = try ExampleProcess("window-demo", environment: environment(display: "/nonexistent/wayland-9"))
        XCTAssertTrue(example.waitForExit(timeout: 10))
        XCTAssertEqual(example.exitStatus, 1)
        XCTAssertTrue(example.errors.contains { $0.contains("WAYLAND_DISPLAY=/nonexistent/wayland-9") }, "\(example.errors)")
    }

    func testBadDurationIsRejected() throws {
        let example = try ExampleProcess("hit-testing", arguments: ["--duration=-3"], environment: environment(display: nil))
        XCTAssertTrue(example.waitForExit(timeout: 10))
        XCTAssertNotEqual(example.exitStatus, 0)
        XCTAssertTrue(example.errors.joined().contains("--duration must be a positive number"), "\(example.errors)")
    }
}
