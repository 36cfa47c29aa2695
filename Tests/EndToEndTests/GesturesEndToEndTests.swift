import Foundation
import LaminaTesting
import XCTest

/// Touchpad gestures on a real headless sway: it offers `zwp_pointer_gestures_v1`, and an
/// example asks for its pointer's swipe, pinch and hold gestures once the seat has a pointer.
/// (Neither sway nor weston can inject gestures or touches: the events themselves are tested
/// on the scripted compositor.)
final class GesturesEndToEndTests: XCTestCase {
    func testAWindowFollowsThePointersGesturesOnSway() throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let example = try ExampleProcess(
            "hit-testing", arguments: ["--duration", "30"],
            environment: sway.environment.merging(["WAYLAND_DEBUG": "client"]) { $1 })
        defer { example.terminate() }
        XCTAssertTrue(example.wait(timeout: 20) { example.errors.contains { $0.hasPrefix("hit-testing: window shown") } })
        // The seat gets a pointer when a pointer device exists.
        _ = try VirtualPointer(compositor: sway)
        for request in ["get_swipe_gesture", "get_pinch_gesture", "get_hold_gesture"] {
            XCTAssertTrue(
                example.wait(timeout: 10) {
                    example.errors.contains { $0.contains("-> zwp_pointer_gestures_v1@") && $0.contains(".\(request)(") }
                },
                "\(request) was sent; stderr \(example.errors.filter { $0.contains("gesture") }.suffix(5))")
        }
    }
}
