import UIKit

/// A gauge whose ring and backdrop take colours from helper functions: one choosing by
/// level, one blending two colours by components, one giving a gradient's stops.
final class HeatGaugeLayer: CAGradientLayer {
    let ring = CAShapeLayer()
    var level: CGFloat = 0 {
        didSet { refresh() }
    }

    func stops(dark: Bool) -> [UIColor] {
        dark ? [.black, .darkGray] : [.white, .lightGray]
    }

    func tint(for level: CGFloat) -> UIColor {
        switch level {
        case ..<0.3: return .systemGreen
        case ..<0.7: return .systemOrange
        default: return .systemRed
        }
    }

    func blend(_ from: UIColor, _ to: UIColor, fraction: CGFloat) -> UIColor {
        var r0: CGFloat = 0, g0: CGFloat = 0, b0: CGFloat = 0, a0: CGFloat = 0
        var r1: CGFloat = 0, g1: CGFloat = 0, b1: CGFloat = 0, a1: CGFloat = 0
        from.getRed(&r0, green: &g0, blue: &b0, alpha: &a0)
        to.getRed(&r1, green: &g1, blue: &b1, alpha: &a1)
        let f = min(max(fraction, 0), 1)
        return UIColor(red: r0 + (r1 - r0) * f, green: g0 + (g1 - g0) * f, blue: b0 + (b1 - b0) * f, alpha: a0 + (a1 - a0) * f)
    }

    private func refresh() {
        colors = stops(dark: level > 0.5).map { $0.cgColor }
        ring.strokeColor = tint(for: level).cgColor
        let glow = blend(.systemYellow, .systemRed, fraction: level)
        ring.shadowColor = glow.cgColor
        ring.fillColor = nil
    }
}
