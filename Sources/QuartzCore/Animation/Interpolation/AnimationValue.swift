import CoreGraphics
import Foundation

/// A value an animation can interpolate: Apple's boxed `fromValue`/`toValue`/`values` (a number,
/// `CGPoint`, `CGSize`, `CGRect`, `CATransform3D` — each also as an `NSValue` —,
/// `CGAffineTransform`, `CGColor` or `CGPath`)
/// as numeric components plus the kind to box it back into. Paths: see `AnimationValue+Path.swift`.
struct AnimationValue: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case double, float, cgFloat, int, point, size, rect, transform, affineTransform, color
        /// A `CGPath` with these element types, in order; its points are the components.
        case path([CGPathElementType])
        /// An array (`CAGradientLayer`'s `colors` and `locations`) of values of these
        /// kinds, in order; their components follow each other. See `AnimationValue+Array.swift`.
        case array([Kind])
    }

    var kind: Kind
    var components: [Double]

    /// Unboxes an interpolatable value; nil for anything else (those change discretely).
    init?(_ value: Any?) {
        switch value {
        case is Bool:
            // Booleans change discretely (and must not bridge to NSNumber's 0/1).
            return nil
        case let number as Double: self.init(kind: .double, components: [number])
        case let number as Float: self.init(kind: .float, components: [Double(number)])
        case let number as CGFloat: self.init(kind: .cgFloat, components: [Double(number)])
        case let number as Int: self.init(kind: .int, components: [Double(number)])
        case let number as NSNumber: self.init(kind: .double, components: [number.doubleValue])
        case let point as CGPoint: self.init(kind: .point, components: [point.x, point.y].map(Double.init))
        case let size as CGSize: self.init(kind: .size, components: [size.width, size.height].map(Double.init))
        case let rect as CGRect:
            self.init(kind: .rect, components: [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(Double.init))
        case let t as CATransform3D:
            self.init(kind: .transform, components: [
                t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
            ].map(Double.init))
        case let t as CGAffineTransform:
            self.init(kind: .affineTransform, components: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init))
        case let color as CGColor:
            // A pattern colour has no components to mix.
            guard color.pattern == nil else { return nil }
            self.init(kind: .color, components: Self.rgba(color))
        case let path as CGPath:
            self.init(path: path)
        case let array as [Any]:
            self.init(array: array)
        default:
            // Apple code boxes geometry and transforms: `NSValue(cgPoint:)`, `NSValue(caTransform3D:)`.
            guard let value, let unboxed = CAValueCoercion.unboxed(value) else { return nil }
            self.init(unboxed)
        }
    }

    init(kind: Kind, components: [Double]) {
        self.kind = kind
        self.components = components
    }

    private static func rgba(_ color: CGColor) -> [Double] {
        let values = (color.components ?? []).map(Double.init)
        switch values.count {
        case 2: return [values[0], values[0], values[0], values[1]]
        case 4: return values
        default: return [0, 0, 0, Double(color.alpha)]
        }
    }

    /// The value boxed as the type it came in as.
    var boxed: Any {
        let c = components
        switch kind {
        case .transform: return transform
        case .affineTransform: return CGAffineTransform(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5])
        case .path(let elements): return Self.makePath(elements: elements, components: c)
        case .array(let kinds): return Self.makeArray(kinds: kinds, components: c)
        default:
            func at(_ index: Int) -> Double { index < c.count ? c[index] : 0 }
            return Self.box(kind, at(0), at(1), at(2), at(3))
        }
    }

    /// Whether values of `kind` have at most four components that interpolate linearly
    /// (numbers, points, sizes, rects, colours).
    static func isSmallLinear(_ kind: Kind) -> Bool {
        switch kind {
        case .double, .float, .cgFloat, .int, .point, .size, .rect, .color: true
        default: false
        }
    }

    /// A value of a small linear kind from its components.
    static func box(_ kind: Kind, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double) -> Any {
        switch kind {
        case .double: return c0
        case .float: return Float(c0)
        case .cgFloat: return CGFloat(c0)
        // Integers interpolate to fractions (Apple boxes the result as a double-valued NSNumber).
        case .int: return c0
        case .point: return CGPoint(x: c0, y: c1)
        case .size: return CGSize(width: c0, height: c1)
        case .rect: return CGRect(x: c0, y: c1, width: c2, height: c3)
        case .color:
            func clamp(_ v: Double) -> CGFloat { CGFloat(min(max(v, 0), 1)) }
            return CGColor(red: clamp(c0), green: clamp(c1), blue: clamp(c2), alpha: clamp(c3))
        default: return c0
        }
    }

    private var transform: CATransform3D {
        let c = components.map { CGFloat($0) }
        return CATransform3D(
            m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
            m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }

    /// Whether two values can be interpolated into each other (numbers of any kind mix; paths
    /// only with paths of the same structure, or of one after raising lines and quadratic
    /// curves to cubic ones: see `AnimationValue+Path.swift`).
    func isCompatible(with other: AnimationValue) -> Bool {
        if kind.isPath || other.kind.isPath {
            return kind == other.kind || Self.commonPathStructure([self, other]) != nil
        }
        if kind.isArray || other.kind.isArray { return kind == other.kind }
        return components.count == other.components.count
    }

    /// `fraction` of the way to `other`; transforms through decomposition, colours per RGBA
    /// component, everything else per component. Incompatible values switch at 0.5.
    func interpolated(to other: AnimationValue, fraction: Double) -> AnimationValue {
        guard isCompatible(with: other) else { return fraction < 0.5 ? self : other }
        if kind != other.kind, let (from, to) = pathsRaisedToCommonStructure(with: other) {
            return from.interpolated(to: to, fraction: fraction)
        }
        if kind == .transform && other.kind == .transform {
            let result = CATransform3DInterpolate(transform, other.transform, CGFloat(fraction))
            return AnimationValue(result) ?? other
        }
        return AnimationValue(kind: kind, components: zip(components, other.components).map { $0 + ($1 - $0) * fraction })
    }

    /// The sum used by additive and cumulative animations: transforms concatenate (the added
    /// transform applies first, then this one), everything else adds per component. Paths of
    /// different structures: see `mismatchedPathSum`.
    func adding(_ other: AnimationValue) -> AnimationValue {
        guard isCompatible(with: other) else { return mismatchedPathSum(other) ?? self }
        if kind != other.kind, let (augend, addend) = pathsRaisedToCommonStructure(with: other) {
            return augend.adding(addend)
        }
        if kind == .transform && other.kind == .transform {
            return AnimationValue(CATransform3DConcat(other.transform, transform)) ?? self
        }
        return AnimationValue(kind: kind, components: zip(components, other.components).map(+))
    }

    /// `self − other`, per component (for `byValue` arithmetic); transforms: self × other⁻¹.
    /// Paths of different structures: see `mismatchedPathDifference`.
    func subtracting(_ other: AnimationValue) -> AnimationValue {
        guard isCompatible(with: other) else { return mismatchedPathDifference(other) ?? self }
        if kind != other.kind, let (minuend, subtrahend) = pathsRaisedToCommonStructure(with: other) {
            return minuend.subtracting(subtrahend)
        }
        if kind == .transform && other.kind == .transform {
            return AnimationValue(CATransform3DConcat(CATransform3DInvert(other.transform), transform)) ?? self
        }
        return AnimationValue(kind: kind, components: zip(components, other.components).map(-))
    }

    /// Multiplies every component (for cumulative repeats of a difference).
    func scaled(by factor: Double) -> AnimationValue {
        AnimationValue(kind: kind, components: components.map { $0 * factor })
    }

    /// Euclidean distance between the components (for paced keyframes).
    func distance(to other: AnimationValue) -> Double {
        guard isCompatible(with: other) else { return 0 }
        if kind != other.kind, let (from, to) = pathsRaisedToCommonStructure(with: other) { return from.distance(to: to) }
        return zip(components, other.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
