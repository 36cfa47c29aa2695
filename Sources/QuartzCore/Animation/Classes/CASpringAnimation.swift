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
