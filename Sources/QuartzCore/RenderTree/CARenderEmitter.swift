import CoreGraphics
import Foundation

/// Lamina: what a ``CAEmitterLayer`` emits, as a `Sendable` value of a render snapshot
/// (``CARenderLayer/emitter``), and its particles at one time (``time``).
///
/// The particles are a pure function of the time since emission started: particle *i* of
/// a cell is born *i* / rate seconds after the cell starts emitting, and its random
/// parameters are drawn from a counter-based generator keyed by the seed, the cell and
/// *i*; so any time can be evaluated on its own, on any thread, and gives the same
/// particles for the same seed.
public struct CARenderEmitter: Sendable {
    /// One emitter cell, made usable (non-finite numbers replaced by the cell's defaults).
    public struct Cell: Sendable {
        var isEnabled = true
        var birthRate: Double = 0
        var lifetime: Double = 0
        var lifetimeRange: Double = 0
        var emissionLatitude: Double = 0
        var emissionLongitude: Double = 0
        var emissionRange: Double = 0
        var velocity: Double = 0
        var velocityRange: Double = 0
        var acceleration: (x: Double, y: Double, z: Double) = (0, 0, 0)
        var scale: Double = 1
        var scaleRange: Double = 0
        var scaleSpeed: Double = 0
        var spin: Double = 0
        var spinRange: Double = 0
        var color: (red: Double, green: Double, blue: Double, alpha: Double) = (1, 1, 1, 1)
        var colorRange: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 0)
        var colorSpeed: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 0)
        var contents: CGImage?
        var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsScale: Double = 1
        var minificationFilter: CALayerContentsFilter = .linear
        var magnificationFilter: CALayerContentsFilter = .linear
        var beginTime: Double = 0
        var duration: Double = 0
        var emitterCells: [Cell] = []
        /// The key of this cell's random numbers (from its place in the cell tree).
        var key: UInt64 = 0
        /// The index of this cell in ``CARenderEmitter/drawnCells``.
        var index = 0

        /// The longest a particle of this cell lives, with the layer's multiplier.
        func maximumLifetime(_ multiplier: Double) -> Double {
            let life = (lifetime + abs(lifetimeRange)) * multiplier
            return life.isFinite ? max(life, 0) : 0
        }
    }

    /// The cells, in order.
    public internal(set) var cells: [Cell]
    /// Every cell, nested ones included, by ``Cell/index``.
    var drawnCells: [Cell] = []
    var shape: CAEmitterLayerEmitterShape = .point
    var mode: CAEmitterLayerEmitterMode = .volume
    var renderMode: CAEmitterLayerRenderMode = .unordered
    var position: (x: Double, y: Double, z: Double) = (0, 0, 0)
    var size: (width: Double, height: Double, depth: Double) = (0, 0, 0)
    /// The layer's multipliers of the cells' birth rate (the last one emitted with),
    /// lifetime, velocity, scale and spin.
    var multipliers: (birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double) = (1, 1, 1, 1, 1)
    var seed: UInt32 = 0
    /// When emission started (media time); nil if it never did.
    public internal(set) var emissionStart: CFTimeInterval?
    /// When emission stopped (media time); `.infinity` while emitting.
    public internal(set) var emissionEnd: CFTimeInterval = .infinity
    /// The media time the particles are evaluated at.
    public private(set) var time: CFTimeInterval
    /// The particles at ``time`` once evaluated (``evaluate(at:)``).
    private(set) var evaluatedParticles: [CARenderParticle]?

    init(cells: [Cell], time: CFTimeInterval) {
        self.cells = cells
        self.time = time
        var flat: [Cell] = []
        func number(_ cells: inout [Cell], parentKey: UInt64, depth: Int) {
            guard depth < CAEmitterLayer.maximumCellDepth else {
                cells = []
                return
            }
            for i in cells.indices {
                cells[i].key = Self.mix(parentKey &+ UInt64(i) &* 0x9E37_79B9)
                cells[i].index = flat.count
                flat.append(cells[i])
                number(&cells[i].emitterCells, parentKey: cells[i].key, depth: depth + 1)
                flat[cells[i].index] = cells[i]
            }
        }
        number(&self.cells, parentKey: 0x51_7cc1_b727_220a, depth: 0)
        drawnCells = flat
    }

    /// Shows the particles at media time `time` (non-finite times show none).
    public mutating func evaluate(at time: CFTimeInterval) {
        self.time = time
        evaluatedParticles = particles(at: time)
    }

    /// Shows the emitter after its last particle died (at ``activeUntil``), without
    /// simulating: there are none then.
    mutating func settle() {
        time = activeUntil
        evaluatedParticles = []
    }

    /// The particles at ``time``: evaluated once by ``evaluate(at:)``, else now.
    var particles: [CARenderParticle] { evaluatedParticles ?? particles(at: time) }

    /// The last media time at which a particle may be alive: `.infinity` while emitting,
    /// `-.infinity` when nothing is ever drawn.
    public var activeUntil: CFTimeInterval {
        guard let start = emissionStart, multipliers.birthRate > 0 else { return -.infinity }
        var until = -CFTimeInterval.infinity
        func reach(_ cell: Cell, birthsEnd: Double) {
            let rate = cell.birthRate * multipliers.birthRate
            let life = cell.maximumLifetime(multipliers.lifetime)
            guard cell.isEnabled, rate > 0, rate.isFinite, life > 0 else { return }
            let deathsEnd = birthsEnd + life
            until = max(until, deathsEnd)
            for sub in cell.emitterCells { reach(sub, birthsEnd: deathsEnd) }
        }
        for cell in cells {
            let begin = start + cell.beginTime
            let end = cell.duration > 0 ? min(emissionEnd, begin + cell.duration) : emissionEnd
            guard end > begin else { continue }
            reach(cell, birthsEnd: end)
        }
        return until
    }

    // MARK: - Simulation

    /// Where a particle is over time: it starts at `origin` at time `birth`, with
    /// `velocity` and `acceleration`.
    struct Motion {
        var birth: Double
        var origin: (x: Double, y: Double, z: Double)
        var velocity: (x: Double, y: Double, z: Double)
        var acceleration: (x: Double, y: Double, z: Double)

        func position(at time: Double) -> (x: Double, y: Double, z: Double) {
            let a = time - birth
            let h = 0.5 * a * a
            return (
                origin.x + velocity.x * a + acceleration.x * h, origin.y + velocity.y * a + acceleration.y * h,
                origin.z + velocity.z * a + acceleration.z * h
            )
        }
    }

    /// The particles alive and visible at media time `t` (alpha and scale above 0, finite
    /// geometry), in drawing order.
    func particles(at t: CFTimeInterval) -> [CARenderParticle] {
        guard t.isFinite, let start = emissionStart, start.isFinite, multipliers.birthRate > 0 else { return [] }
        var result: [CARenderParticle] = []
        var budget = CAEmitterLayer.maximumParticleCount
        for cell in cells {
            let begin = start + cell.beginTime
            let end = cell.duration > 0 ? min(emissionEnd, begin + cell.duration) : emissionEnd
            emit(cell, from: nil, births: begin, until: end, parentKey: UInt64(seed), at: t, into: &result, budget: &budget)
        }
        switch renderMode {
        case .oldestFirst: result = Self.stableSorted(result) { $0.birthTime < $1.birthTime }
        case .oldestLast: result = Self.stableSorted(result) { $0.birthTime > $1.birthTime }
        case .backToFront: result = Self.stableSorted(result) { $0.z < $1.z }
        default: break
        }
        return result
    }

    /// Adds the particles of `cell` alive at `t`, born from `begin` up to (not including)
    /// `end`, from the emitter shape or from the particle `parent`, and those of its cells.
    private func emit(
        _ cell: Cell, from parent: Motion?, births begin: Double, until end: Double, parentKey: UInt64, at t: Double,
        into result: inout [CARenderParticle], budget: inout Int
    ) {
        let rate = cell.birthRate * multipliers.birthRate
        let maxLife = cell.maximumLifetime(multipliers.lifetime)
        guard cell.isEnabled, rate > 0, rate.isFinite, maxLife > 0, budget > 0, begin.isFinite, t >= begin, end > begin
        else { return }
        // Births b(i) = begin + i / rate with b(i) <= t and b(i) < end; alive only if
        // b(i) > t - maxLife.
        let limit = 1e15
        let last = min(t, end)
        var high = min(((last - begin) * rate).rounded(.down), limit)
        if end <= t, begin + high / rate >= end { high -= 1 }
        var low = max(((t - maxLife - begin) * rate).rounded(.up), 0)
        guard high.isFinite, low.isFinite, high >= low else { return }
        if high - low + 1 > Double(budget) { low = high - Double(budget) + 1 }
        let first = Int64(low), lastIndex = Int64(high)
        budget -= Int(lastIndex - first + 1)
        let cellKey = Self.mix(parentKey ^ cell.key)
        for i in first...lastIndex {
            let birth = begin + Double(i) / rate
            let age = t - birth
            guard age >= 0 else { continue }
            var random = ParticleRandom(key: Self.mix(cellKey &+ UInt64(bitPattern: i)))
            let life = (cell.lifetime + cell.lifetimeRange * random.symmetric()) * multipliers.lifetime
            guard age < life else { continue }
            let origin = parent?.position(at: birth) ?? shapePoint(&random)
            let longitude = cell.emissionLongitude + cell.emissionRange * (random.unit() - 0.5)
            let latitude = cell.emissionLatitude
            let speed = (cell.velocity + cell.velocityRange * random.symmetric()) * multipliers.velocity
            let flat = speed * cos(latitude)
            let motion = Motion(
                birth: birth, origin: origin,
                velocity: (flat * cos(longitude), flat * sin(longitude), speed * sin(latitude)),
                acceleration: cell.acceleration)
            let scale = (cell.scale + cell.scaleRange * random.symmetric() + cell.scaleSpeed * age) * multipliers.scale
            let angle = (cell.spin + cell.spinRange * random.symmetric()) * multipliers.spin * age
            func component(_ base: Double, _ range: Double, _ speed: Double, _ random: inout ParticleRandom) -> Double {
                let value = base + range * random.symmetric() + speed * age
                return value.isNaN ? 0 : min(max(value, 0), 1)
            }
            let red = component(cell.color.red, cell.colorRange.red, cell.colorSpeed.red, &random)
            let green = component(cell.color.green, cell.colorRange.green, cell.colorSpeed.green, &random)
            let blue = component(cell.color.blue, cell.colorRange.blue, cell.colorSpeed.blue, &random)
            let alpha = component(cell.color.alpha, cell.colorRange.alpha, cell.colorSpeed.alpha, &random)
            let position = motion.position(at: t)
            // Particles of cells without contents are kept (they draw nothing).
            if scale > 0, alpha > 0, scale.isFinite, angle.isFinite, position.x.isFinite, position.y.isFinite {
                result.append(CARenderParticle(
                    cell: cell.index, birthTime: birth, position: CGPoint(x: position.x, y: position.y), z: position.z,
                    scale: scale, angle: angle, color: (red, green, blue, alpha)))
            }
            let particleKey = random.next()
            for sub in cell.emitterCells where budget > 0 {
                let subBegin = birth + sub.beginTime
                let subEnd = sub.duration > 0 ? min(birth + life, subBegin + sub.duration) : birth + life
                emit(sub, from: motion, births: subBegin, until: subEnd, parentKey: particleKey, at: t, into: &result, budget: &budget)
            }
        }
    }

    /// A point of the emitter shape (per the emitter mode), from `random`.
    private func shapePoint(_ random: inout ParticleRandom) -> (x: Double, y: Double, z: Double) {
        let (px, py, pz) = position
        let (w, h, d) = size
        switch shape {
        case .line:
            if mode == .points { return (px + (random.unit() < 0.5 ? -w : w) / 2, py, pz) }
            return (px + w * (random.unit() - 0.5), py, pz)
        case .rectangle:
            let (x, y) = Self.rectanglePoint(w, h, mode, &random)
            return (px + x, py + y, pz)
        case .cuboid:
            return Self.cuboidPoint(w, h, d, mode, &random, center: position)
        case .circle:
            let angle = 2 * Double.pi * random.unit()
            let radius: Double
            switch mode {
            case .points: radius = 0
            case .outline: radius = w
            default: radius = w * random.unit().squareRoot()
            }
            return (px + radius * cos(angle), py + radius * sin(angle), pz)
        case .sphere:
            if mode == .points { return position }
            // A uniform direction, on the surface or (volume) within the ball.
            let z = 2 * random.unit() - 1
            let angle = 2 * Double.pi * random.unit()
            let ring = (1 - z * z).squareRoot()
            let radius = mode == .volume ? w * cbrt(random.unit()) : w
            return (px + radius * ring * cos(angle), py + radius * ring * sin(angle), pz + radius * z)
        default:
            return position
        }
    }

    /// A point of a `w` × `h` rectangle centred at the origin: a corner (points), on its
    /// perimeter (outline) or inside it.
    private static func rectanglePoint(
        _ w: Double, _ h: Double, _ mode: CAEmitterLayerEmitterMode, _ random: inout ParticleRandom
    ) -> (Double, Double) {
        switch mode {
        case .points:
            let corner = min(Int(random.unit() * 4), 3)
            return ((corner & 1 == 0 ? -w : w) / 2, (corner & 2 == 0 ? -h : h) / 2)
        case .outline:
            let perimeter = 2 * (abs(w) + abs(h))
            guard perimeter > 0 else { return (0, 0) }
            var s = random.unit() * perimeter
            if s < abs(w) { return (s - w / 2, -h / 2) }
            s -= abs(w)
            if s < abs(h) { return (w / 2, s - h / 2) }
            s -= abs(h)
            if s < abs(w) { return (w / 2 - s, h / 2) }
            s -= abs(w)
            return (-w / 2, h / 2 - s)
        default:
            return (w * (random.unit() - 0.5), h * (random.unit() - 0.5))
        }
    }

    /// A point of the cuboid: a corner (points), on an edge (outline), on a face (surface)
    /// or inside it.
    private static func cuboidPoint(
        _ w: Double, _ h: Double, _ d: Double, _ mode: CAEmitterLayerEmitterMode, _ random: inout ParticleRandom,
        center: (x: Double, y: Double, z: Double)
    ) -> (x: Double, y: Double, z: Double) {
        var u = [random.unit() - 0.5, random.unit() - 0.5, random.unit() - 0.5]
        let pick = min(Int(random.unit() * 3), 2)
        let side = random.unit() < 0.5 ? -0.5 : 0.5
        switch mode {
        case .points: u = u.map { $0 < 0 ? -0.5 : 0.5 }
        case .outline:
            // On an edge: every coordinate but one at a face.
            for k in 0..<3 where k != pick { u[k] = u[k] < 0 ? -0.5 : 0.5 }
        case .surface: u[pick] = side
        default: break
        }
        return (center.x + w * u[0], center.y + h * u[1], center.z + d * u[2])
    }

    /// `particles` sorted by `before`, keeping the order of equal ones.
    private static func stableSorted(
        _ particles: [CARenderParticle], by before: (CARenderParticle, CARenderParticle) -> Bool
    ) -> [CARenderParticle] {
        particles.enumerated()
            .sorted { before($0.element, $1.element) || (!before($1.element, $0.element) && $0.offset < $1.offset) }
            .map(\.element)
    }

    /// SplitMix64's finaliser: a well-mixed 64-bit hash of `x`.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The random numbers of one particle: a counter-based stream keyed by the particle.
struct ParticleRandom {
    private var key: UInt64
    private var counter: UInt64 = 0

    init(key: UInt64) { self.key = key }

    mutating func next() -> UInt64 {
        counter &+= 1
        return CARenderEmitter.mix(key ^ (counter &* 0xD6E8_FEB8_6659_FD93))
    }

    /// A number in `0..<1`.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A number in `-1..<1`.
    mutating func symmetric() -> Double { 2 * unit() - 1 }
}

/// One particle of a ``CARenderEmitter`` at one time, in the emitter layer's coordinates.
struct CARenderParticle: Sendable {
    /// Its cell's index in ``CARenderEmitter/drawnCells``.
    var cell: Int
    var birthTime: Double
    var position: CGPoint
    var z: Double
    var scale: Double
    var angle: Double
    var color: (red: Double, green: Double, blue: Double, alpha: Double)
}
