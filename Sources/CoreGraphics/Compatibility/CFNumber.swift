import Foundation

/// A Core Foundation number (Apple's `CFNumber`), as the `NSNumber` it is toll-free bridged
/// to: `value as? CFNumber` reads a number a dictionary holds. swift-corelibs-foundation does
/// not export the name, so Lamina declares it.
public typealias CFNumber = NSNumber

/// A Core Foundation boolean (Apple's `CFBoolean`, the type of `kCFBooleanTrue`), as the
/// `NSNumber` it is bridged to.
public typealias CFBoolean = NSNumber

/// The type of the value a Core Foundation number is made from or read into (Apple's
/// `CFNumberType`), with Apple's raw values. On Linux, C's `long` is 64 bits, as on Apple's
/// 64-bit platforms.
public enum CFNumberType: Int, Sendable {
    /// `Int8`.
    case sInt8Type = 1
    /// `Int16`.
    case sInt16Type = 2
    /// `Int32`.
    case sInt32Type = 3
    /// `Int64`.
    case sInt64Type = 4
    /// `Float`.
    case float32Type = 5
    /// `Double`.
    case float64Type = 6
    /// C's `char` (`Int8`).
    case charType = 7
    /// C's `short` (`Int16`).
    case shortType = 8
    /// C's `int` (`Int32`).
    case intType = 9
    /// C's `long` (`Int`).
    case longType = 10
    /// C's `long long` (`Int64`).
    case longLongType = 11
    /// C's `float`.
    case floatType = 12
    /// C's `double`.
    case doubleType = 13
    /// `CFIndex` (`Int`).
    case cfIndexType = 14
    /// `NSInteger` (`Int`).
    case nsIntegerType = 15
    /// `CGFloat`.
    case cgFloatType = 16

    /// The largest raw value.
    public static var maxType: CFNumberType { .cgFloatType }
}

/// A number made from the value of `theType` at `valuePtr` (Apple's `CFNumberCreate`); nil
/// for a nil pointer. The allocator is ignored.
public func CFNumberCreate(_ allocator: CFAllocator?, _ theType: CFNumberType, _ valuePtr: UnsafeRawPointer?) -> CFNumber! {
    guard let valuePtr else { return nil }
    switch theType {
    case .sInt8Type, .charType: return NSNumber(value: valuePtr.loadUnaligned(as: Int8.self))
    case .sInt16Type, .shortType: return NSNumber(value: valuePtr.loadUnaligned(as: Int16.self))
    case .sInt32Type, .intType: return NSNumber(value: valuePtr.loadUnaligned(as: Int32.self))
    case .sInt64Type, .longLongType: return NSNumber(value: valuePtr.loadUnaligned(as: Int64.self))
    case .longType, .cfIndexType, .nsIntegerType: return NSNumber(value: valuePtr.loadUnaligned(as: Int.self))
    case .float32Type, .floatType: return NSNumber(value: valuePtr.loadUnaligned(as: Float.self))
    case .float64Type, .doubleType: return NSNumber(value: valuePtr.loadUnaligned(as: Double.self))
    case .cgFloatType: return NSNumber(value: Double(valuePtr.loadUnaligned(as: CGFloat.self)))
    }
}

/// Writes `number` as a value of `theType` to `valuePtr` (Apple's `CFNumberGetValue`).
///
/// - Returns: Whether the value was written exactly: false when `number` is nil, when it does
///   not fit the type (written truncated or rounded, as Core Foundation writes it), or when
///   the pointer is nil (nothing written).
@discardableResult
public func CFNumberGetValue(_ number: CFNumber?, _ theType: CFNumberType, _ valuePtr: UnsafeMutableRawPointer?) -> Bool {
    guard let number, let valuePtr else { return false }
    let double = number.doubleValue
    let isInteger = isIntegral(number)
    /// Stores `value`; exact when it reads back as the number.
    func store<T: BinaryInteger>(_: T.Type) -> Bool {
        let value = isInteger ? T(truncatingIfNeeded: number.int64Value) : T(truncatingIfNeeded: Int64(exactly: double.rounded(.towardZero)) ?? 0)
        valuePtr.storeBytes(of: value, as: T.self)
        return isInteger ? Int64(value) == number.int64Value : Double(value) == double
    }
    switch theType {
    case .sInt8Type, .charType: return store(Int8.self)
    case .sInt16Type, .shortType: return store(Int16.self)
    case .sInt32Type, .intType: return store(Int32.self)
    case .sInt64Type, .longLongType: return store(Int64.self)
    case .longType, .cfIndexType, .nsIntegerType: return store(Int.self)
    case .float32Type, .floatType:
        let value = Float(double)
        valuePtr.storeBytes(of: value, as: Float.self)
        return Double(value) == double || double.isNaN
    case .float64Type, .doubleType, .cgFloatType:
        if theType == .cgFloatType {
            valuePtr.storeBytes(of: CGFloat(double), as: CGFloat.self)
        } else {
            valuePtr.storeBytes(of: double, as: Double.self)
        }
        // Exact unless an integer too large for a Double's 53 bits.
        return !isInteger || Int64(exactly: double) == number.int64Value
    }
}

/// Whether `number` holds an integer (made from one), as Core Foundation's number types
/// tell integers from floating-point values.
private func isIntegral(_ number: NSNumber) -> Bool {
    // An integer's Objective-C type is one of the integer codes; a float's "f" or "d".
    let code = String(cString: number.objCType)
    return !(code == "f" || code == "d")
}

/// Whether `number` holds a floating-point value (Apple's `CFNumberIsFloatType`).
public func CFNumberIsFloatType(_ number: CFNumber) -> Bool {
    !isIntegral(number)
}
