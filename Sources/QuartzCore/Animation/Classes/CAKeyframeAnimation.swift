import CoreGraphics
import Foundation

/// How a layer moving along a `CAKeyframeAnimation.path` turns (ignored without a path).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// Apple's string for the mode.
    public let rawValue: String
    /// Wraps a raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer turns to follow the path's tangent: the animation also writes `"transform"`,
    /// the current transform rotated about z by the tangent's angle (see
    /// `CAKeyframeAnimation.rotationMode`).
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer turns to follow the tangent, plus 180° (it faces backwards along the path).
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values (keyframes), or along a path (see `path`).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values. Default nil. Ignored when `path` is set. In `.discrete` mode a
    /// single value changes nothing, as on Apple platforms.
    open var values: [Any]?
    /// The path a point property (such as `"position"`) follows; when set, `values` are ignored.
    /// Default nil. The animation stores an immutable copy: changing a `CGMutablePath` after
    /// assigning it changes nothing.
    ///
    /// The animated value is a `CGPoint`. The path's *vertices* are the start of its first
    /// subpath and the end of every element after it; each line, quadratic or cubic curve and
    /// close-subpath (a line back to the subpath's start) is one keyframe segment, followed by
    /// its curve parameter.
    ///
    /// - `.linear` and `.cubic`: the segments share the duration evenly unless `keyTimes` is
    ///   given: then key time `i` is when the layer reaches vertex `i`. A path of n points
    ///   closed by `closeSubpath()` takes n + 1 key times, or n as on Apple platforms: the
    ///   layer then stops at its last point and the closing segment is never run.
    ///   `timingFunctions` pace the segments (one per segment, jumps included). The path is the curve: `tensionValues`, `continuityValues` and
    ///   `biasValues` are ignored.
    /// - `.paced` and `.cubicPaced`: constant speed along the whole path by arc length;
    ///   `keyTimes` and `timingFunctions` are ignored.
    /// - `.discrete`: the layer jumps from vertex to vertex (`keyTimes`: one per vertex, or one more).
    ///
    /// A move-to that starts a later subpath is a jump: the layer goes straight to the new
    /// subpath's start. Lamina counts it as a vertex and a segment of zero length that takes
    /// no time when key times are spaced by default (with `keyTimes` it holds the previous
    /// point for the span it is given, then jumps). A move-to followed by another move-to, or
    /// by nothing, is skipped. An empty path, or one with only move-tos, animates nothing.
    ///
    /// `isCumulative` adds (last vertex − first vertex) per repeat; `isAdditive` adds the
    /// point to the current point.
    open var path: CGPath? {
        get { pathCopy }
        set { pathCopy = newValue?.copy() }
    }
    private var pathCopy: CGPath?
    /// When each keyframe is reached, as fractions 0…1 of the duration. Default nil (evenly
    /// spaced). Ignored when its length doesn't fit (see `calculationMode`; with a `path`, one
    /// per vertex, or one fewer for a path that ends closed) or a value is not finite. Values
    /// outside 0…1 or not ascending are used as given, as on Apple platforms: a progress falls
    /// in the first segment, in array order, whose end key time is above it.
    open var keyTimes: [NSNumber]?
    /// The pacing of each segment between keyframes (n − 1 for n values, or one per path
    /// segment). Default nil.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// How a layer following `path` turns. Default nil (it doesn't); ignored without a path.
    ///
    /// With `.rotateAuto` the animation also writes the key path `"transform"`: the current
    /// transform `base` (identity if unset) rotated in the layer's own space,
    /// `CATransform3DRotate(base, angle, 0, 0, 1)`, so a scale in `base` is kept. `angle` is
    /// the path's tangent, `atan2(dy, dx)` in the layer's y-down space (`.rotateAutoReverse`
    /// adds π). At a vertex the incoming segment's tangent at its end is used (at the first
    /// vertex, the first direction the path takes); a zero-length segment or a jump to a new
    /// subpath keeps the previous angle.
    open var rotationMode: CAAnimationRotationMode?
    /// Per-keyframe tension for `.cubic` modes (1 tight, −1 round). Default nil (0).
    open var tensionValues: [NSNumber]?
    /// Per-keyframe continuity for `.cubic` modes. Default nil (0).
    open var continuityValues: [NSNumber]?
    /// Per-keyframe bias for `.cubic` modes. Default nil (0).
    open var biasValues: [NSNumber]?

    /// Creates a keyframe animation without values, path or key path.
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
        guard let animation = animation as? CAKeyframeAnimation else { return }
        values = animation.values
        pathCopy = animation.pathCopy
        keyTimes = animation.keyTimes
        timingFunctions = animation.timingFunctions
        calculationMode = animation.calculationMode
        rotationMode = animation.rotationMode
        tensionValues = animation.tensionValues
        continuityValues = animation.continuityValues
        biasValues = animation.biasValues
    }

    /// Adds `values`, `path`, `keyTimes`, `timingFunctions`, `calculationMode`,
    /// `rotationMode`, `tensionValues`, `continuityValues` and `biasValues` to
    /// ``CAPropertyAnimation/value(forKey:)``: each answers its property (the modes as
    /// ``CAAnimationCalculationMode`` and ``CAAnimationRotationMode``).
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": values
        case "path": path
        case "keyTimes": keyTimes
        case "timingFunctions": timingFunctions
        case "calculationMode": calculationMode
        case "rotationMode": rotationMode
        case "tensionValues": tensionValues
        case "continuityValues": continuityValues
        case "biasValues": biasValues
        default: super.value(forKey: key)
        }
    }

    /// Adds this class's keys to ``CAPropertyAnimation/setValue(_:forKey:)``: `values` (an
    /// array of anything), `path` (a `CGPath`), `keyTimes`, `tensionValues`,
    /// `continuityValues` and `biasValues` (arrays of numbers, stored as `[NSNumber]`),
    /// `timingFunctions` (an array of ``CAMediaTimingFunction``), `calculationMode` and
    /// `rotationMode` (Apple's string constants, such as `"cubic"` or `"auto"`, or the typed
    /// values); nil clears all but `calculationMode`. A value of another type is refused with
    /// a diagnostic, as there.
    open override func setValue(_ value: Any?, forKey key: String) {
        func optional<T>(_ type: T.Type) -> T?? { coercedOptional(value, to: type, forKey: key) }
        switch key {
        case "values": if let v = optional([Any].self) { values = v }
        case "path": if let v = optional(CGPath.self) { path = v }
        case "keyTimes": if let v = optional([NSNumber].self) { keyTimes = v }
        case "timingFunctions": if let v = optional([CAMediaTimingFunction].self) { timingFunctions = v }
        case "calculationMode":
            if let v = coerced(value, to: CAAnimationCalculationMode.self, forKey: key) { calculationMode = v }
        case "rotationMode": if let v = optional(CAAnimationRotationMode.self) { rotationMode = v }
        case "tensionValues": if let v = optional([NSNumber].self) { tensionValues = v }
        case "continuityValues": if let v = optional([NSNumber].self) { continuityValues = v }
        case "biasValues": if let v = optional([NSNumber].self) { biasValues = v }
        default: super.setValue(value, forKey: key)
        }
    }

    /// The evaluable form: a snapshot of the values (or of the path, which then has an
    /// evaluator even when empty: it writes nothing). Nil when there are no values and no path.
    open override func makeEvaluator() -> CAAnimationEvaluator? {
        if let path = pathCopy {
            return CAAnimationEvaluator(
                timing: timingParameters, timingFunction: timingFunction, property: propertyOptions,
                kind: .keyframes(.init(
                    values: [], keyTimes: keyTimes?.map(\.doubleValue), timingFunctions: timingFunctions,
                    mode: calculationMode, tension: nil, continuity: nil, bias: nil,
                    path: KeyframePath(path), rotationMode: rotationMode)))
        }
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
