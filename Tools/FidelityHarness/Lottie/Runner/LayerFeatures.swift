// The fidelity harness's runner: the Core Animation features a sample's layer tree uses, to
// break the match rate down by feature.

import QuartzCore

enum LayerFeature: String, CaseIterable {
    case gradients
    case radialGradients = "radial gradients"
    case masks
    case keyframePaths = "keyframe paths"
    case compositingFilter
    case images
    case text

    /// The features used anywhere in the tree under `root` (sublayers and masks), with the
    /// animations attached to its layers.
    static func used(under root: CALayer) -> Set<LayerFeature> {
        var found = Set<LayerFeature>()
        var pending = [root]
        while let layer = pending.popLast() {
            if let gradient = layer as? CAGradientLayer {
                found.insert(.gradients)
                if gradient.type == .radial { found.insert(.radialGradients) }
            }
            if let mask = layer.mask {
                found.insert(.masks)
                pending.append(mask)
            }
            if layer.compositingFilter != nil { found.insert(.compositingFilter) }
            if layer is ImageLayer { found.insert(.images) }
            if layer is TextLayer { found.insert(.text) }
            for key in layer.animationKeys() ?? [] {
                if let animation = layer.animation(forKey: key), usesKeyframePath(animation) {
                    found.insert(.keyframePaths)
                }
            }
            pending.append(contentsOf: layer.sublayers ?? [])
        }
        return found
    }

    private static func usesKeyframePath(_ animation: CAAnimation) -> Bool {
        if let keyframes = animation as? CAKeyframeAnimation, keyframes.path != nil { return true }
        if let group = animation as? CAAnimationGroup {
            return (group.animations ?? []).contains(where: usesKeyframePath)
        }
        return false
    }
}
