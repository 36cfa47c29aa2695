/// Animation effects that are not plain property values: a `CATransition`'s blend of the
/// old and new renderings, and the cross-fade of an animated `contents`. Both are recorded
/// on the presentation layer and drawn by the compositor.
extension CALayer {
    /// A snapshot of this presentation layer's rendering, as a transition starts from.
    func makeTransitionSource() -> CARenderLayer {
        snapshot(geometryFlipped: geometryFlipParity)
    }

    /// Makes this presentation layer show the last commit again: the committed values,
    /// no transition, no cross-fade (before animations are applied again, or when none is).
    func showCommittedValues() {
        if let committed = committedStorageBox {
            // Only what changed since the commit is put back, field by field, when that is
            // a few declared properties (animations change one or two per frame).
            let changed = changedProperties
            if changed & CALayer.extrasChangedBit == 0 && changed.nonzeroBitCount <= 8 {
                let drawsAnEffect = renderTransition != nil || renderContentsCrossFade != nil
                invalidateRenderSnapshot(changing: drawsAnEffect ? .max : changed)
                CALayerPropertyTable.copyFields(changed, from: committed.storage, into: &storage)
                storage.explicitlySet = committed.storage.explicitlySet
            } else {
                invalidateRenderSnapshot()
                storage = committed.storage
            }
        } else {
            invalidateRenderSnapshot()
        }
        changedProperties = 0
        hasAnimatedValues = false
        renderTransition = nil
        renderContentsCrossFade = nil
    }

    /// Applies `attached` at `time` on this presentation layer: its property values through
    /// `write`, plus the transition or contents cross-fade it draws.
    func applyAnimation(
        _ attached: AttachedAnimation, evaluator: CAAnimationEvaluator, atLocalTime time: CFTimeInterval,
        write: (String, Any) -> Void
    ) {
        if let state = evaluator.transitionState(atParentTime: time) {
            // Before its first commit a layer had no rendering: it transitions from nothing.
            let source = attached.transitionSource ?? CARenderLayer(bounds: bounds, isHidden: true)
            renderTransition = CARenderTransition(type: state.type, subtype: state.subtype, progress: state.progress, from: source)
            hasAnimatedValues = true
            // Not a property change: the snapshot is built again to carry it.
            invalidateRenderSnapshot()
            return
        }
        let read: (String) -> Any? = { self.animatedBaseValue(forKeyPath: $0) }
        guard evaluator.property.keyPath == "contents", case .basic(let from, let to, _) = evaluator.kind,
            case .active(let progress, _) = evaluator.timing.state(atParentTime: time)
        else {
            evaluator.apply(atParentTime: time, read: read, write: write)
            return
        }
        // Contents cross-fade (Apple animates `contents` this way): the destination is
        // drawn over the start with the eased progress as its weight.
        let base = value(forKey: "contents")
        let start = from.raw ?? base
        let end = to.raw ?? base
        write("contents", end as Any)
        renderContentsCrossFade = CARenderContentsCrossFade(from: start.flatMap { $0 as? CGImage }, fraction: evaluator.eased(progress))
        hasAnimatedValues = true
    }
}
