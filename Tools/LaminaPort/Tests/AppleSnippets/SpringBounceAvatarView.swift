import UIKit

/// An avatar that springs to a point and back, with UIKit's damped spring blocks, and pops
/// its ring in with the newer spring block that takes a perceptual duration and bounce.

final class SpringBounceAvatarView: UIView {
    let animationDuration = 1.0
    private let ring = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
    var keepsBouncing = true

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.layer.cornerRadius = 40
        ring.layer.borderWidth = 4
        ring.layer.borderColor = UIColor.white.cgColor
        ring.alpha = 0
        addSubview(ring)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func bounceOff(point: CGPoint) {
        let originalCenter = center
        UIView.animate(withDuration: animationDuration, delay: 0.0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0.0, animations: {
            self.center = point
        }, completion: { _ in
            self.popRing()
        })
        UIView.animate(withDuration: animationDuration, delay: animationDuration, usingSpringWithDamping: 0.7, initialSpringVelocity: 1.0, options: [.curveEaseInOut, .allowUserInteraction], animations: {
            self.center = originalCenter
        }, completion: { _ in
            if self.keepsBouncing {
                self.bounceOff(point: point)
            }
        })
    }

    func popRing() {
        UIView.animate(springDuration: 0.5, bounce: 0.3) {
            self.ring.alpha = 1
        }
    }
}
