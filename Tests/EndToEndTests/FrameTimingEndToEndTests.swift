import CoreGraphics
import Foundation
import LaminaTesting
import TestSupport
import XCTest

/// `examples/frame-timing` run as a user would, against real weston (which reports every
/// presented frame) and sway 1.7 (which answers no presentation feedback): its summary line
/// parsed, its CSV and PNG opened; and `LAMINA_FRAME_TIMING=PATH` measuring another app.
final class FrameTimingEndToEndTests: XCTestCase {
    /// The figures of a summary line, by name (`frames`, `fps`, `interval.p50`, …).
    private func figures(_ line: String) -> [String: Double]? {
        // frames N, fps F, interval p50 A p99 B max C ms, latency p50 D p99 E ms, render p50 G p99 H ms, missed M (P%),
        // input latency p50 I p99 J ms (K events) — or no input events —, hitch ratio R ms/s
        let pattern = #"^frames (\d+), fps ([\d.]+), interval p50 ([\d.]+) p99 ([\d.]+) max ([\d.]+) ms, latency p50 ([\d.]+) p99 ([\d.]+) ms, render p50 ([\d.]+) p99 ([\d.]+) ms, missed (\d+) \(([\d.]+)%\), (?:input latency p50 ([\d.]+) p99 ([\d.]+) ms \((\d+) events\)|no input events), hitch ratio ([\d.]+) ms/s$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
        else { return nil }
        let names = [
            "frames", "fps", "interval.p50", "interval.p99", "interval.max", "latency.p50", "latency.p99", "render.p50",
            "render.p99", "missed", "missed.percent", "input.p50", "input.p99", "input.events", "hitch.ratio",
        ]
        var values: [String: Double] = [:]
        for (index, name) in names.enumerated() {
            // Without input events, the input figures are absent.
            if match.range(at: index + 1).location == NSNotFound, name.hasPrefix("input.") { continue }
            guard let range = Range(match.range(at: index + 1), in: line), let value = Double(line[range]) else { return nil }
            values[name] = value
        }
        return values
    }

    /// A fresh path in the temporary folder.
    /// The rows of the CSV at `path`, each by its header's column names (empty fields kept).
    private func csvRecords(_ path: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = try XCTUnwrap(lines.first, "an empty CSV at \(path)").split(separator: ",").map(String.init)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    private func temporaryPath(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-frame-timing-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent(name).path
    }

    /// Runs the tool to its end; returns it after checking it exited with status 0.
    private func runTool(_ arguments: [String], on compositor: HeadlessCompositor) throws -> ExampleProcess {
        let tool = try ExampleProcess("frame-timing", arguments: arguments, environment: compositor.environment)
        XCTAssertTrue(tool.waitForExit(timeout: 90), "stderr: \(tool.errors.suffix(5))")
        XCTAssertEqual(tool.exitStatus, 0, "stderr: \(tool.errors.suffix(5))")
        return tool
    }

    func testOnWestonTheSummaryAgreesWithTheCSVAndThePlotIsDrawn() throws {
        let weston = try HeadlessCompositor.start(.weston)
        defer { weston.stop() }
        let csv = temporaryPath("frames.csv"), plot = temporaryPath("frames.png")
        let tool = try runTool(["--scene", "demo", "--seconds", "2", "--csv", csv, "--plot", plot], on: weston)
        let line = try XCTUnwrap(tool.output.last)
        let summary = try XCTUnwrap(figures(line), line)
        XCTAssertFalse(tool.output.contains { $0.hasPrefix("note:") }, "weston presents every frame: \(tool.output.suffix(3))")
        XCTAssertTrue(
            tool.output.contains { $0.hasPrefix("frame ") && $0.contains("c2p") && $0.contains("p2p") },
            "per-frame lines with presentation times")

        // The CSV, read independently: one row per measured frame, all presented here.
        let presented = try csvRecords(csv).filter { $0["outcome"] == "presented" }.compactMap { $0["presented"].flatMap(Double.init) }
        XCTAssertEqual(Double(presented.count), summary["frames"], line)
        XCTAssertGreaterThanOrEqual(presented.count, 3, "intervals to compare: \(line)")
        let counted = Double(presented.count - 1) / (presented.last! - presented.first!)
        let fps = try XCTUnwrap(summary["fps"])
        XCTAssertEqual(fps, counted, accuracy: counted * 0.05, "fps within 5% of the count of presented frames: \(line)")
        let intervals = zip(presented, presented.dropFirst()).map { ($1 - $0) * 1000 }.sorted()
        XCTAssertEqual(try XCTUnwrap(summary["interval.max"]), intervals.last!, accuracy: 0.02, line)
        XCTAssertEqual(try XCTUnwrap(summary["interval.p50"]), intervals[(intervals.count + 1) / 2 - 1], accuracy: 0.05, line)
        XCTAssertGreaterThan(try XCTUnwrap(summary["latency.p50"]), 0, "presented after commit, on one clock: \(line)")

        // The plot: a PNG of the documented size with the refresh line (red) and frames (blue).
        let image = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: plot))
        XCTAssertEqual(image.width, 1200)
        XCTAssertEqual(image.height, 800)
        var red = 0, blue = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let pixel = image.pixel(x: x, y: y) else { continue }
                if pixel.red > 180, pixel.green < 60, pixel.blue < 60 { red += 1 }
                if pixel.blue > 180, pixel.red < 80, pixel.green < 120 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(red, 1000, "the refresh interval is marked")
        XCTAssertGreaterThan(blue, 1000, "the intervals and their histogram are drawn")
    }

    func testOnSwayTheToolSaysSoAndFallsBackToFrameCallbacks() throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let tool = try runTool(["--layers", "20", "--seconds", "2", "--quiet"], on: sway)
        let output = tool.output
        let line = try XCTUnwrap(output.last)
        let summary = try XCTUnwrap(figures(line), line)
        XCTAssertTrue(
            output.dropLast().last?.hasPrefix("note: the compositor reported no frame presented") ?? false, "\(output.suffix(2))")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(summary["frames"]), 3, line)
        XCTAssertGreaterThan(try XCTUnwrap(summary["fps"]), 0, line)
        XCTAssertGreaterThan(try XCTUnwrap(summary["interval.p50"]), 0, line)
        XCTAssertEqual(output.count, 2, "--quiet: the note and the summary only")
    }

    func testOnSwayTheInputSceneTimesEveryInjectedPressAndReleaseAndTheCSVAgrees() throws {
        // As a new user runs it: the tool starts its own sway and injects the presses.
        let csv = temporaryPath("frames.csv"), plot = temporaryPath("frames.png")
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let tool = try ExampleProcess(
            "frame-timing",
            arguments: ["--headless", "sway", "--scene", "input", "--seconds", "3", "--input-interval", "0.1", "--csv", csv, "--plot", plot],
            environment: environment)
        XCTAssertTrue(tool.waitForExit(timeout: 90), "stderr: \(tool.errors.suffix(5))")
        XCTAssertEqual(tool.exitStatus, 0, "stderr: \(tool.errors.suffix(5))")
        let line = try XCTUnwrap(tool.output.last)
        let summary = try XCTUnwrap(figures(line), line)
        let events = try XCTUnwrap(summary["input.events"])
        XCTAssertGreaterThanOrEqual(events, 20, "a press or release every 100 ms for 3 s: \(line)")
        XCTAssertTrue(tool.output.contains { $0.hasPrefix("input ") && $0.contains("pointer-pressed, frame ") }, "\(tool.output.suffix(5))")
        XCTAssertTrue(tool.output.contains { $0.hasPrefix("input ") && $0.contains("key-pressed, frame ") }, "\(tool.output.suffix(5))")
        let inputLine = try XCTUnwrap(tool.output.first { $0.hasPrefix("input: ") }, "\(tool.output.suffix(4))")
        XCTAssertTrue(inputLine.hasPrefix("input: \(Int(events)) shown, "), inputLine)

        // The input CSV, read independently: one row per event, the shown ones with a latency.
        let inputs = try csvRecords(csv.replacingOccurrences(of: ".csv", with: "-input.csv"))
        XCTAssertTrue(inputs.allSatisfy { $0["latency_ms"] != nil && $0["kind"] != nil }, "latency_ms and kind columns")
        let shown = inputs.filter { $0["latency_ms"]?.isEmpty == false }
        XCTAssertEqual(Double(shown.count), events, line)
        let kinds = Set(shown.compactMap { $0["kind"] })
        XCTAssertEqual(kinds, ["pointer-pressed", "pointer-released", "key-pressed", "key-released"], "each answered by a frame")
        let latencies = shown.compactMap { $0["latency_ms"].flatMap(Double.init) }.sorted()
        guard !latencies.isEmpty else { return XCTFail("no latency in the CSV: \(line)") }
        let median = latencies[(latencies.count + 1) / 2 - 1]
        // The tool's p50 comes from a histogram of three significant digits (a bucket spans up to
        // 0.2% from the recorded value to the one it reports) and is printed with two decimals.
        XCTAssertEqual(try XCTUnwrap(summary["input.p50"]), median, accuracy: median * 0.002 + 0.005, line)
        // The frame an input changes is drawn at once, and sway 1.7 answers a damaged idle
        // window's commit within a refresh: an input is shown within its frame's render time
        // and a refresh (a build slowed by a sanitizer renders for longer; a frame held back
        // for a later refresh would take a refresh more).
        let render = try XCTUnwrap(summary["render.p50"])
        XCTAssertLessThan(median, render + 17, line)
        // No refresh is missed for want of a frame while every frame renders within one: in a
        // run of frames, each buffer is committed before the refresh after the previous frame's
        // callback. (Headless sway reports no presentation, so its frame callbacks stand for
        // refreshes. Its timer may fire late on a loaded machine and count a missed refresh
        // against a buffer that was waiting in time; that one is the compositor's.) A frame
        // that takes longer to draw than a refresh (a debug build on a loaded machine: renders
        // of 30 ms were seen) misses it whatever the pacing, so says nothing of pacing there.
        if try XCTUnwrap(summary["render.p99"]) < 16 {
            let frames = try csvRecords(csv)
            let runs = zip(frames, frames.dropFirst()).compactMap { previous, frame -> (callback: Double, next: Double, commit: Double)? in
                guard frame["follows_idle"] == "0", let callback = previous["frame_callback"].flatMap(Double.init),
                    let next = frame["frame_callback"].flatMap(Double.init), let commit = frame["buffer_commit"].flatMap(Double.init)
                else { return nil }
                return (callback, next, commit)
            }
            XCTAssertGreaterThanOrEqual(runs.count, 5, "frames following frames: \(line)")
            let intervals = runs.map { $0.next - $0.callback }.filter { $0 > 0 }.sorted()
            let refresh = try XCTUnwrap(intervals.isEmpty ? nil : intervals[(intervals.count + 1) / 2 - 1], line)
            let late = runs.filter { $0.commit - $0.callback > refresh }
            XCTAssertEqual(late.count, 0, "buffers committed after the refresh they were due for: \(late) (\(line))")
            if late.isEmpty, try XCTUnwrap(summary["hitch.ratio"]) > 0 {
                print("every buffer was committed in time; the compositor's callbacks were late: \(line)")
            }
        }
        let image = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: plot))
        var orange = 0
        for y in 500..<image.height {
            for x in 0..<image.width {
                guard let pixel = image.pixel(x: x, y: y) else { continue }
                if pixel.red > 200, pixel.green > 110, pixel.green < 180, pixel.blue < 80 { orange += 1 }
            }
        }
        XCTAssertGreaterThan(orange, 500, "the latency histogram is drawn")
    }

    func testAnimationsArePresentedWhileTheMainThreadIsBlocked() throws {
        let weston = try HeadlessCompositor.start(.weston)
        defer { weston.stop() }
        // Half a second blocked out of every 1.5 s, for 3 s: two blocks.
        let tool = try runTool(
            ["--layers", "50", "--seconds", "3", "--block-milliseconds", "500", "--block-every", "1.5", "--quiet"], on: weston)
        let line = try XCTUnwrap(tool.output.last)
        let all = try XCTUnwrap(figures(line)?["fps"], line)
        // "blocked: B frames in T s (Q fps) while the main thread was blocked"
        let blockedLine = try XCTUnwrap(tool.output.first { $0.hasPrefix("blocked: ") }, "\(tool.output)")
        let numbers = blockedLine.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        let blocked = try XCTUnwrap(numbers.count >= 3 ? numbers[2] : nil, blockedLine)
        XCTAssertGreaterThan(all, 10, line)
        // Frames keep coming while the main thread is blocked: at least 70% of the overall
        // rate (1.0 in release builds; a debug build on a shared machine is slower).
        XCTAssertGreaterThan(blocked, 0.7 * all, "\(blockedLine) / \(line)")
    }

    func testAnyAppIsMeasuredWithTheEnvironmentVariable() throws {
        let weston = try HeadlessCompositor.start(.weston)
        defer { weston.stop() }
        let csv = temporaryPath("app.csv")
        var environment = weston.environment
        environment["LAMINA_FRAME_TIMING"] = csv
        let app = try ExampleProcess("window-demo", arguments: ["--duration", "2"], environment: environment)
        XCTAssertTrue(app.waitForExit(timeout: 60), "stderr: \(app.errors.suffix(5))")
        XCTAssertEqual(app.exitStatus, 0, "stderr: \(app.errors.suffix(5))")
        let summaryLine = try XCTUnwrap(app.errors.first { $0.hasPrefix("lamina: frame-timing \(csv): ") }, "\(app.errors)")
        let summary = try XCTUnwrap(figures(String(summaryLine.dropFirst("lamina: frame-timing \(csv): ".count))), summaryLine)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(rows.first?.hasPrefix("frame,target,") ?? false)
        XCTAssertGreaterThan(rows.count, 2, "the demo's start-up animation draws frames")
        XCTAssertEqual(summary["frames"], Double(rows.dropFirst().filter { $0.contains(",presented,") }.count), summaryLine)
    }

    func testTheOverlayShowsTheFrameRateAndAGraph() throws {
        let screenshot = temporaryPath("overlay.png")
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        environment["LAMINA_FRAME_TIMING_OVERLAY"] = "1"
        let app = try ExampleProcess("window-demo", arguments: ["--screenshot", screenshot], environment: environment)
        XCTAssertTrue(app.waitForExit(timeout: 60), "stderr: \(app.errors.suffix(5))")
        XCTAssertEqual(app.exitStatus, 0, "stderr: \(app.errors.suffix(5))")
        let image = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: screenshot))
        // The panel (8, 8, 220×84): 70% black over the demo's background (23, 26, 33).
        assertColor(image, 220, 30, (7, 8, 10), "the overlay's panel", tolerance: 2)
        var green = 0
        for y in 36..<92 {
            for x in 8..<228 {
                guard let pixel = image.pixel(x: x, y: y) else { continue }
                if pixel.green > 150, pixel.red < 150, pixel.blue < 170 { green += 1 }
            }
        }
        XCTAssertGreaterThan(green, 10, "the graph of frame intervals is drawn")
        assertColor(image, 100, 140, (245, 107, 92), "the app's layers are drawn as before", tolerance: 1)
    }

    func testAnUnwritableOutputIsAClearErrorBeforeTheRun() throws {
        let tool = try ExampleProcess(
            "frame-timing", arguments: ["--csv", "/nonexistent/folder/frames.csv"],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertTrue(tool.waitForExit(timeout: 10))
        XCTAssertNotEqual(tool.exitStatus, 0)
        XCTAssertTrue(tool.errors.joined().contains("--csv: cannot write /nonexistent/folder/frames.csv"), "\(tool.errors)")
    }
}
