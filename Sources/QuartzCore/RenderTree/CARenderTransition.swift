/// Lamina: a `CATransition` in progress on one layer, as the compositor draws it.
///
/// Set as ``CARenderLayer/transition`` on the snapshot of the layer the transition runs on.
/// The compositor then draws two renderings of the layer's *body* (background, contents,
/// sublayers and border): ``from``, the layer as it looked before the change, and the
/// current snapshot itself, blended or moved apart according to ``type``, ``subtype`` and
/// ``progress``. Both are placed by the current snapshot alone: its position, transform,
/// anchor point, opacity, shadow and mask apply to the pair as a whole, and with
/// `masksToBounds` both are clipped to its (rounded) bounds; nothing is clipped otherwise,
/// so a moving body can show outside the layer.
///
/// Offsets are in the layer's y-down bounds space, `W × H` the current bounds size:
/// - ``CATransitionType/fade``: a cross-fade, old body × (1 − p) plus new body × p (where
///   both are opaque and identical, the result is that image).
/// - ``CATransitionType/moveIn``: the new body slides in over the old, which stays put;
///   from the left it starts at x = −W, from the right at +W, from the top at y = −H, from
///   the bottom at +H, and reaches 0 at p = 1.
/// - ``CATransitionType/push``: the new body slides in as for `moveIn` while the old one
///   leaves the opposite way (from the left: old at x = +W·p).
/// - ``CATransitionType/reveal``: the old body slides away on top (from the left: to
///   x = +W·p), uncovering the new body, which stays put.
///
/// At p = 0 only the old body is drawn and at p = 1 only the new one, so the end points
/// match the renderings exactly. An unknown type (Apple's private ones, such as "cube")
/// draws as `fade`, an unknown subtype as ``CATransitionSubtype/fromLeft``. A `from` that
/// is itself in a transition (one interrupted by another) draws that transition, frozen at
/// its progress. Through a perspective transform, both bodies are drawn flat into the
/// layer's offscreen image and warped with it, as every perspective layer is: placed
/// exactly, resampled bilinearly, and at a lower resolution when moved bodies make the
/// offscreen exceed 4096 pixels a side.
public struct CARenderTransition: Sendable {
    /// The kind of transition: fade, move in, push or reveal.
    public var type: CATransitionType
    /// The direction the new body (or, for reveal, the uncovering) comes from.
    public var subtype: CATransitionSubtype
    /// The previous rendering: a snapshot of the same layer and its subtree taken before
    /// the change. Only its body is drawn; its own placement (position, transform, anchor
    /// point, opacity, shadow, mask) is ignored. Its bounds origin and size are kept: its
    /// body is positioned so that its anchor point (with the current snapshot's
    /// `anchorPoint`) falls on the current one's, which for equal bounds lines the two up
    /// exactly. A hidden `from` has an empty body (the layer fades or slides in from nothing).
    public var from: CARenderLayer
    private var storedProgress: Double

    /// How far the transition has gone, in `0...1`: 0 looks exactly like ``from``, 1 like
    /// the current snapshot. Values outside are clamped and NaN becomes 0.
    public var progress: Double {
        get { storedProgress }
        set { storedProgress = Self.clamped(newValue) }
    }

    /// Creates a transition from `from` to the layer's current rendering.
    ///
    /// - Parameters:
    ///   - type: The kind of transition; default ``CATransitionType/fade`` (as `CATransition`).
    ///   - subtype: The direction; default ``CATransitionSubtype/fromLeft`` (what
    ///     `CATransition` uses when its `subtype` is nil).
    ///   - progress: How far it has gone, clamped to `0...1` (NaN becomes 0).
    ///   - from: The snapshot of the layer before the change.
    public init(
        type: CATransitionType = .fade, subtype: CATransitionSubtype = .fromLeft, progress: Double,
        from: CARenderLayer
    ) {
        self.type = type
        self.subtype = subtype
        self.storedProgress = Self.clamped(progress)
        self.from = from
    }

    /// `value` clamped to `0...1`, NaN as 0.
    static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}
