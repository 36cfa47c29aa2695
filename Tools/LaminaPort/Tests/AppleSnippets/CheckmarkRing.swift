import UIKit

/// A progress ring drawn by its stroke end and a checkmark that draws itself in, with paths
/// made by UIBezierPath, as Apple sample code writes them.
final class CheckmarkRingLayer: CAShapeLayer {
    private let check = CAShapeLayer()

    func configure(in rect: CGRect) {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let radius = min(rect.width, rect.height) / 2 - 4
        let ring = UIBezierPath(
            arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        path = ring.cgPath
        fillColor = UIColor.clear.cgColor
        strokeColor = UIColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1).cgColor
        lineWidth = 4
        strokeEnd = 0

        let mark = UIBezierPath()
        mark.move(to: CGPoint(x: rect.minX + rect.width * 0.28, y: rect.midY))
        mark.addLine(to: CGPoint(x: rect.minX + rect.width * 0.45, y: rect.maxY - rect.height * 0.3))
        mark.addLine(to: CGPoint(x: rect.maxX - rect.width * 0.25, y: rect.minY + rect.height * 0.3))
        check.path = mark.cgPath
        check.fillColor = nil
        check.strokeColor = strokeColor
        check.lineWidth = 4
        check.lineCap = .round
        check.strokeEnd = 0
        addSublayer(check)
        shadowPath = UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 2)).cgPath
    }

    func complete() {
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 0.6
        strokeEnd = 1
        add(fill, forKey: "ring")

        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.beginTime = CACurrentMediaTime() + 0.6
        draw.duration = 0.3
        draw.fillMode = .backwards
        check.strokeEnd = 1
        check.add(draw, forKey: "check")
    }
}
