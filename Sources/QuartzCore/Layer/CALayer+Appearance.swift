extension CALayer {
    /// The layer's name, for finding it and for debugging. Default `nil`.
    public var name: String? {
        get { optionalProperty("name", String.self) }
        set { setProperty("name", newValue) }
    }

    /// The colour filling the layer's bounds (rounded by ``cornerRadius``), behind its
    /// contents. Default `nil` (none).
    public var backgroundColor: CGColor? {
        get { optionalProperty("backgroundColor", CGColor.self) }
        set { setProperty("backgroundColor", newValue) }
    }

    /// The layer's opacity, multiplied into its contents, background, border, shadow and
    /// sublayers. Default 1. Values are clamped to `0...1`; NaN becomes 0.
    public var opacity: Float {
        get { property("opacity", Float(1)) }
        set { setProperty("opacity", newValue.isNaN ? 0 : min(max(newValue, 0), 1)) }
    }

    /// Whether the layer and its sublayers are hidden: not drawn and never hit.
    /// Default `false`. Key-value coding key `"hidden"`.
    public var isHidden: Bool {
        get { property("hidden", false) }
        set { setProperty("hidden", newValue) }
    }

    /// Whether the contents and sublayers are clipped to the bounds, rounded by
    /// ``cornerRadius`` (hit testing too). Default `false`.
    public var masksToBounds: Bool {
        get { property("masksToBounds", false) }
        set { setProperty("masksToBounds", newValue) }
    }

    /// Whether the layer is drawn when it faces away from the viewer (turned past 90°
    /// about the x or y axis, or mirrored). Default `true`. Key-value coding key
    /// `"doubleSided"`.
    public var isDoubleSided: Bool {
        get { property("doubleSided", true) }
        set { setProperty("doubleSided", newValue) }
    }

    /// The radius of the rounded corners of the background and border; with
    /// ``masksToBounds`` also of the clip. Default 0. Contents are not rounded unless
    /// ``masksToBounds`` is set. Negative values draw square corners; NaN and infinity
    /// are refused.
    public var cornerRadius: CGFloat {
        get { property("cornerRadius", CGFloat(0)) }
        set {
            guard checkFinite("cornerRadius", "\(newValue)", newValue) else { return }
            setProperty("cornerRadius", newValue)
        }
    }

    /// Which corners ``cornerRadius`` rounds. Default all four.
    public var maskedCorners: CACornerMask {
        get { property("maskedCorners", CACornerMask.allCorners) }
        set { setProperty("maskedCorners", newValue) }
    }

    /// The curve of the rounded corners. Default ``CALayerCornerCurve/circular``
    /// (Lamina draws ``CALayerCornerCurve/continuous`` as circular too).
    public var cornerCurve: CALayerCornerCurve {
        get { property("cornerCurve", CALayerCornerCurve.circular) }
        set { setProperty("cornerCurve", newValue) }
    }

    /// The width of the border drawn inside the bounds, above the contents and sublayers.
    /// Default 0 (no border). NaN and infinity are refused.
    public var borderWidth: CGFloat {
        get { property("borderWidth", CGFloat(0)) }
        set {
            guard checkFinite("borderWidth", "\(newValue)", newValue) else { return }
            setProperty("borderWidth", newValue)
        }
    }

    /// The colour of the border. Default opaque black.
    public var borderColor: CGColor? {
        get { optionalProperty("borderColor", CGColor.self) }
        set { setProperty("borderColor", newValue) }
    }

    /// The opacity of the layer's shadow, `0...1`. Default 0 (no shadow). Values are
    /// clamped; NaN becomes 0.
    public var shadowOpacity: Float {
        get { property("shadowOpacity", Float(0)) }
        set { setProperty("shadowOpacity", newValue.isNaN ? 0 : min(max(newValue, 0), 1)) }
    }

    /// The blur radius of the shadow, in points. Default 3. NaN and infinity are refused;
    /// negative values draw an unblurred shadow.
    public var shadowRadius: CGFloat {
        get { property("shadowRadius", CGFloat(3)) }
        set {
            guard checkFinite("shadowRadius", "\(newValue)", newValue) else { return }
            setProperty("shadowRadius", newValue)
        }
    }

    /// The offset of the shadow, in the layer's coordinates. Default `(0, -3)`: as on
    /// iOS's y-down layers, the default shadow falls 3 points *above* the layer.
    /// NaN and infinity are refused.
    public var shadowOffset: CGSize {
        get { property("shadowOffset", CGSize(width: 0, height: -3)) }
        set {
            guard checkFinite("shadowOffset", "\(newValue)", newValue.width, newValue.height) else { return }
            setProperty("shadowOffset", newValue)
        }
    }

    /// The colour of the shadow. Default opaque black.
    public var shadowColor: CGColor? {
        get { optionalProperty("shadowColor", CGColor.self) }
        set { setProperty("shadowColor", newValue) }
    }

    /// The outline of the shadow, in layer coordinates, filled with the non-zero winding
    /// rule; `nil` (the default) uses the layer's composited alpha. The path is copied on
    /// assignment and is not clipped to the bounds. Giving a path is also faster.
    public var shadowPath: CGPath? {
        get { optionalProperty("shadowPath", CGPath.self) }
        set { setProperty("shadowPath", newValue?.copy()) }
    }

    /// The layer's contents: a ``CGImage`` drawn into the bounds according to
    /// ``contentsGravity``, ``contentsRect`` and ``contentsCenter``. Default `nil`.
    ///
    /// Setting it makes the layer use the image instead of a backing store; ``display()``
    /// replaces it with a freshly drawn backing store. Values of other types are kept but
    /// not drawn.
    public var contents: Any? {
        get { storedOrInheritedValue(forKey: "contents") }
        set { setProperty("contents", newValue) }
    }

    /// The part of the contents image drawn, in unit coordinates of the image.
    /// Default `(0, 0, 1, 1)`, the whole image. Outside the unit square the edge pixels
    /// extend outwards. NaN and infinity are refused.
    public var contentsRect: CGRect {
        get { property("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1)) }
        set {
            guard checkFinite("contentsRect", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            setProperty("contentsRect", newValue)
        }
    }

    /// The stretchable centre of the contents (after ``contentsRect``), in unit
    /// coordinates: a nine-slice grid whose corners are not scaled, edges scale along one
    /// axis and centre along both. Default `(0, 0, 1, 1)`: the whole image scales. Used only
    /// by the resizing gravities. A zero width or height means one source pixel at that
    /// place. NaN and infinity are refused.
    public var contentsCenter: CGRect {
        get { property("contentsCenter", CGRect(x: 0, y: 0, width: 1, height: 1)) }
        set {
            guard checkFinite("contentsCenter", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            setProperty("contentsCenter", newValue)
        }
    }

    /// How the contents image is positioned or scaled in the bounds. Default
    /// ``CALayerContentsGravity/resize``.
    public var contentsGravity: CALayerContentsGravity {
        get { property("contentsGravity", CALayerContentsGravity.resize) }
        set { setProperty("contentsGravity", newValue) }
    }

    /// Pixels of the contents per point: a backing store is `bounds × contentsScale`
    /// pixels, and non-resizing gravities show an image at `pixels / contentsScale`
    /// points. Default 1 (set 2 on a HiDPI output). Values that are not finite and
    /// positive are refused with a diagnostic.
    public var contentsScale: CGFloat {
        get { property("contentsScale", CGFloat(1)) }
        set {
            guard newValue.isFinite, newValue > 0 else {
                diagnose(.invalidValue, "contentsScale \(newValue) is invalid: it must be finite and positive; the change is ignored")
                return
            }
            setProperty("contentsScale", newValue)
        }
    }

    /// The filter used when the contents are drawn smaller than their pixels.
    /// Default ``CALayerContentsFilter/linear``.
    public var minificationFilter: CALayerContentsFilter {
        get { property("minificationFilter", CALayerContentsFilter.linear) }
        set { setProperty("minificationFilter", newValue) }
    }

    /// The filter used when the contents are drawn larger than their pixels.
    /// Default ``CALayerContentsFilter/linear``; ``CALayerContentsFilter/nearest`` keeps
    /// hard pixel edges.
    public var magnificationFilter: CALayerContentsFilter {
        get { property("magnificationFilter", CALayerContentsFilter.linear) }
        set { setProperty("magnificationFilter", newValue) }
    }

    /// The level-of-detail bias of trilinear minification. Default 0. Stored; Lamina's
    /// compositor does not mipmap, so it has no visible effect.
    public var minificationFilterBias: Float {
        get { property("minificationFilterBias", Float(0)) }
        set { setProperty("minificationFilterBias", newValue) }
    }

    /// Whether the layer's edges may be antialiased (per ``edgeAntialiasingMask``).
    /// Default `false`, as on Apple platforms without an Info.plist setting. Lamina
    /// always antialiases axis-aligned fills exactly; this affects transformed edges.
    public var allowsEdgeAntialiasing: Bool {
        get { property("allowsEdgeAntialiasing", false) }
        set { setProperty("allowsEdgeAntialiasing", newValue) }
    }

    /// Which edges are antialiased when ``allowsEdgeAntialiasing`` is on. Default all four.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { property("edgeAntialiasingMask", CAEdgeAntialiasingMask.allEdges) }
        set { setProperty("edgeAntialiasingMask", newValue) }
    }

    /// Whether a translucent layer is composited as one group (sublayers first combined,
    /// then faded together) rather than each part faded separately. Default `true`.
    public var allowsGroupOpacity: Bool {
        get { property("allowsGroupOpacity", true) }
        set { setProperty("allowsGroupOpacity", newValue) }
    }

    /// Whether the app promises that ``draw(in:)`` fills the bounds with opaque content.
    /// Default `false`. A hint only: Lamina keeps the backing store's alpha channel, and it
    /// never affects an image set as ``contents``.
    /// Key-value coding key `"opaque"`.
    public var isOpaque: Bool {
        get { property("opaque", false) }
        set { setProperty("opaque", newValue) }
    }

    /// Whether a change of the bounds marks the layer as needing display. Default `false`.
    public var needsDisplayOnBoundsChange: Bool {
        get { property("needsDisplayOnBoundsChange", false) }
        set { setProperty("needsDisplayOnBoundsChange", newValue) }
    }

    /// Whether drawing may happen on a background thread. Default `false`. Stored only:
    /// Lamina draws on the main actor.
    public var drawsAsynchronously: Bool {
        get { property("drawsAsynchronously", false) }
        set { setProperty("drawsAsynchronously", newValue) }
    }

    /// Whether the layer is rendered into a cached bitmap before compositing. Default
    /// `false`. Stored only for now.
    public var shouldRasterize: Bool {
        get { property("shouldRasterize", false) }
        set { setProperty("shouldRasterize", newValue) }
    }

    /// The scale of the rasterized bitmap when ``shouldRasterize`` is on. Default 1.
    /// Stored only for now.
    public var rasterizationScale: CGFloat {
        get { property("rasterizationScale", CGFloat(1)) }
        set { setProperty("rasterizationScale", newValue) }
    }

    /// Default values for properties the layer does not set, consulted before
    /// ``defaultValue(forKey:)``: `style["key"]`, then `style["style"]["key"]`, … (the
    /// shallowest entry wins). Default `nil`. Never consulted for `bounds` and `frame`.
    ///
    /// Keys use the key-value coding names (`"backgroundColor"`, `"hidden"`). As on Apple
    /// platforms, changing a dictionary inside the chain is seen by the next read.
    public var style: [String: Any]? {
        get { values["style"] as? [String: Any] }
        set { setProperty("style", newValue) }
    }

    /// Actions for keys, consulted by `action(forKey:)` after the delegate (issue 5:
    /// animation). Default `nil`.
    public var actions: [String: any CAAction]? {
        get { optionalProperty("actions", [String: any CAAction].self) }
        set { setProperty("actions", newValue) }
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
