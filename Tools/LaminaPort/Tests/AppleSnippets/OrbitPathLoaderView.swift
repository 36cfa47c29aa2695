import UIKit

/// Dots that chase each other along an outline kept in a path property and built in a method,
/// restarted by clearing the old dots first.
final class OrbitPathLoaderView: UIView {
    private var orbitPath: UIBezierPath!
    private let dotCount = 6

    override func layoutSubviews() {
        super.layoutSubviews()
        buildOrbitPath()
        restartOrbit()
    }

    private func buildOrbitPath() {
        let radius = min(bounds.width, bounds.height) / 2 - 6
        orbitPath = UIBezierPath()
        orbitPath.move(to: CGPoint(x: bounds.midX + radius, y: bounds.midY))
        orbitPath.addArc(withCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius, startAngle: 0, endAngle: .pi, clockwise: true)
        orbitPath.addQuadCurve(to: CGPoint(x: bounds.midX + radius, y: bounds.midY), controlPoint: CGPoint(x: bounds.midX, y: bounds.midY - radius))
        orbitPath.close()
    }

    private func restartOrbit() {
        for layer in layer.sublayers ?? [] {
            layer.removeFromSuperlayer()
        }
        for index in 0..<dotCount {
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            dot.cornerRadius = 4
            dot.backgroundColor = UIColor.systemTeal.cgColor
            layer.addSublayer(dot)

            let follow = CAKeyframeAnimation(keyPath: "position")
            follow.path = orbitPath.cgPath
            follow.calculationMode = .paced
            follow.duration = 2
            follow.repeatCount = .infinity
            follow.timeOffset = 2 * Double(index) / Double(dotCount)
            dot.add(follow, forKey: "orbit")
        }
    }
}
