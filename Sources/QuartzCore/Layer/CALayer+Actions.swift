import Foundation

/// A null action: returned from ``CALayerDelegate/action(for:forKey:)``, or stored in
/// ``CALayer/actions`` or `style["actions"]`, it ends the action search with no action
/// (Swift's spelling of Apple's `NSNull()`, which works too).
public struct CANullAction: CAAction {
    /// The null action.
    public init() {}

    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CAAction where Self == CANullAction {
    /// The null action (see ``CANullAction``): `return .null` from an action search.
    public static var null: CANullAction { CANullAction() }
}

/// Apple's way of saying "no action": `NSNull()` ends the search.
extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The action event sent to a layer when it is added to a displayed tree.
public let kCAOnOrderIn = "onOrderIn"
/// The action event sent to a layer when it is removed from a displayed tree.
public let kCAOnOrderOut = "onOrderOut"
/// The key `CATransition` animations are always added under.
public let kCATransition = "transition"

extension CALayer {
    /// Whether `action` is a null action (ends the search with no action).
    static func isNullAction(_ action: Any) -> Bool {
        action is NSNull || action is CANullAction
    }

    /// The default ``action(forKey:)``: delegate, `actions`, style chain, class default;
    /// nil when a null action ends the search or none of them offers an action.
    func defaultActionSearch(forKey event: String) -> (any CAAction)? {
        if let delegate, let action = delegate.action(for: self, forKey: event) {
            return CALayer.isNullAction(action) ? nil : action
        }
        if let action = actions?[event] {
            return CALayer.isNullAction(action) ? nil : action
        }
        var style = storage.style
        var depth = 0
        while let current = style, depth < 64 {
            if let found = (current["actions"] as? [String: Any])?[event] {
                if CALayer.isNullAction(found) { return nil }
                if let action = found as? any CAAction { return action }
            }
            style = current["style"] as? [String: Any]
            depth += 1
        }
        if let action = Swift.type(of: self).defaultAction(forKey: event) {
            return CALayer.isNullAction(action) ? nil : action
        }
        CALayer.searchFoundNothing(layer: self, key: event)
        return nil
    }

    /// The action a change of `key` runs: what ``action(forKey:)`` answers, else — when
    /// `CALayer`'s search found nothing (no null action ended it) and the class animates
    /// `key` implicitly — the implicit animation, made once the search comes back empty, as
    /// Core Animation does.
    func changeAction(forKey key: String) -> (any CAAction)? {
        let search = CALayer.actionSearchSlot.box
        let saved = search.value
        search.value = ActionSearch(layer: ObjectIdentifier(self), key: key)
        let answer = action(forKey: key)
        let foundNothing = search.value?.foundNothing ?? false
        search.value = saved
        if let answer { return CALayer.isNullAction(answer) ? nil : answer }
        guard foundNothing, Swift.type(of: self).animatesImplicitly(key) else { return nil }
        return CALayer.implicitAnimation(forKey: key)
    }

    /// The implicit animation of `key`: a `CABasicAnimation` of that key path with the
    /// current transaction's duration and timing function (`.default` when it has none).
    static func implicitAnimation(forKey key: String) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: key)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Notes that `CALayer`'s search for `key` on `layer` found nothing, when it is the
    /// search ``changeAction(forKey:)`` is waiting for (an override that asks `super`
    /// and returns its nil lets the implicit animation run; one that answers nil without
    /// asking does not).
    private static func searchFoundNothing(layer: CALayer, key: String) {
        let search = actionSearchSlot.box
        guard let current = search.value, current.layer == ObjectIdentifier(layer), current.key == key else { return }
        search.value?.foundNothing = true
    }

    /// The change whose action is being looked up on the calling thread.
    private static let actionSearchSlot = ThreadLocal<ActionSearch?>({ nil })

    /// Whether this layer's tree is displayed: its root has a ``CARenderContext``.
    var isInDisplayedTree: Bool {
        !isPresentationCopy && rootLayer.renderContext != nil
    }

    /// Whether actions run now for this layer: it is a model layer in a displayed tree and
    /// the transaction does not disable actions.
    var actionsAreEnabled: Bool {
        // The transaction's flag first: it is remembered, the tree walk is not.
        !CATransaction.disableActions() && isInDisplayedTree
    }

    /// Looks up the action for changing `key` to `newValue`, before the change is stored:
    /// only for a committed layer in a displayed tree, with actions enabled, when the value
    /// changes. Returns the action and the value on screen before the change.
    func actionForChange(ofKey key: String, to newValue: Any?) -> (action: any CAAction, previous: Any?)? {
        guard !CATransaction.disableActions(), isCommitted, isInDisplayedTree else { return nil }
        return actionForChange(ofKey: key, from: storedOrInheritedValue(forKey: key), to: newValue)
    }

    /// ``actionForChange(ofKey:to:)`` for a declared property; the values are boxed only
    /// when an action can run.
    func actionForChange<T>(of property: CALayerProperty, to newValue: T) -> (action: any CAAction, previous: Any?)? {
        guard !CATransaction.disableActions(), isCommitted, isInDisplayedTree else { return nil }
        return actionForChange(ofKey: property.key, from: CALayerPropertyTable.descriptor(property).get(self), to: newValue)
    }

    private func actionForChange(ofKey key: String, from old: Any?, to newValue: Any?) -> (action: any CAAction, previous: Any?)? {
        guard !CAValueComparison.isEqual(old, newValue), let action = changeAction(forKey: key) else { return nil }
        // Another thread does not evaluate the presentation the main thread shows (that would
        // write it while the main thread reads it): its animation starts from the model value
        // before the change.
        guard TransactionState.isMainThread else { return (action, old) }
        let previous: Any? = CALayer.treeLock.withLock {
            if effectiveAnimations.isEmpty, let copy = presentationCopy {
                // Nothing animates this layer: its presentation is the last commit (cheaper
                // than evaluating the whole tree for each change).
                if copy.hasAnimatedValues { copy.showCommittedValues() }
                return copy.value(forKey: key)
            }
            return presentation()?.value(forKey: key)
        }
        return (action, previous ?? old)
    }

    /// Whether the layer was committed (has a presentation copy): only then do its changes
    /// run actions. Read under the tree lock: the main thread makes the copies of layers
    /// other threads commit into displayed trees.
    private var isCommitted: Bool {
        CALayer.treeLock.withLock { presentationCopy != nil }
    }

    /// Runs `action` for the change of `key` (the animation it adds starts from `previous`
    /// when it gives no values of its own: Apple's "from the previous presentation value").
    func runAction(_ action: any CAAction, forKey key: String, previous: Any?) {
        let running = CALayer.runningActionSlot.box
        let saved = running.value
        running.value = RunningAction(layer: ObjectIdentifier(self), key: key, previous: previous)
        action.run(forKey: key, object: self, arguments: nil)
        running.value = saved
    }

    /// Runs the action for a non-property `event` (`onOrderIn`, `onOrderOut`), if any.
    func runEventAction(_ event: String) {
        guard actionsAreEnabled, let action = action(forKey: event) else { return }
        action.run(forKey: event, object: self, arguments: nil)
    }

    /// The property change whose action is running on the calling thread.
    static var runningAction: RunningAction? { runningActionSlot.value }
    private static let runningActionSlot = ThreadLocal<RunningAction?>({ nil })
}

/// A change whose action is being looked up, and whether `CALayer`'s search for it found
/// nothing.
struct ActionSearch {
    let layer: ObjectIdentifier
    let key: String
    var foundNothing = false
}

/// The property change an action is running for.
struct RunningAction {
    /// The layer whose property changed.
    let layer: ObjectIdentifier
    let key: String
    let previous: Any?
}
