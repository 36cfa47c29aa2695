import AppKit

/// A macOS counter badge drawn by its layer: AppKit's drawing goes to a graphics context made
/// from the layer's, the previous current context restored when drawing ends.
final class CounterBadgeLayer: CALayer {
    var count = 0 {
        didSet { setNeedsDisplay() }
    }

    override func draw(in ctx: CGContext) {
        let previous = NSGraphicsContext.current
        NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: true)
        defer { NSGraphicsContext.current = previous }

        NSColor.systemRed.setFill()
        NSBezierPath(ovalIn: bounds).fill()
        NSColor.white.setStroke()
        NSBezierPath(ovalIn: bounds.insetBy(dx: 1, dy: 1)).stroke()

        let attributes: [NSAttributedString.Key: Any] = [
            .font: NSFont.boldSystemFont(ofSize: 11),
            .foregroundColor: NSColor.white,
        ]
        let text = count > 99 ? "99+" : "\(count)"
        let size = (text as NSString).size(withAttributes: attributes)
        (text as NSString).draw(
            at: CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2), withAttributes: attributes)
    }
}
