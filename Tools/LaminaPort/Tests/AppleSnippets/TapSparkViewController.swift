import UIKit

/// Sparks where the screen is tapped: a ring grows and fades at the tap's location, the way
/// tutorials place effects from a tap recognizer's state and location.
class TapSparkViewController: UIViewController {
    private let hintLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        hintLabel.text = "Tap anywhere"
        hintLabel.textColor = .lightGray
        hintLabel.sizeToFit()
        hintLabel.center = view.center
        view.addSubview(hintLabel)

        let tapRecognizer = UITapGestureRecognizer(target: self, action: #selector(handleSparkTap(_:)))
        view.addGestureRecognizer(tapRecognizer)
    }

    @objc private func handleSparkTap(_ gesture: UITapGestureRecognizer) {
        switch gesture.state {
        case .ended:
            let point = gesture.location(in: view)
            addSpark(at: point)
        default:
            break
        }
    }

    private func addSpark(at point: CGPoint) {
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(ovalIn: CGRect(x: -20, y: -20, width: 40, height: 40)).cgPath
        ring.fillColor = UIColor.clear.cgColor
        ring.strokeColor = UIColor.orange.cgColor
        ring.lineWidth = 3
        ring.position = point
        view.layer.addSublayer(ring)

        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.2
        grow.toValue = 2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.duration = 0.6
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            ring.removeFromSuperlayer()
        }
        ring.opacity = 0
        ring.add(group, forKey: "spark")
        CATransaction.commit()
    }
}
