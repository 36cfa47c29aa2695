import Dispatch
import Foundation
import QuartzCore
internal import Wayland

/// A desktop window (an `xdg_toplevel`) that shows a layer tree.
///
/// The root layer's frame follows the window's size, and the tree is *displayed* (a
/// `CARenderContext`): property changes run implicit animations, as on Apple platforms.
/// Frames are drawn by the window's render server, on a thread of its own: every committed
/// `CATransaction` that changed the tree hands it the tree and its animations, and it draws
/// frames — evaluating the animations at each frame's presentation time — paced by the
/// compositor's frame callbacks, while the main thread is free (or busy: animations keep
/// their pace). While nothing changes or animates, no frame callback is requested and both
/// threads sleep. Animation delegates and transaction completion blocks run on the main
/// thread as frames are shown. Buffers are drawn at the largest output scale (1…8,
/// `wl_surface.set_buffer_scale`), so a window is sharp on a dense output; sizes and pointer
/// coordinates stay in points. Pointer events are hit-tested on the presentation tree (what
/// was drawn) and delivered to `onPointerEvent`, then to the hit layer and its superlayers
/// that adopt `PointerEventHandling`. What an input event's handlers change is committed as
/// they return, so each event's change is carried by a commit of its own, and its latency
/// is recorded (``inputTimings``).
///
/// Decorations (the title bar and resize edges) are the compositor's where it offers
/// `xdg-decoration`, else Lamina draws them in the window's surface, above the root layer
/// (``decorationMode``, ``decorations``). Either way the root layer's origin is the content's
/// top-left corner, and pointer locations are in the root layer's superlayer space.
@MainActor
public final class Window {
    /// Counters of what the window sent to and heard from the compositor.
    public struct Statistics: Equatable, Sendable {
        /// Frames rendered and committed with a new buffer.
        public var committedFrames = 0
        /// Frame callbacks received.
        public var frameCallbacks = 0
        /// Frames the compositor reported as presented.
        public var presentedFrames = 0
        /// Frames the compositor reported as discarded.
        public var discardedFrames = 0
    }

    /// The app's layer tree; its frame is the content's bounds: the window's, less Lamina's
    /// title bar when it draws one (the preferred size until the first configure). Its origin
    /// stays at the content's top-left corner. Sublayers follow a resize through their
    /// `autoresizingMask` and the root's `layoutSublayers()` / `layoutManager`.
    public let rootLayer: CALayer
    /// The colour filling the window behind the root layer, where the layer tree leaves it
    /// transparent. Default opaque white, as a desktop window is; nil leaves those pixels
    /// transparent (the compositor shows what is behind the window there).
    public var backgroundColor: CGColor? = .white {
        didSet {
            guard backgroundColor != oldValue else { return }
            // Posted with a new update, so `isSettled` waits for a frame drawn over it.
            setNeedsRender()
        }
    }
    /// The current size of the whole surface in points, Lamina's title bar included; zero
    /// until the first configure. The content's size is the root layer's.
    public private(set) var size: CGSize = .zero
    /// The object told of what happens to the window (closing, resizing, scale, frames, key
    /// focus). Default nil. Held weakly.
    public weak var delegate: (any WindowDelegate)?
    /// Called for every pointer event in the window, before it goes to the layers. Default: nil.
    public var onPointerEvent: ((PointerEvent) -> Void)?
    /// Called when the compositor (or the user, through it or the close button of Lamina's
    /// title bar) asks the window to close.
    /// Default nil. Without a ``delegate`` that accepts the request
    /// (``WindowDelegate/windowShouldClose(_:)``), the window stays open — call ``close()``
    /// or end the process from your handler (a library does not exit on its own).
    public var onClose: (() -> Void)?
    /// Called after each frame callback that follows a committed frame (the frame is on screen
    /// or about to be). Default: nil.
    public var onFrameDisplayed: ((Statistics) -> Void)?
    /// Called with each presentation result, when the compositor supports `wp_presentation`
    /// (times as the compositor sent them, on its presentation clock; ``frameTimings`` has
    /// them on the monotonic clock).
    public var onPresentation: ((FrameTiming.Presentation) -> Void)?
    /// Lamina: called with each frame's record once it is complete: when the compositor said
    /// whether the frame was presented, or — without `wp_presentation` — when its frame
    /// callback came back. Default nil. Records are also kept in ``frameTimings``.
    ///
    /// The environment variable `LAMINA_FRAME_TIMING` measures any app without code:
    /// `LAMINA_FRAME_TIMING=1` writes a line per frame to standard error;
    /// `LAMINA_FRAME_TIMING=PATH` writes every frame as a CSV row to PATH (a second window
    /// to `PATH.2`, …) and prints the ``FrameTimingSummary/line`` on standard error when
    /// the window or its application closes, or the process exits.
    public var onFrameTiming: ((FrameTiming) -> Void)?
    /// Lamina: the latest frames' records, oldest first: at most ``frameTimingCapacity``.
    public var frameTimings: [FrameTiming] { frameTimingRing.elements }
    /// Lamina: how many frame records ``frameTimings`` keeps. Default 1000 (at least 1;
    /// lowering it drops the oldest).
    public var frameTimingCapacity: Int {
        get { frameTimingRing.capacity }
        set { frameTimingRing.setCapacity(newValue) }
    }
    /// Lamina: the summary of the frames in ``frameTimings`` and the input events in
    /// ``inputTimings``.
    public func frameTimingSummary() -> FrameTimingSummary {
        FrameTimingStatistics(frameTimingRing.elements, inputs: inputTimingRing.elements).summary
    }
    private var frameTimingRing = FrameTimingRing<FrameTiming>(capacity: 1000)
    /// Lamina: called with each pointer and key event's record once it is complete: at once
    /// for an event whose handlers changed nothing in the window, else with the record of
    /// the frame that first showed the change (just before ``onFrameTiming`` gets that
    /// frame's). Default nil. Records are also kept in ``inputTimings``; `LAMINA_FRAME_TIMING`
    /// reports them too.
    public var onInputTiming: ((InputTiming) -> Void)?
    /// Lamina: the latest input events' records, oldest first: at most
    /// ``inputTimingCapacity``.
    public var inputTimings: [InputTiming] { inputTimingRing.elements }
    /// Lamina: how many input event records ``inputTimings`` keeps. Default 1000 (at least 1;
    /// lowering it drops the oldest).
    public var inputTimingCapacity: Int {
        get { inputTimingRing.capacity }
        set { inputTimingRing.setCapacity(newValue) }
    }
    private var inputTimingRing = FrameTimingRing<InputTiming>(capacity: 1000)
    /// Input events recorded so far (the last one's number).
    var inputEventCount: UInt64 = 0
    /// The event being handled, and whether a commit made while handling it was handed to
    /// the render server (Window+InputTiming.swift).
    var measuredInput: InputTiming?
    var measuredInputCarried = false
    /// The CSV log `LAMINA_FRAME_TIMING=PATH` asks for.
    private var frameTimingLog: FrameTimingLog?
    /// The on-screen frame-timing display `LAMINA_FRAME_TIMING_OVERLAY=1` asks for.
    private let frameTimingOverlay = FrameTimingOverlay.isRequested ? FrameTimingOverlay() : nil
    /// The display links attached to the window (CADisplayLink.swift).
    var displayLinks = DisplayLinks()
    /// Counters since the window opened.
    public private(set) var statistics = Statistics()
    /// Whether the window shows its current content: it was configured, a frame of the last
    /// commit at the current size was committed, and its frame callback came back with no
    /// animation left to draw and no frame a display link asked for still to draw. Wait for
    /// it with ``settled()`` (on tiling compositors, also for `isSizeFromCompositor`:
    /// ``settled(where:)``) rather than polling.
    public var isSettled: Bool {
        toplevel.configuration != nil && displayedSize == size && displayedGeneration == postedGeneration
            && configuresAnswered == configuresPosted && frameRequestsAnswered == frameRequestsPosted && !isFramePending
            && !renderServerAnimates
    }
    /// Whether the compositor chose the current size (tiling compositors do; floating ones
    /// send 0×0 and let the window use its preferred size).
    public var isSizeFromCompositor: Bool { toplevel.configuration?.isSizeFromCompositor ?? false }
    private var displayedSize: CGSize = .zero
    /// The number of the last update handed to the render server, and of the one shown by the
    /// last displayed frame.
    private var postedGeneration: UInt64 = 0
    private var displayedGeneration: UInt64 = 0
    /// Configures handed to the render server, and how many its commits answered so far.
    private var configuresPosted = 0
    private var configuresAnswered = 0
    /// Frames display links asked for, and how many of them the render server drew so far.
    private var frameRequestsPosted = 0
    private var frameRequestsAnswered = 0
    /// Whether the render server reported, at its last frame callback, that it keeps drawing.
    private var renderServerAnimates = false
    /// Whether the last update needs the main thread for some animation (each displayed frame
    /// then sends a new one).
    private var updateNeedsMainThread = false
    /// The tasks waiting in ``settled()`` (Window+Settling.swift).
    let settleWaiters = SettleWaiters()

    let application: Application
    /// The surface on the current connection (a new one after reconnecting).
    private(set) var toplevel: ToplevelSurface
    /// Title, application ID, size limits and whether it was closed (Window+Management.swift).
    var management: WindowManagementState
    /// The displayed tree: the root layer in a content container, and Lamina's title bar.
    let frame: WindowFrame
    /// The decorations the app asked for, and who draws them now (Window+Decorations.swift).
    var decorationPreference: Decorations
    var currentDecorationMode: DecorationMode = .clientSide
    /// The content size used when the compositor lets the client choose (after reconnecting:
    /// the size the content had).
    private var preferredContentSize: CGSize
    /// Draws and presents the frames on its own thread.
    private(set) var renderServer: SurfaceRenderServer?
    /// Makes the tree displayed (implicit animations run) and drives its animations.
    private let renderContext: CARenderContext
    /// Keyboard focus, hover and capture state (see `Window+Input.swift`).
    let input = WindowInput()
    /// The outputs the surface is on and the compositor's preferred fractional scale.
    private var scaleTracker: SurfaceScaleTracker
    /// Where the compositor offers fractional scales: the surface's scale object.
    private var fractionalScale: WpFractionalScaleV1?
    /// The scale frames are drawn at.
    private var scale = WindowScale.one
    /// The buffer budget the app set (bytes; nil: the default), see Window+BufferBudget.swift.
    var bufferBudgetSetting: Int?

    /// The scale factor of the window's backing store: device pixels per point, that of the
    /// outputs the window is on (the largest integer `wl_output` scale, or the compositor's
    /// preferred fractional scale where it offers `wp_fractional_scale_v1` and
    /// `wp_viewporter`), 1…8. Default 1 until the compositor tells. Sizes and pointer
    /// coordinates stay in points.
    public var backingScaleFactor: CGFloat { CGFloat(scale.factor) }

    /// Opens a window with a title and a preferred content size (used when the compositor lets
    /// the client choose; Lamina's title bar comes on top of it). The root layer is a plain
    /// `CALayer` unless one is given. `decorations` says which decorations the app wants
    /// (default: the compositor's where offered, else Lamina's).
    ///
    /// Throws ``LaminaError/invalidArgument(_:)`` for a preferred size outside 1…16384 points
    /// on a side, and the application's connection errors.
    public convenience init(
        application: Application, title: String, appID: String = "org.lamina.app",
        preferredSize: CGSize = CGSize(width: 800, height: 600), rootLayer: CALayer = CALayer(),
        decorations: Decorations = .automatic
    ) throws(LaminaError) {
        do {
            try self.init(
                opening: application, title: title, appID: appID, preferredSize: preferredSize, rootLayer: rootLayer,
                decorations: decorations)
        } catch {
            throw LaminaError(error)
        }
    }

    private init(
        opening application: Application, title: String, appID: String, preferredSize: CGSize, rootLayer: CALayer,
        decorations: Decorations
    ) throws(WaylandError) {
        guard preferredSize.width >= 1, preferredSize.height >= 1,
            preferredSize.width <= CGFloat(ShmBufferPool.maximumDimension),
            preferredSize.height <= CGFloat(ShmBufferPool.maximumDimension)
        else {
            throw .invalidValue("a window's preferred size must be 1...\(ShmBufferPool.maximumDimension) on each side, not \(preferredSize)")
        }
        self.application = application
        self.rootLayer = rootLayer
        management = WindowManagementState(title: title, appID: appID)
        preferredContentSize = preferredSize
        decorationPreference = decorations
        frame = WindowFrame(rootLayer: rootLayer)
        renderContext = CARenderContext(rootLayer: frame.root)
        // The root has the preferred size until the first configure, so a scene built before
        // it (autoresizing masks, layout) is laid out against that size and then follows the
        // window.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: preferredSize)
        frame.layout(size: preferredSize, showsTitleBar: false, isActive: true, isMaximized: false, tiledEdges: [])
        frame.setTitle(title)
        CATransaction.commit()
        let surface = try Self.makeSurface(
            application: application, title: title, appID: appID, preferredSize: preferredSize, decorations: decorations)
        toplevel = surface.toplevel
        fractionalScale = surface.fractionalScale
        scaleTracker = SurfaceScaleTracker(canUseViewport: surface.viewport != nil)
        try startRendering(viewport: surface.viewport)
        scale = scaleTracker.scale(outputs: application.outputScales)
        renderContext.contentsScale = CGFloat(scale.factor)
        if case .csv(let path) = FrameTimingLog.Mode.fromEnvironment {
            frameTimingLog = FrameTimingLog(path: FrameTimingLog.nextPath(for: path))
        }
        application.register(self)
        application.scheduleFlush()
    }

    /// The Wayland objects of a window's surface on one connection.
    struct Surface {
        var toplevel: ToplevelSurface
        var viewport: WpViewport?
        var fractionalScale: WpFractionalScaleV1?
    }

    /// Creates the window's surface, its toplevel role and, where the compositor offers
    /// fractional scales, its viewport and scale object.
    static func makeSurface(
        application: Application, title: String, appID: String, preferredSize: CGSize, decorations: Decorations
    ) throws(WaylandError) -> Surface {
        let toplevel = try ToplevelSurface(
            compositor: application.compositor, shell: application.shell, decorations: application.decorations,
            requestedDecorationMode: decorations == .automatic ? .serverSide : .clientSide,
            title: title, appID: appID, preferredSize: (Int(preferredSize.width), Int(preferredSize.height)))
        guard let viewporter = application.viewporter, let manager = application.fractionalScale else {
            return Surface(toplevel: toplevel)
        }
        return Surface(
            toplevel: toplevel, viewport: try viewporter.getViewport(surface: toplevel.surface),
            fractionalScale: try manager.getFractionalScale(surface: toplevel.surface))
    }

    /// Starts the render server on the current surface and follows the surface's events.
    func startRendering(viewport: WpViewport?) throws(WaylandError) {
        surfaceGeneration += 1
        let generation = surfaceGeneration
        renderServer = try SurfaceRenderServer(
            connection: application.connection, surface: toplevel.surface, shm: application.shm,
            presentation: application.presentation?.presentation,
            presentationClock: application.presentation?.clockID, viewport: viewport
        ) { [weak self] event in
            // What the render server of a surface let go of reports late is not this surface's.
            guard let self, surfaceGeneration == generation else { return }
            handle(event)
        }
        // What this window's tree commits (on any thread) is drawn in its next frame.
        renderContext.commitObserver = { [weak self] in self?.setNeedsRender() }
        toplevel.surface.onEvent = { [weak self] event in
            MainActor.assumeIsolated { self?.surfaceEvent(event) }
        }
        fractionalScale?.onEvent = { [weak self] event in
            guard case .preferredScale(let numerator) = event else { return }
            MainActor.assumeIsolated { self?.preferredFractionalScale(numerator) }
        }
        // Frames wait from the acknowledgement until the configure's layout is posted.
        toplevel.willAcknowledgeConfigure = { [weak self] in
            MainActor.assumeIsolated { self?.renderServer?.mailbox.configureAcknowledged() }
        }
        toplevel.onConfigure = { [weak self] configuration in
            MainActor.assumeIsolated { self?.configure(configuration) }
        }
        toplevel.onClose = { [weak self] in
            MainActor.assumeIsolated { self?.closeRequested() }
        }
        toplevel.onDiagnostic = { message in
            Window.writeDiagnostic(message)
        }
    }

    /// The connection closed: the render server stops (its thread ends) and the frame waiting
    /// for a callback will not get one. (Input is reset as the seats go: SeatInput.swift.)
    func connectionWillClose() {
        renderServer?.stop()
        renderServer = nil
        framesLostWithConnection = statistics.committedFrames - statistics.frameCallbacks
        displayedSize = .zero
        renderServerAnimates = false
    }

    /// Shows the window on the application's new connection: a new surface with the window's
    /// title, application ID, size, size limits, decorations and fullscreen or maximised
    /// state, and a render server that
    /// draws the whole tree into new buffers at the first configure.
    func reconnect() throws(WaylandError) {
        preferredContentSize = rootLayer.bounds.size.width >= 1 && rootLayer.bounds.size.height >= 1
            ? rootLayer.bounds.size : preferredContentSize
        let wasFullscreen = toplevel.configuration?.isFullscreen ?? false
        let wasMaximized = toplevel.configuration?.isMaximized ?? false
        let surface = try Self.makeSurface(
            application: application, title: management.title, appID: management.appID,
            preferredSize: preferredContentSize, decorations: decorationPreference)
        toplevel = surface.toplevel
        fractionalScale = surface.fractionalScale
        scaleTracker = SurfaceScaleTracker(canUseViewport: surface.viewport != nil)
        // The new render server counts its updates, configures and frame requests from zero.
        postedGeneration = 0
        displayedGeneration = 0
        configuresPosted = 0
        configuresAnswered = 0
        frameRequestsPosted = 0
        frameRequestsAnswered = 0
        try startRendering(viewport: surface.viewport)
        if management.minimumSize != .zero { minimumSize = management.minimumSize }
        if management.maximumSize != .zero { maximumSize = management.maximumSize }
        if wasFullscreen { setFullscreen(true) } else if wasMaximized { setMaximized(true) }
        updateMainThreadAnimates()
        // The whole tree, with its animations at their absolute times, for the new renderer.
        setNeedsRender()
    }

    /// Counts the surfaces made for the window: events of an older one's render server are
    /// ignored.
    private var surfaceGeneration = 0
    /// Frames committed on a connection that closed before their callbacks came.
    private var framesLostWithConnection = 0

    /// The protocol ID of the window's surface (pointer events name it).
    var surfaceID: UInt32 { toplevel.surface.objectID }

    /// Whether a committed frame's callback is outstanding.
    public var isFramePending: Bool {
        statistics.committedFrames > statistics.frameCallbacks + framesLostWithConnection
    }

    func configure(_ configuration: ToplevelSurface.Configuration) {
        // The resized tree and the configure go to the render server in one step: one frame
        // answers both.
        isConfiguring = true
        configureUpdate = nil
        let oldSize = size
        defer {
            isConfiguring = false
            configureUpdate = nil
            // Told once the resized tree went to the render server: what the delegate
            // changes is a commit of its own.
            if size != oldSize { didResize() }
        }
        let (width, height) = applyConfiguration(configuration)
        // Every configure is answered by a commit, even when the size is unchanged and even
        // while a frame callback is pending (a hidden window gets none).
        guard let renderServer else { return }
        let generation = renderServer.mailbox.postConfigure(
            width: width, height: height, scale: scale, budget: bufferBudget,
            update: configureUpdate, background: backgroundColor,
            commitTimes: configureUpdate.map { _ in
                RenderServerMailbox.CommitTimes(begin: CATransaction.commitBeginTime, end: CACurrentMediaTime())
            })
        if configureUpdate != nil { postedGeneration = generation }
        configuresPosted += 1
    }

    /// Lays the window out for a configuration: who draws the decorations, the surface's size
    /// (where the compositor leaves a side to the client, the preferred content plus Lamina's
    /// title bar), the frame and the root layer. Returns the surface's size in points.
    @discardableResult
    func applyConfiguration(_ configuration: ToplevelSurface.Configuration) -> (width: Int, height: Int) {
        let mode = decorationMode(for: configuration)
        currentDecorationMode = mode
        let showsTitleBar = mode == .clientSide
        let barHeight = WindowFrame.decorationHeight(showsTitleBar: showsTitleBar)
        let limit = ShmBufferPool.maximumDimension
        // A size beyond the buffer budget is refused (Window+BufferBudget.swift).
        let (width, height) = sizeWithinBudget(
            width: configuration.isWidthFromCompositor ? configuration.width : min(limit, Int(preferredContentSize.width)),
            height: configuration.isHeightFromCompositor
                ? configuration.height : min(limit, Int(preferredContentSize.height) + Int(barHeight)))
        let newSize = CGSize(width: width, height: height)
        size = newSize
        // The tree follows the window at once: a resize is not animated.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        frame.layout(
            size: newSize, showsTitleBar: showsTitleBar, isActive: configuration.isActivated,
            isMaximized: configuration.isMaximized, tiledEdges: configuration.tiledEdges)
        let content = CGRect(x: 0, y: 0, width: newSize.width, height: max(0, newSize.height - barHeight))
        if rootLayer.frame != content { rootLayer.frame = content }
        // The layout the new size causes (layout managers, `layoutSublayers()`) runs here,
        // with actions disabled: the commit's own layout pass would run after this
        // transaction's values are gone, and animate it.
        frame.root.layoutIfNeeded()
        CATransaction.commit()
        // The commit observer hands the changed tree to the render server.
        CATransaction.flush()
        return (width, height)
    }

    /// While a configure is handled, the update its commit made (posted with the configure).
    private var isConfiguring = false
    private var configureUpdate: CARenderUpdate?

    /// An output's scale changed (or an output came or went): frames are drawn at the scale
    /// that makes for this window.
    func outputScaleChanged() {
        scaleTracker.forgetOutputs(notIn: application.outputScales)
        updateScale()
    }

    private func surfaceEvent(_ event: WlSurface.Event) {
        switch event {
        case .enter(let output):
            if let message = scaleTracker.enter(output, known: application.outputScales) { diagnose(message) }
        case .leave(let output):
            scaleTracker.leave(output)
        case .preferredBufferScale(let factor):
            if let message = scaleTracker.setPreferredBufferScale(factor) { diagnose(message) }
        case .preferredBufferTransform:
            return  // buffers are drawn untransformed
        }
        updateScale()
    }

    private func preferredFractionalScale(_ numerator: UInt32) {
        if let message = scaleTracker.setPreferred(numerator: numerator) { diagnose(message) }
        updateScale()
    }

    /// Draws the next frames at the scale the outputs and the compositor's preference make.
    private func updateScale() {
        let newScale = scaleTracker.scale(outputs: application.outputScales)
        guard newScale != scale else { return }
        scale = newScale
        // Backing stores of layers that follow the window's scale are drawn again at it.
        renderContext.contentsScale = CGFloat(newScale.factor)
        renderServer?.mailbox.postScale(newScale)
        didChangeBackingScale()
    }

    /// Reports compositor input that was corrected or ignored, on standard error.
    func diagnose(_ message: String) {
        Window.writeDiagnostic(message)
    }

    private static func writeDiagnostic(_ message: String) {
        FileHandle.standardError.write(Data("lamina: \(message)\n".utf8))
    }

    /// Keeps an input event's complete record and reports it.
    func inputTimingCompleted(_ input: InputTiming) {
        inputTimingRing.append(input)
        frameTimingLog?.add(input)
        didCompleteInput(input)
        if FrameTimingLog.Mode.fromEnvironment == .lines {
            FileHandle.standardError.write(Data((input.logLine + "\n").utf8))
        }
    }

    /// Hands the committed tree and its animations to the render server.
    func setNeedsRender() {
        application.accessibility.setNeedsUpdate()
        guard let renderServer else { return }
        let update = renderContext.makeRenderUpdate(at: CACurrentMediaTime())
        updateNeedsMainThread = update.needsMainThreadEvaluation
        updateMainThreadAnimates()
        contentCommittedUnderPointer()
        if isConfiguring {
            configureUpdate = update
            return
        }
        // The first commit made while handling an input event carries it to the frame.
        var inputs: [InputTiming] = []
        if let measuredInput, !measuredInputCarried {
            inputs = [measuredInput]
            measuredInputCarried = true
        }
        postedGeneration = renderServer.mailbox.post(
            update, background: backgroundColor,
            commitTimes: RenderServerMailbox.CommitTimes(begin: CATransaction.commitBeginTime, end: CACurrentMediaTime()),
            inputs: inputs)
    }

    /// Tells the render server whether the main thread keeps asking for frames (a display
    /// link is active, or an animation needs the main thread), so the time between those
    /// frames does not count as idle.
    func updateMainThreadAnimates() {
        renderServer?.mailbox.setMainThreadAnimates(displayLinks.wantsFrames || updateNeedsMainThread)
    }

    /// Asks the render server for one more frame, even when nothing changed (a display link
    /// is running).
    func requestFrame() {
        guard let renderServer else { return }
        frameRequestsPosted = renderServer.mailbox.requestFrame()
    }

    /// Stops the render server (the application closes or the window goes away).
    func stopRendering() {
        renderServer?.stop()
        renderServer = nil
        frameTimingLog?.finish()
        displayLinks.windowClosed()
        settleWaiters.fail(with: LaminaError.windowClosed)
    }

    private func handle(_ event: SurfaceRenderServer.Event) {
        // Commits and frame callbacks are what settle a window.
        defer { resumeSettledWaiters() }
        switch event {
        case .committed(_, _, _, let answered, let requestsAnswered):
            statistics.committedFrames += 1
            configuresAnswered = answered
            frameRequestsAnswered = requestsAnswered
        case .frameDone(let generation, let width, let height, let isAnimating, let clock):
            statistics.frameCallbacks += 1
            displayedSize = CGSize(width: width, height: height)
            displayedGeneration = generation
            renderServerAnimates = isAnimating
            frameShown()
            refreshHoverAfterFrame(animating: isAnimating || renderContext.hasRunningAnimations)
            fireDisplayLinks(clock)
            didDisplayFrame()
        case .presented(let result):
            switch result {
            case .presented: statistics.presentedFrames += 1
            case .discarded: statistics.discardedFrames += 1
            }
            onPresentation?(FrameTiming.Presentation(compositorReport: result))
        case .frameTiming(let timing, let inputs):
            for input in inputs { inputTimingCompleted(input) }
            frameTimingRing.append(timing)
            frameTimingLog?.add(timing)
            frameTimingOverlay?.add(timing, to: rootLayer)
            didCompleteFrame(timing)
            if FrameTimingLog.Mode.fromEnvironment == .lines {
                FileHandle.standardError.write(Data((timing.logLine + "\n").utf8))
            }
        case .eventsRead:
            application.dispatchPendingEvents()
        case .failed(let error):
            application.fail(error)
        case .renderError(let message):
            FileHandle.standardError.write(Data("lamina: cannot render the window: \(message)\n".utf8))
        }
    }

    /// A frame reached the screen: animations that started or ended tell their delegates,
    /// finished ones are removed and due completion blocks run (what a delegate or block
    /// commits reaches the render server as any commit does). When an animation needs the
    /// main thread, the render server gets a new update for the next frame. (Removing a
    /// finished animation changes nothing drawn: the render server's copy no longer applies.)
    private func frameShown() {
        guard renderContext.hasRunningAnimations || updateNeedsMainThread || renderServerAnimates else { return }
        renderContext.advanceAnimations(to: CACurrentMediaTime())
        if updateNeedsMainThread { setNeedsRender() }
    }

    // MARK: - Pointer events

    /// The model layer whose presentation is at `location` (content coordinates: the root
    /// layer's superlayer space), if any.
    public func layer(at location: CGPoint) -> CALayer? {
        rootLayer.presentation()?.hitTest(location)?.model()
    }

    /// Runs input handling with one evaluation of the presentation tree (the current media
    /// time), so hit testing and handlers see what was drawn. Input routing is in
    /// `Window+Input.swift`.
    func withInputPresentationTime(_ body: () -> Void) {
        renderContext.withPresentationTime(CACurrentMediaTime(), body)
    }
}
