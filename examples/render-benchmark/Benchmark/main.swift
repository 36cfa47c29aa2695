// The render server against C baselines, in one interleaved run (release build):
//
//     swift build -c release --product render-benchmark && .build/release/render-benchmark [--rounds N] [--scene S]
//
// Scenes, each measured on one rendering thread first (the headline) and on two beside it:
// - move, scale, fade, rotate (EasedMotionScenes.swift): 1,000 rounded, bordered,
//   translucent 64×64 layers at 1920×1080 animated as apps animate (eased, sub-pixel),
//   against pixman compositing the same bitmaps snapped and bilinear (C), and against the
//   same scene with its plain layers drawn through bitmaps; plainmove, plainscale,
//   plainrotate: the same with the opacity in the layers' colours (opacity 1); bymove: the
//   move set by `byValue` alone;
// - moving: the same layers moved by whole pixels each frame through the model (set,
//   commit, snapshot, draw), against cairo drawing every layer each frame and pixman
//   compositing cached bitmaps at whole pixels (C);
// - 4k: one 64×64 layer moving over a static 3840×2160 scene; move4k: the sub-pixel move
//   scene at 3840×2160;
// - labels: 200 text layers and 200 shape layers animating at 1920×1080 (LabelsAndRingsScene.swift);
// - cards: 30 shadowed cards with clipped gradients and titles wobbling at 1280×720 (CardsScene.swift);
// - shadows: 300 shadowed plain rounded layers moving (eased, sub-pixel) at 1280×720, their
//   shadows from one cached blurred shape against bitmaps holding each layer and its shadow
//   (ShadowsScene.swift);
// - clips: 200 rounded masksToBounds cards (an image and a badge inside) moving, and turning
//   and scaling, at 1280×720, their clips applied as coverage against each card drawn as one
//   cairo group image (ClippedCardsScene.swift);
// - sidebar: a frosted sidebar (background blur) over 24 sliding tiles at 1280×720 (SidebarScene.swift).
// Each figure is the median over the rounds of the mean frame time of a round; the
// implementations take turns within each round, so drift on a noisy machine hits all of
// them alike.

import Foundation
import Glibc
import QuartzCore
import RenderBaselines

// MARK: - Arguments

let usage = """
    usage: render-benchmark [--rounds N] [--scene move|scale|fade|rotate|plainmove|plainscale|plainrotate|bymove|moving|4k|move4k|labels|cards|shadows|clips|sidebar]
      --rounds N   rounds of frames per implementation, 1...100 (default 7)
      --scene S    run one scene only (default: all)
    """
var rounds = 7
let easedVariants: [(name: String, motion: Motion, variant: EasedVariant)] =
    [("plainmove", .move, .plain), ("plainscale", .scale, .plain), ("plainrotate", .rotate, .plain), ("bymove", .move, .byValue)]
let sceneNames = Motion.allCases.map(\.rawValue) + easedVariants.map(\.name) + ["moving", "4k", "move4k", "labels", "cards", "shadows", "clips", "sidebar"]
var onlyScene: String?
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    switch option {
    case "--rounds":
        guard let text = arguments.popFirst(), let value = Int(text), (1...100).contains(value) else {
            FileHandle.standardError.write(Data("render-benchmark: --rounds needs a whole number from 1 to 100\n\(usage)\n".utf8))
            exit(2)
        }
        rounds = value
    case "--scene":
        guard let name = arguments.popFirst(), sceneNames.contains(name) else {
            FileHandle.standardError.write(Data("render-benchmark: --scene needs one of \(sceneNames.joined(separator: ", "))\n\(usage)\n".utf8))
            exit(2)
        }
        onlyScene = name
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("render-benchmark: unknown argument '\(option)'\n\(usage)\n".utf8))
        exit(2)
    }
}

func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// CPU time of the calling thread: unlike the wall clock, not counting the time other
/// processes on a busy machine hold the core (for one-thread phases).
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// A pixel buffer.
final class Buffer {
    let width: Int, height: Int
    let pixels: UnsafeMutableRawPointer
    var bytesPerRow: Int { width * 4 }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
    }

    deinit { pixels.deallocate() }
}

// MARK: - The scene

let side = 64
let itemCount = 1000
let (screenWidth, screenHeight) = (1920, 1080)
let borderARGB: UInt32 = 0xFF20_2020
let style = baseline_style(size: Int32(side), corner_radius: 8, border_width: 2, border: borderARGB, opacity: 0.8)

func color(_ argb: UInt32) -> CGColor {
    CGColor(
        red: CGFloat((argb >> 16) & 0xFF) / 255, green: CGFloat((argb >> 8) & 0xFF) / 255,
        blue: CGFloat(argb & 0xFF) / 255, alpha: CGFloat(argb >> 24) / 255)
}

/// Where item `i` is in `frame`: whole pixels, moving diagonally, wrapping on the screen.
func item(_ i: Int, frame: Int) -> baseline_item {
    var seed = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int(seed >> 33)
    }
    let x0 = next() % (screenWidth - side), y0 = next() % (screenHeight - side)
    let background = 0xFF00_0000 | UInt32(truncatingIfNeeded: next()) & 0x00FF_FFFF
    let x = (x0 + frame * 3) % (screenWidth - side), y = (y0 + frame * 2) % (screenHeight - side)
    return baseline_item(x: Double(x), y: Double(y), angle: 0, background: background)
}

/// The scene as layers, driven through the public API.
@MainActor
final class LaminaScene {
    let root = CALayer()
    var layers: [CALayer] = []
    let renderer = CARenderer()
    let buffer: Buffer
    var frame = 0
    private(set) var pixelsDrawn = 0
    /// Nanoseconds spent in the model (setting properties, commit, snapshot).
    private(set) var modelNanoseconds: UInt64 = 0
    /// Nanoseconds spent in the renderer's beginFrame (finding what to draw) and render.
    private(set) var layoutNanoseconds: UInt64 = 0, drawNanoseconds: UInt64 = 0
    /// The main thread's CPU time in the model and in beginFrame (steadier than the wall
    /// clock on a busy machine; beginFrame's bitmaps drawn on other threads not counted).
    private(set) var modelCPUNanoseconds: UInt64 = 0, layoutCPUNanoseconds: UInt64 = 0

    init(width: Int, height: Int) {
        buffer = Buffer(width: width, height: height)
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// Commits what `change` set, snapshots the tree and draws it into the buffer (which
    /// shows the previous frame).
    func drawFrame(_ change: () -> Void) throws {
        let start = nanoseconds(), startCPU = threadCPUNanoseconds()
        change()
        CATransaction.flush()
        renderer.layer = root.makeRenderTree()
        let modelDone = nanoseconds(), modelDoneCPU = threadCPUNanoseconds()
        try renderer.setDestination(
            buffer.pixels, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow,
            bufferAge: frame == 0 ? 0 : 1)
        let beginCPU = threadCPUNanoseconds()
        renderer.beginFrame(atTime: Double(frame) / 60)
        let laidOut = nanoseconds()
        layoutCPUNanoseconds += threadCPUNanoseconds() - beginCPU
        modelCPUNanoseconds += modelDoneCPU - startCPU
        try renderer.render()
        let drawn = nanoseconds()
        modelNanoseconds += modelDone - start
        layoutNanoseconds += laidOut - modelDone
        drawNanoseconds += drawn - laidOut
        pixelsDrawn = renderer.renderedPixelCount
        renderer.endFrame()
        frame += 1
    }
}

/// One item of the scene as a layer: rounded (8), bordered (2), translucent (0.8), at
/// `it`'s place in its colour — what the C baselines draw.
@MainActor
func itemLayer(_ it: baseline_item) -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    layer.position = CGPoint(x: it.x + Double(side) / 2, y: it.y + Double(side) / 2)
    layer.backgroundColor = color(it.background)
    layer.cornerRadius = 8
    layer.borderWidth = 2
    layer.borderColor = color(borderARGB)
    layer.opacity = 0.8
    return layer
}

@MainActor
func makeItemsScene() -> LaminaScene {
    let scene = LaminaScene(width: screenWidth, height: screenHeight)
    for i in 0..<itemCount {
        let layer = itemLayer(item(i, frame: 0))
        scene.root.addSublayer(layer)
        scene.layers.append(layer)
    }
    return scene
}

@MainActor
func laminaItemsFrame(_ scene: LaminaScene, threads: Int) throws {
    let frame = scene.frame
    scene.renderer.renderingThreads = threads
    try scene.drawFrame {
        for (i, layer) in scene.layers.enumerated() {
            let it = item(i, frame: frame)
            layer.position = CGPoint(x: it.x + Double(side) / 2, y: it.y + Double(side) / 2)
        }
    }
}

/// Times `frames` calls of `body`: milliseconds per frame.
func time(frames: Int, _ body: (Int) throws -> Void) rethrows -> Double {
    let start = nanoseconds()
    for f in 0..<frames { try body(f) }
    return Double(nanoseconds() - start) / 1e6 / Double(frames)
}

/// The median milliseconds per frame of `draw(threads)` on one rendering thread and on two,
/// over `rounds` rounds of `framesPerRound` frames each, the two taking turns in each round.
func medianFrameTimes(rounds: Int, framesPerRound: Int, _ draw: (Int) throws -> Void) rethrows -> (one: Double, two: Double) {
    var oneThread: [Double] = [], twoThreads: [Double] = []
    for _ in 0..<rounds {
        oneThread.append(try time(frames: framesPerRound) { _ in try draw(1) })
        twoThreads.append(try time(frames: framesPerRound) { _ in try draw(2) })
    }
    return (median(oneThread), median(twoThreads))
}

// MARK: - Running

@MainActor
func run() throws {
    let framesPerRound = 20
    print("render-benchmark: \(rounds) rounds of \(framesPerRound) frames per implementation, interleaved")
    let motions = Motion.allCases.filter { onlyScene == nil || onlyScene == $0.rawValue }
    if !motions.isEmpty { try runEasedScenes(motions, rounds: rounds, framesPerRound: framesPerRound) }
    for eased in easedVariants where onlyScene == nil || onlyScene == eased.name {
        try runEasedScenes([eased.motion], variant: eased.variant, rounds: rounds, framesPerRound: framesPerRound)
    }
    if onlyScene == nil || onlyScene == "moving" { try runWholePixelScene(framesPerRound: framesPerRound) }
    if onlyScene == nil || onlyScene == "4k" { try runLargeStaticScene(framesPerRound: framesPerRound) }
    if onlyScene == nil || onlyScene == "move4k" {
        try runEasedScenes([.move], rounds: rounds, framesPerRound: framesPerRound, width: 3840, height: 2160)
    }
    if onlyScene == nil || onlyScene == "labels" { try runLabelsAndRingsScene(rounds: rounds, framesPerRound: framesPerRound) }
    if onlyScene == nil || onlyScene == "cards" { try runCardsScene(rounds: rounds, framesPerRound: framesPerRound) }
    if onlyScene == nil || onlyScene == "shadows" { try runShadowsScene(rounds: rounds, framesPerRound: framesPerRound) }
    if onlyScene == nil || onlyScene == "clips" { try runClippedCardsScene(rounds: rounds, framesPerRound: framesPerRound) }
    if onlyScene == nil || onlyScene == "sidebar" { try runSidebarScene(rounds: rounds, framesPerRound: framesPerRound) }
}

/// 1,000 layers moved by whole pixels through the model each frame.
@MainActor
func runWholePixelScene(framesPerRound: Int) throws {
    let scene = makeItemsScene()
    try laminaItemsFrame(scene, threads: 1)  // the first frame rasterises every bitmap
    let target = Buffer(width: screenWidth, height: screenHeight)
    let staticItems = (0..<itemCount).map { item($0, frame: 0) }
    guard let bitmaps = staticItems.withUnsafeBufferPointer({
        var s = style
        return baseline_bitmaps_create($0.baseAddress, Int32(itemCount), &s)
    }) else { throw CARenderError(.invalidSize, "the C baseline cannot allocate its bitmaps") }
    defer { baseline_bitmaps_destroy(bitmaps) }
    var oneThread: [Double] = [], twoThreads: [Double] = [], cairo: [Double] = [], pixman: [Double] = []
    var baselineFrame = 0
    for _ in 0..<rounds {
        oneThread.append(try time(frames: framesPerRound) { _ in try laminaItemsFrame(scene, threads: 1) })
        var items = [baseline_item]()
        cairo.append(time(frames: framesPerRound) { _ in
            baselineFrame += 1
            items = (0..<itemCount).map { item($0, frame: baselineFrame) }
            var s = style
            _ = baseline_cairo_frame(
                target.pixels.assumingMemoryBound(to: UInt32.self), Int32(screenWidth), Int32(screenHeight),
                Int32(target.bytesPerRow), items, Int32(itemCount), &s)
        })
        pixman.append(time(frames: framesPerRound) { _ in
            baselineFrame += 1
            items = (0..<itemCount).map { item($0, frame: baselineFrame) }
            _ = baseline_pixman_frame(
                target.pixels.assumingMemoryBound(to: UInt32.self), Int32(screenWidth), Int32(screenHeight),
                Int32(target.bytesPerRow), items, Int32(itemCount), bitmaps)
        })
        twoThreads.append(try time(frames: framesPerRound) { _ in try laminaItemsFrame(scene, threads: 2) })
    }
    let (l1, l2, c, p) = (median(oneThread), median(twoThreads), median(cairo), median(pixman))
    let perFrame = 1e6 * Double(scene.frame)
    print(String(format: "1000 layers moved by whole pixels through the model, 1920×1080: Lamina %.2f ms/frame on one thread "
                 + "(%.2f on two), cairo redraw (C) %.2f, pixman cached bitmaps (C) %.2f", l1, l2, c, p))
    print(String(format: "  Lamina ÷ pixman floor %.2f× (two threads %.2f×); cairo redraw ÷ Lamina %.2f×; "
                 + "model and snapshot %.2f ms/frame, finding the damage %.2f, drawing %.2f; %.1f bitmaps rasterised per frame",
                 l1 / p, l2 / p, c / l1, Double(scene.modelNanoseconds) / perFrame, Double(scene.layoutNanoseconds) / perFrame,
                 Double(scene.drawNanoseconds) / perFrame,
                 Double(scene.renderer.rasterisedBitmapCount - itemCount) / Double(scene.frame)))
    print(String(format: "  main-thread CPU time (steadier on a busy machine): model and snapshot %.2f ms/frame, finding the damage %.2f",
                 Double(scene.modelCPUNanoseconds) / perFrame, Double(scene.layoutCPUNanoseconds) / perFrame))
}

/// One layer moving over a static 4K scene.
@MainActor
func runLargeStaticScene(framesPerRound: Int) throws {
    let (bigWidth, bigHeight) = (3840, 2160)
    let scene = LaminaScene(width: bigWidth, height: bigHeight)
    scene.root.backgroundColor = color(0xFF30_3848)
    for i in 0..<200 {
        let tile = CALayer()
        tile.frame = CGRect(x: (i % 20) * 190 + 10, y: (i / 20) * 210 + 10, width: 170, height: 190)
        tile.backgroundColor = color(0xFF00_0000 | UInt32(i &* 2_654_435_761 & 0xFF_FFFF))
        tile.cornerRadius = 12
        scene.root.addSublayer(tile)
    }
    let mover = CALayer()
    mover.frame = CGRect(x: 100, y: 100, width: side, height: side)
    mover.backgroundColor = color(0xFFFF_8000)
    mover.cornerRadius = 8
    mover.borderWidth = 2
    mover.opacity = 0.8
    scene.root.addSublayer(mover)
    try scene.drawFrame {}
    var times: [Double] = []
    var pixels: [Int] = []
    for _ in 0..<rounds {
        times.append(try time(frames: framesPerRound) { _ in
            try scene.drawFrame { mover.position.x = 100 + CGFloat(scene.frame % 3000) }
            pixels.append(scene.pixelsDrawn)
        })
    }
    let share = Double(median(pixels.map(Double.init))) / Double(bigWidth * bigHeight) * 100
    print(String(format: "one 64×64 layer moving over a static 3840×2160 scene: Lamina %.3f ms/frame (goal ≤ 0.5), "
                 + "%.3f%% of the pixels drawn per frame (goal ≤ 2%%)", median(times), share))
}

try MainActor.assumeIsolated { try run() }
