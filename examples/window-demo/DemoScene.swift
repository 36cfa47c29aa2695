import Foundation
import Lamina

/// The demo's layer tree: rounded cards with borders and shadows, nested layers, transparency,
/// a z-ordered overlay, a rotated layer and a layer drawn with `draw(in:)` (seed 004's
/// progress ring, which fills with an animation at start) under a text label, on a dark
/// background.
@MainActor
enum DemoScene {
    static func build(in root: CALayer) {
        root.backgroundColor = CGColor(red: 0.09, green: 0.10, blue: 0.13, alpha: 1)
        let palette: [(String, CGColor)] = [
            ("coral", CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1)),
            ("amber", CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1)),
            ("teal", CGColor(red: 0.16, green: 0.70, blue: 0.66, alpha: 1)),
            ("violet", CGColor(red: 0.53, green: 0.40, blue: 0.90, alpha: 1)),
        ]
        for (index, (name, color)) in palette.enumerated() {
            let card = CALayer()
            card.name = name
            card.frame = CGRect(x: 80 + CGFloat(index) * 290, y: 120, width: 250, height: 330)
            card.backgroundColor = color
            card.cornerRadius = 18
            card.borderWidth = 2
            card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.4)
            card.shadowOpacity = 0.5
            card.shadowRadius = 12
            card.shadowOffset = CGSize(width: 0, height: 8)
            let band = CALayer()
            band.name = "\(name)-band"
            band.frame = CGRect(x: 20, y: 250, width: 210, height: 50)
            band.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.35)
            card.addSublayer(band)
            root.addSublayer(card)
        }
        let title = CATextLayer()
        title.name = "title"
        title.frame = CGRect(x: 80, y: 44, width: 1120, height: 56)
        title.string = "Lamina — Core Animation on Wayland"
        title.fontSize = 36
        title.foregroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        title.truncationMode = .end
        root.addSublayer(title)
        let overlay = CALayer()
        overlay.name = "overlay"
        overlay.frame = CGRect(x: 240, y: 380, width: 800, height: 160)
        overlay.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 0.85)
        overlay.zPosition = 1
        root.addSublayer(overlay)
        let tilted = CALayer()
        tilted.name = "tilted"
        tilted.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        tilted.position = CGPoint(x: 640, y: 620)
        tilted.backgroundColor = CGColor(red: 0.25, green: 0.55, blue: 0.95, alpha: 1)
        tilted.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 8))
        tilted.zPosition = 2
        tilted.cornerRadius = 12
        root.addSublayer(tilted)
        let ring = ProgressRingLayer()
        ring.name = "progress"
        ring.frame = CGRect(x: 1080, y: 540, width: 140, height: 140)
        ring.progress = 0.7
        ring.zPosition = 2
        root.addSublayer(ring)
        // Seed 004: an animated `progress` redraws the ring on every frame, because the
        // class answers true to needsDisplay(forKey: "progress"). From 0 to the model's 0.7.
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.duration = 1.5
        fill.timingFunction = CAMediaTimingFunction(name: .easeOut)
        ring.add(fill, forKey: "fill")
    }
}
