import ArgumentParser
import Foundation
import Lamina
import ExampleSupport

/// Lamina's demo window. With a display (`WAYLAND_DISPLAY`) it opens there; with none it
/// starts an embedded headless sway, shows the window in it, writes a screenshot and says where.
@main
struct WindowDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window-demo",
        abstract: "Shows Lamina's demo layer tree in a Wayland window.")

    @Option(help: "Exit with status 0 after this many seconds (default: until the window is closed; with the embedded compositor: after the screenshot).")
    var duration: Double?

    @Option(help: "Where the screenshot goes when the embedded compositor is used.")
    var screenshot: String = "window-demo.png"

    @Flag(help: "Use an embedded headless compositor even when a display is present.")
    var headless = false

    @Flag(help: "Print 'window-demo: shown at WxH' each time the window shows its scene at a new size.")
    var reportSizes = false

    @Flag(help: "Draw Lamina's title bar even where the compositor would draw the decorations.")
    var clientSideDecorations = false

    @Option(help: "Keep the scene animating for this many seconds, sample memory, descriptors, shm pools and cached bitmaps, print their growth and exit non-zero if they grew (scripts/soak.sh).")
    var soak: Double?

    @Option(help: "Seconds between soak samples (default: 60, or 10 for runs of 20 minutes or less).")
    var soakInterval: Double?

    @Option(help: "RSS growth over the soak's second half, in MB, that counts as allocator noise rather than a leak (default: 0.5).")
    var soakNoiseFloor: Double = 0.5

    func validate() throws {
        if let duration, !(duration > 0 && duration.isFinite) {
            throw ValidationError("--duration must be a positive number of seconds, not \(duration)")
        }
        if let soak, !(soak > 0 && soak.isFinite) {
            throw ValidationError("--soak must be a positive number of seconds, not \(soak)")
        }
        if let soakInterval, !(soakInterval > 0 && soakInterval.isFinite) {
            throw ValidationError("--soak-interval must be a positive number of seconds, not \(soakInterval)")
        }
        if !(soakNoiseFloor >= 0 && soakNoiseFloor.isFinite) {
            throw ValidationError("--soak-noise-floor must be a number of MB, 0 or more, not \(soakNoiseFloor)")
        }
    }

    func run() throws {
        // ArgumentParser calls run() on the main thread; the window lives on the main actor.
        try MainActor.assumeIsolated { try start() }
    }

    @MainActor
    private func start() throws {
        let session = ExampleSession(
            name: "window-demo", embedding: headless || !ExampleSession.hasDisplay ? .sway : nil,
            announcement: "no WAYLAND_DISPLAY; starting an embedded headless sway")
        let embedded = session.embedded
        let finish = session.finish
        let (application, window) = session.openWindow(
            title: "Lamina demo", appID: "org.lamina.window-demo", preferredSize: CGSize(width: 1280, height: 720),
            decorations: clientSideDecorations ? .clientSide : .automatic)
        // The app decides what closing its window means: here, the end of the demo.
        window.onClose = { finish(0) }
        DemoScene.build(in: window.rootLayer)
        _ = DemoContextMenu(window: window, items: DemoContextMenu.items(for: window, application: application, close: { finish(0) }))
        let url = URL(fileURLWithPath: screenshot).standardizedFileURL
        let reportSizes = reportSizes, duration = duration
        func report(_ size: CGSize) {
            guard reportSizes else { return }
            FileHandle.standardOutput.write(Data("window-demo: shown at \(Int(size.width))x\(Int(size.height))\n".utf8))
        }
        Task {
            do {
                // In the embedded sway the window is tiled: shown once it has sway's size.
                try await window.settled(where: { $0.isSizeFromCompositor || embedded == nil })
                report(window.size)
                if let embedded {
                    do {
                        _ = try embedded.screenshot(savingTo: url)
                        FileHandle.standardOutput.write(Data("window-demo: screenshot of the window written to \(url.path)\n".utf8))
                    } catch {
                        FileHandle.standardError.write(Data("window-demo: screenshot failed: \(error)\n".utf8))
                        finish(1)
                    }
                    if duration == nil { finish(0) }
                }
                while reportSizes {
                    let shown = window.size
                    try await window.settled(where: { $0.size != shown })
                    report(window.size)
                }
            } catch {
                return  // the window closed
            }
        }
        if let soak {
            let run = SoakRun(
                window: window, duration: soak, interval: soakInterval ?? (soak <= 1200 ? 10 : 60), noiseFloor: soakNoiseFloor)
            run.start { status in finish(status) }
        }
        if let duration {
            DispatchQueue.main.asyncAfter(deadline: .now() + duration) {
                MainActor.assumeIsolated { () -> Void in session.finish(0) }
            }
        }
        session.run(application)
    }
}
