import Foundation
import CPixman

/// Lamina: renders one layer tree into pixel buffers frame after frame — the role of
/// Apple's `CARenderer` and of the render server behind every window.
///
/// It keeps what the frames have in common: each layer's appearance is rasterised once
/// into a bitmap at the destination's scale and composited with pixman while it stays the
/// same. Position, transform and opacity are compositing parameters: while a layer moves,
/// scales, rotates or fades, its bitmap is composited through the new transform (bilinear)
/// and faded by a constant mask instead of being drawn again, and the first frame in which
/// it rests draws it once more, exactly (``nextFrameTime()`` asks for that frame). What an
/// opaque layer hides of the layers below it — all of them or a part, at rest or while it
/// moves or turns — is not composited. A frame redraws only the pixels
/// whose drawing changed since the destination buffer last showed the tree (its *damage*),
/// which ``updateRegion`` reports for the compositor. Subtrees the bitmap path cannot
/// reproduce exactly (masks, group opacity over sublayers, perspective, transitions,
/// rounded clips) are drawn by cairo as ``CALayerCompositor`` draws them, into an image of
/// their own kept while the subtree is unchanged and moved, scaled and faded like a bitmap
/// while only its own transform or opacity changes. Frames at rest have the same pixels as
/// ``CALayerCompositor``'s.
///
/// A frame: ``setDestination(_:width:height:bytesPerRow:bufferAge:)``, then
/// ``beginFrame(atTime:)``, ``render()``, ``endFrame()``.
///
/// Not thread-safe: use one renderer from one thread at a time (the render thread). It
/// draws new bitmaps and large damaged areas on up to ``renderingThreads`` threads.
public final class CARenderer {
    /// The tree drawn by the next frame (a snapshot, ``CALayer/makeRenderTree()``), when no
    /// ``update`` is set. Default nil: frames are transparent.
    public var layer: CARenderLayer?
    /// The last commit's tree and animations (``CARenderContext/makeRenderUpdate(at:)``):
    /// when set, each frame shows it with its animations evaluated at the frame's time.
    /// Default nil.
    public var update: CARenderUpdate?
    /// Lamina: the colour every frame is drawn over, behind the tree (a window's background).
    /// Default nil: transparent. A change redraws the whole next frame.
    public var backgroundColor: CGColor? {
        didSet {
            guard backgroundColor != oldValue else { return }
            background = DisplayListPainter.background(backgroundColor)
            invalidate()
        }
    }
    /// ``backgroundColor`` as pixman fills it (premultiplied, 16 bits per channel).
    private var background = DisplayListPainter.background(nil)

    /// Pixels per point of the destination. Default 1.
    public var scale: CGFloat = 1 {
        didSet {
            if scale != oldValue {
                cache.removeAll()
                groupImages.removeAll()
            }
        }
    }

    /// How many threads draw a frame's new bitmaps and a large damaged area (in horizontal
    /// bands). Default: the number of processors, at most 4.
    public var renderingThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)

    /// Lamina: the most bytes of layer bitmaps kept between frames; bitmaps of layers not
    /// drawn recently go first beyond it (those a frame draws are kept while it needs
    /// them). Default nil: four times the destination's pixel bytes.
    public var cachedBitmapByteLimit: Int?

    private let cache = LayerBitmapCache()
    private let groupImages = GroupImageCache()
    private let shadowImages = ShadowImageCache()
    private let roundedClipCoverage = RoundedClipCache()
    /// Group images and layer bitmaps kept between frames each hold at most this many
    /// destinations' worth of pixels by default.
    static let groupImageScreens = 4
    private var destination: Destination?
    private var current = DisplayList()
    private var previous = DisplayList()
    private var frameDamage = DamageRegion()
    private var repairRegion = DamageRegion()
    private var addedUpdates: [PixelRect] = []
    /// The damage of recent frames, newest first, for destinations that show older frames.
    private var history: [DamageRegion] = []
    private var frameTime: CFTimeInterval = 0
    /// The last frame's tree, evaluated again in place for the next frame of the same update.
    private var evaluatedTree: CARenderUpdate.EvaluatedTree?
    private var inFrame = false

    /// How many frames of damage are kept for reused buffers.
    static let maximumBufferAge = 4

    private struct Destination {
        var pixels: UnsafeMutableRawPointer
        var width: Int, height: Int, bytesPerRow: Int
        var age: Int
        var rect: PixelRect { PixelRect(x0: 0, y0: 0, x1: Int32(width), y1: Int32(height)) }
    }

    /// Creates a renderer with no tree.
    public init() {}

    /// Sets the pixels the next frame draws into.
    ///
    /// - Parameters:
    ///   - pixels: `bytesPerRow × height` bytes aligned to 4, each pixel a 32-bit
    ///     little-endian premultiplied ARGB word; they must stay valid until ``endFrame()``.
    ///   - width: Width in pixels, `1...32767`.
    ///   - height: Height in pixels, `1...32767`.
    ///   - bytesPerRow: At least `width × 4`, a multiple of 4.
    ///   - bufferAge: How many frames ago these pixels were last drawn by this renderer (1:
    ///     they hold the previous frame); 0 when unknown or new. Only the pixels changed
    ///     since then are drawn.
    /// - Throws: ``CARenderError`` for invalid arguments.
    public func setDestination(
        _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, bufferAge: Int = 0
    ) throws {
        try CALayerCompositor.validate(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
        destination = Destination(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, age: bufferAge)
    }

    /// Starts a frame shown at media time `time`: lays out what the tree draws and finds
    /// what changed since the previous frame. Call after
    /// ``setDestination(_:width:height:bytesPerRow:bufferAge:)``.
    public func beginFrame(atTime time: CFTimeInterval) {
        frameTime = time
        inFrame = true
        guard let destination else { return }
        cache.byteLimit = cachedBitmapByteLimit ?? Self.groupImageScreens * destination.width * destination.height * 4
        cache.beginFrame()
        shadowImages.beginFrame()
        roundedClipCoverage.beginFrame()
        var builder = DisplayListBuilder(
            target: destination.rect, cache: cache, expectedSteps: previous.ops.count, motions: update?.motions ?? [:],
            time: time, drawsPlainLayers: drawsPlainLayersAsGeometry,
            shadows: drawsShadowsFromCachedImages ? shadowImages : nil, roundedClips: roundedClips,
            clipCache: roundedClipCoverage)
        let tree = update.map { $0.tree(at: time, reusing: &evaluatedTree) } ?? layer
        if let tree {
            builder.add(tree: tree, rootToDevice: CGAffineTransform(scaleX: scale, y: scale))
        }
        builder.drawPendingBitmaps(threads: renderingThreads)
        current = builder.takeList()
        // Two statements: a read of the list in the same expression as the change would keep
        // the list shared while it changes, so the change would copy every step.
        let resampledGroups = groupImages.resolve(
            &current, motions: update?.motions ?? [:], time: time,
            maximumWholeArea: Self.groupImageScreens * destination.width * destination.height)
        approximatedBitmapCount = current.approximatedCount + resampledGroups
        current.removeOccluded()
        frameDamage = current.damage(since: previous)
        if !addedUpdates.isEmpty {
            frameDamage = frameDamage.union(DamageRegion(union: addedUpdates, within: destination.rect), within: destination.rect)
            addedUpdates = []
        }
        // Background filters change wherever anything below them does.
        frameDamage = current.growingBackdrops(frameDamage)
        // A buffer showing an older frame also needs what changed since then.
        if destination.age < 1 || destination.age > history.count + 1 {
            repairRegion = DamageRegion(destination.rect)
        } else {
            repairRegion = frameDamage
            for older in history.prefix(destination.age - 1) {
                repairRegion = repairRegion.union(older, within: destination.rect)
            }
            repairRegion = current.growingBackdrops(repairRegion)
        }
    }

    /// Marks `rect` (in the tree's root coordinates, points) as changed in the next frame,
    /// for changes the renderer cannot see (e.g. pixels of a contents image rewritten in place).
    public func addUpdate(_ rect: CGRect) {
        let device = rect.applying(CGAffineTransform(scaleX: scale, y: scale))
        addedUpdates.append(PixelRect(
            covering: device, margin: 0,
            within: PixelRect(x0: -(1 << 30), y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)))
    }

    /// The bounding box of the pixels this frame changes (destination pixels); empty when
    /// nothing changed. Valid after ``beginFrame(atTime:)``.
    public func updateBounds() -> CGRect {
        frameDamage.isEmpty ? .zero : frameDamage.extents.cgRect
    }

    /// The rectangles (destination pixels, disjoint) this frame changes: what a compositor
    /// should be told is damaged. Valid after ``beginFrame(atTime:)``.
    public var updateRegion: [CGRect] { frameDamage.rects.map(\.cgRect) }

    /// The number of destination pixels ``render()`` draws in this frame: the damage, and
    /// what the buffer missed while older frames were shown.
    public var renderedPixelCount: Int { repairRegion.area }

    /// Draws the frame into the destination: only the pixels that need it.
    ///
    /// - Throws: ``CARenderError`` without a destination or outside a frame; `CairoError`
    ///   if cairo fails.
    public func render() throws {
        guard inFrame else {
            throw CARenderError(.invalidState, "render() was called outside a frame: call beginFrame(atTime:) first")
        }
        guard let destination else {
            throw CARenderError(.invalidState, "render() needs a destination: call setDestination first")
        }
        let groups = try groupImages.images(
            for: current, in: repairRegion, byteLimit: Self.groupImageScreens * destination.width * destination.height * 4)
        compositedPixelCount = try DisplayListPainter.draw(
            current, in: repairRegion, groups: groups, into: destination.pixels, width: destination.width,
            height: destination.height, bytesPerRow: destination.bytesPerRow, background: background,
            threads: renderingThreads, cutsHidden: cutsHiddenPixels, ownLoops: ownCompositeLoops)
    }

    /// Lamina: the pixels the last ``render()`` composited, over all the layers' bitmaps and
    /// group images (a pixel that two of them cover counts twice). What an opaque layer hides
    /// of the layers below it, moving or not, is not composited.
    public private(set) var compositedPixelCount = 0

    /// Whether what opaque layers hide of those below them is left out of compositing
    /// (always, but for tests comparing the pixels with it done).
    var cutsHiddenPixels = true

    /// Which steps Lamina's own loops composite rather than pixman (the same pixels): those
    /// they are faster at in this build, or others in tests comparing the two.
    var ownCompositeLoops = OwnCompositeLoops.preferred
    /// Lamina: whether layers that are only a background, a border and rounded corners are
    /// drawn as geometry at their exact transform every frame, or through cached bitmaps as
    /// layers with content are.
    ///
    /// The default is `true`: such a layer holds no pixels, and every frame — moving, scaling,
    /// turning or at rest — gives each pixel the exact area coverage of its outline (not
    /// cairo's 15-sub-row coverage, which differs by a few levels at edges). `false` draws
    /// them as bitmaps resampled while they move and drawn again once they rest, for
    /// benchmarks comparing the two.
    @_spi(Benchmarking) public var drawsPlainLayersAsGeometry = true

    /// Lamina: whether the shadow of a known outline — a `shadowPath`, or the rounded bounds
    /// of a layer drawing only its background — is composited from a blurred image of that
    /// outline shared by every layer of the same shape, scale and blur, or drawn with its
    /// layer's bitmap or group as other shadows are.
    ///
    /// The default is `true`: a moving shadowed layer is not blurred again, and its shadow is
    /// placed at its sub-pixel position by resampling the blurred image. `false` is for
    /// benchmarks comparing the two.
    @_spi(Benchmarking) public var drawsShadowsFromCachedImages = true

    /// Lamina: how a `masksToBounds` layer is drawn when its clip is not a rectangle of whole
    /// pixels — rounded corners, a sub-pixel position, a scale or a turn.
    ///
    /// The default is ``RoundedClipDrawing/coverageUnlessAnimatedWhole``. The other values are
    /// for benchmarks comparing the ways.
    @_spi(Benchmarking) public var roundedClips = RoundedClipDrawing.coverageUnlessAnimatedWhole

    /// Lamina: ways of drawing a `masksToBounds` layer whose clip is not a rectangle of whole pixels.
    @_spi(Benchmarking) public enum RoundedClipDrawing: Sendable {
        /// Its subtree is drawn by cairo as one group image (resampled while the layer moves,
        /// scales or turns; drawn again once it rests, and whenever a sublayer changes).
        case groups
        /// The clip is applied as coverage while its sublayers are composited one by one: it
        /// costs the clip's coverage, computed once a frame, and two passes over the pixels it
        /// does not cover wholly; the sublayers are masked together, as one group is, by the
        /// exact area coverage of the rounded bounds, on every frame.
        case coverage
        /// As ``coverage``, but for a layer whose animations move, scale, turn or recolour
        /// it while its sublayers rest: its group image, composited as one and resampled
        /// while it moves, costs less than its sublayers composited one by one.
        case coverageUnlessAnimatedWhole
    }

    /// Ends the frame: its layout becomes the base the next frame's damage is found from.
    public func endFrame() {
        guard inFrame else { return }
        inFrame = false
        cache.endFrame()
        if destination != nil {
            previous = current
            current = DisplayList()
            history.insert(frameDamage, at: 0)
            if history.count > Self.maximumBufferAge { history.removeLast() }
        }
        destination = nil
    }

    /// The media time of the next frame that would differ from the last one: the last frame's
    /// time while the update's animations run, one of its emitters emits or has live
    /// particles, or a layer that moved in the last frame is to be drawn exactly where it
    /// rests (draw the next frame as soon as the display can show it); `.infinity` when
    /// nothing is scheduled to change.
    public func nextFrameTime() -> CFTimeInterval {
        // Layers in motion were composited from pixels drawn for another place, scale or
        // opacity: the next frame draws them exactly where they rest.
        if approximatedBitmapCount > 0 { return frameTime }
        guard let update else { return .infinity }
        let animating = update.hasAnimations && frameTime <= update.animationsEndTime
        return animating || frameTime <= update.emittersEndTime ? frameTime : .infinity
    }

    /// Lamina: how many layer bitmaps and group images (subtrees drawn as one: rounded
    /// clips, masks, shadows of groups, group opacity) the last frame composited from
    /// pixels drawn for another position, scale or opacity (resampled while their layers
    /// move, scale, rotate or fade) instead of drawing them again. Once the layers rest, the next frame
    /// draws them exactly and this is 0 (``nextFrameTime()`` asks for that frame).
    public private(set) var approximatedBitmapCount = 0

    /// The media time of the frame in progress (or of the last one).
    public var currentFrameTime: CFTimeInterval { frameTime }

    /// Forgets every cached bitmap and the last frame: the next frame is drawn in full.
    public func invalidate() {
        cache.removeAll()
        groupImages.removeAll()
        roundedClipCoverage.removeAll()
        previous = DisplayList()
        history = []
    }

    /// Bitmaps rasterised (not reused) since the renderer was created.
    public var rasterisedBitmapCount: Int { cache.rasterisedCount }
    /// Subtrees drawn as one group (masks, group opacity over sublayers, rounded clips,
    /// perspective, transitions) rasterised, not reused, since the renderer was created.
    public var rasterisedGroupCount: Int { groupImages.rasterisedCount }
    /// Bytes of cached layer bitmaps, group images, shadow images and clips' coverage.
    public var cachedBitmapBytes: Int {
        cache.byteCount + groupImages.byteCount + shadowImages.byteCount + roundedClipCoverage.byteCount
    }
}
