import AppKit
import QuartzCore

/// A macOS status badge: an icon from the bundle, a count in a text layer that springs when
/// it changes, and an accent-coloured rounded outline.
final class StatusBadgeLayer: CALayer {
    private let label = CATextLayer()

    override init() {
        super.init()
        backgroundColor = NSColor.systemRed.cgColor
        cornerRadius = 8
        label.font = NSFont.boldSystemFont(ofSize: 12)
        label.fontSize = 12
        label.foregroundColor = NSColor.white.cgColor
        label.alignmentMode = .center
        label.contentsScale = NSScreen.main?.backingScaleFactor ?? 2
        addSublayer(label)
        let icon = NSImage(named: "bell")
        contents = icon?.cgImage(forProposedRect: nil, context: nil, hints: nil)
        contentsGravity = .resizeAspect
        let outline = CAShapeLayer()
        outline.path = NSBezierPath(roundedRect: NSRect(x: 0, y: 0, width: 40, height: 16), xRadius: 8, yRadius: 8).cgPath
        outline.strokeColor = NSColor.controlAccentColor.cgColor
        outline.fillColor = nil
        addSublayer(outline)
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    var count: Int = 0 {
        didSet {
            label.string = "\(count)"
            let bounce = CASpringAnimation(keyPath: "transform.scale")
            bounce.fromValue = 0.8
            bounce.toValue = 1
            bounce.damping = 8
            bounce.duration = bounce.settlingDuration
            add(bounce, forKey: "bounce")
        }
    }
}
