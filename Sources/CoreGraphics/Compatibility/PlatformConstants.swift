// Names from Apple's C headers (Darwin's <math.h>, <dispatch/time.h>, Foundation's
// <NSObjCRuntime.h>) that Apple code uses without importing them explicitly. Glibc's Swift
// module exports neither `HUGE` nor `MAXFLOAT`, Dispatch on Linux does not export its
// `NSEC_PER_*` macros, and Foundation on Linux lacks `NSInteger` and `NSIntegerMax`, so Lamina declares them
// with Apple's types and values.

/// The largest finite `Float`, 3.40282347e+38 (Darwin's `MAXFLOAT`).
///
/// Apple code writes `CGFloat(MAXFLOAT)` for an unbounded size, as in
/// `CGSize(width: width, height: CGFloat(MAXFLOAT))`.
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// The largest finite `Float`, 3.40282347e+38 (Darwin's `HUGE`, defined as `MAXFLOAT`).
///
/// Apple code writes `animation.repeatCount = HUGE` to repeat an animation forever.
public let HUGE: Float = MAXFLOAT

/// Nanoseconds per second: 1,000,000,000.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000

/// Nanoseconds per millisecond: 1,000,000.
public let NSEC_PER_MSEC: UInt64 = 1_000_000

/// Nanoseconds per microsecond: 1,000.
public let NSEC_PER_USEC: UInt64 = 1_000

/// Microseconds per second: 1,000,000.
public let USEC_PER_SEC: UInt64 = 1_000_000

/// Foundation's name for `Int` on Apple platforms (`NSInteger`, from `<NSObjCRuntime.h>`),
/// which Apple code ported from Objective-C declares values with.
public typealias NSInteger = Int

/// Foundation's name for `UInt` on Apple platforms (`NSUInteger`).
public typealias NSUInteger = UInt

/// The largest `Int`, `Int.max` (Foundation's `NSIntegerMax` on Apple platforms, which
/// Foundation on Linux does not declare).
///
/// Apple code writes `animation.repeatCount = Float(NSIntegerMax)` to repeat an animation
/// forever.
public let NSIntegerMax: Int = .max

/// The smallest `Int`, `Int.min` (Foundation's `NSIntegerMin` on Apple platforms).
public let NSIntegerMin: Int = .min

/// The largest `UInt`, `UInt.max` (Foundation's `NSUIntegerMax` on Apple platforms).
public let NSUIntegerMax: UInt = .max
