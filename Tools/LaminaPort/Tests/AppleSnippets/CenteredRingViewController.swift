import UIKit

/// A progress ring centred by Auto Layout, the way most current tutorials place their custom
/// views, with a footer bar pinned to the safe area.
final class CenteredRingView: UIView {
    private let track = CAShapeLayer()
    private let fill = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        for ring in [track, fill] {
            ring.fillColor = UIColor.clear.cgColor
            ring.lineWidth = 12
            ring.lineCap = .round
            layer.addSublayer(ring)
        }
        track.strokeColor = UIColor.systemGray5.cgColor
        fill.strokeColor = UIColor.systemGreen.cgColor
        fill.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: min(bounds.width, bounds.height) / 2 - 6, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        track.path = path.cgPath
        fill.path = path.cgPath
    }

    func setProgress(_ progress: CGFloat) {
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = fill.strokeEnd
        grow.toValue = progress
        grow.duration = 0.8
        grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        fill.strokeEnd = progress
        fill.add(grow, forKey: "progress")
    }
}

final class CenteredRingViewController: UIViewController {
    private let ringView = CenteredRingView()
    private let footer: UIView = {
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        bar.backgroundColor = .secondarySystemBackground
        return bar
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        ringView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(ringView)
        view.addSubview(footer)
        NSLayoutConstraint.activate([
            ringView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            ringView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            ringView.widthAnchor.constraint(equalToConstant: 180),
            ringView.heightAnchor.constraint(equalToConstant: 180),
            footer.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            footer.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            footer.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
            footer.heightAnchor.constraint(equalToConstant: 56),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ringView.setProgress(0.72)
    }
}
