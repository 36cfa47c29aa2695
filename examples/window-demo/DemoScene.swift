import Foundation
import Lamina

/// The demo's layer tree: rounded cards with borders, shadows and gradient bands, nested
/// layers, transparency, a z-ordered overlay with a shape-layer ring, a rotated layer, a layer
/// drawn with `draw(in:)` (seed 004's progress ring, which fills with an animation at start),
/// a text title with a replicator activity indicator, a frosted panel (`backgroundFilters`
/// blurring the card edge behind it), and a burst of emitter sparks, on a
/// dark background (see ``DemoWidgets``). Built at the root's size (the window's preferred 1280×720) and laid out again
/// when the window is resized: the cards by a layout manager (a row across the width), the
/// other layers by their `autoresizingMask`. What a screen reader should read is described
/// with Apple's accessibility API: the cards are buttons, the title a heading, the overlay a
/// group, the progress ring adjustable.
@MainActor
enum DemoScene {
    static func build(in root: CALayer) {
        let row = CardRowLayout()
        root.backgroundColor = CGColor(red: 0.09, green: 0.10, blue: 0.13, alpha: 1)
        let palette: [(String, CGColor)] = [
            ("coral", CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1)),
            ("amber", CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1)),
            ("teal", CGColor(red: 0.16, green: 0.70, blue: 0.66, alpha: 1)),
            ("violet", CGColor(red: 0.53, green: 0.40, blue: 0.90, alpha: 1)),
        ]
        for (index, (name, color)) in palette.enumerated() {
            let card = DemoCardLayer()
            card.name = name
            card.describe(as: "\(name.prefix(1).uppercased())\(name.dropFirst()) card")
            card.frame = CardRowLayout.frame(ofCard: index, of: palette.count, in: root.bounds)
            card.backgroundColor = color
            card.cornerRadius = 18
            card.borderWidth = 2
            card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.4)
            card.shadowOpacity = 0.5
            card.shadowRadius = 12
            card.shadowOffset = CGSize(width: 0, height: 8)
            let band = DemoWidgets.band(named: "\(name)-band")
            band.frame = CGRect(x: 20, y: 250, width: 210, height: 50)
            // Follows the card's width and stays 30 points above its bottom edge.
            band.autoresizingMask = [.layerWidthSizable, .layerMinYMargin]
            card.addSublayer(band)
            root.addSublayer(card)
            row.cards.append(card)
        }
        root.layoutManager = row
        let title = CATextLayer()
        title.name = "title"
        title.frame = CGRect(x: 80, y: 44, width: 1120, height: 56)
        title.string = "Lamina — Core Animation on Wayland"
        title.fontSize = 36
        title.foregroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        title.truncationMode = .end
        title.autoresizingMask = .layerWidthSizable
        // Static text by default (labelled by its string); a header too.
        title.accessibilityTraits = [.staticText, .header]
        root.addSublayer(title)
        let overlay = CALayer()
        overlay.name = "overlay"
        overlay.frame = CGRect(x: 240, y: 380, width: 800, height: 160)
        overlay.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 0.85)
        overlay.zPosition = 1
        overlay.autoresizingMask = [.layerWidthSizable, .layerMinYMargin]
        overlay.shouldGroupAccessibilityChildren = true
        overlay.accessibilityLabel = "Overlay"
        let shapeRing = DemoWidgets.shapeRing(frame: CGRect(x: 30, y: 20, width: 80, height: 80))
        shapeRing.isAccessibilityElement = true
        shapeRing.accessibilityLabel = "Filling ring"
        shapeRing.accessibilityTraits = .image
        overlay.addSublayer(shapeRing)
        root.addSublayer(overlay)
        // A frosted panel across the first card's bottom edge: what is behind it blurred,
        // tinted white.
        let frosted = CALayer()
        frosted.name = "frosted"
        frosted.frame = CGRect(x: 40, y: 400, width: 180, height: 90)
        frosted.cornerRadius = 16
        frosted.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.2)
        frosted.borderWidth = 1
        frosted.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        frosted.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 10]) as Any]
        frosted.autoresizingMask = .layerMinYMargin
        root.addSublayer(frosted)
        let spinner = DemoWidgets.activityIndicator(center: CGPoint(x: 1176, y: 72))
        spinner.autoresizingMask = .layerMinXMargin
        spinner.isAccessibilityElement = true
        spinner.accessibilityLabel = "Activity indicator"
        spinner.accessibilityTraits = .updatesFrequently
        root.addSublayer(spinner)
        let sparks = DemoWidgets.sparks(at: CGPoint(x: 1150, y: 610))
        sparks.zPosition = 3
        sparks.autoresizingMask = [.layerMinXMargin, .layerMinYMargin]
        root.addSublayer(sparks)
        let tilted = CALayer()
        tilted.name = "tilted"
        tilted.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        tilted.position = CGPoint(x: 640, y: 620)
        tilted.backgroundColor = CGColor(red: 0.25, green: 0.55, blue: 0.95, alpha: 1)
        tilted.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 8))
        tilted.zPosition = 2
        tilted.cornerRadius = 12
        // Centred across, at a fixed distance from the bottom.
        tilted.autoresizingMask = [.layerMinXMargin, .layerMaxXMargin, .layerMinYMargin]
        tilted.isAccessibilityElement = true
        tilted.accessibilityLabel = "Tilted square"
        tilted.accessibilityTraits = .image
        root.addSublayer(tilted)
        let ring = ProgressRingLayer()
        ring.name = "progress"
        ring.frame = CGRect(x: 1080, y: 540, width: 140, height: 140)
        ring.progress = 0.7
        ring.zPosition = 2
        ring.autoresizingMask = [.layerMinXMargin, .layerMinYMargin]
        ring.isAccessibilityElement = true
        ring.accessibilityLabel = "Progress"
        ring.accessibilityTraits = [.adjustable, .updatesFrequently]
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

/// Lays the cards out in a row across the root: 80 points from the sides, 40 apart, from
/// 120 points below the top to 270 above the bottom.
final class CardRowLayout: CALayoutManager {
    var cards: [CALayer] = []

    func layoutSublayers(of layer: CALayer) {
        for (index, card) in cards.enumerated() {
            card.frame = Self.frame(ofCard: index, of: cards.count, in: layer.bounds)
        }
    }

    /// The frame of card `index` of `count` in `bounds` (1280×720: 250×330 cards at x = 80, 370, …).
    static func frame(ofCard index: Int, of count: Int, in bounds: CGRect) -> CGRect {
        let gap: CGFloat = 40, side: CGFloat = 80
        let n = CGFloat(max(count, 1))
        let width = max((bounds.width - 2 * side - (n - 1) * gap) / n, 20)
        let height = max(bounds.height - 390, 40)
        return CGRect(x: bounds.minX + side + CGFloat(index) * (width + gap), y: bounds.minY + 120, width: width, height: height)
    }
}
