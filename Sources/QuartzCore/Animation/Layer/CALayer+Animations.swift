/// Attaching explicit animations to a layer (Apple's `addAnimation:forKey:` family).
extension CALayer {
    /// Attaches a copy of `anim` to the layer under `key` (nil allowed); an animation
    /// already attached under the same key is removed first (its delegate is told it did
    /// not finish).
    ///
    /// The copy is taken now, so changing `anim` afterwards changes nothing on screen. The
    /// animation takes effect when the current transaction commits; a `beginTime` of 0
    /// means "at that commit" (the layer's local time then). Animations run in the layer's
    /// time (see ``convertTime(_:from:)``); several on the same key path apply in the order
    /// added, each on the value the previous ones left (additive ones add to it). A
    /// `CATransition` is always added under `"transition"`. Adding to a presentation layer
    /// is refused with a diagnostic.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else {
            diagnose(.invalidValue, "add(_:forKey:) on a presentation layer; add animations to the model layer")
            return
        }
        guard anim.beginTime.isFinite, anim.timeOffset.isFinite, anim.speed.isFinite, !anim.duration.isNaN else {
            diagnose(.nonFiniteValue, "add(_:forKey: \(key.map { "\"\($0)\"" } ?? "nil")): the animation's beginTime, timeOffset, speed and duration must be finite; not added")
            return
        }
        let key = anim is CATransition ? kCATransition : key
        if let key { removeAttachedAnimation(forKey: key) }
        let copy = anim.copy() as? CAAnimation ?? anim
        if let property = copy as? CAPropertyAnimation {
            // Apple: an animation with no key path animates the key it is added for (what
            // lets `actions` hold plain `CABasicAnimation()`s).
            if property.keyPath == nil, let key { property.keyPath = key }
            if let basic = property as? CABasicAnimation, let running = CALayer.runningAction,
                running.layer === self, running.key == key,
                basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil
            {
                // An action's animation without values runs from the value on screen before
                // the change to the new model value.
                // No colour before (nil) animates from clear, as on Apple platforms.
                basic.fromValue = running.previous ?? (value(forKeyPath: running.key) is CGColor ? CGColor.clear : nil)
            }
            if let keyPath = property.keyPath, keyPath.contains("."), value(forKeyPath: keyPath) == nil {
                diagnose(.invalidKeyPath, "add(_:forKey:): the key path \"\(keyPath)\" does not resolve on this layer; the animation changes nothing")
            }
        }
        let attached = AttachedAnimation(key: key, animation: copy, layer: self, completions: CATransaction.completionsForNewAnimation())
        attached.completions.forEach { $0.add(attached) }
        attachedAnimations.append(attached)
        AnimationEngine.added(attached)
        didChange()
    }

    /// The animation attached under `key`, or nil. It is the layer's copy: do not change it.
    public func animation(forKey key: String) -> CAAnimation? {
        attachedAnimations.last { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order added; nil when none has a key.
    /// Animations added without a key are not listed.
    public func animationKeys() -> [String]? {
        let keys = attachedAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation attached under `key`; its delegate gets
    /// `animationDidStop(_:finished: false)` if it had not stopped yet.
    public func removeAnimation(forKey key: String) {
        if removeAttachedAnimation(forKey: key) { didChange() }
    }

    /// Removes every attached animation (keyed or not); see ``removeAnimation(forKey:)``.
    public func removeAllAnimations() {
        guard !attachedAnimations.isEmpty else { return }
        let removed = attachedAnimations
        attachedAnimations = []
        for attached in removed { AnimationEngine.removed(attached) }
        didChange()
    }

    @discardableResult
    private func removeAttachedAnimation(forKey key: String) -> Bool {
        guard let index = attachedAnimations.firstIndex(where: { $0.key == key }) else { return false }
        AnimationEngine.removed(attachedAnimations.remove(at: index))
        return true
    }

    /// The animations that affect the presentation now, in order.
    var effectiveAnimations: [AttachedAnimation] {
        attachedAnimations.filter(\.isEffective)
    }
}
