import CoreGraphics
import Foundation
import LaminaTesting
import TestSupport
import XCTest

/// `examples/hit-testing` in a real headless sway: what it draws, what it reports for injected
/// clicks, and that it does nothing while nothing changes.
final class HitTestingEndToEndTests: XCTestCase {
    private var compositor: HeadlessCompositor!
    private var example: ExampleProcess!

    override func setUpWithError() throws {
        compositor = try HeadlessCompositor.start(.sway)
    }

    override func tearDown() {
        example?.terminate()
        compositor?.stop()
    }

    private func launch(arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        example = try ExampleProcess("hit-testing", arguments: arguments, environment: compositor.environment.merging(extra) { $1 })
        let shown = example.wait(timeout: 20) { example.errors.contains { $0.hasPrefix("hit-testing: window shown at 1280x720") } }
        XCTAssertTrue(shown, "the window was shown; stderr: \(example.errors.suffix(10)), compositor: \(compositor.log.suffix(800))")
    }

    /// Commits of the window's surface in the example's WAYLAND_DEBUG log (not of the cursor's).
    private func windowCommits() -> Int {
        let errors = example.errors
        guard let line = errors.first(where: { $0.contains("-> xdg_wm_base@") && $0.contains(".get_xdg_surface(") }),
            let range = line.range(of: #"wl_surface@[0-9]+"#, options: .regularExpression)
        else { return 0 }
        let surface = line[range]
        return errors.filter { $0.contains("-> \(surface).commit()") }.count
    }

    func testScreenshotShowsEachLayerAtItsPlace() throws {
        try launch()
        let image = try compositor.screenshot()
        XCTAssertEqual(image.width, 1280)
        XCTAssertEqual(image.height, 720)
        let background = (31, 31, 36)
        assertColor(image, 120, 120, (255, 0, 0), "red", tolerance: 1)
        assertColor(image, 200, 200, (255, 255, 255), "inner, a sublayer of red", tolerance: 1)
        assertColor(image, 400, 300, (0, 255, 0), "green over red (added later)", tolerance: 1)
        assertColor(image, 650, 300, (0, 0, 255), "blue over green (zPosition 1)", tolerance: 1)
        assertColor(image, 650, 500, (0, 255, 0), "green below blue's bottom edge", tolerance: 1)
        assertColor(image, 1000, 200, background, "the hidden layer is not drawn", tolerance: 1)
        assertColor(image, 99, 99, background, "just outside red's top-left corner", tolerance: 1)
        assertColor(image, 100, 100, (255, 0, 0), "red's top-left pixel", tolerance: 1)
        assertColor(image, 499, 249, (255, 0, 0), "red's right edge above green", tolerance: 1)
        assertColor(image, 299, 399, (255, 0, 0), "red's bottom edge left of green", tolerance: 1)
        assertColor(image, 300, 399, (0, 255, 0), "green's left edge over red", tolerance: 1)
        assertColor(image, 500, 150, background, "just right of red", tolerance: 1)
    }

    func testClicksReportTheTopmostVisibleLayer() throws {
        try launch()
        let pointer = try VirtualPointer(compositor: compositor)
        let clicks: [(Int, Int, String)] = [
            (120, 380, "red"),
            (200, 200, "inner"),
            (400, 300, "green"),  // red and green overlap: the later sibling wins
            (650, 300, "blue"),  // green and blue overlap: the higher zPosition wins
            (650, 500, "green"),
            (1000, 200, "none"),  // only the hidden layer is there
            (1270, 700, "none"),
        ]
        for (x, y, _) in clicks {
            try pointer.click(atX: x, y: y)
        }
        let expected = clicks.map { "hit \($0.2) \($0.0) \($0.1)" }
        let complete = example.wait(timeout: 10) { example.output.count >= expected.count }
        XCTAssertTrue(complete, "got \(example.output)")
        XCTAssertEqual(example.output, expected)
    }

    func testClicksInjectedThroughSwayIPCAreReported() throws {
        try launch()
        // sway's seat gets a pointer once a pointer device exists; then swaymsg drives it.
        let device = try VirtualPointer(compositor: compositor)
        for (x, y) in [(650, 300), (120, 380)] {
            try compositor.run("swaymsg", package: "sway", ["seat", "seat0", "cursor", "set", "\(x)", "\(y)"])
            try compositor.run("swaymsg", package: "sway", ["seat", "seat0", "cursor", "press", "button1"])
            try compositor.run("swaymsg", package: "sway", ["seat", "seat0", "cursor", "release", "button1"])
        }
        XCTAssertTrue(example.wait(timeout: 10) { example.output.count >= 2 }, "got \(example.output)")
        XCTAssertEqual(example.output, ["hit blue 650 300", "hit red 120 380"])
        withExtendedLifetime(device) {}
    }

    func testTypedKeysAreReportedWithTheirKeysymAndText() throws {
        try launch()
        // wtype creates a virtual keyboard, which gives the seat its keyboard: the window binds
        // wl_keyboard on that capability, so wtype waits before its first key.
        try compositor.run("wtype", package: "wtype", ["-s", "400", "aB1é", "-k", "Return", "-k", "space"])
        let expected = ["key a a", "key B B", "key 1 1", "key eacute é", "key Return -", "key space  "]
        XCTAssertTrue(example.wait(timeout: 10) { example.output.count >= expected.count }, "got \(example.output); stderr: \(example.errors.suffix(5))")
        XCTAssertEqual(example.output, expected)
        XCTAssertFalse(example.errors.contains { $0.contains("keymap") }, "no keymap diagnostic: \(example.errors)")
    }

    func testNothingIsCommittedWhileNothingChanges() throws {
        try launch(environment: ["WAYLAND_DEBUG": "client"])
        func commits() -> Int { windowCommits() }
        func frameRequests() -> Int { example.errors.filter { $0.contains(".frame(new id wl_callback@") }.count }
        let settledCommits = commits()
        let settledFrames = frameRequests()
        XCTAssertGreaterThan(settledCommits, 0)
        // A defined window after a defined event: one second after the window was shown.
        let cpuBefore = try XCTUnwrap(example.cpuTicks)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(commits(), settledCommits, "no commit while idle")
        XCTAssertEqual(frameRequests(), settledFrames, "no frame callback requested while idle")
        let cpuAfter = try XCTUnwrap(example.cpuTicks)
        XCTAssertLessThanOrEqual(cpuAfter - cpuBefore, 2, "an idle window sleeps (CPU ticks used in 1 s)")
        // Pointer input that changes no layer commits nothing either: observed for 0.3 s after
        // the click was reported.
        let pointer = try VirtualPointer(compositor: compositor)
        try pointer.click(atX: 120, y: 380)
        XCTAssertTrue(example.wait(timeout: 10) { example.output.contains("hit red 120 380") })
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(commits(), settledCommits, "a click that changes nothing commits nothing")
    }

    /// The columns of row `y` where the orange mover is drawn, if any.
    private func moverColumns(_ image: CGImage, y: Int) -> ClosedRange<Int>? {
        let columns = (0..<image.width).filter { x in
            guard let p = image.pixel(x: x, y: y) else { return false }
            return p.red >= 250 && (120...135).contains(p.green) && p.blue <= 5
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// Takes screenshots until `condition` holds for the mover's columns on row 640; returns
    /// them, or nil after `timeout` seconds.
    private func waitForMover(timeout: Double = 30, _ condition: (ClosedRange<Int>?) -> Bool) throws -> ClosedRange<Int>? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let columns = moverColumns(try compositor.screenshot(), y: 640)
            if condition(columns) { return columns }
        } while Date() < deadline
        XCTFail("the mover never satisfied the condition within \(timeout) s")
        return nil
    }

    func testClickingAMovingLayerHitsItWhereItIsDrawn() throws {
        // A slow implicit animation (20 s for 900 px), so the layer is still well on its way
        // between the screenshot and the click.
        try launch(arguments: ["--animation-duration", "20"])
        let pointer = try VirtualPointer(compositor: compositor)
        let before = try compositor.screenshot()
        XCTAssertEqual(moverColumns(before, y: 640), 100...299, "the mover starts at x 100–300")
        try pointer.click(atX: 200, y: 640)
        XCTAssertTrue(example.wait(timeout: 10) { example.errors.contains("hit-testing: mover moving to x=1000 over 20.0 s") }, "\(example.errors.suffix(5))")
        XCTAssertEqual(example.output, ["hit mover 200 640"])
        // Wait until it is drawn more than half its width from where it started, and clear of
        // the pointer's cursor (drawn in screenshots) at x 200.
        let drawn = try XCTUnwrap(try waitForMover { ($0?.lowerBound ?? 0) >= 250 }, "the mover is on screen mid-animation")
        XCTAssertLessThan(drawn.upperBound, 1000, "it has not reached its model frame (1000–1200): \(drawn)")
        XCTAssertEqual(drawn.count, 200, accuracy: 2, "drawn whole, not smeared")
        // The middle of where it is drawn is neither inside its start frame nor inside its
        // model frame: a hit there can only come from the presentation tree.
        let x = (drawn.lowerBound + drawn.upperBound) / 2
        XCTAssertGreaterThanOrEqual(x, 300, "it moved more than half its width: \(drawn)")
        try pointer.click(atX: x, y: 640)
        XCTAssertTrue(example.wait(timeout: 10) { example.output.count >= 2 }, "got \(example.output)")
        XCTAssertEqual(example.output.last, "hit mover \(x) 640")
        // Where the model already is, nothing is drawn yet and nothing is hit.
        try pointer.click(atX: 1190, y: 690)
        XCTAssertTrue(example.wait(timeout: 10) { example.output.count >= 3 }, "got \(example.output)")
        XCTAssertEqual(example.output.last, "hit none 1190 690")
    }

    func testAnimationDrawsFramesThenTheWindowIdlesAgain() throws {
        try launch(arguments: ["--animation-duration", "1"], environment: ["WAYLAND_DEBUG": "client"])
        func commits() -> Int { windowCommits() }
        let settled = commits()
        let pointer = try VirtualPointer(compositor: compositor)
        try pointer.click(atX: 200, y: 640)
        XCTAssertTrue(example.wait(timeout: 10) { example.errors.contains { $0.hasPrefix("hit-testing: mover moving") } })
        XCTAssertTrue(example.wait(timeout: 10) { example.errors.contains("hit-testing: mover arrived at x=1000") }, "the animation ended")
        // sway paces at 60 Hz: a 1 s animation is about 60 frames; 20 leaves room for a slow machine.
        XCTAssertGreaterThanOrEqual(commits() - settled, 20, "a frame per frame callback during the 1 s animation")
        XCTAssertEqual(try waitForMover { $0 == 1000...1199 }, 1000...1199, "the mover ends at its model frame")
        // Once the final frame is on screen, a defined window of 0.5 s shows no more commits.
        let afterAnimation = commits()
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(commits(), afterAnimation, "no commit once the animation is over")
    }

    func testCompositorDyingEndsTheClientWithAnError() throws {
        try launch()
        compositor.stop()
        XCTAssertTrue(example.waitForExit(timeout: 10), "the client exits instead of hanging")
        XCTAssertNotEqual(example.exitStatus, 0)
        XCTAssertTrue(example.errors.contains { $0.contains("connection to the Wayland compositor was lost") }, "\(example.errors)")
    }

    func testTheEnvironmentVariableRecordsEachClickAndWhetherItChangedAnything() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("frames.csv").path
        try launch(arguments: ["--duration", "4", "--animation-duration", "0.2"], environment: ["LAMINA_FRAME_TIMING": csv])
        let pointer = try VirtualPointer(compositor: compositor)
        try pointer.click(atX: 1000, y: 200)  // nothing there: reported, nothing changes
        try pointer.click(atX: 200, y: 640)  // the mover: it starts moving
        XCTAssertTrue(example.waitForExit(timeout: 20))
        XCTAssertEqual(example.exitStatus, 0)
        let prefix = "lamina: frame-timing \(csv): "
        let summary = try XCTUnwrap(example.errors.first { $0.hasPrefix(prefix) }, "\(example.errors.suffix(5))")
        XCTAssertTrue(summary.contains(", input latency p50 "), summary)
        XCTAssertTrue(summary.contains(" ms (1 events), hitch ratio "), "only the press on the mover changed something: \(summary)")
        let rows = try String(contentsOfFile: folder.appendingPathComponent("frames-input.csv").path, encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.first?.prefix(6), ["event", "kind", "timestamp_ms", "event_time", "arrival", "frame"])
        // Rows come as records complete (an event with an effect waits for its frame): in the
        // events' order by their numbers.
        let buttons = rows.dropFirst().filter { $0[1] == "pointer-pressed" || $0[1] == "pointer-released" }
            .sorted { (Int($0[0]) ?? 0) < (Int($1[0]) ?? 0) }
        XCTAssertEqual(buttons.map { $0[1] }, ["pointer-pressed", "pointer-released", "pointer-pressed", "pointer-released"])
        XCTAssertEqual(buttons.map { !$0[5].isEmpty }, [false, false, true, false], "a frame for the press on the mover alone")
    }

    func testDurationExitsWithStatusZero() throws {
        example = try ExampleProcess("hit-testing", arguments: ["--duration", "1.5"], environment: compositor.environment)
        XCTAssertTrue(example.waitForExit(timeout: 20))
        XCTAssertEqual(example.exitStatus, 0)
    }
}
