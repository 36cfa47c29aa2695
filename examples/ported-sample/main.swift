// An Apple-style sample ported to Lamina: a layer subclass with a custom animatable
// property (GaugeLayer.swift), changed inside a transaction whose completion block reports
// the end. Opens a window on the user's compositor, or on an embedded headless sway when
// there is no display; prints one line when the animation finished and exits.
//
//     swift run ported-sample

import Foundation
import Lamina
import LaminaTesting

@MainActor
func runSample() throws -> Never {
    let hasDisplay = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
    let embedded = hasDisplay ? nil : try HeadlessCompositor.start(.sway)
    func finish(_ status: Int32) -> Never {
        embedded?.stop()
        exit(status)
    }
    let application = try Application(socket: embedded?.socketPath)
    let window = try Window(
        application: application, title: "Gauge", appID: "org.lamina.ported-sample",
        preferredSize: CGSize(width: 320, height: 320))
    window.onClose = { finish(0) }
    window.rootLayer.backgroundColor = CGColor(red: 0.09, green: 0.10, blue: 0.13, alpha: 1)
    let gauge = GaugeLayer()
    gauge.frame = CGRect(x: 60, y: 60, width: 200, height: 200)
    gauge.setNeedsDisplay()
    window.rootLayer.addSublayer(gauge)

    var framesWhileAnimating = 0
    var animating = false
    window.onFrameDisplayed = { _ in
        if animating { framesWhileAnimating += 1 }
    }
    Task {
        // The gauge's first frame is on screen.
        do { try await window.settled() } catch { return }
        // The Apple sample's change: an implicit animation, and a completion block.
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            animating = false
            print("ported-sample: progress animated to \(gauge.progress) in \(framesWhileAnimating) frames")
            finish(0)
        }
        gauge.progress = 0.75
        CATransaction.commit()
        animating = true
    }
    // The app decides how it ends: the connection failing ends `run()` with the error (which
    // the default `onFatalError` printed), and the program with status 1.
    Task {
        do { try await application.run() } catch { finish(1) }
        finish(0)
    }
    dispatchMain()
}

do {
    try MainActor.assumeIsolated { try runSample() }
} catch {
    FileHandle.standardError.write(Data("ported-sample: \(error)\n".utf8))
    exit(1)
}
