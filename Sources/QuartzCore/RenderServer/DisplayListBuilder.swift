/// Turns a render tree into a ``DisplayList``: each layer drawn by the bitmap path becomes
/// one or two cached bitmaps (its body, and its border when sublayers go between), placed
/// at whole device pixels; a subtree the bitmap path cannot reproduce exactly becomes one
/// step drawn by cairo, as ``CALayerCompositor`` draws it.
struct DisplayListBuilder {
    private(set) var list = DisplayList()
    private let cache: LayerBitmapCache
    private var anonymousIndex = 0

    /// A builder for `target`, with room for `expectedSteps` steps (the last frame's count).
    init(target: PixelRect, cache: LayerBitmapCache, expectedSteps: Int = 0) {
        list.target = target
        list.ops.reserveCapacity(expectedSteps)
        self.cache = cache
    }

    /// Adds `tree` with its root placed by `rootToDevice`.
    mutating func add(tree: CARenderLayer, rootToDevice: CGAffineTransform) {
        add(tree, parentToDevice: CAProjectiveTransform(rootToDevice), parentSublayer: CATransform3DIdentity,
            alpha: 1, clip: list.target)
    }

    private mutating func add(
        _ layer: CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha inherited: CGFloat,
        clip: PixelRect
    ) {
        // The same tests, in the same order, as RenderPass.draw.
        guard !layer.isHidden || layer.transition != nil else { return }
        let alpha = inherited * CGFloat(layer.opacity)
        guard alpha > 0 else { return }
        var local = layer.localTransform
        if !CATransform3DIsIdentity(parentSublayer) {
            local = CATransform3DConcat(local, parentSublayer)
        }
        let toDevice = CAProjectiveTransform(flattening: local).concatenating(parentToDevice)
        let determinant = toDevice.determinant
        guard determinant != 0, determinant.isFinite else { return }
        if !layer.isDoubleSided && determinant < 0 { return }

        let a = toDevice.affine
        let sublayers = layer.sublayers
        guard toDevice.isAffine, let childClip = bitmapPathClip(layer, toDevice: a, alpha: alpha, clip: clip) else {
            // Drawn by cairo; its box bounds the damage when it changes (the clip when the
            // subtree cannot be bounded).
            let box = Self.subtreeBox(layer, toDevice: toDevice, within: clip) ?? clip
            list.ops.append(DisplayOp(
                kind: .subtree(SubtreeStep(layer, parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: inherited)),
                box: box, clip: clip))
            return
        }
        guard !sublayers.isEmpty else {
            addBitmap(of: layer, part: .whole, toDevice: a, alpha: alpha, clip: clip)
            return
        }
        addBitmap(of: layer, part: .underSublayers, toDevice: a, alpha: alpha, clip: clip)
        let bounds = layer.bounds.standardized
        // As RenderPass.drawBody: a clipping layer with empty bounds draws nothing more.
        if layer.masksToBounds && bounds.isEmpty { return }
        let sublayerSpace = layer.sublayerSpaceTransform
        let parent = CAProjectiveTransform(a)
        for sublayer in layer.sublayersInDrawingOrder {
            add(sublayer, parentToDevice: parent, parentSublayer: sublayerSpace, alpha: alpha, clip: childClip)
        }
        addBitmap(of: layer, part: .border, toDevice: a, alpha: alpha, clip: clip)
    }

    /// The clip for the layer's sublayers when the bitmap path draws the layer exactly as
    /// cairo would; nil when the layer's subtree must be drawn by cairo.
    private func bitmapPathClip(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect)
        -> PixelRect?
    {
        if layer.transition != nil || layer.contentsCrossFade != nil || layer.mask != nil { return nil }
        // Replicated instances, a transform layer's shared 3D space and particles are drawn
        // by cairo.
        if layer.replicator != nil || layer.isTransformLayer || layer.emitter != nil { return nil }
        guard !layer.sublayers.isEmpty else { return clip }
        // Group opacity and a group's shadow span the sublayers: one cairo group.
        if alpha < 1 && layer.allowsGroupOpacity { return nil }
        if layer.castsShadow { return nil }
        guard layer.masksToBounds else { return clip }
        // Only an unrounded clip on whole device pixels is the same as cairo's.
        let b = layer.bounds.standardized
        guard a.b == 0, a.c == 0, RenderPass.effectiveRadius(layer, b) == 0 else { return nil }
        let device = b.applying(a)
        let edges = [device.minX, device.minY, device.maxX, device.maxY]
        guard edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 0x4000_0000 }) else { return nil }
        return clip.intersection(PixelRect(covering: device, margin: 0, within: list.target))
    }

    /// Adds the cached bitmap of one part of `layer`, if that part draws anything.
    private mutating func addBitmap(
        of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect
    ) {
        guard Self.draws(layer, part) else { return }
        if a.b != 0 || a.c != 0, addTransformedBitmap(of: layer, part: part, toDevice: a, alpha: alpha, clip: clip) {
            return
        }
        // Geometry that is not finite draws nothing.
        guard let box = bitmapBox(of: layer, part: part, toDevice: a, clip: clip) else { return }
        let wholeX = a.tx.rounded(.down), wholeY = a.ty.rounded(.down)
        guard abs(wholeX) < 0x4000_0000, abs(wholeY) < 0x4000_0000 else { return }
        let relative = box.offsetBy(dx: -Int32(wholeX), dy: -Int32(wholeY))
        let placement = LayerPlacement(part: part, toDevice: a, wholeX: wholeX, wholeY: wholeY, box: relative, alpha: alpha)
        let key = cacheKey(layer, part)
        // A cached bitmap was drawn for the same box relative to the whole-pixel
        // translation: it is placed at `box`, moved by whole pixels only.
        guard let cached = cache.bitmap(for: key, layer: layer, placement: placement, draw: {
            LayerBitmap(drawing: Self.bitmapBody(of: layer, part: part), toDevice: a, alpha: alpha, box: box)
        }) else { return }
        // Only its inked pixels are composited, and damaged when they change.
        let inked = cached.inked.offsetBy(dx: box.x0, dy: box.y0)
        guard !inked.intersection(clip).isEmpty else { return }
        list.ops.append(DisplayOp(kind: .bitmap(cached), box: inked, clip: clip))
    }

    /// The device pixels a part's bitmap holds: all it can draw when that is inside `clip`
    /// or small (a layer crossing the target's edge keeps one bitmap as it moves), else only
    /// what `clip` lets through (a huge layer gets a bitmap of its visible part, a shadow is
    /// blurred from the visible part of its body). Nil when nothing of it is inside `clip` or it is not finite.
    private func bitmapBox(of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, clip: PixelRect)
        -> PixelRect?
    {
        guard let whole = Self.deviceBox(of: layer, part: part, toDevice: a, within: Self.farLimit), !whole.isEmpty else {
            return nil
        }
        let visible = whole.intersection(clip)
        guard !visible.isEmpty else { return nil }
        // A shadow is blurred from what the clip lets through (as cairo draws it straight).
        let hasShadow = part != .border && layer.castsShadow
        if visible == whole || (whole.area <= Self.smallBitmapArea && !hasShadow) { return whole }
        // Pieces clipped one by one (a far shadow is not joined to the body across the gap).
        guard let clipped = Self.deviceBox(of: layer, part: part, toDevice: a, within: clip), !clipped.isEmpty else {
            return nil
        }
        return clipped
    }

    /// Bitmaps up to this many pixels are drawn whole even when partly clipped.
    static let smallBitmapArea = 512 * 512
    /// The limit of device coordinates kept exactly (beyond it boxes are clamped).
    static let farLimit = PixelRect(x0: -(1 << 29), y0: -(1 << 29), x1: 1 << 29, y1: 1 << 29)

    private mutating func cacheKey(_ layer: CARenderLayer, _ part: LayerPlacement.Part) -> LayerBitmapCache.Key {
        LayerBitmapCache.Key(layer, part: part, anonymousCount: &anonymousIndex)
    }

    /// Adds a rotated or skewed layer part: drawn once unrotated at the transform's scale,
    /// then composited through the transform with bilinear filtering, so a rotating layer
    /// is not drawn again every frame. False when the bitmap would be too large (the part
    /// is then drawn at its device transform).
    private mutating func addTransformedBitmap(
        of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect
    ) -> Bool {
        // The scale, in steps of 1/256 (a rotation alone gives 1 give or take rounding, and
        // the bitmap is then reused at every angle).
        let exactScale = max((a.a * a.a + a.b * a.b).squareRoot(), (a.c * a.c + a.d * a.d).squareRoot())
        let scale = (exactScale * 256).rounded(.up) / 256
        guard scale.isFinite, scale > 0 else { return false }
        let raster = CGAffineTransform(scaleX: scale, y: scale)
        let limit = PixelRect(x0: -Self.maximumBitmapSide, y0: -Self.maximumBitmapSide, x1: Self.maximumBitmapSide, y1: Self.maximumBitmapSide)
        guard let box = Self.deviceBox(of: layer, part: part, toDevice: raster, within: limit), !box.isEmpty,
            box.width < Self.maximumBitmapSide, box.height < Self.maximumBitmapSide
        else { return false }
        // Bitmap pixel → layer point → device.
        let bitmapToDevice = CGAffineTransform(translationX: CGFloat(box.x0), y: CGFloat(box.y0))
            .concatenating(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale))
            .concatenating(a)
        guard let deviceToBitmap = bitmapToDevice.invertedIfPossible() else { return false }
        let device = CGRect(x: 0, y: 0, width: Int(box.width), height: Int(box.height)).applying(bitmapToDevice)
        let reach = PixelRect(covering: device, margin: 1, within: clip)
        guard !reach.isEmpty else { return true }
        let placement = LayerPlacement(part: part, toDevice: raster, wholeX: 0, wholeY: 0, box: box, alpha: alpha)
        guard let bitmap = cache.bitmap(for: cacheKey(layer, part), layer: layer, placement: placement, draw: {
            LayerBitmap(drawing: Self.bitmapBody(of: layer, part: part), toDevice: raster, alpha: alpha, box: box)
        }) else { return true }
        list.ops.append(DisplayOp(kind: .transformedBitmap(bitmap, deviceToBitmap: deviceToBitmap), box: reach, clip: clip))
        return true
    }

    /// A conservative box of the device pixels cairo can touch drawing `layer`'s subtree
    /// (the layer placed by `toDevice`), within `clip`: each body with its antialiasing
    /// margin and shadow, sublayers unless clipped to the bounds, a group's blurred shadow.
    /// Nil when it cannot be bounded: perspective, transitions, replicated instances,
    /// transform layers, cross-fades, geometry that is not finite, very deep trees.
    static func subtreeBox(_ layer: CARenderLayer, toDevice: CAProjectiveTransform, within clip: PixelRect, depth: Int = 0)
        -> PixelRect?
    {
        guard depth < 64, toDevice.isAffine, layer.transition == nil, layer.replicator == nil, !layer.isTransformLayer,
            layer.contentsCrossFade == nil
        else { return nil }
        if layer.isHidden { return .empty }
        let a = toDevice.affine
        guard var box = deviceBox(of: layer, part: .whole, toDevice: a, within: clip) else { return nil }
        guard !layer.masksToBounds, !layer.sublayers.isEmpty else { return box }
        let sublayerSpace = layer.sublayerSpaceTransform
        for sublayer in layer.sublayers {
            var local = sublayer.localTransform
            if !CATransform3DIsIdentity(sublayerSpace) { local = CATransform3DConcat(local, sublayerSpace) }
            let childToDevice = CAProjectiveTransform(flattening: local).concatenating(toDevice)
            guard let childBox = subtreeBox(sublayer, toDevice: childToDevice, within: clip, depth: depth + 1) else {
                return nil
            }
            box = box.union(childBox)
        }
        // Without a shadow path, the shadow is the blurred alpha of the whole group.
        if layer.shadowPath == nil, layer.castsShadow {
            guard let blur = RenderPass.shadowBlur(radius: layer.shadowRadius, toDevice: a) else { return box }
            let reach = CGFloat(blur.reach)
            let offset = layer.shadowOffset.applying(a)
            let shadow = box.cgRect.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -reach - 1, dy: -reach - 1)
            guard RenderPass.isFinite(shadow) else { return nil }
            box = box.union(PixelRect(covering: shadow, margin: 0, within: clip))
        }
        return box
    }

    /// The largest side of a bitmap drawn for a rotated layer.
    static let maximumBitmapSide: Int32 = 8192

    /// Whether a part of `layer` draws anything.
    static func draws(_ layer: CARenderLayer, _ part: LayerPlacement.Part) -> Bool {
        let hasBorder = layer.borderWidth > 0 && (layer.borderColor?.rgba.map { $0.alpha > 0 } ?? false)
        if part == .border { return hasBorder }
        if part == .whole && hasBorder { return true }
        if layer.backgroundColor?.rgba.map({ $0.alpha > 0 }) ?? false { return true }
        if layer.contents != nil { return true }
        if layer.castsShadow { return true }
        return layer.shape != nil || layer.gradient != nil || layer.text != nil
    }

    /// The snapshot a part's bitmap is drawn from: `layer` without sublayers, and for the
    /// part below the sublayers without its border, for the border only its border.
    static func bitmapBody(of layer: CARenderLayer, part: LayerPlacement.Part) -> CARenderLayer {
        var body = layer
        switch part {
        case .whole:
            break
        case .underSublayers:
            body.sublayers = []
            body.borderWidth = 0
        case .border:
            body.sublayers = []
            body.backgroundColor = nil
            body.contents = nil
            body.shadowOpacity = 0
            body.shape = nil
            body.gradient = nil
            body.text = nil
        }
        return body
    }

    /// The device rectangle a part of `body` (sublayers and mask aside) can draw into: its
    /// bounds (and contents outside them, unless clipped) with a pixel of antialiasing
    /// margin as cairo's group clip has, and its blurred shadow, within `clip`; nil when
    /// not finite. The border part reaches its bounds only. Each piece is clipped before
    /// they are joined (a far shadow would swamp the body's coordinates).
    static func deviceBox(of body: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, within clip: PixelRect)
        -> PixelRect?
    {
        let bounds = body.bounds.standardized
        var local = bounds
        let wholeBody = part != .border
        if wholeBody, !body.masksToBounds, let image = body.contents,
            let placement = RenderPass.contentsPlacement(image, of: body, in: bounds)
        {
            local = local.union(placement.destination)
        }
        if wholeBody, let shape = body.shape, let box = RenderPass.shapeBox(shape) {
            // A shape layer draws its path (and its stroke) wherever it goes.
            local = local.union(box)
        }
        if wholeBody, let emitter = body.emitter, let box = emitter.particleBounds {
            // So do particles.
            local = local.union(box)
        }
        let mapped = local.applying(a)
        guard RenderPass.isFinite(mapped) else { return nil }
        // RenderPass.clip(toDeviceBoxOf:) margins.
        let bodyBox = CGRect(
            x: mapped.minX.rounded(.down) - 1, y: mapped.minY.rounded(.down) - 1,
            width: mapped.width.rounded(.up) + 3, height: mapped.height.rounded(.up) + 3)
        var box = PixelRect(covering: bodyBox, margin: 0, within: clip)
        if wholeBody, body.castsShadow {
            guard let blur = RenderPass.shadowBlur(radius: body.shadowRadius, toDevice: a) else { return box }
            let reach = CGFloat(blur.reach)
            var shape = bodyBox
            if let path = body.shadowPath {
                let pathBox = path.controlPointBounds.applying(a)
                guard RenderPass.isFinite(pathBox) else { return nil }
                shape = pathBox.insetBy(dx: -1, dy: -1)
            }
            let offset = body.shadowOffset.applying(a)
            let shadow = shape.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -reach - 1, dy: -reach - 1)
            guard RenderPass.isFinite(shadow) else { return nil }
            box = box.union(PixelRect(covering: shadow, margin: 0, within: clip))
        }
        return box
    }
}
