import AppKit

/// A macOS badge layer drawing an oval and a Core Text digit, laid out by constraints in a hosted root layer.

final class DigitBadgeLayer: CALayer {
    override init() {
        super.init()
        backgroundColor = NSColor.systemRed.cgColor
        cornerRadius = 10
        contentsScale = NSScreen.main?.backingScaleFactor ?? 2
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        let path = NSBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2))
        ctx.addPath(path.cgPath)
        ctx.setFillColor(NSColor.white.cgColor)
        ctx.fillPath()
        let text = NSAttributedString(string: "3", attributes: [
            .font: NSFont.boldSystemFont(ofSize: 12),
            .foregroundColor: NSColor.white,
        ])
        let line = CTLineCreateWithAttributedString(text)
        ctx.textPosition = CGPoint(x: bounds.midX - 3, y: bounds.midY - 4)
        CTLineDraw(line, ctx)
    }
}

func makeHostedLayer() -> CALayer {
    let root = CALayer()
    root.backgroundColor = NSColor.windowBackgroundColor.cgColor
    root.layoutManager = CAConstraintLayoutManager()
    let badge = DigitBadgeLayer()
    badge.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    badge.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
    badge.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
    root.addSublayer(badge)
    badge.setNeedsDisplay()
    return root
}
