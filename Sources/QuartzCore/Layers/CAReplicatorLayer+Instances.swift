import CoreGraphics
import Foundation

extension CAReplicatorLayer {
    /// What the renderer needs to repeat this layer's sublayers. With an ``instanceDelay``
    /// and animations under the sublayers, a presentation layer also snapshots its
    /// sublayers once per further instance (up to ``maximumDelayedInstanceCount``) with
    /// their animations evaluated that many delays earlier; `sublayers` (the snapshot's, made
    /// at the presentation time) is then replaced by a fresh one at that time.
    func renderReplicator(sublayers: inout [CARenderLayer], geometryFlipped flipped: Bool) -> CARenderReplicator {
        let count = min(max(instanceCount, 0), CAReplicatorLayer.maximumInstanceCount)
        let color = instanceColor?.rgba ?? (1, 1, 1, 1)
        let offsets = (
            red: CGFloat(instanceRedOffset), green: CGFloat(instanceGreenOffset), blue: CGFloat(instanceBlueOffset),
            alpha: CGFloat(instanceAlphaOffset)
        )
        var delayed: [[CARenderLayer]] = []
        let delay = instanceDelay
        if count > 1, delay != 0, delay.isFinite, isPresentationCopy, let time = rootLayer.evaluationStamp?.time,
            storedSublayers.contains(where: \.subtreeHasAnimations)
        {
            var mapping = CALayerTimeMapping(media: time)
            let local = mapping.localTime(of: self)
            CALayer.withDiagnosticsMuted {
                for index in 1..<min(count, CAReplicatorLayer.maximumDelayedInstanceCount + 1) {
                    for sublayer in storedSublayers { sublayer.evaluateSubtree(atParentTime: local - Double(index) * delay) }
                    delayed.append(sublayerSnapshots(geometryFlipped: flipped))
                }
                // Back to the presentation time, with snapshots (and their caches) to match.
                for sublayer in storedSublayers { sublayer.evaluateSubtree(atParentTime: local) }
                sublayers = sublayerSnapshots(geometryFlipped: flipped)
            }
        }
        return CARenderReplicator(
            instanceCount: count, instanceTransform: instanceTransform, instanceColor: color, colorOffsets: offsets,
            delayedSublayers: delayed, preservesDepth: preservesDepth)
    }

    private func sublayerSnapshots(geometryFlipped flipped: Bool) -> [CARenderLayer] {
        var result: [CARenderLayer] = []
        result.reserveCapacity(storedSublayers.count)
        for sublayer in storedSublayers {
            result.append(sublayer.snapshot(geometryFlipped: flipped != sublayer.isGeometryFlipped))
        }
        return result
    }
}

extension CALayer {
    /// Whether this presentation layer or one below it has animations (or shows animated
    /// values).
    var subtreeHasAnimations: Bool {
        if hasAnimatedValues || modelLayer?.effectiveAnimations.isEmpty == false { return true }
        return storedSublayers.contains(where: \.subtreeHasAnimations)
    }

    /// Shows this presentation layer and those below it with their animations applied as if
    /// its superlayer's local time were `parentTime`.
    func evaluateSubtree(atParentTime parentTime: CFTimeInterval) {
        let animations = modelLayer?.effectiveAnimations ?? []
        if !animations.isEmpty || hasAnimatedValues {
            evaluateAnimations(animations, parentTime: parentTime)
        }
        let local = localTime(fromParent: parentTime)
        for sublayer in storedSublayers { sublayer.evaluateSubtree(atParentTime: local) }
    }
}
