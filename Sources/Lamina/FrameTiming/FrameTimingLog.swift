import Foundation
import Glibc
internal import Wayland

/// What `LAMINA_FRAME_TIMING` asks every window for: one line per frame and per input event
/// on standard error (`1`), or CSV files per window and a summary line (any other value: a
/// path).
///
/// With a path, the first window writes its frames' rows to the path itself, later ones to
/// `PATH.2`, `PATH.3`, …, and its input events' rows (from the first one on) to the file
/// ``InputTiming/csvPath(besideFramesAt:)`` names; each prints `lamina: frame-timing PATH: <summary line>` on
/// standard error when it closes, when its application closes, or when the process exits
/// (`exit`, or returning from `main`) — whichever comes first. A process killed by a signal
/// (Ctrl-C) prints no summary, but its CSV holds every frame so far. A path that cannot be
/// written is reported once on standard error and the app runs on.
///
/// Thread-safe: rows come from the main thread, the summary may be printed by whichever
/// thread ends the process.
final class FrameTimingLog: @unchecked Sendable {
    /// What the environment asks for.
    enum Mode: Equatable {
        case off
        case lines
        case csv(path: String)

        /// Reads `LAMINA_FRAME_TIMING` (empty and `0` are off, `1` is lines).
        static let fromEnvironment: Mode = {
            guard let value = ProcessInfo.processInfo.environment["LAMINA_FRAME_TIMING"], !value.isEmpty, value != "0"
            else { return .off }
            return value == "1" ? .lines : .csv(path: value)
        }()
    }

    // Every field is used with `lock` held.
    private let lock = NSLock()
    private var file: UnsafeMutablePointer<FILE>?
    /// The input events' CSV, opened with the first event; whether opening it was tried.
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var triedInputFile = false
    private var statistics = FrameTimingStatistics()
    private var finished = false
    private let path: String

    /// Opens the CSV at `path` and writes its header; reports failure on standard error.
    init(path: String) {
        self.path = path
        file = Self.open(path, header: FrameTiming.csvHeader)
        Self.register(self)
    }

    /// Creates the CSV file at `path` with its header line; nil, reported once on standard
    /// error, when it cannot be written.
    private static func open(_ path: String, header: String) -> UnsafeMutablePointer<FILE>? {
        do {
            let file = try SystemCall.pointer("fopen") { fopen(path, "w") }
            fputs(header + "\n", file)
            return file
        } catch {
            let reason = String(cString: strerror(error.code))
            FileHandle.standardError.write(Data("lamina: frame-timing: cannot write \(path): \(reason)\n".utf8))
            return nil
        }
    }

    /// Adds an input event's row and counts it.
    func add(_ input: InputTiming) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        statistics.add(input)
        if !triedInputFile {
            triedInputFile = true
            let inputPath = InputTiming.csvPath(besideFramesAt: path)
            inputFile = Self.open(inputPath, header: InputTiming.csvHeader)
        }
        if let inputFile {
            fputs(input.csvRow + "\n", inputFile)
            fflush(inputFile)
        }
    }

    /// Adds a frame's row and counts it.
    func add(_ timing: FrameTiming) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        statistics.add(timing)
        if let file {
            fputs(timing.csvRow + "\n", file)
            // Row by row: a process killed by a signal keeps every row written so far.
            fflush(file)
        }
    }

    /// Closes the file and prints the summary line (once).
    func finish() {
        lock.lock()
        guard !finished else { return lock.unlock() }
        finished = true
        if let file { fclose(file) }
        if let inputFile { fclose(inputFile) }
        file = nil
        inputFile = nil
        let line = "lamina: frame-timing \(path): \(statistics.summary.line)\n"
        lock.unlock()
        FileHandle.standardError.write(Data(line.utf8))
    }

    // MARK: - Every open log, finished at exit

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var open: [FrameTimingLog] = []
    nonisolated(unsafe) private static var windowsLogged = 0
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    /// The path for the next window's log: `path` for the first, `path.N` for the Nth.
    static func nextPath(for path: String) -> String {
        registryLock.lock()
        defer { registryLock.unlock() }
        windowsLogged += 1
        return windowsLogged == 1 ? path : "\(path).\(windowsLogged)"
    }

    private static func register(_ log: FrameTimingLog) {
        registryLock.lock()
        defer { registryLock.unlock() }
        open.append(log)
        guard !exitHandlerInstalled else { return }
        exitHandlerInstalled = true
        atexit { FrameTimingLog.finishAll() }
    }

    /// Finishes every log still open (at process exit).
    static func finishAll() {
        registryLock.lock()
        let logs = open
        open = []
        registryLock.unlock()
        for log in logs { log.finish() }
    }
}
