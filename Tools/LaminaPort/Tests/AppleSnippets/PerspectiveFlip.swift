import UIKit

/// A card that flips around its vertical axis with perspective.
final class FlipCard {
    let container = CALayer()
    let front = CALayer()
    let back = CALayer()

    init(frame: CGRect) {
        container.frame = frame
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        container.sublayerTransform = perspective
        for face in [front, back] {
            face.frame = container.bounds
            face.isDoubleSided = false
            face.cornerRadius = 12
            container.addSublayer(face)
        }
        front.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        back.backgroundColor = CGColor(red: 0.9, green: 0.4, blue: 0.2, alpha: 1)
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    }

    func flip() {
        let animation = CABasicAnimation(keyPath: "transform.rotation.y")
        animation.fromValue = 0
        animation.toValue = Double.pi
        animation.duration = 0.6
        animation.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeInEaseOut)
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        container.add(animation, forKey: "flip")
        var tilted = CATransform3DRotate(perspectiveTransform(), .pi / 8, 1, 0, 0)
        tilted = CATransform3DTranslate(tilted, 0, 0, 20)
        container.sublayerTransform = tilted
    }

    private func perspectiveTransform() -> CATransform3D {
        var transform = CATransform3DIdentity
        transform.m34 = -1 / 800
        return transform
    }
}
