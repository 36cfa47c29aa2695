/// A rectangle of content in a tree of layers that Lamina composites and animates.
///
/// Same names, defaults and semantics as Apple's `CALayer`. Geometry is y-down, as on
/// iOS: the origin of a layer's bounds is its top-left corner.
///
/// Every property change is recorded in the current ``CATransaction`` (an implicit one
/// opens on the first change) and becomes visible (in ``presentation()`` and on screen)
/// when that transaction commits. A commit first lays out (``layoutIfNeeded()``) and
/// displays (``displayIfNeeded()``) the changed trees, then copies them into their
/// presentation trees.
///
/// **Properties.** Every declared property (`bounds`, `opacity`, …) is a typed field of the
/// layer's storage; a subclass's ``CAManaged`` properties and any undeclared key set with
/// ``setValue(_:forKey:)`` are kept by key beside them. A property never set reads, in
/// order: the ``style`` dictionary chain (not for `bounds` and `frame`), then the class's
/// ``defaultValue(forKey:)``, so a subclass can change any default by overriding it.
///
/// Apple's `CALayer` is an `NSObject` subclass. Lamina's is a plain open class: Linux has
/// no Objective-C runtime, so `NSObject` would bring neither key-value coding nor dynamic
/// dispatch, only a nonisolated `init()` that clashes with main-actor isolation.
/// Lamina implements key-value coding itself (see ``value(forKey:)``). Subclassing,
/// ``init(layer:)`` and identity comparison (`===`) work as on Apple platforms.
///
/// Inputs Apple raises exceptions for (NaN geometry, cycles, a mask that has a
/// superlayer, an out-of-range index) are ignored with a ``CALayerDiagnostic``.
@MainActor
open class CALayer {
    /// The property values: typed fields for the declared properties, keyed extras.
    var storage = CALayerStorage()
    /// Which properties changed since the last commit (``CALayerProperty/bit``s; the top
    /// bit for keys outside the table).
    var changedProperties: UInt64 = 0
    var storedSublayers: [CALayer] = []
    weak var storedSuperlayer: CALayer?
    var storedMask: CALayer?
    /// For a mask layer: the layer it masks.
    weak var maskOwner: CALayer?

    /// Whether ``setNeedsLayout()`` was called since the last layout.
    var layoutIsNeeded = false
    /// Whether ``setNeedsDisplay()`` was called since the last display.
    var displayIsNeeded = false

    /// This model layer's presentation copy, once committed.
    var presentationCopy: CALayer?
    /// For a presentation copy: its model layer.
    weak var modelLayer: CALayer?
    /// Whether this layer is a presentation copy (its changes are not recorded).
    var isPresentationCopy = false
    /// For a presentation copy: the model values of the last commit, before animations.
    var committedStorage: CALayerStorage?
    /// For a presentation copy: whether animations changed `values` since the commit.
    var hasAnimatedValues = false
    /// For a presentation copy: the `CATransition` being drawn, if any.
    var renderTransition: CARenderTransition?
    /// For a presentation copy: the cross-fade of animated contents, if any.
    var renderContentsCrossFade: CARenderContentsCrossFade?
    /// For the root of a presentation tree: when it was last evaluated.
    var evaluationStamp: PresentationStamp?

    /// The animations attached to this model layer, in the order added.
    var attachedAnimations: [AttachedAnimation] = []
    /// For the root of a displayed tree: the context that displays it.
    weak var renderContext: CARenderContext?

    /// The layer's delegate: provides content, lays out sublayers. Default `nil`.
    ///
    /// Held weakly, as on Apple platforms: keep the delegate alive yourself. See
    /// ``CALayerDelegate`` for how Lamina decides which delegate methods are implemented.
    public weak var delegate: (any CALayerDelegate)?

    /// The object that lays out this layer's sublayers when the delegate does not.
    /// Default `nil`. Held strongly, as on Apple platforms.
    public var layoutManager: (any CALayoutManager)? {
        didSet { setNeedsLayout() }
    }

    /// Creates a layer with Apple's default property values (those of
    /// ``defaultValue(forKey:)``). It does not need display or layout until something
    /// asks: nothing is drawn until ``setNeedsDisplay()`` or ``display()``.
    public init() {
        storage = CALayerPropertyTable.prototype(for: Swift.type(of: self))
    }

    /// Creates a shadow copy of `layer` (a presentation copy); subclasses override it to
    /// copy their own fields, calling `super.init(layer:)`.
    ///
    /// Copies every keyed property (including ``CAManaged`` ones) but not the sublayers,
    /// superlayer, mask or delegate, which the presentation tree links itself. Lamina
    /// calls it once per model layer, when its presentation copy is first made; later
    /// commits update the copy's keyed properties in place, so declare subclass state
    /// that must follow the model on screen with ``CAManaged``. As on Apple platforms,
    /// calling it for anything else is not supported.
    public required init(layer: Any) {
        if let other = layer as? CALayer {
            storage = other.storage
        } else {
            storage = CALayerPropertyTable.prototype(for: Swift.type(of: self))
        }
    }

    /// Records a property change of this layer in the current transaction.
    func didChange() {
        if !isPresentationCopy {
            CATransaction.layerDidChange(self)
        }
    }

    /// The layer's name as stored, for diagnostics.
    var storedName: String? { storage.name }

    // MARK: - Overridable API
    //
    // Open members must be declared in the class body; each forwards to its default
    // implementation in the extension of its concern (Geometry/, Layout/, Content/, …).

    /// Returns the default value of the property `key`: what the property reads before
    /// it is set (when the ``style`` chain has no entry for it either); `nil` if no
    /// default is known.
    ///
    /// `CALayer` answers its own properties with Apple's defaults (e.g. `"opacity"` → 1,
    /// `"shadowOffset"` → `(0, -3)`, `"anchorPoint"` → `(0.5, 0.5)`). Subclasses override
    /// it to change a default or give one to their own properties, calling `super` for
    /// other keys (seed 004: a `SubLayer` answering black for `"backgroundColor"` and 20
    /// for `"cornerRadius"` is a black circle without setting either). Numbers may be
    /// given as any numeric type. Keys use Apple's key-value coding names (`"hidden"`,
    /// `"doubleSided"`, `"geometryFlipped"`, `"opaque"`).
    open class func defaultValue(forKey key: String) -> Any? {
        builtInDefaultValue(forKey: key)
    }

    /// Returns whether a change of the property `key` makes the layer redisplay
    /// (``setNeedsDisplay()``). Default `false`.
    ///
    /// Subclasses override it for their own properties (seed 004: a circle layer returns
    /// `true` for `"progress"` so each change — later also each animation frame —
    /// redraws it) and call `super` for other keys. Apple asks once per class and key;
    /// Lamina caches the answer per class and key the same way, so it must not vary.
    open class func needsDisplay(forKey key: String) -> Bool {
        false
    }

    /// Returns whether `p`, in this layer's own coordinates, is inside its (standardized)
    /// bounds: minimum edges included, maximum edges excluded. Subclasses override it to
    /// give the layer another shape for hit testing.
    open func contains(_ p: CGPoint) -> Bool {
        bounds.standardized.contains(p)
    }

    /// Returns the farthest descendant of this layer (or the layer itself) that contains
    /// `p`, which is in the *superlayer's* coordinates; `nil` if none does.
    ///
    /// Hidden layers and their sublayers are never hit. Sublayers are tested front-most
    /// first: higher ``zPosition`` first, then later siblings before earlier ones. The
    /// point is mapped through the inverse of each layer's transform (3D and perspective
    /// included); a layer whose transform cannot be inverted, or that the point lies
    /// behind, is not hit. With ``masksToBounds`` points outside the bounds hit nothing in
    /// the layer's subtree. Call it on the presentation copy
    /// (`root.presentation()?.hitTest(p)?.model()`) to hit what is on screen.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        defaultHitTest(p)
    }

    /// Marks the layer as needing layout; the next ``layoutIfNeeded()`` (at the latest,
    /// the next commit) calls ``layoutSublayers()``.
    ///
    /// Called automatically when ``bounds`` change and when sublayers are added or
    /// removed. Also tells the ``layoutManager`` (``CALayoutManager/invalidateLayout(of:)``).
    open func setNeedsLayout() {
        defaultSetNeedsLayout()
    }

    /// Lays out the tree now if needed: walks up while superlayers need layout, then lays
    /// out every layer marked as needing it beneath that ancestor, top down.
    open func layoutIfNeeded() {
        defaultLayoutIfNeeded()
    }

    /// Lays out the sublayers. Subclasses override it to set their sublayers' frames.
    ///
    /// The default asks the delegate's ``CALayerDelegate/layoutSublayers(of:)``; if the
    /// delegate does not implement it (or there is none), the ``layoutManager``'s
    /// ``CALayoutManager/layoutSublayers(of:)`` (seed 001: the delegate is asked first, and
    /// when it answers the layout manager is ignored).
    open func layoutSublayers() {
        defaultLayoutSublayers()
    }

    /// Returns the layer's preferred size in its superlayer's coordinates.
    ///
    /// The default asks the ``layoutManager``'s ``CALayoutManager/preferredSize(of:)``;
    /// without one, the size of the bounds mapped through the transform.
    open func preferredFrameSize() -> CGSize {
        defaultPreferredFrameSize()
    }

    /// Marks the layer as needing display: the next ``displayIfNeeded()`` (at the latest,
    /// the next commit) calls ``display()``. Nothing draws until something asks (seed 003).
    open func setNeedsDisplay() {
        displayIsNeeded = true
        didChange()
    }

    /// Marks the region `r` (layer coordinates) as needing display. Lamina redraws the
    /// whole backing store, so this is ``setNeedsDisplay()``; an empty `r` is ignored.
    open func setNeedsDisplay(_ r: CGRect) {
        guard !r.isEmpty else { return }
        setNeedsDisplay()
    }

    /// Returns whether the layer is marked as needing display. A new layer does not.
    open func needsDisplay() -> Bool {
        displayIsNeeded
    }

    /// Displays the layer now if it is marked as needing display (only this layer).
    open func displayIfNeeded() {
        guard displayIsNeeded else { return }
        display()
    }

    /// Reloads the layer's content. Do not call it directly except to force a redraw; a
    /// commit calls it for layers that need display.
    ///
    /// The default (seeds 001, 003, 004): if the delegate implements
    /// ``CALayerDelegate/display(_:)``, that does the whole job. Otherwise the delegate's
    /// ``CALayerDelegate/layerWillDraw(_:)`` is called, a backing store of
    /// `bounds.size × contentsScale` pixels is made, ``draw(in:)`` draws into it through a
    /// pre-flipped context (origin at the bounds origin, top-left, y down, units points),
    /// and the result replaces ``contents``. Subclasses override it to set ``contents``
    /// directly (seed 002's `display` override). Clears ``needsDisplay()``.
    open func display() {
        displayIsNeeded = false
        defaultDisplay()
    }

    /// Returns the value of the property `key`: a declared property (by Apple's
    /// key-value coding name, e.g. `"bounds"`, `"hidden"`; Swift spellings like
    /// `"isHidden"` are accepted too), a ``CAManaged`` property, or any other key set with
    /// ``setValue(_:forKey:)`` (seed 002: a layer is a key-value container, so a delegate
    /// can keep a `"state"` on it without subclassing).
    ///
    /// An unset key reads the ``style`` chain, then ``defaultValue(forKey:)``, then a
    /// managed property's declared initial value; else `nil`. Geometry structs come back
    /// as `CGPoint`, `CGSize`, `CGRect`, ``CATransform3D`` (Apple wraps them in `NSValue`).
    open func value(forKey key: String) -> Any? {
        defaultValueForKey(key)
    }

    /// Sets the property `key` to `value`.
    ///
    /// A declared property is set through its Swift property (same validation and
    /// effects; numbers of any numeric type are converted, a `CGAffineTransform` is
    /// accepted for transforms). A value of the wrong type, or `nil` for a non-optional
    /// property, is refused with a ``CALayerDiagnostic`` (Apple raises an exception). Any
    /// other key is stored on the layer (`nil` stores an explicit nil), copied into
    /// presentation layers, recorded in the transaction and, if
    /// ``needsDisplay(forKey:)`` says so, marks the layer for display.
    open func setValue(_ value: Any?, forKey key: String) {
        defaultSetValue(value, forKey: key)
    }

    /// Returns the value at a dot-separated key path: through sublayer-valued keys
    /// (`"mask.bounds"`), dictionaries (`"style.cornerRadius"`) and Apple's struct
    /// sub-keys: `position.x`, `bounds.size.width`, `bounds.origin`, `transform.rotation.z`,
    /// `transform.scale`, `transform.translation.x`, … (see Apple's "Key-Value Coding
    /// Extensions"). `nil` when the path does not resolve.
    open func value(forKeyPath keyPath: String) -> Any? {
        defaultValueForKeyPath(keyPath)
    }

    /// Sets the value at a dot-separated key path (see ``value(forKeyPath:)``): a struct
    /// sub-key reads the property, changes the component and sets the property back
    /// (`transform.rotation.z` keeps the transform's scale and translation). A path that
    /// does not resolve is refused with a ``CALayerDiagnostic``.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        defaultSetValue(value, forKeyPath: keyPath)
    }

    /// Draws the layer's content into `ctx`, its new backing store. Subclasses override it
    /// to draw (seed 002's `drawInContext:` override, seed 004's progress circle).
    ///
    /// The default calls the delegate's ``CALayerDelegate/draw(_:in:)``. The context is
    /// pre-flipped like iOS's: user space is the layer's bounds (origin at the bounds
    /// origin, top-left, y down, units points) on `bounds × contentsScale` pixels, and
    /// starts transparent. Called by ``display()``; do not call it directly.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: - Actions

    /// Returns the action for `event` (a property key such as `"position"`, or an event
    /// such as `"onOrderIn"`), or nil for none.
    ///
    /// The default searches, in order (seeds 001, 003): the delegate's
    /// ``CALayerDelegate/action(for:forKey:)``, the ``actions`` dictionary, the `"actions"`
    /// dictionary of the ``style`` chain, then the class's ``defaultAction(forKey:)``. A nil
    /// answer goes on to the next place; a null action (`NSNull()` or ``CANullAction``)
    /// ends the search with no action. Lamina calls it when an animatable property of a
    /// layer in a displayed tree changes (see ``CARenderContext``), before the new value is
    /// stored, unless ``CATransaction/disableActions()``.
    open func action(forKey event: String) -> (any CAAction)? {
        defaultActionSearch(forKey: event)
    }

    /// Returns the class's action for `event`, the last place ``action(forKey:)`` looks.
    ///
    /// `CALayer` answers its animatable properties (`position`, `bounds`, `opacity`,
    /// `backgroundColor`, `transform`, `contents`, …) with a `CABasicAnimation` for that key
    /// path using the current transaction's ``CATransaction/animationDuration()`` (0.25 s
    /// by default) and ``CATransaction/animationTimingFunction()`` (`.default` when nil).
    /// Like Apple, `shadowPath` and other path properties have no implicit animation, nor do
    /// `onOrderIn` / `onOrderOut` or a subclass's own properties; override to add them.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        builtInDefaultAction(forKey: event)
    }

    // MARK: - Presentation and model

    /// The presentation copy of this layer: its values as of the last committed
    /// transaction with every attached animation applied at the current media time
    /// (`CACurrentMediaTime()`), or `nil` if the layer has never been committed.
    ///
    /// The copy is of the same class, made with ``init(layer:)`` and kept and updated in
    /// place on every commit. Its ``sublayers``, ``superlayer`` and ``mask`` are
    /// presentation copies too, and its ``hitTest(_:)`` and ``convert(_:from:)`` read
    /// presentation values. Treat it as read-only. Called on a presentation copy,
    /// returns that copy.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard let copy = presentationCopy else { return nil }
        copy.refreshPresentationTree(at: CACurrentMediaTime())
        return copy as? Self
    }

    /// The model layer: on a presentation copy, the layer it presents; on a model layer,
    /// the layer itself.
    ///
    /// If the model layer no longer exists, the presentation copy returns itself.
    public func model() -> Self {
        if isPresentationCopy, let model = modelLayer as? Self { return model }
        return self
    }
}
