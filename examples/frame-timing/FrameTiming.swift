import ArgumentParser
import Foundation
import Glibc
import Lamina
import LaminaTesting

/// Measures how often a Lamina window's frames are presented while its layers animate, with
/// the main thread free or blocked at intervals: presentation times come from the
/// compositor's `wp_presentation` feedback. Prints one summary line:
///
///     frame-timing: layers N, presented F frames in S s (R fps); while the main thread was blocked: B frames in T s (Q fps)
///
/// Run it in a Wayland session, or with `--headless` in an embedded headless weston (which
/// presents every frame and reports it).
@main
struct FrameTiming: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame-timing",
        abstract: "Counts the presented frames of an animating Lamina window.")

    @Option(help: "Animated layers in the window (1...10000).")
    var layers = 1

    @Option(help: "Seconds to measure, after the window is shown (0.5...600).")
    var seconds = 3.0

    @Option(help: "Block the main thread this many milliseconds at a time (0: never; at most 10000).")
    var blockMilliseconds = 0

    @Option(help: "Seconds between the starts of two blocks (more than the block).")
    var blockEvery = 2.0

    @Flag(help: "Use an embedded headless weston even when a display is present.")
    var headless = false

    func validate() throws {
        guard (1...10_000).contains(layers) else { throw ValidationError("--layers must be 1...10000, not \(layers)") }
        guard seconds >= 0.5, seconds <= 600 else { throw ValidationError("--seconds must be 0.5...600, not \(seconds)") }
        guard (0...10_000).contains(blockMilliseconds) else {
            throw ValidationError("--block-milliseconds must be 0...10000, not \(blockMilliseconds)")
        }
        guard blockEvery.isFinite, blockEvery * 1000 > Double(blockMilliseconds) else {
            throw ValidationError("--block-every must be longer than the block (\(blockMilliseconds) ms), not \(blockEvery) s")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try start() }
    }

    @MainActor
    private func start() throws {
        let hasDisplay = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        var embedded: HeadlessCompositor?
        if headless || !hasDisplay {
            do {
                embedded = try HeadlessCompositor.start(.weston)
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
        buildScene(in: window.rootLayer, count: layers)

        let recorder = Recorder()
        window.onPresentation = { result in
            if case .presented(let time, _, _, _) = result { recorder.presentations.append(time) }
        }
        let (layers, seconds, block, every) = (layers, seconds, blockMilliseconds, blockEvery)
        // Measuring starts once frames are presented, so start-up does not count.
        var started = false
        window.onFrameDisplayed = { statistics in
            guard !started, statistics.presentedFrames > 0 else { return }
            started = true
            let start = monotonicNow()
            recorder.start = start
            if block > 0 {
                scheduleBlocks(from: start, until: start + seconds, every: every, milliseconds: block, recorder: recorder)
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds + 0.2) {
                MainActor.assumeIsolated {
                    // exit flushes standard output.
                    print(recorder.summary(layers: layers, seconds: seconds))
                    finish(0)
                }
            }
        }
        application.run()
    }
}

/// Presentation times and the intervals the main thread was blocked (monotonic seconds).
@MainActor
final class Recorder {
    var start = 0.0
    var presentations: [Double] = []
    var blocked: [(start: Double, end: Double)] = []

    func summary(layers: Int, seconds: Double) -> String {
        let end = start + seconds
        let inWindow = presentations.filter { $0 >= start && $0 < end }
        let blockedSeconds = blocked.reduce(0) { $0 + ($1.end - $1.start) }
        let duringBlocks = inWindow.filter { time in blocked.contains { time >= $0.start && time < $0.end } }
        var line = String(
            format: "frame-timing: layers %d, presented %d frames in %.2f s (%.1f fps)", layers, inWindow.count, seconds,
            Double(inWindow.count) / seconds)
        if !blocked.isEmpty {
            line += String(
                format: "; while the main thread was blocked: %d frames in %.2f s (%.1f fps)", duringBlocks.count,
                blockedSeconds, blockedSeconds > 0 ? Double(duringBlocks.count) / blockedSeconds : 0)
        }
        return line
    }
}

/// Blocks the main thread `milliseconds` at a time, every `every` seconds from `from`.
@MainActor
func scheduleBlocks(from: Double, until end: Double, every: Double, milliseconds: Int, recorder: Recorder) {
    var next = from + every / 2
    while next + Double(milliseconds) / 1000 < end {
        let at = next
        DispatchQueue.main.asyncAfter(deadline: .now() + (at - monotonicNow())) {
            MainActor.assumeIsolated {
                let blockStart = monotonicNow()
                // Busy, as an app doing work on its main thread is (not sleeping in a run loop).
                while monotonicNow() - blockStart < Double(milliseconds) / 1000 {}
                recorder.blocked.append((blockStart, monotonicNow()))
            }
        }
        next += every
    }
}

/// `count` 32×32 rounded layers, each moving back and forth forever.
@MainActor
func buildScene(in root: CALayer, count: Int) {
    root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
    for index in 0..<count {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
        layer.position = CGPoint(x: 40 + (index % columns) * 24 % 700, y: 40 + (index / columns) * 24 % 500)
        layer.backgroundColor = CGColor(
            red: Double(index % 7) / 7, green: Double(index % 5) / 5, blue: Double(index % 3) / 3, alpha: 1)
        layer.cornerRadius = 6
        root.addSublayer(layer)
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 60
        move.duration = 1
        move.autoreverses = true
        move.repeatCount = .infinity
        layer.add(move, forKey: "move")
    }
}

/// Seconds on the monotonic clock (the clock presentation feedback uses).
func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
