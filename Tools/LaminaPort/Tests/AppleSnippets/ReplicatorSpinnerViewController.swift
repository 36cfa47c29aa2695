import UIKit

/// A loading spinner built by a view controller: a replicator of twelve dots that fade in turn.
class ReplicatorSpinnerViewController: UIViewController {
    private let replicator = CAReplicatorLayer()
    private let dot = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.1, alpha: 1)
        replicator.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        replicator.position = view.center
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi * 2 / 12, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        dot.frame = CGRect(x: 36, y: 0, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = UIColor.white.cgColor
        replicator.addSublayer(dot)
        view.layer.addSublayer(replicator)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
    }

    override var preferredStatusBarStyle: UIStatusBarStyle {
        return .lightContent
    }
}
