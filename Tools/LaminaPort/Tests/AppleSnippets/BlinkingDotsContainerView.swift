import UIKit

/// Three dots blinking one after another in a plain container view the view centres in
/// itself; the blink's length is an internal property named like a layer's timing property.

class BlinkingDotsContainerView: UIView {
    let duration = 0.9
    private var dots: [CALayer] = []
    private let containerView = UIView()

    init() {
        super.init(frame: .zero)
        setUpDots()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpDots()
    }

    private func setUpDots() {
        let size: CGFloat = 10
        for index in 0..<3 {
            let dot = CAShapeLayer()
            dot.path = UIBezierPath(ovalIn: CGRect(x: CGFloat(index) * (size + 5), y: 0, width: size, height: size)).cgPath
            dot.fillColor = UIColor.gray.cgColor
            containerView.layer.addSublayer(dot)
            dots.append(dot)
        }
        containerView.frame = CGRect(x: 0, y: 0, width: 3 * size + 10, height: size)
        containerView.center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        addSubview(containerView)
    }

    func startBlinking() {
        for (index, dot) in dots.enumerated() {
            let blink = CABasicAnimation(keyPath: "opacity")
            blink.fromValue = 1
            blink.toValue = 0.2
            blink.duration = duration / 3
            blink.beginTime = CACurrentMediaTime() + Double(index) * duration / 3
            blink.autoreverses = true
            blink.repeatCount = .infinity
            dot.add(blink, forKey: "blink")
        }
    }
}
