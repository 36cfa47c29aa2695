import Foundation
import LaminaTesting
import XCTest

/// The frame-timing tool's input latency on headless sway held against a count made
/// independently from libwayland's own log of the same run (`WAYLAND_DEBUG=client`): each
/// injected button or key event, the first frame the window's surface asked for after it
/// (the commit carrying the change), and that frame's `wl_callback.done`. sway 1.7 headless
/// presents nothing, so both count to the frame callback; the log's count reads the
/// compositor's millisecond timestamps of the event and of the callback, the tool reads the
/// callback on the client's clock.
final class InputLatencyWaylandLogTests: XCTestCase {
    /// One input event or frame-callback line of a `WAYLAND_DEBUG=client` log.
    private enum LogLine {
        /// `wl_pointer.button` or `wl_keyboard.key`, with the compositor's time (ms).
        case input(time: UInt32)
        /// `-> wl_surface.frame(new id wl_callback@ID)`.
        case frameRequest(callback: Int)
        /// `wl_callback@ID.done(time)`.
        case done(callback: Int, time: UInt32)
    }

    private static let inputPattern = try! NSRegularExpression(
        pattern: #"^\[\s*\d+\.\d+\]\s+wl_(?:pointer@\d+\.button|keyboard@\d+\.key)\(\d+, (\d+), \d+, \d+\)$"#)
    private static let framePattern = try! NSRegularExpression(
        pattern: #"^\[\s*\d+\.\d+\]\s+-> wl_surface@\d+\.frame\(new id wl_callback@(\d+)\)$"#)
    private static let donePattern = try! NSRegularExpression(
        pattern: #"^\[\s*\d+\.\d+\]\s+wl_callback@(\d+)\.done\((\d+)\)$"#)

    private static func captures(_ regex: NSRegularExpression, _ line: String) -> [String]? {
        guard let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: line).map { String(line[$0]) } }
    }

    private static func parse(_ line: String) -> LogLine? {
        if let groups = captures(inputPattern, line), let time = UInt32(groups[0]) { return .input(time: time) }
        if let groups = captures(framePattern, line), let id = Int(groups[0]) { return .frameRequest(callback: id) }
        if let groups = captures(donePattern, line), let id = Int(groups[0]), let time = UInt32(groups[1]) {
            return .done(callback: id, time: time)
        }
        return nil
    }

    /// Milliseconds from each input event to the callback of the first frame requested after
    /// it, in the order of the events; events whose frame never came back are left out.
    static func latencies(inLog lines: [String]) -> [Double] {
        var waiting: [UInt32] = []  // events before the next frame request
        var byCallback: [Int: [UInt32]] = [:]
        var result: [Double] = []
        for line in lines {
            switch parse(line) {
            case .input(let time):
                waiting.append(time)
            case .frameRequest(let callback):
                byCallback[callback] = waiting
                waiting = []
            case .done(let callback, let time):
                // Another connection's callback of the same number (a roundtrip's) answers
                // with a serial, not a time within a second of the events.
                guard let events = byCallback[callback], events.allSatisfy({ time &- $0 < 1000 }) else { continue }
                byCallback[callback] = nil
                result += events.map { Double(time &- $0) }
            case nil:
                continue
            }
        }
        return result
    }

    func testTheToolsMedianInputLatencyIsWithinAMillisecondOfTheLogsCount() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        environment["WAYLAND_DEBUG"] = "client"
        let tool = try ExampleProcess(
            "frame-timing", arguments: ["--headless", "sway", "--scene", "input", "--seconds", "4", "--input-interval", "0.1"],
            environment: environment)
        XCTAssertTrue(tool.waitForExit(timeout: 90), "stderr: \(tool.errors.suffix(5))")
        XCTAssertEqual(tool.exitStatus, 0, "stderr: \(tool.errors.suffix(5))")
        let line = try XCTUnwrap(tool.output.last)
        // "… input latency p50 I p99 J ms (K events), hitch ratio R ms/s"
        let summary = try XCTUnwrap(
            try NSRegularExpression(pattern: #"input latency p50 ([\d.]+) p99 ([\d.]+) ms \((\d+) events\)"#)
                .firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        let toolMedian = try XCTUnwrap(Double((line as NSString).substring(with: summary.range(at: 1))))
        let toolEvents = try XCTUnwrap(Int((line as NSString).substring(with: summary.range(at: 3))))
        // Each event's line, in order: `input 3: pointer-pressed, frame 16, latency 29.61 ms`.
        let timed = tool.output.filter { $0.hasPrefix("input ") }.compactMap { line -> Double? in
            guard let range = line.range(of: #"latency [\d.]+ ms$"#, options: .regularExpression) else { return nil }
            return Double(line[range].dropFirst("latency ".count).dropLast(" ms".count))
        }
        let logged = Self.latencies(inLog: tool.errors)
        XCTAssertGreaterThanOrEqual(toolEvents, 20, line)
        // The log may go on past the tool's last record: events whose frame came back while the
        // tool was ending (sway answers no feedback, which the window waits a while for).
        XCTAssertGreaterThanOrEqual(logged.count, timed.count, "every event the tool timed is in the log")
        XCTAssertGreaterThanOrEqual(timed.count, toolEvents, line)
        guard timed.count >= toolEvents, logged.count >= timed.count, toolEvents > 0 else { return }
        // The summary's events are the first of those the tool timed.
        let counted = logged.prefix(toolEvents).sorted()
        let logMedian = counted[(counted.count + 1) / 2 - 1]
        let agreeing = zip(timed, logged).filter { abs($0 - $1) <= 1 }.count
        print(String(
            format: "input latency p50: tool %.2f ms, WAYLAND_DEBUG log %.2f ms (%d events; %d of %d within 1 ms one by one)",
            toolMedian, logMedian, toolEvents, agreeing, timed.count))
        XCTAssertEqual(toolMedian, logMedian, accuracy: 1.0, "\(line); log: \(counted)")
    }

    func testTheLogIsReadAsAParserShould() {
        // Two events before one frame request, its callback 17 ms after the first (another
        // connection's roundtrip callback of the same number comes first); a timestamp that
        // wraps around 2³²; a press whose frame never came back.
        let log = [
            "[ 372239.075] wl_pointer@20.button(17, 19742603, 272, 1)",
            "[ 372239.089] wl_pointer@20.frame()",
            "[ 372240.001] wl_keyboard@27.key(19, 19742605, 57, 1)",
            "[ 372264.647]  -> wl_surface@16.frame(new id wl_callback@23)",
            "[ 372264.666]  -> wl_surface@16.commit()",
            "[ 372265.000] wl_callback@23.done(7)",
            "[ 372268.729] wl_callback@23.done(19742620)",
            "[ 372339.367] wl_pointer@20.button(18, 4294967290, 272, 0)",
            "[ 372340.000]  -> wl_surface@16.frame(new id wl_callback@24)",
            "[ 372350.000] wl_callback@24.done(11)",
            "[ 372439.367] wl_pointer@20.button(20, 50, 272, 1)",
            "[ 372440.000]  -> wl_surface@16.frame(new id wl_callback@25)",
        ]
        XCTAssertEqual(Self.latencies(inLog: log), [17, 15, 17])
    }
}
