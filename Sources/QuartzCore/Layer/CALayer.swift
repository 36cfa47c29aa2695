import Foundation

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
open class CALayer {
    /// The media time ``presentation()`` answers at on this thread while a frame or event
    /// is handled (see ``CARenderContext/withPresentationTime(_:_:)``); nil: the current time.
    static let pinnedPresentationTime = ThreadLocal<CFTimeInterval?>({ nil })

    /// The property values: typed fields for the declared properties, keyed extras.
    ///
    /// Read and written for every property access and every layer a commit or snapshot
    /// visits, so without the dynamic exclusivity check: its accesses never overlap (each
    /// change is one statement, and the observer touches only the tree revision).
    @exclusivity(unchecked) final var storage = CALayerStorage() {
        didSet { bumpTreeRevision() }
    }
    /// Which properties changed since the last commit (``CALayerProperty/bit``s; the top
    /// bit for keys outside the table).
    final var changedProperties: UInt64 = 0
    final var storedSublayers: [CALayer] = [] {
        didSet {
            bumpTreeRevision()
            hitTestIndex?.releaseSublayers()
        }
    }
    /// Unowned, not weak, here and in the other links back up a tree (mask owner, model
    /// layer): a weak reference gives its target a side table, which makes every retain and
    /// release of it several times slower. The target's `deinit` clears each such link to it
    /// instead (see `LinksToLayer`), under the tree lock. Links another thread may follow
    /// while the target goes away (an animation's layer, the registry of animated layers)
    /// go through the layer's ``link``, which its `deinit` clears under the same lock.
    final var storedSuperlayer: CALayer? {
        get { superlayerLink?.takeUnretainedValue() }
        set {
            // Its old tree changed; so does the one it joins (found anew: the hierarchy moved).
            bumpTreeRevision()
            superlayerLink = newValue.map(Unmanaged.passUnretained)
            CALayer.hierarchyDidChange()
            bumpTreeRevision()
            superlayerChanged = true
        }
    }
    /// The links themselves, compared without retaining what they point to.
    fileprivate final var superlayerLink: Unmanaged<CALayer>?
    fileprivate final var maskOwnerLink: Unmanaged<CALayer>?
    fileprivate final var modelLink: Unmanaged<CALayer>?
    final var storedMask: CALayer? {
        didSet { bumpTreeRevision() }
    }
    /// Hit-testing cache, valid while its stamps equal its tree's ``treeRevision`` (which
    /// the observers above bump on every change of the store or the tree); see HitTestIndex.
    final var hitTestIndex: HitTestIndex?
    /// The revision of this layer's tree as last found, and the hierarchy epoch it was
    /// found in (see ``treeRevision``).
    final var treeRevisionCache: TreeRevision?
    final var treeRevisionEpoch: UInt64 = .max
    /// For a mask layer: the layer it masks.
    final var maskOwner: CALayer? {
        get { maskOwnerLink?.takeUnretainedValue() }
        set {
            bumpTreeRevision()
            maskOwnerLink = newValue.map(Unmanaged.passUnretained)
            CALayer.hierarchyDidChange()
            bumpTreeRevision()
            superlayerChanged = true
        }
    }

    /// Whether ``setNeedsLayout()`` was called since the last layout.
    final var layoutIsNeeded = false
    /// Whether the transaction state that records this layer (``recorderID``) has it in
    /// its list of changed layers.
    final var isRecordedAsChanged = false
    /// The thread transaction state that records this layer's changes, layout and display
    /// (`TransactionState.id`); 0 when none has since its last commit.
    final var recorderID: UInt64 = 0
    /// The thread transaction state that last recorded this layer (0: none yet): its thread
    /// owns the layer and advances its animations.
    final var ownerID: UInt64 = 0
    /// Whether another thread's commit changed this layer of a displayed tree and the main
    /// thread has not shown it yet (it brings the presentation up to date).
    final var awaitsMainThreadCommit = false
    /// The main thread's implicit transaction that last walked up from this layer to find
    /// its tree's context (`TransactionState.implicitCommitSerial`); 0: none yet.
    final var implicitCommitStamp: UInt64 = 0
    /// Whether the sublayers or the mask changed since the last commit.
    final var sublayersChanged = false
    /// Whether the superlayer or mask owner changed since the last commit.
    final var superlayerChanged = false
    /// Whether ``setNeedsDisplay()`` was called since the last display.
    final var displayIsNeeded = false
    /// Whether the default ``display()`` made the contents (a backing store or the delegate's
    /// `display(_:)`): such layers are drawn again when their display's scale changes.
    final var displaysOwnContents = false
    /// The bitmap ``display()`` last drew with ``draw(in:)``: while it is the contents, the
    /// renderer shows it as drawn in the layer's space, not turned upright as an image.
    final weak var backingStore: CGImage?

    /// This model layer's presentation copy, once committed.
    final var presentationCopy: CALayer?
    /// For a presentation copy: its model layer (cleared when the model layer goes).
    final var modelLayer: CALayer? {
        get { modelLink?.takeUnretainedValue() }
        set { modelLink = newValue.map(Unmanaged.passUnretained) }
    }
    /// For a presentation copy: whether its model layer is still there (its `deinit` clears
    /// the link under the tree lock; read under that lock, without following the link).
    final var hasModelLayer: Bool { modelLink != nil }
    /// For a presentation copy: its model layer's identity (for snapshots, without a weak load).
    final var modelIdentifier: ObjectIdentifier?
    /// Whether this layer is a presentation copy (its changes are not recorded).
    final var isPresentationCopy = false
    /// For a presentation copy with animations: the model values of the last commit,
    /// before animations (boxed: most layers never need it).
    final var committedStorageBox: CALayerStorageBox?
    /// For a presentation copy: whether animations changed `values` since the commit.
    final var hasAnimatedValues = false
    /// For a presentation copy: the `CATransition` being drawn, if any.
    final var renderTransition: CARenderTransition?
    /// For a presentation copy: the cross-fade of animated contents, if any.
    final var renderContentsCrossFade: CARenderContentsCrossFade?
    /// For a presentation copy: its last snapshot for the compositor and what changed
    /// since (see `CALayer+Snapshot.swift`). Read and written only under the tree lock, one
    /// statement at a time, for every changed layer and its ancestors: without the dynamic
    /// exclusivity check.
    @exclusivity(unchecked) final var renderCache = RenderSnapshotCache()
    /// For the root of a presentation tree: when it was last evaluated.
    final var evaluationStamp: PresentationStamp?

    /// The animations attached to this model layer, in the order added.
    final var attachedAnimations: [AttachedAnimation] = [] {
        didSet { if !attachedAnimations.isEmpty { CALayer.noteAnimated(self) } }
    }
    /// The link animations and the registry of animated layers follow to this layer, made on
    /// first use (see ``link``).
    private final var ownLink: LayerLink?
    /// The link animations and the registry of animated layers follow to this layer; its
    /// `deinit` clears it.
    final var link: LayerLink {
        CALayer.treeLock.withLock {
            if let ownLink { return ownLink }
            let made = LayerLink(self)
            ownLink = made
            return made
        }
    }
    /// Whether ``animatedModels`` lists this layer.
    final var isListedAsAnimated = false
    /// For the root of a displayed tree: the context that displays it.
    weak var renderContext: CARenderContext?

    /// The layer's delegate: provides content, lays out sublayers. Default `nil`.
    ///
    /// Held weakly, as on Apple platforms: keep the delegate alive yourself. See
    /// ``CALayerDelegate`` for how Lamina decides which delegate methods are implemented.
    open weak var delegate: (any CALayerDelegate)?

    /// The object that lays out this layer's sublayers when the delegate does not.
    /// Default `nil`. Held strongly, as on Apple platforms.
    open var layoutManager: (any CALayoutManager)? {
        didSet { setNeedsLayout() }
    }

    /// Whether snapshots of this class read `CALayer`'s properties from storage directly:
    /// true for Lamina's own classes, whose getters answer from storage; a subclass an app
    /// declares (which cannot see this) may override getters, so its values are read
    /// through them.
    class var snapshotsReadStorage: Bool { self == CALayer.self }

    /// Creates a layer with Apple's default property values (those of
    /// ``defaultValue(forKey:)``). It does not need display or layout until something
    /// asks: nothing is drawn until ``setNeedsDisplay()`` or ``display()``.
    public init() {
        storage = CALayerPropertyTable.prototype(for: Swift.type(of: self))
    }

    /// Whether `object` is equal to this layer (`NSObject`'s `isEqual(_:)`, which Apple's
    /// layers inherit): by identity, so two layers with the same property values differ.
    /// `==`, sets and dictionaries use it with ``hash``. A subclass may override it, and must
    /// then override ``hash`` so that equal objects hash alike, as Apple requires. False for
    /// `nil` and for anything that is not a `CALayer`.
    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CALayer else { return false }
        return other === self
    }

    /// The hash of this layer (`NSObject`'s `hash`): its identity's, matching
    /// ``isEqual(_:)``. Override it with `isEqual(_:)`.
    open var hash: Int { ObjectIdentifier(self).hashValue }

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

    /// Returns `nil`: Lamina cannot decode archived layers (Linux has no nib or storyboard
    /// archives of layers).
    ///
    /// Declared so that subclasses written for Apple platforms compile unchanged, whether
    /// they write `required init?(coder: NSCoder) { fatalError("…") }` or call
    /// `super.init(coder: coder)`. As on Apple platforms, a subclass that declares an
    /// initializer of its own must also declare this one.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Clears the links other layers hold to this one, on the thread that let it go, under
    /// the tree lock. Not an isolated deinit, so subclasses can declare a plain `deinit` as
    /// on Apple platforms.
    deinit {
        // Under the tree lock: another thread may be reading the links (a presentation copy's
        // link to its model while it hit-tests) or the registry of animated layers.
        CALayer.treeLock.withLock {
            // The stored properties first: using `self` as a whole ends access to them here.
            let (sublayers, mask, copy) = (storedSublayers, storedMask, presentationCopy)
            let isListed = isListedAsAnimated
            ownLink?.clear()
            LinksToLayer(
                layer: UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), id: ObjectIdentifier(self),
                sublayers: sublayers, mask: mask, copy: copy, isListedAsAnimated: isListed
            ).clear()
        }
        // Its animations stop now: no frame of a tree it is no longer in would stop them.
        if !attachedAnimations.isEmpty { stopAnimationsAsItGoes() }
    }

    /// Stops the animations of a layer going away (unfinished; delegates are told at the next
    /// commit or frame). Out of line: a released tree runs one `deinit` per level, nested, so
    /// the frame of `deinit` must stay small (a tree 10,000 deep is released on one stack).
    @inline(never)
    private final func stopAnimationsAsItGoes() {
        for animation in attachedAnimations { AnimationEngine.removed(animation) }
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

    /// Whether the value of `key` would be archived (Apple's `NSCoding` support). Default
    /// true for every key. Lamina does not archive layers (``init(coder:)`` returns nil);
    /// subclasses may answer.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Returns the default value of the property `key`: what the property reads before
    /// it is set (when the ``style`` chain has no entry for it either); `nil` if no
    /// default is known.
    ///
    /// `CALayer` answers its own properties with Apple's defaults (e.g. `"opacity"` → 1,
    /// `"shadowOffset"` → `(0, -3)`, `"anchorPoint"` → `(0.5, 0.5)`). Subclasses override
    /// it to change a default or give one to their own properties, calling `super` for
    /// other keys (a `SubLayer` answering black for `"backgroundColor"` and 20
    /// for `"cornerRadius"` is a black circle without setting either). Numbers may be
    /// given as any numeric type. Keys use Apple's key-value coding names (`"hidden"`,
    /// `"doubleSided"`, `"geometryFlipped"`, `"opaque"`).
    open class func defaultValue(forKey key: String) -> Any? {
        builtInDefaultValue(forKey: key)
    }

    /// Returns whether a change of the property `key` makes the layer redisplay
    /// (``setNeedsDisplay()``). Default `false`.
    ///
    /// Subclasses override it for their own properties (a circle layer returns
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
    /// ``CALayoutManager/layoutSublayers(of:)`` (the delegate is asked first, and when it
    /// answers the layout manager is ignored).
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

    /// Tells the sublayers that this layer's bounds size changed from `size`.
    ///
    /// Called when the size of ``bounds`` changes (before the layout that change asks for);
    /// the default calls ``resize(withOldSuperlayerSize:)`` on each sublayer.
    open func resizeSublayers(withOldSize size: CGSize) {
        defaultResizeSublayers(withOldSize: size)
    }

    /// Tells the layer that its superlayer's bounds size changed from `size`; the default
    /// adjusts ``frame`` to the superlayer's new bounds as ``autoresizingMask`` says.
    ///
    /// Along each axis, the change of the superlayer's size is shared evenly among the
    /// flexible parts the mask names — the margin at the minimum edge, the size, the margin
    /// at the maximum edge — as AppKit documents it (width and right margin flexible, 10
    /// points wider: each grows by 5); the other parts keep their lengths. An axis with no
    /// flexible part is left alone; a size never shrinks below zero (the minimum margin
    /// still moves by its share).
    open func resize(withOldSuperlayerSize size: CGSize) {
        defaultResize(withOldSuperlayerSize: size)
    }

    /// Marks the layer as needing display: the next ``displayIfNeeded()`` (at the latest,
    /// the next commit) calls ``display()``. Nothing draws until something asks.
    ///
    /// Called while the layer itself displays (from ``draw(in:)``, or by a property it sets
    /// there), the mark is for the next commit, whatever brings it: the layer draws once per
    /// commit, not again and again in the commit under way.
    open func setNeedsDisplay() {
        if isPresentationCopy { displayIsNeeded = true } else { CATransaction.markNeedsDisplay(self) }
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

    /// Displays the layer now if it is marked as needing display (only this layer). The mark
    /// is cleared before ``display()`` is called, so a subclass whose override does not call
    /// `super` is displayed again the next time it is marked.
    open func displayIfNeeded() {
        let needed = CALayer.treeLock.withLock {
            defer { displayIsNeeded = false }
            return displayIsNeeded
        }
        if needed { display() }
    }

    /// Reloads the layer's content. Do not call it directly except to force a redraw; a
    /// commit calls it for layers that need display.
    ///
    /// The default: if the delegate implements
    /// ``CALayerDelegate/display(_:)``, that does the whole job. Otherwise the delegate's
    /// ``CALayerDelegate/layerWillDraw(_:)`` is called, a backing store of
    /// `bounds.size × contentsScale` pixels is made, ``draw(in:)`` draws into it through a
    /// pre-flipped context (origin at the bounds origin, top-left, y down, units points;
    /// y-up instead when the layer's own ``isGeometryFlipped`` is set), and the result replaces
    /// ``contents``. Subclasses override it to set ``contents`` directly. Clears
    /// ``needsDisplay()``.
    open func display() {
        displayIsNeeded = false
        defaultDisplay()
    }

    /// Renders the layer and its sublayers into the specified context.
    ///
    /// Renders directly from the layer tree — the model values, ignoring any animations —
    /// in the coordinate space of the layer: a point of the layer's bounds is drawn at that
    /// point of the context's user space, so the context's current transform places the
    /// result, and the layer's own `position`, `anchorPoint` and `transform` do not apply.
    /// Everything the window would draw is drawn (opacity, backgrounds, borders, rounded
    /// corners, contents, shadows, masks, sublayer transforms, the layer subclasses) except 3D
    /// transforms: as on Apple platforms, a `transform` or `sublayerTransform` that is not
    /// affine but for rounding (a turn about x or y, perspective; see
    /// ``CATransform3DIsAffine(_:)``) is drawn as the identity, so such layers come out flat.
    /// The context's clip and alpha apply. Layers of the tree that need layout or display are
    /// laid out and displayed first. In a bitmap context, whose y axis points up, the
    /// result is upside down unless the CTM is flipped first — as on iOS, whose layers are
    /// y-down too. Contents images drawn larger than their pixels with the linear
    /// ``magnificationFilter`` come out sharper than in a window, as Apple's `render(in:)`
    /// draws them: between the two nearest pixels, the position is eased toward the nearer.
    /// A `masksToBounds` clip is a coverage mask, as Core Graphics clips: where a shape's
    /// edge and the clip's edge share a pixel, the pixel gets the product of the two
    /// coverages.
    open func render(in ctx: CGContext) {
        defaultRender(in: ctx)
    }

    /// Returns the value of the property `key`: a declared property (by Apple's
    /// key-value coding name, e.g. `"bounds"`, `"hidden"`; Swift spellings like
    /// `"isHidden"` are accepted too), a ``CAManaged`` property, or any other key set with
    /// ``setValue(_:forKey:)`` (a layer is a key-value container, so a delegate
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
    /// to draw.
    ///
    /// The default calls the delegate's ``CALayerDelegate/draw(_:in:)``. The context is
    /// pre-flipped like iOS's: user space is the layer's bounds (origin at the bounds
    /// origin, top-left, y down, units points) on `bounds × contentsScale` pixels, and
    /// starts transparent. When the layer's own ``isGeometryFlipped`` is set, the space is
    /// y-up instead, origin at the bottom-left, as Core Graphics' native one. Either way
    /// what is drawn at a point appears at that point of the layer's space on screen, and
    /// ``contentsAreFlipped()`` says whether that space is y-down there. Called by
    /// ``display()``; do not call it directly.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: - Actions

    /// Returns the action for `event` (a property key such as `"position"`, or an event
    /// such as `"onOrderIn"`), or nil for none.
    ///
    /// The default searches, in order: the delegate's
    /// ``CALayerDelegate/action(for:forKey:)``, the ``actions`` dictionary, the `"actions"`
    /// dictionary of the ``style`` chain, then the class's ``defaultAction(forKey:)``. A nil
    /// answer goes on to the next place; a null action (`NSNull()` or ``CANullAction``)
    /// ends the search with no action. When none of them offers an action it returns nil,
    /// for `CALayer`'s animatable properties too, as Apple's does.
    ///
    /// Lamina asks it when a property of a committed layer in a displayed tree changes (see
    /// ``CARenderContext``), before the new value is stored, unless
    /// ``CATransaction/disableActions()``, and runs the action it returns. When this search
    /// finds nothing for an animatable property (`position`, `bounds`, `opacity`,
    /// `backgroundColor`, `transform`, `contents`, …, and those of `CAShapeLayer`,
    /// `CAGradientLayer`, `CATextLayer`, `CAReplicatorLayer`, `CAEmitterLayer`), Lamina
    /// runs the implicit animation instead: a `CABasicAnimation` of the key path over the
    /// transaction's ``CATransaction/animationDuration()`` (0.25 s by default) with its
    /// ``CATransaction/animationTimingFunction()`` (`.default` when nil), from the value on
    /// screen. A null action, or an override that answers nil without calling `super`,
    /// means no animation. Like Apple, `shadowPath` has no implicit animation, nor do
    /// `onOrderIn`, `onOrderOut` or a subclass's own properties.
    open func action(forKey event: String) -> (any CAAction)? {
        defaultActionSearch(forKey: event)
    }

    /// Returns the class's action for `event`, the last place ``action(forKey:)`` looks.
    ///
    /// The default returns nil, as Apple's does for the layer classes' own properties: their
    /// implicit animations are made once the search comes back empty (see
    /// ``action(forKey:)``). Override to give a key an action for every layer of the class.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    /// Whether a change of `key` that finds no action runs the implicit animation:
    /// `CALayer`'s animatable properties, without `shadowPath` (as Apple's). Declared here
    /// so the layer classes with animatable properties of their own can add them.
    class func animatesImplicitly(_ key: String) -> Bool {
        CALayerPropertyTable.animatableKeys.contains(key)
    }

    // MARK: - Geometry
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+Geometry.swift.

    /// The layer's own coordinate space: its origin and size. Default `.zero`. Animatable.
    ///
    /// The bounds origin shifts the space sublayers are positioned in (and what
    /// ``draw(in:)`` draws at the top-left). A negative width or height is kept as given
    /// (as on Apple platforms); drawing, hit testing and ``frame`` use the standardized
    /// rectangle. Changing it marks the layer as needing layout, and — with
    /// ``needsDisplayOnBoundsChange`` — display. NaN or infinite values are refused with a
    /// ``CALayerDiagnostic``. Never read from the ``style`` dictionary.
    open var bounds: CGRect {
        get { read(.bounds, storage.bounds) }
        set {
            guard checkFinite("bounds", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            let old = bounds
            let pending = isPresentationCopy ? nil : actionForChange(of: .bounds, to: newValue)
            CALayer.treeLock.withLock {
                storage.bounds = newValue
                storage.explicitlySet |= CALayerProperty.bounds.bit
            }
            boundsDidChange(from: old)
            propertyDidChange(.bounds)
            if let pending { runAction(pending.action, forKey: "bounds", previous: pending.previous) }
        }
    }

    /// Where the layer's anchor point sits in its superlayer's coordinates. Default `.zero`. Animatable.
    /// NaN or infinite values are refused with a diagnostic.
    open var position: CGPoint {
        get { read(.position, storage.position) }
        set {
            guard checkFinite("position", "\(newValue)", newValue.x, newValue.y) else { return }
            write(.position, \.position, newValue)
        }
    }

    /// The point, in unit coordinates of the bounds, that ``position`` refers to and that
    /// transforms pivot around. Default `(0.5, 0.5)`, the centre. Animatable.
    ///
    /// Values outside the unit square are allowed (the anchor lies outside the layer).
    /// NaN or infinite values are refused with a diagnostic.
    open var anchorPoint: CGPoint {
        get { read(.anchorPoint, storage.anchorPoint) }
        set {
            guard checkFinite("anchorPoint", "\(newValue)", newValue.x, newValue.y) else { return }
            write(.anchorPoint, \.anchorPoint, newValue)
        }
    }

    /// The anchor point's z coordinate: transforms pivot around `z = anchorPointZ`.
    /// Default 0. Animatable. Non-finite values are refused with a diagnostic.
    open var anchorPointZ: CGFloat {
        get { read(.anchorPointZ, storage.anchorPointZ) }
        set {
            guard checkFinite("anchorPointZ", "\(newValue)", newValue) else { return }
            write(.anchorPointZ, \.anchorPointZ, newValue)
        }
    }

    /// The layer's position on the z axis: sublayers with a higher `zPosition` are drawn
    /// above (and hit before) their siblings; under a perspective ``sublayerTransform`` it
    /// also brings the layer closer. Default 0. Animatable. Non-finite values are refused.
    open var zPosition: CGFloat {
        get { read(.zPosition, storage.zPosition) }
        set {
            guard checkFinite("zPosition", "\(newValue)", newValue) else { return }
            write(.zPosition, \.zPosition, newValue)
        }
    }

    /// The transform applied to the layer, around its anchor point.
    /// Default ``CATransform3DIdentity``. Animatable.
    ///
    /// 3D transforms (rotations about x or y, perspective in `m34`) are honoured by
    /// ``frame``, conversion, hit testing and ``isDoubleSided``: the layer is flattened
    /// into its superlayer's plane, as Core Animation does. Non-finite entries are refused.
    open var transform: CATransform3D {
        get { read(.transform, storage.transform) }
        set {
            guard checkFinite("transform", "\(newValue)", newValue.m11, newValue.m12, newValue.m13, newValue.m14,
                newValue.m21, newValue.m22, newValue.m23, newValue.m24, newValue.m31, newValue.m32,
                newValue.m33, newValue.m34, newValue.m41, newValue.m42, newValue.m43, newValue.m44)
            else { return }
            write(.transform, \.transform, newValue)
        }
    }

    /// The transform applied to the sublayers (not the layer itself), around this layer's
    /// anchor point; typically a perspective (`m34 = -1 / distance`).
    /// Default ``CATransform3DIdentity``. Animatable. Non-finite entries are refused.
    open var sublayerTransform: CATransform3D {
        get { read(.sublayerTransform, storage.sublayerTransform) }
        set {
            guard checkFinite("sublayerTransform", "\(newValue)", newValue.m11, newValue.m12, newValue.m13,
                newValue.m14, newValue.m21, newValue.m22, newValue.m23, newValue.m24, newValue.m31,
                newValue.m32, newValue.m33, newValue.m34, newValue.m41, newValue.m42, newValue.m43, newValue.m44)
            else { return }
            write(.sublayerTransform, \.sublayerTransform, newValue)
        }
    }

    /// Whether the geometry of the sublayers is flipped vertically: with `true`, sublayer
    /// positions are measured from the bottom of the bounds upwards. Default `false`.
    ///
    /// As on Apple platforms it does not flip contents images: an image in ``contents``
    /// shows upright on screen whatever the flips of the layer and its superlayers (assuming
    /// no transform turns it over). It does swap the meaning of top and bottom in
    /// ``contentsGravity`` and makes ``draw(in:)``'s context y-up (see ``contentsAreFlipped()``).
    open var isGeometryFlipped: Bool {
        get { read(.geometryFlipped, storage.geometryFlipped) }
        set { write(.geometryFlipped, \.geometryFlipped, newValue) }
    }

    /// How the layer is resized when the bounds of its superlayer change. Default empty
    /// (Apple's `kCALayerNotSizable`): the layer keeps its frame.
    ///
    /// Applied by ``resize(withOldSuperlayerSize:)`` whenever the superlayer's bounds size
    /// changes (a window's root layer follows the window, so a scene can follow its window
    /// without layout code). See ``CAAutoresizingMask`` for what each bit makes flexible.
    open var autoresizingMask: CAAutoresizingMask {
        get { read(.autoresizingMask, storage.autoresizingMask) }
        set { write(.autoresizingMask, \.autoresizingMask, newValue) }
    }

    /// Returns the layer's transform as an affine transform (its affine part).
    open func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets the layer's transform to the affine transform `m`.
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The layer's rectangle in its superlayer's coordinates.
    ///
    /// Getting it gives the bounding box of the (standardized) bounds mapped through the
    /// anchor point, ``transform`` and ``position``; with the identity transform
    /// `origin = position − anchorPoint × bounds.size`.
    ///
    /// Setting it (a negative size is standardized first) changes ``position`` and the
    /// size of ``bounds``, never ``transform`` or `bounds.origin`:
    /// - identity transform: `bounds.size = frame.size`,
    ///   `position = frame.origin + anchorPoint × frame.size`;
    /// - a transform that keeps rectangles axis-aligned (scales, flips, quarter turns):
    ///   the bounds size whose transformed box has the frame's size, then `position`
    ///   moved so the box lands on the frame — reading `frame` back gives what was set;
    /// - any other transform (free rotation, skew, perspective), for which no bounds size
    ///   can produce an arbitrary box: the bounds size is kept and only ``position``
    ///   moves, centring the layer's box on the frame's centre. Apple leaves this case
    ///   undefined; Lamina keeps the shape the app gave (bounds and transform) and honours
    ///   where it asked for it.
    ///
    /// NaN or infinite frames are refused with a diagnostic. Never read from ``style``.
    open var frame: CGRect {
        get {
            let box = CAProjectiveTransform(flattening: localTransform).boundingBox(of: bounds)
            return box ?? .zero
        }
        set { setFrame(newValue) }
    }

    // MARK: - Appearance and contents
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+Appearance.swift.

    /// The layer's name, for finding it and for debugging. Default `nil`.
    open var name: String? {
        get { read(.name, storage.name) }
        set { write(.name, \.name, newValue) }
    }

    /// The colour filling the layer's bounds (rounded by ``cornerRadius``), behind its
    /// contents. Default `nil` (none). Animatable.
    ///
    /// A pattern colour (`CGColor(patternSpace:pattern:components:)`, what
    /// `UIColor(patternImage:).cgColor` is on Apple platforms) tiles its cell over the
    /// background, its pattern space mapped into the layer's coordinate space (points, y down
    /// from the origin of the bounds' coordinates): moving the bounds' origin scrolls the
    /// pattern with the sublayers. An animation to or from a pattern colour switches halfway.
    open var backgroundColor: CGColor? {
        get { read(.backgroundColor, storage.backgroundColor) }
        set { write(.backgroundColor, \.backgroundColor, newValue) }
    }

    /// The layer's opacity, multiplied into its contents, background, border, shadow and
    /// sublayers. Default 1. Animatable. Values are clamped to `0...1`; NaN becomes 0.
    open var opacity: Float {
        get { read(.opacity, storage.opacity) }
        set { write(.opacity, \.opacity, newValue.isNaN ? 0 : min(max(newValue, 0), 1)) }
    }

    /// Whether the layer and its sublayers are hidden: not drawn and never hit.
    /// Default `false`. Animatable. Key-value coding key `"hidden"`.
    open var isHidden: Bool {
        get { read(.hidden, storage.hidden) }
        set { write(.hidden, \.hidden, newValue) }
    }

    /// Whether the contents and sublayers are clipped to the bounds, rounded by
    /// ``cornerRadius`` (hit testing too). Default `false`. Animatable.
    open var masksToBounds: Bool {
        get { read(.masksToBounds, storage.masksToBounds) }
        set { write(.masksToBounds, \.masksToBounds, newValue) }
    }

    /// Whether the layer is drawn when it faces away from the viewer (turned past 90°
    /// about the x or y axis, or mirrored). Default `true`. Animatable. Key-value coding key
    /// `"doubleSided"`.
    open var isDoubleSided: Bool {
        get { read(.doubleSided, storage.doubleSided) }
        set { write(.doubleSided, \.doubleSided, newValue) }
    }

    /// The radius of the rounded corners of the background and border; with
    /// ``masksToBounds`` also of the clip. Default 0. Animatable. Contents are not rounded unless
    /// ``masksToBounds`` is set. Negative values draw square corners; NaN and infinity
    /// are refused.
    open var cornerRadius: CGFloat {
        get { read(.cornerRadius, storage.cornerRadius) }
        set {
            guard checkFinite("cornerRadius", "\(newValue)", newValue) else { return }
            write(.cornerRadius, \.cornerRadius, newValue)
        }
    }

    /// Which corners ``cornerRadius`` rounds. Default all four.
    open var maskedCorners: CACornerMask {
        get { read(.maskedCorners, storage.maskedCorners) }
        set { write(.maskedCorners, \.maskedCorners, newValue) }
    }

    /// The curve of the rounded corners. Default ``CALayerCornerCurve/circular``.
    ///
    /// ``CALayerCornerCurve/continuous`` corners leave the edges about 1.53 radii from each
    /// corner; where a side is too short for that, they are drawn circular.
    open var cornerCurve: CALayerCornerCurve {
        get { read(.cornerCurve, storage.cornerCurve) }
        set { write(.cornerCurve, \.cornerCurve, newValue) }
    }

    /// The pixel format of the backing store ``display()`` draws into. Default
    /// ``CALayerContentsFormat/RGBA8Uint``.
    ///
    /// Accepted with Apple's values and kept; Lamina's backing stores hold 8-bit components in
    /// sRGB whatever the format (see ``CALayerContentsFormat``).
    open var contentsFormat: CALayerContentsFormat {
        get { read(.contentsFormat, storage.contentsFormat) }
        set { write(.contentsFormat, \.contentsFormat, newValue) }
    }

    /// The width of the border drawn inside the bounds, above the contents and sublayers.
    /// Default 0 (no border). Animatable. NaN and infinity are refused.
    open var borderWidth: CGFloat {
        get { read(.borderWidth, storage.borderWidth) }
        set {
            guard checkFinite("borderWidth", "\(newValue)", newValue) else { return }
            write(.borderWidth, \.borderWidth, newValue)
        }
    }

    /// The colour of the border. Default opaque black. Animatable. A pattern colour tiles over
    /// the border as over a background (``backgroundColor``).
    open var borderColor: CGColor? {
        get { read(.borderColor, storage.borderColor) }
        set { write(.borderColor, \.borderColor, newValue) }
    }

    /// The opacity of the layer's shadow, `0...1`. Default 0 (no shadow). Animatable. Values are
    /// clamped; NaN becomes 0.
    open var shadowOpacity: Float {
        get { read(.shadowOpacity, storage.shadowOpacity) }
        set { write(.shadowOpacity, \.shadowOpacity, newValue.isNaN ? 0 : min(max(newValue, 0), 1)) }
    }

    /// The blur radius of the shadow, in points. Default 3. Animatable. NaN and infinity are refused;
    /// negative values draw an unblurred shadow.
    open var shadowRadius: CGFloat {
        get { read(.shadowRadius, storage.shadowRadius) }
        set {
            guard checkFinite("shadowRadius", "\(newValue)", newValue) else { return }
            write(.shadowRadius, \.shadowRadius, newValue)
        }
    }

    /// The offset of the shadow, in the layer's coordinates. Default `(0, -3)`: as on
    /// iOS's y-down layers, the default shadow falls 3 points *above* the layer. Animatable.
    /// NaN and infinity are refused.
    open var shadowOffset: CGSize {
        get { read(.shadowOffset, storage.shadowOffset) }
        set {
            guard checkFinite("shadowOffset", "\(newValue)", newValue.width, newValue.height) else { return }
            write(.shadowOffset, \.shadowOffset, newValue)
        }
    }

    /// The colour of the shadow. Default opaque black. Animatable.
    open var shadowColor: CGColor? {
        get { read(.shadowColor, storage.shadowColor) }
        set { write(.shadowColor, \.shadowColor, newValue) }
    }

    /// The outline of the shadow, in layer coordinates, filled with the non-zero winding
    /// rule; `nil` (the default) uses the layer's composited alpha. The path is copied on
    /// assignment and is not clipped to the bounds. Giving a path is also faster.
    /// Animatable by explicit animations only: as on Apple platforms, setting it runs no
    /// implicit animation.
    open var shadowPath: CGPath? {
        get { read(.shadowPath, storage.shadowPath) }
        set { write(.shadowPath, \.shadowPath, newValue?.copy()) }
    }

    /// Core Image filters (`CIFilter`) applied, in order, to the layer and its sublayers
    /// drawn as one image, before it is composited. Default `nil`.
    ///
    /// The filters are copied when set: change one afterwards by the layer's key path
    /// `filters.<name>.<inputKey>` (its `CIFilter.name`, e.g. `filters.blur.inputRadius`),
    /// which is also animatable with a `CABasicAnimation`. A blur grows the area the
    /// layer draws into by its reach. Elements that are not filters are kept but ignored.
    open var filters: [Any]? {
        get { read(.filters, storage.filters) }
        set { write(.filters, \.filters, newValue.map(CALayer.copyingFilters)) }
    }

    /// Core Image filters applied, in order, to what lies behind the layer within its
    /// bounds (clipped by its rounded corners) before the layer is drawn over it: a blur
    /// here frosts what shows through a translucent layer. Default `nil`.
    ///
    /// Copied when set, and changed or animated by key path as ``filters``. The root layer
    /// has nothing behind it and ignores them. Lamina: what lies behind is blurred within
    /// the bounds only (pixels beyond the edges count as the edge's pixels), and from what
    /// is drawn into the same group (a superlayer drawn as a group — a mask, group opacity
    /// — hides what is outside it).
    open var backgroundFilters: [Any]? {
        get { read(.backgroundFilters, storage.backgroundFilters) }
        set { write(.backgroundFilters, \.backgroundFilters, newValue.map(CALayer.copyingFilters)) }
    }

    /// A Core Image compositing filter (`CIMultiplyBlendMode`, `CIScreenBlendMode`, …)
    /// choosing how the layer, with its sublayers, is combined with what is behind it.
    /// Default `nil`: source over.
    ///
    /// A filter is copied when set; change its inputs by key path
    /// (`compositingFilter.<inputKey>`). Strings Apple code passes are accepted too: the name
    /// of a blend mode filter without its `CI` prefix (`"multiplyBlendMode"`), and Core
    /// Animation's own filter names (`"xor"`, `"sourceIn"`, `"destOut"`, `"plusL"`,
    /// `"multiply"`, …). The non-separable modes as strings (`"hueBlendMode"`,
    /// `"saturationBlendMode"`, `"colorBlendMode"`, `"luminosityBlendMode"`) are not Core
    /// Animation filters and composite source over, as on Apple platforms; give those modes as
    /// `CIFilter` objects. As on Apple platforms, a layer's compositing filter is ignored while
    /// it is another layer's ``mask``.
    open var compositingFilter: Any? {
        get { read(.compositingFilter, storage.compositingFilter) }
        set { write(.compositingFilter, \.compositingFilter, CALayer.copyingFilter(newValue)) }
    }

    /// The layer's contents: a `CGImage` drawn into the bounds according to
    /// ``contentsGravity``, ``contentsRect`` and ``contentsCenter``. Default `nil`. Animatable.
    ///
    /// Setting it makes the layer use the image instead of a backing store; ``display()``
    /// replaces it with a freshly drawn backing store. Values of other types are kept but
    /// not drawn.
    open var contents: Any? {
        get { read(.contents, storage.contents) }
        set { write(.contents, \.contents, newValue) }
    }

    /// The part of the contents image drawn, in unit coordinates of the image.
    /// Default `(0, 0, 1, 1)`, the whole image. Animatable. Outside the unit square the edge pixels
    /// extend outwards. NaN and infinity are refused.
    open var contentsRect: CGRect {
        get { read(.contentsRect, storage.contentsRect) }
        set {
            guard checkFinite("contentsRect", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            write(.contentsRect, \.contentsRect, newValue)
        }
    }

    /// The stretchable centre of the contents (after ``contentsRect``), in unit
    /// coordinates: a nine-slice grid whose corners are not scaled, edges scale along one
    /// axis and centre along both. Default `(0, 0, 1, 1)`: the whole image scales. Animatable. Used only
    /// by the resizing gravities. A zero width or height means one source pixel at that
    /// place. NaN and infinity are refused.
    open var contentsCenter: CGRect {
        get { read(.contentsCenter, storage.contentsCenter) }
        set {
            guard checkFinite("contentsCenter", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            write(.contentsCenter, \.contentsCenter, newValue)
        }
    }

    /// How the contents image is positioned or scaled in the bounds. Default
    /// ``CALayerContentsGravity/resize``.
    open var contentsGravity: CALayerContentsGravity {
        get { read(.contentsGravity, storage.contentsGravity) }
        set { write(.contentsGravity, \.contentsGravity, newValue) }
    }

    /// Pixels of the contents per point: a backing store is `bounds × contentsScale`
    /// pixels, and non-resizing gravities show an image at `pixels / contentsScale`
    /// points. Default 1 (set 2 on a HiDPI output). Values that are not finite and
    /// positive are refused with a diagnostic.
    open var contentsScale: CGFloat {
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
    ///
    /// Drawn at less than three quarters of their pixel size, linear and trilinear contents
    /// average every pixel that falls under a pixel of the destination, as Core Graphics
    /// does when a layer is rendered into a context, so text and thin lines scaled far down
    /// stay whole.
    open var minificationFilter: CALayerContentsFilter {
        get { read(.minificationFilter, storage.minificationFilter) }
        set { write(.minificationFilter, \.minificationFilter, newValue) }
    }

    /// The filter used when the contents are drawn larger than their pixels.
    /// Default ``CALayerContentsFilter/linear``; ``CALayerContentsFilter/nearest`` keeps
    /// hard pixel edges.
    open var magnificationFilter: CALayerContentsFilter {
        get { read(.magnificationFilter, storage.magnificationFilter) }
        set { write(.magnificationFilter, \.magnificationFilter, newValue) }
    }

    /// The level-of-detail bias of trilinear minification. Default 0. Stored; Lamina's
    /// compositor does not mipmap, so it has no visible effect.
    open var minificationFilterBias: Float {
        get { read(.minificationFilterBias, storage.minificationFilterBias) }
        set { write(.minificationFilterBias, \.minificationFilterBias, newValue) }
    }

    /// Whether the layer's edges may be antialiased (per ``edgeAntialiasingMask``).
    /// Default `false`, as on Apple platforms without an Info.plist setting. Lamina
    /// always antialiases axis-aligned fills exactly; this affects transformed edges.
    open var allowsEdgeAntialiasing: Bool {
        get { read(.allowsEdgeAntialiasing, storage.allowsEdgeAntialiasing) }
        set { write(.allowsEdgeAntialiasing, \.allowsEdgeAntialiasing, newValue) }
    }

    /// Which edges are antialiased when ``allowsEdgeAntialiasing`` is on. Default all four.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read(.edgeAntialiasingMask, storage.edgeAntialiasingMask) }
        set { write(.edgeAntialiasingMask, \.edgeAntialiasingMask, newValue) }
    }

    /// Whether a translucent layer is composited as one group (sublayers first combined,
    /// then faded together) rather than each part faded separately. Default `true`.
    open var allowsGroupOpacity: Bool {
        get { read(.allowsGroupOpacity, storage.allowsGroupOpacity) }
        set { write(.allowsGroupOpacity, \.allowsGroupOpacity, newValue) }
    }

    /// Whether the app promises that ``draw(in:)`` fills the bounds with opaque content.
    /// Default `false`. A hint only: Lamina keeps the backing store's alpha channel, and it
    /// never affects an image set as ``contents``.
    /// Key-value coding key `"opaque"`.
    open var isOpaque: Bool {
        get { read(.opaque, storage.opaque) }
        set { write(.opaque, \.opaque, newValue) }
    }

    /// Whether a change of the bounds marks the layer as needing display. Default `false`.
    open var needsDisplayOnBoundsChange: Bool {
        get { read(.needsDisplayOnBoundsChange, storage.needsDisplayOnBoundsChange) }
        set { write(.needsDisplayOnBoundsChange, \.needsDisplayOnBoundsChange, newValue) }
    }

    /// Whether drawing may happen on a background thread. Default `false`. Stored only:
    /// Lamina draws on the main actor.
    open var drawsAsynchronously: Bool {
        get { read(.drawsAsynchronously, storage.drawsAsynchronously) }
        set { write(.drawsAsynchronously, \.drawsAsynchronously, newValue) }
    }

    /// Whether the layer asks to show content brighter than the display's white
    /// (extended dynamic range). Default `false`. Stored only: Lamina's windows are drawn in
    /// sRGB, which the compositors it presents to show, so contents are clamped to white.
    open var wantsExtendedDynamicRangeContent: Bool {
        get { read(.wantsExtendedDynamicRangeContent, storage.wantsExtendedDynamicRangeContent) }
        set { write(.wantsExtendedDynamicRangeContent, \.wantsExtendedDynamicRangeContent, newValue) }
    }

    /// Whether the layer is rendered into a cached bitmap before compositing. Default
    /// `false`. Stored only for now.
    open var shouldRasterize: Bool {
        get { read(.shouldRasterize, storage.shouldRasterize) }
        set { write(.shouldRasterize, \.shouldRasterize, newValue) }
    }

    /// The scale of the rasterized bitmap when ``shouldRasterize`` is on. Default 1.
    /// Stored only for now.
    open var rasterizationScale: CGFloat {
        get { read(.rasterizationScale, storage.rasterizationScale) }
        set { write(.rasterizationScale, \.rasterizationScale, newValue) }
    }

    /// Default values for properties the layer does not set, consulted before
    /// ``defaultValue(forKey:)``: `style["key"]`, then `style["style"]["key"]`, … (the
    /// shallowest entry wins). Default `nil`. Never consulted for `bounds` and `frame`.
    ///
    /// Keys use the key-value coding names (`"backgroundColor"`, `"hidden"`). As on Apple
    /// platforms, changing a dictionary inside the chain is seen by the next read.
    open var style: [String: Any]? {
        get { storage.style }
        set { write(.style, \.style, newValue) }
    }

    /// Actions for keys, consulted by `action(forKey:)` after the delegate.
    /// Default `nil`.
    open var actions: [String: any CAAction]? {
        get { read(.actions, storage.actions) }
        set { write(.actions, \.actions, newValue) }
    }

    /// Returns whether the layer's contents are implicitly flipped when drawn: whether its
    /// space is y-down on screen (origin at the top-left) rather than Core Graphics' native
    /// y-up. Do not override it.
    ///
    /// Lamina's layers are hosted as the layers of a UIKit view are on iOS, where contents
    /// are flipped: the answer is `true` unless an odd number of this layer and its
    /// superlayers have ``isGeometryFlipped`` set, which makes the layer's space y-up on
    /// screen. Code that draws text with Core Text in ``draw(in:)`` flips the context to
    /// Core Text's y-up when the answer is `true`, as on Apple platforms, and its text comes
    /// out upright either way.
    ///
    /// It also swaps the meaning of top and bottom in ``contentsGravity``.
    open func contentsAreFlipped() -> Bool {
        !geometryFlipParity
    }

    /// Whether an odd number of this layer and its superlayers have ``isGeometryFlipped``
    /// set (false by default): the opposite of ``contentsAreFlipped()``. The renderer's
    /// contents gravity and ``draw(in:)``'s context follow it.
    var geometryFlipParity: Bool {
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

    // MARK: - Media timing
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+MediaTiming.swift.



    // MARK: - The layer tree
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+Hierarchy.swift.

    /// The layer's sublayers, back to front (later ones drawn on top unless ``zPosition``
    /// says otherwise); `nil` when there are none. Default `nil`.
    ///
    /// Setting it removes the old sublayers and adds the new ones in order, each removed
    /// from its previous superlayer first; `nil` or `[]` removes all. A layer that would
    /// make a cycle (this layer or an ancestor), a mask layer, or a repeated entry is
    /// skipped with a ``CALayerDiagnostic``.
    open var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set {
            for old in storedSublayers where old.storedSuperlayer === self {
                old.runEventAction(kCAOnOrderOut)
                CALayer.treeLock.withLock { old.storedSuperlayer = nil }
                old.didChange()
            }
            CALayer.treeLock.withLock {
                storedSublayers = []
                sublayersChanged = true
            }
            for layer in newValue ?? [] {
                if layer.storedSuperlayer === self {
                    diagnose(.invalidValue, "\(layer.debugName) appears twice in the new sublayers; the repeat is skipped")
                    continue
                }
                guard canAdopt(layer) else { continue }
                takeFromItsSuperlayer(layer)
                attach(layer, at: storedSublayers.count)
            }
            sublayersDidChange()
        }
    }

    /// The layer this one is a sublayer of; for a mask, the layer it masks; `nil` for a root.
    ///
    /// As on Apple platforms, a mask's superlayer is the layer whose ``mask`` it is, although
    /// the mask is not among that layer's ``sublayers``: code that lays out a layer's mask
    /// from its superlayer's bounds (`mask.bounds = mask.superlayer.bounds`) works unchanged.
    open var superlayer: CALayer? { geometricParent }

    /// A layer whose alpha channel masks this layer's contents, background, border and
    /// sublayers; positioned in this layer's coordinates. Default `nil`.
    ///
    /// The mask must not have a superlayer (Apple: undefined); Lamina refuses such a layer
    /// with a ``CALayerDiagnostic`` and keeps the old mask, as it does for this layer or
    /// one of its ancestors (a cycle). A layer that masks another layer moves to this one.
    /// A mask's ``superlayer`` is the layer it masks, and its ``removeFromSuperlayer()``
    /// removes it as that layer's mask.
    open var mask: CALayer? {
        get { storedMask }
        set {
            if let newMask = newValue {
                if newMask === storedMask { return }
                if let parent = newMask.storedSuperlayer {
                    diagnose(.maskInUse, "mask \(newMask.debugName) is a sublayer of \(parent.debugName); remove it from its superlayer first; the mask is unchanged")
                    return
                }
                if isSelfOrAncestor(newMask) {
                    diagnose(.cycle, "mask \(newMask.debugName) is this layer or one of its ancestors; the mask is unchanged")
                    return
                }
                if let previousOwner = newMask.maskOwner {
                    CALayer.treeLock.withLock {
                        previousOwner.storedMask = nil
                        // Its presentation copy must drop the mask too.
                        previousOwner.sublayersChanged = true
                        previousOwner.didChange()
                    }
                }
            }
            CALayer.treeLock.withLock {
                if let old = storedMask {
                    old.maskOwner = nil
                    old.didChange()
                }
                storedMask = newValue
                newValue?.maskOwner = self
                newValue?.didChange()
                sublayersChanged = true
                didChange()
            }
        }
    }

    /// Adds `layer` on top of the other sublayers, removing it from its current superlayer
    /// first. Adding this layer or an ancestor (a cycle) or a mask layer is refused with a
    /// ``CALayerDiagnostic``.
    open func addSublayer(_ layer: CALayer) {
        guard canAdopt(layer) else { return }
        let index = layer.storedSuperlayer === self ? storedSublayers.count - 1 : storedSublayers.count
        move(layer, to: index)
    }

    /// Inserts `layer` at index `idx` of the sublayers (0 is the back), removing it from its
    /// current superlayer first.
    ///
    /// `idx` may equal the number of sublayers (appends); a larger index is refused with a
    /// ``CALayerDiagnostic`` (Apple raises an exception), as are cycles and mask layers.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard canAdopt(layer) else { return }
        let count = storedSublayers.count - (layer.storedSuperlayer === self ? 1 : 0)
        guard Int(idx) <= count else {
            diagnose(.indexOutOfRange, "insertSublayer(_:at: \(idx)) is out of range: there are \(count) other sublayers; the layer is not inserted")
            return
        }
        move(layer, to: Int(idx))
    }

    /// Inserts `layer` just below `sibling` (at the back when `sibling` is `nil`).
    ///
    /// A `sibling` that is not a sublayer is refused with a ``CALayerDiagnostic``.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, relativeTo: sibling, above: false)
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is `nil`).
    ///
    /// A `sibling` that is not a sublayer is refused with a ``CALayerDiagnostic``.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, relativeTo: sibling, above: true)
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index; `oldLayer`
    /// leaves the tree.
    ///
    /// Refused with a ``CALayerDiagnostic`` when `oldLayer` is not a sublayer or `newLayer`
    /// would make a cycle or is a mask. Replacing a layer with itself does nothing.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer else { return }
        guard oldLayer.storedSuperlayer === self else {
            diagnose(.notASublayer, "replaceSublayer: \(oldLayer.debugName) is not a sublayer of this layer; nothing is replaced")
            return
        }
        guard canAdopt(newLayer) else { return }
        if newLayer.storedSuperlayer === self {
            detach(newLayer)
        } else {
            takeFromItsSuperlayer(newLayer)
        }
        guard let index = storedSublayers.firstIndex(where: { $0 === oldLayer }) else { return }
        detach(oldLayer)
        attach(newLayer, at: index)
        sublayersDidChange()
    }

    /// Removes the layer from its superlayer; it becomes the root of its own tree. Does
    /// nothing for a root. A mask stops masking the layer it masked (whose ``mask`` becomes
    /// `nil`).
    open func removeFromSuperlayer() {
        guard let parent = storedSuperlayer else {
            if let owner = maskOwner { owner.mask = nil }
            return
        }
        parent.detach(self)
        parent.sublayersDidChange()
    }

    // MARK: - Converting between layers
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+Conversion.swift.

    /// Converts `p` from the coordinates of `layer` to this layer's coordinates.
    ///
    /// The path goes through every transform, sublayer transform, geometry flip and bounds
    /// origin between the two layers, 3D ones included (each layer flattened into its
    /// superlayer's plane). `layer == nil` means the space this layer's root is positioned
    /// in (the window's, for a window's root layer). Layers of different trees convert
    /// through that space of each root, as if the roots shared it. If the path cannot be
    /// inverted (a zero scale, a layer seen edge-on) the result is `(nan, nan)`.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        guard layer !== self else { return p }
        return conversion(from: layer, to: self)?.apply(p) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts `p` from this layer's coordinates to the coordinates of `layer`
    /// (`nil`: the space this layer's root is positioned in). See ``convert(_:from:)-(CGPoint,_)``.
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        guard layer !== self else { return p }
        return conversion(from: self, to: layer)?.apply(p) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts `r` from the coordinates of `layer` to this layer's: the bounding box of
    /// its four converted corners. `CGRect.null` if the conversion fails.
    /// See ``convert(_:from:)``.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        guard layer !== self else { return r }
        return conversion(from: layer, to: self)?.boundingBox(of: r) ?? .null
    }

    /// Converts `r` from this layer's coordinates to those of `layer`: the bounding box of
    /// its four converted corners. `CGRect.null` if the conversion fails.
    /// See ``convert(_:from:)-(CGPoint,_)``.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        guard layer !== self else { return r }
        return conversion(from: self, to: layer)?.boundingBox(of: r) ?? .null
    }

    // MARK: - Animations
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+Animations.swift.

    /// Attaches a copy of `anim` to the layer under `key` (nil allowed); an animation
    /// already attached under the same key is removed first (its delegate is told it did
    /// not finish).
    ///
    /// The copy is taken now, so changing `anim` afterwards changes nothing on screen. The
    /// animation takes effect when the current transaction commits; a `beginTime` of 0
    /// means "at that commit" (the layer's local time then). Animations run in the layer's
    /// time (see ``convertTime(_:from:)``); several on the same key path apply in the order
    /// added, each on the value the previous ones left (additive ones add to it). A
    /// `CATransition` is always added under `"transition"`. Adding to a presentation layer
    /// is refused with a diagnostic.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else {
            diagnose(.invalidValue, "add(_:forKey:) on a presentation layer; add animations to the model layer")
            return
        }
        guard anim.beginTime.isFinite, anim.timeOffset.isFinite, anim.speed.isFinite, !anim.duration.isNaN else {
            diagnose(.nonFiniteValue, "add(_:forKey: \(key.map { "\"\($0)\"" } ?? "nil")): the animation's beginTime, timeOffset, speed and duration must be finite; not added")
            return
        }
        let key = anim is CATransition ? kCATransition : key
        if let key { CALayer.treeLock.withLock { _ = removeAttachedAnimation(forKey: key) } }
        let copy = anim.copy() as? CAAnimation ?? anim
        if let property = copy as? CAPropertyAnimation {
            // Apple: an animation with no key path animates the key it is added for (what
            // lets `actions` hold plain `CABasicAnimation()`s).
            if property.keyPath == nil, let key { property.keyPath = key }
            if let basic = property as? CABasicAnimation, let running = CALayer.runningAction,
                running.layer == ObjectIdentifier(self), running.key == key,
                basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil
            {
                // An action's animation without values runs from the value on screen before
                // the change to the new model value.
                // No colour before (nil) animates from clear, as on Apple platforms.
                basic.fromValue = running.previous ?? (value(forKeyPath: running.key) is CGColor ? CGColor.clear : nil)
            }
            if let keyPath = property.keyPath, keyPath.contains("."), value(forKeyPath: keyPath) == nil {
                diagnose(.invalidKeyPath, "add(_:forKey:): the key path \"\(keyPath)\" does not resolve on this layer; the animation changes nothing")
            }
        }
        let attached = AttachedAnimation(key: key, animation: copy, layer: self, completions: CATransaction.completionsForNewAnimation())
        AnimationEngine.countForCompletions(attached)
        CALayer.treeLock.withLock {
            attachedAnimations.append(attached)
            CATransaction.animationAdded(attached, to: self)
            didChange()
        }
    }

    /// The animation attached under `key`, or nil. It is the layer's copy: do not change it.
    open func animation(forKey key: String) -> CAAnimation? {
        CALayer.treeLock.withLock { attachedAnimations.last { $0.key == key }?.animation }
    }

    /// The keys of the attached animations, in the order added; nil when none has a key.
    /// Animations added without a key are not listed.
    open func animationKeys() -> [String]? {
        let keys = CALayer.treeLock.withLock { attachedAnimations.compactMap(\.key) }
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation attached under `key`; its delegate gets
    /// `animationDidStop(_:finished: false)` if it had not stopped yet.
    open func removeAnimation(forKey key: String) {
        CALayer.treeLock.withLock {
            if removeAttachedAnimation(forKey: key) { didChange() }
        }
    }

    /// Removes every attached animation (keyed or not); see ``removeAnimation(forKey:)``.
    open func removeAllAnimations() {
        CALayer.treeLock.withLock {
            guard !attachedAnimations.isEmpty else { return }
            let removed = attachedAnimations
            attachedAnimations = []
            for attached in removed { AnimationEngine.removed(attached) }
            presentationAnimationsDidChange()
            didChange()
        }
    }

    // MARK: - Layout
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+Layout.swift.

    /// Returns whether the layer is marked as needing layout. A new layer does not.
    open func needsLayout() -> Bool {
        layoutIsNeeded
    }

    // MARK: - Media timing
    //
    // Declared here so subclasses can override them; behaviour lives in CALayer+MediaTiming.swift.

    /// When the layer's time starts, in its superlayer's time. Default 0.
    open var beginTime: CFTimeInterval {
        get { read(.beginTime, storage.beginTime) }
        set { setTiming(.beginTime, \.beginTime, newValue) }
    }

    /// An offset added to the layer's active local time. Default 0.
    open var timeOffset: CFTimeInterval {
        get { read(.timeOffset, storage.timeOffset) }
        set { setTiming(.timeOffset, \.timeOffset, newValue) }
    }

    /// How many times the layer's time repeats its `duration`; fractional or `.infinity`.
    /// Default 0 (once). Only used with a `duration` above 0.
    open var repeatCount: Float {
        get { read(.repeatCount, storage.repeatCount) }
        set {
            guard !newValue.isNaN, newValue >= 0 else {
                diagnose(.invalidValue, "repeatCount \(newValue) must be 0 or more; the change is ignored")
                return
            }
            write(.repeatCount, \.repeatCount, newValue)
        }
    }

    /// How long the layer's time repeats, in local time. Default 0 (not used).
    open var repeatDuration: CFTimeInterval {
        get { read(.repeatDuration, storage.repeatDuration) }
        set { setTiming(.repeatDuration, \.repeatDuration, newValue, allowsInfinity: true, allowsNegative: false) }
    }

    /// The basic duration of the layer's time. Default 0: the layer's time runs forever.
    open var duration: CFTimeInterval {
        get { read(.duration, storage.duration) }
        set { setTiming(.duration, \.duration, newValue, allowsNegative: false) }
    }

    /// The rate of the layer's time against its superlayer's. Default 1; 0 pauses the layer
    /// and its subtree (with `timeOffset` choosing the moment shown); negative runs backwards.
    open var speed: Float {
        get { read(.speed, storage.speed) }
        set {
            guard newValue.isFinite else {
                diagnose(.nonFiniteValue, "speed \(newValue) is not finite; the change is ignored")
                return
            }
            write(.speed, \.speed, newValue)
        }
    }

    /// Whether the layer's time plays backwards after each forward pass. Default false.
    open var autoreverses: Bool {
        get { read(.autoreverses, storage.autoreverses) }
        set { write(.autoreverses, \.autoreverses, newValue) }
    }

    /// How the layer's time behaves outside its active period (only with a `duration`).
    /// Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { read(.fillMode, storage.fillMode) }
        set { write(.fillMode, \.fillMode, newValue) }
    }

    /// Converts `t` from the local time of `l` (the media time when `l` is nil) to this
    /// layer's local time. Both layers must be in the same tree (or `l` nil); otherwise
    /// each is taken relative to its own root, which runs on media time.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        let media = l.map { $0.mediaTime(fromLocal: t) } ?? t
        return localTime(fromMedia: media)
    }

    /// Converts `t` from this layer's local time to the local time of `l` (the media time
    /// when `l` is nil). See ``convertTime(_:from:)``.
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocal: t)
        return l.map { $0.localTime(fromMedia: media) } ?? media
    }

    // MARK: - Accessibility
    //
    // Apple's UIAccessibility informal protocol, declared here so subclasses can override
    // each member; defaults and storage live in Accessibility/CALayer+AccessibilityDefaults.swift.
    // Use them on the main thread, as UIKit's. Setting one records the layer in the current
    // transaction: its commit publishes the change to assistive technologies.

    /// The layer's accessibility storage (nil until a value is set or the layer is published).
    final var accessibilityStorage: CALayerAccessibility?

    /// Whether the layer is an element an assistive technology can reach (a screen reader
    /// reads it, a user can focus and activate it). Default false; true for a `CATextLayer`
    /// that shows some text.
    ///
    /// An element hides its sublayers from assistive technologies: describe a group of
    /// sublayers with the element's own label, or leave it false and let the sublayers
    /// that are elements speak for themselves.
    open var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? defaultIsAccessibilityElement }
        set { setAccessibility(\.isElement, newValue) }
    }

    /// A short, localised word or phrase that names the element ("Play", "Volume"); it does
    /// not say what kind of element it is (the traits do). Default nil; a `CATextLayer`'s
    /// is the text it shows. Assistive technologies read it as the element's name.
    open var accessibilityLabel: String? {
        get { accessibilityStorage?.label ?? displayedAccessibilityText }
        set { setAccessibility(\.label, newValue) }
    }

    /// The element's current value when it is not its label ("50%", the text of a field).
    /// Default nil. An ``UIAccessibilityTraits/adjustable`` element changes it in
    /// ``accessibilityIncrement()`` and ``accessibilityDecrement()``.
    open var accessibilityValue: String? {
        get { accessibilityStorage?.value }
        set { setAccessibility(\.value, newValue) }
    }

    /// A brief, localised phrase that says what activating the element does ("Plays the
    /// song"). Default nil. Assistive technologies read it as the element's description.
    open var accessibilityHint: String? {
        get { accessibilityStorage?.hint }
        set { setAccessibility(\.hint, newValue) }
    }

    /// What the element is and its state: a button, a header, selected, not enabled, …
    /// Default ``UIAccessibilityTraits/none``; ``UIAccessibilityTraits/staticText`` for a
    /// `CATextLayer`. They choose the element's role and states on the desktop's
    /// accessibility bus.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilityStorage?.traits ?? defaultAccessibilityTraits }
        set { setAccessibility(\.traits, newValue) }
    }

    /// A string that identifies the element to tests and automation, never read to the
    /// user. Default nil. Published as the AT-SPI attribute `id`.
    open var accessibilityIdentifier: String? {
        get { accessibilityStorage?.identifier }
        set { setAccessibility(\.identifier, newValue) }
    }

    /// The language the element's label, value and hint are spoken in, as a BCP 47 tag
    /// ("fr-CA"). Default nil: the application's language.
    open var accessibilityLanguage: String? {
        get { accessibilityStorage?.language }
        set { setAccessibility(\.language, newValue) }
    }

    /// The element's frame on screen. Default: the layer's bounds as drawn (its
    /// presentation, mid-animation included) in the coordinates of its tree's root — for a
    /// window's layers, the window's surface, with its top-left corner at (0, 0): Wayland
    /// does not tell a window where it is on the screen. Setting it replaces the default.
    open var accessibilityFrame: CGRect {
        get { accessibilityStorage?.frame ?? defaultAccessibilityFrame }
        set { setAccessibility(\.frame, newValue) }
    }

    /// The point an assistive technology activates the element at, in the coordinates of
    /// ``accessibilityFrame``. Default: the middle of ``accessibilityFrame``.
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let point = accessibilityStorage?.activationPoint { return point }
            let frame = accessibilityFrame
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        set { setAccessibility(\.activationPoint, newValue) }
    }

    /// The elements this layer contains, in the order assistive technologies visit them.
    /// Default nil: the sublayers, in order. Set it to reorder them or to list layers that
    /// are not sublayers; entries that are not layers are ignored on Linux.
    open var accessibilityElements: [Any]? {
        get { accessibilityStorage?.elements }
        set {
            accessibility.elements = newValue
            didChange()
        }
    }

    /// Whether the layer's sublayers are hidden from assistive technologies (the layer
    /// itself is not). Default false.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityStorage?.elementsHidden ?? false }
        set { setAccessibility(\.elementsHidden, newValue) }
    }

    /// Whether assistive technologies ignore the elements of this layer's siblings (and
    /// their sublayers) while it is shown, as they do behind a modal view. Default false.
    open var accessibilityViewIsModal: Bool {
        get { accessibilityStorage?.viewIsModal ?? false }
        set { setAccessibility(\.viewIsModal, newValue) }
    }

    /// Whether assistive technologies read the elements inside this layer as one group
    /// (an AT-SPI panel) before moving on. Default false.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityStorage?.groupsChildren ?? false }
        set { setAccessibility(\.groupsChildren, newValue) }
    }

    /// Performs the element's default action, as a click would (an assistive technology
    /// asks). Returns whether the layer handled it. Default: does nothing and returns false;
    /// override it in a layer that acts when activated. Called on the main thread.
    open func accessibilityActivate() -> Bool {
        false
    }

    /// Raises the value of an ``UIAccessibilityTraits/adjustable`` element by one step (an
    /// assistive technology asks). Default: does nothing. Update ``accessibilityValue``
    /// here. Called on the main thread.
    open func accessibilityIncrement() {}

    /// Lowers the value of an ``UIAccessibilityTraits/adjustable`` element by one step.
    /// Default: does nothing. Called on the main thread.
    open func accessibilityDecrement() {}

    // MARK: - Presentation and model

    /// The presentation copy of this layer: its values as of the last committed
    /// transaction with every attached animation applied at the current media time
    /// (`CACurrentMediaTime()`), or `nil` if the layer has never been committed.
    ///
    /// The copy is of the same class, made with ``init(layer:)`` and kept and updated in
    /// place on every commit. Its ``sublayers``, ``superlayer`` and ``mask`` are
    /// presentation copies too, and its ``hitTest(_:)`` and ``convert(_:from:)-(CGPoint,_)`` read
    /// presentation values. Treat it as read-only. Called on a presentation copy,
    /// returns that copy.
    ///
    /// Lamina: on a thread other than the main one, for a layer of a displayed tree (which
    /// the main thread evaluates and draws), it returns a new copy, on its own, of the
    /// values the main thread last showed: no sublayers or superlayer, and its ``model()``
    /// is itself.
    open func presentation() -> Self? {
        if isPresentationCopy { return self }
        let time = CALayer.pinnedPresentationTime.value ?? CACurrentMediaTime()
        CATransaction.showOtherThreadsCommits()
        var redraws = PresentationRedraws()
        defer { redraws.draw() }  // after the tree lock: drawing runs user code
        return CALayer.treeLock.withLock {
            guard let copy = presentationCopy else { return nil }
            if !TransactionState.isMainThread, isShownByTheMainThread {
                let detached = Swift.type(of: copy).init(layer: copy)
                detached.isPresentationCopy = true
                detached.modelIdentifier = ObjectIdentifier(self)
                return detached as? Self
            }
            redraws = copy.refreshPresentationTree(at: time)
            return copy as? Self
        }
    }

    /// The model layer: on a presentation copy, the layer it presents; on a model layer,
    /// the layer itself.
    ///
    /// If the model layer no longer exists, the presentation copy returns itself.
    open func model() -> Self {
        if isPresentationCopy, let model = modelLayer as? Self { return model }
        return self
    }
}

/// The layers and animations that may link back to a layer that is going away, and the
/// clearing of those links (compared by address, so nothing is retained that is gone).
private struct LinksToLayer {
    let layer: UInt
    let id: ObjectIdentifier
    let sublayers: [CALayer]
    let mask: CALayer?
    let copy: CALayer?
    let isListedAsAnimated: Bool

    func clear() {
        func pointsHere(_ link: Unmanaged<CALayer>?) -> Bool {
            link.map { UInt(bitPattern: $0.toOpaque()) == layer } ?? false
        }
        for sublayer in sublayers where pointsHere(sublayer.superlayerLink) {
            sublayer.storedSuperlayer = nil
        }
        if let mask, pointsHere(mask.maskOwnerLink) { mask.maskOwner = nil }
        if let copy, pointsHere(copy.modelLink) { copy.modelLayer = nil }
        if isListedAsAnimated { CALayer.forgetAnimated(id) }
    }
}
