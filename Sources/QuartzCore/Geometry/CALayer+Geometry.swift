extension CALayer {

    func setFrame(_ newValue: CGRect) {
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

    /// Sets the bounds and position a new frame gives, as Apple's `frame` setter does:
    /// through the ``bounds`` and ``position`` setters (a subclass's overrides included), so
    /// a layer of a displayed tree animates each change implicitly, as it would if set directly.
    func applyFrame(bounds newBounds: CGRect, position newPosition: CGPoint) {
        bounds = newBounds
        position = newPosition
    }

    /// Autoresizing, layout and display reactions to a bounds change.
    func boundsDidChange(from old: CGRect) {
        guard old != bounds else { return }
        if old.size != bounds.size && !isPresentationCopy && !storedSublayers.isEmpty {
            resizeSublayers(withOldSize: old.size)
        }
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
