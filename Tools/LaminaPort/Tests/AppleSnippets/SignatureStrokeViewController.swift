import UIKit

/// A signature drawn by a view controller: a path stroked from start to end, then faded out.
final class SignatureStrokeViewController: UIViewController, CAAnimationDelegate {
    private let stroke = CAShapeLayer()
    private var finishedStrokes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        self.view.backgroundColor = .white
        stroke.strokeColor = UIColor.systemBlue.cgColor
        stroke.fillColor = nil
        stroke.lineWidth = 3
        stroke.lineCap = .round
        self.view.layer.addSublayer(stroke)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = UIScreen.main.bounds.width - 40
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 20, y: view.bounds.midY))
        path.addCurve(
            to: CGPoint(x: 20 + width, y: view.bounds.midY),
            controlPoint1: CGPoint(x: 20 + width / 3, y: view.bounds.midY - 80),
            controlPoint2: CGPoint(x: 20 + width * 2 / 3, y: view.bounds.midY + 80))
        stroke.path = path.cgPath
        stroke.frame = view.bounds
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1.5
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        draw.delegate = self
        stroke.add(draw, forKey: "draw")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag else { return }
        finishedStrokes += 1
        stroke.opacity = 0.4
    }
}
