import Dispatch
import Foundation
import Glibc
import QuartzCore
import Wayland

/// A window's render server: a thread of its own that draws the window's frames with a
/// ``CARenderer`` and presents them on the window's surface.
///
/// It owns the surface's buffers, frame callbacks and presentation feedback (on an event
/// queue of its own), takes the main thread's commits as ``CARenderUpdate`` values and
/// evaluates their animations itself at each frame's target time — so animations keep
/// their pace while the main thread is busy. The main thread keeps input, configure and
/// the layer model; it learns what happened through ``Event``s, delivered on the main queue.
final class SurfaceRenderServer: Sendable {
    /// What the render thread tells the main thread.
    enum Event: Sendable {
        /// A frame was committed (drawn from update `generation`, at this size), answering the
        /// configures posted so far up to `configuresAnswered`.
        case committed(width: Int, height: Int, generation: UInt64, configuresAnswered: Int)
        /// The compositor's frame callback for the last commit came back; `isAnimating`
        /// says whether the render thread keeps drawing frames by itself.
        case frameDone(generation: UInt64, width: Int, height: Int, isAnimating: Bool)
        /// Presentation feedback for a committed frame, with how the frame was drawn.
        case presented(PresentationResult, FrameTiming)
        /// The render thread read events, some perhaps for the main queue.
        case eventsRead
        /// The connection failed; the render thread stopped.
        case failed(WaylandError)
        /// A frame could not be drawn (it is tried again with the next change).
        case renderError(String)
    }

    /// The Wayland objects the render thread uses: made on the main thread, then used by
    /// the render thread only.
    private struct Resources: @unchecked Sendable {
        let queue: WaylandEventQueue
        let surface: WlSurface
        let pool: ShmBufferPool
        let presentation: PresentationTiming?
        /// Where the window draws at fractional scales: the surface's viewport.
        let viewport: WpViewport?
    }

    let mailbox: RenderServerMailbox
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts the render thread for `surface`. `onEvent` runs on the main queue.
    @MainActor
    init(
        connection: WaylandConnection, surface: WlSurface, shm: WlShm, presentation: WpPresentation?,
        viewport: WpViewport?, onEvent: @escaping @MainActor @Sendable (Event) -> Void
    ) throws(WaylandError) {
        let queue = try WaylandEventQueue(connection: connection)
        let pool = try ShmBufferPool(shm: queue.wrapper(of: shm))
        let resources = Resources(
            queue: queue, surface: try queue.wrapper(of: surface), pool: pool,
            presentation: try presentation.map { presentation throws(WaylandError) in
                PresentationTiming(presentation: try queue.wrapper(of: presentation))
            },
            viewport: viewport)
        mailbox = try RenderServerMailbox()
        let mailbox = mailbox, stopped = stopped
        let thread = Thread {
            let loop = RenderLoop(resources: resources, mailbox: mailbox) { event in
                DispatchQueue.main.async { MainActor.assumeIsolated { onEvent(event) } }
            }
            loop.run()
            stopped.signal()
        }
        thread.name = "lamina-render"
        thread.start()
    }

    /// Stops the render thread and waits (up to a second) until it has.
    func stop() {
        mailbox.stop()
        _ = stopped.wait(timeout: .now() + 1)
    }

    /// The render thread's state: used on that thread only.
    private final class RenderLoop {
        let resources: Resources
        let mailbox: RenderServerMailbox
        let send: (Event) -> Void
        let renderer = CARenderer()
        var generation: UInt64 = 0
        var width = 0, height = 0
        /// The scale frames are drawn at, the buffer scale the surface was last told, and the
        /// viewport destination it was last given (nil: none).
        var scale = WindowScale.one
        var surfaceScale = 1
        var viewportDestination: (width: Int, height: Int)?
        var configuresAnswered = 0
        var needsDraw = false
        /// Frame callbacks not answered yet: normally one, more when a configure was answered
        /// while one was pending (each is reported when it comes back).
        var frameCallbacks: [ObjectIdentifier: WlCallback] = [:]
        var framePending: Bool { !frameCallbacks.isEmpty }
        var failed = false
        /// The last presentation: its time (seconds, monotonic clock) and refresh interval.
        var lastPresented: (time: Double, refresh: Double)?

        init(resources: Resources, mailbox: RenderServerMailbox, send: @escaping (Event) -> Void) {
            self.resources = resources
            self.mailbox = mailbox
            self.send = send
        }

        func run() {
            resources.pool.onBufferReleased = {}
            while true {
                let posted = mailbox.take()
                if posted.stopping || failed { break }
                if let newUpdate = posted.update {
                    renderer.update = newUpdate
                    generation = posted.generation
                    needsDraw = true
                }
                if posted.background != renderer.backgroundColor {
                    renderer.backgroundColor = posted.background
                    needsDraw = true
                }
                if posted.width != width || posted.height != height || posted.scale != scale {
                    width = posted.width
                    height = posted.height
                    scale = posted.scale
                    needsDraw = true
                }
                // Every configure is answered by a commit, even while a frame callback is
                // pending (a hidden window gets none).
                let mustAnswer = posted.configureCount > configuresAnswered
                let animating = renderer.nextFrameTime() < .infinity
                if width > 0, height > 0, mustAnswer || (!framePending && (needsDraw || animating)) {
                    if drawFrame(answering: posted.configureCount) { configuresAnswered = posted.configureCount }
                }
                do {
                    let wakeup = try resources.queue.dispatch(timeout: nil, wakeDescriptor: mailbox.wakeDescriptor)
                    if wakeup.woken { mailbox.drainWakeups() }
                    // Events read here may be for the main queue, whose reader may be idle.
                    if wakeup.readEvents { send(.eventsRead) }
                } catch {
                    send(.failed(error))
                    break
                }
            }
        }

        /// The media time the next frame will be presented at: the next refresh after now,
        /// predicted from the last presentation (now when there was none).
        func targetTime() -> CFTimeInterval {
            let now = CACurrentMediaTime()
            guard let last = lastPresented, last.refresh > 0, last.time <= now, now - last.time < 1 else { return now }
            let periods = ((now - last.time) / last.refresh).rounded(.up)
            return last.time + max(periods, 1) * last.refresh
        }

        /// Draws and commits a frame; false when no buffer is free (it waits for a release).
        func drawFrame(answering configures: Int) -> Bool {
            let pool = resources.pool, surface = resources.surface
            do {
                // Buffers at the scale: sharp on a dense output (the surface's size stays in
                // points). A scale that would make a buffer too large falls back to 1.
                let layout = BufferLayout(width: width, height: height, scale: scale, hasViewport: resources.viewport != nil)
                let pixelWidth = layout.pixelWidth, pixelHeight = layout.pixelHeight, bufferScale = layout.bufferScale
                renderer.scale = CGFloat(layout.factor)
                guard let buffer = try pool.freeBuffer(width: pixelWidth, height: pixelHeight) else { return false }
                let time = targetTime()
                let drawStart = CACurrentMediaTime()
                try buffer.withPixels { pixels in
                    try renderer.setDestination(
                        pixels, width: pixelWidth, height: pixelHeight, bytesPerRow: buffer.stride, bufferAge: buffer.age)
                }
                renderer.beginFrame(atTime: time)
                defer { renderer.endFrame() }
                do {
                    try renderer.render()
                } catch {
                    // The buffer holds part of a frame: every buffer is drawn in full next.
                    renderer.invalidate()
                    for buffer in pool.currentBuffers { buffer.age = 0 }
                    throw error
                }
                let drawDuration = CACurrentMediaTime() - drawStart
                let drawnPixels = renderer.renderedPixelCount
                for other in pool.currentBuffers where other !== buffer && other.age > 0 { other.age += 1 }
                buffer.age = 1
                if bufferScale != surfaceScale, surface.version >= 3 {
                    try surface.setBufferScale(scale: Int32(bufferScale))
                    surfaceScale = bufferScale
                }
                if let viewport = resources.viewport {
                    let destination = layout.viewportDestination
                    if destination?.width != viewportDestination?.width || destination?.height != viewportDestination?.height {
                        try viewport.setDestination(
                            width: Int32(destination?.width ?? -1), height: Int32(destination?.height ?? -1))
                        viewportDestination = destination
                    }
                }
                try surface.attach(buffer: buffer.buffer, x: 0, y: 0)
                buffer.markAttached()
                for rect in renderer.updateRegion {
                    try surface.damageBuffer(
                        x: Int32(rect.minX), y: Int32(rect.minY), width: Int32(rect.width), height: Int32(rect.height))
                }
                let callback = try surface.frame()
                let drawn = generation, drawnWidth = width, drawnHeight = height
                let key = ObjectIdentifier(callback)
                frameCallbacks[key] = callback
                callback.onEvent = { [unowned self] event in
                    guard case .done = event else { return }
                    frameCallbacks[key] = nil
                    send(.frameDone(
                        generation: drawn, width: drawnWidth, height: drawnHeight,
                        isAnimating: renderer.nextFrameTime() < .infinity))
                }
                if let presentation = resources.presentation {
                    try presentation.feedback(for: surface) { [unowned self] result in
                        var timing = FrameTiming(
                            targetTime: time, drawDuration: drawDuration, drawnPixels: drawnPixels, presentationTime: nil)
                        if case .presented(let presented, let refresh, _, _) = result {
                            lastPresented = (presented, Double(refresh) / 1e9)
                            timing.presentationTime = presented
                        }
                        send(.presented(result, timing))
                    }
                }
                try surface.commit()
                needsDraw = false
                send(.committed(width: width, height: height, generation: generation, configuresAnswered: configures))
                return true
            } catch let error as WaylandError {
                failed = true
                send(.failed(error))
                return false
            } catch {
                // Reported once; drawn again with the next change (no retry loop).
                needsDraw = false
                send(.renderError("\(error)"))
                return true
            }
        }
    }
}
