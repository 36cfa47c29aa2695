import ArgumentParser
import Foundation
import Glibc
import ExampleSupport
import Lamina

/// Measures a Lamina window's frames: runs an animated scene for a time, prints a line per
/// frame (as `weston-presentation-shm` does; `--quiet` leaves them out) and, last, exactly
/// one summary line:
///
///     frames N, fps F, interval p50 A p99 B max C ms, latency p50 D p99 E ms, render p50 G p99 H ms, missed M (P%), input latency p50 I p99 J ms (K events), hitch ratio R ms/s
///
/// Before the summary come a `blocked: …` line when the main thread was blocked, an
/// `input: …` line when input events came, and a `note: …` line when the compositor gave no
/// presentation times (the figures then come from frame callbacks). `--scene input` answers
/// each press and release with a frame; on headless sway a virtual pointer and a virtual
/// keyboard take turns, a button or key pressed or released every `--input-interval` seconds. `--csv` writes every measured frame (and the
/// input events beside it, `-input.csv`); `--plot` draws the intervals, their histogram and
/// that of the input latencies into a PNG.
@main
struct FrameTimingTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame-timing",
        abstract: "Measures the frames of an animating Lamina window: per-frame lines, a summary, CSV and a plot.")

    @Option(
        help: "The scene: demo (cards, a gradient, a shape, text), layers (--layers moving squares), eased (--layers translucent squares in eased sub-pixel motion), cards (30 shadowed, titled cards wobbling), peer (the peer benchmark's --layers rounded, 1-point-bordered, translucent squares moving over 1280×720, staggered), input (a pad answering each press and release of a button or key; on headless sway a virtual pointer and keyboard press them) or input-animated (the same pad while a display link and an endless animation keep frames coming).")
    var scene: Scene = .layers

    @Option(help: "With --scene input on headless sway: seconds between two injected button or key events (0.02...2).")
    var inputInterval = 0.1

    @Option(help: "Animated layers in the layers scene (1...10000).")
    var layers = 1

    @Option(help: "Seconds to measure, after the first frame is shown (0.5...600).")
    var seconds = 3.0

    @Option(help: "Run in an embedded headless compositor: sway or weston (weston when no display is set).")
    var headless: HeadlessOption?

    @Option(help: "Write one CSV row per measured frame to this file.")
    var csv: String?

    @Option(help: "Draw the frame intervals and their histogram into this PNG file.")
    var plot: String?

    @Flag(help: "Leave out the per-frame lines.")
    var quiet = false

    @Option(help: "Block the main thread this many milliseconds at a time (0: never; at most 10000).")
    var blockMilliseconds = 0

    @Option(help: "Seconds between the starts of two blocks (more than the block).")
    var blockEvery = 2.0

    enum HeadlessOption: String, ExpressibleByArgument, CaseIterable {
        case sway, weston
    }

    func validate() throws {
        guard (1...10_000).contains(layers) else { throw ValidationError("--layers must be 1...10000, not \(layers)") }
        guard seconds >= 0.5, seconds <= 600 else { throw ValidationError("--seconds must be 0.5...600, not \(seconds)") }
        guard inputInterval >= 0.02, inputInterval <= 2 else {
            throw ValidationError("--input-interval must be 0.02...2, not \(inputInterval)")
        }
        guard (0...10_000).contains(blockMilliseconds) else {
            throw ValidationError("--block-milliseconds must be 0...10000, not \(blockMilliseconds)")
        }
        guard blockEvery.isFinite, blockEvery * 1000 > Double(blockMilliseconds) else {
            throw ValidationError("--block-every must be longer than the block (\(blockMilliseconds) ms), not \(blockEvery) s")
        }
        // Output files are checked before the run, so a typo does not cost the measurement.
        for (flag, path) in [("--csv", csv), ("--plot", plot)] {
            guard let path else { continue }
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw ValidationError("\(flag): cannot write \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try start() }
    }

    @MainActor
    private func start() throws {
        let embedding: HeadlessCompositor.Kind? =
            headless != nil || !ExampleSession.hasDisplay ? (headless == .sway ? .sway : .weston) : nil
        let session = ExampleSession(name: "frame-timing", embedding: embedding)
        let embedded = session.embedded
        let finish = session.finish
        let (application, window) = session.openWindow(
            title: "Lamina frame timing", appID: "org.lamina.frame-timing", preferredSize: scene.preferredSize)
        window.onClose = { finish(0) }
        scene.build(in: window, layers: layers)
        // Keys go to the focused layer: the input scene's pad answers them.
        if let pad = window.rootLayer.sublayers?.first(where: { $0 is InputPad }) { window.focusedLayer = pad }

        let measurement = Measurement(seconds: seconds)
        let (seconds, block, every, quiet, csv, plot) = (seconds, blockMilliseconds, blockEvery, quiet, csv, plot)
        let injector = scene.answersInput && embedded?.kind == .sway ? embedded : nil
        let inputInterval = inputInterval
        if scene.answersInput, let embedded, embedded.kind != .sway {
            print("note: \(embedded.kind.rawValue) offers no virtual input: no events are injected (use --headless sway)")
        }
        window.onInputTiming = { input in
            measurement.add(input)
            if !quiet, measurement.start != nil { print(inputLine(input)) }
        }
        var previous: FrameTiming?
        window.onFrameTiming = { timing in
            if measurement.start == nil {
                // Measuring starts with the first frame shown, so start-up does not count.
                guard Measurement.shownTime(timing) != nil else { return }
                let start = CACurrentMediaTime()
                measurement.begin(at: start)
                if block > 0 {
                    scheduleBlocks(from: start, until: start + seconds, every: every, milliseconds: block, measurement: measurement)
                }
                if let injector {
                    injectButtons(into: injector, every: inputInterval, for: seconds) { error in
                        FileHandle.standardError.write(Data("frame-timing: cannot inject input: \(error)\n".utf8))
                    }
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + seconds + 0.3) {
                    MainActor.assumeIsolated {
                        let status = report(measurement, csv: csv, plot: plot)
                        finish(status)
                    }
                }
                previous = timing
                return
            }
            if !quiet { print(frameLine(timing, previous: previous)) }
            previous = timing
            measurement.add(timing)
        }
        session.run(application)
    }
}

extension Scene: ExpressibleByArgument {}

/// Prints the closing lines (notes, blocked, summary — the summary last) and writes the CSV
/// and the plot; returns the exit status (1 when a file could not be written).
@MainActor
func report(_ measurement: Measurement, csv: String?, plot: String?) -> Int32 {
    let summary = measurement.summary
    var status: Int32 = 0
    if let csv {
        var files = [(csv, [FrameTiming.csvHeader] + measurement.frames.map(\.csvRow))]
        if !measurement.inputs.isEmpty {
            files.append((InputTiming.csvPath(besideFramesAt: csv), [InputTiming.csvHeader] + measurement.inputs.map(\.csvRow)))
        }
        for (path, rows) in files {
            do {
                try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                FileHandle.standardError.write(Data("frame-timing: cannot write \(path): \(error)\n".utf8))
                status = 1
            }
        }
    }
    if let plot {
        do {
            let drawing = FramePlot(
                frames: measurement.frames, inputs: measurement.inputs, start: measurement.start ?? 0, summary: summary)
            try drawing.pngData().write(to: URL(fileURLWithPath: plot))
        } catch {
            FileHandle.standardError.write(Data("frame-timing: cannot write the plot \(plot): \(error)\n".utf8))
            status = 1
        }
    }
    for note in measurement.notes(summary) { print(note) }
    if let blocked = measurement.blockedLine { print(blocked) }
    if let input = measurement.inputLine(summary) { print(input) }
    // exit flushes standard output.
    print(summary.line)
    return status
}

/// An input event's line: `input 7: pointer-pressed, frame 42, latency 12.34 ms`, with
/// `no visible effect` or `not shown` instead of the frame and latency where so.
func inputLine(_ input: InputTiming) -> String {
    let outcome: String
    if let frame = input.frameNumber {
        outcome = "frame \(frame), " + (input.latency.map { String(format: "latency %.2f ms", $0 * 1000) } ?? "not shown")
    } else {
        outcome = "no visible effect"
    }
    return "input \(input.eventNumber): \(input.event.name), " + outcome
}

/// Presses and releases the left button of a virtual pointer in the middle of `compositor`'s
/// output, then the space bar of a virtual keyboard, and so on in turn, one event every
/// `interval` seconds for `seconds`, on a thread of its own (the devices' connections are
/// that thread's). Errors go to `onError`, once; injecting stops.
func injectButtons(
    into compositor: HeadlessCompositor, every interval: Double, for seconds: Double,
    onError: @escaping @Sendable (Error) -> Void
) {
    let thread = Thread {
        do {
            // The keyboard first: the window binds it while the pointer settles.
            let keyboard = try VirtualKeyboard(compositor: compositor)
            let pointer = try VirtualPointer(compositor: compositor)
            try pointer.move(toX: compositor.width / 2, y: compositor.height / 2)
            let end = Date().addingTimeInterval(seconds)
            var step = 0
            var next = Date()
            while next < end {
                Thread.sleep(until: next)
                // Button down, button up, key down, key up.
                switch step % 4 {
                case 0, 1: try pointer.button(pressed: step % 4 == 0)
                default: try keyboard.key("space", pressed: step % 4 == 2)
                }
                step += 1
                next = next.addingTimeInterval(interval)
            }
            switch step % 4 {
            case 1: try pointer.button(pressed: false)
            case 3: try keyboard.key("space", pressed: false)
            default: break
            }
        } catch {
            onError(error)
        }
    }
    thread.name = "frame-timing-input"
    thread.start()
}
