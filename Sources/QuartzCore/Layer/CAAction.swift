/// An object that responds to a layer event, typically by adding an animation: the
/// values of ``CALayer/actions`` (Apple's `CAAction`).
///
/// Looking actions up (`action(forKey:)`) and running them on property changes comes
/// with animation (issue 5).
@MainActor
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (the layer), with optional arguments.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}
