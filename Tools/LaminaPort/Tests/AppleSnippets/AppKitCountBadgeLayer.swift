import Cocoa

/// A count badge drawn with AppKit into the layer's context, kept in a local and made
/// current; a tint laid over an image with the source-atop operation.
final class AppKitCountBadgeLayer: CALayer {
    var count = 0 { didSet { setNeedsDisplay() } }
    var fill: NSColor = .systemRed

    override func draw(in ctx: CGContext) {
        let graphics = NSGraphicsContext(cgContext: ctx, flipped: false)
        NSGraphicsContext.saveGraphicsState()
        NSGraphicsContext.current = graphics
        fill.setFill()
        NSBezierPath(ovalIn: bounds).fill()
        NSGraphicsContext.restoreGraphicsState()
    }
}

enum OverlayTinter {
    static func tinted(_ image: NSImage, color: NSColor) -> NSImage {
        let result = NSImage(size: image.size)
        result.lockFocus()
        image.draw(in: NSRect(origin: .zero, size: image.size))
        color.set()
        NSRect(origin: .zero, size: image.size).fill(using: .sourceAtop)
        result.unlockFocus()
        return result
    }
}
