import UIKit

/// A dot that pulses with the display and lets touches through while it warms up: a display
/// link drives its opacity, and the control turns enabled after its tenth second of pulsing.

final class PulsingDotControl: UIControl {
    private let dot = CAShapeLayer()
    private var link: CADisplayLink?
    private var phase: CGFloat = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isEnabled = false
        dot.fillColor = UIColor.systemPink.cgColor
        layer.addSublayer(dot)
        link = CADisplayLink(target: self, selector: #selector(step))
        link?.add(to: .main, forMode: .common)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dot.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 8, dy: 8)).cgPath
    }

    @objc private func step(_ link: CADisplayLink) {
        phase += CGFloat(link.duration) * 2 * .pi
        dot.opacity = Float(0.5 + 0.5 * sin(phase))
        if phase > 20 * .pi, !isEnabled {
            isEnabled = true
            isUserInteractionEnabled = true
        }
    }
}
