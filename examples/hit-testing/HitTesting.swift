import ArgumentParser
import Foundation
import Lamina

/// A window of named, coloured, partly overlapping layers. Each pointer press prints
/// `hit NAME X Y` (NAME the hit layer's name, or `none`; X Y in window coordinates).
/// Pressing the orange `mover` sends it across the window with an implicit animation; hits
/// follow it where it is drawn.
@main
struct HitTesting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit-testing",
        abstract: "Prints the layer under each pointer press: hit NAME X Y.",
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
        let application: Application
        let window: Window
        do {
            application = try Application()
            window = try Window(
                application: application, title: "Lamina hit testing", appID: "org.lamina.hit-testing",
                preferredSize: CGSize(width: 1280, height: 720))
        } catch {
            FileHandle.standardError.write(Data("hit-testing: \(error)\n".utf8))
            throw ExitCode(1)
        }
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
            FileHandle.standardOutput.write(Data(line.utf8))
            if let mover = hit, mover.name == "mover" {
                let target = HitTestingScene.toggle(mover, duration: animationDuration) {
                    FileHandle.standardError.write(Data("hit-testing: mover arrived at x=\(HitTestingScene.format(mover.frame.minX))\n".utf8))
                }
                FileHandle.standardError.write(Data("hit-testing: mover moving to x=\(HitTestingScene.format(target)) over \(animationDuration) s\n".utf8))
            }
        }
        // Announced once the window is drawn at the size the compositor chose (tiling), or
        // half a second after it is drawn at its own size (floating compositors).
        var announced = false
        let announce = {
            guard !announced, window.isSettled else { return }
            announced = true
            FileHandle.standardError.write(Data("hit-testing: window shown at \(Int(window.size.width))x\(Int(window.size.height))\n".utf8))
        }
        window.onFrameDisplayed = { _ in
            if window.isSizeFromCompositor {
                announce()
            } else {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    MainActor.assumeIsolated { if !window.isSizeFromCompositor { announce() } }
                }
            }
        }
        if let duration {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) { Foundation.exit(0) }
        }
        application.run()
    }
}
