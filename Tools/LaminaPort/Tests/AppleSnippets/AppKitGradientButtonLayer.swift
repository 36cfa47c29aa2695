import AppKit

/// A glossy AppKit button face: a vertical gradient across its rounded face, a shine over the
/// top half, and a radial glow under the title.
final class GlossyButtonLayer: CALayer {
    var isPressed = false { didSet { setNeedsDisplay() } }

    override func draw(in ctx: CGContext) {
        NSGraphicsContext.saveGraphicsState()
        NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
        guard let face = NSGradient(colors: [NSColor(calibratedRed: 0.18, green: 0.45, blue: 0.86, alpha: 1), NSColor(calibratedRed: 0.36, green: 0.62, blue: 0.98, alpha: 1)]) else { return }
        face.draw(in: NSBezierPath(roundedRect: bounds.insetBy(dx: 1, dy: 1), xRadius: 6, yRadius: 6), angle: isPressed ? 270 : 90)
        let shine = NSGradient(starting: NSColor(calibratedWhite: 1, alpha: 0.35), ending: NSColor(calibratedWhite: 1, alpha: 0))!
        let top = NSRect(x: bounds.minX + 2, y: bounds.midY, width: bounds.width - 4, height: bounds.height / 2 - 2)
        shine.draw(in: top, angle: -90)
        if let glow = NSGradient(colorsAndLocations: (NSColor.white.withAlphaComponent(0.4), 0), (NSColor.clear, 1)) {
            let center = NSPoint(x: bounds.midX, y: bounds.midY)
            glow.draw(fromCenter: center, radius: 0, toCenter: center, radius: bounds.height, options: [])
        }
        NSColor(calibratedWhite: 0, alpha: 0.4).setStroke()
        NSBezierPath(roundedRect: bounds.insetBy(dx: 0.5, dy: 0.5), xRadius: 6.5, yRadius: 6.5).stroke()
        NSGraphicsContext.restoreGraphicsState()
    }
}
