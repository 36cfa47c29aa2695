import Foundation

/// Starts the processes that must not outlive this one, from a thread that lives as long as
/// the process.
///
/// Each process is started through util-linux's `setpriv --pdeathsig TERM`, which asks the
/// kernel (`prctl(PR_SET_PDEATHSIG)`) to send it `SIGTERM` when its parent goes away — however
/// this process ends: `stop()`, a thrown error that skips it, `exit()`, a crash or `SIGKILL`.
/// The kernel's "parent" is the *thread* that started the child, so every child is started
/// by this launcher's own thread, which never ends: a compositor started from a thread that
/// ends (a test's worker thread, a Dispatch queue's) keeps running.
final class ChildProcessLauncher: @unchecked Sendable {
    /// The launcher of the process (its thread starts on first use).
    static let shared = ChildProcessLauncher()

    private let condition = NSCondition()
    private var pending: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "LaminaTesting child launcher"
        thread.start()
    }

    /// Starts `process` (its executable and arguments as set), wrapped so that it receives
    /// `SIGTERM` when this process ends; returns once it was started. `setpriv` replaces
    /// itself with the program, so the process ID is the program's.
    func run(_ process: Process) throws {
        guard let executable = process.executableURL else {
            throw CompositorError("a child process needs an executable")
        }
        process.arguments = ["--pdeathsig", "TERM", "--", executable.path] + (process.arguments ?? [])
        process.executableURL = try HeadlessCompositor.executable("setpriv", package: "util-linux")
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        enqueue {
            do { try process.run() } catch { failure = error }
            started.signal()
        }
        started.wait()
        if let failure { throw failure }
    }

    private func enqueue(_ work: @escaping () -> Void) {
        condition.lock()
        pending.append(work)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let work = pending
            pending = []
            condition.unlock()
            for item in work { item() }
        }
    }
}
