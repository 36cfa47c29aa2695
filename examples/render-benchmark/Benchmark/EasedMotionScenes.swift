// The motions apps make: 1,000 rounded, bordered, translucent 64×64 layers at 1920×1080,
// each animated by a `CABasicAnimation` (0.5 s, ease-in-ease-out, autoreversing, repeating,
// phases staggered) of `position.x` by 40 points, `transform.scale` from 1 to 1.15,
// `opacity` from 1 to 0.3, or `transform.rotation.z` from 0 to 0.5 radians. Every frame
// lands on sub-pixel positions, scales and angles.
//
// Lamina goes through the public API a window uses: one commit, one
// `CARenderContext.makeRenderUpdate`, then a `CARenderer` evaluating the animations at each
// frame's time (1/60 s apart) into a buffer that shows the previous frame — on one
// rendering thread (the headline) and on two. The C baselines composite the same bitmaps
// (rasterised once) at the same transforms and opacities, which they compute with their
// own ease-in-ease-out: snapped (whole pixels, nearest) and sub-pixel-correct (bilinear).
// A constant opacity (0.8) is drawn into their bitmaps; a fading one is a constant alpha
// mask over bitmaps drawn opaque.

import Foundation
@_spi(Benchmarking) import QuartzCore
import RenderBaselines

/// How the eased scene's layers and animations are made.
enum EasedVariant: String {
    /// The layer's opacity 0.8 (its background and border composited as one group), the
    /// animation from and to values.
    case groupOpacity = ""
    /// The opacity in the colours (alpha 0.8), the layer's opacity 1: the plain layer apps
    /// make most.
    case plain
    /// The move set by `byValue` alone (the form most of Apple's samples use).
    case byValue = "by"

    var title: String {
        switch self {
        case .groupOpacity: "opacity 0.8"
        case .plain: "plain layers, alpha 0.8 in the colours"
        case .byValue: "byValue alone"
        }
    }
}

/// One of the eased motions.
enum Motion: String, CaseIterable {
    case move, scale, fade, rotate

    var keyPath: String {
        switch self {
        case .move: "position.x"
        case .scale: "transform.scale"
        case .fade: "opacity"
        case .rotate: "transform.rotation.z"
        }
    }

    /// From and to: an offset in points for a move, absolute values otherwise.
    var range: (from: Double, to: Double) {
        switch self {
        case .move: (0, 40)
        case .scale: (1, 1.15)
        case .fade: (1, 0.3)
        case .rotate: (0, 0.5)
        }
    }

    var title: String {
        switch self {
        case .move: "position.x by 40 (sub-pixel move)"
        case .scale: "transform.scale 1 → 1.15"
        case .fade: "opacity 1 → 0.3"
        case .rotate: "transform.rotation.z 0 → 0.5"
        }
    }
}

/// The animation's timing, computed here independently of QuartzCore: 0.5 s per way,
/// autoreversing, repeating, ease-in-ease-out (the cubic Bézier (0.42, 0), (0.58, 1)).
enum EasedTiming {
    static let duration = 0.5

    /// Layer i's phase offset, so the layers do not move in step.
    static func timeOffset(_ i: Int) -> Double { Double(i % 50) / 100 }

    /// Makes `animation` run as the scenes' animations do: eased in and out, autoreversing
    /// for ever from `begin`, at layer i's phase.
    static func pace(_ animation: CABasicAnimation, layer i: Int, begin: CFTimeInterval) {
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.autoreverses = true
        animation.repeatCount = .infinity
        animation.beginTime = begin
        animation.timeOffset = timeOffset(i)
    }

    /// The animation's progress, 0...1, at `elapsed` seconds after its begin time.
    static func progress(elapsed: Double, layer i: Int) -> Double {
        let local = (elapsed + timeOffset(i)).truncatingRemainder(dividingBy: 2 * duration)
        let forward = local < duration ? local / duration : 2 - local / duration
        return ease(forward)
    }

    /// y for x on the ease-in-ease-out curve, by bisection on the curve's parameter.
    static func ease(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }
}

/// The eased scene through the public API, drawn by a `CARenderer` at each frame's time.
@MainActor
final class EasedScene {
    let motion: Motion
    let root = CALayer()
    let context: CARenderContext
    let renderer = CARenderer()
    let buffer: Buffer
    let width: Int, height: Int
    /// The media time the animations begin at.
    let beginTime: CFTimeInterval
    var frame = 0
    /// Nanoseconds in `beginFrame` (evaluating the animations, finding what to draw and the
    /// damage, drawing bitmaps that changed) and in `render` (compositing), one thread.
    private(set) var beginNanoseconds: UInt64 = 0, renderNanoseconds: UInt64 = 0
    private(set) var framesOnOneThread = 0
    private(set) var pixelsDrawn = 0
    private(set) var maximumCachedBytes = 0

    init(
        _ motion: Motion, variant: EasedVariant = .groupOpacity, drawsPlainLayersAsGeometry: Bool = true,
        width: Int = screenWidth, height: Int = screenHeight
    ) {
        self.motion = motion
        renderer.drawsPlainLayersAsGeometry = drawsPlainLayersAsGeometry
        self.width = width
        self.height = height
        buffer = Buffer(width: width, height: height)
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        context = CARenderContext(rootLayer: root)
        beginTime = CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<itemCount {
            let layer = itemLayer(easedItem(i, width: width, height: height))
            if variant == .plain {
                layer.opacity = 1
                layer.backgroundColor = layer.backgroundColor?.copy(alpha: 0.8)
                layer.borderColor = layer.borderColor?.copy(alpha: 0.8)
            }
            let animation = CABasicAnimation(keyPath: motion.keyPath)
            let (from, to) = motion.range
            if variant == .byValue {
                animation.byValue = to - from
            } else if motion == .move {
                animation.fromValue = layer.position.x + from
                animation.toValue = layer.position.x + to
            } else {
                animation.fromValue = from
                animation.toValue = to
            }
            EasedTiming.pace(animation, layer: i, begin: beginTime)
            layer.add(animation, forKey: "motion")
            root.addSublayer(layer)
        }
        CATransaction.commit()
        renderer.update = context.makeRenderUpdate(at: beginTime)
    }

    /// Draws the next frame (1/60 s after the last) on `threads` rendering threads.
    func drawFrame(threads: Int) throws {
        renderer.renderingThreads = threads
        let start = nanoseconds()
        try renderer.setDestination(
            buffer.pixels, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow,
            bufferAge: frame == 0 ? 0 : 1)
        renderer.beginFrame(atTime: beginTime + Double(frame) / 60)
        let begun = nanoseconds()
        try renderer.render()
        let rendered = nanoseconds()
        pixelsDrawn = renderer.renderedPixelCount
        renderer.endFrame()
        // The first frame rasterises every bitmap: left out of the split.
        if threads == 1, frame > 0 {
            beginNanoseconds += begun - start
            renderNanoseconds += rendered - begun
            framesOnOneThread += 1
        }
        maximumCachedBytes = max(maximumCachedBytes, renderer.cachedBitmapBytes)
        frame += 1
    }
}

/// Item i's place and colour at rest: the whole-pixel scene's first frame spread over
/// `width × height`, far enough from the right edge for the move.
func easedItem(_ i: Int, width: Int, height: Int) -> baseline_item {
    let it = item(i, frame: 0)
    let x = (it.x * Double(width - side - 48) / Double(screenWidth - side)).rounded(.down)
    let y = (it.y * Double(height - side) / Double(screenHeight - side)).rounded(.down)
    return baseline_item(x: x, y: y, angle: 0, background: it.background)
}

/// Where the C baselines put bitmap i (bitmap pixels → target pixels) and its opacity,
/// `elapsed` seconds after the animations began.
func easedPlacement(_ motion: Motion, _ i: Int, elapsed: Double, width: Int, height: Int) -> baseline_placement {
    let it = easedItem(i, width: width, height: height)
    let p = EasedTiming.progress(elapsed: elapsed, layer: i)
    let (from, to) = motion.range
    let value = from + (to - from) * p
    let half = Double(side) / 2
    let (cx, cy) = (it.x + half, it.y + half)
    switch motion {
    case .move:
        return baseline_placement(a: 1, b: 0, c: 0, d: 1, tx: it.x + value, ty: it.y, alpha: 1)
    case .scale:
        return baseline_placement(a: value, b: 0, c: 0, d: value, tx: cx - half * value, ty: cy - half * value, alpha: 1)
    case .fade:
        return baseline_placement(a: 1, b: 0, c: 0, d: 1, tx: it.x, ty: it.y, alpha: value)
    case .rotate:
        let (c, s) = (cos(value), sin(value))
        // Rotation about the centre: device = R (bitmap − half) + centre.
        return baseline_placement(
            a: c, b: s, c: -s, d: c, tx: cx - (c * half - s * half), ty: cy - (s * half + c * half), alpha: 1)
    }
}

/// Runs the eased scenes: Lamina on one thread and on two against the C floors, interleaved.
@MainActor
func runEasedScenes(
    _ motions: [Motion], variant: EasedVariant = .groupOpacity, rounds: Int, framesPerRound: Int, width: Int = screenWidth,
    height: Int = screenHeight
) throws {
    let target = Buffer(width: width, height: height)
    let items = (0..<itemCount).map { easedItem($0, width: width, height: height) }
    for motion in motions {
        var style = baseline_style(
            size: Int32(side), corner_radius: 8, border_width: 2, border: borderARGB, opacity: motion == .fade ? 1 : 0.8)
        guard let bitmaps = items.withUnsafeBufferPointer({ baseline_bitmaps_create($0.baseAddress, Int32(itemCount), &style) })
        else { throw CARenderError(.invalidSize, "the C baseline cannot allocate its bitmaps") }
        defer { baseline_bitmaps_destroy(bitmaps) }
        let scene = EasedScene(motion, variant: variant, width: width, height: height)
        try scene.drawFrame(threads: 1)  // the first frame rasterises every bitmap
        // The same scene with its plain layers drawn through bitmaps, resampled while they move.
        let bitmapScene = EasedScene(motion, variant: variant, drawsPlainLayersAsGeometry: false, width: width, height: height)
        try bitmapScene.drawFrame(threads: 1)
        var bitmapPath: [Double] = []
        let rasterisedAtStart = scene.renderer.rasterisedBitmapCount
        let framesAtStart = scene.frame
        var oneThread: [Double] = [], twoThreads: [Double] = [], snapped: [Double] = [], bilinear: [Double] = []
        var pixels: [Double] = []
        var baselineFrame = 0
        for _ in 0..<rounds {
            oneThread.append(try time(frames: framesPerRound) { _ in
                try scene.drawFrame(threads: 1)
                pixels.append(Double(scene.pixelsDrawn))
            })
            for sampling in [BASELINE_SNAPPED, BASELINE_BILINEAR] {
                let ms = time(frames: framesPerRound) { _ in
                    baselineFrame += 1
                    let elapsed = Double(baselineFrame) / 60
                    let placements = (0..<itemCount).map { easedPlacement(motion, $0, elapsed: elapsed, width: width, height: height) }
                    _ = baseline_pixman_placed_frame(
                        target.pixels.assumingMemoryBound(to: UInt32.self), Int32(width), Int32(height),
                        Int32(target.bytesPerRow), placements, Int32(itemCount), bitmaps, sampling)
                }
                if sampling == BASELINE_SNAPPED { snapped.append(ms) } else { bilinear.append(ms) }
                if sampling == BASELINE_SNAPPED {
                    twoThreads.append(try time(frames: framesPerRound) { _ in try scene.drawFrame(threads: 2) })
                } else {
                    bitmapPath.append(try time(frames: framesPerRound) { _ in try bitmapScene.drawFrame(threads: 1) })
                }
            }
        }
        let (l1, l2, s, b) = (median(oneThread), median(twoThreads), median(snapped), median(bilinear))
        let frames = Double(scene.frame - framesAtStart)
        let rasterised = Double(scene.renderer.rasterisedBitmapCount - rasterisedAtStart) / frames
        let title = variant == .groupOpacity ? motion.title : "\(motion.title), \(variant.title)"
        print(String(format: "%d × %@, %d×%d: Lamina %.2f ms/frame on one thread (%.2f on two); "
                     + "pixman snapped (C) %.2f, pixman bilinear (C) %.2f",
                     itemCount, title, width, height, l1, l2, s, b))
        let old = median(bitmapPath)
        print(String(format: "  plain layers through bitmaps (resampled while moving) %.2f ms/frame on one thread: "
                     + "÷ bilinear floor %.2f×, ÷ snapped floor %.2f×; geometry ÷ bitmaps %.2f×",
                     old, old / b, old / s, l1 / old))
        print(String(format: "  Lamina ÷ bilinear floor %.2f× (two threads %.2f×), ÷ snapped floor %.2f×; "
                     + "%.1f bitmaps rasterised and %.0f pixels drawn per frame, %.1f MB cached at most",
                     l1 / b, l2 / b, l1 / s, rasterised, median(pixels), Double(scene.maximumCachedBytes) / 1e6))
        let perFrame = 1e6 * Double(max(scene.framesOnOneThread, 1))
        print(String(format: "  Lamina on one thread: beginFrame (animations, display list, damage) %.2f ms, render (compositing) %.2f ms",
                     Double(scene.beginNanoseconds) / perFrame, Double(scene.renderNanoseconds) / perFrame))
    }
}
