import Foundation
import QuartzCore
import XCTest

/// Absolute time counts wall-clock seconds from Core Foundation's reference date.
final class AbsoluteTimeTests: XCTestCase {
    func testCurrentAbsoluteTimeIsTheWallClockSinceTheReferenceDate() {
        // The reference date is 2001-01-01 00:00:00 UTC, 978,307,200 s after the Unix epoch
        // (Apple's CFDate documentation); the clock is read independently, around the call.
        let before = Date().timeIntervalSince1970
        let now: CFAbsoluteTime = CFAbsoluteTimeGetCurrent()
        let after = Date().timeIntervalSince1970
        XCTAssertGreaterThanOrEqual(now + 978_307_200, before)
        XCTAssertLessThanOrEqual(now + 978_307_200, after)
    }

    func testReferenceDateOffsetsAreApples() {
        XCTAssertEqual(kCFAbsoluteTimeIntervalSince1970, 978_307_200)
        // 1904-01-01 to 2001-01-01: 97 years, 25 of them leap years (1904 to 2000).
        XCTAssertEqual(kCFAbsoluteTimeIntervalSince1904, Double(97 * 365 + 25) * 86_400)
    }

    func testAppleStyleElapsedTimeCompiles() {
        let start: CFAbsoluteTime = CFAbsoluteTimeGetCurrent()
        let elapsed: CFTimeInterval = CFAbsoluteTimeGetCurrent() - start
        XCTAssertGreaterThanOrEqual(elapsed, 0)
    }
}
