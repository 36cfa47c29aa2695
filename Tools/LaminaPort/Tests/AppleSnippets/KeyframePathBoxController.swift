import UIKit

/// A view controller that moves a plain round view along a rectangle with a keyframe path
/// animation, draws the path with a shape layer, and pops a second square in a transaction
/// with a completion block.

final class KeyframePathBoxController: UIViewController {
    private let marker = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        let track = CGRect(x: UIScreen.main.bounds.midX - 150, y: UIScreen.main.bounds.midY - 250, width: 300, height: 500)
        let trackPath = UIBezierPath(rect: track)

        let move = CAKeyframeAnimation(keyPath: #keyPath(CALayer.position))
        move.duration = 3
        move.repeatCount = MAXFLOAT
        move.path = trackPath.cgPath

        let circle = UIView()
        circle.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        circle.layer.cornerRadius = circle.frame.size.width / 2
        circle.backgroundColor = .lightGray
        view.addSubview(circle)
        circle.layer.add(move, forKey: nil)

        let outline = CAShapeLayer()
        outline.path = trackPath.cgPath
        outline.strokeColor = UIColor.black.cgColor
        outline.fillColor = UIColor.clear.cgColor
        view.layer.addSublayer(outline)

        marker.backgroundColor = .systemOrange
        marker.center = view.center
        marker.alpha = 0.8
        view.addSubview(marker)

        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setCompletionBlock({
            print("popped")
        })
        let pop = CABasicAnimation(keyPath: "transform.scale")
        pop.toValue = 2
        pop.autoreverses = true
        marker.layer.add(pop, forKey: nil)
        CATransaction.commit()
    }
}
