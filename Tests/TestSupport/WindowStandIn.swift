import Foundation
import QuartzCore

/// Stands in, for tests of Apple-style code, for the window that shows a layer tree on Apple
/// platforms (a `UIWindow`'s or `NSWindow`'s layer) — the one part such code cannot bring
/// along, since `QuartzCore` has no window.
///
/// Its ``rootLayer`` is displayed (changes of its committed layers run their actions, as in
/// a window); the main thread commits its implicit transaction at the end of each turn of
/// the main run loop and delivers what other threads' commits leave for it, as Apple's main
/// run loop does; and time is a manual media clock, moved by ``advance(by:)``, which does
/// what a frame does: animations start and stop, delegates are told, completion blocks run.
/// Call ``close()`` at the end of the test (it gives back the system clock).
public final class WindowStandIn {
    /// The window's layer, `width` × `height` points, committed.
    public let rootLayer = CALayer()
    private let clock: CAManualMediaClock
    private let context: CARenderContext

    /// A window of `width` × `height` points whose clock reads `startTime`. Commits what
    /// earlier tests left open first.
    public init(width: CGFloat = 200, height: CGFloat = 200, startTime: CFTimeInterval = 1000) {
        CATransaction.flush()
        clock = CAManualMediaClock(start: startTime)
        CAMediaClock.use(clock)
        context = CARenderContext(rootLayer: rootLayer)
        CATransaction.begin()
        rootLayer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        CATransaction.commit()
    }

    /// The media time the window's clock reads.
    public var currentTime: CFTimeInterval { clock.now() }

    /// Moves the clock forward by `seconds` and runs a frame at the new time.
    public func advance(by seconds: CFTimeInterval) {
        clock.advance(by: seconds)
        context.advanceAnimations(to: clock.now())
    }

    /// Closes the window: its tree is no longer displayed and the system clock is back.
    public func close() {
        CATransaction.flush()
        context.invalidate()
        CAMediaClock.use(CASystemMediaClock())
    }
}
