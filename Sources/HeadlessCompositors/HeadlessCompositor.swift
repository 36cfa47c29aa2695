import Foundation
import Glibc
import Wayland

/// A problem starting or driving a test compositor, with what to do about it.
public struct CompositorError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String
    /// An error with this message.
    public init(_ description: String) { self.description = description }
}

/// A real compositor (sway or weston) running headless for tests, in a private runtime dir.
///
/// Start one with `HeadlessCompositor.start(.sway)`, point clients at `socketPath` (pass
/// `environment` to child processes), and call `stop()` — it is also stopped on deinit.
/// Runs as root: sway, which refuses root, is started inside a user namespace. The
/// compositor ends with the process that started it, however that process ends (an error
/// that skips `stop()`, `exit()`, a crash, `SIGKILL`): it gets `SIGTERM` from the kernel
/// when its parent goes away.
public final class HeadlessCompositor: @unchecked Sendable {
    /// Which compositor to run.
    public enum Kind: String, Sendable {
        /// sway (wlroots): has a seat, virtual pointers and screencopy; paces at ~60 Hz.
        case sway
        /// weston: no seat, but working presentation feedback.
        case weston
        /// KDE's kwin_wayland (5.27) on its virtual backend: the one compositor here that
        /// offers `wp_fractional_scale_v1` (any `scale`, fractional ones included), and
        /// `xdg_activation_v1` and `zwp_text_input_v3`; no virtual input, no screenshots.
        case kwin
    }

    /// The compositor.
    public let kind: Kind
    /// The output size in pixels.
    public let width: Int, height: Int
    /// The private `XDG_RUNTIME_DIR`.
    public let runtimeDirectory: URL
    /// The absolute path of the Wayland socket; use it as `WAYLAND_DISPLAY`.
    public private(set) var socketPath: String = ""
    private var process = Process()
    /// What starts the compositor (again, for ``restart(signal:timeout:)``).
    private var launchExecutable = URL(fileURLWithPath: "/")
    private var launchArguments: [String] = []
    private var launchEnvironment: [String: String] = [:]
    private let socketName = "wayland-lamina"
    private let logURL: URL
    private let lock = NSLock()
    private var stopped = false

    /// The environment a client needs to reach this compositor (the current one plus
    /// `WAYLAND_DISPLAY` and `XDG_RUNTIME_DIR`).
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = socketPath
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        if kind == .sway, let ipc = swayIPCSocket { env["SWAYSOCK"] = ipc }
        return env
    }

    /// The output's scale (sway only; weston's headless backend is started at 1).
    public let scale: Double
    /// Whether ``screenshot(savingTo:)`` works: always on sway; on weston when started with
    /// `screenshots: true`.
    public let takesScreenshots: Bool

    /// Starts the compositor and waits (up to `timeout` seconds) for its socket. `scale` is
    /// the output's scale (sway only: `output … scale`; a fractional one is offered to clients
    /// as the next integer, and sway scales their buffers down). `screenshots` makes weston
    /// draw its output (pixman, instead of its headless no-op renderer) and allow
    /// `weston-screenshooter` (`--debug`); sway always can. weston's desktop shell runs
    /// without its panel and animations (no fade from black at start, none when windows open
    /// or close): windows are placed on the whole output and show as drawn from the start.
    public static func start(
        _ kind: Kind, width: Int = 1280, height: Int = 720, scale: Double = 1, timeout: Double = 15,
        screenshots: Bool = false
    ) throws -> HeadlessCompositor {
        guard scale > 0, scale.isFinite, kind != .weston || scale == 1 else {
            throw CompositorError("an output scale of \(scale) cannot be set on \(kind.rawValue) (sway and kwin take any positive scale, weston only 1)")
        }
        return try HeadlessCompositor(
            kind: kind, width: width, height: height, scale: scale, timeout: timeout, screenshots: screenshots)
    }

    private init(kind: Kind, width: Int, height: Int, scale: Double, timeout: Double, screenshots: Bool) throws {
        self.kind = kind
        takesScreenshots = kind == .sway || (kind == .weston && screenshots)
        self.width = width
        self.height = height
        self.scale = scale
        var template = Array("/tmp/lamina-\(kind.rawValue)-XXXXXX".utf8CString)
        let made: UnsafeMutablePointer<CChar>
        do {
            made = try SystemCall.pointer("mkdtemp") { template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } } }
        } catch {
            throw CompositorError("cannot create a private runtime directory in /tmp: \(error)")
        }
        runtimeDirectory = URL(fileURLWithPath: String(cString: made))
        chmod(runtimeDirectory.path, 0o700)
        logURL = runtimeDirectory.appendingPathComponent("compositor.log")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw CompositorError("cannot create the compositor log in \(runtimeDirectory.path)")
        }

        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "SWAYSOCK")
        let process = Process()
        switch kind {
        case .sway:
            let config = runtimeDirectory.appendingPathComponent("sway.config")
            try """
                output HEADLESS-1 resolution \(width)x\(height) scale \(scale)
                default_border none
                default_floating_border none
                focus_follows_mouse no
                seat seat0 hide_cursor 0
                """.write(to: config, atomically: true, encoding: .utf8)
            env["WLR_BACKENDS"] = "headless"
            env["WLR_LIBINPUT_NO_DEVICES"] = "1"
            env["WLR_RENDERER"] = "pixman"
            env["WAYLAND_DISPLAY"] = nil
            let sway = try Self.executable("sway", package: "sway")
            if getuid() == 0 {
                process.executableURL = try Self.executable("unshare", package: "util-linux")
                process.arguments = ["--user", sway.path, "-c", config.path]
            } else {
                process.executableURL = sway
                process.arguments = ["-c", config.path]
            }
        case .weston:
            // Its desktop shell fades the whole output in from black each time it starts (a
            // screenshot in its first second is black or dark), animates windows, and puts a
            // panel with a clock over the top of the output (and over windows placed there
            // before the panel came). None of that here: screenshots show the windows as drawn.
            let config = runtimeDirectory.appendingPathComponent("weston.ini")
            try """
                [shell]
                panel-position=none
                startup-animation=none
                animation=none
                close-animation=none
                focus-animation=none
                """.write(to: config, atomically: true, encoding: .utf8)
            process.executableURL = try Self.executable("weston", package: "weston")
            process.arguments = [
                "--backend=headless-backend.so", "--width=\(width)", "--height=\(height)",
                "--socket=\(socketName)", "--idle-time=0", "--config=\(config.path)",
            ] + (screenshots ? ["--use-pixman", "--debug"] : [])
        case .kwin:
            let kwin = try Self.executable("kwin_wayland", package: "kwin-wayland")
            let arguments = [
                "--virtual", "--socket", socketName, "--width", "\(width)", "--height", "\(height)", "--scale", "\(scale)",
                "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities",
            ]
            // kwin_wayland carries the file capability cap_sys_resource; where the bounding
            // set lacks it (containers), exec fails with EPERM. Started through the dynamic
            // loader, file capabilities do not apply; KWin's own Qt platform plugin then needs
            // telling that this is KWin (it checks the executable's name).
            if let loader = Self.dynamicLoader {
                process.executableURL = loader
                process.arguments = [kwin.path] + arguments
                env["KWIN_FORCE_OWN_QPA"] = "1"
            } else {
                process.executableURL = kwin
                process.arguments = arguments
            }
            env["QT_QPA_PLATFORM"] = "wayland-org.kde.kwin.qpa"
            // Its configuration and caches stay in the private runtime directory.
            env["XDG_CONFIG_HOME"] = runtimeDirectory.appendingPathComponent("config").path
            env["XDG_DATA_HOME"] = runtimeDirectory.appendingPathComponent("data").path
            env["XDG_CACHE_HOME"] = runtimeDirectory.appendingPathComponent("cache").path
            env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        }
        process.environment = env
        launchExecutable = process.executableURL ?? launchExecutable
        launchArguments = process.arguments ?? []
        launchEnvironment = env
        do {
            try launch(timeout: timeout, waitingForConnections: false)
        } catch {
            stop()
            throw error
        }
    }

    /// Starts the compositor process and waits (up to `timeout` seconds) for its socket —
    /// until a client can connect to it, when `waitingForConnections` (a socket file left by
    /// a killed compositor is there already). Returns when it accepted a connection.
    @discardableResult
    private func launch(timeout: Double, waitingForConnections: Bool) throws -> Double {
        let process = Process()
        process.executableURL = launchExecutable
        process.arguments = launchArguments
        process.environment = launchEnvironment
        let log = try FileHandle(forWritingTo: logURL)
        log.seekToEndOfFile()
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        do {
            // It ends with this process, however this process ends.
            try ChildProcessLauncher.shared.run(process)
        } catch {
            throw CompositorError("cannot start \(kind.rawValue): \(error)")
        }
        self.process = process
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let socket = findSocket(preferred: socketName), !waitingForConnections || Self.acceptsConnections(socket) {
                let ready = Self.monotonicSeconds()
                socketPath = socket
                if kind != .sway || swayIPCSocket != nil { return ready }
            }
            if !process.isRunning {
                throw CompositorError("\(kind.rawValue) exited with status \(process.terminationStatus) before its socket appeared:\n\(logTail)")
            }
            usleep(waitingForConnections ? 500 : 20_000)
        }
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        throw CompositorError("\(kind.rawValue) did not create its Wayland socket within \(timeout) s:\n\(logTail)")
    }

    /// Ends the compositor the way a crash would — `signal` (default `SIGKILL`), without
    /// letting it clean up — and waits until it exited. Its clients see their connection
    /// close. ``start()`` starts it again in the same runtime directory.
    public func kill(signal: Int32 = SIGKILL) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, signal)
        process.waitUntilExit()
        // sway's IPC socket is named for its process: the killed one's is stale.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        for name in names where name.hasPrefix("sway-ipc.") {
            try? FileManager.default.removeItem(at: runtimeDirectory.appendingPathComponent(name))
        }
    }

    /// Starts the compositor again after ``kill(signal:)``, with the same settings and runtime
    /// directory, so it listens on the same socket name; waits (up to `timeout` seconds)
    /// until it accepts connections. Returns that moment (seconds on the monotonic clock,
    /// the clock of `CACurrentMediaTime()`).
    @discardableResult
    public func start(timeout: Double = 15) throws -> Double {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { throw CompositorError("the compositor was stopped; start a new one") }
        guard !process.isRunning else { throw CompositorError("\(kind.rawValue) is running already") }
        return try launch(timeout: timeout, waitingForConnections: true)
    }

    /// Stops the compositor with `SIGSTOP` (it neither reads nor answers its clients) or
    /// lets it go on (`SIGCONT`).
    public func setSuspended(_ suspended: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, suspended ? SIGSTOP : SIGCONT)
    }

    /// Whether a client can connect to the socket at `path` now.
    private static func acceptsConnections(_ path: String) -> Bool {
        do {
            let socket = try UnixSocketAddress.makeSocket()
            try UnixSocketAddress(path: path).connect(socket)
            return true
        } catch {
            return false
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    deinit { stop() }

    private var logTail: String {
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }

    /// The compositor's log so far (stdout and stderr).
    public var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    private func findSocket(preferred: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        let candidates = names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.sorted()
        let name = candidates.contains(preferred) ? preferred : candidates.first
        return name.map { runtimeDirectory.appendingPathComponent($0).path }
    }

    /// sway's IPC socket (for `swaymsg`), once it exists.
    public var swayIPCSocket: String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        return names.first { $0.hasPrefix("sway-ipc.") }.map { runtimeDirectory.appendingPathComponent($0).path }
    }

    /// Whether the compositor process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The compositor's process ID.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Stops the compositor (SIGTERM, then SIGKILL after 3 s) and removes its runtime dir.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// The dynamic loader of this architecture, if it is where Debian puts it.
    static var dynamicLoader: URL? {
        ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
            .map { URL(fileURLWithPath: $0) }
    }

    /// Finds a program on PATH, or throws naming the Debian package to install.
    static func executable(_ name: String, package: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CompositorError("'\(name)' is not installed: run scripts/setup-debian.sh (or apt-get install \(package))")
    }

    /// Runs a program against this compositor (in `directory`, default the current one) and
    /// returns its standard output; throws with its standard error when it fails.
    @discardableResult
    public func run(_ name: String, package: String, _ arguments: [String], in directory: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = try Self.executable(name, package: package)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = environment
        let result = try ProcessOutput.run(process)
        guard result.status == 0 else {
            throw CompositorError("\(name) \(arguments.joined(separator: " ")) failed (\(result.status)): \(String(decoding: result.error, as: UTF8.self))")
        }
        return String(decoding: result.output, as: UTF8.self)
    }
}
