import Foundation
import XCTest

/// One of the package's example executables, run as a child process with its output captured
/// line by line.
final class ExampleProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var stdoutLines: [String] = []
    private var stderrLines: [String] = []
    private var partial: [Int: String] = [:]
    private let outPipe = Pipe(), errPipe = Pipe()
    private var drained = false

    /// The folder holding the built executables (next to the test bundle).
    static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    init(_ name: String, arguments: [String] = [], environment: [String: String]) throws {
        let executable = Self.productsDirectory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw NSError(domain: "EndToEnd", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(executable.path) was not built: run swift build first"])
        }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = outPipe, err = errPipe
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, stream: 1) }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, stream: 2) }
        try process.run()
    }

    private func append(_ data: Data, stream: Int) {
        guard !data.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        var text = (partial[stream] ?? "") + String(decoding: data, as: UTF8.self)
        while let newline = text.firstIndex(of: "\n") {
            let line = String(text[..<newline])
            if stream == 1 { stdoutLines.append(line) } else { stderrLines.append(line) }
            text = String(text[text.index(after: newline)...])
        }
        partial[stream] = text
    }

    var output: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stdoutLines
    }

    var errors: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stderrLines
    }

    var isRunning: Bool { process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }
    var exitStatus: Int32 { process.terminationStatus }

    /// Waits until `condition` holds, polling; returns whether it did within `timeout` seconds.
    @discardableResult
    func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        poll(timeout: timeout, every: 0.02, until: condition)
    }

    /// Waits for the process to exit; returns whether it did. Once it has, whatever is
    /// still in its pipes is read, so no output is lost to the readability handlers' timing.
    func waitForExit(timeout: Double) -> Bool {
        guard wait(timeout: timeout, until: { !process.isRunning }) else { return false }
        drain()
        return true
    }

    private func drain() {
        lock.lock()
        let first = !drained
        drained = true
        lock.unlock()
        guard first else { return }
        for (pipe, stream) in [(outPipe, 1), (errPipe, 2)] {
            pipe.fileHandleForReading.readabilityHandler = nil
            append(pipe.fileHandleForReading.readDataToEndOfFile(), stream: stream)
            lock.lock()
            if let rest = partial[stream], !rest.isEmpty {
                if stream == 1 { stdoutLines.append(rest) } else { stderrLines.append(rest) }
                partial[stream] = ""
            }
            lock.unlock()
        }
    }

    func terminate() {
        if process.isRunning {
            process.terminate()
            _ = waitForExit(timeout: 3)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// CPU time (user + system) the process used so far, in clock ticks.
    var cpuTicks: Int? {
        // utime and stime: fields 14 and 15.
        guard let stat = ProcStat(process: process.processIdentifier), let user = stat.field(14).flatMap({ Int($0) }),
            let system = stat.field(15).flatMap({ Int($0) })
        else { return nil }
        return user + system
    }

    deinit { terminate() }
}

/// Whether `condition` holds within `timeout` seconds, checked every `interval` seconds.
func poll(timeout: Double, every interval: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(UInt32(interval * 1_000_000))
    }
    return condition()
}
