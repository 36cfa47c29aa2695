import CoreGraphics
import Foundation

extension CAAnimationEvaluator {
    /// Applies a keyframe animation that follows a path: writes the point on the path (a
    /// `CGPoint`) to the key path, and with a rotation mode also the key path `"transform"`.
    ///
    /// - Cumulative: each repeat adds (last vertex − first vertex) × iteration. Additive: the
    ///   point is added to the current value when that is a point (otherwise written as is).
    /// - Rotation: `CATransform3DRotate(base, angle, 0, 0, 1)`, where `base` is the current
    ///   `"transform"` (identity when it is not a `CATransform3D`) and `angle` the path's
    ///   direction (`atan2(dy, dx)`; + π for `.rotateAutoReverse`). The rotation applies in the
    ///   layer's own space, before `base`, so a base scale or rotation is kept. The flags
    ///   `isAdditive`/`isCumulative` do not affect it. Unknown rotation modes don't rotate.
    /// - An empty path (or one with only move-tos) writes nothing.
    func applyPath(
        _ path: KeyframePath, _ frames: Keyframes, base: Any?, progress p: Double, iteration: Int,
        read: (String) -> Any?, write: (String, Any) -> Void
    ) {
        guard !path.isEmpty else { return }
        let location = path.location(at: p, mode: frames.mode, keyTimes: frames.keyTimes, timingFunctions: frames.timingFunctions)
        var point = path.point(at: location)
        if property.isCumulative && iteration > 0, let first = path.vertices.first, let last = path.vertices.last {
            point += (last - first) * Double(iteration)
        }
        var value = AnimationValue(kind: .point, components: [point.x, point.y])
        if property.isAdditive, let current = AnimationValue(base), current.isCompatible(with: value) {
            value = current.adding(value)
        }
        write(property.keyPath, value.boxed)

        let turn: Double
        switch frames.rotationMode {
        case .rotateAuto?: turn = 0
        case .rotateAutoReverse?: turn = .pi
        default: return
        }
        let transform = read("transform") as? CATransform3D ?? CATransform3DIdentity
        write("transform", CATransform3DRotate(transform, CGFloat(path.angle(at: location) + turn), 0, 0, 1))
    }
}
