import Foundation

/// What a commit hands the render server: the snapshot, and the animations the render
/// server can evaluate on its own (``CARenderUpdate``).
extension CALayer {
    /// The update for this (root) layer's tree at media time `time`.
    func makeRenderUpdate(at time: CFTimeInterval) -> CARenderUpdate {
        CATransaction.showOtherThreadsCommits()
        refreshPresentationDrawingOutsideTheLock(at: time)
        // Reads the model layers of the tree, which other threads may be changing.
        return CALayer.treeLock.withLock { makeLockedRenderUpdate(at: time) }
    }

    private func makeLockedRenderUpdate(at time: CFTimeInterval) -> CARenderUpdate {
        let tree = makeRenderTree(at: time)
        var animatedLayers: [CARenderAnimatedLayer] = []
        var needsMain = false
        // Layers under one parent usually have equal timing chains (all defaults, most
        // often): equal chains share one array rather than holding one each.
        var lastChain: [CAMediaTimingParameters] = []
        for (_, model) in CALayer.animatedModelsOfThisThread(inTree: treeRevision.root) {
            let animations = model.effectiveAnimations
            guard !animations.isEmpty else { continue }
            // One walk up, through superlayers and mask owners: whether it is in this tree,
            // and the timing of each layer from this root down to it.
            var ancestry: [CALayer] = []
            var current: CALayer? = model
            while let layer = current, ancestry.count < 100_000 {
                ancestry.append(layer)
                if layer === self { break }
                current = layer.superlayer ?? layer.maskOwner
            }
            guard ancestry.last === self else { continue }
            var timingChain = ancestry.reversed().map(\.layerTimingParameters)
            if timingChain == lastChain { timingChain = lastChain } else { lastChain = timingChain }
            // Animations over by now show a constant value, already in the snapshot.
            let local = CARenderAnimatedLayer.localTime(time, through: timingChain)
            let evaluators = animations.compactMap(\.frozen).filter { !(local > $0.value.endTime) }
            guard !evaluators.isEmpty else { continue }
            // Where its snapshot is: indices through sublayers. A mask (or a layer in one) is
            // animated by the main thread.
            var path: [Int] = []
            var isInMask = false
            for (child, parent) in zip(ancestry, ancestry.dropFirst()) {
                guard child.superlayer === parent, let index = parent.sublayers?.firstIndex(where: { $0 === child }) else {
                    isInMask = true
                    break
                }
                path.append(index)
            }
            guard !isInMask else {
                needsMain = true
                continue
            }
            let keyPaths = evaluators.flatMap { $0.value.animatedKeyPaths }
            let type = Swift.type(of: model)
            let evaluable = !evaluators.contains(where: { $0.value.isTransition }) && keyPaths.allSatisfy { keyPath in
                let key = CARenderLayer.splitKeyPath(keyPath).key
                return CARenderLayer.rendersAnimation(ofKey: key, for: type)
                    && (type == CALayer.self || !CALayer.classNeedsDisplay(type, forKey: key))
            }
            guard evaluable else {
                needsMain = true
                continue
            }
            var baseValues: [(keyPath: String, value: CARenderAnimationValue)] = []
            for key in Set(keyPaths.map { CARenderLayer.splitKeyPath($0).key }) {
                // The model's value: renders follow commits, so it is the committed one.
                let committed = model.value(forKey: key)
                if let value = CARenderAnimationValue(committed) {
                    baseValues.append((key, value))
                } else if committed == nil, key.hasSuffix("Color"), let none = CARenderAnimationValue(NSNull()) {
                    // A nil colour: NSNull clears it.
                    baseValues.append((key, none))
                }
            }
            animatedLayers.append(CARenderAnimatedLayer(
                path: path.reversed(), timingChain: timingChain,
                baseValues: baseValues, evaluators: evaluators))
        }
        // Ancestors' timing is in each chain; order them for a stable result.
        animatedLayers.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return CARenderUpdate(tree: tree, mediaTime: time, animatedLayers: animatedLayers, needsMainThreadEvaluation: needsMain)
    }
}

extension CAAnimationEvaluator {
    /// Every key path the animation (and, for a group, its children) animates.
    var animatedKeyPaths: [String] {
        switch kind {
        case .group(let children): return children.flatMap(\.animatedKeyPaths)
        case .transition: return []
        default: return property.keyPath.isEmpty ? [] : [property.keyPath]
        }
    }
}
