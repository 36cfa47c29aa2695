import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// A layer that records the pointer events it is offered.
@MainActor
private final class PopupItemLayer: CALayer, PointerEventHandling {
    var received: [PointerEvent.Kind] = []

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        received.append(event.kind)
        return true
    }
}

/// Popups: anchored to a layer's rectangle through `xdg_positioner`, drawn by a render server
/// of their own, hit-tested on their own tree, grabbing with the triggering press's serial,
/// dismissed by the compositor or closed by the app.
@MainActor
final class PopupTests: XCTestCase {
    private var scripted: ScriptedWindow!
    /// A layer at (50, 70) in the window's content: inside a container at (10, 20).
    private let anchor = CALayer()

    private func open(_ configuration: ScriptedCompositor.Configuration = ScriptedCompositor.Configuration()) async throws {
        scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 20, width: 300, height: 170)
        anchor.frame = CGRect(x: 40, y: 50, width: 100, height: 30)
        container.addSublayer(anchor)
        scripted.window.rootLayer.addSublayer(container)
        CATransaction.flush()
    }

    /// A red popup of 120×80 points.
    private func makePopup() -> Popup {
        let popup = Popup(contentSize: CGSize(width: 120, height: 80))
        popup.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return popup
    }

    private var compositor: ScriptedCompositor { scripted.compositor }

    /// Waits until the compositor has `count` popups and the newest one committed a buffer.
    private func waitForPopupFrame(_ index: Int = 0) async -> ScriptedCompositor.Commit? {
        let arrived = await compositor.waitUntil { state in
            guard index < state.popups.count else { return false }
            let id = state.popups[index].surfaceID
            return state.frames.contains { $0.surfaceID == id }
        }
        XCTAssertTrue(arrived, "popup \(index) drew a frame")
        let state = compositor.state
        guard index < state.popups.count else { return nil }
        return state.frames.last { $0.surfaceID == state.popups[index].surfaceID }
    }

    func testAPopupIsAnchoredToTheLayersRectangleInTheWindowsSurfaceCoordinates() async throws {
        try await open()
        let popup = makePopup()
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        let frame = await waitForPopupFrame()
        let record = compositor.state.popups[0]
        // The anchor layer's bounds, converted through its container: (10 + 40, 20 + 50).
        XCTAssertEqual(record.positioner.anchorRect, ScriptedCompositor.Rect(x: 50, y: 70, width: 100, height: 30))
        XCTAssertEqual(record.positioner.width, 120)
        XCTAssertEqual(record.positioner.height, 80)
        XCTAssertEqual(record.positioner.anchor, 6, "bottom left")
        XCTAssertEqual(record.positioner.gravity, 8, "bottom right")
        XCTAssertEqual(record.positioner.constraintAdjustment, 1 | 2 | 4 | 8, "slide and flip on both axes")
        XCTAssertEqual(record.positioner.parentSize?.width, 320)
        XCTAssertEqual(record.positioner.parentSize?.height, 200)
        XCTAssertNil(record.grabSerial)
        XCTAssertEqual(record.parentSurfaceID, compositor.state.commits.first?.surfaceID, "the window's surface is the parent")
        // Placed below the rectangle's lower-left corner: (50, 70 + 30).
        XCTAssertEqual(record.configures, [ScriptedCompositor.Rect(x: 50, y: 100, width: 120, height: 80)])
        XCTAssertEqual(popup.frame, CGRect(x: 50, y: 100, width: 120, height: 80))
        XCTAssertEqual(popup.rootLayer.frame, CGRect(x: 0, y: 0, width: 120, height: 80))
        XCTAssertEqual(frame?.bufferSize?.width, 120)
        XCTAssertEqual(frame?.bufferSize?.height, 80)
        XCTAssertEqual(frame?.image?.pixel(x: 60, y: 40), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertTrue(popup.isShown)
        XCTAssertTrue(scripted.window.popups.first === popup)
        XCTAssertEqual(compositor.state.violations, [])
    }

    func testPlacementAndAPointAnchorAreSentAsAskedAndKeptInsideTheWindow() async throws {
        try await open()
        let popup = makePopup()
        popup.placement = Popup.Placement(
            anchor: .topRight, direction: .topLeft, offset: CGPoint(x: 3, y: -4), constraintAdjustment: [.resizeX])
        // A point (a click's location) becomes a 1×1 rectangle; a rectangle past the window's
        // right edge is cut at it.
        try scripted.window.showPopup(popup, relativeTo: CGRect(x: 12.4, y: 7.6, width: 0, height: 0), of: anchor)
        _ = await waitForPopupFrame()
        let positioner = compositor.state.popups[0].positioner
        XCTAssertEqual(positioner.anchorRect, ScriptedCompositor.Rect(x: 62, y: 77, width: 1, height: 1))
        XCTAssertEqual(positioner.anchor, 7, "top right")
        XCTAssertEqual(positioner.gravity, 5, "top left")
        XCTAssertEqual(positioner.offsetX, 3)
        XCTAssertEqual(positioner.offsetY, -4)
        XCTAssertEqual(positioner.constraintAdjustment, 16)

        let second = makePopup()
        try scripted.window.showPopup(second, relativeTo: CGRect(x: 280, y: 10, width: 100, height: 20), of: scripted.window.rootLayer)
        _ = await waitForPopupFrame(1)
        XCTAssertEqual(compositor.state.popups[1].positioner.anchorRect, ScriptedCompositor.Rect(x: 280, y: 10, width: 40, height: 20))
    }

    func testWithLaminasTitleBarTheAnchorIsBelowItAndTheFrameInContentCoordinates() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.decorationManager = .notOffered
        try await open(configuration)
        XCTAssertEqual(scripted.window.contentOrigin, CGPoint(x: 0, y: 32))
        let popup = makePopup()
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        let record = compositor.state.popups[0]
        XCTAssertEqual(record.positioner.anchorRect, ScriptedCompositor.Rect(x: 50, y: 102, width: 100, height: 30))
        XCTAssertEqual(record.configures.first, ScriptedCompositor.Rect(x: 50, y: 132, width: 120, height: 80))
        XCTAssertEqual(popup.frame, CGRect(x: 50, y: 100, width: 120, height: 80), "content coordinates, as pointer locations")
    }

    func testPointerEventsInAPopupAreHitTestedOnItsOwnTree() async throws {
        try await open()
        let popup = makePopup()
        let first = PopupItemLayer(), second = PopupItemLayer()
        first.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        second.frame = CGRect(x: 0, y: 40, width: 120, height: 40)
        popup.rootLayer.addSublayer(first)
        popup.rootLayer.addSublayer(second)
        var popupEvents: [PointerEvent] = []
        var windowEvents: [PointerEvent] = []
        popup.onPointerEvent = { popupEvents.append($0) }
        scripted.window.onPointerEvent = { windowEvents.append($0) }
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        compositor.pointerEnterPopup(x: 30, y: 55)
        compositor.pointerButton(0x110, pressed: true)
        compositor.pointerButton(0x110, pressed: false)
        compositor.pointerMove(x: 30, y: 10)
        await waitUntil("four pointer events reached the popup") { popupEvents.count >= 4 }
        XCTAssertEqual(popupEvents.map(\.kind), [.entered, .pressed(button: 0x110), .released(button: 0x110), .moved])
        XCTAssertEqual(popupEvents.map(\.location), [
            CGPoint(x: 30, y: 55), CGPoint(x: 30, y: 55), CGPoint(x: 30, y: 55), CGPoint(x: 30, y: 10),
        ])
        XCTAssertTrue(popupEvents.first?.layer === second)
        XCTAssertTrue(popupEvents.last?.layer === first)
        XCTAssertEqual(second.received, [.hoverEntered, .entered, .pressed(button: 0x110), .released(button: 0x110), .hoverExited])
        XCTAssertEqual(first.received, [.hoverEntered, .moved])
        XCTAssertEqual(windowEvents.map(\.kind), [], "the window saw none of the popup's events")
    }

    func testAMenuGrabsWithTheSerialOfThePressThatOpenedIt() async throws {
        try await open()
        let menu = makePopup()
        XCTAssertThrowsError(try scripted.window.showPopup(menu, relativeTo: anchor.bounds, of: anchor, grabsInput: true)) {
            XCTAssertEqual($0 as? PopupError, .noInputEventToGrabWith)
        }
        XCTAssertFalse(menu.isShown)
        var thrown: Error?
        scripted.window.onPointerEvent = { [unowned self] event in
            guard case .pressed(0x111) = event.kind else { return }
            let point = CGRect(origin: event.location, size: .zero)
            do { try scripted.window.showPopup(menu, relativeTo: point, of: scripted.window.rootLayer, grabsInput: true) } catch {
                thrown = error
            }
        }
        compositor.pointerEnter(x: 70, y: 90)
        let serial = compositor.pointerButton(0x111, pressed: true)
        _ = await waitForPopupFrame()
        XCTAssertNil(thrown)
        let record = compositor.state.popups[0]
        XCTAssertEqual(record.grabSerial, serial)
        XCTAssertEqual(record.positioner.anchorRect, ScriptedCompositor.Rect(x: 70, y: 90, width: 1, height: 1))
        // The grab comes with the popup's creation, before its first commit (so before it is
        // mapped).
        let requests = compositor.state.requests
        let created = requests.firstIndex(of: "xdg_surface.get_popup") ?? requests.count
        let grab = requests[created...].firstIndex(of: "xdg_popup.grab")
        let firstCommit = requests[created...].firstIndex(of: "wl_surface.commit")
        XCTAssertNotNil(grab)
        XCTAssertLessThan(grab ?? .max, firstCommit ?? 0)
        XCTAssertEqual(compositor.state.violations, [])
    }

    func testDismissalByTheCompositorIsReportedAndClosesThePopup() async throws {
        try await open()
        let popup = makePopup()
        var dismissals = 0
        popup.onDismiss = { dismissals += 1 }
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        compositor.dismissPopups()
        await waitUntil("the dismissal was reported") { dismissals == 1 }
        XCTAssertFalse(popup.isShown)
        XCTAssertEqual(scripted.window.popups.count, 0)
        let destroyed = await compositor.waitUntil { $0.popups.first?.isDestroyed == true }
        XCTAssertTrue(destroyed, "the client destroyed the dismissed popup")
        // Shown again, it is a new popup.
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame(1)
        XCTAssertEqual(dismissals, 1)
        XCTAssertEqual(compositor.state.violations, [])
    }

    func testClosingFromTheAppDestroysSubmenusFirstAndReportsNoDismissal() async throws {
        try await open()
        let menu = makePopup(), submenu = makePopup()
        var dismissals = 0
        menu.onDismiss = { dismissals += 1 }
        submenu.onDismiss = { dismissals += 1 }
        try scripted.window.showPopup(menu, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        XCTAssertThrowsError(try menu.showPopup(submenu, relativeTo: menu.rootLayer.bounds, of: menu.rootLayer, grabsInput: true)) {
            XCTAssertEqual($0 as? PopupError, .parentDoesNotGrab)
        }
        let item = CALayer()
        item.frame = CGRect(x: 0, y: 40, width: 120, height: 20)
        menu.rootLayer.addSublayer(item)
        submenu.placement = Popup.Placement(anchor: .topRight, direction: .bottomRight)
        try menu.showPopup(submenu, relativeTo: item.bounds, of: item)
        _ = await waitForPopupFrame(1)
        let record = compositor.state.popups[1]
        XCTAssertEqual(record.parentSurfaceID, compositor.state.popups[0].surfaceID)
        XCTAssertEqual(record.positioner.anchorRect, ScriptedCompositor.Rect(x: 0, y: 40, width: 120, height: 20))
        XCTAssertEqual(record.configures.first, ScriptedCompositor.Rect(x: 120, y: 40, width: 120, height: 80))
        XCTAssertTrue(menu.popups.first === submenu)
        menu.close()
        XCTAssertFalse(menu.isShown)
        XCTAssertFalse(submenu.isShown)
        let destroyed = await compositor.waitUntil { $0.popups.count == 2 && $0.popups.allSatisfy(\.isDestroyed) }
        XCTAssertTrue(destroyed)
        XCTAssertEqual(compositor.state.violations, [], "the submenu went first, as the protocol requires")
        XCTAssertEqual(dismissals, 0)
    }

    func testClosingTheWindowClosesItsPopups() async throws {
        try await open()
        let popup = makePopup()
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        scripted.window.close()
        XCTAssertFalse(popup.isShown)
        let destroyed = await compositor.waitUntil { $0.popups.first?.isDestroyed == true && $0.count(of: "xdg_toplevel.destroy") == 1 }
        XCTAssertTrue(destroyed)
        let requests = compositor.state.requests
        XCTAssertLessThan(
            requests.firstIndex(of: "xdg_popup.destroy") ?? .max, requests.firstIndex(of: "xdg_toplevel.destroy") ?? 0,
            "the popup goes before its parent")
        XCTAssertThrowsError(try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)) {
            XCTAssertEqual($0 as? PopupError, .parentNotShown)
        }
    }

    func testRepositioningSendsTheNewRectangleAndFollowsTheNewConfigure() async throws {
        try await open()
        let popup = makePopup()
        var placements: [CGRect] = []
        popup.onPlaced = { placements.append($0) }
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        XCTAssertEqual(placements, [CGRect(x: 50, y: 100, width: 120, height: 80)])
        popup.contentSize = CGSize(width: 60, height: 50)
        try popup.reposition(relativeTo: CGRect(x: 0, y: 0, width: 10, height: 10), of: scripted.window.rootLayer)
        let answered = await compositor.waitUntil { $0.popups.first?.configures.count == 2 }
        XCTAssertTrue(answered)
        let record = compositor.state.popups[0]
        XCTAssertEqual(record.repositions.map(\.token), [1])
        XCTAssertEqual(record.repositions.first?.positioner.anchorRect, ScriptedCompositor.Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(record.repositions.first?.positioner.width, 60)
        await waitUntil("the popup followed the configure") { popup.frame == CGRect(x: 0, y: 10, width: 60, height: 50) }
        XCTAssertEqual(placements.last, CGRect(x: 0, y: 10, width: 60, height: 50))
        XCTAssertEqual(placements.count, 2)
        let id = record.surfaceID
        let redrawn = await compositor.waitUntil { state in
            state.frames.contains { $0.surfaceID == id && $0.bufferSize?.width == 60 && $0.bufferSize?.height == 50 }
        }
        XCTAssertTrue(redrawn, "the popup was drawn at its new size")
        XCTAssertThrowsError(try makePopup().reposition(relativeTo: .zero, of: anchor)) {
            XCTAssertEqual($0 as? PopupError, .notShown)
        }
    }

    func testConfiguredSizesFromTheCompositorAreCheckedAndFollowed() async throws {
        try await open()
        let popup = makePopup()
        try scripted.window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        _ = await waitForPopupFrame()
        // Shrunk to fit, as `resize_x`/`resize_y` allow.
        compositor.configurePopup(x: 5, y: 6, width: 70, height: 30)
        await waitUntil("the popup followed the configure") { popup.rootLayer.frame.size == CGSize(width: 70, height: 30) }
        XCTAssertEqual(popup.frame, CGRect(x: 5, y: 6, width: 70, height: 30))
        // Sizes of 0 or less keep the requested size; huge ones are clamped.
        compositor.configurePopup(x: 0, y: 0, width: 0, height: -5)
        await waitUntil("the popup took its own size back") { popup.rootLayer.frame.size == CGSize(width: 120, height: 80) }
        compositor.configurePopup(x: 0, y: 0, width: 1_000_000, height: 20)
        await waitUntil("the popup clamped a huge width") {
            popup.rootLayer.frame.size == CGSize(width: CGFloat(ShmBufferPool.maximumDimension), height: 20)
        }
        // Beyond the buffer budget (two 16384×16384 buffers are 2 GiB): the last size is kept.
        compositor.configurePopup(x: 0, y: 0, width: 1_000_000, height: 1_000_000)
        let answered = compositor.state.acknowledgedConfigures.count
        await waitUntil("the popup answered the configure") { self.compositor.state.acknowledgedConfigures.count > answered }
        XCTAssertEqual(popup.rootLayer.frame.size, CGSize(width: CGFloat(ShmBufferPool.maximumDimension), height: 20))
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testBadRequestsThrowClearErrors() async throws {
        try await open()
        let window = scripted.window
        XCTAssertThrowsError(try window.showPopup(Popup(contentSize: CGSize(width: 0, height: 10)), relativeTo: anchor.bounds, of: anchor)) {
            XCTAssertEqual($0 as? PopupError, .invalidSize(CGSize(width: 0, height: 10)))
        }
        XCTAssertThrowsError(try window.showPopup(Popup(contentSize: CGSize(width: CGFloat.nan, height: 10)), relativeTo: anchor.bounds, of: anchor))
        XCTAssertThrowsError(try window.showPopup(makePopup(), relativeTo: anchor.bounds, of: CALayer())) {
            XCTAssertEqual($0 as? PopupError, .layerNotInParent)
        }
        let infinite = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        XCTAssertThrowsError(try window.showPopup(makePopup(), relativeTo: infinite, of: anchor)) {
            XCTAssertEqual($0 as? PopupError, .invalidAnchorRectangle(infinite))
        }
        XCTAssertThrowsError(try window.showPopup(makePopup(), relativeTo: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), of: anchor))
        let outside = CGRect(x: 5000, y: 0, width: 10, height: 10)
        XCTAssertThrowsError(try window.showPopup(makePopup(), relativeTo: outside, of: anchor)) {
            XCTAssertEqual($0 as? PopupError, .invalidAnchorRectangle(outside))
        }
        let popup = makePopup()
        try window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)
        XCTAssertThrowsError(try window.showPopup(popup, relativeTo: anchor.bounds, of: anchor)) {
            XCTAssertEqual($0 as? PopupError, .alreadyShown)
        }
        _ = await waitForPopupFrame()
        XCTAssertEqual(compositor.state.popups.count, 1, "nothing was sent for the refused requests")
        XCTAssertEqual(compositor.state.violations, [])
    }

    func testTwoWindowsOfOneApplicationEachShowTheirOwnPopup() async throws {
        try await open()
        let other = try Window(application: scripted.application, title: "second", preferredSize: CGSize(width: 200, height: 100))
        let drawn = await compositor.waitUntil { Set($0.frames.map(\.surfaceID)).count == 2 }
        XCTAssertTrue(drawn, "the second window drew its first frame")
        let first = makePopup(), second = makePopup()
        try scripted.window.showPopup(first, relativeTo: anchor.bounds, of: anchor)
        try other.showPopup(second, relativeTo: CGRect(x: 10, y: 10, width: 20, height: 20), of: other.rootLayer)
        _ = await waitForPopupFrame(1)
        let windowSurfaces = compositor.state.frames.map(\.surfaceID)
        let records = compositor.state.popups
        XCTAssertEqual(records.count, 2)
        XCTAssertNotEqual(records[0].parentSurfaceID, records[1].parentSurfaceID)
        XCTAssertTrue(windowSurfaces.contains(records[0].parentSurfaceID ?? 0))
        XCTAssertTrue(windowSurfaces.contains(records[1].parentSurfaceID ?? 0))
        XCTAssertTrue(scripted.window.popups.first === first)
        XCTAssertTrue(other.popups.first === second)
        other.close()
        XCTAssertFalse(second.isShown)
        XCTAssertTrue(first.isShown, "the other window's popup stays")
    }
}

/// A menu closes when the user presses elsewhere in the application: the compositor sends
/// such presses to the application during a grab.
@MainActor
final class PopupGrabDismissalTests: XCTestCase {
    func testAPressOnTheWindowDismissesTheMenuAndIsNotDelivered() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let window = scripted.window, compositor = scripted.compositor
        let menu = Popup(contentSize: CGSize(width: 100, height: 60))
        let tooltip = Popup(contentSize: CGSize(width: 50, height: 20))
        var windowEvents: [PointerEvent.Kind] = []
        var menuEvents: [PointerEvent.Kind] = []
        var dismissals: [String] = []
        menu.onDismiss = { dismissals.append("menu") }
        tooltip.onDismiss = { dismissals.append("tooltip") }
        menu.onPointerEvent = { menuEvents.append($0.kind) }
        window.onPointerEvent = { event in
            windowEvents.append(event.kind)
            guard case .pressed(0x111) = event.kind else { return }
            try? window.showPopup(menu, relativeTo: CGRect(origin: event.location, size: .zero), of: window.rootLayer, grabsInput: true)
        }
        compositor.pointerEnter(x: 20, y: 30)
        compositor.pointerButton(0x111, pressed: true)
        compositor.pointerButton(0x111, pressed: false)
        try window.showPopup(tooltip, relativeTo: CGRect(x: 200, y: 10, width: 10, height: 10), of: window.rootLayer)
        let shown = await compositor.waitUntil { $0.popups.count == 2 && $0.popups.allSatisfy(\.isMapped) }
        XCTAssertTrue(shown)
        // A press inside the menu goes to the menu and keeps it.
        compositor.pointerEnterPopup(x: 10, y: 10)
        compositor.pointerButton(0x110, pressed: true)
        compositor.pointerButton(0x110, pressed: false)
        await waitUntil("the menu got its press and release") { menuEvents.count >= 3 }
        XCTAssertTrue(menu.isShown)
        XCTAssertEqual(dismissals, [])
        // A press on the window closes the menu (not the tooltip, which does not grab) and
        // goes nowhere, nor does its release.
        compositor.pointerEnter(x: 150, y: 150)
        compositor.pointerButton(0x110, pressed: true)
        compositor.pointerButton(0x110, pressed: false)
        compositor.pointerMove(x: 151, y: 150)
        await waitUntil("the move after the press arrived") { windowEvents.last == .moved }
        XCTAssertEqual(dismissals, ["menu"])
        XCTAssertFalse(menu.isShown)
        XCTAssertTrue(tooltip.isShown)
        XCTAssertEqual(windowEvents, [
            .entered, .pressed(button: 0x111), .released(button: 0x111), .exited, .entered, .moved,
        ])
        // The tooltip may have been created first: the records say which one grabbed.
        let destroyed = await compositor.waitUntil { state in
            state.popups.contains { $0.grabSerial != nil && $0.isDestroyed }
        }
        XCTAssertTrue(destroyed, "the menu was destroyed")
        XCTAssertEqual(compositor.state.popups.filter { $0.grabSerial == nil }.map(\.isDestroyed), [false])
    }
}
