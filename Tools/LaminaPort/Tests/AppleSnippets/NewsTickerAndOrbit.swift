import UIKit

/// A news ticker: an attributed text layer in a scroll layer, with actions turned off, a spring-and-fade group, and a planet on a paced orbit.

final class NewsTickerLayer: CALayer {
    private let text = CATextLayer()
    private let scroller = CAScrollLayer()

    override init() {
        super.init()
        scroller.scrollMode = .horizontally
        scroller.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
        addSublayer(scroller)
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 18, weight: .semibold),
            .foregroundColor: UIColor.darkGray.cgColor,
            .kern: 1.2,
        ]
        text.string = NSAttributedString(string: "BREAKING NEWS", attributes: attributes)
        text.frame = CGRect(x: 0, y: 0, width: 600, height: 30)
        text.contentsScale = UIScreen.main.scale
        text.truncationMode = .end
        text.isWrapped = false
        scroller.addSublayer(text)
        actions = ["position": NSNull(), "bounds": NSNull()]
        isGeometryFlipped = false
        shouldRasterize = true
        rasterizationScale = UIScreen.main.scale
        allowsEdgeAntialiasing = true
        contentsGravity = .resizeAspect
        magnificationFilter = .nearest
        minificationFilter = .trilinear
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError()
    }

    func advance(to x: CGFloat) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scroller.scroll(to: CGPoint(x: x, y: 0))
        CATransaction.commit()
        CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
    }

    func pauseAll() {
        let paused = convertTime(CACurrentMediaTime(), from: nil)
        speed = 0
        timeOffset = paused
    }

    func wobble() {
        let group = CAAnimationGroup()
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.fromValue = position.y - 10
        spring.toValue = position.y
        spring.mass = 1
        spring.stiffness = 200
        spring.damping = 10
        spring.initialVelocity = 5
        spring.duration = spring.settlingDuration
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.5
        fade.toValue = 1
        fade.autoreverses = true
        fade.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1)
        group.animations = [spring, fade]
        group.duration = spring.settlingDuration
        add(group, forKey: "wobble")
        setAffineTransform(CGAffineTransform(rotationAngle: .pi / 90))
        let angle = value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
        setValue(angle * 2, forKeyPath: "transform.rotation.z")
    }
}

func orbitAround(_ planet: CALayer, around center: CGPoint) {
    let orbit = CAKeyframeAnimation(keyPath: "position")
    orbit.path = UIBezierPath(ovalIn: CGRect(x: center.x - 100, y: center.y - 100, width: 200, height: 200)).cgPath
    orbit.rotationMode = .rotateAuto
    orbit.calculationMode = .paced
    orbit.duration = 8
    orbit.repeatCount = .infinity
    orbit.beginTime = CACurrentMediaTime() + 0.5
    orbit.fillMode = .backwards
    planet.add(orbit, forKey: "orbit")
}
