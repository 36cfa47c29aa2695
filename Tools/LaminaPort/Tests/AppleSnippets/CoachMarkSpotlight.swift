import UIKit

/// A coach-mark overlay: a dimmed layer whose path cuts holes with reversed shapes.
final class CoachMarkSpotlightLayer: CAShapeLayer {
    var hole: CGRect = .zero { didSet { setNeedsLayout() } }

    override init() {
        super.init()
        fillColor = UIColor.black.withAlphaComponent(0.6).cgColor
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    override func layoutSublayers() {
        super.layoutSublayers()
        let overlay = UIBezierPath(rect: bounds)
        let cutout = UIBezierPath(roundedRect: hole, cornerRadius: 12)
        overlay.append(cutout.reversing())
        overlay.append(UIBezierPath(ovalIn: hole.offsetBy(dx: 0, dy: hole.height + 16)).reversing())
        path = overlay.cgPath
        cornerCurve = .continuous
    }
}
