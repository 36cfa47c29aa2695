/// Apple's key-path extensions for struct-valued properties: `x`, `y` of a `CGPoint`;
/// `width`, `height` of a `CGSize`; `origin`, `origin.x`, `origin.y`, `size`,
/// `size.width`, `size.height` of a `CGRect`; and for a ``CATransform3D``
/// `rotation.x`, `rotation.y`, `rotation.z`, `rotation` (= `rotation.z`), `scale.x`,
/// `scale.y`, `scale.z`, `scale` (the mean of the three; setting it sets all three),
/// `translation.x`, `translation.y`, `translation.z`, `translation` (a `CGSize` of x, y).
///
/// Where a sub-key holds two numbers (`translation`, a rect's `origin` and `size`), Apple reads
/// the two numbers of whatever two-number struct it is given: `transform.translation` set to a
/// `CGPoint` translates by its x and y, as it does with a `CGSize`, and `bounds.size` takes a
/// `CGPoint`'s x and y as width and height. Boxed values (`NSValue(cgPoint:)`) are unboxed first.
enum CAKeyPathSubkeys {
    /// Whether `value` is a struct these sub-keys apply to.
    static func isStruct(_ value: Any?) -> Bool {
        value is CGPoint || value is CGSize || value is CGRect || value is CATransform3D
    }

    /// The sub-value of `value` at `path`, or `nil` if the path does not apply.
    static func get(_ value: Any, _ path: String) -> Any? {
        switch value {
        case let p as CGPoint:
            switch path {
            case "x": return p.x
            case "y": return p.y
            default: return nil
            }
        case let s as CGSize:
            switch path {
            case "width": return s.width
            case "height": return s.height
            default: return nil
            }
        case let r as CGRect:
            switch path {
            case "origin": return r.origin
            case "size": return r.size
            default:
                if path.hasPrefix("origin.") { return get(r.origin, String(path.dropFirst(7))) }
                if path.hasPrefix("size.") { return get(r.size, String(path.dropFirst(5))) }
                return nil
            }
        case let t as CATransform3D:
            let c = CATransformComponents(decomposing: t)
            switch path {
            case "rotation.x": return c.rotation.x
            case "rotation.y": return c.rotation.y
            case "rotation.z", "rotation": return c.rotation.z
            case "scale.x": return c.scale.x
            case "scale.y": return c.scale.y
            case "scale.z": return c.scale.z
            case "scale": return (c.scale.x + c.scale.y + c.scale.z) / 3
            case "translation.x": return c.translation.x
            case "translation.y": return c.translation.y
            case "translation.z": return c.translation.z
            case "translation": return CGSize(width: c.translation.x, height: c.translation.y)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `value` with the sub-value at `path` replaced by `newValue`; `nil` if the path does
    /// not apply or `newValue` has the wrong type.
    static func set(_ value: Any, _ path: String, to newValue: Any?) -> Any? {
        guard let newValue else { return nil }
        func number() -> CGFloat? { CAValueCoercion.coerce(newValue, to: CGFloat.self) }
        switch value {
        case var p as CGPoint:
            guard let n = number() else { return nil }
            switch path {
            case "x": p.x = n
            case "y": p.y = n
            default: return nil
            }
            return p
        case var s as CGSize:
            guard let n = number() else { return nil }
            switch path {
            case "width": s.width = n
            case "height": s.height = n
            default: return nil
            }
            return s
        case var r as CGRect:
            switch path {
            case "origin":
                guard let (x, y) = twoNumbers(newValue) else { return nil }
                r.origin = CGPoint(x: x, y: y)
            case "size":
                guard let (width, height) = twoNumbers(newValue) else { return nil }
                r.size = CGSize(width: width, height: height)
            default:
                if path.hasPrefix("origin."), let o = set(r.origin, String(path.dropFirst(7)), to: newValue) as? CGPoint {
                    r.origin = o
                } else if path.hasPrefix("size."), let s = set(r.size, String(path.dropFirst(5)), to: newValue) as? CGSize {
                    r.size = s
                } else {
                    return nil
                }
            }
            return r
        case let t as CATransform3D:
            var c = CATransformComponents(decomposing: t)
            if path == "translation" {
                guard let (x, y) = twoNumbers(newValue) else { return nil }
                c.translation.x = x
                c.translation.y = y
                return c.transform
            }
            guard let n = number() else { return nil }
            switch path {
            case "rotation.x": c.rotation.x = n
            case "rotation.y": c.rotation.y = n
            case "rotation.z", "rotation": c.rotation.z = n
            case "scale.x": c.scale.x = n
            case "scale.y": c.scale.y = n
            case "scale.z": c.scale.z = n
            case "scale": c.scale = (n, n, n)
            case "translation.x": c.translation.x = n
            case "translation.y": c.translation.y = n
            case "translation.z": c.translation.z = n
            default: return nil
            }
            return c.transform
        default:
            return nil
        }
    }

    /// The two numbers of a `CGPoint`, `CGSize` or `CGVector` (boxed in an `NSValue` or not),
    /// in their declared order; nil for any other value.
    static func twoNumbers(_ value: Any) -> (CGFloat, CGFloat)? {
        switch CAValueCoercion.unboxed(value) ?? value {
        case let p as CGPoint: (p.x, p.y)
        case let s as CGSize: (s.width, s.height)
        case let v as CGVector: (v.dx, v.dy)
        default: nil
        }
    }
}
