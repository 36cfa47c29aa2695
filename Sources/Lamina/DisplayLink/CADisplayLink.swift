import Foundation
import QuartzCore

/// A timer that fires once per frame of a window, in step with the compositor (Apple's
/// `CADisplayLink`).
///
/// Apple's `init(target:selector:)` needs the Objective-C runtime; make one with a closure
/// and the window whose frames it follows (or with ``init(handler:)``, which finds the
/// application's window), then add it to the main run loop:
///
///     let link = CADisplayLink(window: window) { link in
///         box.position.x = 100 + 50 * sin(link.targetTimestamp)
///     }
///     link.add(to: .main, forMode: .common)
///
/// Once added and while not paused, the window keeps producing frames — one each time the
/// compositor says it is a good time to draw (its frame callback) — even when nothing
/// changes, and the handler runs on the main thread before each, with ``targetTimestamp``
/// the time that frame is expected on screen. Changes the handler makes are committed right
/// after it and drawn in that frame. Paused or invalidated, the link lets the window go idle
/// again (no frame callbacks, no wake-ups). The window keeps the link until ``invalidate()``
/// or until the window closes; the link keeps its handler (and what the handler captures).
@MainActor
public final class CADisplayLink {
    /// The time (`CACurrentMediaTime()`) of the frame before the one the handler prepares:
    /// when its frame callback came. 0 until the link first fires.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time the frame the handler prepares is expected to be shown (predicted from the
    /// compositor's presentation feedback, or the next frame callback without it). 0 until
    /// the link first fires.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between frames: the output's refresh interval from presentation feedback, or
    /// the time between the last two frame callbacks without it (1/60 until one is known).
    public private(set) var duration: CFTimeInterval = 0
    /// Whether the link is paused: it does not fire, and asks its window for no frames.
    /// Default false.
    public var isPaused = false {
        didSet { if oldValue != isPaused { window?.displayLinksChanged() } }
    }
    /// The frame rates the handler would like. Default `CAFrameRateRange.default` (every
    /// frame); a lower preferred or maximum rate skips frames to stay at or under it.
    public var preferredFrameRateRange: CAFrameRateRange = .default

    /// The frame rate the handler would like, frames per second; 0 for the display's own
    /// rate. Default 0. Setting it sets ``preferredFrameRateRange`` to that rate alone (0: the
    /// default range); reading it gives the range's preferred rate.
    @available(*, deprecated, renamed: "preferredFrameRateRange")
    public var preferredFramesPerSecond: Int {
        get { Int((preferredFrameRateRange.preferred ?? 0).rounded()) }
        set {
            let rate = Float(max(newValue, 0))
            preferredFrameRateRange = rate == 0 ? .default : CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate)
        }
    }

    /// The window whose frames the link follows (nil once it is invalidated).
    private(set) weak var window: Window?
    /// Whether the link was made without a window and takes one when it is added.
    private let findsItsWindow: Bool
    /// Whether ``invalidate()`` was called.
    private var isInvalidated = false
    private let handler: @MainActor (CADisplayLink) -> Void
    /// Links made without a window and added before any window was open: the first window
    /// opened takes them.
    private static var waitingForAWindow: [CADisplayLink] = []
    /// Whether the link was added to a run loop and not invalidated.
    private(set) var isAttached = false
    private var lastFired: CFTimeInterval?

    /// Makes a display link for the frames of `window`; `handler` runs on the main thread
    /// once per frame, from when the link is added to a run loop. Lamina's replacement for
    /// Apple's `init(target:selector:)`.
    public init(window: Window, handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.window = window
        findsItsWindow = false
        self.handler = handler
    }

    /// Makes a display link that follows the frames of the application's window; `handler`
    /// runs on the main thread once per frame, from when the link is added to a run loop.
    /// The closure form of Apple's `init(target:selector:)`, whose link follows the main
    /// display, for code that does not name a window (what `lamina-port` writes for a
    /// selector): when added, the link follows the active window of the open applications,
    /// else the first one opened that is still open; added before any window is open, it
    /// follows the first window opened. It stays with that window until invalidated or the
    /// window closes. Use ``init(window:handler:)`` to choose the window.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        findsItsWindow = true
        self.handler = handler
    }

    /// Makes a display link that calls nothing (Apple's `init()`, which `CADisplayLink`
    /// inherits from `NSObject`): code keeps one in a property until it makes the link it adds
    /// (`lazy var link = CADisplayLink()`, replaced by `CADisplayLink(target:selector:)`).
    /// Added to a run loop, it follows the application's window as ``init(handler:)``'s does.
    public convenience init() {
        self.init { _ in }
    }

    /// The window a link made without one follows: the active window of the open
    /// applications, else the first opened that is still open.
    private static func applicationWindow() -> Window? {
        let windows = Application.open.flatMap(\.windows).filter { !$0.isClosed }
        return windows.first { $0.isActive } ?? windows.first
    }

    /// `window` opened: links made without a window and waiting for one follow it.
    static func windowOpened(_ window: Window) {
        let waiting = waitingForAWindow
        waitingForAWindow = []
        for link in waiting where !link.isInvalidated {
            link.window = window
            window.attach(link)
        }
    }

    /// Starts the link. Lamina's main loop is the main queue, so the link always fires on
    /// the main thread, whichever run loop and mode are given; adding it twice does nothing.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !isAttached, !isInvalidated else { return }
        if window == nil, findsItsWindow {
            window = Self.applicationWindow()
            if window == nil {
                isAttached = true
                Self.waitingForAWindow.append(self)
                return
            }
        }
        guard let window else { return }
        isAttached = true
        window.attach(self)
    }

    /// Stops the link until it is added again (run loop and mode as for ``add(to:forMode:)``).
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isAttached else { return }
        isAttached = false
        Self.waitingForAWindow.removeAll { $0 === self }
        window?.detach(self)
    }

    /// Stops the link for good: it never fires again, and its window lets it go.
    public func invalidate() {
        if isAttached { window?.detach(self) }
        Self.waitingForAWindow.removeAll { $0 === self }
        isInvalidated = true
        isAttached = false
        window = nil
    }

    /// Whether the link wants frames now.
    var isActive: Bool { isAttached && !isPaused && window != nil }

    /// The window's frame `clock` came: runs the handler unless the preferred rate says to
    /// skip this frame.
    func fire(_ clock: SurfaceRenderServer.FrameClock, measuredInterval: Double?) {
        let interval = clock.refreshInterval ?? measuredInterval ?? 1.0 / 60
        if let limit = preferredFrameRateRange.rateLimit, let lastFired,
            clock.callbackTime - lastFired < 1 / limit - interval / 2
        {
            return
        }
        lastFired = clock.callbackTime
        timestamp = clock.callbackTime
        targetTimestamp = clock.nextTargetTime
        duration = interval
        handler(self)
    }

    /// The window closed: the link stops as if invalidated.
    func windowClosed() {
        isAttached = false
        window = nil
    }
}
