import UIKit

/// A speed dial drawn in helpers its draw(_:) calls, with the needle's sweep animated by a
/// shape layer on top, as gauge tutorials split the static face from the moving part.
final class SpeedDialView: UIView {
    private let sweepLayer = CAShapeLayer()
    private let startAngle = CGFloat.pi * 0.75
    private let endAngle = CGFloat.pi * 2.25

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        sweepLayer.fillColor = UIColor.clear.cgColor
        sweepLayer.strokeColor = UIColor.systemOrange.cgColor
        sweepLayer.lineWidth = 8
        sweepLayer.lineCap = .round
        sweepLayer.strokeEnd = 0
        layer.addSublayer(sweepLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        sweepLayer.frame = bounds
        sweepLayer.path = arcPath(inset: 12).cgPath
    }

    override func draw(_ rect: CGRect) {
        drawDialTrack()
        drawDialTicks(count: 9)
    }

    private func arcPath(inset: CGFloat) -> UIBezierPath {
        let radius = min(bounds.width, bounds.height) / 2 - inset
        return UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: true)
    }

    private func drawDialTrack() {
        let track = arcPath(inset: 12)
        track.lineWidth = 8
        track.lineCapStyle = .round
        UIColor(white: 0.85, alpha: 1).setStroke()
        track.stroke()
    }

    private func drawDialTicks(count: Int) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let radius = min(bounds.width, bounds.height) / 2
        context.setStrokeColor(UIColor.darkGray.cgColor)
        context.setLineWidth(2)
        for index in 0..<count {
            let angle = startAngle + (endAngle - startAngle) * CGFloat(index) / CGFloat(count - 1)
            context.move(to: CGPoint(x: bounds.midX + cos(angle) * (radius - 24), y: bounds.midY + sin(angle) * (radius - 24)))
            context.addLine(to: CGPoint(x: bounds.midX + cos(angle) * (radius - 32), y: bounds.midY + sin(angle) * (radius - 32)))
        }
        context.strokePath()
    }

    func setSpeed(_ fraction: CGFloat, animated: Bool) {
        let clamped = max(0, min(1, fraction))
        if animated {
            let sweep = CABasicAnimation(keyPath: "strokeEnd")
            sweep.fromValue = sweepLayer.presentation()?.strokeEnd ?? sweepLayer.strokeEnd
            sweep.toValue = clamped
            sweep.duration = 0.4
            sweep.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            sweepLayer.add(sweep, forKey: "sweep")
        }
        sweepLayer.strokeEnd = clamped
    }
}
