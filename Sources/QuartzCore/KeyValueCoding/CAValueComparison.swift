import Foundation

/// Whether two property values are the same, for "run the action only when the value
/// changes": numbers compare by value across numeric types, geometry and colours by
/// components, `Equatable` values by `==`, objects by identity.
enum CAValueComparison {
    static func isEqual(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let a?, let b?):
            if let x = CAValueCoercion.number(a), let y = CAValueCoercion.number(b), !(a is Bool) || b is Bool {
                return x == y
            }
            if let x = AnimationValue(a), let y = AnimationValue(b) { return x == y }
            if let x = a as? any Equatable { return x.isEqual(toAny: b) }
            if Swift.type(of: a) is AnyClass && Swift.type(of: b) is AnyClass {
                return (a as AnyObject) === (b as AnyObject)
            }
            return false
        }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to `self`.
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
