// 200 text layers and 200 shape layers animating at 1920×1080: the labels move by whole
// pixels every frame and a tenth of them change their text; the rings (CAShapeLayer
// circles) advance their strokeEnd every frame, as progress rings do. Lamina only (no C
// baseline draws text): the figure is the frame time against the 60 Hz budget.

import Foundation
import QuartzCore

@MainActor
func runLabelsAndRingsScene(rounds: Int, framesPerRound: Int) throws {
    let scene = LaminaScene(width: screenWidth, height: screenHeight)
    let count = 200
    var labels: [CATextLayer] = []
    var rings: [CAShapeLayer] = []
    let ringPath = CGMutablePath()
    ringPath.addEllipse(in: CGRect(x: 2, y: 2, width: 36, height: 36))
    for i in 0..<count {
        let column = i % 10, row = i / 10
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: column * 190 + 10, y: row * 54 + 6, width: 40, height: 40)
        ring.path = ringPath
        ring.fillColor = nil
        ring.strokeColor = color(0xFF40_A0FF)
        ring.lineWidth = 4
        ring.lineCap = .round
        scene.root.addSublayer(ring)
        rings.append(ring)
        let label = CATextLayer()
        label.frame = CGRect(x: column * 190 + 56, y: row * 54 + 14, width: 130, height: 24)
        label.fontSize = 15
        label.foregroundColor = color(0xFFE0_E0E0)
        label.string = labelText(i, percent: 0)
        scene.root.addSublayer(label)
        labels.append(label)
    }
    func animate(_ frame: Int) {
        for i in 0..<count {
            let progress = CGFloat((frame + i * 7) % 100) / 100
            rings[i].strokeEnd = progress
            let column = i % 10, row = i / 10
            labels[i].position = CGPoint(x: CGFloat(column * 190 + 121 + frame % 8), y: CGFloat(row * 54 + 26))
            if i % 10 == frame % 10 { labels[i].string = labelText(i, percent: Int(progress * 100)) }
        }
    }
    try scene.drawFrame { animate(0) }  // the first frame draws every bitmap
    let firstBitmaps = scene.renderer.rasterisedBitmapCount
    let firstFrames = scene.frame
    var times: [Double] = []
    for _ in 0..<rounds {
        times.append(try time(frames: framesPerRound) { _ in
            let frame = scene.frame
            try scene.drawFrame { animate(frame) }
        })
    }
    let frames = Double(scene.frame - firstFrames)
    let budget = 1000.0 / 60
    let frameTime = median(times)
    print(String(format: "  Lamina's time: model and snapshot %.2f ms/frame, finding the damage %.2f, drawing %.2f; "
                 + "%.1f layer bitmaps drawn per frame",
                 Double(scene.modelNanoseconds) / 1e6 / Double(scene.frame), Double(scene.layoutNanoseconds) / 1e6 / Double(scene.frame),
                 Double(scene.drawNanoseconds) / 1e6 / Double(scene.frame),
                 Double(scene.renderer.rasterisedBitmapCount - firstBitmaps) / frames))
    print(String(format: "  main-thread CPU time (steadier on a busy machine): model and snapshot %.2f ms/frame",
                 Double(scene.modelCPUNanoseconds) / 1e6 / Double(scene.frame)))
    print(String(format: "200 text + 200 shape layers animating, 1920×1080: Lamina %.2f ms/frame, %.0f%% of the 60 Hz budget "
                 + "(%.1f ms; goal: within it)", frameTime, frameTime / budget * 100, budget))
}

private func labelText(_ index: Int, percent: Int) -> String {
    "Task \(index + 1) — \(percent)%"
}
