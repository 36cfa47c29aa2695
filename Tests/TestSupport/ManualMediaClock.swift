import Foundation
import QuartzCore
import XCTest

extension XCTestCase {
    /// Makes media time (`CACurrentMediaTime()`) a manual clock reading `start` until this
    /// test ends, when the system clock is back. The media clock is the one process-wide
    /// clock, as on Apple platforms: the test moves it with the returned clock.
    @discardableResult
    public func useManualMediaClock(start: CFTimeInterval) -> CAManualMediaClock {
        let clock = CAManualMediaClock(start: start)
        CAMediaClock.use(clock)
        addTeardownBlock { CAMediaClock.use(CASystemMediaClock()) }
        return clock
    }
}
