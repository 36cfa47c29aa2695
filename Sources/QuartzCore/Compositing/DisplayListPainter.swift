import CCairo
import CCompositor
import CPixman
import Dispatch

/// Draws a ``DisplayList`` into a target, inside a region only: the region is filled with
/// the background (transparent by default), then every step that reaches it is composited,
/// back to front — bitmaps with pixman at whole-pixel offsets, other subtrees from the images
/// cairo drew them into (``GroupImageCache``).
struct DisplayListPainter {
    /// Regions smaller than this many pixels are drawn on one thread.
    static let parallelThreshold = 1 << 16

    /// Draws `list` into `pixels` (premultiplied ARGB, `bytesPerRow × height`, checked by
    /// the caller) inside `region`. Large regions are split into horizontal bands drawn
    /// at once on `threads` threads (each band by one thread, with its own pixman and cairo
    /// targets; the bitmaps and snapshots are only read). What opaque steps hide of the steps
    /// below them is not composited unless `cutsHidden` is false (the same pixels, more work).
    /// `ownLoops` says which steps Lamina's own loops composite instead of pixman (the same
    /// pixels).
    /// Returns the number of pixels composited, over all steps.
    @discardableResult
    static func draw(
        _ list: DisplayList, in region: DamageRegion, groups: [Int: GroupImage], into pixels: UnsafeMutableRawPointer,
        width: Int, height: Int, bytesPerRow: Int, background: pixman_color_t = background(nil), threads: Int = 1,
        cutsHidden: Bool = true, ownLoops: OwnCompositeLoops = .preferred
    ) throws -> Int {
        guard !region.isEmpty else { return 0 }
        // A backdrop reads what is below it across its box: one band.
        let bandCount = region.area >= parallelThreshold && !list.hasBackdrops ? max(1, min(threads, 8, height)) : 1
        let target = Target(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow)
        let visible = cutsHidden ? list.visiblePieces(groups: groups) : [:]
        guard bandCount > 1 else {
            return try drawBand(list, groups, visible, region.rects, target, background, threads: threads, ownLoops)
        }
        let bands: [[PixelRect]] = (0..<bandCount).map { band in
            let band = PixelRect(
                x0: 0, y0: Int32(height * band / bandCount), x1: Int32(width), y1: Int32(height * (band + 1) / bandCount))
            return region.rects.map { $0.intersection(band) }.filter { !$0.isEmpty }
        }
        let results = BandResults(count: bandCount)
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            results.record(band: band) { try drawBand(list, groups, visible, bands[band], target, background, threads: 1, ownLoops) }
        }
        return try results.total()
    }

    /// The destination pixels, shared by the bands (each writes only its own rows).
    private struct Target: @unchecked Sendable {
        let pixels: UnsafeMutableRawPointer
        let width: Int, height: Int, bytesPerRow: Int
    }

    /// What each band composited, or the error it met.
    private final class BandResults: @unchecked Sendable {
        // Each band writes only its own slot, read after every band finished: slots of
        // memory of their own (an array's element written from several threads at once is
        // an access to the whole array).
        private let results: UnsafeMutableBufferPointer<Result<Int, Error>>

        init(count: Int) {
            results = .allocate(capacity: count)
            results.initialize(repeating: .success(0))
        }

        deinit {
            results.deinitialize()
            results.deallocate()
        }

        func record(band: Int, _ body: () throws -> Int) { results[band] = Result { try body() } }

        /// The pixels every band composited; throws the first band's error, if any.
        func total() throws -> Int { try results.reduce(0) { try $0 + $1.get() } }
    }

    /// `color` as a pixman fill: premultiplied, each channel rounded to 8 bits first so the
    /// pixels are exactly the colour's 8-bit values; nil is transparent.
    static func background(_ color: CGColor?) -> pixman_color_t {
        guard let rgba = color?.rgba else { return pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ value: CGFloat) -> UInt16 {
            let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
            return UInt16((clamped * 255).rounded()) * 257
        }
        let alpha = rgba.alpha.isNaN ? 0 : min(max(rgba.alpha, 0), 1)
        return pixman_color_t(
            red: channel(rgba.red * alpha), green: channel(rgba.green * alpha), blue: channel(rgba.blue * alpha),
            alpha: channel(alpha))
    }

    /// Fills `rects` (disjoint) with `background` and draws every step into them, each
    /// inside the pieces of it `visible` lists, if any (a backdrop's blur on up to `threads`
    /// threads). Returns the number of pixels composited.
    private static func drawBand(
        _ list: DisplayList, _ groups: [Int: GroupImage], _ visible: [Int: [PixelRect]], _ rects: [PixelRect],
        _ destination: Target,
        _ background: pixman_color_t, threads: Int, _ ownLoops: OwnCompositeLoops
    ) throws -> Int {
        guard !rects.isEmpty else { return 0 }
        let (pixels, width, height, bytesPerRow) = (destination.pixels, destination.width, destination.height, destination.bytesPerRow)
        guard let target = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else { throw CARenderError(.invalidSize, "pixman cannot wrap the \(width)×\(height) target") }
        defer { pixman_image_unref(target) }
        var boxes = rects.map { pixman_box32_t(x1: $0.x0, y1: $0.y0, x2: $0.x1, y2: $0.y1) }
        var fill = background
        // An opaque first step that covers the target leaves nothing of the background.
        if !list.coversTarget {
            _ = pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &fill, Int32(boxes.count), &boxes)
        }
        var masks = OpacityMasks()
        defer { masks.release() }
        var composited = 0
        // The target as Lamina's own loops write it.
        let ownLoopTarget = lamina_target_image(pixels, width: width, height: height, bytesPerRow: bytesPerRow)

        // The pixels kept for the rounded clips the steps are inside.
        var kept = KeptPixelStack()
        defer { kept.release() }

        for index in list.ops.indices {
            // A clip's ends act on all of its reach in the band (never cut by what hides it).
            switch list.ops[index].kind {
            case .clipBegin(let clip):
                let reach = list.ops[index].reach
                kept.begin(clip, pieces: rects.map { $0.intersection(reach) }.filter { !$0.isEmpty }, target: ownLoopTarget)
                continue
            case .clipEnd(let clip):
                let reach = list.ops[index].reach
                kept.end(clip, pieces: rects.map { $0.intersection(reach) }.filter { !$0.isEmpty }, target: ownLoopTarget)
                continue
            default:
                break
            }
            // A step that reaches none of the band is not copied (a copy retains what it
            // draws, and every band's thread would do it at once).
            let reach = list.ops[index].reach
            guard !reach.isEmpty, rects.contains(where: { !$0.intersection(reach).isEmpty }) else { continue }
            // Its fields, read in place (not a copy of the whole step).
            let (alpha, box, operation) = (list.ops[index].alpha, list.ops[index].box, list.ops[index].operation)
            let pieces = visible.isEmpty ? nil : visible[index]
            // Calls `body` with each visible piece of the step inside the band's rectangles.
            func forEachPiece(_ body: (PixelRect) -> Void) {
                for rect in rects {
                    guard let pieces else {
                        let r = rect.intersection(reach)
                        if !r.isEmpty {
                            composited += r.area
                            body(r)
                        }
                        continue
                    }
                    for piece in pieces {
                        let r = rect.intersection(piece)
                        if !r.isEmpty {
                            composited += r.area
                            body(r)
                        }
                    }
                }
            }
            // Composites a turned image through Lamina's own loop, when it takes it.
            func compositedByOwnLoop(_ image: OpaquePointer, _ source: lamina_source_image?, _ deviceToImage: CGAffineTransform) -> Bool {
                guard ownLoops.resamplesTurns,
                    let turned = ResampledComposite.turning(image, known: source, deviceToImage: deviceToImage)
                else {
                    return false
                }
                forEachPiece { r in
                    turned.composite(into: pixels, width: width, height: height, bytesPerRow: bytesPerRow, rect: r, alpha: alpha)
                }
                return true
            }
            // Composites `image` at a whole-pixel offset (its pixel at `dx`, `dy` from a
            // target pixel goes there) with OVER through Lamina's own loop, when it takes it.
            func compositedOverByOwnLoop(_ image: OpaquePointer, _ source: lamina_source_image?, dx: Int32, dy: Int32) -> Bool {
                guard ownLoops.compositesWholePixels else { return false }
                forEachPiece { r in
                    // A piece the loop refuses (reaching outside the image) goes to pixman.
                    guard !WholePixelComposite.composite(
                        image, known: source, sourceX: r.x0 + dx, sourceY: r.y0 + dy, into: ownLoopTarget, rect: r, alpha: alpha)
                    else { return }
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, image, masks.mask(alpha), target, r.x0 + dx, r.y0 + dy, 0, 0, r.x0, r.y0,
                        r.width, r.height)
                }
                return true
            }
            switch list.ops[index].kind {
            case .bitmap(let bitmap):
                // Opaque pixels replace what is below: the same as OVER, and faster.
                let replaces = bitmap.isOpaque && alpha >= 1
                if !replaces, compositedOverByOwnLoop(bitmap.image, bitmap.source, dx: -box.x0, dy: -box.y0) { continue }
                let mask = masks.mask(alpha)
                let operation = replaces ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
                forEachPiece { r in
                    pixman_image_composite32(
                        operation, bitmap.image, mask, target, r.x0 - box.x0, r.y0 - box.y0, 0, 0,
                        r.x0, r.y0, r.width, r.height)
                }
            case .transformedBitmap(let bitmap, let deviceToBitmap):
                if compositedByOwnLoop(bitmap.image, bitmap.source, bitmap.deviceToImage(deviceToBitmap)) { continue }
                // Made by the band that draws it: pixman images are changed when used.
                guard let transformed = TransformedImage(bitmap, deviceToBitmap: deviceToBitmap) else { continue }
                let mask = masks.mask(alpha)
                forEachPiece { r in
                    // Source coordinates are device coordinates through the image's transform.
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, transformed.image, mask, target, r.x0, r.y0, 0, 0, r.x0, r.y0, r.width, r.height)
                }
            case .subtree:
                // Drawn whole (as in a full redraw) into its own image before the bands,
                // composited into the damaged pieces only: blurred shadows and masks of a
                // group clipped to the damage would differ near its edges.
                guard let group = groups[index] else { continue }
                if let formula = list.ops[index].formula {
                    forEachPiece { r in
                        FormulaComposite.composite(
                            group.image, known: group.source, sourceX: r.x0 - group.reach.x0, sourceY: r.y0 - group.reach.y0,
                            into: ownLoopTarget, rect: r, alpha: alpha, formula: formula)
                    }
                    continue
                }
                if operation == PIXMAN_OP_OVER,
                    compositedOverByOwnLoop(group.image, group.source, dx: -group.reach.x0, dy: -group.reach.y0)
                { continue }
                let mask = masks.mask(alpha)
                forEachPiece { r in
                    pixman_image_composite32(
                        operation, group.image, mask, target, r.x0 - group.reach.x0, r.y0 - group.reach.y0, 0, 0,
                        r.x0, r.y0, r.width, r.height)
                }
            case .pending, .clipBegin, .clipEnd:
                continue
            case .transformedGroup(let group, let deviceToImage):
                if let formula = list.ops[index].formula {
                    if let (dx, dy) = deviceToImage.wholePixelTranslation {
                        forEachPiece { r in
                            FormulaComposite.composite(
                                group.image, known: group.source, sourceX: r.x0 + dx, sourceY: r.y0 + dy, into: ownLoopTarget,
                                rect: r, alpha: alpha, formula: formula)
                        }
                    } else if let transformed = TransformedImage(group.image, deviceToImage: deviceToImage) {
                        forEachPiece { r in
                            FormulaComposite.composite(
                                transformed: transformed.image, into: ownLoopTarget, rect: r, alpha: alpha, formula: formula)
                        }
                    }
                    continue
                }
                let mask = masks.mask(alpha)
                if let (dx, dy) = deviceToImage.wholePixelTranslation {
                    // Moved by whole pixels: composited as it is.
                    if operation == PIXMAN_OP_OVER, compositedOverByOwnLoop(group.image, group.source, dx: dx, dy: dy) { continue }
                    forEachPiece { r in
                        pixman_image_composite32(
                            operation, group.image, mask, target, r.x0 + dx, r.y0 + dy, 0, 0, r.x0, r.y0, r.width, r.height)
                    }
                    continue
                }
                if operation == PIXMAN_OP_OVER, compositedByOwnLoop(group.image, group.source, deviceToImage) { continue }
                guard let transformed = TransformedImage(group.image, deviceToImage: deviceToImage) else { continue }
                forEachPiece { r in
                    pixman_image_composite32(
                        operation, transformed.image, mask, target, r.x0, r.y0, 0, 0, r.x0, r.y0, r.width, r.height)
                }
            case .plainLayer(let step):
                forEachPiece { r in _ = step.draw(into: ownLoopTarget, rect: r) }
            case .shadow(let step):
                step.composite(into: target, loopTarget: ownLoopTarget) { forEachPiece($0) }
            case .backdrop(let step):
                try step.apply(
                    to: pixels, width: width, height: height, bytesPerRow: bytesPerRow, box: reach, rects: rects, threads: threads)
            }
        }
        return composited
    }
}

/// The constant masks one band composites with, one pixman solid image per opacity (a
/// band's own: pixman images are changed when used).
struct OpacityMasks {
    private var masks: [CGFloat: OpaquePointer] = [:]

    /// The mask for `alpha`, converted as cairo converts a paint's alpha (so a bitmap
    /// composited with it matches cairo's group painted with that alpha); nil for 1 (none).
    mutating func mask(_ alpha: CGFloat) -> OpaquePointer? {
        guard alpha < 1 else { return nil }
        if let mask = masks[alpha] { return mask }
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: Self.maskAlpha16(alpha))
        guard let mask = pixman_image_create_solid_fill(&color) else { return nil }
        masks[alpha] = mask
        return mask
    }

    /// The 16-bit alpha of the mask for `alpha` (below 1).
    static func maskAlpha16(_ alpha: CGFloat) -> UInt16 {
        let clamped = alpha > 0 ? Double(alpha) : 0
        return UInt16(clamped * 65535 + 0.5)
    }

    /// The 8-bit alpha pixman composites with for the mask of `alpha` (it keeps the top 8
    /// bits of its colour), as Lamina's own loops take it: 255 for 1 and above (no mask).
    static func maskAlpha8(_ alpha: CGFloat) -> UInt8 {
        guard alpha < 1 else { return 255 }
        return UInt8(maskAlpha16(alpha) >> 8)
    }

    /// Releases every mask.
    mutating func release() {
        for mask in masks.values { pixman_image_unref(mask) }
        masks = [:]
    }
}
