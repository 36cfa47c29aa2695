import Foundation
import Lamina
import LaminaTesting

// The samples of the "Getting started" article. The window-opening ones are compiled but
// never called (they need the user's compositor); HeadlessSampleTests runs `runHeadless` on
// a real headless sway. ArticleSampleTests checks that each ```swift block of the article
// appears here verbatim.
/// Adds a card to the window's root layer: a helper beside main.swift's top-level code.
@MainActor
func addCard(to window: Window, at origin: CGPoint) -> CALayer {
    let card = CALayer()
    card.frame = CGRect(origin: origin, size: CGSize(width: 200, height: 120))
    card.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1)
    window.rootLayer.addSublayer(card)
    return card
}

enum GettingStartedSamples {
    @MainActor
    static func callHelper(window: Window) -> CALayer {
        let second = addCard(to: window, at: CGPoint(x: 260, y: 40))
        return second
    }

    @MainActor
    static func openWindow() async throws {
        let app = try Application()                  // connects to $WAYLAND_DISPLAY
        let window = try Window(application: app, title: "Hello", preferredSize: CGSize(width: 480, height: 320))
        window.onClose = { exit(0) }                 // the library never exits by itself

        let card = CALayer()
        card.frame = CGRect(x: 40, y: 40, width: 200, height: 120)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        card.cornerRadius = 12
        window.rootLayer.addSublayer(card)

        try await app.run()                          // until the app closes or the connection fails
    }

    @MainActor
    static func firstAnimation(window: Window, card: CALayer) {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = CGFloat(0)
        spin.toValue = 2 * CGFloat.pi
        spin.duration = 2
        spin.repeatCount = .infinity
        card.add(spin, forKey: "spin")               // explicit: runs until removed

        window.onPointerEvent = { event in
            guard case .pressed = event.kind, event.layer === card else { return }
            card.position.x += 80                    // implicit: animates over 0.25 s
        }
    }

    @MainActor
    static func runHeadless() async throws {
        let compositor = try HeadlessCompositor.start(.sway)   // or .weston
        defer { compositor.stop() }
        let app = try Application(socket: compositor.socketPath)
        let window = try Window(application: app, title: "Hello")
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 40, width: 200, height: 120)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        window.rootLayer.addSublayer(card)

        try await window.settled(where: { $0.isSizeFromCompositor })   // sway tiles it
        let image = try compositor.screenshot(savingTo: URL(fileURLWithPath: "hello.png"))
        print("hello.png: \(image.width)×\(image.height)")
        app.close()
    }
}
