import Cocoa

/// A macOS layer showing an NSImage as its contents, framed by AppKit drawing in its
/// draw(in:) through a graphics context made from the layer's CGContext.
final class FramedIconLayer: CALayer {
    override init() {
        super.init()
        contents = NSImage(named: "icon.png")
        contentsGravity = .resizeAspect
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        NSGraphicsContext.saveGraphicsState()
        NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
        NSColor.windowBackgroundColor.setFill()
        NSColor.separatorColor.setStroke()
        let frame = NSBezierPath(roundedRect: bounds.insetBy(dx: 1, dy: 1), xRadius: 6, yRadius: 6)
        frame.lineWidth = 2
        frame.fill()
        frame.stroke()
        NSGraphicsContext.restoreGraphicsState()
    }
}
