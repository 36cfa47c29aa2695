import Foundation
import Lamina
import LaminaTesting
import QuartzCore
import TestSupport
import XCTest

/// Drag and drop through `wl_data_device`, event by event: drops found by hit-testing the
/// presentation tree at each position, the offer's type and operations negotiated, the data
/// read through a pipe and the drop finished; drags started from a press, with an icon
/// surface, reporting what the compositor tells the source.
@MainActor
final class DragAndDropTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private var compositor: ScriptedCompositor { scripted.compositor }
    private var inputErrors: [String] = []

    override func setUp() async throws {
        scripted = try await ScriptedWindow(test: self)
        inputErrors = []
        scripted.application.onInputError = { [weak self] in self?.inputErrors.append("\($0)") }
        let bound = await compositor.waitUntil { $0.requests.contains("wl_data_device_manager.get_data_device") }
        XCTAssertTrue(bound, "the application made its data device without being asked to copy or paste")
    }

    /// A drop well at (100, 50) 100×80 in the window's content, answering `operations`.
    private func addWell(_ operations: DragOperation, succeeds: Bool = true) -> DropWell {
        let well = DropWell(operations: operations, succeeds: succeeds)
        well.frame = CGRect(x: 100, y: 50, width: 100, height: 80)
        scripted.window.rootLayer.addSublayer(well)
        CATransaction.flush()
        return well
    }

    /// A content point in surface coordinates.
    private func surface(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (x + scripted.window.contentOrigin.x, y + scripted.window.contentOrigin.y)
    }

    private func waitForDragLog(_ count: Int, _ what: String) async {
        let logged = await compositor.waitUntil { $0.dragAndDrop.count >= count }
        XCTAssertTrue(logged, "\(what): \(compositor.state.dragAndDrop)")
    }

    // MARK: - Drops

    func testADropOnTheLayerUnderThePointerNegotiatesTheOperationReadsTheDataAndFinishes() async throws {
        let well = addWell([.copy, .move])
        let outside = surface(10, 10)
        let serial = compositor.dragEnter(
            [("text/plain;charset=utf-8", Array("Dropped ✓".utf8)), ("text/html", Array("<b>Dropped</b>".utf8))],
            sourceActions: 3, x: outside.x, y: outside.y)
        await waitForDragLog(2, "refused outside the well")
        XCTAssertEqual(well.calls, [])
        let inside = surface(120, 70)
        compositor.dragMove(x: inside.x, y: inside.y)
        await waitForDragLog(4, "taken over the well")
        let further = surface(130, 80)
        compositor.dragMove(x: further.x, y: further.y)
        await waitUntil("the well heard the move") { well.calls.count == 2 }
        XCTAssertEqual(well.operations, [.none, .copy], "the compositor's choice arrived before the move")
        compositor.dragDrop()
        await waitForDragLog(7, "the drop was read and finished")
        XCTAssertEqual(compositor.state.dragAndDrop, [
            "accept \(serial) nil", "set_actions 0 preferred 0",
            "accept \(serial) text/plain;charset=utf-8", "set_actions 3 preferred 1",
            "receive text/plain;charset=utf-8", "finish", "destroy offer",
        ])
        XCTAssertEqual(well.calls, [
            "entered (20.0, 20.0) types [text/plain;charset=utf-8, text/html] source [copy, move]",
            "updated (30.0, 30.0)",
            "perform Dropped ✓ operation [copy]",
        ])
        XCTAssertEqual(inputErrors, [])
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testALayerThatRefusesOrLeavesGetsNoDropAndTheOfferIsNotFinished() async throws {
        let well = addWell(.none)
        let inside = surface(150, 90)
        let serial = compositor.dragEnter([("image/png", [1, 2, 3])], sourceActions: 1, x: inside.x, y: inside.y)
        await waitForDragLog(2, "refused")
        compositor.dragDrop()
        await waitForDragLog(3, "the refused drop's offer was destroyed")
        XCTAssertEqual(compositor.state.dragAndDrop, ["accept \(serial) nil", "set_actions 0 preferred 0", "destroy offer"])
        XCTAssertEqual(well.calls, ["entered (50.0, 40.0) types [image/png] source [copy]", "exited"])

        well.answer = [.move]
        let second = compositor.dragEnter([("image/png", [1, 2, 3])], sourceActions: 2, x: inside.x, y: inside.y)
        await waitForDragLog(5, "taken")
        compositor.dragLeave()
        await waitForDragLog(6, "the offer of the drag that left was destroyed")
        XCTAssertEqual(Array(compositor.state.dragAndDrop.dropFirst(3)), [
            "accept \(second) image/png", "set_actions 2 preferred 2", "destroy offer",
        ])
        XCTAssertEqual(well.calls.suffix(2), ["entered (50.0, 40.0) types [image/png] source [move]", "exited"])
    }

    func testADropTheLayerCouldNotUseIsNotFinished() async throws {
        let well = addWell(.copy, succeeds: false)
        let inside = surface(110, 60)
        let serial = compositor.dragEnter([("text/plain", Array("no".utf8))], sourceActions: 1, x: inside.x, y: inside.y)
        await waitForDragLog(2, "taken")
        compositor.dragDrop()
        await waitForDragLog(4, "read, then destroyed unfinished")
        XCTAssertEqual(compositor.state.dragAndDrop, [
            "accept \(serial) text/plain", "set_actions 1 preferred 1", "receive text/plain", "destroy offer",
        ])
        XCTAssertEqual(well.calls.last, "refused no")
    }

    func testStrayDragEventsAndActionsOutOfRangeAreReportedNotTrapped() async throws {
        let well = addWell(.copy)
        compositor.sendStrayDragEvents()
        await waitUntil("four problems were reported") { self.inputErrors.count == 4 }
        XCTAssertEqual(inputErrors, [
            "drag and drop: a drag moved over a window it had not entered",
            "drag and drop: a drag left a window it had not entered",
            "drag and drop: a drop came for a drag that had not entered a window",
            "drag and drop: a drag entered with an offer that was not announced",
        ])
        let inside = surface(110, 60)
        compositor.dragEnter([("text/plain", Array("ok".utf8))], sourceActions: 1, x: inside.x, y: inside.y)
        await waitForDragLog(2, "the well took the drag")
        compositor.dragOfferAction(9)
        await waitUntil("the bad action was reported") { self.inputErrors.count == 5 }
        XCTAssertEqual(inputErrors.last, "drag and drop: the compositor named drag actions out of range (1, 9)")
        compositor.dragDrop()
        await waitUntil("the drop still arrived") { well.calls.last == "perform ok operation [copy]" }
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testADragOverAPopupIsRefusedQuietly() async throws {
        let well = addWell(.copy)
        let popup = Popup(contentSize: CGSize(width: 120, height: 80))
        try scripted.window.showPopup(popup, relativeTo: CGRect(x: 0, y: 0, width: 10, height: 10), of: well)
        let shown = await compositor.waitUntil { state in
            state.popups.count == 1 && state.frames.contains { $0.surfaceID == state.popups[0].surfaceID }
        }
        XCTAssertTrue(shown, "the popup drew its first frame")
        compositor.dragEnter([("text/plain", Array("over".utf8))], sourceActions: 1, x: 5, y: 5, onPopup: true)
        compositor.dragMove(x: 6, y: 6)
        compositor.dragDrop()
        compositor.dragLeave()
        await waitForDragLog(1, "the popup's offer was destroyed")
        let inside = surface(110, 60)
        let serial = compositor.dragEnter([("text/plain", Array("ok".utf8))], sourceActions: 1, x: inside.x, y: inside.y)
        await waitForDragLog(3, "the window took the next drag")
        XCTAssertEqual(compositor.state.dragAndDrop, ["destroy offer", "accept \(serial) text/plain", "set_actions 1 preferred 1"])
        XCTAssertEqual(well.calls, ["entered (10.0, 10.0) types [text/plain] source [copy]"])
        XCTAssertEqual(inputErrors, [], "a drag over a popup is not the compositor's mistake")
        popup.close()
    }

    // MARK: - Drags


    func testADragFromAPressOffersItsDataShowsItsIconAndReportsTheSourceEventsInOrder() async throws {
        let icon = CALayer()
        icon.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        icon.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertThrowsError(try scripted.window.beginDraggingSession(items: [.string: Data("x".utf8)])) {
            XCTAssertEqual($0 as? DragError, .noPointerPress)
        }
        let serial = await scripted.press()
        let empty = CALayer()
        XCTAssertThrowsError(try scripted.window.beginDraggingSession(items: [.string: Data("x".utf8)], icon: empty)) {
            XCTAssertEqual($0 as? DragError, .invalidIcon(width: 0, height: 0))
        }
        let card = Pasteboard.PasteboardType(rawValue: "application/x-lamina-card")
        let session = try scripted.window.beginDraggingSession(
            items: [.string: Data("Dragged".utf8), card: Data([1, 2, 3])], operations: [.copy, .move], icon: icon)
        var heard: [DraggingSession.Event] = []
        session.onEvent = { heard.append($0) }
        await waitForDragLog(1, "the drag started")
        let windowSurface = compositor.state.commits.first?.surfaceID ?? 0
        let started = compositor.state.dragAndDrop.first ?? ""
        XCTAssertEqual(started.replacingOccurrences(of: #"icon \d+"#, with: "icon N", options: .regularExpression),
            #"start_drag ["text/plain;charset=utf-8", "application/x-lamina-card", "UTF8_STRING", "text/plain", "STRING", "TEXT"] actions 3 serial \#(serial) origin \#(windowSurface) icon N"#)
        let iconID = UInt32(started.split(separator: " ").last ?? "") ?? 0
        let drawn = await compositor.waitUntil { state in
            state.commits.contains { $0.surfaceID == iconID && $0.bufferSize.map { [$0.width, $0.height] } == [40, 30] }
        }
        XCTAssertTrue(drawn, "the icon was drawn on its own 40×30 surface")
        XCTAssertEqual(compositor.state.commits.last { $0.surfaceID == iconID }?.image?.pixel(x: 20, y: 15), px(255, 0, 0))

        let text = await compositor.dragSourceData(mimeType: "UTF8_STRING")
        XCTAssertEqual(text, Array("Dragged".utf8))
        let bytes = await compositor.dragSourceData(mimeType: "application/x-lamina-card")
        XCTAssertEqual(bytes, [1, 2, 3])

        compositor.dragSourceTarget("text/plain;charset=utf-8")
        compositor.dragSourceAction(2)
        compositor.dragSourceDropPerformed()
        compositor.dragSourceFinished()
        await waitUntil("the drag finished") { session.isOver }
        let expected: [DraggingSession.Event] = [.targetAccepted(.string), .operationChanged(.move), .dropPerformed, .finished(.move)]
        XCTAssertEqual(heard, expected)
        XCTAssertEqual(session.events, expected)
        let released = await compositor.waitUntil { $0.count(of: "wl_data_source.destroy") == 1 && $0.count(of: "wl_surface.destroy") == 1 }
        XCTAssertTrue(released, "the source and the icon surface were destroyed")
        XCTAssertEqual(inputErrors, [])
    }

    func testACancelledDragEndsAndLaterEventsAreReported() async throws {
        _ = await scripted.press()
        let session = try scripted.window.beginDraggingSession(items: [.string: Data("x".utf8)])
        await waitForDragLog(1, "the drag started")
        XCTAssertTrue(compositor.state.dragAndDrop.first?.hasSuffix("no icon") ?? false, "\(compositor.state.dragAndDrop)")
        compositor.dragSourceAction(12)
        compositor.dragSourceCancelled()
        await waitUntil("the drag was cancelled") { session.isOver }
        XCTAssertEqual(session.events, [.operationChanged([.ask]), .cancelled])
        XCTAssertEqual(inputErrors, ["drag and drop: the compositor chose drag action 12, not one of copy, move, ask"])
        let released = await compositor.waitUntil { $0.count(of: "wl_data_source.destroy") == 1 }
        XCTAssertTrue(released)
    }

    // MARK: - The connection closing

    func testADragOverALayerWhenTheConnectionClosesEndsWithTheLayerHearingItExited() async throws {
        let log = ReconnectionLog(scripted.application)
        let well = addWell(.copy)
        let inside = surface(120, 70)
        compositor.dragEnter([("text/plain", Array("over".utf8))], sourceActions: 1, x: inside.x, y: inside.y)
        await waitUntil("the well heard the drag enter") { well.calls.count == 1 }
        compositor.disconnectClients()
        await waitUntil("the application reconnected") { self.scripted.application.reconnectionCount == 1 }
        XCTAssertEqual(well.calls, ["entered (20.0, 20.0) types [text/plain] source [copy]", "exited"])
        // Drags are followed on the new connection.
        let bound = await compositor.waitUntil { $0.count(of: "wl_data_device_manager.get_data_device") == 2 }
        XCTAssertTrue(bound, "a data device was made on the new connection")
        compositor.dragEnter([("text/plain", Array("again".utf8))], sourceActions: 1, x: inside.x, y: inside.y)
        await waitUntil("the well heard the new drag") { well.calls.count == 3 }
        XCTAssertEqual(well.calls.last, "entered (20.0, 20.0) types [text/plain] source [copy]")
        XCTAssertEqual(log.events.last, "did")
        XCTAssertEqual(inputErrors, [])
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testADropBeingReadWhenTheConnectionClosesEndsWithTheConnectionsErrorAndIsNotFinished() async throws {
        let log = ReconnectionLog(scripted.application)
        let well = addWell(.copy)
        // The source never writes: only the connection closing can end the read in time.
        well.readTimeout = 60
        let inside = surface(120, 70)
        compositor.dragEnter([("text/plain", Array("never sent".utf8))], sourceActions: 1, x: inside.x, y: inside.y, answeringReads: false)
        await waitForDragLog(2, "the well took the drag")
        compositor.dragDrop()
        await waitForDragLog(3, "the drop is being read")
        XCTAssertEqual(compositor.state.dragAndDrop.last, "receive text/plain")
        XCTAssertEqual(well.calls.count, 1, "the well is still reading: \(well.calls)")
        compositor.disconnectClients()
        await waitUntil("the drop ended") { well.calls.count == 2 }
        let breakError = try XCTUnwrap(log.breakError)
        XCTAssertEqual(well.readErrors, [.connectionFailed(breakError)])
        XCTAssertEqual(well.calls.last, "refused nil", "the well heard the drop end without its data")
        await waitUntil("the application reconnected") { self.scripted.application.reconnectionCount == 1 }
        XCTAssertEqual(log.events.last, "did")
        XCTAssertEqual(inputErrors, [])
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testADragTheApplicationStartedIsCancelledWhenTheConnectionCloses() async throws {
        let log = ReconnectionLog(scripted.application)
        _ = await scripted.press()
        let session = try scripted.window.beginDraggingSession(items: [.string: Data("x".utf8)])
        var heard: [DraggingSession.Event] = []
        session.onEvent = { heard.append($0) }
        await waitForDragLog(1, "the drag started")
        compositor.disconnectClients()
        await waitUntil("the application reconnected") { self.scripted.application.reconnectionCount == 1 }
        XCTAssertTrue(session.isOver)
        XCTAssertEqual(heard, [.cancelled])
        XCTAssertEqual(session.events, [.cancelled])
        XCTAssertEqual(log.events.last, "did")
        XCTAssertEqual(inputErrors, [])
        XCTAssertEqual(scripted.fatalErrors, [])
    }
}

/// A layer taking drops with the operations it is told, recording what it heard.
@MainActor
private final class DropWell: CALayer, DragDestinationHandling {
    var answer: DragOperation = .none
    var succeeds = true
    /// How long a drop's read may take (seconds).
    var readTimeout: Double?
    var calls: [String] = []
    /// The errors reading dropped data ended with.
    var readErrors: [PasteboardError] = []
    /// The operation the compositor chose, as the well saw it at each call.
    var operations: [DragOperation] = []

    init(operations: DragOperation, succeeds: Bool) {
        super.init()
        answer = operations
        self.succeeds = succeeds
    }

    required init?(coder: NSCoder) { nil }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    private func point(_ info: DraggingInfo) -> String {
        let point = info.location(in: self)
        return "(\(point.x), \(point.y))"
    }

    func draggingEntered(_ info: DraggingInfo) -> DragOperation {
        calls.append("entered \(point(info)) types [\(info.types.map(\.rawValue).joined(separator: ", "))] source \(info.sourceOperations)")
        operations.append(info.operation)
        return answer
    }

    func draggingUpdated(_ info: DraggingInfo) -> DragOperation {
        calls.append("updated \(point(info))")
        operations.append(info.operation)
        return answer
    }

    func draggingExited(_ info: DraggingInfo) {
        calls.append("exited")
    }

    func performDragOperation(_ info: DraggingInfo) async -> Bool {
        if let readTimeout { info.timeout = readTimeout }
        var text = "nil"
        do throws(PasteboardError) {
            text = try await info.string() ?? "nil"
        } catch {
            readErrors.append(error)
        }
        let succeeded = succeeds && readErrors.isEmpty
        calls.append(succeeded ? "perform \(text) operation \(info.operation)" : "refused \(text)")
        return succeeded
    }
}
