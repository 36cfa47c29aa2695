/// The range of frame rates a display link (or animation) would like (Apple's
/// `CAFrameRateRange`), in frames per second.
///
/// ``default`` (all zero) means "the display's own rate". A display link on Lamina fires
/// at most at `preferred` (else `maximum`) frames per second, skipping refreshes to keep
/// below it; it never fires faster than its window's frames.
public struct CAFrameRateRange: Equatable, Hashable, Sendable {
    /// The lowest acceptable rate. Default 0.
    public var minimum: Float
    /// The highest acceptable rate. Default 0 (no limit).
    public var maximum: Float
    /// The rate wanted; nil or 0 for no preference. Default 0.
    public var preferred: Float?

    /// A range of rates. Rates that are negative or not finite count as 0 (no limit).
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's own rate (all zero).
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether two ranges are the same (Apple's spelling of `==`).
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }

    /// Lamina: the highest rate the range allows, frames per second; nil for no limit.
    public var rateLimit: Double? {
        let wanted = [preferred ?? 0, maximum].first { $0.isFinite && $0 > 0 }
        return wanted.map(Double.init)
    }
}
