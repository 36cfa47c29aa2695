/// An object that responds to a layer event, typically by adding an animation: what
/// ``CALayer/action(forKey:)`` returns (Apple's `CAAction`).
///
/// `CAAnimation` is one: running it adds it to the layer under the event's key.
/// ``CANullAction`` and `NSNull` are the null actions that end a search with no action.
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (the layer), with optional arguments.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}
