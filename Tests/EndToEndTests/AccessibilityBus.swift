import Foundation
import LaminaTesting
import XCTest

/// A private D-Bus session bus with at-spi2-core's accessibility bus on it, as a desktop
/// session has: `dbus-daemon --session`, then `at-spi-bus-launcher` (which starts the
/// accessibility bus; the registry is started on it when first called). ``setEnabled(_:)``
/// sets `org.a11y.Status.IsEnabled`, which tells apps an assistive technology is present.
/// Everything is stopped by the PIDs it started.
final class AccessibilityBus: @unchecked Sendable {
    /// The session bus's address (`DBUS_SESSION_BUS_ADDRESS` for the app and the client).
    let address: String
    private let daemon = Process()
    private let launcher = Process()
    private let directory: URL

    /// Starts the buses; throws (failing the test) when a tool is missing or a bus does not
    /// come up within `timeout` seconds.
    init(timeout: Double = 15) throws {
        // The session bus listens on a socket in a private folder: its address is known
        // before it starts, and it is ready once the socket exists.
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let socket = directory.appendingPathComponent("bus")
        address = "unix:path=\(socket.path)"
        daemon.executableURL = try Self.tool("dbus-daemon", package: "dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--address=\(address)"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: socket.path) {
            guard Date() < deadline, daemon.isRunning else {
                stop()
                throw BusError("dbus-daemon --session did not create \(socket.path) within \(timeout) s")
            }
            usleep(20_000)
        }
        launcher.executableURL = try Self.tool("at-spi-bus-launcher", package: "at-spi2-core", in: ["/usr/libexec", "/usr/lib/at-spi2-core"])
        launcher.arguments = ["--launch-immediately"]
        // Its bus's socket goes in $XDG_RUNTIME_DIR/at-spi: this bus's own folder.
        launcher.environment = environment.merging(["XDG_RUNTIME_DIR": directory.path]) { $1 }
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        do {
            try launcher.run()
        } catch {
            stop()
            throw error
        }
        while Date() < deadline {
            if (try? gdbus(["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"]))
                .map({ $0.contains("unix:") }) == true
            {
                return
            }
            usleep(50_000)
        }
        stop()
        throw BusError("at-spi-bus-launcher did not offer org.a11y.Bus within \(timeout) s")
    }

    deinit { stop() }

    /// The environment for processes on this session bus (the caller's, with its address).
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        env.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        env.removeValue(forKey: "NO_AT_BRIDGE")
        return env
    }

    /// Sets `org.a11y.Status.IsEnabled` (what a screen reader sets when it starts).
    func setEnabled(_ enabled: Bool) throws {
        try gdbus([
            "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
            "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled", "<\(enabled)>",
        ])
    }

    /// Runs `gdbus` on this session bus and returns its standard output.
    @discardableResult
    func gdbus(_ arguments: [String]) throws -> String {
        try Self.run(try Self.tool("gdbus", package: "libglib2.0-bin"), arguments, environment: environment)
    }

    private var stopped = false

    func stop() {
        guard !stopped else { return }
        stopped = true
        if launcher.isRunning {
            launcher.terminate()
            launcher.waitUntilExit()
        }
        if daemon.isRunning {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tool and returns its standard output; throws with its standard error on failure.
    static func run(_ tool: URL, _ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = environment
        let result = try ProcessOutput.run(process)
        guard result.status == 0 else {
            throw BusError("\(tool.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(String(decoding: result.error, as: UTF8.self))")
        }
        return String(decoding: result.output, as: UTF8.self)
    }

    /// A tool's path; throws, naming the package to install, when it is missing.
    static func tool(_ name: String, package: String, in directories: [String] = ["/usr/bin", "/bin"]) throws -> URL {
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw BusError("'\(name)' is not installed: run scripts/setup-debian.sh (or apt-get install \(package))")
    }

    struct BusError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

extension AccessibilityBus {
    /// `window-demo` on `compositor` with its own accessibility bus (an assistive technology
    /// present when `enabled`), once shown at `size` ("WxH" points; nil: whatever size it
    /// is shown at first).
    static func startDemo(on compositor: HeadlessCompositor, enabled: Bool = true, shownAt size: String?) throws
        -> (AccessibilityBus, ExampleProcess)
    {
        let bus = try AccessibilityBus()
        try bus.setEnabled(enabled)
        let environment = compositor.environment.merging(bus.environment.filter { $0.key == "DBUS_SESSION_BUS_ADDRESS" }) { $1 }
        let demo = try ExampleProcess("window-demo", arguments: ["--report-sizes", "--duration", "120"], environment: environment)
        XCTAssertTrue(
            demo.wait(timeout: 30) { demo.output.contains { $0.hasPrefix("window-demo: shown at \(size ?? "")") } },
            "shown at \(size ?? "a size"); stdout \(demo.output), stderr \(demo.errors.suffix(5))")
        return (bus, demo)
    }

    /// The accessibility bus's address (`org.a11y.Bus.GetAddress`).
    func accessibilityAddress() throws -> String {
        let reply = try gdbus(["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"])
        // ('unix:path=…,guid=…',)
        guard let start = reply.firstIndex(of: "'"), let end = reply.lastIndex(of: "'"), start < end else {
            throw BusError("unexpected GetAddress reply \(reply)")
        }
        return String(reply[reply.index(after: start)..<end])
    }

    /// The applications the registry on the accessibility bus at `address` lists: their bus
    /// names and root paths.
    func registeredApplications(at address: String) throws -> [(name: String, path: String)] {
        let reply = try gdbus([
            "call", "--address", address, "--dest", "org.a11y.atspi.Registry", "--object-path", "/org/a11y/atspi/accessible/root",
            "--method", "org.a11y.atspi.Accessible.GetChildren",
        ])
        // ([(':1.5', objectpath '/org/a11y/atspi/accessible/root')],)
        var found: [(String, String)] = []
        var rest = Substring(reply)
        while let open = rest.range(of: "('") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "'") else { break }
            let name = String(rest[..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard let pathOpen = rest.range(of: "objectpath '") else { break }
            rest = rest[pathOpen.upperBound...]
            guard let pathClose = rest.range(of: "'") else { break }
            found.append((name, String(rest[..<pathClose.lowerBound])))
            rest = rest[pathClose.upperBound...]
        }
        return found
    }
}

extension XCTestCase {
    /// Whether `condition` holds within `timeout` seconds (checked every 100 ms).
    func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        poll(timeout: timeout, every: 0.1, until: condition)
    }
}
