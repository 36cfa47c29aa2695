/// Attaching explicit animations to a layer (Apple's `addAnimation:forKey:` family).
extension CALayer {

    @discardableResult
    func removeAttachedAnimation(forKey key: String) -> Bool {
        guard let index = attachedAnimations.firstIndex(where: { $0.key == key }) else { return false }
        let removed = attachedAnimations.remove(at: index)
        AnimationEngine.removed(removed)
        presentationAnimationsDidChange()
        return true
    }

    /// An animation was removed: the presentation tree is evaluated again, by the thread
    /// that shows it (the main thread's displayed trees are its own to mark; another
    /// thread's removal reaches them with its commit).
    func presentationAnimationsDidChange() {
        guard let copy = presentationCopy, TransactionState.isMainThread || !isShownByTheMainThread else { return }
        copy.bumpTreeRevision()
    }

    /// The animations that affect the presentation now, in order.
    var effectiveAnimations: [AttachedAnimation] {
        // Usually all are: then the list itself, without making a new one each frame.
        var allEffective = true
        for attached in attachedAnimations where !attached.isEffective {
            allEffective = false
            break
        }
        if allEffective { return attachedAnimations }
        var effective: [AttachedAnimation] = []
        for attached in attachedAnimations where attached.isEffective { effective.append(attached) }
        return effective
    }
}
