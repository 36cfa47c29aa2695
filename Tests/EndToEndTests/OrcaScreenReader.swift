import Foundation
import Glibc
import LaminaTesting
import XCTest

/// Debian's Orca screen reader, run headlessly against an ``AccessibilityBus`` on a headless
/// compositor; what it would speak is read from its debug log (`SPEECH OUTPUT: '…'` lines).
///
/// What it takes to run here:
/// - Orca 43 reads the keyboard's modifier map with `xkbcomp $DISPLAY` at start and stops when
///   `DISPLAY` is unset, so an X server is started for it: `Xwayland` on the compositor (it picks
///   a free display number and reports it through `-displayfd`).
/// - Its preferences come from a private folder (`-u`): speech enabled but no speech server
///   (`speechServerFactory` empty), so nothing is spoken and no `speech-dispatcher` daemon is
///   left behind; Orca still logs each utterance it would speak. Braille is off.
/// - Orca writes its debug log through a block-buffered file, so a regular file shows an
///   utterance only kilobytes later. The log is a pseudo-terminal instead: Python line-buffers a
///   terminal, so each line arrives as Orca writes it.
/// - `--replace` would kill every Orca of this user, so it is not passed: Orca refuses to start
///   while another one runs, and ``init(compositor:bus:timeout:)`` then throws with its words.
///
/// Orca and Xwayland are stopped by the PIDs started here.
final class OrcaScreenReader: @unchecked Sendable {
    private let orca = Process()
    private let xwayland = Process()
    private let preferences: URL
    private let terminal: Int32
    private let terminalPeer: Int32
    private let reader: DispatchSourceRead
    private let lock = NSLock()
    private var text = ""
    private var stopped = false

    /// Starts Xwayland and Orca; throws when a tool is missing or Orca does not start
    /// listening to the accessibility bus within `timeout` seconds.
    init(compositor: HeadlessCompositor, bus: AccessibilityBus, timeout: Double = 30) throws {
        let orcaTool = try AccessibilityBus.tool("orca", package: "orca")
        let xwaylandTool = try AccessibilityBus.tool("Xwayland", package: "xwayland")
        preferences = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-orca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: false)
        try Self.settings.write(to: preferences.appendingPathComponent("user-settings.conf"), atomically: true, encoding: .utf8)

        // The log: a pseudo-terminal in raw mode, read here on a queue of its own. The peer
        // stays open here until the end, so reads never fail while Orca opens and closes it.
        // (Linux's devpts: /dev/ptmx makes the pair; TIOCSPTLCK unlocks the peer, TIOCGPTN
        // numbers it; glibc's posix_openpt family is not visible to Swift.)
        terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard terminal >= 0, ioctl(terminal, 0x4004_5431, &unlock) == 0, ioctl(terminal, 0x8004_5430, &number) == 0 else {
            if terminal >= 0 { close(terminal) }
            throw AccessibilityBus.BusError("no pseudo-terminal for Orca's log: errno \(errno)")
        }
        let peerPath = "/dev/pts/\(number)"
        terminalPeer = open(peerPath, O_RDWR | O_NOCTTY)
        var attributes = termios()
        if terminalPeer >= 0, tcgetattr(terminalPeer, &attributes) == 0 {
            cfmakeraw(&attributes)
            tcsetattr(terminalPeer, TCSANOW, &attributes)
        }
        reader = DispatchSource.makeReadSource(fileDescriptor: terminal, queue: DispatchQueue(label: "orca-log"))
        reader.setEventHandler { [unowned self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(terminal, &buffer, buffer.count)
            guard count > 0 else { return }
            lock.withLock { text += String(decoding: buffer[..<count], as: UTF8.self) }
        }
        reader.setCancelHandler { [terminal, terminalPeer] in
            close(terminal)
            if terminalPeer >= 0 { close(terminalPeer) }
        }
        reader.resume()

        let environment = compositor.environment.merging(bus.environment.filter { $0.key == "DBUS_SESSION_BUS_ADDRESS" }) { $1 }
        xwayland.executableURL = xwaylandTool
        xwayland.arguments = ["-rootless", "-displayfd", "1", "-noreset"]
        xwayland.environment = environment
        let displayPipe = Pipe()
        xwayland.standardOutput = displayPipe
        xwayland.standardError = FileHandle.nullDevice
        do {
            try xwayland.run()
        } catch {
            stop()
            throw error
        }
        // Xwayland writes its display number and a newline once it accepts clients.
        var reported = Data()
        while !reported.contains(UInt8(ascii: "\n")) {
            let chunk = displayPipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            reported += chunk
        }
        let displayNumber = String(decoding: reported, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let display = Int(displayNumber) else {
            stop()
            throw AccessibilityBus.BusError("Xwayland reported no display number (it printed '\(displayNumber)')")
        }

        orca.executableURL = orcaTool
        orca.arguments = ["-u", preferences.path, "--debug-file=\(peerPath)"]
        var orcaEnvironment = environment
        orcaEnvironment["DISPLAY"] = ":\(display)"
        orcaEnvironment["HOME"] = preferences.path
        orcaEnvironment["XDG_CONFIG_HOME"] = preferences.appendingPathComponent("config").path
        orcaEnvironment["XDG_DATA_HOME"] = preferences.appendingPathComponent("data").path
        orcaEnvironment["XDG_CACHE_HOME"] = preferences.appendingPathComponent("cache").path
        orcaEnvironment["PYTHONNOUSERSITE"] = "1"
        orca.environment = orcaEnvironment
        // What it prints (xkbcomp's warnings, its refusal when another Orca runs) goes to a file.
        let printedURL = preferences.appendingPathComponent("printed.txt")
        _ = FileManager.default.createFile(atPath: printedURL.path, contents: nil)
        let printed = FileHandle(forWritingAtPath: printedURL.path) ?? FileHandle.nullDevice
        defer { try? printed.close() }
        orca.standardOutput = printed
        orca.standardError = printed
        do {
            try orca.run()
        } catch {
            stop()
            throw error
        }
        // Orca's words come up once it listens to the bus.
        let started = poll(timeout: timeout, every: 0.05) {
            !orca.isRunning || log.contains("ORCA: Starting registry")
        }
        guard started, orca.isRunning else {
            let words = (try? String(contentsOf: printedURL, encoding: .utf8)) ?? ""
            let ending = log.suffix(2000)
            stop()
            throw AccessibilityBus.BusError(
                "Orca did not start listening within \(timeout) s; it printed: \(words); its log ends: \(ending)")
        }
    }

    deinit { stop() }

    /// Orca's debug log so far.
    var log: String { lock.withLock { text } }

    /// What Orca would have spoken so far, one utterance each (the text of its
    /// `SPEECH OUTPUT: '…'` lines).
    var spoken: [String] {
        log.split(separator: "\n").compactMap { line in
            // SPEECH OUTPUT: 'words'{voice} or SPEECH OUTPUT: 'words' voice=name{voice}
            guard let start = line.range(of: "SPEECH OUTPUT: '") else { return nil }
            let rest = line[start.upperBound...]
            guard let end = rest.range(of: "'{", options: .backwards) ?? rest.range(of: "' voice=", options: .backwards)
                ?? rest.range(of: "'", options: .backwards)
            else { return nil }
            return String(rest[..<end.lowerBound])
        }
    }

    /// Stops Orca, then Xwayland, by their PIDs, and removes the preferences.
    func stop() {
        guard lock.withLock({ () -> Bool in
            defer { stopped = true }
            return !stopped
        }) else { return }
        for process in [orca, xwayland] where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        reader.cancel()
        try? FileManager.default.removeItem(at: preferences)
    }

    /// Orca's preferences: its defaults but for no speech server and no braille.
    private static let settings = """
        {"general": {"speechServerFactory": "", "enableSpeech": true, "enableBraille": false},
         "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
         "pronunciations": {}, "keybindings": {}}
        """
}
