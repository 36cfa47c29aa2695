import ArgumentParser
import Foundation
import Glibc
import Lamina
import LaminaTesting

/// Measures a Lamina window's frames: runs an animated scene for a time, prints a line per
/// frame (as `weston-presentation-shm` does; `--quiet` leaves them out) and, last, exactly
/// one summary line:
///
///     frames N, fps F, interval p50 A p99 B max C ms, latency p50 D p99 E ms, render p50 G p99 H ms, missed M (P%)
///
/// Before the summary come a `blocked: …` line when the main thread was blocked, and a
/// `note: …` line when the compositor gave no presentation times (the figures then come
/// from frame callbacks). `--csv` writes every measured frame; `--plot` draws the
/// intervals and their histogram into a PNG.
@main
struct FrameTimingTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame-timing",
        abstract: "Measures the frames of an animating Lamina window: per-frame lines, a summary, CSV and a plot.")

    @Option(help: "The scene: demo (cards, a gradient, a shape, text), layers (--layers moving squares), eased (--layers translucent squares in eased sub-pixel motion) or cards (30 shadowed, titled cards wobbling).")
    var scene: Scene = .layers

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
        let hasDisplay = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        var embedded: HeadlessCompositor?
        if headless != nil || !hasDisplay {
            let kind: HeadlessCompositor.Kind = headless == .sway ? .sway : .weston
            do {
                embedded = try HeadlessCompositor.start(kind)
            } catch {
                FileHandle.standardError.write(Data("frame-timing: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        let compositor = embedded
        func finish(_ status: Int32) -> Never {
            compositor?.stop()
            Foundation.exit(status)
        }
        let application: Application
        let window: Window
        do {
            application = try Application(socket: embedded?.socketPath)
            window = try Window(
                application: application, title: "Lamina frame timing", appID: "org.lamina.frame-timing",
                preferredSize: CGSize(width: 800, height: 600))
        } catch {
            FileHandle.standardError.write(Data("frame-timing: \(error)\n".utf8))
            finish(1)
        }
        application.onFatalError = { error in
            FileHandle.standardError.write(Data("frame-timing: \(error)\n".utf8))
            finish(1)
        }
        window.onClose = { finish(0) }
        scene.build(in: window.rootLayer, layers: layers)

        let measurement = Measurement(seconds: seconds)
        let (seconds, block, every, quiet, csv, plot) = (seconds, blockMilliseconds, blockEvery, quiet, csv, plot)
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
        application.run()
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
        let rows = [FrameTiming.csvHeader] + measurement.frames.map(\.csvRow)
        do {
            try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: csv))
        } catch {
            FileHandle.standardError.write(Data("frame-timing: cannot write \(csv): \(error)\n".utf8))
            status = 1
        }
    }
    if let plot {
        do {
            let drawing = FramePlot(frames: measurement.frames, start: measurement.start ?? 0, summary: summary)
            try drawing.pngData().write(to: URL(fileURLWithPath: plot))
        } catch {
            FileHandle.standardError.write(Data("frame-timing: cannot write the plot \(plot): \(error)\n".utf8))
            status = 1
        }
    }
    for note in measurement.notes(summary) { print(note) }
    if let blocked = measurement.blockedLine { print(blocked) }
    // exit flushes standard output.
    print(summary.line)
    return status
}
