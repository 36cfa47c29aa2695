import ArgumentParser
import Foundation
import ExampleSupport
import Lamina

/// A window of named, coloured, partly overlapping layers. Each pointer press prints
/// `hit NAME X Y` (NAME the hit layer's name, or `none`; X Y in window coordinates); each key
/// press prints `key SYM TEXT` (SYM the XKB keysym name, TEXT the UTF-8 text it types or `-`).
/// Pressing the orange `mover` sends it across the window with an implicit animation; hits
/// follow it where it is drawn.
@main
struct HitTesting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit-testing",
        abstract: "Prints the layer under each pointer press (hit NAME X Y) and each key press (key SYM TEXT).",
        discussion: "The layer layout is printed to standard error at start. Needs a Wayland compositor (WAYLAND_DISPLAY).")

    @Option(help: "Exit with status 0 after this many seconds (default: run until the window is closed).")
    var duration: Double?

    @Option(help: "How long the mover's implicit animation lasts, in seconds.")
    var animationDuration: Double = 1.5

    func validate() throws {
        if let duration, !(duration > 0 && duration.isFinite) {
            throw ValidationError("--duration must be a positive number of seconds, not \(duration)")
        }
        if !(animationDuration >= 0 && animationDuration.isFinite) {
            throw ValidationError("--animation-duration must be 0 or a positive number of seconds, not \(animationDuration)")
        }
    }

    func run() throws {
        // ArgumentParser calls run() on the main thread; the window lives on the main actor.
        try MainActor.assumeIsolated { try start() }
    }

    @MainActor
    private func start() throws {
        // Only on the user's display (WAYLAND_DISPLAY): tests start the compositor.
        let session = ExampleSession(name: "hit-testing")
        let (application, window) = session.openWindow(
            title: "Lamina hit testing", appID: "org.lamina.hit-testing", preferredSize: CGSize(width: 1280, height: 720))
        // The app decides what closing its window means: here, the end of the program.
        window.onClose = { Foundation.exit(0) }
        let layers = HitTestingScene.build(in: window.rootLayer)
        for layer in layers {
            FileHandle.standardError.write(Data("hit-testing: layer \(HitTestingScene.describe(layer))\n".utf8))
        }
        let animationDuration = animationDuration
        window.onPointerEvent = { event in
            guard case .pressed = event.kind else { return }
            // The root layer is the window's background, not one of the scene's layers.
            let hit = event.layer === window.rootLayer ? nil : event.layer
            let name = hit.map { $0.name ?? "unnamed" } ?? "none"
            let line = "hit \(name) \(HitTestingScene.format(event.location.x)) \(HitTestingScene.format(event.location.y))\n"
            writeLine(line)
            if let mover = hit, mover.name == "mover" {
                let target = HitTestingScene.toggle(mover, duration: animationDuration) {
                    FileHandle.standardError.write(Data("hit-testing: mover arrived at x=\(HitTestingScene.format(mover.frame.minX))\n".utf8))
                }
                FileHandle.standardError.write(Data("hit-testing: mover moving to x=\(HitTestingScene.format(target)) over \(animationDuration) s\n".utf8))
            }
        }
        window.onKeyEvent = { event in
            guard event.kind == .pressed else { return }
            // Text that is empty or only control characters (Return is "\r") prints as '-'.
            let text = event.text.flatMap { text in
                text.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } ? nil : text
            } ?? "-"
            writeLine("key \(event.keysymName) \(text)\n")
        }
        // Announced once the window is drawn at the size the compositor chose (tiling), or
        // half a second after it is drawn at its own size (floating compositors).
        func announce() {
            FileHandle.standardError.write(Data("hit-testing: window shown at \(Int(window.size.width))x\(Int(window.size.height))\n".utf8))
        }
        session.whenSettled(window) {
            if window.isSizeFromCompositor { return announce() }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                MainActor.assumeIsolated { session.whenSettled(window, announce) }
            }
        }
        if let duration {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) { Foundation.exit(0) }
        }
        session.run(application)
    }
}

/// Writes a line to standard output at once (write(2): tests read it while the process runs).
private func writeLine(_ line: String) {
    var bytes = Array(line.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
