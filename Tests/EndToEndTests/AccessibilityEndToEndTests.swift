import Foundation
import LaminaTesting
import XCTest

/// `window-demo` on headless sway, read by a real AT-SPI client (pyatspi) through a private
/// session bus with at-spi2-core's accessibility bus and registry. Expected roles and state
/// numbers are AT-SPI's (`atspi-constants.h`, as pyatspi exposes them); expected frames are
/// computed from the demo's layout at 1280×720 (sway tiles the window at the output's size,
/// with no border and server-side decorations, so window coordinates are the root layer's).
final class AccessibilityEndToEndTests: XCTestCase {
    // AtspiRole values.
    private let roleApplication = 75, roleFrame = 23, rolePushButton = 43, roleHeading = 83, rolePanel = 39
    private let roleImage = 27, roleSlider = 51, roleLabel = 29, rolePopupMenu = 41
    // AtspiRelationType values.
    private let relationPopupFor = 15
    // AtspiStateType values.
    private let stateEnabled = 8, stateFocusable = 11, stateSensitive = 24, stateShowing = 25, stateVisible = 30

    /// The demo on sway with an assistive technology present from the start.
    private func startDemo(enabled: Bool = true) throws -> (HeadlessCompositor, AccessibilityBus, ExampleProcess) {
        let sway = try HeadlessCompositor.start(.sway)
        let (bus, demo) = try AccessibilityBus.startDemo(on: sway, enabled: enabled, shownAt: "1280x720")
        return (sway, bus, demo)
    }

    func testTheRegistryListsTheDemoWithItsLabelledLayersRolesAndFrames() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let app = try ATSPIClient(bus: bus).run(["tree", "window-demo", "Lamina demo", "1280"])
        XCTAssertEqual(app["role"] as? Int, roleApplication)
        XCTAssertEqual(app["name"] as? String, "window-demo")
        let frames = try XCTUnwrap(app["children"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 1, "one window")
        let frame = try XCTUnwrap(frames.first)
        XCTAssertEqual(frame["role"] as? Int, roleFrame)
        XCTAssertEqual(frame["name"] as? String, "Lamina demo")
        try assertExtents(frame, CGRect(x: 0, y: 0, width: 1280, height: 720))
        let elements = try XCTUnwrap(frame["children"] as? [[String: Any]])
        XCTAssertEqual(
            elements.map { $0["name"] as? String },
            ["Coral card", "Amber card", "Teal card", "Violet card", "Lamina — Core Animation on Wayland", "Overlay",
             "Activity indicator", "Tilted square", "Progress"],
            "the labelled layers in sublayer order; the rest are transparent")
        XCTAssertEqual(
            elements.map { $0["role"] as? Int },
            [rolePushButton, rolePushButton, rolePushButton, rolePushButton, roleHeading, rolePanel, roleLabel, roleImage, roleSlider])
        // Cards: 80 points from the sides, 40 apart, 250 × 330 from y = 120.
        for (index, card) in elements.prefix(4).enumerated() {
            try assertExtents(card, CGRect(x: 80 + 290 * CGFloat(index), y: 120, width: 250, height: 330))
            XCTAssertEqual(card["description"] as? String, "Counts its activations")
            XCTAssertEqual(card["actions"] as? [String], ["activate"])
            let states = Set(try XCTUnwrap(card["states"] as? [Int]))
            XCTAssertTrue(states.isSuperset(of: [stateEnabled, stateSensitive, stateFocusable, stateShowing, stateVisible]), "\(states)")
            XCTAssertEqual(card["indexInParent"] as? Int, index)
        }
        let title = elements[4]
        try assertExtents(title, CGRect(x: 80, y: 44, width: 1120, height: 56))
        XCTAssertEqual(title["text"] as? String, "Lamina — Core Animation on Wayland", "a text layer offers its text")
        let overlay = elements[5]
        try assertExtents(overlay, CGRect(x: 240, y: 380, width: 800, height: 160))
        let ring = try XCTUnwrap((overlay["children"] as? [[String: Any]])?.first)
        XCTAssertEqual(ring["name"] as? String, "Filling ring")
        XCTAssertEqual(ring["role"] as? Int, roleImage)
        try assertExtents(ring, CGRect(x: 240 + 30, y: 380 + 20, width: 80, height: 80))
        // A 120-point square turned by π/8 about (640, 620): its bounding box is
        // 120·(cos π/8 + sin π/8) = 156.79 points wide.
        let side = 120 * (cos(CGFloat.pi / 8) + sin(CGFloat.pi / 8))
        try assertExtents(elements[7], CGRect(x: 640 - side / 2, y: 620 - side / 2, width: side, height: side))
        let progress = elements[8]
        try assertExtents(progress, CGRect(x: 1080, y: 540, width: 140, height: 140))
        XCTAssertEqual(progress["actions"] as? [String], ["activate", "increment", "decrement"])
        XCTAssertEqual(progress["value"] as? Double, 70, "the value's number: 70%")
    }

    func testTheAccessibleAtAPointIsTheDeepestElementThere() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let client = ATSPIClient(bus: bus)
        _ = try client.run(["tree", "window-demo", "Lamina demo", "1280"])
        let cases: [(x: Int, y: Int, name: String?)] = [
            (100, 140, "Coral card"),
            (100, 420, "Coral card"),  // under the frosted panel, which is not an element
            (300, 430, "Filling ring"),  // inside the overlay's group
            (600, 500, "Overlay"),
            (1150, 610, "Progress"),
            (20, 20, nil),  // the background
        ]
        for point in cases {
            let hit = try client.run(["at", "window-demo", "\(point.x)", "\(point.y)"])
            XCTAssertEqual(hit["name"] as? String, point.name, "at (\(point.x), \(point.y))")
        }
    }

    func testActivatingACardRunsItsHandlerAndItsNewValueIsAnnounced() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let client = ATSPIClient(bus: bus)
        _ = try client.run(["tree", "window-demo", "Lamina demo", "1280"])
        let result = try client.run(["act", "window-demo", "Coral card", "activate", "object:property-change:accessible-value"])
        XCTAssertTrue(demo.wait(timeout: 10) { demo.output.contains("window-demo: card coral activated") }, "stdout \(demo.output)")
        let events = try XCTUnwrap(result["events"] as? [[String: Any]])
        XCTAssertEqual(events.first?["source"] as? String, "Coral card", "\(events)")
        XCTAssertEqual(events.first?["type"] as? String, "object:property-change:accessible-value")
    }

    func testIncrementingTheProgressRaisesItsValue() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let client = ATSPIClient(bus: bus)
        _ = try client.run(["tree", "window-demo", "Lamina demo", "1280"])
        let result = try client.run(["act", "window-demo", "Progress", "increment", "object:property-change:accessible-value"])
        XCTAssertTrue(demo.wait(timeout: 10) { demo.output.contains("window-demo: progress 80%") }, "stdout \(demo.output)")
        let events = try XCTUnwrap(result["events"] as? [[String: Any]])
        XCTAssertEqual(events.first?["source"] as? String, "Progress", "\(events)")
    }

    func testTabAndShiftTabMoveTheFocusInReadingOrderAndTheClientSeesIt() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        // The seat gets its keyboard now; the demo's window takes the keyboard focus.
        let keyboard = try VirtualKeyboard(compositor: sway)
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-focus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: ready) }
        let heard = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<[String: Any], any Error> = .success([:])
        DispatchQueue.global().async {
            result = Result { try ATSPIClient(bus: bus).run(["focus", "window-demo", "4", ready.path]) }
            heard.signal()
        }
        XCTAssertTrue(
            wait(timeout: 40) { FileManager.default.fileExists(atPath: ready.path) },
            "the client listens once the window has the keyboard")
        // From the root (no element focused): Tab to the first card, Tab to the second,
        // Shift-Tab back; Shift-Tab from the first wraps round to the last (the progress).
        // One key at a time, as a user presses them: a snapshot shows where the focus is at
        // the end of a turn of the app's main queue, so keys handled in one turn make one
        // focus change.
        for (index, shift) in [false, false, true, true].enumerated() {
            try keyboard.press("Tab", modifiers: shift ? ScriptedCompositor.ModifierMask.shift : 0)
            XCTAssertTrue(
                wait(timeout: 20) {
                    ((try? String(contentsOf: ready, encoding: .utf8)) ?? "").split(separator: "\n").count > index
                },
                "focus change \(index + 1) heard")
        }
        XCTAssertEqual(heard.wait(timeout: .now() + 40), .success, "the client ends")
        let focus = try result.get()
        XCTAssertEqual(focus["gained"] as? [String], ["Coral card", "Amber card", "Coral card", "Progress"])
        XCTAssertEqual(focus["lastHasFocusedState"] as? Bool, true, "the focused element has the focused state")
        XCTAssertTrue(demo.isRunning, "stderr \(demo.errors.suffix(5))")
    }

    func testNoElementHasARelationAndTheContextMenuIsAPopupForTheWindow() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let client = ATSPIClient(bus: bus)
        let before = try XCTUnwrap(try client.run(["relations", "window-demo", "1"])["accessibles"] as? [[String: Any]])
        XCTAssertGreaterThan(before.count, 10, "the application, its frame and the elements")
        for accessible in before {
            XCTAssertEqual((accessible["relations"] as? [Any])?.count, 0, "\(accessible)")
        }
        // pyatspi reads a failed call as no relations: on the bus itself, the answer is an
        // empty a(ua(so)), not an error.
        let address = try bus.accessibilityAddress()
        let app = try XCTUnwrap(try bus.registeredApplications(at: address).first)
        let raw = try client.run(["call", address, app.name, app.path, "org.a11y.atspi.Accessible", "GetRelationSet", ""])
        XCTAssertNil(raw["error"] as? String)
        XCTAssertEqual(raw["reply"] as? String, "dbus.Array([], signature=dbus.Signature('(ua(so))'))")
        // A right click opens the demo's context menu next to the pointer, in the window's root layer.
        let pointer = try VirtualPointer(compositor: sway)
        try pointer.move(toX: 300, y: 400)
        try pointer.button(0x111, pressed: true)  // BTN_RIGHT
        try pointer.button(0x111, pressed: false)
        XCTAssertTrue(
            demo.wait(timeout: 10) { demo.output.contains { $0.hasPrefix("window-demo: context menu placed") } }, "stdout \(demo.output)")
        let after = try XCTUnwrap(try client.run(["relations", "window-demo", "2"])["accessibles"] as? [[String: Any]])
        let related = after.filter { ($0["relations"] as? [Any])?.isEmpty == false }
        XCTAssertEqual(related.count, 1, "only the menu has a relation: \(related)")
        XCTAssertEqual(related.first?["role"] as? Int, rolePopupMenu)
        let relations = try XCTUnwrap(related.first?["relations"] as? [[String: Any]])
        XCTAssertEqual(relations.first?["type"] as? Int, relationPopupFor)
        let targets = try XCTUnwrap(relations.first?["targets"] as? [[Any]])
        XCTAssertEqual(targets.map { $0.first as? String }, ["Lamina demo"], "the window's frame")
        XCTAssertEqual(targets.map { $0.last as? Int }, [roleFrame])
    }

    /// The demo's still elements where its layout puts them in a W × H window (built at
    /// 1280 × 720, then resized through the layers' autoresizing masks): cards 80 points
    /// from the sides and 40 apart from y = 120 down to 270 above the bottom (at least 40
    /// high); the title 80 from the sides; the progress ring 200 from the right and 180
    /// from the bottom; the square turned by π/8 centred across, 100 from the bottom.
    private func stillElementFrames(width: CGFloat, height: CGFloat) -> [String: CGRect] {
        let cardWidth = max((width - 160 - 3 * 40) / 4, 20), cardHeight = max(height - 390, 40)
        var frames: [String: CGRect] = [:]
        for (index, name) in ["Coral card", "Amber card", "Teal card", "Violet card"].enumerated() {
            frames[name] = CGRect(x: 80 + CGFloat(index) * (cardWidth + 40), y: 120, width: cardWidth, height: cardHeight)
        }
        frames["Lamina — Core Animation on Wayland"] = CGRect(x: 80, y: 44, width: width - 160, height: 56)
        frames["Progress"] = CGRect(x: width - 200, y: height - 180, width: 140, height: 140)
        let side = 120 * (cos(CGFloat.pi / 8) + sin(CGFloat.pi / 8))
        frames["Tilted square"] = CGRect(x: width / 2 - side / 2, y: height - 100 - side / 2, width: side, height: side)
        return frames
    }

    /// Reads the demo's tree through the client and checks the still elements' extents
    /// against ``stillElementFrames(width:height:)`` at the size it reported.
    private func assertStillElementExtents(_ bus: AccessibilityBus, _ demo: ExampleProcess, file: StaticString = #filePath, line: UInt = #line) throws {
        let prefix = "window-demo: shown at "
        let reported = try XCTUnwrap(demo.output.last { $0.hasPrefix(prefix) }?.dropFirst(prefix.count), file: file, line: line)
        let parts = reported.split(separator: "x").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 2, "a size in \(reported)", file: file, line: line)
        guard parts.count == 2 else { return }
        let app = try ATSPIClient(bus: bus).run(["tree", "window-demo", "Lamina demo", "\(parts[0])"])
        let frame = try XCTUnwrap((app["children"] as? [[String: Any]])?.first, file: file, line: line)
        try assertExtents(frame, CGRect(x: 0, y: 0, width: parts[0], height: parts[1]), file: file, line: line)
        let elements = try XCTUnwrap(frame["children"] as? [[String: Any]], file: file, line: line)
        let expected = stillElementFrames(width: CGFloat(parts[0]), height: CGFloat(parts[1]))
        var checked = 0
        for element in elements {
            guard let name = element["name"] as? String, let want = expected[name] else { continue }
            try assertExtents(element, want, file: file, line: line)
            checked += 1
        }
        XCTAssertEqual(checked, expected.count, "every still element is in the tree", file: file, line: line)
    }

    func testAtOutputScaleTwoExtentsAreTheLayersFramesInPoints() throws {
        // 1280×720 pixels at scale 2: a 640×360-point window.
        let sway = try HeadlessCompositor.start(.sway, scale: 2)
        defer { sway.stop() }
        let (bus, demo) = try AccessibilityBus.startDemo(on: sway, shownAt: "640x360")
        defer { demo.terminate(); bus.stop() }
        try assertStillElementExtents(bus, demo)
    }

    func testAtKWinsFractionalScaleOf125ExtentsAreTheLayersFramesInPoints() throws {
        let kwin = try HeadlessCompositor.start(.kwin, scale: 1.25)
        defer { kwin.stop() }
        let (bus, demo) = try AccessibilityBus.startDemo(on: kwin, shownAt: nil)
        defer { demo.terminate(); bus.stop() }
        try assertStillElementExtents(bus, demo)
    }

    func testTheAppJoinsWhenAnAssistiveTechnologyComesAndLeavesWhenItGoes() throws {
        let (sway, bus, demo) = try startDemo(enabled: false)
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let address = try bus.accessibilityAddress()
        XCTAssertEqual(try bus.registeredApplications(at: address).count, 0, "nothing registered while no assistive technology is present")
        try bus.setEnabled(true)
        XCTAssertTrue(wait(timeout: 20) { ((try? bus.registeredApplications(at: address).count) ?? 0) == 1 }, "registered once enabled")
        try bus.setEnabled(false)
        XCTAssertTrue(wait(timeout: 20) { ((try? bus.registeredApplications(at: address).count) ?? 1) == 0 }, "gone once disabled")
        XCTAssertTrue(demo.isRunning, "the demo keeps running; stderr \(demo.errors.suffix(5))")
    }

    func testTheBridgeAnswersBelowThePriorityOfTheMainAndRenderThreads() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        // A walk of the tree: the bridge thread and GDBus's worker thread are both at work.
        _ = try ATSPIClient(bus: bus).run(["tree", "window-demo", "Lamina demo", "1280"])
        let threads = try ThreadNiceValues(process: demo.processIdentifier)
        let main = try XCTUnwrap(threads.threads.first { $0.id == demo.processIdentifier }, "\(threads.threads)")
        // Ten nice levels below the thread that started the app, 19 at most.
        let lowered = min(main.nice + 10, 19)
        let bridge = threads.named("lamina.a11y")
        XCTAssertEqual(bridge.map(\.nice), [lowered], "the bridge thread; threads \(threads.threads)")
        let worker = threads.named("gdbus")
        XCTAssertEqual(worker.map(\.nice), [lowered], "GDBus's worker thread, started by the bridge; threads \(threads.threads)")
        // GLib's own threads ("gmain", its worker context) are started by the bridge too.
        let glib = threads.named("gmain")
        XCTAssertEqual(glib.map(\.nice), glib.map { _ in lowered }, "threads \(threads.threads)")
        let others = threads.threads.filter { !["lamina.a11y", "gdbus", "gmain"].contains($0.name) }
        XCTAssertGreaterThan(others.count, 1, "the main thread, the render thread and more; threads \(threads.threads)")
        // Dispatch's worker threads run at the nice values of their qualities of service.
        XCTAssertEqual(others.filter { $0.nice > main.nice }, [], "frames are made and drawn at the app's own priority or above")
    }

    func testMalformedRequestsGetErrorsAndTheAppKeepsRunning() throws {
        let (sway, bus, demo) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        _ = try ATSPIClient(bus: bus).run(["tree", "window-demo", "Lamina demo", "1280"])
        let address = try bus.accessibilityAddress()
        let app = try XCTUnwrap(try bus.registeredApplications(at: address).first)
        let client = ATSPIClient(bus: bus)
        func error(_ path: String, _ method: String, _ signature: String = "", _ arguments: [String] = []) throws -> String? {
            let interface = "org.a11y.atspi.Accessible"
            let reply = try client.run(["call", address, app.name, path, interface, method, signature] + arguments)
            return reply["error"] as? String
        }
        let root = "/org/a11y/atspi/accessible/root"
        let invalid = "org.freedesktop.DBus.Error.InvalidArgs"
        XCTAssertEqual(try error(root, "GetChildAtIndex", "s", ["x"]), invalid, "a string for an index")
        XCTAssertEqual(try error(root, "GetChildAtIndex", "i", ["99"]), invalid, "no such child")
        XCTAssertEqual(try error(root, "GetChildAtIndex", "i", ["-1"]), invalid, "a negative index")
        XCTAssertEqual(try error(root, "GetChildAtIndex", "ii", ["0", "0"]), invalid, "too many arguments")
        XCTAssertEqual(try error(root, "Frobnicate"), "org.freedesktop.DBus.Error.UnknownMethod", "an unknown method")
        let unknown = try error("/org/a11y/atspi/accessible/987654321", "GetRole")
        XCTAssertTrue(unknown == "org.freedesktop.DBus.Error.UnknownMethod" || unknown == "org.freedesktop.DBus.Error.UnknownObject", "\(unknown ?? "no error")")
        XCTAssertNil(try error(root, "GetChildAtIndex", "i", ["0"]), "still answering")
        XCTAssertTrue(demo.isRunning, "stderr \(demo.errors.suffix(5))")
    }

    // MARK: - Helpers

    /// Asserts that a node's extents (window coordinates) are `expected` within 1 point on
    /// each edge.
    private func assertExtents(_ node: [String: Any], _ expected: CGRect, file: StaticString = #filePath, line: UInt = #line) throws {
        let extents = try XCTUnwrap(node["extents"] as? [Int], "\(node["name"] ?? "?") has extents", file: file, line: line)
        XCTAssertEqual(extents.count, 4, file: file, line: line)
        guard extents.count == 4 else { return }
        let edges = [CGFloat(extents[0]), CGFloat(extents[1]), CGFloat(extents[0] + extents[2]), CGFloat(extents[1] + extents[3])]
        let want = [expected.minX, expected.minY, expected.maxX, expected.maxY]
        for (got, wanted) in zip(edges, want) {
            XCTAssertLessThanOrEqual(abs(got - wanted), 1, "\(node["name"] ?? "?"): extents \(extents), expected \(expected)", file: file, line: line)
        }
    }
}
