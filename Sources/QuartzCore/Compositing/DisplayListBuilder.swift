import Dispatch

/// Turns a render tree into a ``DisplayList``: each layer drawn by the bitmap path becomes
/// one or two cached bitmaps (its body, and its border when sublayers go between), placed
/// at whole device pixels; a subtree the bitmap path cannot reproduce exactly becomes one
/// step drawn by cairo, as ``CALayerCompositor`` draws it.
struct DisplayListBuilder {
    private(set) var list = DisplayList()
    private let cache: LayerBitmapCache
    private var anonymousIndex = 0
    /// Bitmaps to draw for steps of the list (``drawPendingBitmaps(threads:)``).
    private var pending: [PendingBitmap] = []
    /// The animated layers' motions, and the frame's media time.
    private let motions: [ObjectIdentifier: CARenderLayerMotion]
    private let time: CFTimeInterval
    /// Whether layers that are only a background, a border and rounded corners are drawn as
    /// geometry (``PlainLayerStep``) rather than through bitmaps.
    private let drawsPlainLayers: Bool
    /// Where shadows of known outlines get their images (``ShadowStep``); nil: shadows are
    /// drawn with their layers' bitmaps or groups.
    private let shadows: ShadowImageCache?
    /// How a `masksToBounds` clip that is not a rectangle of whole device pixels (rounded,
    /// sub-pixel, turned) is drawn: applied as coverage while its sublayers are composited
    /// (``RoundedClip``), or its subtree drawn by cairo as one group.
    private let roundedClips: CARenderer.RoundedClipDrawing
    /// Where rounded clips keep their coverage from frame to frame; nil: computed anew.
    private let clipCache: RoundedClipCache?

    /// A builder for `target`, with room for `expectedSteps` steps (the last frame's count);
    /// `motions` says which layers animations keep in motion at media time `time`.
    init(
        target: PixelRect, cache: LayerBitmapCache, expectedSteps: Int = 0,
        motions: [ObjectIdentifier: CARenderLayerMotion] = [:], time: CFTimeInterval = 0, drawsPlainLayers: Bool = false,
        shadows: ShadowImageCache? = nil, roundedClips: CARenderer.RoundedClipDrawing = .groups,
        clipCache: RoundedClipCache? = nil
    ) {
        self.drawsPlainLayers = drawsPlainLayers
        self.roundedClips = roundedClips
        self.clipCache = clipCache
        self.shadows = shadows
        list.target = target
        list.ops.reserveCapacity(expectedSteps)
        self.cache = cache
        self.motions = motions
        self.time = time
    }

    /// Adds `tree` with its root placed by `rootToDevice`.
    ///
    /// Walks the tree with a stack of its own (one entry per level being added), so no depth
    /// of tree can exhaust the render thread's stack.
    mutating func add(tree: CARenderLayer, rootToDevice: CGAffineTransform) {
        var levels: [SublayerLevel] = []
        add(tree, parentToDevice: CAProjectiveTransform(rootToDevice), parentSublayer: CATransform3DIdentity, alpha: 1,
            clip: list.target, then: &levels)
        while !levels.isEmpty {
            let last = levels.count - 1
            let next = levels[last].next
            guard next < levels[last].sublayers.count else {
                // Every sublayer added: the layer's border goes over them.
                let done = levels.removeLast()
                if let rounded = done.roundedClip {
                    list.ops.append(DisplayOp(kind: .clipEnd(rounded), box: rounded.box, clip: done.clip))
                }
                addPart(
                    of: done.layer, part: .border, toDevice: done.toDevice, alpha: done.alpha, clip: done.clip,
                    exact: done.roundedClip != nil)
                continue
            }
            levels[last].next = next + 1
            add(levels[last].sublayers[next], parentToDevice: CAProjectiveTransform(levels[last].toDevice),
                parentSublayer: levels[last].sublayerSpace, alpha: levels[last].alpha, clip: levels[last].sublayerClip,
                then: &levels)
        }
    }

    /// A layer whose sublayers ``add(tree:rootToDevice:)`` is adding, and its border to add
    /// after them.
    private struct SublayerLevel {
        let layer: CARenderLayer
        let sublayers: [CARenderLayer]
        /// The next sublayer to add.
        var next = 0
        let toDevice: CGAffineTransform
        let sublayerSpace: CATransform3D
        let alpha: CGFloat
        /// The clip of the layer's own parts, and of its sublayers.
        let clip: PixelRect
        let sublayerClip: PixelRect
        /// The clip applied to the sublayers as coverage, if any.
        let roundedClip: RoundedClip?
    }

    /// Adds `layer` itself and, when it has sublayers to add, pushes them on `levels` (with
    /// its border, which goes over them).
    private mutating func add(
        _ layer: CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha inherited: CGFloat,
        clip: PixelRect, then levels: inout [SublayerLevel]
    ) {
        guard let placement = layer.drawPlacement(parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: inherited)
        else { return }
        let (alpha, toDevice) = (placement.alpha, placement.toDevice)

        let a = toDevice.affine
        let sublayers = layer.sublayers
        if !layer.backgroundFilters.isEmpty, toDevice.isAffine { addBackdrop(of: layer, toDevice: a, clip: clip) }
        var layer = layer
        var childClip: SublayerClip?
        if toDevice.isAffine, let shadows, layer.castsShadow {
            // A shadow of a known outline is a step of its own when the rest of the layer
            // stays on the bitmap path without it (drawn there, it would be blurred anew for
            // every sub-pixel position and scale).
            var body = layer
            body.shadowOpacity = 0
            if let bodyClip = sublayerClip(body, toDevice: a, alpha: alpha, clip: clip),
                let shadow = ShadowStep(layer, toDevice: a, alpha: alpha, clip: clip, cache: shadows)
            {
                let box = shadow.box
                if !box.intersection(clip).isEmpty { list.ops.append(DisplayOp(kind: .shadow(shadow), box: box, clip: clip)) }
                layer = body
                childClip = bodyClip
            }
        }
        if childClip == nil, toDevice.isAffine { childClip = sublayerClip(layer, toDevice: a, alpha: alpha, clip: clip) }
        guard toDevice.isAffine, let childClip else {
            // Drawn by cairo; its box bounds the damage when it changes (the clip when the
            // subtree cannot be bounded, or its compositing mode changes all the clip).
            let whole = Self.subtreeBox(layer, toDevice: toDevice, within: Self.farLimit)
            let unbounded = layer.compositingMode?.isUnbounded ?? false
            let box = unbounded ? clip : whole?.intersection(clip) ?? clip
            var op = DisplayOp(
                kind: .subtree(SubtreeStep(
                    layer, parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: inherited,
                    key: cacheKey(layer, .whole), toDevice: toDevice, wholeBox: unbounded ? nil : whole)),
                box: box, clip: clip)
            switch layer.compositingMode {
            case .blendMode(let mode)?: op.operation = mode.pixmanOperator
            case .formula(let formula)?: op.formula = formula
            case nil: break
            }
            list.ops.append(op)
            return
        }
        guard !sublayers.isEmpty else {
            if drawsPlainLayers, list.target.width < PlainLayerStep.widestTarget, let plain = PlainLayerStep(layer, toDevice: a, alpha: alpha) {
                addPlain(plain, of: layer, clip: clip)
                return
            }
            addBitmap(of: layer, part: .whole, toDevice: a, alpha: alpha, clip: clip)
            return
        }
        var rounded: RoundedClip?
        let sublayerRect: PixelRect
        switch childClip {
        case .rect(let rect): sublayerRect = rect
        case .rounded(let clipping):
            rounded = clipping
            sublayerRect = clip.intersection(clipping.box)
        }
        addPart(of: layer, part: .underSublayers, toDevice: a, alpha: alpha, clip: clip, exact: rounded != nil)
        let bounds = layer.bounds.standardized
        // As RenderPass.drawBody: a clipping layer with empty bounds draws nothing more.
        if layer.masksToBounds && bounds.isEmpty { return }
        if let rounded { list.ops.append(DisplayOp(kind: .clipBegin(rounded), box: rounded.box, clip: clip)) }
        levels.append(SublayerLevel(
            layer: layer, sublayers: layer.sublayersInDrawingOrder, toDevice: a, sublayerSpace: layer.sublayerSpaceTransform,
            alpha: alpha, clip: clip, sublayerClip: sublayerRect, roundedClip: rounded))
    }

    /// How a layer's sublayers are clipped on the display list: to a rectangle of whole
    /// device pixels, or by a clip's coverage.
    private enum SublayerClip {
        case rect(PixelRect)
        case rounded(RoundedClip)
    }

    /// The clip for the layer's sublayers when the display list draws the layer as cairo
    /// would (a clip that is not a rectangle of whole device pixels by its coverage, as
    /// ``roundedClips`` says); nil when the layer's subtree must be drawn by cairo.
    private func sublayerClip(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect)
        -> SublayerClip?
    {
        if layer.transition != nil || layer.contentsCrossFade != nil || layer.mask != nil { return nil }
        // Filters and compositing modes apply to the layer's group: drawn as one.
        if RenderPass.drawsFilteredGroup(layer) { return nil }
        // Replicated instances, a transform layer's shared 3D space and particles are drawn
        // by cairo.
        if layer.replicator != nil || layer.isTransformLayer || layer.emitter != nil { return nil }
        guard !layer.sublayers.isEmpty else { return .rect(clip) }
        // Group opacity and a group's shadow span the sublayers: one cairo group.
        if alpha < 1 && layer.allowsGroupOpacity { return nil }
        if layer.castsShadow { return nil }
        guard layer.masksToBounds else { return .rect(clip) }
        // An unrounded clip on whole device pixels is a rectangle of them.
        let b = layer.bounds.standardized
        let device = b.applying(a)
        let edges = [device.minX, device.minY, device.maxX, device.maxY]
        if a.b == 0, a.c == 0, RenderPass.effectiveRadius(layer, b) == 0,
            edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 0x4000_0000 })
        {
            return .rect(clip.intersection(PixelRect(covering: device, margin: 0, within: list.target)))
        }
        // Others by their coverage, with few enough sublayers.
        guard roundedClips != .groups, list.target.width < PlainLayerStep.widestTarget,
            layer.sublayers.count <= RoundedClip.mostSublayers
        else { return nil }
        if roundedClips == .coverageUnlessAnimatedWhole, CARenderLayerMotion.running(layer, in: motions, at: time) != nil,
            !layer.sublayers.contains(where: { CARenderLayerMotion.running($0, in: motions, at: time) != nil })
        {
            return nil
        }
        let made = clipCache.map { $0.clip(of: layer, toDevice: a, within: list.target) }
            ?? RoundedClip.geometry(of: layer, toDevice: a, within: list.target).flatMap { RoundedClip($0.outline, box: $0.box) }
        guard let rounded = made else {
            // Nothing of the clip in the target: the sublayers draw nothing.
            return RenderPass.isFinite(device) && PixelRect(covering: device, margin: 0, within: list.target).isEmpty
                ? .rect(.empty) : nil
        }
        return .rounded(rounded)
    }

    /// Adds the part of a layer with sublayers below them (background) or above them
    /// (border): as geometry when it is a plain rectangle on whole device pixels (a window's
    /// background holds no screen-sized bitmap; geometry and bitmap give the same pixels
    /// there) or, when `exact`, at any transform (the layer's sublayers are clipped by the
    /// coverage the same geometry has), else as its cached bitmap.
    private mutating func addPart(
        of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect,
        exact: Bool = false
    ) {
        if drawsPlainLayers, list.target.width < PlainLayerStep.widestTarget,
            let plain = PlainLayerStep(layer, part: part, toDevice: a, alpha: alpha), exact || plain.coversWholePixels
        {
            // A bitmap it had before goes (the anonymous layers' count is left as it was).
            if let id = layer.layerID { cache.remove(LayerBitmapCache.Key(layer: id, anonymousIndex: 0, part: part)) }
            addPlain(plain, of: layer, clip: clip)
            return
        }
        addBitmap(of: layer, part: part, toDevice: a, alpha: alpha, clip: clip)
    }

    /// Adds the step drawing a plain layer as geometry (its bitmap, if it had one, goes).
    private mutating func addPlain(_ plain: PlainLayerStep, of layer: CARenderLayer, clip: PixelRect) {
        let box = plain.box
        guard !box.intersection(clip).isEmpty else { return }
        list.ops.append(DisplayOp(kind: .plainLayer(plain), box: box, clip: clip))
    }

    /// Adds the step applying the layer's background filters to what is below it.
    private mutating func addBackdrop(of layer: CARenderLayer, toDevice a: CGAffineTransform, clip: PixelRect) {
        let box = RenderPass.backdropBox(of: layer, toDevice: a, within: clip)
        guard !box.isEmpty else { return }
        list.ops.append(DisplayOp(kind: .backdrop(BackdropStep(layer, toDevice: a)), box: box, clip: clip))
    }

    /// Adds the cached bitmap of one part of `layer`, if that part draws anything.
    ///
    /// A bitmap is reused exactly while the part is placed as it was drawn (moved by whole
    /// pixels; rotated layers are drawn unrotated and always composited through their
    /// transform). While the layer moves, scales, rotates or fades, its bitmap is
    /// composited through the new transform and opacity instead of being drawn again; the
    /// first frame in which it is where it was in the frame before draws it again, exactly.
    private mutating func addBitmap(
        of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect
    ) {
        guard Self.draws(layer, part) else { return }
        let key = cacheKey(layer, part)
        let cached = cache.entry(for: key)
        let reusable = cached.flatMap { $0.appearance.hasSameAppearance(as: layer) ? $0 : nil }
        // In motion: placed or faded otherwise than in the last frame, or animated (an eased
        // animation may hold a value for a frame or two without coming to rest).
        let animated = CARenderLayerMotion.running(layer, in: motions, at: time)
        let moving = cached.map { $0.lastToDevice != a } ?? false || animated != nil
        let fading = cached.map { $0.lastAlpha != alpha } ?? false || animated?.fades == true
        // At rest the opacity is drawn into the bitmap, as cairo draws it; while the layer
        // fades the bitmap is drawn opaque (or kept) and faded by the compositing mask.
        let drawnAlpha: CGFloat = fading ? 1 : alpha
        // A bitmap drawn opaque for a fade is drawn again with its opacity once it rests.
        if fading { list.approximatedCount += 1 }
        guard let exact = exactPlacement(of: layer, part: part, toDevice: a, drawnAlpha: drawnAlpha, clip: clip) else {
            cache.remove(key)
            return
        }
        if let reusable, reusable.placement == exact.placement {
            cache.use(reusable, toDevice: a, alpha: alpha)
            addOp(reusable.bitmap, exact, toDevice: a, alpha: alpha / drawnAlpha, clip: clip)
            return
        }
        if let reusable, moving || fading, Self.canResample(reusable.bitmap, toDevice: a, alpha: alpha) {
            cache.use(reusable, toDevice: a, alpha: alpha)
            addResampled(reusable.bitmap, toDevice: a, alpha: alpha / reusable.bitmap.bakedAlpha, clip: clip)
            if !fading { list.approximatedCount += 1 }
            return
        }
        // Drawn with the frame's other new bitmaps once the list is complete.
        pending.append(PendingBitmap(
            step: list.ops.count, key: key, layer: layer, part: part, exact: exact, drawnAlpha: drawnAlpha, toDevice: a,
            alpha: alpha, clip: clip))
        list.ops.append(DisplayOp(kind: .pending, box: exact.isRotated ? .empty : exact.drawnBox, clip: clip))
    }

    /// How a part is drawn exactly: at its device transform into `drawnBox` (device pixels,
    /// composited at whole-pixel offsets), or — rotated or skewed — unrotated at the
    /// transform's scale (`raster`) and composited through the rest of the transform.
    private struct ExactPlacement: Sendable {
        var placement: LayerPlacement
        /// Layer points → the pixels it is drawn into.
        var raster: CGAffineTransform
        /// The box drawn, in `raster`'s pixels.
        var drawnBox: PixelRect
        var isRotated: Bool
    }

    /// The exact placement of a part at `a`, drawn with `drawnAlpha`; nil when it draws
    /// nothing inside `clip` or its geometry is not finite.
    private func exactPlacement(
        of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, drawnAlpha: CGFloat, clip: PixelRect
    ) -> ExactPlacement? {
        if a.b != 0 || a.c != 0, let rotated = rotatedPlacement(of: layer, part: part, toDevice: a, drawnAlpha: drawnAlpha) {
            return rotated
        }
        guard let box = bitmapBox(of: layer, part: part, toDevice: a, clip: clip) else { return nil }
        let wholeX = a.tx.rounded(.down), wholeY = a.ty.rounded(.down)
        guard abs(wholeX) < 0x4000_0000, abs(wholeY) < 0x4000_0000 else { return nil }
        let relative = box.offsetBy(dx: -Int32(wholeX), dy: -Int32(wholeY))
        let placement = LayerPlacement(part: part, toDevice: a, wholeX: wholeX, wholeY: wholeY, box: relative, alpha: drawnAlpha)
        return ExactPlacement(placement: placement, raster: a, drawnBox: box, isRotated: false)
    }

    /// A rotated or skewed part drawn unrotated at the transform's scale, in steps of
    /// 1/256 (a rotation alone gives 1 give or take rounding, so the bitmap serves every
    /// angle); nil when the bitmap would be too large (the part is then drawn at its device
    /// transform).
    private func rotatedPlacement(
        of layer: CARenderLayer, part: LayerPlacement.Part, toDevice a: CGAffineTransform, drawnAlpha: CGFloat
    ) -> ExactPlacement? {
        let exactScale = max((a.a * a.a + a.b * a.b).squareRoot(), (a.c * a.c + a.d * a.d).squareRoot())
        let scale = (exactScale * 256).rounded(.up) / 256
        guard scale.isFinite, scale > 0 else { return nil }
        let raster = CGAffineTransform(scaleX: scale, y: scale)
        let limit = PixelRect(x0: -Self.maximumBitmapSide, y0: -Self.maximumBitmapSide, x1: Self.maximumBitmapSide, y1: Self.maximumBitmapSide)
        guard let box = Self.deviceBox(of: layer, part: part, toDevice: raster, within: limit), !box.isEmpty,
            box.width < Self.maximumBitmapSide, box.height < Self.maximumBitmapSide
        else { return nil }
        let placement = LayerPlacement(part: part, toDevice: raster, wholeX: 0, wholeY: 0, box: box, alpha: drawnAlpha)
        return ExactPlacement(placement: placement, raster: raster, drawnBox: box, isRotated: true)
    }

    /// Adds `bitmap`, drawn for `exact`: at its box, or through the rotation.
    private mutating func addOp(
        _ bitmap: LayerBitmap, _ exact: ExactPlacement, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect
    ) {
        if let op = Self.op(bitmap, exact, toDevice: a, alpha: alpha, clip: clip) { list.ops.append(op) }
    }

    /// The step compositing `bitmap`, drawn for `exact`; nil when it shows nothing in `clip`.
    private static func op(
        _ bitmap: LayerBitmap, _ exact: ExactPlacement, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect
    ) -> DisplayOp? {
        guard !exact.isRotated else { return resampledOp(bitmap, toDevice: a, alpha: alpha, clip: clip) }
        // Only its inked pixels are composited, and damaged when they change.
        let inked = bitmap.inked.offsetBy(dx: exact.drawnBox.x0, dy: exact.drawnBox.y0)
        guard !inked.intersection(clip).isEmpty else { return nil }
        return DisplayOp(kind: .bitmap(bitmap), box: inked, clip: clip, alpha: alpha)
    }

    /// Adds `bitmap` composited through the transform that takes the pixels it was drawn
    /// with to where its layer is now (`a`), with bilinear filtering.
    private mutating func addResampled(_ bitmap: LayerBitmap, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect) {
        if let op = Self.resampledOp(bitmap, toDevice: a, alpha: alpha, clip: clip) { list.ops.append(op) }
    }

    private static func resampledOp(_ bitmap: LayerBitmap, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect)
        -> DisplayOp?
    {
        guard let layerFromBitmap = bitmap.layerToBitmap.invertedIfPossible() else { return nil }
        let bitmapToDevice = layerFromBitmap.concatenating(a)
        guard let deviceToBitmap = bitmapToDevice.invertedIfPossible() else { return nil }
        if let (dx, dy) = bitmapToDevice.wholePixelTranslation {
            // Moved by whole pixels: composited as it is.
            let inked = bitmap.inked.offsetBy(dx: dx, dy: dy)
            guard !inked.intersection(clip).isEmpty else { return nil }
            return DisplayOp(kind: .bitmap(bitmap), box: inked, clip: clip, alpha: alpha)
        }
        let inked = bitmap.inked.cgRect.applying(bitmapToDevice)
        guard RenderPass.isFinite(inked) else { return nil }
        let reach = PixelRect(covering: inked, margin: 1, within: clip)
        guard !reach.isEmpty else { return nil }
        return DisplayOp(kind: .transformedBitmap(bitmap, deviceToBitmap: deviceToBitmap), box: reach, clip: clip, alpha: alpha)
    }

    /// A bitmap to draw before the list is complete, and the step waiting for it.
    private struct PendingBitmap: Sendable {
        var step: Int
        var key: LayerBitmapCache.Key
        var layer: CARenderLayer
        var part: LayerPlacement.Part
        var exact: ExactPlacement
        var drawnAlpha: CGFloat
        var toDevice: CGAffineTransform
        var alpha: CGFloat
        var clip: PixelRect

        func draw() -> LayerBitmap? {
            LayerBitmap(
                drawing: DisplayListBuilder.bitmapBody(of: layer, part: part), toDevice: exact.raster, alpha: drawnAlpha,
                box: exact.drawnBox)
        }
    }

    /// Draws the bitmaps the frame needs anew, on up to `threads` threads (each bitmap by
    /// one thread, from snapshots that are only read), and puts them in their steps.
    /// Bitmaps that opaque steps above would hide entirely are not drawn: their steps go.
    mutating func drawPendingBitmaps(threads: Int) {
        guard !pending.isEmpty else { return }
        let hidden = list.hiddenSteps()
        let jobs = pending.filter { !hidden[$0.step] }
        let drawn = UnsafeMutableBufferPointer<LayerBitmap?>.allocate(capacity: jobs.count)
        drawn.initialize(repeating: nil)
        defer {
            drawn.deinitialize()
            drawn.deallocate()
        }
        let results = PendingResults(drawn)
        let workers = max(1, min(threads, 8, jobs.count))
        if workers == 1 {
            for index in jobs.indices { drawn[index] = jobs[index].draw() }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: jobs.count, by: workers) { results.set(index, jobs[index].draw()) }
            }
        }
        for (index, job) in jobs.enumerated() {
            guard let bitmap = drawn[index] else {
                cache.remove(job.key)
                continue
            }
            cache.store(bitmap, for: job.key, layer: job.layer, placement: job.exact.placement, toDevice: job.toDevice, alpha: job.alpha)
            if let op = Self.op(bitmap, job.exact, toDevice: job.toDevice, alpha: job.alpha / job.drawnAlpha, clip: job.clip) {
                list.ops[job.step] = op
            }
        }
        pending = []
        list.ops.removeAll { if case .pending = $0.kind { true } else { false } }
    }

    /// The finished list, handed over rather than shared (the builder keeps an empty one):
    /// the steps the renderer changes afterwards are changed in place, not in a copy of the
    /// whole list (which would retain every step's bitmap).
    mutating func takeList() -> DisplayList {
        var taken = DisplayList()
        swap(&taken, &list)
        return taken
    }

    /// Where concurrent drawing puts its bitmaps: each index is written by one thread only,
    /// and read once every thread is done.
    private struct PendingResults: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<LayerBitmap?>
        init(_ buffer: UnsafeMutableBufferPointer<LayerBitmap?>) { self.buffer = buffer }
        func set(_ index: Int, _ bitmap: LayerBitmap?) { buffer[index] = bitmap }
    }

    /// Whether a bitmap drawn for another placement can stand for the layer at `a` with
    /// `alpha` while it moves: its pixels hold at least that opacity, and it was drawn at
    /// between half and twice the scale (further, resampling would blur or alias visibly).
    private static func canResample(_ bitmap: LayerBitmap, toDevice a: CGAffineTransform, alpha: CGFloat) -> Bool {
        guard bitmap.bakedAlpha >= alpha, bitmap.bakedAlpha > 0 else { return false }
        return a.canBeResampled(from: bitmap.layerToBitmap)
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

    /// A conservative box of the device pixels cairo can touch drawing `layer`'s subtree
    /// (the layer placed by `toDevice`), within `clip`: each body with its antialiasing
    /// margin and shadow, sublayers unless clipped to the bounds, a group's blurred shadow.
    /// A replicator's instances are bounded as the render pass places them (its sublayers in
    /// the sublayer space moved by the instance transform applied once per instance). Nil
    /// when it cannot be bounded: perspective, transitions, more than
    /// ``boundedInstanceLimit`` replicated sublayers, transform layers, cross-fades, geometry
    /// that is not finite, very deep trees.
    static func subtreeBox(_ layer: CARenderLayer, toDevice: CAProjectiveTransform, within clip: PixelRect, depth: Int = 0)
        -> PixelRect?
    {
        guard depth < 64, toDevice.isAffine, layer.transition == nil, !layer.isTransformLayer, layer.contentsCrossFade == nil
        else { return nil }
        if layer.isHidden { return .empty }
        let a = toDevice.affine
        guard var box = deviceBox(of: layer, part: .whole, toDevice: a, within: clip) else { return nil }
        guard !layer.masksToBounds, !layer.sublayers.isEmpty else {
            return grownByFilters(box, of: layer, toDevice: a, within: clip)
        }
        guard let placed = placedSublayers(of: layer) else { return nil }
        for (sublayers, sublayerSpace) in placed {
            for sublayer in sublayers {
                var local = sublayer.localTransform
                if !CATransform3DIsIdentity(sublayerSpace) { local = CATransform3DConcat(local, sublayerSpace) }
                let childToDevice = CAProjectiveTransform(flattening: local).concatenating(toDevice)
                guard let childBox = subtreeBox(sublayer, toDevice: childToDevice, within: clip, depth: depth + 1) else {
                    return nil
                }
                box = box.union(childBox)
            }
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
        return grownByFilters(box, of: layer, toDevice: a, within: clip)
    }

    /// How many replicated sublayers (instances × sublayers) ``subtreeBox(_:toDevice:within:depth:)``
    /// bounds one by one; a replicator with more counts as unbounded.
    static let boundedInstanceLimit = 1024

    /// The sublayers `layer` draws, each group with the sublayer space it is drawn in: its
    /// sublayers in its sublayer space, or a replicator's instances (as
    /// `RenderPass.drawReplicatedSublayers` places them); nil for a replicator with more than
    /// ``boundedInstanceLimit`` replicated sublayers.
    private static func placedSublayers(of layer: CARenderLayer) -> [([CARenderLayer], CATransform3D)]? {
        guard let replicator = layer.replicator else { return [(layer.sublayers, layer.sublayerSpaceTransform)] }
        var placed: [([CARenderLayer], CATransform3D)]? = []
        var count = 0
        layer.forEachReplicatedInstance(of: replicator) { _, sublayers, space in
            count += sublayers.count
            guard count <= boundedInstanceLimit else {
                placed = nil
                return false
            }
            placed?.append((sublayers, space))
            return true
        }
        return placed
    }

    /// `box` grown by the reach of the layer's filters (a blur spreads the group), within `clip`.
    private static func grownByFilters(_ box: PixelRect, of layer: CARenderLayer, toDevice a: CGAffineTransform, within clip: PixelRect)
        -> PixelRect
    {
        guard !layer.filters.isEmpty else { return box }
        return box.grown(by: RenderPass.filterReach(layer, toDevice: a)).intersection(clip)
    }

    /// The largest side of a bitmap drawn for a rotated layer.
    static let maximumBitmapSide: Int32 = 8192

    /// Whether a part of `layer` draws anything.
    static func draws(_ layer: CARenderLayer, _ part: LayerPlacement.Part) -> Bool {
        let hasBorder = layer.borderWidth > 0 && RenderPass.paints(layer.borderColor)
        if part == .border { return hasBorder }
        if part == .whole && hasBorder { return true }
        if RenderPass.paints(layer.backgroundColor) { return true }
        if layer.contents != nil { return true }
        if layer.castsShadow { return true }
        return layer.shape != nil || layer.gradient != nil || layer.text != nil
    }

    /// The snapshot a part's bitmap is drawn from: `layer` without sublayers, and for the
    /// part below the sublayers without its border, for the border only its border.
    static func bitmapBody(of layer: CARenderLayer, part: LayerPlacement.Part) -> CARenderLayer {
        var body = layer
        // Its background filters are a step of their own, before its bitmaps.
        if !body.backgroundFilters.isEmpty { body.backgroundFilters = [] }
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
