import UIKit

/// A button-like bounce with a spring.
func bounce(_ layer: CALayer) {
    let spring = CASpringAnimation(keyPath: "transform.scale")
    spring.fromValue = 0.8
    spring.toValue = 1.0
    spring.damping = 8
    spring.stiffness = 200
    spring.mass = 1
    spring.initialVelocity = 4
    spring.duration = spring.settlingDuration
    layer.add(spring, forKey: "bounce")

    let slide = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
    slide.keyPath = "position.y"
    slide.fromValue = layer.position.y + 30
    slide.toValue = layer.position.y
    slide.duration = slide.settlingDuration
    layer.add(slide, forKey: "slide")
}
