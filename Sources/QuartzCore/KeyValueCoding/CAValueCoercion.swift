import Foundation

/// Converts key-value coding values to a property's type: numbers between `CGFloat`,
/// `Double`, `Float`, `Int` and `NSNumber` (which Swift on Linux does not bridge with
/// `as?`), booleans from numbers, and everything else by a plain cast.
enum CAValueCoercion {
    /// The value as a `Double`, if it is a number (or a boolean).
    static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: v
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as UInt: Double(v)
        case let v as Int32: Double(v)
        case let v as UInt32: Double(v)
        case let v as Bool: v ? 1 : 0
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    /// The `CGPoint`, `CGSize`, `CGRect` or ``CATransform3D`` an `NSValue` boxes (Apple
    /// code passes them boxed: `NSValue(cgPoint:)`); nil for anything else, numbers included.
    static func unboxed(_ value: Any) -> Any? {
        // The dynamic type, not a cast: a cast could bridge a struct to an NSValue.
        guard Swift.type(of: value) is NSValue.Type, let object = value as? NSValue else { return nil }
        if let transform = object as? CATransform3DValue { return transform.value }
        return object.geometryValue
    }

    /// `value` converted to `T`, or `nil` if it cannot be.
    static func coerce<T>(_ value: Any, to type: T.Type) -> T? {
        if let v = value as? T { return v }
        if let unboxed = unboxed(value) { return coerce(unboxed, to: type) }
        if T.self == CGFloat.self { return number(value).map { CGFloat($0) } as? T }
        if T.self == Double.self { return number(value) as? T }
        if T.self == Float.self { return number(value).map { Float($0) } as? T }
        if T.self == Bool.self {
            if let n = number(value) { return (n != 0) as? T }
            return nil
        }
        if T.self == Int.self { return number(value).flatMap { Int(exactly: $0.rounded(.towardZero)) } as? T }
        if T.self == UInt.self { return number(value).flatMap { UInt(exactly: $0.rounded(.towardZero)) } as? T }
        if T.self == UInt32.self { return number(value).flatMap { UInt32(exactly: $0.rounded(.towardZero)) } as? T }
        if T.self == CACornerMask.self, let n = number(value), let raw = UInt(exactly: n) {
            return CACornerMask(rawValue: raw) as? T
        }
        if T.self == CAEdgeAntialiasingMask.self, let n = number(value), let raw = UInt32(exactly: n) {
            return CAEdgeAntialiasingMask(rawValue: raw) as? T
        }
        if T.self == CAAutoresizingMask.self, let n = number(value), let raw = UInt32(exactly: n) {
            return CAAutoresizingMask(rawValue: raw) as? T
        }
        if T.self == CALayerContentsGravity.self, let s = value as? String {
            return CALayerContentsGravity(rawValue: s) as? T
        }
        if T.self == CALayerContentsFilter.self, let s = value as? String {
            return CALayerContentsFilter(rawValue: s) as? T
        }
        if T.self == CALayerCornerCurve.self, let s = value as? String {
            return CALayerCornerCurve(rawValue: s) as? T
        }
        if T.self == [NSNumber].self || T.self == [NSNumber]?.self, let array = value as? [Any] {
            let numbers = array.compactMap(number)
            return numbers.count == array.count ? numbers.map { NSNumber(value: $0) } as? T : nil
        }
        if let s = value as? String, let named = T.self as? any CAStringEnumeration.Type {
            return named.init(rawValue: s) as? T
        }
        if T.self == CATransform3D.self, let affine = value as? CGAffineTransform {
            return CATransform3DMakeAffineTransform(affine) as? T
        }
        return nil
    }
}

/// The marker stored for a property explicitly set to `nil` (so the style chain and
/// ``CALayer/defaultValue(forKey:)`` are not consulted for it).
struct CAExplicitNil {}
