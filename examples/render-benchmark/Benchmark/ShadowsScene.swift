// Shadows of plain layers: 300 rounded (radius 8), opaque 64×64 layers casting a shadow
// (opacity 0.3, radius 6, offset 0, 3; no shadowPath), each moving +40 points and back
// with an eased, staggered, sub-pixel motion (`position.x`, 0.5 s, autoreversing) at
// 1280×720. The same scene drawn twice in the same run, interleaved: with each shadow
// composited from the blurred image of its shape (shared by all 300, resampled to each
// sub-pixel position) and the layer drawn as geometry, against each layer and its shadow in
// a bitmap (the shadow blurred when it is drawn, resampled while it moves).

import ExampleScenes
import Foundation
@_spi(Benchmarking) import QuartzCore

/// One shadowed scene and the renderer drawing it into a buffer showing its last frame.
@MainActor
final class AnimatedScene {
    let renderer = CARenderer()
    let buffer: Buffer
    let begin: CFTimeInterval
    private(set) var frame = 0

    init(root: CALayer, width: Int, height: Int, shadowsFromCachedImages: Bool) {
        buffer = Buffer(width: width, height: height)
        renderer.drawsShadowsFromCachedImages = shadowsFromCachedImages
        begin = CACurrentMediaTime()
        renderer.update = CARenderContext(rootLayer: root).makeRenderUpdate(at: begin)
    }

    /// Draws the next frame (1/60 s after the last) on `threads` threads.
    func draw(threads: Int) throws {
        renderer.renderingThreads = threads
        try renderer.setDestination(
            buffer.pixels, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow,
            bufferAge: frame == 0 ? 0 : 1)
        renderer.beginFrame(atTime: begin + Double(frame) / 60)
        try renderer.render()
        renderer.endFrame()
        frame += 1
    }
}

/// Times `scenes` in turns within each round; the median frame time of each, on one
/// thread and on two.
@MainActor
func interleavedFrameTimes(_ scenes: [AnimatedScene], rounds: Int, framesPerRound: Int) throws -> [(one: Double, two: Double)] {
    for scene in scenes { try scene.draw(threads: 1) }
    var one = [[Double]](repeating: [], count: scenes.count), two = one
    for _ in 0..<rounds {
        for (i, scene) in scenes.enumerated() {
            one[i].append(try time(frames: framesPerRound) { _ in try scene.draw(threads: 1) })
            two[i].append(try time(frames: framesPerRound) { _ in try scene.draw(threads: 2) })
        }
    }
    return zip(one, two).map { (median($0), median($1)) }
}

@MainActor
func makeShadowedItems(count: Int, width: Int, height: Int) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let begin = CACurrentMediaTime()
    for i in 0..<count {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.position = gridCentre(i, count: count, width: width, height: height)
        layer.cornerRadius = 8
        layer.backgroundColor = CGColor(red: 0.3 + 0.5 * Double(i % 3) / 2, green: 0.5, blue: 0.8, alpha: 1)
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 0, height: 3)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = layer.position.x
        move.toValue = layer.position.x + 40
        EasedTiming.pace(move, layer: i, begin: begin)
        layer.add(move, forKey: "move")
        root.addSublayer(layer)
    }
    CATransaction.commit()
    return root
}

@MainActor
func runShadowsScene(rounds: Int, framesPerRound: Int) throws {
    let (width, height, count) = (1280, 720, 300)
    let cached = AnimatedScene(
        root: makeShadowedItems(count: count, width: width, height: height), width: width, height: height,
        shadowsFromCachedImages: true)
    let bitmaps = AnimatedScene(
        root: makeShadowedItems(count: count, width: width, height: height), width: width, height: height,
        shadowsFromCachedImages: false)
    let times = try interleavedFrameTimes([cached, bitmaps], rounds: rounds, framesPerRound: framesPerRound)
    print(String(format: "%d shadowed plain layers moving (eased, sub-pixel), 1280×720: shadows from one cached blurred shape "
                 + "%.2f ms/frame on one thread (%.2f on two), each layer with its shadow in a bitmap %.2f (%.2f): %.2f× (%.2f×)",
                 count, times[0].one, times[0].two, times[1].one, times[1].two,
                 times[0].one / times[1].one, times[0].two / times[1].two))
    print(String(format: "  cached pixels: %.1f MB (shadow images) against %.1f MB (bitmaps)",
                 Double(cached.renderer.cachedBitmapBytes) / 1e6, Double(bitmaps.renderer.cachedBitmapBytes) / 1e6))
}
