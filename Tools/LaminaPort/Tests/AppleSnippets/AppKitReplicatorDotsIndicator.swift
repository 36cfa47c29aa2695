import Cocoa

/// A macOS activity indicator: three dots from a replicator, fading in turn, set up when the
/// view moves to a window.

final class AppKitReplicatorDotsIndicator: NSView {
    let dotSize: CGFloat = 6.0
    let dotSpacing: CGFloat = 3.0
    let dotCount = 3

    override func viewDidMoveToWindow() {
        wantsLayer = true

        let replicator = CAReplicatorLayer()
        replicator.frame = bounds
        let dotsX = (bounds.width - (dotSize * 3) - (dotSize * 2)) / 2

        let dot = CALayer()
        dot.frame = CGRect(x: dotsX, y: (bounds.height - dotSize) / 2, width: dotSize, height: dotSize)
        dot.backgroundColor = NSColor.darkGray.cgColor
        dot.cornerRadius = dotSize / 2
        replicator.addSublayer(dot)
        replicator.instanceCount = dotCount
        replicator.instanceTransform = CATransform3DMakeTranslation(dotSize + dotSpacing, 0, 0)
        replicator.instanceDelay = 0.2

        let fade = CAKeyframeAnimation()
        fade.keyPath = #keyPath(CALayer.opacity)
        fade.values = [0.0, 1.0, 0.0]
        fade.duration = 1.2
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        fade.repeatCount = .infinity
        dot.add(fade, forKey: nil)

        layer?.addSublayer(replicator)
    }
}
