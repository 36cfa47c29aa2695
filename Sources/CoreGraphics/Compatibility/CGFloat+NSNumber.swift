import Foundation

/// `CGFloat` bridges to `NSNumber`, as on Apple platforms: `x as NSNumber`, `value as? CGFloat`
/// of an `NSNumber` (a number read back from a dictionary, an animation's `toValue`, a
/// layer's `value(forKey:)`), `any as? NSNumber` of a `CGFloat`, and `[CGFloat] as [NSNumber]`
/// all work, where Linux's Foundation bridges `Double` and the other number types but not
/// `CGFloat`. The number holds the value as a `Double`; reading it back as a `CGFloat` takes
/// its `doubleValue`.
///
/// Casts between `CGFloat` and Swift's other number types (`any as? Double` of a `CGFloat`)
/// still fail, as they do on Apple platforms.
extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSNumber

    public func _bridgeToObjectiveC() -> NSNumber {
        NSNumber(value: Double(self))
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}
