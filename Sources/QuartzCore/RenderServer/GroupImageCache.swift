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
            RenderPass(cr: cr).draw(
                step.layer, parentToDevice: step.parentToDevice, parentSublayer: step.parentSublayer, alpha: step.alpha)
            cairo_surface_flush(surface)
            try CairoError.check(cairo_status(cr), "drawing a layer subtree")
        } catch {
            pixman_image_unref(image)
            throw error
        }
        self.image = image
        self.reach = reach
        pixmanValidate(image)
    }

    deinit { pixman_image_unref(image) }

    /// Bytes of pixel memory held.
    var byteCount: Int { Int(pixman_image_get_stride(image)) * Int(reach.height) }
}

/// The group images of the last frame, by step: an image is reused while its subtree's
/// snapshot is the very same (unchanged), at the same place, opacity and reach.
final class GroupImageCache {
    private struct Entry {
        let step: SubtreeStep
        let image: GroupImage
    }

    private var entries: [LayerBitmapCache.Key: Entry] = [:]
    /// Groups rasterised (not reused) since the cache was made.
    private(set) var rasterisedCount = 0

    /// The image of every group step of `list` that reaches `region`, drawn or reused, by
    /// step index; the images of other groups are dropped unless the list still shows them
    /// unchanged. Images larger in total than `byteLimit` are drawn for this frame only.
    func images(for list: DisplayList, in region: DamageRegion, byteLimit: Int) throws -> [Int: GroupImage] {
        var kept: [LayerBitmapCache.Key: Entry] = [:]
        var result: [Int: GroupImage] = [:]
        var bytes = 0
        var anonymous = 0
        for (index, op) in list.ops.enumerated() {
            guard case .subtree(let step) = op.kind else { continue }
            let key = LayerBitmapCache.Key(step.layer, part: .whole, anonymousCount: &anonymous)
            let reach = op.reach
            let needed = region.rects.contains { !$0.intersection(reach).isEmpty }
            if let entry = entries[key], entry.image.reach == reach, entry.step.drawsSame(as: step) {
                kept[key] = entry
                bytes += entry.image.byteCount
                if needed { result[index] = entry.image }
                continue
            }
            guard needed else { continue }
            let image = try GroupImage(drawing: step, reach: reach)
            rasterisedCount += 1
            result[index] = image
            if bytes + image.byteCount <= byteLimit {
                kept[key] = Entry(step: step, image: image)
                bytes += image.byteCount
            }
        }
        entries = kept
        return result
    }

    /// Drops every image.
    func removeAll() { entries.removeAll() }

    /// Bytes of pixels held.
    var byteCount: Int { entries.values.reduce(0) { $0 + $1.image.byteCount } }
}
