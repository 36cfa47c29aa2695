import UIKit

/// A countdown ring whose remaining seconds show in a label the view makes with a closure and
/// centres in itself, with a caption label sized to its text below the ring.

final class CountdownRingWithLabelView: UIView {
    private let ring = CAShapeLayer()
    private var remaining = 10

    private lazy var secondsLabel: UILabel = {
        let label = UILabel()
        label.font = UIFont.boldSystemFont(ofSize: 28)
        label.textColor = .darkGray
        label.textAlignment = .center
        label.text = "10"
        return label
    }()

    private let captionLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.fillColor = UIColor.clear.cgColor
        ring.strokeColor = UIColor.systemOrange.cgColor
        ring.lineWidth = 6
        layer.addSublayer(ring)
        addSubview(secondsLabel)
        captionLabel.text = "seconds left"
        captionLabel.font = UIFont.systemFont(ofSize: 12)
        captionLabel.numberOfLines = 0
        addSubview(captionLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        ring.frame = bounds
        ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 3, dy: 3)).cgPath
        secondsLabel.frame = bounds
        captionLabel.sizeToFit()
        captionLabel.center = CGPoint(x: bounds.midX, y: bounds.maxY + 12)
    }

    func tick() {
        remaining = max(remaining - 1, 0)
        secondsLabel.text = "\(remaining)"
        ring.strokeEnd = CGFloat(remaining) / 10
    }
}
