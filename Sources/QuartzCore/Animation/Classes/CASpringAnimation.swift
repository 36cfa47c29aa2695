/// A basic animation paced by a damped spring instead of a timing function.
///
/// The spring moves the value from the start to the end as `CASpringSolution` describes;
/// `duration` still bounds the animation (set it to `settlingDuration` to see it settle).
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring. Default 1; must be positive.
    open var mass: CGFloat = 1
    /// The spring's stiffness. Default 100; must be positive.
    open var stiffness: CGFloat = 100
    /// The friction. Default 10; must not be negative.
    open var damping: CGFloat = 10
    /// The initial speed, in distances (start to end) per second. Default 0.
    open var initialVelocity: CGFloat = 0

    public override init() {
        super.init()
    }

    /// Creates a spring described by how it feels: `perceptualDuration`, the pace (about
    /// the time it takes to settle; for very bouncy springs, the period of an oscillation),
    /// and `bounce`, from -1 (overdamped) through 0 (critically damped, no overshoot) to 1
    /// (undamped). The mass is 1; stiffness is (2π / perceptualDuration)²; the damping is
    /// (1 − bounce) times the critical damping for a positive bounce, 1 / (1 + bounce) times
    /// it otherwise. A duration that is not finite and positive is refused with a diagnostic
    /// (the defaults stay); bounce is clamped to -1…1.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        guard perceptualDuration.isFinite, perceptualDuration > 0 else {
            CALayer.diagnoseGlobally(.invalidValue, "CASpringAnimation(perceptualDuration: \(perceptualDuration), bounce:): the duration must be finite and positive; the default spring is used")
            return
        }
        let bounce = bounce.isNaN ? 0 : min(max(Double(bounce), -1), 1)
        let omega = 2 * Double.pi / perceptualDuration
        let critical = 2 * omega  // 2·√(k·m) with m = 1
        let ratio = bounce >= 0 ? 1 - bounce : 1 / max(1 + bounce, 1e-6)
        mass = 1
        stiffness = CGFloat(omega * omega)
        damping = CGFloat(ratio * critical)
    }

    /// The pace of the spring, 2π·√(mass / stiffness): what ``init(perceptualDuration:bounce:)``
    /// was given, for a spring made by it.
    open var perceptualDuration: CFTimeInterval {
        2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot()
    }

    /// How bouncy the spring is, from its damping ratio ζ = damping / (2·√(stiffness·mass)):
    /// 1 − ζ up to critical damping, 1/ζ − 1 beyond (negative, overdamped).
    open var bounce: CGFloat {
        let ratio = Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot())
        return CGFloat(ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }

    /// Returns `nil`, as ``CAAnimation/init(coder:)`` does.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A copy of `animation` with this class's fields too (used by `copy()`).
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let animation = animation as? CASpringAnimation else { return }
        mass = animation.mass
        stiffness = animation.stiffness
        damping = animation.damping
        initialVelocity = animation.initialVelocity
    }

    /// The spring's exact solution for the current parameters.
    open var solution: CASpringSolution {
        CASpringSolution(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
    }

    /// How long the spring takes to come to rest (within 0.1% of the distance).
    open var settlingDuration: CFTimeInterval { solution.settlingDuration }

    /// Adds `mass`, `stiffness`, `damping`, `initialVelocity` and the read-only
    /// `settlingDuration` to ``CABasicAnimation/value(forKey:)``.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": mass
        case "stiffness": stiffness
        case "damping": damping
        case "initialVelocity": initialVelocity
        case "settlingDuration": settlingDuration
        default: super.value(forKey: key)
        }
    }

    /// Adds `mass`, `stiffness`, `damping` and `initialVelocity` (numbers) to
    /// ``CABasicAnimation/setValue(_:forKey:)``; a value of another type, or any value for the
    /// read-only `settlingDuration`, is refused with a diagnostic, as there.
    open override func setValue(_ value: Any?, forKey key: String) {
        func typed(_ type: CGFloat.Type) -> CGFloat? { coerced(value, to: type, forKey: key) }
        switch key {
        case "mass": if let v = typed(CGFloat.self) { mass = v }
        case "stiffness": if let v = typed(CGFloat.self) { stiffness = v }
        case "damping": if let v = typed(CGFloat.self) { damping = v }
        case "initialVelocity": if let v = typed(CGFloat.self) { initialVelocity = v }
        case "settlingDuration": refuse(value, forKey: key, expected: "nothing (read-only CFTimeInterval)")
        default: super.setValue(value, forKey: key)
        }
    }

    open override func makeEvaluator() -> CAAnimationEvaluator? {
        guard var evaluator = super.makeEvaluator() else { return nil }
        evaluator.spring = solution
        return evaluator
    }
}
