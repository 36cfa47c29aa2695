import UIKit

/// The "round some corners" extension, on a layer: a mask shaped as the bounds with the
/// corners chosen by a UIRectCorner parameter rounded.
extension CALayer {
    func roundCorners(_ corners: UIRectCorner, radius: CGFloat) {
        let path = UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: radius, height: radius))
        let shape = CAShapeLayer()
        shape.frame = bounds
        shape.path = path.cgPath
        mask = shape
    }
}

func makeSheetHeader(width: CGFloat) -> CALayer {
    let header = CALayer()
    header.frame = CGRect(x: 0, y: 0, width: width, height: 56)
    header.backgroundColor = UIColor.secondarySystemBackground.cgColor
    header.roundCorners([.topLeft, .topRight], radius: 16)
    return header
}
