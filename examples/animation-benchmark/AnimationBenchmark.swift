// The cost of animation per frame: a tree of N layers, each with a position and an opacity
// animation, evaluated at successive media times (the presentation tree updated in place)
// and snapshotted for the compositor; compared with the same tree without animations, and
// with compositing the frame. Prints ms/frame for each and the ratios. Run a release build:
//
//     swift build -c release --product animation-benchmark && .build/release/animation-benchmark [layers] [frames]

import Foundation
import QuartzCore

let arguments = CommandLine.arguments
let layerCount = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 1000) : 1000
let frames = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 240) : 240
let width = 1280, height = 720

@MainActor
func buildTree(animated: Bool) -> (CALayer, CARenderContext) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    let context = CARenderContext(rootLayer: root)
    for index in 0..<layerCount {
        let layer = CALayer()
        let x = CGFloat(index % 40) * 32, y = CGFloat(index / 40 % 22) * 32
        layer.frame = CGRect(x: x, y: y, width: 28, height: 28)
        layer.backgroundColor = CGColor(red: CGFloat(index % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
        layer.cornerRadius = 6
        root.addSublayer(layer)
        if animated {
            let move = CABasicAnimation(keyPath: "position.y")
            move.byValue = 40
            move.duration = 2
            move.autoreverses = true
            move.repeatCount = .infinity
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(move, forKey: "move")
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [Float(1), Float(0.3), Float(1)]
            fade.duration = 1.5
            fade.repeatCount = .infinity
            layer.add(fade, forKey: "fade")
        }
    }
    CATransaction.flush()
    return (root, context)
}

/// Milliseconds per frame of `body` run at `frames` successive frame times (60 Hz).
@MainActor
func measure(_ clock: CAManualMediaClock, _ body: (CFTimeInterval) -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for frame in 0..<frames {
        let time = 1000 + Double(frame) / 60
        clock.set(time)
        body(time)
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames)
}

MainActor.assumeIsolated {
    let clock = CAManualMediaClock(start: 1000)
    CAMediaClock.use(clock)
    let compositor = CALayerCompositor()
    let (staticRoot, staticContext) = buildTree(animated: false)
    let (animatedRoot, animatedContext) = buildTree(animated: true)
    var sink = 0
    let staticSnapshot = measure(clock) { time in
        staticContext.advanceAnimations(to: time)
        sink &+= staticContext.makeRenderTree(at: time).sublayers.count
    }
    let animatedSnapshot = measure(clock) { time in
        animatedContext.advanceAnimations(to: time)
        sink &+= animatedContext.makeRenderTree(at: time).sublayers.count
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let composite = measure(clock) { time in
        animatedContext.advanceAnimations(to: time)
        let tree = animatedContext.makeRenderTree(at: time)
        pixels.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try? compositor.render(tree, into: base, width: width, height: height, bytesPerRow: width * 4)
        }
    }
    withExtendedLifetime((staticRoot, animatedRoot)) {}
    print("layers: \(layerCount), frames: \(frames), two animations per layer")
    print(String(format: "static tree, advance + snapshot:    %8.3f ms/frame", staticSnapshot))
    print(String(format: "animated tree, advance + evaluate + snapshot: %8.3f ms/frame", animatedSnapshot))
    print(String(format: "animated tree + CPU compositing %dx%d: %8.3f ms/frame", width, height, composite))
    print(String(format: "animation overhead: %.2fx the static snapshot; evaluation is %.1f%% of a composited frame",
                 animatedSnapshot / staticSnapshot, 100 * (animatedSnapshot - staticSnapshot) / composite))
    if sink == 42 { print("") }
}
