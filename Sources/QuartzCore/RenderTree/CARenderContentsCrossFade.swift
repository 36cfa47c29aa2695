/// Lamina: a cross-fade of a layer's `contents` in progress, as the compositor draws it.
///
/// Set as ``CARenderLayer/contentsCrossFade`` on the snapshot of a layer whose `contents`
/// is being animated (Apple animates a change of `contents` by cross-fading the images).
/// Where the contents are drawn, the compositor draws ``from`` with alpha (1 − f) plus the
/// snapshot's current `contents` with alpha f (f = ``fraction``), a linear mix: two opaque
/// images give an opaque result. Both images go through the layer's same contents gravity,
/// `contentsRect`, `contentsCenter`, `contentsScale` and filters, each with its own pixel
/// size, and are clipped with `masksToBounds` as contents always are. Either image may be
/// nil (fading in from, or out to, nothing).
public struct CARenderContentsCrossFade: Sendable {
    /// The old contents, fading out; nil for none.
    public var from: CGImage?
    private var storedFraction: Double

    /// How far the fade has gone, in `0...1`: 0 shows only ``from``, 1 only the current
    /// contents. Values outside are clamped and NaN becomes 0.
    public var fraction: Double {
        get { storedFraction }
        set { storedFraction = CARenderTransition.clamped(newValue) }
    }

    /// Creates a cross-fade from `from` to the layer's current contents.
    ///
    /// - Parameters:
    ///   - from: The old contents; nil for none.
    ///   - fraction: How far the fade has gone, clamped to `0...1` (NaN becomes 0).
    public init(from: CGImage?, fraction: Double) {
        self.from = from
        self.storedFraction = CARenderTransition.clamped(fraction)
    }
}
