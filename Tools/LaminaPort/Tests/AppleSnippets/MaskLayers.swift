import UIKit

/// An image faded out at the bottom by a gradient mask, and a ring cut out by an even-odd mask.
func applyFadeMask(to layer: CALayer) {
    let mask = CAGradientLayer()
    mask.frame = layer.bounds
    mask.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)]
    mask.locations = [0.7, 1.0]
    layer.mask = mask
}

func applyRingMask(to layer: CALayer, thickness: CGFloat) {
    let outer = layer.bounds
    let inner = outer.insetBy(dx: thickness, dy: thickness)
    let path = CGMutablePath()
    path.addEllipse(in: outer)
    path.addEllipse(in: inner)
    let ring = CAShapeLayer()
    ring.path = path
    ring.fillRule = .evenOdd
    ring.fillColor = CGColor(gray: 1, alpha: 1)
    layer.mask = ring
    layer.masksToBounds = true
}

func roundTopCorners(of layer: CALayer) {
    layer.cornerRadius = 16
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    layer.cornerCurve = .continuous
}
