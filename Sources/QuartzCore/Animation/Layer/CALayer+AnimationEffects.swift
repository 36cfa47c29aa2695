/// Animation effects that are not property values: a `CATransition`'s blend of the old and
/// new renderings, and the cross-fade of animated `contents`; both are drawn by the
/// compositor from the presentation layer.
extension CALayer {
    /// A snapshot of this presentation layer's rendering, as a transition starts from.
    func makeTransitionSource() -> CARenderLayer {
        snapshot(contentsAreFlipped: contentsAreFlipped())
    }

    /// Records the non-value effects of `attached` at `time` on this presentation layer.
    func applyEffects(of attached: AttachedAnimation, evaluator: CAAnimationEvaluator, atLocalTime time: CFTimeInterval) {}
}
