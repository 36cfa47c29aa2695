import Foundation

/// Receives an animation's start and stop, on the main actor.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began (its active duration started). Called once.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `finished` is true when it ran to its end, false when it was
    /// removed first. Called once, after `animationDidStart(_:)`.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of every animation: timing (`CAMediaTiming`), pacing, delegate.
///
/// A layer takes a copy when the animation is added, so changing the object afterwards
/// changes nothing on screen. A `duration` of 0 means the default of 0.25 s.
open class CAAnimation: CAMediaTiming {
    /// The default duration used when `duration` is 0: 0.25 s.
    public static let defaultDuration: CFTimeInterval = 0.25

    /// See `CAMediaTiming`. Default 0: resolved to the layer's current time when added.
    open var beginTime: CFTimeInterval = 0
    /// See `CAMediaTiming`. Default 0.
    open var timeOffset: CFTimeInterval = 0
    /// See `CAMediaTiming`. Default 0 (once).
    open var repeatCount: Float = 0
    /// See `CAMediaTiming`. Default 0 (unused).
    open var repeatDuration: CFTimeInterval = 0
    /// See `CAMediaTiming`. Default 0 (meaning 0.25 s).
    open var duration: CFTimeInterval = 0
    /// See `CAMediaTiming`. Default 1.
    open var speed: Float = 1
    /// See `CAMediaTiming`. Default false.
    open var autoreverses = false
    /// See `CAMediaTiming`. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing of each iteration. Default nil (linear).
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops. Default nil. Held strongly, as Apple does.
    open var delegate: CAAnimationDelegate?
    /// Whether the layer removes the animation when it finishes. Default true; with false
    /// (and `fillMode` `.forwards`) the final state stays on screen.
    open var isRemovedOnCompletion = true
    /// The frame rates the animation would like to be drawn at. Default
    /// `CAFrameRateRange.default` (the display's rate). Lamina draws every animation at the
    /// window's rate, so this is kept for Apple code but changes nothing on screen.
    open var preferredFrameRateRange = CAFrameRateRange.default
    /// The values set with ``setValue(_:forKey:)`` for keys that are not properties.
    private final var keyedValues: [String: Any] = [:]

    /// Creates an animation with default values.
    public init() {}

    /// Whether `object` is equal to this animation (`NSObject`'s `isEqual(_:)`, which Apple's
    /// animations inherit): by identity, so two animations with the same property values differ.
    /// `==`, sets and dictionaries use it with ``hash``. A subclass may override it, and must
    /// then override ``hash`` so that equal objects hash alike, as Apple requires. False for
    /// `nil` and for anything that is not a `CAAnimation`.
    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAAnimation else { return false }
        return other === self
    }

    /// The hash of this animation (`NSObject`'s `hash`): its identity's, matching
    /// ``isEqual(_:)``. Override it with `isEqual(_:)`.
    open var hash: Int { ObjectIdentifier(self).hashValue }

    /// Returns `nil`: Lamina cannot decode archived animations (Linux has no archives of
    /// them).
    ///
    /// Declared so that subclasses written for Apple platforms compile unchanged, whether
    /// they write `required init?(coder: NSCoder) { fatalError("…") }` or call
    /// `super.init(coder: coder)`. As on Apple platforms, a subclass that declares an
    /// initializer of its own must also declare this one.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A new animation of the same class with the same values; subclasses override to copy
    /// their own fields (call `super`).
    public required init(copying animation: CAAnimation) {
        beginTime = animation.beginTime
        timeOffset = animation.timeOffset
        repeatCount = animation.repeatCount
        repeatDuration = animation.repeatDuration
        duration = animation.duration
        speed = animation.speed
        autoreverses = animation.autoreverses
        fillMode = animation.fillMode
        timingFunction = animation.timingFunction
        delegate = animation.delegate
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        preferredFrameRateRange = animation.preferredFrameRateRange
        keyedValues = animation.keyedValues
    }

    /// A copy of the animation (Apple's `NSCopying`).
    open func copy() -> Any {
        type(of: self).init(copying: self)
    }

    /// The default value of a property (Apple's `+defaultValueForKey:`): nil for all keys.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Returns the value for `key` (key-value coding, as on Apple's `NSObject`).
    ///
    /// The timing properties answer under their Objective-C names (`duration`, `beginTime`,
    /// `timeOffset`, `repeatCount`, `repeatDuration`, `speed`, `autoreverses`, `fillMode`,
    /// `timingFunction`, `delegate`, `removedOnCompletion`); any other key answers the value
    /// last set for it with ``setValue(_:forKey:)`` — Apple code tags animations this way and
    /// reads the tag back in `animationDidStop(_:finished:)` — else the class's
    /// ``defaultValue(forKey:)``. Copies of the animation (the one a layer runs included)
    /// keep the values.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": beginTime
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "duration": duration
        case "speed": speed
        case "autoreverses": autoreverses
        case "fillMode": fillMode
        case "timingFunction": timingFunction
        case "delegate": delegate
        case "removedOnCompletion": isRemovedOnCompletion
        default: keyedValues[key] ?? Self.defaultValue(forKey: key)
        }
    }

    /// Sets the value for `key` (key-value coding, as on Apple's `NSObject`).
    ///
    /// A timing property's key (see ``value(forKey:)``) sets that property: a number for a
    /// time, count or speed; a `Bool` or number for a flag; a `String` (Apple's constant) or
    /// ``CAMediaTimingFillMode`` for `fillMode`. A value of another type, or nil for a
    /// property that cannot be nil, is refused: the property is unchanged and a
    /// ``CALayerDiagnostic`` (`.typeMismatch`) goes to ``CALayer/diagnosticHandler``, where
    /// Apple raises an exception. Any other key stores `value` (`nil` removes it), for
    /// ``value(forKey:)``.
    open func setValue(_ value: Any?, forKey key: String) {
        func typed<T>(_ type: T.Type) -> T? { coerced(value, to: type, forKey: key) }
        func optional<T>(_ type: T.Type) -> T?? { coercedOptional(value, to: type, forKey: key) }
        switch key {
        case "beginTime": if let v = typed(CFTimeInterval.self) { beginTime = v }
        case "timeOffset": if let v = typed(CFTimeInterval.self) { timeOffset = v }
        case "repeatCount": if let v = typed(Float.self) { repeatCount = v }
        case "repeatDuration": if let v = typed(CFTimeInterval.self) { repeatDuration = v }
        case "duration": if let v = typed(CFTimeInterval.self) { duration = v }
        case "speed": if let v = typed(Float.self) { speed = v }
        case "autoreverses": if let v = typed(Bool.self) { autoreverses = v }
        case "fillMode": if let v = typed(CAMediaTimingFillMode.self) { fillMode = v }
        case "timingFunction": if let v = optional(CAMediaTimingFunction.self) { timingFunction = v }
        case "delegate": if let v = optional((any CAAnimationDelegate).self) { delegate = v }
        case "removedOnCompletion": if let v = typed(Bool.self) { isRemovedOnCompletion = v }
        default: keyedValues[key] = value
        }
    }

    /// Whether `key` is archived (Apple's `shouldArchiveValueForKey:`): true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The timing values, with a zero duration resolved to 0.25 s.
    public var timingParameters: CAMediaTimingParameters {
        var parameters = CAMediaTimingParameters()
        parameters.beginTime = beginTime
        parameters.timeOffset = timeOffset
        parameters.repeatCount = repeatCount.isNaN ? 0 : max(repeatCount, 0)
        parameters.repeatDuration = repeatDuration.isFinite ? max(repeatDuration, 0) : 0
        parameters.duration = duration > 0 && duration.isFinite ? duration : Self.defaultDuration
        parameters.speed = speed.isFinite ? speed : 1
        parameters.autoreverses = autoreverses
        parameters.fillMode = fillMode
        return parameters
    }

    /// The evaluable, `Sendable` form of this animation; nil for animations that change no
    /// property (the base class).
    open func makeEvaluator() -> CAAnimationEvaluator? { nil }
}

extension CAAnimation: CAAction {
    /// Adds the animation to `anObject` (a `CALayer`) under the key `event`: what a layer
    /// does with the animation its ``CALayer/action(forKey:)`` returned for a change.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}
