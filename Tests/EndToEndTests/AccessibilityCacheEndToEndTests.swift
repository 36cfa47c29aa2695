import Foundation
import LaminaTesting
import XCTest

/// `window-demo`'s `org.a11y.atspi.Cache` on headless sway, read over the accessibility bus
/// by GIO's D-Bus client: the items and signals at-spi2-core's `xml/Cache.xml` describes
/// (each item `((so)(so)(so)iiassusau)`), which libatspi reads when it first meets an
/// application and follows afterwards. Expected names and roles are the demo's layers
/// (`DemoScene`, `DemoContextMenu`); role and state numbers are AT-SPI's
/// (`atspi-constants.h`).
final class AccessibilityCacheEndToEndTests: XCTestCase {
    private static let root = "/org/a11y/atspi/accessible/root"
    // AtspiRole values.
    private let roleApplication = 75, roleFrame = 23, rolePushButton = 43, roleHeading = 83, rolePanel = 39
    private let roleImage = 27, roleSlider = 51, roleLabel = 29, rolePopupMenu = 41
    // AtspiStateType values.
    private let stateActive = 1, stateEnabled = 8, stateFocusable = 11, stateSensitive = 24, stateShowing = 25
    private let stateVisible = 30, stateReadOnly = 43

    /// The demo on sway with an assistive technology present, its tree read once by pyatspi
    /// (so it is registered and laid out), and the accessibility bus's address and the demo's
    /// name on it.
    private func startDemo() throws -> (HeadlessCompositor, AccessibilityBus, ExampleProcess, address: String, name: String) {
        let sway = try HeadlessCompositor.start(.sway)
        let (bus, demo) = try AccessibilityBus.startDemo(on: sway, shownAt: "1280x720")
        _ = try ATSPIClient(bus: bus).run(["tree", "window-demo", "Lamina demo", "1280"])
        let address = try bus.accessibilityAddress()
        let name = try XCTUnwrap(try bus.registeredApplications(at: address).first?.name, "the demo is registered")
        return (sway, bus, demo, address, name)
    }

    func testGetItemsDescribesEveryAccessibleOfTheLayerTree() throws {
        let (sway, bus, demo, address, name) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let reply = try ATSPIClient(bus: bus).run(["items", address, name])
        XCTAssertEqual(reply["signature"] as? String, "(a((so)(so)(so)iiassusau))")
        let items = try XCTUnwrap(reply["items"] as? [[String: Any]])
        let byPath = Dictionary(items.compactMap { item in (item["path"] as? String).map { ($0, item) } }) { first, _ in first }
        XCTAssertEqual(byPath.count, items.count, "each accessible once")
        XCTAssertTrue(items.allSatisfy { $0["bus"] as? String == name && $0["application"] as? String == Self.root })

        let application = try XCTUnwrap(byPath[Self.root])
        XCTAssertEqual(application["role"] as? Int, roleApplication)
        XCTAssertEqual(application["name"] as? String, "window-demo")
        XCTAssertEqual(application["childCount"] as? Int, 1, "one window")
        XCTAssertEqual(application["index"] as? Int, -1)

        let frames = items.filter { $0["parent"] as? String == Self.root && $0["path"] as? String != Self.root }
        let frame = try XCTUnwrap(frames.first)
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(frame["role"] as? Int, roleFrame)
        XCTAssertEqual(frame["name"] as? String, "Lamina demo")
        XCTAssertEqual(frame["index"] as? Int, 0)
        XCTAssertEqual(frame["interfaces"] as? [String], ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"])
        let framePath = try XCTUnwrap(frame["path"] as? String)

        // The window's elements, in sublayer order (the same list the tree test reads one
        // accessible at a time).
        let elements = items.filter { $0["parent"] as? String == framePath }.sorted { ($0["index"] as? Int ?? 0) < ($1["index"] as? Int ?? 0) }
        XCTAssertEqual(
            elements.map { $0["name"] as? String },
            ["Coral card", "Amber card", "Teal card", "Violet card", "Lamina — Core Animation on Wayland", "Overlay",
             "Activity indicator", "Tilted square", "Progress"])
        XCTAssertEqual(
            elements.map { $0["role"] as? Int },
            [rolePushButton, rolePushButton, rolePushButton, rolePushButton, roleHeading, rolePanel, roleLabel, roleImage, roleSlider])
        XCTAssertEqual(elements.map { $0["index"] as? Int }, (0..<9).map { Optional($0) }, "indices 0 to 8")
        XCTAssertEqual(frame["childCount"] as? Int, 9)
        for card in elements.prefix(4) {
            XCTAssertEqual(card["description"] as? String, "Counts its activations")
            XCTAssertEqual(card["childCount"] as? Int, 0)
            XCTAssertEqual(
                card["interfaces"] as? [String],
                ["org.a11y.atspi.Accessible", "org.a11y.atspi.Action", "org.a11y.atspi.Component", "org.a11y.atspi.Value"],
                "a card has a value: its activation count")
            XCTAssertEqual(card["states"] as? [Int], [stateEnabled, stateFocusable, stateSensitive, stateShowing, stateVisible])
        }
        XCTAssertEqual(
            elements[4]["interfaces"] as? [String],
            ["org.a11y.atspi.Accessible", "org.a11y.atspi.Action", "org.a11y.atspi.Component", "org.a11y.atspi.Text"],
            "the title is a text layer")
        XCTAssertEqual((elements[8]["interfaces"] as? [String])?.contains("org.a11y.atspi.Value"), true, "the progress is adjustable")
        // The overlay groups one element, the filling ring.
        let overlay = elements[5]
        XCTAssertEqual(overlay["childCount"] as? Int, 1)
        let ring = try XCTUnwrap(items.first { $0["parent"] as? String == overlay["path"] as? String })
        XCTAssertEqual(ring["name"] as? String, "Filling ring")
        XCTAssertEqual(ring["role"] as? Int, roleImage)
        XCTAssertEqual(ring["index"] as? Int, 0)
        XCTAssertEqual(items.count, 1 + 1 + 9 + 1, "the application, the window, its 9 elements and the ring")
        XCTAssertTrue(demo.isRunning, "stderr \(demo.errors.suffix(5))")
    }

    func testAMenuOpeningAndClosingIsAddedToAndRemovedFromTheCache() throws {
        let (sway, bus, demo, address, _) = try startDemo()
        defer { demo.terminate(); bus.stop(); sway.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let progress = directory.appendingPathComponent("heard"), stop = directory.appendingPathComponent("stop")
        let ended = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<[String: Any], any Error> = .success([:])
        DispatchQueue.global().async {
            result = Result { try ATSPIClient(bus: bus).run(["cache-signals", address, progress.path, stop.path]) }
            ended.signal()
        }
        XCTAssertTrue(wait(timeout: 20) { FileManager.default.fileExists(atPath: progress.path) }, "the client listens")
        func heard() -> [[String: Any]] {
            let text = (try? String(contentsOf: progress, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        let menuItems = ["Spin the title", "Copy the title", "Paste as the title", "Close the window"]
        func added(_ name: String) -> Bool {
            heard().contains { ($0["item"] as? [String: Any])?["name"] as? String == name }
        }

        // A right click opens the demo's context menu: a popup with four labelled items.
        let pointer = try VirtualPointer(compositor: sway)
        try pointer.move(toX: 300, y: 400)
        try pointer.button(0x111, pressed: true)  // BTN_RIGHT
        try pointer.button(0x111, pressed: false)
        XCTAssertTrue(demo.wait(timeout: 10) { demo.output.contains { $0.hasPrefix("window-demo: context menu placed") } })
        XCTAssertTrue(wait(timeout: 20) { menuItems.allSatisfy(added) }, "the menu's items are added: \(heard())")

        // A press elsewhere in the window dismisses it.
        try pointer.move(toX: 1000, y: 650)
        try pointer.button(pressed: true)
        try pointer.button(pressed: false)
        XCTAssertTrue(demo.wait(timeout: 10) { demo.output.contains("window-demo: context menu dismissed") }, "stdout \(demo.output)")
        let additions = heard().compactMap { $0["item"] as? [String: Any] }
        let menu = try XCTUnwrap(additions.first { $0["role"] as? Int == rolePopupMenu }, "the popup is added: \(additions)")
        let menuPath = try XCTUnwrap(menu["path"] as? String)
        let itemPaths = menuItems.compactMap { name in additions.first { $0["name"] as? String == name }?["path"] as? String }
        XCTAssertTrue(
            wait(timeout: 20) { Set(heard().compactMap { $0["path"] as? String }).isSuperset(of: [menuPath] + itemPaths) },
            "the menu and its items are removed: \(heard())")
        _ = FileManager.default.createFile(atPath: stop.path, contents: nil)
        XCTAssertEqual(ended.wait(timeout: .now() + 20), .success, "the client ends")
        let signals = try XCTUnwrap(try result.get()["signals"] as? [[String: Any]])

        for signal in signals {
            XCTAssertEqual(signal["objectPath"] as? String, "/org/a11y/atspi/cache")
            let member = signal["member"] as? String
            XCTAssertEqual(
                signal["signature"] as? String, member == "AddAccessible" ? "(((so)(so)(so)iiassusau))" : "((so))", "\(signal)")
        }
        // The popup: a top level after the window (index 1), holding its four items.
        XCTAssertEqual(menu["parent"] as? String, Self.root)
        XCTAssertEqual(menu["index"] as? Int, 1)
        XCTAssertEqual(menu["childCount"] as? Int, 4)
        XCTAssertEqual(menu["states"] as? [Int], [stateActive, stateEnabled, stateSensitive, stateShowing, stateVisible])
        for (index, name) in menuItems.enumerated() {
            let item = try XCTUnwrap(additions.first { $0["name"] as? String == name })
            XCTAssertEqual(item["role"] as? Int, roleLabel, name)
            XCTAssertEqual(item["parent"] as? String, menuPath, name)
            XCTAssertEqual(item["index"] as? Int, index, name)
            XCTAssertEqual(item["states"] as? [Int], [stateEnabled, stateSensitive, stateShowing, stateVisible, stateReadOnly], name)
        }
        // Added before they are removed, the popup before its items.
        let order = signals.compactMap { signal -> String? in
            guard let path = (signal["item"] as? [String: Any])?["path"] as? String ?? signal["path"] as? String,
                path == menuPath || itemPaths.contains(path)
            else { return nil }
            return "\(signal["member"] as? String ?? "?") \(path == menuPath ? "menu" : "item")"
        }
        XCTAssertEqual(
            order, ["AddAccessible menu"] + Array(repeating: "AddAccessible item", count: 4) + ["RemoveAccessible menu"]
                + Array(repeating: "RemoveAccessible item", count: 4))
        XCTAssertTrue(demo.isRunning, "stderr \(demo.errors.suffix(5))")
    }
}
