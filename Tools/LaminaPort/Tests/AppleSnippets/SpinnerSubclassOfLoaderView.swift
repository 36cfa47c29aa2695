import UIKit

/// A loader base view that sets its layers up in an overridable method, and a spinner that
/// subclasses it: an arc turned by a cumulative rotation whose length is a file constant named
/// like a layer's timing property.

private let duration = 0.8

class SnippetLoaderView: UIView {
    var tint: UIColor = .darkGray {
        didSet { tintDidChange() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        configureLayers()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureLayers()
    }

    func configureLayers() {
        layer.masksToBounds = false
    }

    func tintDidChange() {}

    func startAnimating() {}

    func stopAnimating() {}
}

final class SnippetSpinnerView: SnippetLoaderView {
    let arc = CAShapeLayer()
    let track = CAShapeLayer()

    var rotation: CABasicAnimation = {
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = duration
        spin.repeatCount = .infinity
        spin.isCumulative = true
        return spin
    }()

    override func configureLayers() {
        super.configureLayers()
        track.fillColor = UIColor.clear.cgColor
        track.strokeColor = tint.withAlphaComponent(0.3).cgColor
        track.lineWidth = 3
        arc.fillColor = UIColor.clear.cgColor
        arc.strokeColor = tint.cgColor
        arc.lineWidth = 3
        arc.strokeEnd = 0.3
        layer.addSublayer(track)
        layer.addSublayer(arc)
    }

    override func tintDidChange() {
        arc.strokeColor = tint.cgColor
        track.strokeColor = tint.withAlphaComponent(0.3).cgColor
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let radius = min(bounds.width, bounds.height) / 2 - 3
        let path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        for shape in [track, arc] {
            shape.frame = bounds
            shape.path = path.cgPath
        }
    }

    override func startAnimating() {
        arc.add(rotation, forKey: "rotation")
    }

    override func stopAnimating() {
        arc.removeAnimation(forKey: "rotation")
    }
}
