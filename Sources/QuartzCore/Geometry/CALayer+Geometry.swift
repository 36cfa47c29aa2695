extension CALayer {
    /// The layer's own coordinate space: its origin and size. Default `.zero`.
    ///
    /// The bounds origin shifts the space sublayers are positioned in (and what
    /// ``draw(in:)`` draws at the top-left). A negative width or height is kept as given
    /// (as on Apple platforms); drawing, hit testing and ``frame`` use the standardized
    /// rectangle. Changing it marks the layer as needing layout, and — with
    /// ``needsDisplayOnBoundsChange`` — display. NaN or infinite values are refused with a
    /// ``CALayerDiagnostic``. Never read from the ``style`` dictionary.
    public var bounds: CGRect {
        get { read(.bounds, storage.bounds) }
        set {
            guard checkFinite("bounds", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
            else { return }
            let old = bounds
            storage.bounds = newValue
            storage.explicitlySet |= CALayerProperty.bounds.bit
            boundsDidChange(from: old)
            propertyDidChange(.bounds)
        }
    }

    /// Where the layer's anchor point sits in its superlayer's coordinates. Default `.zero`.
    /// NaN or infinite values are refused with a diagnostic.
    public var position: CGPoint {
        get { read(.position, storage.position) }
        set {
            guard checkFinite("position", "\(newValue)", newValue.x, newValue.y) else { return }
            write(.position, \.position, newValue)
        }
    }

    /// The point, in unit coordinates of the bounds, that ``position`` refers to and that
    /// transforms pivot around. Default `(0.5, 0.5)`, the centre.
    ///
    /// Values outside the unit square are allowed (the anchor lies outside the layer).
    /// NaN or infinite values are refused with a diagnostic.
    public var anchorPoint: CGPoint {
        get { read(.anchorPoint, storage.anchorPoint) }
        set {
            guard checkFinite("anchorPoint", "\(newValue)", newValue.x, newValue.y) else { return }
            write(.anchorPoint, \.anchorPoint, newValue)
        }
    }

    /// The anchor point's z coordinate: transforms pivot around `z = anchorPointZ`.
    /// Default 0. Non-finite values are refused with a diagnostic.
    public var anchorPointZ: CGFloat {
        get { read(.anchorPointZ, storage.anchorPointZ) }
        set {
            guard checkFinite("anchorPointZ", "\(newValue)", newValue) else { return }
            write(.anchorPointZ, \.anchorPointZ, newValue)
        }
    }

    /// The layer's position on the z axis: sublayers with a higher `zPosition` are drawn
    /// above (and hit before) their siblings; under a perspective ``sublayerTransform`` it
    /// also brings the layer closer. Default 0. Non-finite values are refused.
    public var zPosition: CGFloat {
        get { read(.zPosition, storage.zPosition) }
        set {
            guard checkFinite("zPosition", "\(newValue)", newValue) else { return }
            write(.zPosition, \.zPosition, newValue)
        }
    }

    /// The transform applied to the layer, around its anchor point.
    /// Default ``CATransform3DIdentity``.
    ///
    /// 3D transforms (rotations about x or y, perspective in `m34`) are honoured by
    /// ``frame``, conversion, hit testing and ``isDoubleSided``: the layer is flattened
    /// into its superlayer's plane, as Core Animation does. Non-finite entries are refused.
    public var transform: CATransform3D {
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
    /// Default ``CATransform3DIdentity``. Non-finite entries are refused.
    public var sublayerTransform: CATransform3D {
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
    /// As on Apple platforms it does not flip the layer's own contents; it does swap the
    /// meaning of top and bottom in ``contentsGravity`` (see ``contentsAreFlipped()``).
    public var isGeometryFlipped: Bool {
        get { read(.geometryFlipped, storage.geometryFlipped) }
        set { write(.geometryFlipped, \.geometryFlipped, newValue) }
    }

    /// Returns the layer's transform as an affine transform (its affine part).
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets the layer's transform to the affine transform `m`.
    public func setAffineTransform(_ m: CGAffineTransform) {
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
    public var frame: CGRect {
        get {
            let box = CAProjectiveTransform(flattening: localTransform).boundingBox(of: bounds)
            return box ?? .zero
        }
        set { setFrame(newValue) }
    }

    private func setFrame(_ newValue: CGRect) {
        guard checkFinite("frame", "\(newValue)", newValue.origin.x, newValue.origin.y, newValue.width, newValue.height)
        else { return }
        let rect = newValue.standardized
        let t = transform
        let anchor = anchorPoint
        var newBounds = bounds
        if CATransform3DIsIdentity(t) {
            newBounds.size = rect.size
            applyFrame(bounds: newBounds, position: CGPoint(
                x: rect.origin.x + anchor.x * rect.size.width, y: rect.origin.y + anchor.y * rect.size.height))
            return
        }
        let flat = CAProjectiveTransform(flattening: t)
        if flat.isAffine {
            let a = flat.affine
            if a.b == 0 && a.c == 0 && a.a != 0 && a.d != 0 {
                newBounds.size = CGSize(width: rect.width / abs(a.a), height: rect.height / abs(a.d))
            } else if a.a == 0 && a.d == 0 && a.b != 0 && a.c != 0 {
                newBounds.size = CGSize(width: rect.height / abs(a.b), height: rect.width / abs(a.c))
            }
        }
        // Place the box: with the new size, move `position` so the box's centre is the frame's.
        var candidate = position
        let local = CALayerGeometry.localTransform(bounds: newBounds, anchorPoint: anchor, anchorPointZ: anchorPointZ,
            transform: t, position: candidate, zPosition: zPosition)
        guard let box = CAProjectiveTransform(flattening: local).boundingBox(of: newBounds) else {
            diagnose(.invalidValue, "frame \(newValue) cannot be placed: the transform maps the layer behind the viewer; the change is ignored")
            return
        }
        candidate.x += rect.midX - box.midX
        candidate.y += rect.midY - box.midY
        guard candidate.x.isFinite, candidate.y.isFinite else {
            diagnose(.nonFiniteValue, "frame \(newValue) gives a non-finite position; the change is ignored")
            return
        }
        applyFrame(bounds: newBounds, position: candidate)
    }

    private func applyFrame(bounds newBounds: CGRect, position newPosition: CGPoint) {
        let old = bounds
        storage.bounds = newBounds
        storage.position = newPosition
        storage.explicitlySet |= CALayerProperty.bounds.bit | CALayerProperty.position.bit
        if old != newBounds { boundsDidChange(from: old) }
        propertyDidChange(.bounds)
        propertyDidChange(.position)
    }

    /// Layout and display reactions to a bounds change.
    func boundsDidChange(from old: CGRect) {
        guard old != bounds else { return }
        setNeedsLayout()
        if old.size != bounds.size && needsDisplayOnBoundsChange {
            setNeedsDisplay()
        }
    }

    // MARK: - Transforms between spaces

    /// The anchor point in the layer's own (bounds) coordinates.
    var anchorPointInBounds: CGPoint {
        let b = bounds
        let a = anchorPoint
        return CGPoint(x: b.origin.x + a.x * b.size.width, y: b.origin.y + a.y * b.size.height)
    }

    /// The 4×4 transform from this layer's own coordinates to the space its ``position``
    /// is in: move the anchor point to the origin, apply ``transform``, move to
    /// `(position, zPosition)`.
    var localTransform: CATransform3D {
        CALayerGeometry.localTransform(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
            transform: transform, position: position, zPosition: zPosition)
    }

    /// The 4×4 transform this layer applies to its sublayers' positioned space to reach its
    /// bounds space: ``sublayerTransform`` around the anchor point, then the vertical flip of
    /// ``isGeometryFlipped``. Identity for most layers.
    var sublayerSpaceTransform: CATransform3D {
        CALayerGeometry.sublayerSpaceTransform(
            bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
            sublayerTransform: sublayerTransform, isGeometryFlipped: isGeometryFlipped)
    }

    /// The layer this one is positioned in: its superlayer, or for a mask the layer it masks.
    var geometricParent: CALayer? {
        storedSuperlayer ?? maskOwner
    }

    /// Maps this layer's own coordinates onto the bounds space of its geometric parent
    /// (through the parent's sublayer transform and flip; a mask skips those), or, for a
    /// root, onto the space its position is in.
    var transformToParent: CAProjectiveTransform {
        var t = localTransform
        if let parent = storedSuperlayer {
            let s = parent.sublayerSpaceTransform
            if !CATransform3DIsIdentity(s) { t = CATransform3DConcat(t, s) }
        }
        return CAProjectiveTransform(flattening: t)
    }

    /// Maps this layer's own coordinates to the space its root layer is positioned in.
    var transformToRootSpace: CAProjectiveTransform {
        var result = transformToParent
        var layer = geometricParent
        var steps = 0
        while let current = layer, steps < 100_000 {
            result = result.concatenating(current.transformToParent)
            layer = current.geometricParent
            steps += 1
        }
        return result
    }
}
