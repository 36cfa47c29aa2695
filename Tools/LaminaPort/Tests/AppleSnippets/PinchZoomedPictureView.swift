import UIKit

/// A picture layer zoomed by pinching, between half and four times its size, easing back into
/// that range when the fingers are lifted — the pinch-to-zoom of photo viewers.
final class PinchZoomedPictureView: UIView {
    private let picture = CALayer()
    private var zoom: CGFloat = 1

    override init(frame: CGRect) {
        super.init(frame: frame)
        picture.backgroundColor = UIColor.systemIndigo.cgColor
        picture.cornerRadius = 12
        layer.addSublayer(picture)
        let pinch = UIPinchGestureRecognizer(target: self, action: #selector(handlePinch(_:)))
        addGestureRecognizer(pinch)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        picture.bounds = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2)
        picture.position = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    @objc private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        switch pinch.state {
        case .began, .changed:
            zoom *= pinch.scale
            pinch.scale = 1
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            picture.setAffineTransform(CGAffineTransform(scaleX: zoom, y: zoom))
            CATransaction.commit()
        case .ended, .cancelled:
            let settled = min(max(zoom, 0.5), 4)
            guard settled != zoom else { return }
            zoom = settled
            let spring = CASpringAnimation(keyPath: "transform.scale")
            spring.fromValue = picture.presentation()?.value(forKeyPath: "transform.scale")
            spring.toValue = settled
            spring.duration = spring.settlingDuration
            picture.setAffineTransform(CGAffineTransform(scaleX: settled, y: settled))
            picture.add(spring, forKey: "settle")
        default:
            break
        }
    }
}
