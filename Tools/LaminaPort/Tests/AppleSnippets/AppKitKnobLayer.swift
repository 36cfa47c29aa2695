import AppKit

/// A macOS layer drawn with AppKit colours and an NSBezierPath built step by step.
final class Knob: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(NSColor.controlAccentColor.cgColor)
        ctx.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2))
    }
}

func makeKnob() -> CALayer {
    let layer = Knob()
    layer.backgroundColor = NSColor.windowBackgroundColor.cgColor
    layer.borderColor = NSColor(calibratedRed: 0.2, green: 0.3, blue: 0.4, alpha: 1).cgColor
    layer.shadowColor = NSColor.black.cgColor
    layer.contentsScale = NSScreen.main?.backingScaleFactor ?? 2
    let path = NSBezierPath()
    path.move(to: .zero)
    path.line(to: NSPoint(x: 10, y: 10))
    path.curve(to: NSPoint(x: 20, y: 0), controlPoint1: NSPoint(x: 12, y: 14), controlPoint2: NSPoint(x: 18, y: 4))
    path.close()
    let shape = CAShapeLayer()
    shape.path = path.cgPath
    shape.contents = NSImage(named: "knob.png")?.cgImage(forProposedRect: nil, context: nil, hints: nil)
    layer.addSublayer(shape)
    return layer
}
