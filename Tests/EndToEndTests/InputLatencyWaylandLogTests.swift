import Foundation
import LaminaTesting
import XCTest

/// The frame-timing tool's input latency on headless sway held against a count made
/// independently from libwayland's own log of the same run (`WAYLAND_DEBUG=client`): each
/// injected button or key event, the first frame the window's surface asked for after it
/// (the commit carrying the change), and that frame's `wl_callback.done`. sway 1.7 headless
/// presents nothing, so both count to the frame callback. The tool times from the event's
/// timestamp to the moment the client received the callback, on the client's clock; the log
/// stamps every line with the client's clock when it was read, so it gives the same span once
/// the compositor's clock is placed on the client's (by the event that arrived soonest). On a
/// busy machine the client reads the callback later than the compositor sent it; the two
/// counts include that wait alike, and the compositor's own callback time bounds both from
/// below.
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

    /// A log line's stamp: libwayland prints the client's wall clock in microseconds, kept
    /// in 32 bits (it wraps every 71.6 minutes), as milliseconds with three decimals.
    private static let stampPattern = try! NSRegularExpression(pattern: #"^\[\s*(\d+)\.(\d{3})\]"#)
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

    /// One event's span as both clocks count it.
    struct Span: Equatable {
        /// Milliseconds from the event's timestamp to the compositor's time on the callback.
        var compositor: Double
        /// Milliseconds from the event (its timestamp placed on the client's clock) to the
        /// moment the client read the callback.
        var client: Double
    }

    /// Each input event's span to the callback of the first frame requested after it, in the
    /// order of the events; events whose frame never came back are left out.
    static func spans(inLog lines: [String]) -> [Span] {
        struct Event { var time: UInt32; var stamp: Int64 }
        var waiting: [Event] = []  // events before the next frame request
        var byCallback: [Int: [Event]] = [:]
        var answered: [(events: [Event], time: UInt32, stamp: Int64)] = []
        // The stamps unwrapped into one rising count of microseconds.
        var lastRawStamp: Int64?
        var wraps: Int64 = 0
        for line in lines {
            guard let parsed = parse(line), let raw = stamp(line) else { continue }
            if let last = lastRawStamp, raw < last - (1 << 31) { wraps += 1 << 32 }
            lastRawStamp = raw
            let stamp = raw + wraps
            switch parsed {
            case .input(let time):
                waiting.append(Event(time: time, stamp: stamp))
            case .frameRequest(let callback):
                byCallback[callback] = waiting
                waiting = []
            case .done(let callback, let time):
                // Another connection's callback of the same number (a roundtrip's) answers
                // with a serial, not a time within a second of the events.
                guard let events = byCallback[callback], events.allSatisfy({ time &- $0.time < 1000 }) else { continue }
                byCallback[callback] = nil
                answered.append((events, time, stamp))
            }
        }
        // The compositor's clock on the client's: the offset of the event that was read
        // soonest after its timestamp (its timestamp is whole milliseconds, so the placed
        // event is up to a millisecond late, as the tool's is early by the same truncation).
        // Timestamps are counted from the first event's, so that the compositor's 32-bit
        // millisecond clock may wrap within the run.
        let events = answered.flatMap(\.events)
        guard let first = events.first else { return [] }
        func sinceFirst(_ event: Event) -> Int64 { Int64(Int32(bitPattern: event.time &- first.time)) * 1000 }
        guard let offset = events.map({ $0.stamp - sinceFirst($0) }).min() else { return [] }
        return answered.flatMap { frame in
            frame.events.map { event in
                Span(
                    compositor: Double(frame.time &- event.time),
                    client: Double(frame.stamp - (sinceFirst(event) + offset)) / 1000)
            }
        }
    }

    private static func stamp(_ line: String) -> Int64? {
        guard let groups = captures(stampPattern, line), groups.count == 2,
            let milliseconds = Int64(groups[0]), let micro = Int64(groups[1])
        else { return nil }
        return milliseconds * 1000 + micro
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
        let spans = Self.spans(inLog: tool.errors)
        let logged = spans.map(\.client)
        XCTAssertGreaterThanOrEqual(toolEvents, 20, line)
        // The log may go on past the tool's last record: events whose frame came back while the
        // tool was ending (sway answers no feedback, which the window waits a while for).
        XCTAssertGreaterThanOrEqual(logged.count, timed.count, "every event the tool timed is in the log")
        XCTAssertGreaterThanOrEqual(timed.count, toolEvents, line)
        guard timed.count >= toolEvents, logged.count >= timed.count, toolEvents > 0 else { return }
        // The summary's events are the first of those the tool timed.
        let counted = logged.prefix(toolEvents).sorted()
        let logMedian = counted[(counted.count + 1) / 2 - 1]
        let sent = spans.prefix(toolEvents).map(\.compositor).sorted()
        let sentMedian = sent[(sent.count + 1) / 2 - 1]
        let agreeing = zip(timed, logged).filter { abs($0 - $1) <= 1 }.count
        print(String(
            format: "input latency p50: tool %.2f ms, WAYLAND_DEBUG log %.2f ms as read, %.2f ms as sent "
                + "(%d events; %d of %d within 1 ms one by one)",
            toolMedian, logMedian, sentMedian, toolEvents, agreeing, timed.count))
        XCTAssertEqual(toolMedian, logMedian, accuracy: 1.0, "\(line); log: \(counted)")
        // A client cannot read a callback before the compositor sent it (its whole-millisecond
        // times may put it up to a millisecond later).
        XCTAssertGreaterThanOrEqual(toolMedian, sentMedian - 1, "\(line); sent: \(sent)")
    }

    func testTheLogIsReadAsAParserShould() {
        // Two events before one frame request, its callback 17 ms after the first by the
        // compositor's clock (another connection's roundtrip callback of the same number comes
        // first, answering with a serial); a press 100 ms later whose timestamp wraps around
        // 2³², its callback 17 ms after it, read after the client's microsecond stamps wrapped
        // too; a press whose frame never came back.
        let log = [
            "[4294866.908] wl_pointer@20.button(17, 4294967200, 272, 1)",
            "[4294866.922] wl_pointer@20.frame()",
            "[4294867.834] wl_keyboard@27.key(19, 4294967202, 57, 1)",
            "[4294892.480]  -> wl_surface@16.frame(new id wl_callback@23)",
            "[4294892.499]  -> wl_surface@16.commit()",
            "[4294892.833] wl_callback@23.done(300000000)",
            "[4294896.562] wl_callback@23.done(4294967217)",
            "[4294967.200] wl_pointer@20.button(18, 4, 272, 0)",
            "[      0.537]  -> wl_surface@16.frame(new id wl_callback@24)",
            "[     10.537] wl_callback@24.done(21)",
            "[     99.904] wl_pointer@20.button(20, 104, 272, 1)",
            "[    100.537]  -> wl_surface@16.frame(new id wl_callback@25)",
        ]
        let spans = Self.spans(inLog: log)
        XCTAssertEqual(spans.map(\.compositor), [17, 15, 17])
        // Computed by hand: the key was read soonest after its timestamp (stamp 4294867.834 ms
        // for 4294967202 ms, against 4294866.908 for 4294967200 and 4294967.200 for
        // 4294967300), so the compositor's time t is at stamp t − 4294967202 + 4294867.834 ms.
        // The first callback, read at 4294896.562: 30.728 ms after the press, 28.728 after the
        // key; the second, read at 2³² µs + 10.537 ms = 4294977.833 ms: 11.999 ms after the
        // press placed at 4294965.834.
        XCTAssertEqual(spans.count, 3)
        guard spans.count == 3 else { return }
        XCTAssertEqual(spans[0].client, 30.728, accuracy: 1e-9)
        XCTAssertEqual(spans[1].client, 28.728, accuracy: 1e-9)
        XCTAssertEqual(spans[2].client, 11.999, accuracy: 1e-9)
    }
}
