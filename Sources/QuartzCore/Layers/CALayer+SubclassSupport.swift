import Foundation

extension CALayer {
    /// The implicit animation a layer class gives one of its own animatable keys: a
    /// `CABasicAnimation` of that key path with the current transaction's duration and
    /// timing function, as `CALayer` does for its own properties.
    static func implicitAnimation(forKey key: String) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: key)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}

/// A finite value, else `fallback` (for values the renderer cannot use).
@inline(__always)
func finiteOr(_ value: CGFloat, _ fallback: CGFloat) -> CGFloat {
    value.isFinite ? value : fallback
}
