import Foundation

/// Lamina: the map from a layer's own coordinates, as drawn (its presentation copy once
/// committed, else the model layer), to the space its tree's root is positioned in — what
/// the default ``CALayer/accessibilityFrame`` converts the layer's bounds with.
///
/// Made for the top of a walk with ``init(_:)`` (which evaluates the presentation tree once
/// and walks up once) and for each sublayer from its parent's with ``sublayer(_:)`` (one
/// step), so a walk from a root down finds every layer's frame without walking back up to
/// the root and evaluating the tree again for each layer. Main thread only, like the
/// accessibility properties.
package struct CALayerDrawnSpace {
    /// The layer as drawn.
    fileprivate let shown: CALayer
    /// From `shown`'s coordinates to its root's positioned space (nil: not invertible on
    /// the way, no frame).
    fileprivate let toRootSpace: CAProjectiveTransform

    /// The space of `layer`, evaluating its presentation tree at the current media time.
    package init(_ layer: CALayer) {
        let shown: CALayer = layer.presentation() ?? layer
        self.shown = shown
        toRootSpace = shown.transformToRootSpace
    }

    private init(shown: CALayer, toRootSpace: CAProjectiveTransform) {
        self.shown = shown
        self.toRootSpace = toRootSpace
    }

    /// The space of `sublayer`, one of this space's layer's sublayers, as of the same
    /// evaluation. A layer drawn elsewhere (one `accessibilityElements` lists, or one added
    /// or moved since the last commit) gets its space from its own walk up.
    package func sublayer(_ sublayer: CALayer) -> CALayerDrawnSpace {
        let drawn = CALayer.treeLock.withLock { () -> CALayer? in
            let copy = sublayer.presentationCopy
            return copy?.storedSuperlayer === shown ? copy : nil
        }
        guard let drawn else { return CALayerDrawnSpace(sublayer) }
        return CALayerDrawnSpace(shown: drawn, toRootSpace: drawn.transformToParent.concatenating(toRootSpace))
    }

    /// The layer's bounds as drawn, in its root's positioned space (`.zero` if they do not
    /// map to a rectangle).
    package var frame: CGRect {
        toRootSpace.boundingBox(of: shown.bounds) ?? .zero
    }
}

extension CALayer {
    /// The space the current accessibility walk found for a layer, which its default
    /// ``accessibilityFrame`` reads instead of walking up (nil outside such a walk).
    private static let walkSpaceSlot = ThreadLocal<(layer: ObjectIdentifier, space: CALayerDrawnSpace)?>({ nil })

    /// Lamina: the layer's ``accessibilityFrame``, with `space` (this layer's drawn space,
    /// found by a walk from its root) standing in for the default's walk up. An override of
    /// ``accessibilityFrame`` still runs, and a value the app set still wins.
    package func accessibilityFrame(in space: CALayerDrawnSpace) -> CGRect {
        let box = CALayer.walkSpaceSlot.box
        let outer = box.value
        box.value = (ObjectIdentifier(self), space)
        defer { box.value = outer }
        return accessibilityFrame
    }

    /// The space a walk found for this layer, if ``accessibilityFrame(in:)`` is asking.
    final var accessibilityWalkSpace: CALayerDrawnSpace? {
        guard let walk = CALayer.walkSpaceSlot.value, walk.layer == ObjectIdentifier(self) else { return nil }
        return walk.space
    }
}
