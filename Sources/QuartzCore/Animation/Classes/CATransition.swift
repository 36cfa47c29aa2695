/// The kinds of `CATransition`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// Apple's string for the type.
    public let rawValue: String
    /// Wraps a raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content fades in over the old. The default.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a `CATransition`.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// Apple's string for the subtype.
    public let rawValue: String
    /// Wraps a raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animated change of a layer's whole appearance: the compositor draws the old rendering
/// and the new one, blended or moved according to `type`, `subtype` and the progress.
open class CATransition: CAAnimation {
    /// The kind of transition. Default `.fade`.
    open var type: CATransitionType = .fade
    /// The direction, for moving types. Default nil (from the left).
    open var subtype: CATransitionSubtype?
    /// Where the transition starts, 0…1. Default 0.
    open var startProgress: Float = 0
    /// Where it ends, 0…1 and not below `startProgress`. Default 1.
    open var endProgress: Float = 1

    public override init() {
        super.init()
    }

    /// Returns `nil`, as ``CAAnimation/init(coder:)`` does.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A copy of `animation` with this class's fields too (used by `copy()`).
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let animation = animation as? CATransition else { return }
        type = animation.type
        subtype = animation.subtype
        startProgress = animation.startProgress
        endProgress = animation.endProgress
    }

    /// Adds `type`, `subtype`, `startProgress` and `endProgress` to
    /// ``CAAnimation/value(forKey:)`` (the type and subtype as ``CATransitionType`` and
    /// ``CATransitionSubtype``).
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "type": type
        case "subtype": subtype
        case "startProgress": startProgress
        case "endProgress": endProgress
        default: super.value(forKey: key)
        }
    }

    /// Adds `type` and `subtype` (Apple's string constants, such as `"push"` or
    /// `"fromRight"`, or the typed values; nil clears the subtype) and `startProgress` and
    /// `endProgress` (numbers) to ``CAAnimation/setValue(_:forKey:)``; a value of another type
    /// is refused with a diagnostic, as there.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "type": if let v = coerced(value, to: CATransitionType.self, forKey: key) { type = v }
        case "subtype": if let v = coercedOptional(value, to: CATransitionSubtype.self, forKey: key) { subtype = v }
        case "startProgress": if let v = coerced(value, to: Float.self, forKey: key) { startProgress = v }
        case "endProgress": if let v = coerced(value, to: Float.self, forKey: key) { endProgress = v }
        default: super.setValue(value, forKey: key)
        }
    }

    open override func makeEvaluator() -> CAAnimationEvaluator? {
        func clamp(_ value: Float) -> Double { value.isFinite ? min(max(Double(value), 0), 1) : 0 }
        let start = clamp(startProgress)
        return CAAnimationEvaluator(
            timing: timingParameters, timingFunction: timingFunction,
            property: .init(keyPath: "", isAdditive: false, isCumulative: false, valueFunction: nil),
            kind: .transition(type: type, subtype: subtype ?? .fromLeft, start: start, end: max(start, clamp(endProgress))))
    }
}
