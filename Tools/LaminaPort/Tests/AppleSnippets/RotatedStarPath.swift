import UIKit

/// A five-pointed star built point by point, then turned in place before a shape layer shows it.

func makeStar(in rect: CGRect) -> CAShapeLayer {
    let star = UIBezierPath()
    let center = CGPoint(x: rect.midX, y: rect.midY)
    for index in 0..<10 {
        let radius = index.isMultiple(of: 2) ? rect.width / 2 : rect.width / 5
        let angle = CGFloat(index) * .pi / 5 - .pi / 2
        let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        if index == 0 { star.move(to: point) } else { star.addLine(to: point) }
    }
    star.close()
    star.apply(CGAffineTransform(rotationAngle: .pi / 10))

    let layer = CAShapeLayer()
    layer.path = star.cgPath
    layer.fillColor = UIColor.systemYellow.cgColor
    return layer
}
