import UIKit

/// A dimmed overlay with a hole cut by the even-odd rule, and a mask with two rounded corners.

func makeSpotlightOverlay(bounds: CGRect, hole: CGRect) -> CAShapeLayer {
    let path = UIBezierPath(rect: bounds)
    let circle = UIBezierPath(ovalIn: hole)
    path.append(circle)
    path.usesEvenOddFillRule = true

    let overlay = CAShapeLayer()
    overlay.path = path.cgPath
    overlay.fillRule = .evenOdd
    overlay.fillColor = UIColor.black.withAlphaComponent(0.6).cgColor
    overlay.opacity = 0.9
    return overlay
}

func makeTopCornersLayer(frame: CGRect) -> CAShapeLayer {
    let path = UIBezierPath(roundedRect: frame, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 12, height: 12))
    let mask = CAShapeLayer()
    mask.path = path.cgPath
    mask.fillColor = UIColor(white: 1, alpha: 1).cgColor
    return mask
}
