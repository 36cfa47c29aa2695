import QuartzCore

/// The display links attached to a window, and the interval between its last frame callbacks
/// (the links' `duration` when the compositor reports no refresh interval).
@MainActor
struct DisplayLinks {
    private(set) var links: [CADisplayLink] = []
    private var lastCallbackTime: Double?
    private(set) var measuredInterval: Double?

    /// Whether a link wants frames.
    var wantsFrames: Bool { links.contains { $0.isActive } }

    mutating func add(_ link: CADisplayLink) {
        guard !links.contains(where: { $0 === link }) else { return }
        links.append(link)
    }

    mutating func remove(_ link: CADisplayLink) {
        links.removeAll { $0 === link }
    }

    /// Notes a frame callback's time; returns the links to fire.
    mutating func frameCame(at time: Double) -> [CADisplayLink] {
        if let last = lastCallbackTime, time > last, time - last < 1 { measuredInterval = time - last }
        lastCallbackTime = time
        return links.filter { $0.isActive }
    }

    /// The window closed: every link stops.
    mutating func windowClosed() {
        for link in links { link.windowClosed() }
        links = []
    }
}

extension Window {
    /// Starts firing `link` with the window's frames.
    func attach(_ link: CADisplayLink) {
        displayLinks.add(link)
        displayLinksChanged()
    }

    /// Stops firing `link`.
    func detach(_ link: CADisplayLink) {
        displayLinks.remove(link)
        updateMainThreadAnimates()
    }

    /// A link was added or resumed: a frame is asked for, which starts the chain of frames
    /// (each callback fires the links, which ask for the next frame).
    func displayLinksChanged() {
        updateMainThreadAnimates()
        if displayLinks.wantsFrames { requestFrame() }
    }

    /// A frame callback came: fires the active links, commits what they changed (so the next
    /// frame shows it), and asks for that frame while a link is active.
    func fireDisplayLinks(_ clock: SurfaceRenderServer.FrameClock) {
        let due = displayLinks.frameCame(at: clock.callbackTime)
        guard !due.isEmpty else { return }
        for link in due where link.isActive {
            link.fire(clock, measuredInterval: displayLinks.measuredInterval)
        }
        CATransaction.flush()
        if displayLinks.wantsFrames { requestFrame() }
    }
}
