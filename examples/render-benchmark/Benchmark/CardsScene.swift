// An app written as a new user would write it: 30 cards at 1280×720 (makeWobblingCard in
// examples/scenes), each with rounded corners, a shadow with a `shadowPath`, a
// `CAGradientLayer` clipped to the corners and a `CATextLayer` title, wobbling by a few
// degrees. Lamina only (no C baseline draws text and shadows): the figure is the frame time
// against the 60 Hz budget, through the same public API as the eased scenes (one commit, a
// `CARenderer` evaluating each frame).

import ExampleScenes
import Foundation
import QuartzCore

@MainActor
func runCardsScene(rounds: Int, framesPerRound: Int) throws {
    let (width, height) = (1280, 720)
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
    let context = CARenderContext(rootLayer: root)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for i in 0..<30 { makeWobblingCard(i, in: root) }
    CATransaction.commit()
    let begin = CACurrentMediaTime()
    let renderer = CARenderer()
    renderer.update = context.makeRenderUpdate(at: begin)
    let buffer = Buffer(width: width, height: height)
    var frame = 0
    var compositedPixels = 0
    func draw(threads: Int) throws {
        renderer.renderingThreads = threads
        try renderer.setDestination(
            buffer.pixels, width: width, height: height, bytesPerRow: buffer.bytesPerRow, bufferAge: frame == 0 ? 0 : 1)
        renderer.beginFrame(atTime: begin + Double(frame) / 60)
        try renderer.render()
        compositedPixels += renderer.compositedPixelCount
        renderer.endFrame()
        frame += 1
    }
    try draw(threads: 1)
    let (bitmapsAtStart, groupsAtStart, framesAtStart) = (renderer.rasterisedBitmapCount, renderer.rasterisedGroupCount, frame)
    compositedPixels = 0
    let (l1, l2) = try medianFrameTimes(rounds: rounds, framesPerRound: framesPerRound) { try draw(threads: $0) }
    let frames = Double(frame - framesAtStart)
    print(String(format: "30 shadowed, clipped, titled cards wobbling, 1280×720: Lamina %.2f ms/frame on one thread (%.2f on two), "
                 + "%.0f%% of the 60 Hz budget (16.7 ms) on one", l1, l2, l1 / (1000.0 / 60) * 100))
    print(String(format: "  %.1f bitmaps and %.1f groups rasterised per frame; %.0f pixels composited per frame (%.2f screens)",
                 Double(renderer.rasterisedBitmapCount - bitmapsAtStart) / frames,
                 Double(renderer.rasterisedGroupCount - groupsAtStart) / frames,
                 Double(compositedPixels) / frames, Double(compositedPixels) / frames / Double(width * height)))
}
