import UIKit

/// A cube of six translucent faces, each tinted from a palette by index, turning in perspective.
final class TintedCubeView {
    let container = CALayer()
    private let cube = CATransformLayer()

    init(side: CGFloat) {
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemPurple]
        func face(_ transform: CATransform3D, _ color: UIColor) -> CALayer {
            let layer = CALayer()
            layer.frame = CGRect(x: -side / 2, y: -side / 2, width: side, height: side)
            layer.backgroundColor = color.withAlphaComponent(0.8).cgColor
            layer.borderColor = color.cgColor
            layer.borderWidth = 2
            layer.transform = transform
            layer.isDoubleSided = false
            return layer
        }
        let half = side / 2
        cube.addSublayer(face(CATransform3DMakeTranslation(0, 0, half), colors[0]))
        cube.addSublayer(face(CATransform3DRotate(CATransform3DMakeTranslation(half, 0, 0), .pi / 2, 0, 1, 0), colors[1]))
        cube.addSublayer(face(CATransform3DRotate(CATransform3DMakeTranslation(0, -half, 0), .pi / 2, 1, 0, 0), colors[2]))
        cube.addSublayer(face(CATransform3DRotate(CATransform3DMakeTranslation(0, half, 0), -.pi / 2, 1, 0, 0), colors[3]))
        cube.addSublayer(face(CATransform3DRotate(CATransform3DMakeTranslation(-half, 0, 0), -.pi / 2, 0, 1, 0), colors[4]))
        cube.addSublayer(face(CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -half), .pi, 0, 1, 0), colors[5]))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        container.addSublayer(cube)
    }

    func spin() {
        let rotation = CABasicAnimation(keyPath: "transform.rotation.y")
        rotation.toValue = NSNumber(value: Double.pi * 2)
        rotation.duration = 4
        rotation.repeatCount = .greatestFiniteMagnitude
        cube.add(rotation, forKey: "spin")
    }
}
