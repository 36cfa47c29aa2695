import Foundation
import Lamina
import LaminaTesting
import XCTest

/// Scrolling a window of the test's own process on a real headless sway through the test kit's
/// virtual pointer: wheel detents and a finger's continuous scroll reach the layer under the
/// pointer with the distances sent, the wheel's step counts, and the finger scroll's phases up
/// to its end.
@MainActor
final class ScrollingEndToEndTests: XCTestCase {
    func testWheelStepsAndFingerScrollsReachTheLayerUnderThePointer() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let application = try Application(socket: sway.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            sway.stop()
        }
        var fatalErrors: [LaminaError] = []
        application.onFatalError = { fatalErrors.append($0) }
        let window = try Window(application: application, title: "scrolling")
        let list = CALayer()
        list.name = "list"
        list.frame = CGRect(x: 100, y: 100, width: 400, height: 400)
        window.rootLayer.addSublayer(list)
        var scrolls: [(vertical: Double, horizontal: Double, layer: String?)] = []
        var events: [PointerEvent] = []
        window.onPointerEvent = { event in
            guard case .scrolled(let vertical, let horizontal) = event.kind else { return }
            scrolls.append((vertical, horizontal, event.layer?.name))
            events.append(event)
        }
        try await window.settled(timeout: 20) { $0.isSizeFromCompositor }
        let pointer = try VirtualPointer(compositor: sway)
        try await movePointer(pointer, toX: 300, y: 300, reachingOneOf: [window])

        try pointer.wheel(steps: 3)
        try await waitFor("the wheel's scroll arrived") { scrolls.count == 1 }
        try pointer.wheel(steps: -1, horizontalSteps: 2)
        try await waitFor("the second wheel scroll arrived") { scrolls.count == 2 }
        try pointer.scroll(vertical: -12.5)
        try pointer.scroll(vertical: 4.25, horizontal: -3)
        // The fingers lift: both axes they moved stop, as libinput reports it.
        try pointer.stopScrolling(vertical: true, horizontal: true)
        try await waitFor("the finger scrolls and their end arrived") { scrolls.count == 5 }

        XCTAssertEqual(scrolls.map(\.vertical), [45, -15, -12.5, 4.25, 0])
        XCTAssertEqual(scrolls.map(\.horizontal), [0, 30, 0, -3, 0])
        XCTAssertEqual(scrolls.map(\.layer), ["list", "list", "list", "list", "list"])
        // sway 1.7 (wl_seat 7) gives a wheel's detents as axis_discrete, and a finger scroll's
        // end as axis_stop.
        XCTAssertEqual(events.map(\.scrollSource), [.wheel, .wheel, .finger, .finger, .finger])
        XCTAssertEqual(events.map(\.scrollingSteps.vertical), [3, -1, 0, 0, 0])
        XCTAssertEqual(events.map(\.scrollingSteps.horizontal), [0, 2, 0, 0, 0])
        XCTAssertEqual(events.map(\.phase), [[], [], .began, .changed, .ended])
        XCTAssertEqual(events.map(\.hasPreciseScrollingDeltas), [false, false, true, true, true])
        XCTAssertEqual(fatalErrors, [])
    }

    func testScrollsThatSendNothingAreRefusedWithAReason() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let pointer = try VirtualPointer(compositor: sway, settle: 0)
        XCTAssertThrowsError(try pointer.wheel(steps: 0))
        XCTAssertThrowsError(try pointer.wheel(steps: 1, distancePerStep: .nan))
        XCTAssertThrowsError(try pointer.wheel(steps: 1, distancePerStep: -15))
        XCTAssertThrowsError(try pointer.wheel(steps: 1_001))
        XCTAssertThrowsError(try pointer.scroll(vertical: 0))
        XCTAssertThrowsError(try pointer.scroll(vertical: .infinity))
        XCTAssertThrowsError(try pointer.stopScrolling(vertical: false))
    }
}
