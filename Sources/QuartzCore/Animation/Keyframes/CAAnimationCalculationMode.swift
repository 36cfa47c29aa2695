/// How a keyframe animation computes the values between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// Apple's string for the mode.
    public let rawValue: String

    /// Wraps a raw value; unknown strings behave as `.linear`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Straight-line interpolation between keyframes at `keyTimes`. The default.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, at a constant speed: key times follow the distances between values;
    /// `keyTimes` and `timingFunctions` are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth Kochanek–Bartels spline through the values, shaped by `tensionValues`,
    /// `continuityValues` and `biasValues` (all 0: a Catmull-Rom spline).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline at constant speed along it; `keyTimes` and `timingFunctions` are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
