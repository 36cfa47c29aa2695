// An app written as a new user would write it: 30 cards at 1280×720, each with rounded
// corners, a shadow with a `shadowPath`, a `CAGradientLayer` clipped to the corners and a
// `CATextLayer` title, wobbling by a few degrees (`transform.rotation.z`, eased,
// autoreversing, repeating). Lamina only (no C baseline draws text and shadows): the
// figure is the frame time against the 60 Hz budget, through the same public API as the
// eased scenes (one commit, a `CARenderer` evaluating each frame).

import Foundation
import QuartzCore

@MainActor
func makeCard(_ i: Int, in root: CALayer) {
    let size = CGSize(width: 180, height: 110)
    let card = CALayer()
    card.bounds = CGRect(origin: .zero, size: size)
    card.position = CGPoint(x: 120 + (i % 6) * 205, y: 90 + (i / 6) * 135)
    card.cornerRadius = 12
    card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    card.shadowOpacity = 0.35
    card.shadowRadius = 8
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)

    let gradient = CAGradientLayer()
    gradient.frame = card.bounds
    gradient.colors = [
        CGColor(red: 0.25, green: 0.45, blue: 0.95, alpha: 1), CGColor(red: 0.55, green: 0.2, blue: 0.8, alpha: 1),
    ]
    gradient.cornerRadius = 12
    gradient.masksToBounds = true
    card.addSublayer(gradient)

    let title = CATextLayer()
    title.frame = CGRect(x: 14, y: 12, width: size.width - 28, height: 24)
    title.string = "Card \(i + 1)"
    title.fontSize = 17
    title.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    card.addSublayer(title)

    let wobble = CABasicAnimation(keyPath: "transform.rotation.z")
    wobble.fromValue = -0.05
    wobble.toValue = 0.05
    wobble.duration = 0.6 + Double(i % 7) * 0.05
    wobble.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    wobble.autoreverses = true
    wobble.repeatCount = .infinity
    card.add(wobble, forKey: "wobble")
    root.addSublayer(card)
}

@MainActor
func runCardsScene(rounds: Int, framesPerRound: Int) throws {
    let (width, height) = (1280, 720)
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
    let context = CARenderContext(rootLayer: root)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for i in 0..<30 { makeCard(i, in: root) }
    CATransaction.commit()
    let begin = CACurrentMediaTime()
    let renderer = CARenderer()
    renderer.update = context.makeRenderUpdate(at: begin)
    let buffer = Buffer(width: width, height: height)
    var frame = 0
    func draw(threads: Int) throws {
        renderer.renderingThreads = threads
        try renderer.setDestination(
            buffer.pixels, width: width, height: height, bytesPerRow: buffer.bytesPerRow, bufferAge: frame == 0 ? 0 : 1)
        renderer.beginFrame(atTime: begin + Double(frame) / 60)
        try renderer.render()
        renderer.endFrame()
        frame += 1
    }
    try draw(threads: 1)
    let (bitmapsAtStart, groupsAtStart, framesAtStart) = (renderer.rasterisedBitmapCount, renderer.rasterisedGroupCount, frame)
    var oneThread: [Double] = [], twoThreads: [Double] = []
    for _ in 0..<rounds {
        oneThread.append(try time(frames: framesPerRound) { _ in try draw(threads: 1) })
        twoThreads.append(try time(frames: framesPerRound) { _ in try draw(threads: 2) })
    }
    let frames = Double(frame - framesAtStart)
    let (l1, l2) = (median(oneThread), median(twoThreads))
    print(String(format: "30 shadowed, clipped, titled cards wobbling, 1280×720: Lamina %.2f ms/frame on one thread (%.2f on two), "
                 + "%.0f%% of the 60 Hz budget (16.7 ms) on one", l1, l2, l1 / (1000.0 / 60) * 100))
    print(String(format: "  %.1f bitmaps and %.1f groups rasterised per frame",
                 Double(renderer.rasterisedBitmapCount - bitmapsAtStart) / frames,
                 Double(renderer.rasterisedGroupCount - groupsAtStart) / frames))
}
