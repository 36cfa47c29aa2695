import Foundation
import Lamina

// The README's samples, compiled but never called (they open windows). ArticleSampleTests
// checks that each ```swift block of the README appears here verbatim.
enum ReadmeSamples {
    @MainActor
    static func hello() async throws {
        let app = try Application()                       // WAYLAND_DISPLAY
        let window = try Window(application: app, title: "Hello")
        let box = CALayer()
        box.name = "box"
        box.frame = CGRect(x: 40, y: 40, width: 200, height: 120)
        box.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        window.rootLayer.addSublayer(box)
        window.onPointerEvent = { event in
            guard case .pressed = event.kind, event.layer === box else { return }
            box.position.x += 100                         // an implicit 0.25 s animation
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = CGFloat.pi
            spin.duration = 1
            box.add(spin, forKey: "spin")                 // an explicit one
        }
        try await app.run()                               // until the app closes or the connection fails
    }

    @MainActor
    static func displayLink(window: Window, box: CALayer) {
        let link = CADisplayLink(window: window) { link in     // Apple: CADisplayLink(target:selector:)
            box.position.x = 100 + 50 * sin(link.targetTimestamp)
        }
        link.add(to: .main, forMode: .common)                  // fires once per frame, on the main thread
        link.isPaused = true                                   // the window goes idle again
    }
}
