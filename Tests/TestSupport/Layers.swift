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
