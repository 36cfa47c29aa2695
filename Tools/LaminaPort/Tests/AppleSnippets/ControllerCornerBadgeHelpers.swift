import UIKit

/// A view controller helper that pins a pulsing badge to the top right of the controller's
/// view, and a controller that shows one.

extension UIViewController {
    func addCornerBadge(color: UIColor) {
        let badge = CALayer()
        badge.backgroundColor = color.cgColor
        badge.cornerRadius = 6
        badge.frame = CGRect(x: view.bounds.maxX - 24, y: 12, width: 12, height: 12)
        view.layer.addSublayer(badge)

        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.4
        pulse.duration = 0.6
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        badge.add(pulse, forKey: "pulse")
    }
}

final class InboxBadgeViewController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        addCornerBadge(color: .systemRed)
    }
}
