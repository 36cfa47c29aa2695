import Foundation

/// SplitMix64: a small deterministic generator for randomised tests, so a failure names a
/// seed that replays it exactly.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [low, high).
    public mutating func uniform(_ low: Double, _ high: Double) -> CGFloat { CGFloat(low + (high - low) * unit()) }

    /// Uniform in 0..<upper (upper > 0).
    public mutating func int(_ upper: Int) -> Int { Int(next() % UInt64(upper)) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}
