import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A scroll event says what the compositor said about the scroll in its `wl_pointer.frame`:
/// the device (`axis_source`), a wheel's steps (`axis_discrete` before pointer version 8,
/// `axis_value120` from 8), the phases of a finger scroll up to its `axis_stop`, and AppKit's
/// view of the amounts (signs inverted: AppKit's deltas are positive up and left).
@MainActor
final class WindowScrollingTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private var scrolls: [PointerEvent] = []
    private var kinds: [PointerEvent.Kind] = []

    private func open(seatVersion: UInt32 = 7) async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.seatVersion = seatVersion
        scripted = try await ScriptedWindow(test: self, configuration: configuration)
        scripted.window.onPointerEvent = { [unowned self] event in
            kinds.append(event.kind)
            if case .scrolled = event.kind { scrolls.append(event) }
        }
        scripted.compositor.pointerEnter(x: 40, y: 40)
        await waitUntil("the pointer entered") { self.kinds == [.entered] }
    }

    /// Waits until the client handled everything sent so far.
    private func settle() async {
        let answered = await scripted.compositor.roundtrip()
        XCTAssertTrue(answered, "the client answered the ping")
        await waitUntil("the main actor ran after the ping") { true }
    }

    func testAWheelsScrollCarriesItsSourceAndWholeStepsOnPointerVersion7() async throws {
        try await open()
        scripted.compositor.pointerScroll(vertical: 30, horizontal: -15, source: .wheel, value120: (240, -120))
        await waitUntil("the wheel's scroll arrived") { self.scrolls.count == 1 }
        let event = try XCTUnwrap(scrolls.first)
        XCTAssertEqual(event.kind, .scrolled(vertical: 30, horizontal: -15))
        XCTAssertEqual(event.scrollSource, .wheel)
        XCTAssertEqual(event.scrollingSteps.vertical, 2)
        XCTAssertEqual(event.scrollingSteps.horizontal, -1)
        XCTAssertFalse(event.hasPreciseScrollingDeltas)
        XCTAssertEqual(event.phase, [])
        XCTAssertEqual(event.momentumPhase, [])
        // AppKit's deltas: positive when the content moves down and right.
        XCTAssertEqual(event.scrollingDeltaY, -30)
        XCTAssertEqual(event.scrollingDeltaX, 15)
        XCTAssertFalse(event.isDirectionInvertedFromDevice)
    }

    func testAHighResolutionWheelGivesFractionsOfAStepFromPointerVersion8() async throws {
        try await open(seatVersion: 8)
        scripted.compositor.pointerScroll(vertical: 7.5, source: .wheel, value120: (60, 0))
        scripted.compositor.pointerScroll(vertical: -45, source: .wheel, value120: (-360, 0))
        await waitUntil("both scrolls arrived") { self.scrolls.count == 2 }
        XCTAssertEqual(scrolls.map(\.scrollingSteps.vertical), [0.5, -3])
        XCTAssertEqual(scrolls.map(\.scrollingSteps.horizontal), [0, 0])
        XCTAssertEqual(scrolls.map(\.kind), [.scrolled(vertical: 7.5, horizontal: 0), .scrolled(vertical: -45, horizontal: 0)])
    }

    func testAFingerScrollBeginsChangesAndEndsWithItsStop() async throws {
        try await open()
        scripted.compositor.pointerScroll(vertical: 4.5, source: .finger)
        scripted.compositor.pointerScroll(vertical: 6, horizontal: -1.25, source: .finger)
        scripted.compositor.pointerScroll(vertical: 2, source: .finger)
        scripted.compositor.pointerScrollStop(vertical: true, horizontal: true)
        scripted.compositor.pointerScroll(vertical: -3, source: .finger)
        await waitUntil("five scroll events arrived") { self.scrolls.count == 5 }
        XCTAssertEqual(scrolls.map(\.phase), [.began, .changed, .changed, .ended, .began])
        XCTAssertEqual(scrolls.map(\.kind), [
            .scrolled(vertical: 4.5, horizontal: 0), .scrolled(vertical: 6, horizontal: -1.25),
            .scrolled(vertical: 2, horizontal: 0), .scrolled(vertical: 0, horizontal: 0), .scrolled(vertical: -3, horizontal: 0),
        ])
        XCTAssertEqual(scrolls.map(\.scrollSource), [.finger, .finger, .finger, .finger, .finger])
        XCTAssertEqual(scrolls.map(\.hasPreciseScrollingDeltas), [true, true, true, true, true])
        XCTAssertEqual(scrolls.map(\.scrollingSteps.vertical), [0, 0, 0, 0, 0])
        XCTAssertEqual(scrolls.map(\.scrollingDeltaY), [-4.5, -6, -2, 0, 3])
    }

    func testOneAxisStoppingWhileTheOtherScrollsEndsNothing() async throws {
        try await open()
        scripted.compositor.pointerScroll(vertical: 5, horizontal: 2, source: .finger)
        scripted.compositor.pointerScrollStop(vertical: false, horizontal: true)
        scripted.compositor.pointerScroll(vertical: 3, source: .finger)
        scripted.compositor.pointerScrollStop(vertical: true, horizontal: false)
        await waitUntil("three scroll events arrived") { self.scrolls.count == 3 }
        await settle()
        XCTAssertEqual(scrolls.map(\.phase), [.began, .changed, .ended])
        XCTAssertEqual(scrolls.map(\.kind), [
            .scrolled(vertical: 5, horizontal: 2), .scrolled(vertical: 3, horizontal: 0), .scrolled(vertical: 0, horizontal: 0),
        ])
    }

    func testAStopWithoutAFingerScrollAndScrollsOfOtherDevicesHaveNoPhase() async throws {
        try await open()
        scripted.compositor.pointerScrollStop()
        scripted.compositor.pointerScroll(vertical: 8, source: .continuous)
        scripted.compositor.pointerScroll(horizontal: 15, source: .wheelTilt, value120: (0, 120))
        scripted.compositor.pointerScroll(vertical: 1)
        await waitUntil("three scroll events arrived") { self.scrolls.count == 3 }
        await settle()
        XCTAssertEqual(scrolls.count, 3, "the stop with no scroll under way made no event")
        XCTAssertEqual(scrolls.map(\.phase), [[], [], []])
        XCTAssertEqual(scrolls.map(\.scrollSource), [.continuous, .wheelTilt, nil])
        XCTAssertEqual(scrolls.map(\.hasPreciseScrollingDeltas), [true, false, true])
        XCTAssertEqual(scrolls.map(\.scrollingSteps.horizontal), [0, 1, 0])
    }

    func testLeavingDuringAFingerScrollCancelsItBeforeTheExit() async throws {
        try await open()
        scripted.compositor.pointerScroll(vertical: 5, source: .finger)
        scripted.compositor.pointerLeave()
        await waitUntil("the pointer left") { self.kinds.last == .exited }
        XCTAssertEqual(kinds, [.entered, .scrolled(vertical: 5, horizontal: 0), .scrolled(vertical: 0, horizontal: 0), .exited])
        XCTAssertEqual(scrolls.map(\.phase), [.began, .cancelled])
        // The stop that comes after the pointer is back (elsewhere's end) ends nothing here.
        scripted.compositor.pointerEnter(x: 40, y: 40)
        scripted.compositor.pointerScrollStop()
        await waitUntil("the pointer entered again") { self.kinds.last == .entered }
        await settle()
        XCTAssertEqual(scrolls.count, 2)
    }

    func testNaturalScrollingIsReportedFromPointerVersion9() async throws {
        try await open(seatVersion: 9)
        scripted.compositor.pointerScroll(vertical: 4, source: .finger, inverted: true)
        scripted.compositor.pointerScroll(vertical: 4, source: .finger)
        await waitUntil("both scrolls arrived") { self.scrolls.count == 2 }
        XCTAssertEqual(scrolls.map(\.isDirectionInvertedFromDevice), [true, false])
    }
}
