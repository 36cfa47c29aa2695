import UIKit

/// A gradient whose colors cross-fade forever, as on a loading placeholder.
func makeShimmerLayer(frame: CGRect) -> CAGradientLayer {
    let gradient = CAGradientLayer()
    gradient.frame = frame
    let light = CGColor(red: 0.95, green: 0.95, blue: 0.95, alpha: 1)
    let dark = CGColor(red: 0.82, green: 0.82, blue: 0.82, alpha: 1)
    gradient.colors = [dark, light, dark]
    gradient.locations = [0, 0.5, 1]
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)
    gradient.type = .axial

    let colors = CABasicAnimation(keyPath: #keyPath(CAGradientLayer.colors))
    colors.fromValue = [dark, light, dark]
    colors.toValue = [light, dark, light]
    colors.duration = 1.5
    colors.autoreverses = true
    colors.repeatCount = .infinity

    let locations = CABasicAnimation(keyPath: "locations")
    locations.fromValue = [-1.0, -0.5, 0.0]
    locations.toValue = [1.0, 1.5, 2.0]
    locations.duration = 1.5
    locations.repeatCount = Float.infinity

    gradient.add(colors, forKey: "colorChange")
    gradient.add(locations, forKey: "shimmer")
    return gradient
}
