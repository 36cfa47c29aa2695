import UIKit

/// A spinner view whose layers are made in lazy properties and coloured with Xcode's colour
/// literals, given both as layer colours and through `cgColor`, as app code picks them.
class LiteralSpinnerView: UIView {
    public var radius: CGFloat = 20

    fileprivate lazy var trackLayer: CAShapeLayer = {
        let track = CAShapeLayer()
        track.position = self.center
        track.lineWidth = 2
        track.fillColor = .none
        track.strokeColor = #colorLiteral(red: 0.8039215803, green: 0.8039215803, blue: 0.8039215803, alpha: 1)
        track.path = UIBezierPath(arcCenter: .zero, radius: self.radius, startAngle: 0, endAngle: 2 * CGFloat.pi, clockwise: true).cgPath
        return track
    }()

    fileprivate lazy var arcLayer: CAShapeLayer = {
        let arc = CAShapeLayer()
        arc.position = self.center
        arc.lineCap = .round
        arc.lineWidth = 2
        arc.fillColor = nil
        arc.strokeColor = #colorLiteral(red: 0.2588235438, green: 0.7568627596, blue: 0.9686274529, alpha: 1).cgColor
        arc.strokeEnd = 0.25
        arc.path = UIBezierPath(arcCenter: .zero, radius: self.radius, startAngle: 0, endAngle: 2 * CGFloat.pi, clockwise: true).cgPath
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * CGFloat.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        arc.add(spin, forKey: "spin")
        return arc
    }()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let glow = #colorLiteral(red: 0.2588235438, green: 0.7568627596, blue: 0.9686274529, alpha: 0.3)
        arcLayer.shadowColor = glow.cgColor
        arcLayer.shadowRadius = 4
        self.layer.addSublayer(trackLayer)
        self.layer.addSublayer(arcLayer)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
