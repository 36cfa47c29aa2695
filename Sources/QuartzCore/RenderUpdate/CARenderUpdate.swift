import Foundation

/// Lamina: what a commit hands the render server — the tree as committed and the
/// animations it runs — so the render thread can draw any later frame on its own, at the
/// frame's time, while the main thread is busy.
///
/// Made by ``CARenderContext/makeRenderUpdate(at:)``; drawn by ``CARenderer``. Sendable:
/// it holds no layers, only snapshots and frozen animations.
public struct CARenderUpdate: Sendable {
    /// The tree's snapshot at ``mediaTime``, animations applied.
    public var tree: CARenderLayer
    /// The media time the snapshot shows.
    public var mediaTime: CFTimeInterval
    /// The animated layers the render server evaluates itself at each frame's time.
    var animatedLayers: [CARenderAnimatedLayer]
    /// Whether some animation can only be evaluated on the main thread (a transition, a
    /// contents cross-fade, a key that redraws the layer's contents, or a key the render
    /// server does not know): frames then need fresh updates from the main thread to show it.
    public var needsMainThreadEvaluation: Bool
    /// The latest media time at which an animation the render server evaluates still changes
    /// something (`.infinity` for repeating forever); `-.infinity` when there is none.
    public var animationsEndTime: CFTimeInterval
    /// Where the tree's emitter layers are: indices from the root through `sublayers`
    /// (emitters inside masks are drawn as snapshotted, not simulated per frame).
    var emitterPaths: [[Int]]
    /// The latest media time at which an emitter of the tree may show a live particle
    /// (`.infinity` while one emits); `-.infinity` when there is none.
    public var emittersEndTime: CFTimeInterval
    /// The layers the render server animates, by identity: while their animations run they
    /// are in motion, and their cached bitmaps are resampled rather than drawn again.
    var motions: [ObjectIdentifier: CARenderLayerMotion] = [:]
    /// ``tree`` with every emitter shown after its last particle died (the same snapshot
    /// for every frame from ``emittersEndTime`` on, so nothing is redrawn for them).
    private var settledTree: CARenderLayer
    /// This update, told from others (and from copies of others) by identity: a tree it
    /// evaluated for one frame is evaluated again in place for the next.
    private let identity = Identity()

    private final class Identity: Sendable {}

    /// An update showing `tree` without animations.
    public init(tree: CARenderLayer, mediaTime: CFTimeInterval = 0) {
        self.tree = tree
        self.mediaTime = mediaTime
        animatedLayers = []
        needsMainThreadEvaluation = false
        animationsEndTime = -.infinity
        (emitterPaths, emittersEndTime) = Self.emitters(in: tree)
        settledTree = Self.settled(tree, emitterPaths)
    }

    init(tree: CARenderLayer, mediaTime: CFTimeInterval, animatedLayers: [CARenderAnimatedLayer], needsMainThreadEvaluation: Bool) {
        self.tree = tree
        self.mediaTime = mediaTime
        self.animatedLayers = animatedLayers
        self.needsMainThreadEvaluation = needsMainThreadEvaluation
        animationsEndTime = animatedLayers.reduce(-.infinity) { end, layer in
            layer.evaluators.reduce(end) { max($0, layer.parentTime(ofLocal: $1.endTime)) }
        }
        for layer in animatedLayers {
            guard let id = Self.node(at: layer.path, in: tree).layerID else { continue }
            motions[id] = CARenderLayerMotion(layer)
        }
        (emitterPaths, emittersEndTime) = Self.emitters(in: tree)
        settledTree = Self.settled(tree, emitterPaths)
    }

    /// `tree` with the emitters at `paths` shown after their last particle died.
    private static func settled(_ tree: CARenderLayer, _ paths: [[Int]]) -> CARenderLayer {
        var root = tree
        for path in paths {
            guard let emitter = node(at: path, in: tree).emitter, emitter.activeUntil.isFinite,
                emitter.time < emitter.activeUntil
            else { continue }
            root.updateNode(at: path[...]) { $0.emitter?.settle() }
        }
        return root
    }

    /// The snapshot at `path` below `tree`.
    private static func node(at path: [Int], in tree: CARenderLayer) -> CARenderLayer {
        var node = tree
        for index in path where node.sublayers.indices.contains(index) { node = node.sublayers[index] }
        return node
    }

    /// The paths of the emitter layers in `tree`, and the last time one may draw a particle.
    private static func emitters(in tree: CARenderLayer) -> (paths: [[Int]], endTime: CFTimeInterval) {
        var paths: [[Int]] = []
        var endTime = -CFTimeInterval.infinity
        // Depth first, in drawing order; one path array shared by every node (it is only
        // copied for an emitter), since every commit walks the whole tree.
        var path: [Int] = []
        var stack: [(layer: CARenderLayer, depth: Int, index: Int)] = [(tree, 0, 0)]
        while let (layer, depth, index) = stack.popLast() {
            if depth > 0 {
                path.removeSubrange((depth - 1)...)
                path.append(index)
            }
            if let emitter = layer.emitter {
                paths.append(path)
                endTime = max(endTime, emitter.activeUntil)
            }
            let sublayers = layer.sublayers
            for index in sublayers.indices.reversed() { stack.append((sublayers[index], depth + 1, index)) }
        }
        return (paths, endTime)
    }

    /// Whether the render server animates something itself.
    public var hasAnimations: Bool { !animatedLayers.isEmpty }

    /// The tree at media time `time`: the render server's animations evaluated at that time,
    /// and the particles of its emitters. An emitter whose particles are all gone by the
    /// time of the snapshot is left as it is (unchanged, it needs no drawing).
    public func tree(at time: CFTimeInterval) -> CARenderLayer {
        // Once every emitter's particles are gone, the same settled snapshot every frame.
        let emitting = !emitterPaths.isEmpty && !(time >= emittersEndTime)
        guard !animatedLayers.isEmpty || emitting else { return emitterPaths.isEmpty ? tree : settledTree }
        var root = emitting ? tree : settledTree
        evaluateAnimations(on: &root, atMediaTime: time)
        guard emitting else { return root }
        for path in emitterPaths {
            guard var emitter = Self.node(at: path, in: tree).emitter else { continue }
            let end = emitter.activeUntil
            // Past the last particle's death any time shows none: a snapshot already there
            // is left as it is (its ancestors too, so nothing is redrawn for it).
            let shown = min(time, end)
            if shown <= emitter.time, emitter.time >= end { continue }
            emitter.evaluate(at: shown)
            root.updateNode(at: path[...]) { $0.emitter = emitter }
        }
        return root
    }
}

extension CARenderUpdate {
    /// A tree an update evaluated for one frame, kept by the renderer to be evaluated again
    /// in place for the next: the animated layers' snapshots and those on the way down to
    /// them are the renderer's own copies, so their values change where they are instead of
    /// being copied from the committed tree every frame.
    struct EvaluatedTree: Sendable {
        fileprivate var tree: CARenderLayer
        fileprivate let identity: AnyObject & Sendable
    }

    /// The tree at media time `time` (as ``tree(at:)``), evaluated in `reused` when it holds
    /// this update's tree from an earlier frame, and kept there for the next one. A snapshot
    /// something else still holds (the last frame's drawing steps, say) is copied first, as
    /// always, so nothing another frame kept sees a value change.
    func tree(at time: CFTimeInterval, reusing reused: inout EvaluatedTree?) -> CARenderLayer {
        // Emitters and trees without animations keep the path that picks a whole snapshot.
        guard !animatedLayers.isEmpty, emitterPaths.isEmpty else {
            reused = nil
            return tree(at: time)
        }
        var root = tree
        if reused?.identity === identity {
            // Moved out, so that `root` is the kept tree's only reference.
            swap(&root, &reused!.tree)
        }
        reused = nil
        evaluateAnimations(on: &root, atMediaTime: time)
        reused = EvaluatedTree(tree: root, identity: identity)
        return root
    }

    /// A node on the way down to animated layers, with its sublayers taken out of it so the
    /// one below changes in place.
    private struct Level {
        var node: CARenderLayer
        var sublayers: [CARenderLayer]
        /// The index in `sublayers` of the node below.
        var child: Int
    }

    /// What `root` holds while its tree is being evaluated.
    private static let placeholder = CARenderLayer(values: .init())

    /// Shows each animated layer's values at media time `time` in `root`. One walk in path
    /// order: the nodes animated layers share a path through are taken out and put back
    /// once, not once per layer, and a deep tree needs no deep call stack. A path that no
    /// longer leads to a node changes nothing.
    fileprivate func evaluateAnimations(on root: inout CARenderLayer, atMediaTime time: CFTimeInterval) {
        var levels: [Level] = []
        // Moved out of `root`, so a tree evaluated in place stays uniquely referenced.
        var current = root
        root = Self.placeholder
        // Nodes are moved down and back up rather than copied (a copy would make the one
        // below shared, and changing it would copy its values).
        func climb() {
            var level = levels.removeLast()
            swap(&level.sublayers[level.child], &current)
            level.node.sublayers = level.sublayers
            current = level.node
        }
        for index in animatedLayers.indices {
            let path = animatedLayers[index].path
            var common = 0
            while common < levels.count, common < path.count, levels[common].child == path[common] { common += 1 }
            // A sibling of the layer evaluated last: that one goes back and this one comes out
            // at their parent's level, which stays taken apart (animated siblings in a row
            // would otherwise put their parent together and take it apart again, each).
            let last = levels.count - 1
            if common == last, path.count == levels.count, levels[last].sublayers.indices.contains(path[last]) {
                swap(&levels[last].sublayers[levels[last].child], &current)
                levels[last].child = path[last]
                swap(&levels[last].sublayers[path[last]], &current)
                animatedLayers[index].evaluate(on: &current, atMediaTime: time)
                continue
            }
            while levels.count > common { climb() }
            var reached = true
            while levels.count < path.count {
                let child = path[levels.count]
                guard current.sublayers.indices.contains(child) else {
                    reached = false
                    break
                }
                var sublayers = current.sublayers
                current.sublayers = []
                var below = Self.placeholder
                swap(&below, &sublayers[child])
                levels.append(Level(node: current, sublayers: sublayers, child: child))
                current = below
            }
            if reached { animatedLayers[index].evaluate(on: &current, atMediaTime: time) }
        }
        while !levels.isEmpty { climb() }
        root = current
    }
}

/// One animated layer of a ``CARenderUpdate``: where its snapshot is, how media time becomes
/// its local time, the values its animations start from, and the animations, in order.
struct CARenderAnimatedLayer: Sendable {
    /// Indices from the root through `sublayers` to the layer's snapshot.
    var path: [Int]
    /// The timing of the root, then each layer down to this one.
    var timingChain: [CAMediaTimingParameters]
    /// The committed (model) values of the animated key paths.
    let baseValues: [(keyPath: String, value: CARenderAnimationValue)]
    /// The animations' evaluators, shared with the model's animations (and so with the
    /// updates before and after this one) rather than copied into each update.
    private let frozenEvaluators: [FrozenEvaluator]
    /// The animations' evaluators, in order.
    var evaluators: LazyMapSequence<[FrozenEvaluator], CAAnimationEvaluator> { frozenEvaluators.lazy.map(\.value) }
    /// The animations as typed writes, when they are simple enough (see ``CARenderAnimationPlan``).
    private let plan: CARenderAnimationPlan?

    init(
        path: [Int], timingChain: [CAMediaTimingParameters], baseValues: [(keyPath: String, value: CARenderAnimationValue)],
        evaluators: [FrozenEvaluator]
    ) {
        self.path = path
        self.timingChain = timingChain
        self.baseValues = baseValues
        frozenEvaluators = evaluators
        plan = CARenderAnimationPlan(baseValues: baseValues, evaluators: evaluators.lazy.map(\.value))
    }

    /// The layer's local time at media time `time`.
    func localTime(atMediaTime time: CFTimeInterval) -> CFTimeInterval {
        Self.localTime(time, through: timingChain)
    }

    /// Media time `time` through each layer's timing of `chain`, root first.
    static func localTime(_ time: CFTimeInterval, through chain: [CAMediaTimingParameters]) -> CFTimeInterval {
        chain.reduce(time) { CALayer.localTime($0, through: $1) }
    }

    /// The media time of the layer's local time `local` (where it maps back).
    func parentTime(ofLocal local: CFTimeInterval) -> CFTimeInterval {
        guard local.isFinite else { return local }
        return timingChain.reversed().reduce(local) { $1.parentTime(fromLocal: $0) }
    }

    /// Shows the committed values with the animations applied at media time `time`.
    func evaluate(on node: inout CARenderLayer, atMediaTime time: CFTimeInterval) {
        let local = localTime(atMediaTime: time)
        if let plan {
            plan.apply(on: &node, atLocalTime: local)
        } else {
            evaluateByKeyPath(on: &node, atLocalTime: local)
        }
    }

    /// Whether the animations are evaluated as typed writes (``CARenderAnimationPlan``).
    var hasPlan: Bool { plan != nil }

    /// Shows the committed values with the animations applied at the layer's local time
    /// `local`, through key-value coding: any value and animation the render server knows.
    func evaluateByKeyPath(on node: inout CARenderLayer, atLocalTime local: CFTimeInterval) {
        for base in baseValues {
            // A value an animation replaces whole at this time needs no base.
            if evaluators.contains(where: { $0.property.keyPath == base.keyPath && $0.replacesValue(atParentTime: local) }) {
                continue
            }
            _ = node.setAnimatedValue(base.value.raw, forKeyPath: base.keyPath)
        }
        for evaluator in evaluators {
            evaluator.apply(
                atParentTime: local, read: { node.animatedValue(forKeyPath: $0) },
                write: { _ = node.setAnimatedValue($1, forKeyPath: $0) })
        }
    }
}

/// When one animated layer's animations stop changing it, and whether they change its opacity.
struct CARenderLayerMotion: Sendable {
    /// The media time after which its animations change nothing more.
    var endTime: CFTimeInterval
    /// Whether an animation changes the layer's opacity (a group counts as one).
    var fades: Bool

    /// The motion of `layer`'s animations when they still change it at media time `time`;
    /// nil for a layer they leave at rest (or one without identity).
    static func running(
        _ layer: CARenderLayer, in motions: [ObjectIdentifier: CARenderLayerMotion], at time: CFTimeInterval
    ) -> CARenderLayerMotion? {
        guard !motions.isEmpty, let id = layer.layerID, let motion = motions[id], motion.endTime >= time else { return nil }
        return motion
    }

    init(_ layer: CARenderAnimatedLayer) {
        endTime = layer.evaluators.reduce(-.infinity) { max($0, layer.parentTime(ofLocal: $1.endTime)) }
        fades = layer.evaluators.contains { evaluator in
            if case .group = evaluator.kind { return true }
            return evaluator.property.keyPath == "opacity"
        }
    }
}

/// A committed property value carried to the render thread: numbers, geometry structs and
/// colours (immutable), as key-value coding reads them, and `NSNull` for a nil colour.
struct CARenderAnimationValue: @unchecked Sendable {
    // Only value types and immutable CGColor are stored (checked by `init?`).
    let raw: Any

    init?(_ value: Any?) {
        guard let value else { return nil }
        switch value {
        case is CGFloat, is Double, is Float, is Bool, is Int, is CGPoint, is CGSize, is CGRect, is CATransform3D,
            is CGColor, is NSNumber, is NSNull:
            raw = value
        default:
            return nil
        }
    }
}
