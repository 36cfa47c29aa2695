import Foundation
import LaminaTesting
import Wayland
import XCTest

/// A headless compositor lives as long as the process that started it, however that process
/// ends, and no shorter.
final class HeadlessCompositorLifetimeTests: XCTestCase {
    func testAnEmbeddedSwayEndsWhenTheProcessThatStartedItIsKilled() throws {
        // window-demo starts its own sway when there is no display; SIGKILL gives it no
        // chance to stop it.
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("lifetime-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: screenshot) }
        let demo = try ExampleProcess(
            "window-demo", arguments: ["--headless", "--duration", "60", "--screenshot", screenshot.path], environment: environment)
        defer { demo.terminate() }
        let shown = demo.wait(timeout: 30) { demo.output.contains { $0.contains("screenshot of the window written") } }
        XCTAssertTrue(shown, "the demo showed its window in its own sway; stderr: \(demo.errors.suffix(5))")
        let compositors = Self.children(of: demo.processIdentifier)
        XCTAssertEqual(compositors.map(\.name), ["sway"], "the demo's one child is its sway")
        kill(demo.processIdentifier, SIGKILL)
        XCTAssertTrue(demo.waitForExit(timeout: 5))
        for compositor in compositors {
            let ended = demo.wait(timeout: 10) { !Self.isAlive(compositor.pid) }
            XCTAssertTrue(ended, "\(compositor.name) (\(compositor.pid)) ended with the process that started it")
            if !ended { kill(compositor.pid, SIGKILL) }
        }
    }

    func testACompositorStartedFromAThreadThatEndsKeepsRunning() throws {
        // The kernel's parent-death signal follows the thread that started a child: a
        // compositor started from a short-lived thread must not die with that thread.
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<HeadlessCompositor, Error>?
        let thread = Thread {
            result = Result { try HeadlessCompositor.start(.weston) }
            started.signal()
        }
        thread.start()
        started.wait()
        let compositor = try XCTUnwrap(result).get()
        defer { compositor.stop() }
        // The thread has ended once `isFinished`; then the compositor still answers.
        while !thread.isFinished { usleep(1_000) }
        let connection = try WaylandConnection(name: compositor.socketPath)
        for _ in 0..<5 { try connection.roundtrip() }
        XCTAssertTrue(compositor.isRunning, "weston outlived the thread that started it")
        XCTAssertTrue(Self.isAlive(compositor.processIdentifier))
    }

    /// The processes whose parent is `pid`, with their command names.
    static func children(of pid: Int32) -> [(pid: Int32, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid: Int32, name: String)? in
            guard let child = Int32(entry), let stat = statFields(child), stat.parent == pid else { return nil }
            return (child, stat.name)
        }
    }

    /// Whether `pid` is a live process (a zombie waiting to be reaped has ended).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = statFields(pid) else { return false }
        return stat.state != "Z" && stat.state != "X"
    }

    private static func statFields(_ pid: Int32) -> (name: String, state: Character, parent: Int32)? {
        // The state and the parent's pid: fields 3 and 4.
        guard let stat = ProcStat(process: pid), let state = stat.field(3)?.first,
            let parent = stat.field(4).flatMap({ Int32($0) })
        else { return nil }
        return (stat.name, state, parent)
    }
}
