// An app written as a new user would write it: 30 cards at 1280×720 (makeWobblingCard in
// examples/scenes), each with rounded corners, a shadow with a `shadowPath`, a
// `CAGradientLayer` clipped to the corners and a `CATextLayer` title, wobbling by a few
// degrees. Lamina only (no C baseline draws text and shadows): the figure is the frame time
// against the 60 Hz budget, through the same public API as the eased scenes (one commit, a
// `CARenderer` evaluating each frame), and in the same run against the same scene with each
// card's shadow drawn with the card's group rather than composited from the cached blurred
// image of its `shadowPath`.

import ExampleScenes
import Foundation
@_spi(Benchmarking) import QuartzCore

@MainActor
func makeCards(width: Int, height: Int) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for i in 0..<30 { makeWobblingCard(i, in: root) }
    CATransaction.commit()
    return root
}

@MainActor
func runCardsScene(rounds: Int, framesPerRound: Int) throws {
    let (width, height) = (1280, 720)
    let cards = AnimatedScene(root: makeCards(width: width, height: height), width: width, height: height, shadowsFromCachedImages: true)
    let grouped = AnimatedScene(
        root: makeCards(width: width, height: height), width: width, height: height, shadowsFromCachedImages: false)
    try cards.draw(threads: 1)
    let renderer = cards.renderer
    let (bitmapsAtStart, groupsAtStart, framesAtStart) = (renderer.rasterisedBitmapCount, renderer.rasterisedGroupCount, cards.frame)
    let times = try interleavedFrameTimes([cards, grouped], rounds: rounds, framesPerRound: framesPerRound)
    let (l1, l2) = times[0]
    let frames = Double(cards.frame - framesAtStart)
    print(String(format: "30 shadowed, clipped, titled cards wobbling, 1280×720: Lamina %.2f ms/frame on one thread (%.2f on two), "
                 + "%.0f%% of the 60 Hz budget (16.7 ms) on one", l1, l2, l1 / (1000.0 / 60) * 100))
    print(String(format: "  each shadow drawn with its card's group instead: %.2f ms/frame (%.2f on two); cached shadows %.2f× (%.2f×)",
                 times[1].one, times[1].two, l1 / times[1].one, l2 / times[1].two))
    print(String(format: "  %.1f bitmaps and %.1f groups rasterised per frame; %.0f pixels drawn in the last frame (%.2f screens)",
                 Double(renderer.rasterisedBitmapCount - bitmapsAtStart) / frames,
                 Double(renderer.rasterisedGroupCount - groupsAtStart) / frames,
                 Double(renderer.compositedPixelCount), Double(renderer.compositedPixelCount) / Double(width * height)))
}
