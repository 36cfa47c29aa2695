import Foundation

/// A finite value, else `fallback` (for values the renderer cannot use).
@inline(__always)
func finiteOr(_ value: CGFloat, _ fallback: CGFloat) -> CGFloat {
    value.isFinite ? value : fallback
}
