import UIKit

/// A ring view and the controller that shows two of them: views written as layers, added as sublayers.
final class GaugeRingView: UIView {
    private let ring = CAShapeLayer()
    var progress: CGFloat = 0 {
        didSet { ring.strokeEnd = progress }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.fillColor = UIColor.clear.cgColor
        ring.strokeColor = UIColor.systemGreen.cgColor
        ring.lineWidth = 8
        layer.addSublayer(ring)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        ring.frame = bounds
        ring.path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
    }
}

class GaugeRingViewController: UIViewController {
    private let ring = GaugeRingView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(ring)
        let badge = GaugeRingView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        badge.progress = 1
        view.addSubview(badge)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        ring.center = view.center
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ring.progress = 0.75
    }
}
