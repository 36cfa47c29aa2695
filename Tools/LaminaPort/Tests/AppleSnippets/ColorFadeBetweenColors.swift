import UIKit

/// A layer whose background fades between two colours on a display link, interpolating their
/// components, and a tint derived from a system colour's hue.
final class ColorFader: NSObject {
    private let layer: CALayer
    private let from = UIColor.systemOrange
    private let to = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    private var displayLink: CADisplayLink?
    private var startTime: CFTimeInterval = 0

    init(layer: CALayer) {
        self.layer = layer
        super.init()
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
        UIColor.systemTeal.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        layer.borderColor = UIColor(hue: hue, saturation: saturation * 0.5, brightness: brightness, alpha: alpha).cgColor
        layer.backgroundColor = from.cgColor
    }

    func start() {
        startTime = CACurrentMediaTime()
        displayLink = CADisplayLink(target: self, selector: #selector(tick))
        displayLink?.add(to: .main, forMode: .common)
    }

    @objc private func tick() {
        let t = min(CGFloat(CACurrentMediaTime() - startTime) / 1.5, 1)
        var r1: CGFloat = 0, g1: CGFloat = 0, b1: CGFloat = 0, a1: CGFloat = 0
        var r2: CGFloat = 0, g2: CGFloat = 0, b2: CGFloat = 0, a2: CGFloat = 0
        guard from.getRed(&r1, green: &g1, blue: &b1, alpha: &a1), to.getRed(&r2, green: &g2, blue: &b2, alpha: &a2) else {
            return
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = CGColor(
            red: r1 + (r2 - r1) * t, green: g1 + (g2 - g1) * t, blue: b1 + (b2 - b1) * t, alpha: a1 + (a2 - a1) * t)
        CATransaction.commit()
        if t >= 1 {
            displayLink?.invalidate()
            displayLink = nil
        }
    }
}
