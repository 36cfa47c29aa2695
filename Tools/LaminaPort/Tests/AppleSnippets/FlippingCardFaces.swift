import UIKit

/// A card whose two faces are styled in a loop over (face, colour) pairs, flipped in 3D.
final class FlippingCardLayer: CATransformLayer {
    let front = CALayer()
    let back = CALayer()
    private(set) var isFlipped = false

    override init() {
        super.init()
        for (face, color) in [(front, UIColor.systemIndigo), (back, UIColor.systemOrange)] {
            face.backgroundColor = color.cgColor
            face.cornerRadius = 14
            face.isDoubleSided = false
            face.borderWidth = 1
            face.borderColor = UIColor.black.withAlphaComponent(0.1).cgColor
            addSublayer(face)
        }
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        sublayerTransform = perspective
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    override func layoutSublayers() {
        super.layoutSublayers()
        front.frame = bounds
        back.frame = bounds
    }

    func flip() {
        isFlipped.toggle()
        let rotation = CABasicAnimation(keyPath: "transform.rotation.y")
        rotation.toValue = isFlipped ? CGFloat.pi : 0
        rotation.duration = 0.6
        rotation.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0, 0.2, 1)
        rotation.fillMode = .forwards
        rotation.isRemovedOnCompletion = false
        add(rotation, forKey: "flip")
    }
}
