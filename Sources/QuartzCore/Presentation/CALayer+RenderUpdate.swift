import Foundation

/// What a commit hands the render server: the snapshot, and the animations the render
/// server can evaluate on its own (``CARenderUpdate``).
extension CALayer {
    /// The timing of the root of `layer`'s tree, then each layer down to `layer` (through
    /// superlayers and mask owners).
    private func timingChain(of layer: CALayer) -> [CAMediaTimingParameters] {
        var chain: [CAMediaTimingParameters] = []
        var current: CALayer? = layer
        var depth = 0
        while let c = current, depth < 100_000 {
            chain.append(c.layerTimingParameters)
            current = c.superlayer ?? c.maskOwner
            depth += 1
        }
        return chain.reversed()
    }

    /// Whether `layer` is in this layer's tree, counting masks of its layers.
    private func isInTree(_ layer: CALayer) -> Bool {
        var current: CALayer? = layer
        var depth = 0
        while let c = current, depth < 100_000 {
            if c === self { return true }
            current = c.superlayer ?? c.maskOwner
            depth += 1
        }
        return false
    }

    /// Whether `evaluator`'s value can still change after media time `time`.
    private static func changesAfter(
        _ time: CFTimeInterval, evaluator: CAAnimationEvaluator, chain: [CAMediaTimingParameters]
    ) -> Bool {
        let local = chain.reduce(time) { CALayer.localTime($0, through: $1) }
        return !(local > evaluator.endTime)
    }

    /// The update for this (root) layer's tree at media time `time`.
    func makeRenderUpdate(at time: CFTimeInterval) -> CARenderUpdate {
        let tree = makeRenderTree(at: time)
        var animatedLayers: [CARenderAnimatedLayer] = []
        var needsMain = false
        for reference in CALayer.animatedModels.values {
            guard let model = reference.layer else { continue }
            let animations = model.effectiveAnimations
            guard !animations.isEmpty else { continue }
            // Where it is: indices up to this root (masks are not reached through sublayers).
            var path: [Int] = []
            var chain: [CALayer] = [model]
            var current = model
            var reachesRoot = current === self
            while !reachesRoot, let parent = current.superlayer {
                guard let index = parent.sublayers?.firstIndex(where: { $0 === current }) else { break }
                path.append(index)
                chain.append(parent)
                current = parent
                reachesRoot = current === self
            }
            // Animations over by now show a constant value, already in the snapshot.
            let evaluators = animations.compactMap(\.evaluator).filter { evaluator in
                Self.changesAfter(time, evaluator: evaluator, chain: timingChain(of: model))
            }
            guard !evaluators.isEmpty else { continue }
            guard reachesRoot else {
                // A mask of a layer in this tree is animated by the main thread; layers of
                // other trees do not matter here.
                if isInTree(model) { needsMain = true }
                continue
            }
            let keyPaths = evaluators.flatMap { $0.animatedKeyPaths }
            let type = Swift.type(of: model)
            let evaluable = !evaluators.contains(where: \.isTransition) && keyPaths.allSatisfy { keyPath in
                let key = CARenderLayer.splitKeyPath(keyPath).key
                return CARenderLayer.renderAnimatableKeys.contains(key)
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
                } else if committed == nil, key.hasSuffix("Color") {
                    // A nil colour: NSNull clears it.
                    baseValues.append((key, CARenderAnimationValue(NSNull())!))
                }
            }
            animatedLayers.append(CARenderAnimatedLayer(
                path: path.reversed(), timingChain: chain.reversed().map(\.layerTimingParameters),
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
