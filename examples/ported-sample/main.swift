// An Apple-style sample ported to Lamina: a layer subclass with a custom animatable
// property (GaugeLayer.swift), changed inside a transaction whose completion block reports
// the end. Opens a window on the user's compositor, or on an embedded headless sway when
// there is no display; prints one line when the animation finished and exits.
//
//     swift run ported-sample

import Foundation
import Lamina
import ExampleSupport

@MainActor
func runSample() -> Never {
    let session = ExampleSession(name: "ported-sample", embedding: ExampleSession.hasDisplay ? nil : .sway)
    let finish = session.finish
    let (application, window) = session.openWindow(
        title: "Gauge", appID: "org.lamina.ported-sample", preferredSize: CGSize(width: 320, height: 320))
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
    // Once the gauge's first frame is on screen:
    session.whenSettled(window) {
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
    session.run(application)
}

MainActor.assumeIsolated { runSample() }
