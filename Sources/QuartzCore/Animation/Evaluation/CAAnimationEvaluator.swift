import Foundation

/// An animation frozen into a `Sendable` value that computes presentation values: what a
/// layer keeps once an animation is added (a copy, so later changes to the object change
/// nothing), and what the render thread evaluates at each frame's time.
public struct CAAnimationEvaluator: Sendable {
    /// The property options of a `CAPropertyAnimation`.
    public struct PropertyOptions: Sendable {
        /// The animated key path ("" for groups and transitions).
        public var keyPath: String
        /// See `CAPropertyAnimation.isAdditive`.
        public var isAdditive: Bool
        /// See `CAPropertyAnimation.isCumulative`.
        public var isCumulative: Bool
        /// See `CAPropertyAnimation.valueFunction`.
        public var valueFunction: CAValueFunctionName?
    }

    /// A boxed animation value. Values given to animations are treated as immutable.
    public struct Value: @unchecked Sendable {
        let raw: Any?
        let animatable: AnimationValue?
        /// Whether it is a pattern colour, which no other colour mixes with.
        let isPatternColor: Bool

        /// Boxes a value as given to `fromValue`, `values`, ….
        public init(_ raw: Any?) {
            self.raw = raw
            animatable = AnimationValue(raw)
            isPatternColor = (raw as? CGColor)?.pattern != nil
        }

        var isPresent: Bool { raw != nil }

        /// Numbers or arrays of numbers, as components (for value functions).
        var numbers: [Double]? {
            if let animatable, animatable.components.count == 1 { return animatable.components }
            if let array = raw as? [Any] {
                let numbers = array.compactMap { AnimationValue($0)?.components.first }
                return numbers.count == array.count ? numbers : nil
            }
            return nil
        }
    }

    struct Keyframes: Sendable {
        var values: [Value]
        var keyTimes: [Double]?
        var timingFunctions: [CAMediaTimingFunction]?
        var mode: CAAnimationCalculationMode
        var tension: [Double]?, continuity: [Double]?, bias: [Double]?
        /// `CAKeyframeAnimation.path`: when set, `values` are ignored.
        var path: KeyframePath? = nil
        /// `CAKeyframeAnimation.rotationMode` (used only with a path).
        var rotationMode: CAAnimationRotationMode? = nil
    }

    enum Kind: Sendable {
        case basic(from: Value, to: Value, by: Value)
        case keyframes(Keyframes)
        case group([CAAnimationEvaluator])
        case transition(type: CATransitionType, subtype: CATransitionSubtype, start: Double, end: Double)
    }

    /// The timing, with the duration resolved.
    public var timing: CAMediaTimingParameters
    var timingFunction: CAMediaTimingFunction?
    /// The property options.
    public var property: PropertyOptions
    let kind: Kind
    /// For a basic animation whose two ends are numbers, points, sizes, rects or colours of
    /// one kind: their components, so a frame interpolates without unboxing them again.
    private let basicEnds: BasicEnds?
    /// Whether this is a `CATransition` (checked every frame, without copying `kind`).
    let isTransition: Bool
    /// For spring animations: the spring that paces the progress.
    public var spring: CASpringSolution?

    init(timing: CAMediaTimingParameters, timingFunction: CAMediaTimingFunction?, property: PropertyOptions, kind: Kind) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.property = property
        self.kind = kind
        if case .transition = kind { isTransition = true } else { isTransition = false }
        if case .basic(let from, let to, _) = kind, let start = from.animatable, let end = to.animatable,
            start.kind == end.kind, AnimationValue.isSmallLinear(start.kind),
            start.components.count == end.components.count, start.components.count <= 4
        {
            basicEnds = BasicEnds(kind: start.kind, start: start.components, end: end.components)
        } else {
            basicEnds = nil
        }
    }

    // MARK: - Time

    /// The parent time at which the active duration ends (`.infinity` if it never does, or
    /// when the animation runs backwards or is paused).
    public var endTime: CFTimeInterval {
        let active = timing.activeDuration
        guard active.isFinite, timing.speed > 0 else { return .infinity }
        // A wrapping offset does not move the active span (see `wrapsTimeOffset`).
        if timing.wrapsTimeOffset { return timing.beginTime + active / CFTimeInterval(timing.speed) }
        return timing.parentTime(fromLocal: active)
    }

    /// The parent time at which the active duration starts.
    public var startTime: CFTimeInterval {
        guard timing.speed > 0, !timing.wrapsTimeOffset else { return timing.beginTime }
        return timing.parentTime(fromLocal: 0)
    }

    /// Eased progress within the current iteration.
    func eased(_ progress: Double) -> Double {
        Self.eased(progress, duration: timing.duration, timingFunction: timingFunction, spring: spring)
    }

    /// Progress paced by a spring (over `duration`) or else by a timing function.
    static func eased(
        _ progress: Double, duration: CFTimeInterval, timingFunction: CAMediaTimingFunction?, spring: CASpringSolution?
    ) -> Double {
        if let spring { return spring.value(at: progress * duration) }
        return timingFunction?.evaluate(progress) ?? progress
    }

    // MARK: - Values

    /// Applies the animation at `parentTime`: reads the current (un-animated, or earlier-
    /// animated) value of each key path it animates with `read`, and writes the animated value
    /// with `write`. Writes nothing while the animation is inactive.
    /// Whether ``apply(atParentTime:read:write:)`` at `parentTime` writes a value that does
    /// not depend on the one there before: a basic animation with both ends given, nothing
    /// added, running at that time.
    func replacesValue(atParentTime parentTime: CFTimeInterval) -> Bool {
        guard basicEnds != nil, !property.isAdditive, !property.isCumulative, property.valueFunction == nil,
            case .basic = kind, case .active = timing.state(atParentTime: parentTime, endInclusive: false)
        else { return false }
        return true
    }

    public func apply(atParentTime parentTime: CFTimeInterval, read: (String) -> Any?, write: (String, Any) -> Void) {
        apply(atParentTime: parentTime, endInclusive: false, read: read, write: write)
    }

    /// ``apply(atParentTime:read:write:)``; with `endInclusive`, the end of the active
    /// duration shows the final value (see `MediaTimingParameters.state(atParentTime:endInclusive:)`).
    func apply(atParentTime parentTime: CFTimeInterval, endInclusive: Bool, read: (String) -> Any?, write: (String, Any) -> Void) {
        guard case .active(let progress, let iteration) = timing.state(atParentTime: parentTime, endInclusive: endInclusive) else { return }
        let p = eased(progress)
        switch kind {
        case .basic where basicEnds != nil && !property.isAdditive && !property.isCumulative && property.valueFunction == nil:
            // Both ends given, nothing added: the value is the ends' linear mix.
            if let basicEnds { write(property.keyPath, basicEnds.value(at: p)) }
        case .basic(let from, let to, let by):
            // With both ends given and nothing added, the value does not depend on the base.
            let base = from.isPresent && to.isPresent && !property.isAdditive ? nil : read(property.keyPath)
            if let value = basicValue(from: from, to: to, by: by, base: base, progress: p, iteration: iteration) {
                write(property.keyPath, value)
            }
        case .keyframes(let frames):
            let base = read(property.keyPath)
            if let path = frames.path {
                applyPath(path, frames, base: base, progress: p, iteration: iteration, read: read, write: write)
            } else if let value = keyframeValue(frames, base: base, progress: p, iteration: iteration) {
                write(property.keyPath, value)
            }
        case .group(let children):
            // Children run in the group's time: the eased position within its iteration.
            let local = min(p * timing.duration, timing.duration)
            // A child shows its final value at the very instant its active duration ends,
            // whatever its fill mode, as Apple's renders show: a group holding its end (filled
            // forwards) stops its children's time there, so the children that end with it keep
            // their end state; and a child that ends exactly when the group's time stands (a
            // paused animation shown at the frame where its last keyframe segment ends) shows
            // that segment's end. Children later in the array still win where they overlap (the
            // next segment, beginning at that instant, shows its start).
            for child in children {
                if child.startTime > timing.duration { continue }
                child.apply(atParentTime: local, endInclusive: true, read: read, write: write)
            }
        case .transition:
            break
        }
    }

    /// For a `CATransition`: its type, direction and progress at `parentTime`, or nil when
    /// inactive (or not a transition).
    public func transitionState(atParentTime parentTime: CFTimeInterval) -> (type: CATransitionType, subtype: CATransitionSubtype, progress: Double)? {
        guard isTransition, case .transition(let type, let subtype, let start, let end) = kind,
            case .active(let progress, _) = timing.state(atParentTime: parentTime)
        else { return nil }
        return (type, subtype, start + (end - start) * eased(progress))
    }

    /// The value a basic animation gives for `base` at eased progress `p` (Apple's
    /// from/to/by rules; see `CABasicAnimation`).
    func basicValue(from: Value, to: Value, by: Value, base: Any?, progress p: Double, iteration: Int) -> Any? {
        if let function = property.valueFunction {
            // The same from/to/by rules, on the numbers the function takes.
            let start: [Double]?, end: [Double]?
            switch (from.numbers, to.numbers, by.numbers) {
            case (let f?, let t?, _): (start, end) = (f, t)
            case (let f?, nil, let b?): (start, end) = (f, zip(f, b).map(+))
            case (nil, let t?, let b?): (start, end) = (zip(t, b).map(-), t)
            default: (start, end) = (nil, nil)
            }
            guard let start, let end, start.count == end.count else { return nil }
            var components = zip(start, end).map { $0 + ($1 - $0) * p }
            if property.isCumulative && iteration > 0 {
                components = zip(components, zip(start, end)).map { $0 + ($1.1 - $1.0) * Double(iteration) }
            }
            let transform = CAValueFunction.transform(function, components: components)
            if property.isAdditive, let base = base as? CATransform3D { return CATransform3DConcat(transform, base) }
            return transform
        }
        let current = AnimationValue(base)
        guard from.isPresent || to.isPresent || by.isPresent else { return base }
        // Values that cannot be interpolated (Bool, images, strings…) switch halfway, and so
        // does a colour to or from a pattern colour.
        let switchesPattern = from.isPatternColor || to.isPatternColor || (current == nil && (base as? CGColor)?.pattern != nil)
        guard !switchesPattern, let baseKind = current ?? from.animatable ?? to.animatable ?? by.animatable else {
            let start = from.raw ?? base, end = to.raw ?? base
            return (p < 0.5 ? start : end) ?? base
        }
        let zero = AnimationValue(kind: baseKind.kind, components: Array(repeating: 0, count: baseKind.components.count))
        let origin = property.isAdditive ? zero : (current ?? zero)
        let start: AnimationValue?, end: AnimationValue?
        switch (from.animatable, to.animatable, by.animatable) {
        case (let f?, let t?, _): (start, end) = (f, t)
        case (let f?, nil, let b?): (start, end) = (f, f.adding(b))
        case (nil, let t?, let b?): (start, end) = (t.subtracting(b), t)
        case (let f?, nil, nil): (start, end) = (f, origin)
        case (nil, let t?, nil): (start, end) = (origin, t)
        case (nil, nil, let b?): (start, end) = (origin, origin.adding(b))
        default: (start, end) = (nil, nil)
        }
        guard let start, let end else { return base }
        var value = start.interpolated(to: end, fraction: p)
        if property.isCumulative && iteration > 0 {
            value = value.adding(end.subtracting(start).scaled(by: Double(iteration)))
        }
        if property.isAdditive, let current { value = current.adding(value) }
        return value.boxed
    }

    func keyframeValue(_ frames: Keyframes, base: Any?, progress p: Double, iteration: Int) -> Any? {
        let values = frames.values
        // A discrete animation of a single value changes nothing, as Apple's renders show
        // (lottie's held keyframe before a linear one becomes a discrete animation of one value
        // and two key times; Apple draws the layer's own value throughout it).
        if frames.mode == .discrete && values.count == 1 { return nil }
        var numeric = values.compactMap(\.animatable)
        let interpolatable = numeric.count == values.count && numeric.allSatisfy { $0.isCompatible(with: numeric[0]) }
        // Paths whose drawing elements differ in kind share one structure (cubic curves where
        // they differ), so splines and distances see as many components in each.
        if interpolatable, numeric.contains(where: { $0.kind != numeric[0].kind }),
            let raised = AnimationValue.pathsRaisedToCommonStructure(numeric)
        {
            numeric = raised
        }
        let mode = interpolatable ? frames.mode : .discrete
        var spline: KeyframeSpline?
        var distances: [Double]?
        if mode == .cubic || mode == .cubicPaced {
            spline = KeyframeSpline(points: numeric.map(\.components), tension: frames.tension, continuity: frames.continuity, bias: frames.bias)
        }
        if mode == .paced {
            distances = zip(numeric, numeric.dropFirst()).map { $0.distance(to: $1) }
        } else if mode == .cubicPaced {
            distances = spline?.segmentLengths
        }
        let timeline = KeyframeTimeline(count: values.count, mode: mode, keyTimes: frames.keyTimes, timingFunctions: frames.timingFunctions, distances: distances)
        let position = timeline.position(at: p)
        guard interpolatable else {
            guard case .value(let index) = position else { return values.first?.raw }
            return values[index].raw
        }
        var value: AnimationValue
        switch position {
        case .value(let index):
            value = numeric[index]
        case .between(let index, let fraction):
            if let spline {
                value = AnimationValue(kind: numeric[index].kind, components: spline.point(segment: index, fraction: fraction))
            } else {
                value = numeric[index].interpolated(to: numeric[index + 1], fraction: fraction)
            }
        }
        if property.isCumulative && iteration > 0, let first = numeric.first, let last = numeric.last {
            value = value.adding(last.subtracting(first).scaled(by: Double(iteration)))
        }
        if property.isAdditive, let current = AnimationValue(base) { value = current.adding(value) }
        return value.boxed
    }
}

/// The two ends of a basic animation as components (at most four), interpolated linearly.
final class BasicEnds: Sendable {
    let kind: AnimationValue.Kind
    let start: [Double]
    let end: [Double]

    init(kind: AnimationValue.Kind, start: [Double], end: [Double]) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// The value `fraction` of the way from start to end, boxed as the ends' type.
    func value(at fraction: Double) -> Any {
        func mix(_ index: Int) -> Double {
            guard index < start.count else { return 0 }
            return start[index] + (end[index] - start[index]) * fraction
        }
        return AnimationValue.box(kind, mix(0), mix(1), mix(2), mix(3))
    }
}
