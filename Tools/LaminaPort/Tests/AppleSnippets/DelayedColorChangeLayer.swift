import UIKit

/// A host layer that adds a red square and, a second later, animates it to blue and keeps
/// the blue, through a closure on the main queue that captures the square.

final class DelayedColorChangeLayer: CALayer {
    func showSquare() {
        let redLayer = CALayer()
        redLayer.backgroundColor = UIColor.red.cgColor
        redLayer.position = CGPoint(x: bounds.midX, y: bounds.midY)
        redLayer.bounds.size = CGSize(width: 100, height: 100)
        addSublayer(redLayer)

        DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) {
            let anim = CABasicAnimation(keyPath: "backgroundColor")
            anim.duration = 3
            anim.fromValue = redLayer.backgroundColor
            anim.toValue = UIColor.blue.cgColor
            redLayer.add(anim, forKey: "")
            redLayer.backgroundColor = UIColor.blue.cgColor
        }
    }
}
