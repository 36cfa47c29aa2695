import UIKit

/// An activity indicator from a replicator, a scroll layer, and a tiled layer drawing its tiles.
func activityIndicator() -> CAReplicatorLayer {
    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    replicator.instanceCount = 12
    replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
    replicator.instanceDelay = 1.0 / 12
    replicator.instanceColor = UIColor.white.cgColor
    replicator.instanceRedOffset = -0.05
    replicator.instanceAlphaOffset = -0.08
    replicator.preservesDepth = false
    let bar = CALayer()
    bar.bounds = CGRect(x: 0, y: 0, width: 3, height: 12)
    bar.position = CGPoint(x: 30, y: 8)
    bar.backgroundColor = UIColor.white.cgColor
    replicator.addSublayer(bar)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.1
    fade.duration = 1
    fade.repeatCount = .infinity
    bar.add(fade, forKey: nil)
    return replicator
}

class Scroller {
    let scroll = CAScrollLayer()
    init() {
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 100, y: 0))
        let sub = CALayer()
        scroll.addSublayer(sub)
        sub.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 10))
        _ = sub.visibleRect
    }
}

final class Tiles: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
    override init() {
        super.init()
        tileSize = CGSize(width: 256, height: 256)
        levelsOfDetail = 4
        levelsOfDetailBias = 2
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
    override func draw(in ctx: CGContext) {
        let box = ctx.boundingBoxOfClipPath
        ctx.setFillColor(UIColor.systemGray5.cgColor)
        ctx.fill(box)
    }
}
