import Foundation

/// The exact motion of a damped spring that carries an animation from its start (0) to its
/// end (1): `CASpringAnimation`'s curve.
///
/// With mass m, stiffness k and damping c, the displacement from the end, y = x − 1, obeys
/// m·y'' + c·y' + k·y = 0 with y(0) = −1 and y'(0) = `initialVelocity` (in units of the whole
/// distance per second, positive towards the end). ω₀ = √(k/m), ζ = c / (2√(k·m)): ζ < 1 is
/// under-damped (oscillates), ζ = 1 critically damped, ζ > 1 over-damped.
public struct CASpringSolution: Hashable, Sendable {
    /// The spring's parameters, validated.
    public let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    /// How close to the end counts as settled for `settlingDuration`: 0.001 of the distance.
    public static let settlingTolerance = 0.001

    /// Creates the solution. Non-finite or non-positive mass or stiffness, and negative or
    /// non-finite damping, are replaced by Apple's defaults (1, 100, 10) and a non-finite
    /// velocity by 0; `diagnostic` says which.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, diagnostic: ((String) -> Void)? = nil) {
        func check(_ value: Double, _ name: String, valid: Bool, fallback: Double) -> Double {
            if valid { return value }
            diagnostic?("CASpringAnimation: \(name) \(value) is not usable; using \(fallback)")
            return fallback
        }
        self.mass = check(mass, "mass", valid: mass.isFinite && mass > 0, fallback: 1)
        self.stiffness = check(stiffness, "stiffness", valid: stiffness.isFinite && stiffness > 0, fallback: 100)
        self.damping = check(damping, "damping", valid: damping.isFinite && damping >= 0, fallback: 10)
        self.initialVelocity = check(initialVelocity, "initialVelocity", valid: initialVelocity.isFinite, fallback: 0)
    }

    /// The undamped angular frequency ω₀ = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// The damping ratio ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The progress (0 at the start, 1 at rest at the end) at `time` seconds.
    public func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        // k/m overflowing to +∞ (tiny mass, huge stiffness): the spring is at its end at once.
        guard naturalFrequency.isFinite else { return 1 }
        return 1 + displacement(at: time)
    }

    private func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            let b = v0 - w0
            return exp(-w0 * t) * (-1 + b * t)
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            return exp(-zeta * w0 * t) * (-cos(wd * t) + b * sin(wd * t))
        }
        let root = (zeta * zeta - 1).squareRoot()
        // r1 = −ω₀(ζ − √(ζ²−1)) written as −ω₀ / (ζ + √(ζ²−1)): the difference cancels to 0
        // for a huge ζ (tiny mass), which would freeze the motion at its start.
        let r1 = -w0 / (zeta + root), r2 = -w0 * (zeta + root)
        let c2 = (v0 + r1) / (r2 - r1)
        let c1 = -1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// The time after which the motion stays within `settlingTolerance` of the end: for an
    /// under-damped spring from the decay of its envelope, otherwise by stepping the exact
    /// solution at 1 ms until it stays inside. Capped at 3600 s for degenerate springs.
    public var settlingDuration: Double {
        let w0 = naturalFrequency, zeta = dampingRatio, tolerance = Self.settlingTolerance
        guard w0.isFinite else { return 0 }
        if zeta < 1 - 1e-9 {
            guard zeta > 0 else { return 3600 }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (initialVelocity - zeta * w0) / wd
            let amplitude = (1 + b * b).squareRoot()
            return min(max(0, log(amplitude / tolerance) / (zeta * w0)), 3600)
        }
        // Critically and over-damped motion crosses the end at most once: find the last time
        // it is outside the tolerance.
        var last = 0.0
        var time = 0.0
        let step = 0.001
        var inside = 0
        while time < 3600 {
            if abs(displacement(at: time)) > tolerance {
                last = time
                inside = 0
            } else {
                inside += 1
                if inside > 2000 { break }
            }
            time += step
        }
        return last + step
    }
}
