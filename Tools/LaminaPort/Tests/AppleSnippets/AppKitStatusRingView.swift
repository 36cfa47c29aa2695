import Cocoa

/// A macOS status ring: an AppKit view hosting a track and a progress arc, laid out in
/// layout(), recoloured in updateLayer() for the appearance, its progress animated.

final class AppKitStatusRingView: NSView {
    private let track = CAShapeLayer()
    private let arc = CAShapeLayer()
    private var progress: CGFloat = 0

    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        wantsLayer = true
        layerContentsRedrawPolicy = .onSetNeedsDisplay
        for ring in [track, arc] {
            ring.fillColor = nil
            ring.lineWidth = 4
            layer?.addSublayer(ring)
        }
        arc.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var wantsUpdateLayer: Bool { true }

    override func updateLayer() {
        track.strokeColor = NSColor.tertiaryLabelColor.cgColor
        arc.strokeColor = NSColor.controlAccentColor.cgColor
    }

    override func layout() {
        super.layout()
        let circle = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
        for ring in [track, arc] {
            ring.frame = bounds
            ring.path = circle
        }
    }

    func setProgress(_ value: CGFloat, animated: Bool) {
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = progress
        grow.toValue = value
        grow.duration = animated ? 0.3 : 0
        arc.add(grow, forKey: "progress")
        arc.strokeEnd = value
        progress = value
        needsDisplay = true
    }
}
