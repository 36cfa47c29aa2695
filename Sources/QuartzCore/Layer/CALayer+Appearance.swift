extension CALayer {
    /// The layer's name, for finding it and for debugging. Default `nil`.
    public var name: String? {
        get { read(.name, storage.name) }
        set { write(.name, \.name, newValue) }
    }

    /// The colour filling the layer's bounds (rounded by ``cornerRadius``), behind its
    /// contents. Default `nil` (none).
    public var backgroundColor: CGColor? {
        get { read(.backgroundColor, storage.backgroundColor) }
        set { write(.backgroundColor, \.backgroundColor, newValue) }
    }

    /// The layer's opacity, multiplied into its contents, background, border, shadow and
    /// sublayers. Default 1. Values are clamped to `0...1`; NaN becomes 0.
    public var opacity: Float {
        get { read(.opacity, storage.opacity) }
        set { write(.opacity, \.opacity, newValue.isNaN ? 0 : min(max(newValue, 0), 1)) }
    }

    /// Whether the layer and its sublayers are hidden: not drawn and never hit.
    /// Default `false`. Key-value coding key `"hidden"`.
    public var isHidden: Bool {
        get { read(.hidden, storage.hidden) }
        set { write(.hidden, \.hidden, newValue) }
    }

    /// Whether the contents and sublayers are clipped to the bounds, rounded by
    /// ``cornerRadius`` (hit testing too). Default `false`.
    public var masksToBounds: Bool {
        get { read(.masksToBounds, storage.masksToBounds) }
        set { write(.masksToBounds, \.masksToBounds, newValue) }
    }

    /// Whether the layer is drawn when it faces away from the viewer (turned past 90°
    /// about the x or y axis, or mirrored). Default `true`. Key-value coding key
    /// `"doubleSided"`.
    public var isDoubleSided: Bool {
        get { read(.doubleSided, storage.doubleSided) }
        set { write(.doubleSided, \.doubleSided, newValue) }
    }

    /// The radius of the rounded corners of the background and border; with
    /// ``masksToBounds`` also of the clip. Default 0. Contents are not rounded unless
    /// ``masksToBounds`` is set. Negative values draw square corners; NaN and infinity
    /// are refused.
    public var cornerRadius: CGFloat {
        get { read(.cornerRadius, storage.cornerRadius) }
        set {
            guard checkFinite("cornerRadius", "\(newValue)", newValue) else { return }
            write(.cornerRadius, \.cornerRadius, newValue)
        }
    }

    /// Which corners ``cornerRadius`` rounds. Default all four.
    public var maskedCorners: CACornerMask {
        get { read(.maskedCorners, storage.maskedCorners) }
        set { write(.maskedCorners, \.maskedCorners, newValue) }
    }

    /// The curve of the rounded corners. Default ``CALayerCornerCurve/circular``
    /// (Lamina draws ``CALayerCornerCurve/continuous`` as circular too).
    public var cornerCurve: CALayerCornerCurve {
        get { read(.cornerCurve, storage.cornerCurve) }
        set { write(.cornerCurve, \.cornerCurve, newValue) }
    }

    /// The width of the border drawn inside the bounds, above the contents and sublayers.
    /// Default 0 (no border). NaN and infinity are refused.
    public var borderWidth: CGFloat {
        get { read(.borderWidth, storage.borderWidth) }
        set {
            guard checkFinite("borderWidth", "\(newValue)", newValue) else { return }
            write(.borderWidth, \.borderWidth, newValue)
        }
    }

    /// The colour of the border. Default opaque black.
    public var borderColor: CGColor? {
        get { read(.borderColor, storage.borderColor) }
        set { write(.borderColor, \.borderColor, newValue) }
    }

    /// The opacity of the layer's shadow, `0...1`. Default 0 (no shadow). Values are
    /// clamped; NaN becomes 0.
    public var shadowOpacity: Float {
        get { read(.shadowOpacity, storage.shadowOpacity) }
        set { write(.shadowOpacity, \.shadowOpacity, newValue.isNaN ? 0 : min(max(newValue, 0), 1)) }
    }

    /// The blur radius of the shadow, in points. Default 3. NaN and infinity are refused;
    /// negative values draw an unblurred shadow.
    public var shadowRadius: CGFloat {
        get { read(.shadowRadius, storage.shadowRadius) }
        set {
            guard checkFinite("shadowRadius", "\(newValue)", newValue) else { return }
            write(.shadowRadius, \.shadowRadius, newValue)
        }
    }

    /// The offset of the shadow, in the layer's coordinates. Default `(0, -3)`: as on
    /// iOS's y-down layers, the default shadow falls 3 points *above* the layer.
    /// NaN and infinity are refused.
    public var shadowOffset: CGSize {
        get { read(.shadowOffset, storage.shadowOffset) }
        set {
            guard checkFinite("shadowOffset", "\(newValue)", newValue.width, newValue.height) else { return }
            write(.shadowOffset, \.shadowOffset, newValue)
        }
    }

    /// The colour of the shadow. Default opaque black.
    public var shadowColor: CGColor? {
        get { read(.shadowColor, storage.shadowColor) }
        set { write(.shadowColor, \.shadowColor, newValue) }
    }

    /// The outline of the shadow, in layer coordinates, filled with the non-zero winding
    /// rule; `nil` (the default) uses the layer's composited alpha. The path is copied on
    /// assignment and is not clipped to the bounds. Giving a path is also faster.
    public var shadowPath: CGPath? {
        get { read(.shadowPath, storage.shadowPath) }
        set { write(.shadowPath, \.shadowPath, newValue?.copy()) }
    }

    /// The layer's contents: a ``CGImage`` drawn into the bounds according to
    /// ``contentsGravity``, ``contentsRect`` and ``contentsCenter``. Default `nil`.
    ///
    /// Setting it makes the layer use the image instead of a backing store; ``display()``
    /// replaces it with a freshly drawn backing store. Values of other types are kept but
    /// not drawn.
    public var contents: Any? {
        get { read(.contents, storage.contents) }
        set { write(.contents, \.contents, newValue) }
    }

    /// The part of the contents image drawn, in unit coordinates of the image.
    /// Default `(0, 0, 1, 1)`, the whole image. Outside the unit square the edge pixels
    /// extend outwards. NaN and infinity are refused.
    public var contentsRect: CGRect {
        get { read(.contentsRect, storage.contentsRect) }
        set {
            guard checkFinite("contentsRect", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            write(.contentsRect, \.contentsRect, newValue)
        }
    }

    /// The stretchable centre of the contents (after ``contentsRect``), in unit
    /// coordinates: a nine-slice grid whose corners are not scaled, edges scale along one
    /// axis and centre along both. Default `(0, 0, 1, 1)`: the whole image scales. Used only
    /// by the resizing gravities. A zero width or height means one source pixel at that
    /// place. NaN and infinity are refused.
    public var contentsCenter: CGRect {
        get { read(.contentsCenter, storage.contentsCenter) }
        set {
            guard checkFinite("contentsCenter", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            write(.contentsCenter, \.contentsCenter, newValue)
        }
    }

    /// How the contents image is positioned or scaled in the bounds. Default
    /// ``CALayerContentsGravity/resize``.
    public var contentsGravity: CALayerContentsGravity {
        get { read(.contentsGravity, storage.contentsGravity) }
        set { write(.contentsGravity, \.contentsGravity, newValue) }
    }

    /// Pixels of the contents per point: a backing store is `bounds × contentsScale`
    /// pixels, and non-resizing gravities show an image at `pixels / contentsScale`
    /// points. Default 1 (set 2 on a HiDPI output). Values that are not finite and
    /// positive are refused with a diagnostic.
    public var contentsScale: CGFloat {
        get { read(.contentsScale, storage.contentsScale) }
        set {
            guard newValue.isFinite, newValue > 0 else {
                diagnose(.invalidValue, "contentsScale \(newValue) is invalid: it must be finite and positive; the change is ignored")
                return
            }
            write(.contentsScale, \.contentsScale, newValue)
        }
    }

    /// The filter used when the contents are drawn smaller than their pixels.
    /// Default ``CALayerContentsFilter/linear``.
    public var minificationFilter: CALayerContentsFilter {
        get { read(.minificationFilter, storage.minificationFilter) }
        set { write(.minificationFilter, \.minificationFilter, newValue) }
    }

    /// The filter used when the contents are drawn larger than their pixels.
    /// Default ``CALayerContentsFilter/linear``; ``CALayerContentsFilter/nearest`` keeps
    /// hard pixel edges.
    public var magnificationFilter: CALayerContentsFilter {
        get { read(.magnificationFilter, storage.magnificationFilter) }
        set { write(.magnificationFilter, \.magnificationFilter, newValue) }
    }

    /// The level-of-detail bias of trilinear minification. Default 0. Stored; Lamina's
    /// compositor does not mipmap, so it has no visible effect.
    public var minificationFilterBias: Float {
        get { read(.minificationFilterBias, storage.minificationFilterBias) }
        set { write(.minificationFilterBias, \.minificationFilterBias, newValue) }
    }

    /// Whether the layer's edges may be antialiased (per ``edgeAntialiasingMask``).
    /// Default `false`, as on Apple platforms without an Info.plist setting. Lamina
    /// always antialiases axis-aligned fills exactly; this affects transformed edges.
    public var allowsEdgeAntialiasing: Bool {
        get { read(.allowsEdgeAntialiasing, storage.allowsEdgeAntialiasing) }
        set { write(.allowsEdgeAntialiasing, \.allowsEdgeAntialiasing, newValue) }
    }

    /// Which edges are antialiased when ``allowsEdgeAntialiasing`` is on. Default all four.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read(.edgeAntialiasingMask, storage.edgeAntialiasingMask) }
        set { write(.edgeAntialiasingMask, \.edgeAntialiasingMask, newValue) }
    }

    /// Whether a translucent layer is composited as one group (sublayers first combined,
    /// then faded together) rather than each part faded separately. Default `true`.
    public var allowsGroupOpacity: Bool {
        get { read(.allowsGroupOpacity, storage.allowsGroupOpacity) }
        set { write(.allowsGroupOpacity, \.allowsGroupOpacity, newValue) }
    }

    /// Whether the app promises that ``draw(in:)`` fills the bounds with opaque content.
    /// Default `false`. A hint only: Lamina keeps the backing store's alpha channel, and it
    /// never affects an image set as ``contents``.
    /// Key-value coding key `"opaque"`.
    public var isOpaque: Bool {
        get { read(.opaque, storage.opaque) }
        set { write(.opaque, \.opaque, newValue) }
    }

    /// Whether a change of the bounds marks the layer as needing display. Default `false`.
    public var needsDisplayOnBoundsChange: Bool {
        get { read(.needsDisplayOnBoundsChange, storage.needsDisplayOnBoundsChange) }
        set { write(.needsDisplayOnBoundsChange, \.needsDisplayOnBoundsChange, newValue) }
    }

    /// Whether drawing may happen on a background thread. Default `false`. Stored only:
    /// Lamina draws on the main actor.
    public var drawsAsynchronously: Bool {
        get { read(.drawsAsynchronously, storage.drawsAsynchronously) }
        set { write(.drawsAsynchronously, \.drawsAsynchronously, newValue) }
    }

    /// Whether the layer is rendered into a cached bitmap before compositing. Default
    /// `false`. Stored only for now.
    public var shouldRasterize: Bool {
        get { read(.shouldRasterize, storage.shouldRasterize) }
        set { write(.shouldRasterize, \.shouldRasterize, newValue) }
    }

    /// The scale of the rasterized bitmap when ``shouldRasterize`` is on. Default 1.
    /// Stored only for now.
    public var rasterizationScale: CGFloat {
        get { read(.rasterizationScale, storage.rasterizationScale) }
        set { write(.rasterizationScale, \.rasterizationScale, newValue) }
    }

    /// Default values for properties the layer does not set, consulted before
    /// ``defaultValue(forKey:)``: `style["key"]`, then `style["style"]["key"]`, … (the
    /// shallowest entry wins). Default `nil`. Never consulted for `bounds` and `frame`.
    ///
    /// Keys use the key-value coding names (`"backgroundColor"`, `"hidden"`). As on Apple
    /// platforms, changing a dictionary inside the chain is seen by the next read.
    public var style: [String: Any]? {
        get { storage.style }
        set { write(.style, \.style, newValue) }
    }

    /// Actions for keys, consulted by `action(forKey:)` after the delegate (issue 5:
    /// animation). Default `nil`.
    public var actions: [String: any CAAction]? {
        get { read(.actions, storage.actions) }
        set { write(.actions, \.actions, newValue) }
    }

    /// Returns whether the contents are flipped vertically when drawn: true when an odd
    /// number of this layer and its superlayers have ``isGeometryFlipped`` set.
    /// Default `false`.
    ///
    /// It swaps the meaning of top and bottom in ``contentsGravity``.
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        var steps = 0
        while let current = layer, steps < 100_000 {
            if current.isGeometryFlipped { flipped.toggle() }
            layer = current.storedSuperlayer
            steps += 1
        }
        return flipped
    }
}
