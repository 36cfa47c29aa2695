/// An object that lays out a layer's sublayers (``CALayer/layoutManager``).
///
/// Every method has a default, so a manager implements only what it needs:
/// ``preferredSize(of:)`` defaults to the layer's bounds size as seen in its superlayer,
/// the others do nothing. A layout manager is consulted only when the layer's delegate
/// does not implement ``CALayerDelegate/layoutSublayers(of:)``, as on Apple platforms.
public protocol CALayoutManager: AnyObject {
    /// Returns the preferred size of `layer` in its superlayer's coordinates; used by
    /// ``CALayer/preferredFrameSize()``.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Lays out the sublayers of `layer` (sets their frames).
    func layoutSublayers(of layer: CALayer)
    /// Tells the manager the layout of `layer` is invalid; called by
    /// ``CALayer/setNeedsLayout()``.
    func invalidateLayout(of layer: CALayer)
}

extension CALayoutManager {
    /// Default: the size of the layer's bounds mapped into its superlayer's coordinates.
    public func preferredSize(of layer: CALayer) -> CGSize {
        layer.transformedBoundsSize
    }

    /// Default: does nothing.
    public func layoutSublayers(of layer: CALayer) {}

    /// Default: does nothing.
    public func invalidateLayout(of layer: CALayer) {}
}
