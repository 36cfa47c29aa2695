import UIKit

/// A dashed border whose dash phase animates ("marching ants").

func makeMarchingAntsBorder(rect: CGRect) -> CAShapeLayer {
    let border = CAShapeLayer()
    border.strokeColor = UIColor.systemBlue.cgColor
    border.fillColor = nil
    border.lineWidth = 2
    border.lineDashPattern = [6, 3]
    border.lineJoin = .round
    border.lineCap = .butt
    border.path = UIBezierPath(roundedRect: rect, cornerRadius: 8).cgPath

    let march = CABasicAnimation(keyPath: "lineDashPhase")
    march.fromValue = 0
    march.toValue = border.lineDashPattern?.reduce(0) { $0 + $1.intValue }
    march.duration = 0.5
    march.repeatCount = Float.greatestFiniteMagnitude
    border.add(march, forKey: "march")
    return border
}
