import Foundation

/// How a layer moving along a path turns.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the mode.
    public let rawValue: String
    /// Wraps a raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer turns to follow the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer turns to follow the tangent, plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values (keyframes).
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values. Default nil.
    public var values: [Any]?
    /// When each keyframe is reached, as fractions 0…1 of the duration. Default nil (evenly
    /// spaced). Ignored when its length doesn't fit (see `calculationMode`) or it is not
    /// ascending within 0…1.
    public var keyTimes: [NSNumber]?
    /// The pacing of each segment between keyframes (n − 1 for n values). Default nil.
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    public var calculationMode: CAAnimationCalculationMode = .linear
    /// How a layer following a path turns. Default nil (it doesn't).
    public var rotationMode: CAAnimationRotationMode?
    /// Per-keyframe tension for `.cubic` modes (1 tight, −1 round). Default nil (0).
    public var tensionValues: [NSNumber]?
    /// Per-keyframe continuity for `.cubic` modes. Default nil (0).
    public var continuityValues: [NSNumber]?
    /// Per-keyframe bias for `.cubic` modes. Default nil (0).
    public var biasValues: [NSNumber]?

    public override init() {
        super.init()
    }

    /// A copy of `animation` with this class's fields too (used by `copy()`).
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let animation = animation as? CAKeyframeAnimation else { return }
        values = animation.values
        keyTimes = animation.keyTimes
        timingFunctions = animation.timingFunctions
        calculationMode = animation.calculationMode
        rotationMode = animation.rotationMode
        tensionValues = animation.tensionValues
        continuityValues = animation.continuityValues
        biasValues = animation.biasValues
    }

    open override func makeEvaluator() -> CAAnimationEvaluator? {
        let frames = (values ?? []).map(CAAnimationEvaluator.Value.init)
        guard !frames.isEmpty else { return nil }
        return CAAnimationEvaluator(
            timing: timingParameters, timingFunction: timingFunction, property: propertyOptions,
            kind: .keyframes(.init(
                values: frames, keyTimes: keyTimes?.map(\.doubleValue), timingFunctions: timingFunctions,
                mode: calculationMode, tension: tensionValues?.map(\.doubleValue),
                continuity: continuityValues?.map(\.doubleValue), bias: biasValues?.map(\.doubleValue))))
    }
}
