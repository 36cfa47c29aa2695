import CoreGraphics
import Foundation

/// A layout manager that places sublayers by their ``CAConstraint``s (Apple's
/// `CAConstraintLayoutManager`, from macOS).
///
/// Set it as a layer's ``CALayer/layoutManager``; at each layout it sets the frame of every
/// sublayer that has constraints, axis by axis, starting from the sublayer's current frame:
/// - a constrained width (height) is used as it is; else two constrained edges or an edge
///   and the centre give it; else the frame keeps its own (a negative result is 0);
/// - the smallest edge, else the centre, else the largest edge places the frame; else it
///   keeps its own place.
/// Several constraints on one attribute: the last added wins. A constraint whose source
/// (a sibling's name) is not found is ignored. Siblings are laid out after the siblings
/// they read; siblings that read each other are laid out in sublayer order.
public final class CAConstraintLayoutManager: CALayoutManager, @unchecked Sendable {
    /// Creates a constraint layout manager.
    public init() {}

    /// A new constraint layout manager (Apple's class method).
    public static func layoutManager() -> CAConstraintLayoutManager {
        CAConstraintLayoutManager()
    }

    /// Sets the frames of `layer`'s constrained sublayers (see the class description).
    public func layoutSublayers(of layer: CALayer) {
        let sublayers = (layer.sublayers ?? []).filter { !($0.constraints ?? []).isEmpty }
        var pending = sublayers
        var laidOut = Set<ObjectIdentifier>()
        while !pending.isEmpty {
            // The next sublayer whose sibling sources are all laid out, else the first.
            let index =
                pending.firstIndex { sublayer in
                    (sublayer.constraints ?? []).allSatisfy { constraint in
                        guard constraint.sourceName != "superlayer",
                            let source = Self.sibling(named: constraint.sourceName, of: sublayer, in: layer),
                            pending.contains(where: { $0 === source })
                        else { return true }
                        return laidOut.contains(ObjectIdentifier(source))
                    }
                } ?? 0
            let sublayer = pending.remove(at: index)
            Self.apply(sublayer.constraints ?? [], to: sublayer, in: layer)
            laidOut.insert(ObjectIdentifier(sublayer))
        }
    }

    /// The sublayer of `superlayer` other than `layer` named `name`, if any.
    private static func sibling(named name: String, of layer: CALayer, in superlayer: CALayer) -> CALayer? {
        superlayer.sublayers?.first { $0 !== layer && $0.name == name }
    }

    /// Sets `layer`'s frame from `constraints`, reading sources in `superlayer`.
    private static func apply(_ constraints: [CAConstraint], to layer: CALayer, in superlayer: CALayer) {
        var values: [CAConstraintAttribute: CGFloat] = [:]
        for constraint in constraints {
            let source: CGRect
            if constraint.sourceName == "superlayer" {
                source = superlayer.bounds
            } else if let sibling = sibling(named: constraint.sourceName, of: layer, in: superlayer) {
                source = sibling.frame
            } else {
                continue
            }
            let value = constraint.sourceAttribute.value(in: source) * constraint.scale + constraint.offset
            if value.isFinite { values[constraint.attribute] = value }
        }
        guard !values.isEmpty else { return }
        let frame = layer.frame
        let x = solve(min: values[.minX], mid: values[.midX], max: values[.maxX], size: values[.width], current: (frame.minX, frame.width))
        let y = solve(min: values[.minY], mid: values[.midY], max: values[.maxY], size: values[.height], current: (frame.minY, frame.height))
        layer.frame = CGRect(x: x.origin, y: y.origin, width: x.size, height: y.size)
    }

    /// One axis's origin and size from its constrained values (see the class description).
    private static func solve(
        min: CGFloat?, mid: CGFloat?, max: CGFloat?, size: CGFloat?, current: (origin: CGFloat, size: CGFloat)
    ) -> (origin: CGFloat, size: CGFloat) {
        var length = size
        if length == nil {
            if let min, let max {
                length = max - min
            } else if let min, let mid {
                length = 2 * (mid - min)
            } else if let mid, let max {
                length = 2 * (max - mid)
            }
        }
        let resolved = Swift.max(length ?? current.size, 0)
        let origin = min ?? mid.map { $0 - resolved / 2 } ?? max.map { $0 - resolved } ?? current.origin
        return (origin, resolved)
    }
}
