// A frosted sidebar, as desktop apps have one: 24 coloured tiles sliding back and forth
// across a 1280×720 window (eased basic animations the render server evaluates), under a
// 280-point sidebar whose `backgroundFilters` blur what passes behind it (CIGaussianBlur,
// radius 20) and tint it with a translucent white. Every frame some tile moves under the
// sidebar, so the whole backdrop is read, blurred and written back each frame. Lamina only
// (no C baseline blurs): the figure is the frame time against the 60 Hz budget, beside the
// same scene with a plain translucent sidebar (what the blur costs), the two interleaved.

import Foundation
import QuartzCore

@MainActor
func runSidebarScene(rounds: Int, framesPerRound: Int) throws {
    let frosted = try SidebarScene(frosted: true), plain = try SidebarScene(frosted: false)
    var frostedTimes: [Double] = [], plainTimes: [Double] = [], frostedOnTwo: [Double] = []
    for _ in 0..<rounds {
        frostedTimes.append(try time(frames: framesPerRound) { _ in try frosted.draw(threads: 1) })
        plainTimes.append(try time(frames: framesPerRound) { _ in try plain.draw(threads: 1) })
        frostedOnTwo.append(try time(frames: framesPerRound) { _ in try frosted.draw(threads: 2) })
    }
    let (l1, p1, l2) = (median(frostedTimes), median(plainTimes), median(frostedOnTwo))
    print(String(format: "frosted 280×720 sidebar (blur radius 20) over 24 sliding tiles, 1280×720: Lamina %.2f ms/frame on one "
                 + "thread (%.2f on two), %.0f%% of the 60 Hz budget (16.7 ms) on one; the same with a plain sidebar %.2f ms",
                 l1, l2, l1 / (1000.0 / 60) * 100, p1))
    print(String(format: "  %.1f bitmaps rasterised per frame, median %.0f pixels drawn per frame",
                 frosted.rasterisedPerFrame, median(frosted.drawn)))
}

/// The scene, drawn frame after frame into its buffer (which shows the previous frame).
@MainActor
final class SidebarScene {
    let renderer = CARenderer()
    let buffer: Buffer
    let begin: CFTimeInterval
    private(set) var frame = 0
    private(set) var drawn: [Double] = []
    private var bitmapsAtStart = 0

    init(frosted: Bool) throws {
        let (width, height) = (1280, 720)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let context = CARenderContext(rootLayer: root)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<24 {
            let tile = CALayer()
            let row = i / 6, column = i % 6
            tile.frame = CGRect(x: 40 + column * 200, y: 30 + row * 170, width: 150, height: 120)
            tile.cornerRadius = 14
            tile.backgroundColor = CGColor(
                red: 0.2 + 0.13 * CGFloat(i % 6), green: 0.3 + 0.15 * CGFloat(row), blue: 0.9 - 0.1 * CGFloat(column), alpha: 1)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.byValue = -260
            slide.duration = 2 + 0.1 * Double(i % 5)
            slide.autoreverses = true
            slide.repeatCount = .infinity
            slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            tile.add(slide, forKey: "slide")
            root.addSublayer(tile)
        }
        let sidebar = CALayer()
        sidebar.frame = CGRect(x: 0, y: 0, width: 280, height: height)
        sidebar.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.55)
        if frosted { sidebar.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20]) as Any] }
        root.addSublayer(sidebar)
        CATransaction.commit()
        begin = CACurrentMediaTime()
        renderer.update = context.makeRenderUpdate(at: begin)
        buffer = Buffer(width: width, height: height)
        try draw(threads: 1)
        bitmapsAtStart = renderer.rasterisedBitmapCount
        drawn = []
    }

    func draw(threads: Int) throws {
        renderer.renderingThreads = threads
        try renderer.setDestination(
            buffer.pixels, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow,
            bufferAge: frame == 0 ? 0 : 1)
        renderer.beginFrame(atTime: begin + Double(frame) / 60)
        try renderer.render()
        drawn.append(Double(renderer.renderedPixelCount))
        renderer.endFrame()
        frame += 1
    }

    /// Bitmaps rasterised per frame after the first.
    var rasterisedPerFrame: Double { Double(renderer.rasterisedBitmapCount - bitmapsAtStart) / Double(max(frame - 1, 1)) }
}
