import Dispatch
import Foundation
import Glibc
import QuartzCore
internal import Wayland

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
        /// configures posted so far up to `configuresAnswered` and the display links' frame
        /// requests up to `frameRequestsAnswered`.
        case committed(width: Int, height: Int, generation: UInt64, configuresAnswered: Int, frameRequestsAnswered: Int)
        /// A frame callback of a commit came back; `generation` and the size are those of the
        /// newest commit whose callback came (what is on screen), and `isAnimating`
        /// says whether the render thread keeps drawing frames by itself. `clock` tells when
        /// it came and when the next frame is expected on screen.
        case frameDone(generation: UInt64, width: Int, height: Int, isAnimating: Bool, clock: FrameClock)
        /// Presentation feedback for a committed frame.
        case presented(PresentationResult)
        /// A frame's record is complete (its feedback and frame callback came, or will not),
        /// with the records of the input events whose change it showed first.
        case frameTiming(FrameTiming, inputs: [InputTiming])
        /// The render thread read events, some perhaps for the main queue.
        case eventsRead
        /// The connection failed; the render thread stopped.
        case failed(WaylandError)
        /// A frame could not be drawn (it is tried again with the next change).
        case renderError(String)
    }

    /// When a frame callback came (media time), the predicted presentation time of the next
    /// frame, and the refresh interval that prediction used (nil when none is known).
    struct FrameClock: Sendable {
        var callbackTime: Double
        var nextTargetTime: Double
        var refreshInterval: Double?
    }

    /// The Wayland objects the render thread uses: made on the main thread, then used by
    /// the render thread only.
    private struct Resources: @unchecked Sendable {
        let queue: WaylandEventQueue
        let surface: WlSurface
        let pool: ShmBufferPool
        let presentation: PresentationTiming?
        let clock: PresentationClock
        /// Where the window draws at fractional scales: the surface's viewport.
        let viewport: WpViewport?
    }

    let mailbox: RenderServerMailbox
    private let stopped = DispatchSemaphore(value: 0)
    private let meter = RenderResourcesMeter()
    /// What the render thread holds, as of its last frame or buffer release.
    var resources: Window.RenderResources { meter.value }

    /// Starts the render thread for `surface`. `onEvent` runs on the main queue.
    @MainActor
    init(
        connection: WaylandConnection, surface: WlSurface, shm: WlShm, presentation: WpPresentation?,
        presentationClock: UInt32?, viewport: WpViewport?,
        onEvent: @escaping @MainActor @Sendable (Event) -> Void
    ) throws(WaylandError) {
        let queue = try WaylandEventQueue(connection: connection)
        let pool = try ShmBufferPool(shm: queue.wrapper(of: shm))
        let resources = Resources(
            queue: queue, surface: try queue.wrapper(of: surface), pool: pool,
            presentation: try presentation.map { presentation throws(WaylandError) in
                PresentationTiming(presentation: try queue.wrapper(of: presentation))
            }, clock: PresentationClock(clockID: presentationClock), viewport: viewport)
        mailbox = try RenderServerMailbox()
        let mailbox = mailbox, stopped = stopped, meter = meter
        let thread = Thread {
            let loop = RenderLoop(resources: resources, mailbox: mailbox, meter: meter) { event in
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

    /// A committed frame that input may still be drawn into: its number, the time it was drawn
    /// for, the update it shows, and whether it was drawn again already.
    struct RedrawableFrame {
        var number: UInt64
        var targetTime: Double
        var generation: UInt64
        var redrawn = false
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
        var budget = BufferMemoryBudget.standard(largestOutputPixels: nil)
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
        /// Frames committed so far (the last one's number), and display-link frame requests
        /// answered so far.
        var frameNumber: UInt64 = 0
        var frameRequestsAnswered = 0
        /// The newest committed frame whose callback came: what is on screen. A compositor
        /// may answer the callbacks of several pending commits newest first (wlroots does), so
        /// an older frame's callback coming later reports this one's content.
        var shownFrame: (number: UInt64, generation: UInt64, width: Int, height: Int)?
        /// When the commit of the update taken last began and ended (for the next frame).
        var commitTimes: RenderServerMailbox.CommitTimes?
        /// Records of committed frames still waiting for their frame callback or feedback.
        var inFlight = FramesInFlight()
        /// Input events whose change the next committed frame shows first.
        var pendingInputs: [InputTiming] = []
        /// Whether the window went idle since the last committed frame: a frame callback came
        /// with nothing to draw or animate and the main thread asking for nothing (true before
        /// the first frame). The next frame starts a new run of animation.
        var wentIdle = true
        /// When frames of a continuing run start, from recent render times.
        var deadline = RenderDeadline.frame
        /// Where the compositor gives no presentation times, its frame callbacks' cadence
        /// predicts its next repaint.
        var callbackCadence = FrameCallbackCadence()
        /// Until when a committed frame may be drawn again for late input, from recent redraws.
        var redrawDeadline = RenderDeadline.lateInputRedraw
        /// The last frame committed, while its callback is pending: input that comes before its
        /// redraw deadline is drawn into it again (once), rather than waiting for the next frame.
        var redrawableFrame: RedrawableFrame?
        /// Whether frames ask for presentation feedback: not once the compositor left 60
        /// requests in a row unanswered (each would be kept forever).
        var asksForFeedback = true
        static let unansweredFeedbackLimit = 60

        let meter: RenderResourcesMeter

        init(resources: Resources, mailbox: RenderServerMailbox, meter: RenderResourcesMeter, send: @escaping (Event) -> Void) {
            self.resources = resources
            self.mailbox = mailbox
            self.meter = meter
            self.send = send
        }

        /// Publishes what the render thread holds now.
        func measure() {
            var usage = Window.RenderResources()
            usage.shmPools = resources.pool.poolCount
            usage.buffers = resources.pool.bufferCount
            usage.shmBytes = resources.pool.mappedByteCount
            usage.cachedBitmapBytes = renderer.cachedBitmapBytes
            usage.pendingFrameCallbacks = frameCallbacks.count
            meter.record(usage)
        }

        func run() {
            resources.pool.onBufferReleased = { [weak self] in self?.measure() }
            while true {
                let posted = mailbox.take()
                if posted.stopping || failed { break }
                pendingInputs += posted.inputs
                if let newUpdate = posted.update {
                    renderer.update = newUpdate
                    generation = posted.generation
                    commitTimes = posted.commitTimes
                    needsDraw = true
                }
                if posted.background != renderer.backgroundColor {
                    renderer.backgroundColor = posted.background
                    needsDraw = true
                }
                if posted.width != width || posted.height != height || posted.scale != scale || posted.budget != budget {
                    width = posted.width
                    height = posted.height
                    scale = posted.scale
                    budget = posted.budget
                    needsDraw = true
                }
                // Every configure is answered by a commit, even while a frame callback is
                // pending (a hidden window gets none).
                let mustAnswer = posted.configureCount > configuresAnswered
                // While the main thread lays the window out for a configure it acknowledged,
                // frames wait for its answer (only a configure still owed is answered).
                let holds = posted.isHandlingConfigure && !mustAnswer
                let animating = renderer.nextFrameTime() < .infinity
                let requested = posted.frameRequests > frameRequestsAnswered
                let wantsFrame = needsDraw || animating || requested
                // A frame that continues a run starts as late as its presentation allows (input
                // until then is in it); a configure's answer and a frame after idle start now.
                var startTime: Double?
                if !mustAnswer, !wentIdle, let start = continuingFrameStart(), start > CACurrentMediaTime() {
                    startTime = start
                }
                if holds {
                    // Woken again by the configure's post.
                } else if width > 0, height > 0, mustAnswer || (!framePending && wantsFrame && startTime == nil) {
                    if drawFrame(answering: posted.configureCount, frameRequests: posted.frameRequests) {
                        configuresAnswered = posted.configureCount
                        frameRequestsAnswered = posted.frameRequests
                    }
                } else if framePending, needsDraw, !pendingInputs.isEmpty, !mustAnswer, width > 0, height > 0,
                    let frame = frameToRedrawForLateInput()
                {
                    // Input changed the tree after the frame for the next refresh was committed,
                    // early enough to be in that refresh still.
                    redrawForLateInput(frame)
                } else if isIdle(given: posted) {
                    wentIdle = true
                }
                let drawsLater = !holds && width > 0 && height > 0 && !framePending && wantsFrame && startTime != nil
                // Feedback the compositor left unanswered is given up after a while, so the
                // records of the last frames before the window idles are complete too.
                inFlight.giveUpOnFeedback(at: CACurrentMediaTime())
                checkFeedbackLimit()
                sendCompleted()
                let wakeTimes = [inFlight.nextFeedbackDeadline, drawsLater ? startTime : nil].compactMap { $0 }
                let timeout = wakeTimes.min().map { max(0.001, $0 - CACurrentMediaTime()) }
                do {
                    let wakeup = try resources.queue.dispatch(timeout: timeout, wakeDescriptor: mailbox.wakeDescriptor)
                    if wakeup.woken { mailbox.drainWakeups() }
                    // Events read here may be for the main queue, whose reader may be idle.
                    if wakeup.readEvents { send(.eventsRead) }
                } catch {
                    send(.failed(error))
                    break
                }
            }
        }

        /// Whether nothing asks for a frame: none is pending, nothing is left to draw or
        /// animate, `posted` (what the main thread posted, taken or not) changes nothing and
        /// answers no configure or frame request, and the main thread asks for no frames by
        /// itself and handles no configure.
        func isIdle(given posted: RenderServerMailbox.Contents) -> Bool {
            !framePending && !needsDraw && posted.update == nil && posted.background == renderer.backgroundColor
                && posted.width == width && posted.height == height && posted.scale == scale && posted.budget == budget
                && posted.configureCount <= configuresAnswered && posted.frameRequests <= frameRequestsAnswered
                && !posted.mainThreadAnimates && !posted.isHandlingConfigure && renderer.nextFrameTime() == .infinity
        }

        /// The media time the next frame will be presented at: the next refresh after now,
        /// predicted from the last presentation (now when there was none).
        func targetTime() -> CFTimeInterval {
            let now = CACurrentMediaTime()
            guard let last = lastPresented, last.refresh > 0, last.time <= now, now - last.time < 1 else { return now }
            // A millionth of a period's allowance: now on a refresh (up to rounding) is that
            // refresh, not the next.
            let periods = ((now - last.time) / last.refresh - 1e-6).rounded(.up)
            return last.time + max(periods, 1) * last.refresh
        }

        /// When to start the next frame of a continuing run: before the presentation predicted
        /// from feedback, else (sway 1.7 headless presents nothing) before the repaint a steady
        /// run of frame callbacks predicts; nil when neither predicts it (frames start at once).
        func continuingFrameStart() -> Double? {
            if refreshInterval != nil, lastPresented != nil { return deadline.startTime(forTarget: targetTime()) }
            guard let repaint = callbackCadence.nextCallback(after: CACurrentMediaTime()) else { return nil }
            return deadline.startTime(forTarget: repaint, compositorMargin: RenderDeadline.callbackRepaintMargin)
        }

        /// The refresh interval of the last presentation, when it is plausible.
        var refreshInterval: Double? {
            guard let refresh = lastPresented?.refresh, refresh > 0 else { return nil }
            return refresh
        }

        /// Stops asking for feedback once the compositor left too many requests unanswered.
        func checkFeedbackLimit() {
            guard inFlight.unansweredFeedback >= Self.unansweredFeedbackLimit, asksForFeedback else { return }
            asksForFeedback = false
            inFlight.stopAwaitingFeedback()
        }

        /// Sends the records `inFlight` completed or gave up on.
        func sendCompleted() {
            for record in inFlight.takeCompleted() { send(.frameTiming(record.timing, inputs: record.inputs)) }
        }

        /// Draws and commits a frame; false when no buffer is free (it waits for a release).
        func drawFrame(answering configures: Int, frameRequests: Int) -> Bool {
            let surface = resources.surface
            do {
                let time = targetTime()
                guard let drawn = try drawIntoFreeBuffer(at: time) else { return false }
                deadline.add(drawDuration: drawn.end - drawn.start)
                let callback = try surface.frame()
                let drawnGeneration = generation, drawnWidth = width, drawnHeight = height
                let continuesRun = !wentIdle
                frameNumber += 1
                let number = frameNumber
                let key = ObjectIdentifier(callback)
                frameCallbacks[key] = callback
                // Weak: a callback or feedback may still come after the render loop ended.
                callback.onEvent = { [weak self] event in
                    guard let self, case .done = event else { return }
                    let callbackTime = CACurrentMediaTime()
                    frameCallbacks[key] = nil
                    callbackCadence.callbackCame(at: callbackTime, continuesRun: continuesRun)
                    // Idle when the callback comes with nothing to draw: the next frame starts
                    // a new run, however soon after this the loop takes what is posted next.
                    if isIdle(given: mailbox.peek()) { wentIdle = true }
                    // A redraw of the frame shows a later update than the frame drew.
                    var shownGeneration = drawnGeneration
                    if let redrawable = redrawableFrame, redrawable.number == number {
                        shownGeneration = redrawable.generation
                        redrawableFrame = nil
                    }
                    let shown = shownFrame.flatMap { $0.number > number ? $0 : nil }
                        ?? (number: number, generation: shownGeneration, width: drawnWidth, height: drawnHeight)
                    shownFrame = shown
                    measure()
                    inFlight.frameCallbackCame(number, at: callbackTime)
                    sendCompleted()
                    send(.frameDone(
                        generation: shown.generation, width: shown.width, height: shown.height,
                        isAnimating: renderer.nextFrameTime() < .infinity,
                        clock: FrameClock(
                            callbackTime: callbackTime, nextTargetTime: targetTime(), refreshInterval: refreshInterval)))
                }
                try askForFeedback { [weak self] outcome in self?.inFlight.feedbackCame(number, outcome) }
                try surface.commit()
                measure()
                inFlight.add(
                    FrameTiming(
                        frameNumber: number, targetTime: time, commitBeginTime: commitTimes?.begin,
                        commitEndTime: commitTimes?.end, renderBeginTime: drawn.start, renderEndTime: drawn.end,
                        bufferCommitTime: CACurrentMediaTime(), drawnPixels: drawn.pixels, presentation: .unavailable,
                        followsIdle: wentIdle),
                    inputs: pendingInputs, awaitsFeedback: resources.presentation != nil && asksForFeedback)
                redrawableFrame = RedrawableFrame(number: number, targetTime: time, generation: drawnGeneration)
                pendingInputs = []
                wentIdle = false
                checkFeedbackLimit()
                sendCompleted()
                commitTimes = nil
                needsDraw = false
                send(.committed(
                    width: width, height: height, generation: generation, configuresAnswered: configures,
                    frameRequestsAnswered: frameRequests))
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

        /// The frame whose callback is pending and that may still be drawn again for late
        /// input, if it is early enough: its refresh is predicted from presentation feedback,
        /// and a redraw that starts now is committed within the compositor's repaint window.
        func frameToRedrawForLateInput() -> RedrawableFrame? {
            guard let frame = redrawableFrame, !frame.redrawn, asksForFeedback, refreshInterval != nil,
                CACurrentMediaTime() <= redrawDeadline.startTime(forTarget: frame.targetTime)
            else { return nil }
            return frame
        }

        /// Draws `frame` again at its target time with the input that came since it was
        /// committed, and commits it on the frame's callback before its refresh; the
        /// compositor shows the redraw instead of the frame (it discards the frame's feedback).
        /// Nothing is drawn when no buffer is free: the input waits for the next frame.
        func redrawForLateInput(_ frame: RedrawableFrame) {
            do {
                guard let drawn = try drawIntoFreeBuffer(at: frame.targetTime) else { return }
                redrawDeadline.add(drawDuration: drawn.end - drawn.start)
                let number = frame.number
                try askForFeedback { [weak self] outcome in self?.inFlight.redrawFeedbackCame(number, outcome) }
                try resources.surface.commit()
                measure()
                inFlight.addRedraw(
                    of: number, inputs: pendingInputs, committedAt: CACurrentMediaTime(),
                    awaitsFeedback: resources.presentation != nil && asksForFeedback)
                redrawableFrame = RedrawableFrame(number: number, targetTime: frame.targetTime, generation: generation, redrawn: true)
                pendingInputs = []
                commitTimes = nil
                needsDraw = false
                sendCompleted()
            } catch let error as WaylandError {
                failed = true
                send(.failed(error))
            } catch {
                needsDraw = false
                send(.renderError("\(error)"))
            }
        }

        /// Draws the current tree at `time` into a free buffer and attaches it with its
        /// damage (not committed); nil when no buffer is free.
        func drawIntoFreeBuffer(at time: Double) throws -> (start: Double, end: Double, pixels: Int)? {
            let pool = resources.pool, surface = resources.surface
            // Buffers at the scale: sharp on a dense output (the surface's size stays in
            // points). A scale that would make a buffer too large, or beyond the window's
            // budget, falls back to 1.
            let layout = BufferLayout(
                width: width, height: height, scale: scale, hasViewport: resources.viewport != nil, budget: budget)
            let pixelWidth = layout.pixelWidth, pixelHeight = layout.pixelHeight, bufferScale = layout.bufferScale
            renderer.scale = CGFloat(layout.factor)
            guard let buffer = try pool.freeBuffer(width: pixelWidth, height: pixelHeight, maximumBuffers: layout.maximumBuffers)
            else { return nil }
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
            let drawEnd = CACurrentMediaTime()
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
            return (drawStart, drawEnd, drawnPixels)
        }

        /// Asks for presentation feedback of the next commit (where the compositor offers it
        /// and still answers); `record` notes its outcome in `inFlight`.
        func askForFeedback(_ record: @escaping (FrameTiming.Presentation) -> Void) throws {
            guard let presentation = resources.presentation, asksForFeedback else { return }
            try presentation.feedback(for: resources.surface) { [weak self] result in
                guard let self else { return }
                let outcome: FrameTiming.Presentation
                switch result {
                case .presented(let reported, let refresh, let sequence, let flags):
                    let presented = resources.clock.monotonic(reported)
                    // Untrusted: a refresh of 0 means "no constant rate", a sequence
                    // of 0 "no counter"; a time that is not plausible is not used to
                    // predict frames (see `targetTime()`).
                    lastPresented = (presented, Double(refresh) / 1e9)
                    outcome = .presented(
                        time: presented, refreshInterval: refresh > 0 ? Double(refresh) / 1e9 : nil,
                        sequence: sequence > 0 ? sequence : nil,
                        flags: FrameTiming.PresentationFlags(rawValue: flags))
                case .discarded:
                    outcome = .discarded
                }
                record(outcome)
                sendCompleted()
                send(.presented(result))
            }
        }
    }
}
