import Foundation
import QuartzCore
internal import Wayland

/// What a secondary surface of an application (a popup) needs to present a layer tree: the
/// tree made displayed by a render context, a render server drawing its frames on the
/// surface, and the bookkeeping that says whether what is on screen is current.
///
/// Configures go to the render server with the update their layout made, in one step, so one
/// frame answers both; every later commit of the tree is posted as it happens. Frames are
/// drawn at the integer scale of the outputs the surface is on.
@MainActor
final class LayerSurfacePresenter {
    /// The displayed tree's root.
    let root: CALayer
    /// The colour behind the tree (nil: transparent).
    var background: CGColor? {
        didSet { if background != oldValue { setNeedsRender() } }
    }
    /// Frames committed and frame callbacks received.
    private(set) var committedFrames = 0
    private(set) var frameCallbacks = 0
    private let application: Application
    private let renderContext: CARenderContext
    private var renderServer: SurfaceRenderServer?
    private let scaleTracker = SurfaceScaleTracker(canUseViewport: false)
    private var scale = WindowScale.one
    private var size: (width: Int, height: Int)?
    private var displayedSize: (width: Int, height: Int)?
    private var postedGeneration: UInt64 = 0
    private var displayedGeneration: UInt64 = 0
    private var configuresPosted = 0
    private var configuresAnswered = 0
    private var renderServerAnimates = false
    private var updateNeedsMainThread = false
    private var isConfiguring = false
    private var configureUpdate: CARenderUpdate?
    /// Called after each commit of the tree (what is under the pointer may have changed).
    var onCommitted: (() -> Void)?
    /// Called when a frame was shown, with whether something animates.
    var onFrameShown: ((_ animating: Bool) -> Void)?

    /// Starts presenting `root` on `surface` (nothing is drawn before the first configure).
    init(application: Application, surface: WlSurface, root: CALayer, background: CGColor?) throws(WaylandError) {
        self.application = application
        self.root = root
        self.background = background
        renderContext = CARenderContext(rootLayer: root)
        scale = scaleTracker.scale(outputs: application.outputScales)
        renderContext.contentsScale = CGFloat(scale.factor)
        renderServer = try SurfaceRenderServer(
            connection: application.connection, surface: surface, shm: application.shm,
            presentation: nil, presentationClock: nil, viewport: nil
        ) { [weak self] event in
            self?.handle(event)
        }
        // What this surface's tree commits (on any thread) is drawn in its next frame.
        renderContext.commitObserver = { [weak self] in self?.setNeedsRender() }
        surface.onEvent = { [weak self] event in
            MainActor.assumeIsolated { self?.surfaceEvent(event) }
        }
    }

    /// Whether the surface shows its current content: configured, the last commit drawn at
    /// the current size and its frame callback back, nothing animating.
    var isSettled: Bool {
        guard let size, let displayedSize else { return false }
        return size == displayedSize && displayedGeneration == postedGeneration && configuresAnswered == configuresPosted
            && committedFrames == frameCallbacks && !renderServerAnimates
    }

    /// The budget the surface's buffers keep to: a window's default (scales beyond it draw at 1).
    var bufferBudget: BufferMemoryBudget {
        .standard(largestOutputPixels: application.outputScales.largestPixelCount)
    }

    /// Answers a configure: `layout` lays the tree out for `width`×`height` points (without
    /// animating), and the resulting update goes to the render server with the size, so one
    /// frame answers both.
    func configure(width: Int, height: Int, layout: () -> Void) {
        isConfiguring = true
        configureUpdate = nil
        defer {
            isConfiguring = false
            configureUpdate = nil
        }
        size = (width, height)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layout()
        CATransaction.commit()
        CATransaction.flush()
        guard let renderServer else { return }
        let generation = renderServer.mailbox.postConfigure(
            width: width, height: height, scale: scale, budget: bufferBudget, update: configureUpdate, background: background)
        if configureUpdate != nil { postedGeneration = generation }
        configuresPosted += 1
    }

    /// Hands the committed tree and its animations to the render server.
    func setNeedsRender() {
        application.accessibility.setNeedsUpdate()
        guard let renderServer else { return }
        let update = renderContext.makeRenderUpdate(at: CACurrentMediaTime())
        updateNeedsMainThread = update.needsMainThreadEvaluation
        renderServer.mailbox.setMainThreadAnimates(updateNeedsMainThread)
        onCommitted?()
        if isConfiguring {
            configureUpdate = update
            return
        }
        postedGeneration = renderServer.mailbox.post(update, background: background)
    }

    /// Runs `body` with one evaluation of the presentation tree (the current media time), so
    /// hit testing and handlers see what was drawn.
    func withPresentationTime(_ body: () -> Void) {
        renderContext.withPresentationTime(CACurrentMediaTime(), body)
    }

    /// Stops the render server; the tree is no longer displayed.
    func stop() {
        renderServer?.stop()
        renderServer = nil
        renderContext.invalidate()
    }

    /// An output's scale changed, or an output came or went.
    func outputScaleChanged() {
        scaleTracker.forgetOutputs(notIn: application.outputScales)
        updateScale()
    }

    /// Follows the outputs the surface enters and leaves (other events are for windows).
    private func surfaceEvent(_ event: WlSurface.Event) {
        if case .enter(let output) = event, let message = scaleTracker.enter(output, known: application.outputScales) {
            FileHandle.standardError.write(Data("lamina: \(message)\n".utf8))
        } else if case .leave(let output) = event {
            scaleTracker.leave(output)
        }
        updateScale()
    }

    private func updateScale() {
        let newScale = scaleTracker.scale(outputs: application.outputScales)
        guard newScale != scale else { return }
        scale = newScale
        renderContext.contentsScale = CGFloat(newScale.factor)
        renderServer?.mailbox.postScale(newScale)
    }

    private func handle(_ event: SurfaceRenderServer.Event) {
        switch event {
        case .committed(_, _, _, let answered, _):
            committedFrames += 1
            configuresAnswered = answered
        case .frameDone(let generation, let width, let height, let isAnimating, _):
            frameCallbacks += 1
            displayedSize = (width, height)
            displayedGeneration = generation
            renderServerAnimates = isAnimating
            onFrameShown?(isAnimating || renderContext.hasRunningAnimations)
            guard renderContext.hasRunningAnimations || updateNeedsMainThread || isAnimating else { return }
            renderContext.advanceAnimations(to: CACurrentMediaTime())
            if updateNeedsMainThread { setNeedsRender() }
        case .presented, .frameTiming:
            break
        case .eventsRead:
            application.dispatchPendingEvents()
        case .failed(let error):
            application.fail(error)
        case .renderError(let message):
            FileHandle.standardError.write(Data("lamina: cannot render a popup: \(message)\n".utf8))
        }
    }
}
