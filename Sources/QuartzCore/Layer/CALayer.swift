/// A rectangle of content in a tree of layers that Lamina composites and animates.
///
/// Same names, defaults and semantics as Apple's `CALayer`. Geometry is y-down: the
/// origin of a layer's bounds is its top-left corner.
///
/// Every property change is recorded in the current ``CATransaction`` (an implicit one
/// opens on the first change) and becomes visible (in ``presentation()`` and on screen)
/// when that transaction commits.
///
/// Apple's `CALayer` is an `NSObject` subclass. Lamina's is a plain open class: Linux has
/// no Objective-C runtime, so `NSObject` would bring neither key-value coding nor
/// dynamic dispatch, only a nonisolated `init()` that clashes with main-actor isolation.
/// Subclassing, `init(layer:)` and identity comparison (`===`) work as on Apple platforms.
///
/// Presentation copies are persistent and updated in place on each commit. They are
/// created with `init(layer:)`, so a subclass's own stored properties are copied when the
/// presentation copy is first made; later commits update only `CALayer`'s properties.
@MainActor
open class CALayer {
    var state = CALayerState()
    var storedSublayers: [CALayer] = []
    weak var storedSuperlayer: CALayer?

    /// This model layer's presentation copy, once committed.
    var presentationCopy: CALayer?
    /// For a presentation copy: its model layer.
    weak var modelLayer: CALayer?
    /// Whether this layer is a presentation copy (its changes are not recorded).
    var isPresentationCopy = false

    /// Creates a layer with Apple's default property values.
    public init() {}

    /// Creates a layer copying the properties (not the sublayers) of `layer`, if it is a
    /// `CALayer`; used to make presentation copies.
    ///
    /// Subclasses with stored properties override this, call `super.init(layer:)` and copy
    /// their own fields from `layer`.
    public required init(layer: Any) {
        if let other = layer as? CALayer {
            state = other.state
        }
    }

    /// Records a property change of this layer in the current transaction.
    func didChange() {
        if !isPresentationCopy {
            CATransaction.layerDidChange(self)
        }
    }

    // MARK: - Presentation and model

    /// The presentation copy of this layer: its values as of the last committed
    /// transaction, or `nil` if the layer has never been committed.
    ///
    /// The copy is of the same class, made with ``init(layer:)``, and kept and updated in
    /// place on every commit. Its ``sublayers`` and ``superlayer`` are presentation copies
    /// too. Called on a presentation copy, returns that copy.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        return presentationCopy as? Self
    }

    /// The model layer: on a presentation copy, the layer it presents; on a model layer,
    /// the layer itself.
    ///
    /// If the model layer no longer exists, the presentation copy returns itself.
    public func model() -> Self {
        if isPresentationCopy, let model = modelLayer as? Self { return model }
        return self
    }

    // MARK: - Identity and content

    /// The layer's name, for finding it and for debugging. Default `nil`.
    public var name: String? {
        get { state.name }
        set { state.name = newValue; didChange() }
    }

    /// The layer's contents: a ``CGImage`` drawn scaled to fill the bounds
    /// (Apple's default contents gravity, `resize`). Default `nil`.
    ///
    /// Values of any other type are kept but not drawn.
    public var contents: Any? {
        get { state.contents }
        set { state.contents = newValue; didChange() }
    }

    /// The colour filling the layer's bounds, behind its contents. Default `nil` (none).
    public var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { state.backgroundColor = newValue; didChange() }
    }

    /// The layer's opacity, multiplied into its contents, background and sublayers.
    /// Default 1. Values are clamped to `0...1`; NaN becomes 0.
    public var opacity: Float {
        get { state.opacity }
        set {
            state.opacity = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            didChange()
        }
    }

    /// Whether the layer and its sublayers are hidden: not drawn and never hit.
    /// Default `false`.
    public var isHidden: Bool {
        get { state.isHidden }
        set { state.isHidden = newValue; didChange() }
    }

    /// Whether sublayers (and hit testing) are clipped to the bounds. Default `false`.
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { state.masksToBounds = newValue; didChange() }
    }

    // MARK: - Geometry

    /// The layer's own coordinate space: its origin and size. Default `.zero`.
    ///
    /// The bounds origin shifts the coordinate space sublayers are positioned in.
    public var bounds: CGRect {
        get { state.bounds }
        set { state.bounds = newValue; didChange() }
    }

    /// Where the layer's anchor point sits in its superlayer's coordinates. Default `.zero`.
    public var position: CGPoint {
        get { state.position }
        set { state.position = newValue; didChange() }
    }

    /// The point, in unit coordinates of the bounds, that ``position`` refers to and that
    /// transforms pivot around. Default `(0.5, 0.5)`, the centre.
    public var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { state.anchorPoint = newValue; didChange() }
    }

    /// The layer's position on the z axis: sublayers with a higher `zPosition` are drawn
    /// above (and hit before) their siblings. Default 0.
    public var zPosition: CGFloat {
        get { state.zPosition }
        set { state.zPosition = newValue; didChange() }
    }

    /// The transform applied to the layer, around its anchor point.
    /// Default ``CATransform3DIdentity``.
    ///
    /// Lamina draws and hit-tests with the affine part (perspective is ignored for now).
    public var transform: CATransform3D {
        get { state.transform }
        set { state.transform = newValue; didChange() }
    }

    /// Returns the layer's transform as an affine transform (its affine part).
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(state.transform)
    }

    /// Sets the layer's transform to the affine transform `m`.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The layer's rectangle in its superlayer's coordinates.
    ///
    /// Getting it gives the bounding box of the bounds mapped through anchor point,
    /// transform and position (with the identity transform:
    /// `origin = position − anchorPoint × bounds.size`). Setting it sets `bounds.size` to
    /// the frame's size and `position` to `frame.origin + anchorPoint × frame.size`,
    /// leaving `bounds.origin` and `transform` alone; with a non-identity transform the
    /// frame read back differs from the one set (as on Apple platforms, where that case is
    /// undefined).
    public var frame: CGRect {
        get { state.bounds.applying(state.transformToSuperlayer) }
        set {
            let rect = newValue.standardized
            state.bounds.size = rect.size
            state.position = CGPoint(
                x: rect.origin.x + state.anchorPoint.x * rect.size.width,
                y: rect.origin.y + state.anchorPoint.y * rect.size.height)
            didChange()
        }
    }

    // MARK: - Hit testing

    /// Returns whether `p`, in this layer's own coordinates, is inside its bounds
    /// (minimum edges included, maximum edges excluded).
    open func contains(_ p: CGPoint) -> Bool {
        state.bounds.contains(p)
    }

    /// Returns the farthest descendant of this layer (or the layer itself) that contains
    /// `p`, which is in the *superlayer's* coordinates; `nil` if none does.
    ///
    /// Hidden layers and their sublayers are never hit. Sublayers are tested front-most
    /// first: higher ``zPosition`` first, then later siblings before earlier ones. A layer
    /// whose transform cannot be inverted is never hit. With ``masksToBounds`` points
    /// outside the bounds hit nothing in the layer's subtree. Call it on the presentation
    /// copy (`root.presentation()?.hitTest(p)?.model()`) to hit what is on screen.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard !state.isHidden, let toLocal = state.transformToSuperlayer.invertedIfPossible()
        else { return nil }
        let local = p.applying(toLocal)
        let inside = contains(local)
        if state.masksToBounds && !inside { return nil }
        for sublayer in sublayersFrontToBack() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
