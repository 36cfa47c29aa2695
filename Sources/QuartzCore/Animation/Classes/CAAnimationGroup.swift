/// Animations that run together; each child's times are in the group's local time, and
/// children are cut off at the end of the group's duration.
open class CAAnimationGroup: CAAnimation {
    /// The child animations. Default nil.
    open var animations: [CAAnimation]?

    public override init() {
        super.init()
    }

    /// A copy of `animation` with this class's fields too (used by `copy()`).
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let animation = animation as? CAAnimationGroup else { return }
        animations = animation.animations?.compactMap { $0.copy() as? CAAnimation }
    }

    open override func makeEvaluator() -> CAAnimationEvaluator? {
        let children = (animations ?? []).compactMap { $0.makeEvaluator() }
        return CAAnimationEvaluator(
            timing: timingParameters, timingFunction: timingFunction,
            property: .init(keyPath: "", isAdditive: false, isCumulative: false, valueFunction: nil),
            kind: .group(children))
    }
}
