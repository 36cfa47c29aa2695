/// Attaching explicit animations to a layer (Apple's `addAnimation:forKey:` family).
extension CALayer {

    @discardableResult
    func removeAttachedAnimation(forKey key: String) -> Bool {
        guard let index = attachedAnimations.firstIndex(where: { $0.key == key }) else { return false }
        let removed = attachedAnimations.remove(at: index)
        AnimationEngine.removed(removed)
        presentationCopy?.bumpTreeRevision()
        // Detached: the link would outlive what clears it (this layer's `deinit` clears the
        // links of the animations it still has).
        removed.layer = nil
        return true
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
