/// The object a layer asks for its content and the layout of its sublayers
/// (``CALayer/delegate``).
///
/// Every method is optional in Apple's API, and here every method has a default
/// implementation in a protocol extension, so a delegate implements only what it needs:
///
/// ```swift
/// final class Badge: CALayerDelegate {
///     func display(_ layer: CALayer) { layer.contents = image }
/// }
/// ```
///
/// **How "implemented" is decided.** Apple's precedence depends on whether the delegate
/// *implements* a method (a delegate that implements `display(_:)` is
/// never asked to `draw(_:in:)`, and `layerWillDraw(_:)` is not called; a delegate that
/// implements `layoutSublayers(of:)` makes the layer ignore its layout manager). Swift
/// cannot ask whether a protocol method was implemented, so the default implementations
/// in this extension record that they ran: the layer calls the delegate's method, and if
/// the call reached the default, it continues exactly as if the method were missing. A
/// delegate's own implementation therefore must not call the default (there is no
/// `super` for protocol methods anyway); to fall back deliberately, don't implement the
/// method.
public protocol CALayerDelegate: AnyObject {
    /// Provides the layer's content, usually by setting ``CALayer/contents``. When
    /// implemented, it replaces the whole display process: no backing store is made and
    /// neither ``draw(_:in:)`` nor ``layerWillDraw(_:)`` is called.
    func display(_ layer: CALayer)
    /// Called before the layer makes a backing store and draws (only when ``display(_:)``
    /// is not implemented); configure state that affects the backing store here, such as
    /// ``CALayer/isOpaque``.
    func layerWillDraw(_ layer: CALayer)
    /// Draws the layer's content into `ctx`, the layer's backing store (called by the
    /// default ``CALayer/draw(in:)``, only when ``display(_:)`` is not implemented). The
    /// context is pre-flipped: origin at the bounds origin, top-left, y down, units points.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the sublayers of `layer`; when implemented the layer's
    /// ``CALayer/layoutManager`` is not consulted.
    func layoutSublayers(of layer: CALayer)
    /// Returns the action for `event` on `layer` (the first place
    /// ``CALayer/action(forKey:)`` looks): an action ends the search, nil lets it go on to
    /// the layer's ``CALayer/actions``, `style` and class default, and a null action
    /// (`NSNull()` or ``CANullAction``) ends it with no action.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    /// Default: not implemented — the layer makes a backing store and calls
    /// ``CALayer/draw(in:)``.
    public func display(_ layer: CALayer) {
        CALayerDelegateProbe.defaultReached()
    }

    /// Default: does nothing.
    public func layerWillDraw(_ layer: CALayer) {}

    /// Default: draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}

    /// Default: nil — the search goes on.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }

    /// Default: not implemented — the layer asks its layout manager.
    public func layoutSublayers(of layer: CALayer) {
        CALayerDelegateProbe.defaultReached()
    }
}

/// Detects whether a delegate call reached a default implementation (see
/// ``CALayerDelegate``).
enum CALayerDelegateProbe {
    /// Whether the calling thread's current probe reached a default implementation.
    private static let reachedDefault = ThreadLocal({ false })

    /// Called by default implementations.
    static func defaultReached() {
        reachedDefault.value = true
    }

    /// Runs `call` and returns whether it reached a real implementation. Nested probes
    /// (a delegate method that displays another layer) do not disturb each other.
    static func implements(_ call: () -> Void) -> Bool {
        let flag = reachedDefault.box
        let saved = flag.value
        flag.value = false
        call()
        let reached = flag.value
        flag.value = saved
        return !reached
    }
}
