import QuartzCore
import XCTest

/// A layer with `frame` and background `color`, added to `parent` if given.
@MainActor
public func layer(_ frame: CGRect, _ color: CGColor? = nil, in parent: CALayer? = nil) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    parent?.addSublayer(layer)
    return layer
}

/// A layer named `name` with `frame` and background `color`, added to `parent` if given.
@MainActor
public func layer(_ name: String, _ frame: CGRect, _ color: CGColor? = nil, in parent: CALayer? = nil) -> CALayer {
    let named = layer(frame, color, in: parent)
    named.name = name
    return named
}

/// The image of `root`'s tree (presentation values at the current media time), `width` ×
/// `height` pixels at one pixel per point.
@MainActor
public func renderImage(of root: CALayer, _ width: Int, _ height: Int) throws -> CGImage {
    try CALayerCompositor().renderImage(root.makeRenderTree(), width: width, height: height)
}

/// A chain of `depth` layers under a 20×20-point `root`, each covering the top-left 10×10
/// points of its superlayer; the deepest is opaque `leafColor`. Built from the bottom up, so
/// each `addSublayer(_:)` joins a root and costs the same at any depth.
@MainActor
public func chainOfLayers(depth: Int, leafColor: CGColor) -> (root: CALayer, leaf: CALayer) {
    let leaf = layer(CGRect(x: 0, y: 0, width: 10, height: 10), leafColor)
    var top = leaf
    for _ in 1..<depth {
        let parent = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSublayer(top)
        top = parent
    }
    let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
    root.addSublayer(top)
    return (root, leaf)
}
