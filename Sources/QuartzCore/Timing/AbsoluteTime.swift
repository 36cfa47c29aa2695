import Foundation

/// Seconds relative to the absolute reference date, 1 January 2001 00:00:00 UTC
/// (`CFAbsoluteTime` on Apple platforms).
///
/// Unlike media time (``CACurrentMediaTime()``), absolute time is wall-clock time: it jumps
/// when the system clock is set. Use it to stamp events with a date, and media time to pace
/// animations.
public typealias CFAbsoluteTime = CFTimeInterval

/// The seconds from 1 January 1970 to the absolute reference date: 978,307,200.
public let kCFAbsoluteTimeIntervalSince1970: CFTimeInterval = 978_307_200

/// The seconds from 1 January 1904 to the absolute reference date: 3,061,152,000.
public let kCFAbsoluteTimeIntervalSince1904: CFTimeInterval = 3_061_152_000

/// The current absolute time: seconds since 1 January 2001 00:00:00 UTC, as
/// `Date().timeIntervalSinceReferenceDate` gives them.
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    Date().timeIntervalSinceReferenceDate
}
