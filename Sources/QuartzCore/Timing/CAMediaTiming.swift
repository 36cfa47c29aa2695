/// The hierarchical timing model shared by layers and animations.
///
/// Each object maps its parent's time `tp` to its own active local time
/// `t = (tp − beginTime) × speed + timeOffset`, then repeats and reverses within its active
/// duration. Setting `speed` to 0 and `timeOffset` to a time pauses an object (and, for a
/// layer, everything beneath it) at that time.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time. Default: 0.
    var beginTime: CFTimeInterval { get set }
    /// An offset added to the active local time. Default: 0.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats; may be fractional, or `.infinity`. 0 means once.
    /// Default: 0. Setting both this and `repeatDuration` is undefined (Lamina uses the count).
    var repeatCount: Float { get set }
    /// How long the object repeats, in local time. 0 means not used. Default: 0.
    var repeatDuration: CFTimeInterval { get set }
    /// The basic duration of one iteration. Default: 0 (an animation then lasts 0.25 s).
    var duration: CFTimeInterval { get set }
    /// The rate of local time against parent time. Default: 1.
    var speed: Float { get set }
    /// Whether each iteration plays backwards after playing forwards. Default: false.
    var autoreverses: Bool { get set }
    /// What happens outside the active duration. Default: `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}
