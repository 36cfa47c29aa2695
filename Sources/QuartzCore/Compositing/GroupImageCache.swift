import CCompositor
import CCairo
import CPixman

/// A subtree drawn by cairo as one group (a mask, group opacity over sublayers, a rounded
/// clip, perspective, …) rasterised once into an image of its own: composited into the
/// damage each frame while its step stays the same.
final class GroupImage: @unchecked Sendable {
    // Immutable once made: its pixels are written by the initializer only, then only read.
    /// The pixman image (owns its pixels), covering ``reach``.
    let image: OpaquePointer
    /// The device pixels it covers.
    let reach: PixelRect
    /// A rectangle of its pixels (in ``image``) that are all fully opaque (may be empty).
    let opaqueRect: PixelRect
    /// ``image``'s pixels as Lamina's own loops read them.
    let source: lamina_source_image?

    /// Draws `step` within `reach`.
    /// - Throws: ``CARenderError`` when the pixels cannot be allocated; ``CairoError``.
    init(drawing step: SubtreeStep, reach: PixelRect) throws {
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, reach.width, reach.height, nil, 0),
            let bits = pixman_image_get_data(image)
        else { throw CARenderError(.invalidSize, "no memory for a \(reach.width)×\(reach.height) layer image") }
        do {
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, reach.width,
                reach.height, pixman_image_get_stride(image))
            defer { cairo_surface_destroy(surface) }
            try CairoError.check(cairo_surface_status(surface), "wrapping a layer image for cairo")
            // Device coordinates stay the target's.
            cairo_surface_set_device_offset(surface, -Double(reach.x0), -Double(reach.y0))
            guard let cr = cairo_create(surface) else {
                throw CairoError(CAIRO_STATUS_NO_MEMORY, operation: "creating a cairo context for a layer image")
            }
            defer { cairo_destroy(cr) }
            // The layer's compositing mode and background filters are steps of the list (the
            // operator it is composited with, a backdrop step before it).
            var layer = step.layer
            if layer.compositingMode != nil { layer.compositingMode = nil }
            if !layer.backgroundFilters.isEmpty { layer.backgroundFilters = [] }
            RenderPass(cr: cr).draw(
                layer, parentToDevice: step.parentToDevice, parentSublayer: step.parentSublayer, alpha: step.alpha)
            cairo_surface_flush(surface)
            try CairoError.check(cairo_status(cr), "drawing a layer subtree")
        } catch {
            pixman_image_unref(image)
            throw error
        }
        self.image = image
        self.reach = reach
        source = lamina_source_image(pixmanImage: image)
        opaqueRect = OpaqueInterior.rect(
            in: bits, width: Int(reach.width), height: Int(reach.height), stride: Int(pixman_image_get_stride(image)))
        pixmanValidate(image)
    }

    deinit { pixman_image_unref(image) }

    /// Bytes of pixel memory held.
    var byteCount: Int { Int(pixman_image_get_stride(image)) * Int(reach.height) }
}

/// The group images of recent frames, by layer: an image is reused exactly while its
/// subtree's snapshot is the very same (unchanged), at the same place, opacity and reach;
/// while only the group's own transform or opacity changes (it moves, scales, rotates or
/// fades) it is composited through the new transform and faded by a mask instead of being
/// drawn again, until it rests.
final class GroupImageCache {
    private final class Entry {
        let step: SubtreeStep
        let image: GroupImage
        /// The layer's device transform and opacity in the last frame that showed it.
        var lastToDevice: CAProjectiveTransform
        var lastAlpha: CGFloat
        /// The last frame that showed it.
        var lastFrame: UInt64 = 0

        init(step: SubtreeStep, image: GroupImage) {
            self.step = step
            self.image = image
            lastToDevice = step.toDevice
            lastAlpha = step.effectiveAlpha
        }
    }

    private var entries: [LayerBitmapCache.Key: Entry] = [:]
    private var frame: UInt64 = 0
    /// Groups rasterised (not reused) since the cache was made.
    private(set) var rasterisedCount = 0

    /// Decides, for every group step of `list`, whether its image is reused, resampled or
    /// drawn: a step whose layer moved, scaled, rotated or faded since the last frame (or
    /// which `motions` animates at `time`) is composited from the image it has through its
    /// new transform and opacity; a fading one without a usable image is drawn opaque and
    /// faded by its mask. Returns how many steps show pixels drawn for another placement or
    /// opacity (to be drawn exactly once they rest).
    func resolve(
        _ list: inout DisplayList, motions: [ObjectIdentifier: CARenderLayerMotion], time: CFTimeInterval, maximumWholeArea: Int
    ) -> Int {
        frame &+= 1
        var approximated = 0
        for index in list.ops.indices {
            guard case .subtree(let step) = list.ops[index].kind else { continue }
            let entry = entries[step.key]
            let animated = CARenderLayerMotion.running(step.layer, in: motions, at: time)
            let alpha = step.effectiveAlpha
            let moving = entry.map { $0.lastToDevice != step.toDevice } ?? false || animated != nil
            let fading = entry.map { $0.lastAlpha != alpha } ?? false || animated?.fades == true
            defer {
                if let entry {
                    entry.lastToDevice = step.toDevice
                    entry.lastAlpha = alpha
                }
            }
            if let entry, entry.step.drawsSame(as: step) {
                entry.lastFrame = frame
                continue
            }
            if let entry, let (resampledOp, isExact) = resampled(entry, for: step, clip: list.ops[index].clip),
                isExact || moving || fading
            {
                entry.lastFrame = frame
                var op = resampledOp
                op.operation = list.ops[index].operation
                op.formula = list.ops[index].formula
                list.ops[index] = op
                if !isExact { approximated += 1 }
                continue
            }
            // In motion without an image to move: drawn to move with it — whole, even where
            // the clip cuts it, and opaque while it fades (then faded by the mask).
            let opaque = fading && alpha < 1
            let cut = step.wholeBox != list.ops[index].box
            if moving || fading, opaque || cut, Self.canResample(step), let whole = step.wholeBox,
                whole.area <= maximumWholeArea
            {
                list.ops[index].kind = .subtree(step.motionForm(opaque: opaque))
                if opaque { list.ops[index].alpha = alpha }
                approximated += 1
            }
        }
        return approximated
    }

    /// Whether a step's image may stand for it at other placements: an affine placement of
    /// a group whose subtree does not depend on it (transform layers place their sublayers
    /// in 3D, replicators and emitters are drawn anew).
    private static func canResample(_ step: SubtreeStep) -> Bool {
        step.toDevice.isAffine && !step.layer.isTransformLayer && step.layer.replicator == nil && step.layer.emitter == nil
            && step.layer.transition == nil
    }

    /// The op compositing `entry`'s image where `step` puts its layer, with its opacity,
    /// and whether that gives exactly the pixels drawing the step would (moved by whole
    /// pixels, same opacity); nil when the image cannot stand for it (another subtree,
    /// perspective, less opacity than needed, or more than twice or half the scale it was
    /// drawn at).
    private func resampled(_ entry: Entry, for step: SubtreeStep, clip: PixelRect) -> (DisplayOp, isExact: Bool)? {
        let drawn = entry.step
        // The image must hold the whole subtree (nothing cut off by a clip that it would
        // bring along).
        guard entry.image.reach == drawn.wholeBox, Self.canResample(step), Self.canResample(drawn),
            drawn.layer.drawsSameGroup(as: step.layer)
        else { return nil }
        let drawnAlpha = drawn.effectiveAlpha, alpha = step.effectiveAlpha
        guard drawnAlpha > 0, drawnAlpha >= alpha else { return nil }
        let old = drawn.toDevice.affine, new = step.toDevice.affine
        guard new.canBeResampled(from: old), let layerFromOld = old.invertedIfPossible() else { return nil }
        let reach = entry.image.reach
        let imageToDevice = CGAffineTransform(translationX: CGFloat(reach.x0), y: CGFloat(reach.y0))
            .concatenating(layerFromOld).concatenating(new)
        guard let deviceToImage = imageToDevice.invertedIfPossible() else { return nil }
        let mapped = CGRect(x: 0, y: 0, width: CGFloat(reach.width), height: CGFloat(reach.height)).applying(imageToDevice)
        guard RenderPass.isFinite(mapped) else { return nil }
        // Exact: moved by whole pixels, as opaque, to where the clip cuts nothing of it.
        let moved = imageToDevice.wholePixelTranslation.map {
            PixelRect(x0: 0, y0: 0, x1: reach.width, y1: reach.height).offsetBy(dx: $0.dx, dy: $0.dy)
        }
        let isExact = moved != nil && alpha == drawnAlpha && step.wholeBox == moved && moved == moved?.intersection(clip)
        let box = moved ?? PixelRect(covering: mapped, margin: 1, within: DisplayListBuilder.farLimit)
        let op = DisplayOp(
            kind: .transformedGroup(entry.image, deviceToImage: deviceToImage), box: box, clip: clip, alpha: alpha / drawnAlpha)
        return (op, isExact)
    }

    /// The image of every group step of `list` that reaches `region`, drawn or reused, by
    /// step index; the images of other groups are dropped unless the list still shows them
    /// (unchanged, or resampled). Images larger in total than `byteLimit` are drawn for
    /// this frame only.
    func images(for list: DisplayList, in region: DamageRegion, byteLimit: Int) throws -> [Int: GroupImage] {
        var kept: [LayerBitmapCache.Key: Entry] = [:]
        var result: [Int: GroupImage] = [:]
        var bytes = 0
        for (index, op) in list.ops.enumerated() {
            guard case .subtree(let step) = op.kind else { continue }
            let reach = op.reach
            let needed = region.rects.contains { !$0.intersection(reach).isEmpty }
            // A step drawn to move with its layer covers all it can draw.
            let area = step.drawsWhole ? step.wholeBox ?? reach : reach
            if let entry = entries[step.key], entry.image.reach == area, entry.step.drawsSame(as: step) {
                kept[step.key] = entry
                bytes += entry.image.byteCount
                if needed { result[index] = entry.image }
                continue
            }
            guard needed else { continue }
            let image = try GroupImage(drawing: step, reach: area)
            rasterisedCount += 1
            result[index] = image
            if bytes + image.byteCount <= byteLimit {
                let entry = Entry(step: step, image: image)
                entry.lastFrame = frame
                entry.lastAlpha = step.effectiveAlpha * op.alpha
                kept[step.key] = entry
                bytes += image.byteCount
            }
        }
        // Resampled images stay while they fit.
        for (key, entry) in entries where entry.lastFrame == frame && kept[key] == nil {
            guard bytes + entry.image.byteCount <= byteLimit else { continue }
            kept[key] = entry
            bytes += entry.image.byteCount
        }
        entries = kept
        return result
    }

    /// Drops every image.
    func removeAll() { entries.removeAll() }

    /// Bytes of pixels held.
    var byteCount: Int { entries.values.reduce(0) { $0 + $1.image.byteCount } }
}
