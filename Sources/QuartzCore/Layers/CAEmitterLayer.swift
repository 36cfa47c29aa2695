import CoreGraphics
import Foundation

/// A layer that emits, animates and draws particles: the particles of each of its
/// ``emitterCells`` (and of their own cells, particle by particle), above its background
/// and contents and below its sublayers.
///
/// Same names, types, defaults and animatable keys as Apple's `CAEmitterLayer`. The
/// particles are simulated by the render server at each frame's time, as a function of
/// the time since the layer started emitting — the first render snapshot made of it with
/// a birth rate above 0 (a window makes one at each commit, so: the commit that displayed
/// it or raised its birth rate from 0). The main thread does nothing per frame, and the
/// same ``seed`` gives the same particles. Setting ``birthRate`` to 0 (or every cell's
/// birth rate, or disabling every cell) stops new births; the particles alive live out
/// their lifetimes as they were emitted. Other changes apply to the particles already
/// emitted as well (they are computed again from the start). Cells are read at each
/// commit of the layer: change one through the layer's key paths
/// (`setValue(0, forKeyPath: "emitterCells.spark.birthRate")`) or assign
/// ``emitterCells`` again.
/// Lamina draws at most ``maximumParticleCount`` particles (the newest of each cell) and
/// flattens depth (z moves nothing on screen; ``CAEmitterLayerRenderMode/backToFront``
/// orders by it).
open class CAEmitterLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CAEmitterLayer.self }

    /// The most particles drawn at once by one emitter layer, its cells' particles
    /// together; beyond it, each cell draws its newest particles until the count is reached.
    public nonisolated static let maximumParticleCount = 10_000
    /// The deepest nesting of cells emitted (cells of cells of …); deeper cells are ignored.
    public nonisolated static let maximumCellDepth = 4

    /// The cells emitted by the layer. Defaults to nil.
    @CAManaged("emitterCells") open var emitterCells: [CAEmitterCell]? = nil

    /// The number each cell's birth rate is multiplied by; negative, NaN or infinite rates
    /// emit nothing. Defaults to 1. Animatable.
    @CAManaged("birthRate") open var birthRate: Float = 1

    /// The number each cell's lifetime is multiplied by. Defaults to 1. Animatable.
    @CAManaged("lifetime") open var lifetime: Float = 1

    /// The centre of the emitter shape, in the layer's coordinates. Defaults to (0, 0).
    /// Animatable.
    @CAManaged("emitterPosition") open var emitterPosition: CGPoint = .zero

    /// The z coordinate of the centre of the emitter shape. Defaults to 0. Animatable.
    @CAManaged("emitterZPosition") open var emitterZPosition: CGFloat = 0

    /// The size of the emitter shape (see ``CAEmitterLayerEmitterShape``). Defaults to
    /// (0, 0). Animatable.
    @CAManaged("emitterSize") open var emitterSize: CGSize = .zero

    /// The depth of the emitter shape (a cuboid's). Defaults to 0. Animatable.
    @CAManaged("emitterDepth") open var emitterDepth: CGFloat = 0

    /// The shape particles are emitted from. Defaults to `.point`.
    @CAManaged("emitterShape") open var emitterShape: CAEmitterLayerEmitterShape = .point

    /// The part of the emitter shape particles are emitted from. Defaults to `.volume`.
    @CAManaged("emitterMode") open var emitterMode: CAEmitterLayerEmitterMode = .volume

    /// The order and blending particles are drawn in. Defaults to `.unordered`.
    @CAManaged("renderMode") open var renderMode: CAEmitterLayerRenderMode = .unordered

    /// Whether particles keep their depth instead of being flattened into the layer's
    /// plane. Defaults to false (Lamina always flattens them).
    @CAManaged("preservesDepth") open var preservesDepth: Bool = false

    /// The number each cell's velocity is multiplied by. Defaults to 1. Animatable.
    @CAManaged("velocity") open var velocity: Float = 1

    /// The number each cell's scale is multiplied by. Defaults to 1. Animatable.
    @CAManaged("scale") open var scale: Float = 1

    /// The number each cell's spin is multiplied by. Defaults to 1. Animatable.
    @CAManaged("spin") open var spin: Float = 1

    /// The seed of the layer's random numbers: the same seed gives the same particles.
    /// Defaults to 0.
    @CAManaged("seed") open var seed: UInt32 = 0

    /// When the layer (its model layer) started emitting and stopped, in media time.
    final var emission = EmissionPeriod()

    /// Creates an emitter layer with Apple's defaults and no cells.
    public override init() {
        super.init()
    }

    /// Creates a shadow copy of `layer` (see ``CALayer/init(layer:)``).
    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns `nil`: Lamina cannot decode archived layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Apple's defaults for the emitter keys, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "birthRate", "lifetime", "velocity", "scale", "spin": Float(1)
        case "emitterPosition": CGPoint.zero
        case "emitterZPosition", "emitterDepth": CGFloat(0)
        case "emitterSize": CGSize.zero
        case "emitterShape": CAEmitterLayerEmitterShape.point
        case "emitterMode": CAEmitterLayerEmitterMode.volume
        case "renderMode": CAEmitterLayerRenderMode.unordered
        case "preservesDepth": false
        case "seed": UInt32(0)
        default: super.defaultValue(forKey: key)
        }
    }

    /// Returns the value at a key path; `emitterCells.<name>.<key>` (and nested
    /// `….emitterCells.<name>.<key>`) reads a named cell's property (nil when there is no
    /// such cell), the rest as `CALayer` does.
    open override func value(forKeyPath keyPath: String) -> Any? {
        guard let resolved = cellKeyPath(keyPath) else { return super.value(forKeyPath: keyPath) }
        return resolved.flatMap { $0.cell.value(forKey: $0.key) }
    }

    /// Sets the value at a key path; `emitterCells.<name>.<key>` (and nested
    /// `….emitterCells.<name>.<key>`) sets a named cell's property and records a change of
    /// ``emitterCells``, so the next commit shows it (a path without such a cell is refused
    /// with a ``CALayerDiagnostic``); the rest as `CALayer` does.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let resolved = cellKeyPath(keyPath) else { return super.setValue(value, forKeyPath: keyPath) }
        guard let (cell, key) = resolved else {
            return diagnose(.invalidKeyPath, "no emitter cell at \(keyPath); the change is ignored")
        }
        cell.setValue(value, forKey: key)
        emitterCells = emitterCells
    }

    /// The keys an emitter layer animates implicitly besides `CALayer`'s (see
    /// ``CALayer/action(forKey:)``).
    static let animatableEmitterKeys: Set<String> = [
        "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "velocity",
        "scale", "spin",
    ]

    override class func animatesImplicitly(_ key: String) -> Bool {
        animatableEmitterKeys.contains(key) || super.animatesImplicitly(key)
    }
}

/// When an emitter layer started emitting and when it stopped (media times, found at its
/// commits), and the birth rate it emitted with.
struct EmissionPeriod {
    /// When emission started; nil before the layer first emitted.
    var start: CFTimeInterval?
    /// When emission stopped (the birth rate went to 0); nil while emitting.
    var end: CFTimeInterval?
    /// The layer's birth rate while emitting (the last one above 0).
    var rate: Double = 0
    /// The cells while emitting (the last ones that emitted).
    var cells: [CARenderEmitter.Cell] = []

    /// The period after a snapshot at `time` that finds the layer emitting `cells` at birth
    /// rate `rate`, or not.
    mutating func note(emitting: Bool, rate: Double, cells: [CARenderEmitter.Cell], at time: CFTimeInterval) {
        if emitting {
            if start == nil || end != nil {
                start = time
                end = nil
            }
            self.rate = rate
            self.cells = cells
        } else if start != nil, end == nil {
            end = time
        }
    }
}
