import Dispatch
import Foundation
import QuartzCore
import Wayland

/// A desktop window (an `xdg_toplevel`) that shows a layer tree.
///
/// The root layer's frame follows the window's size, and the tree is *displayed* (a
/// `CARenderContext`): property changes run implicit animations, as on Apple platforms.
/// Frames are rendered when a committed `CATransaction` changed the tree and, while
/// animations run, at every frame callback (each frame shows the presentation tree at the
/// media time it is drawn). Paced by the compositor's frame callbacks: while nothing changes
/// or animates, no frame callback is requested and the process sleeps. Pointer events
/// are hit-tested on the presentation tree (what was drawn) and delivered to `onPointerEvent`,
/// then to the hit layer and its superlayers that adopt `PointerEventHandling`.
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

    /// The layer tree's root; its frame is the window's bounds.
    public let rootLayer: CALayer
    /// The current size in surface coordinates; zero until the first configure.
    public private(set) var size: CGSize = .zero
    /// Called for every pointer event in the window, before it goes to the layers. Default: nil.
    public var onPointerEvent: ((PointerEvent) -> Void)?
    /// Called when the compositor asks the window to close. Default: exit the process (status 0).
    public var onClose: () -> Void = { exit(0) }
    /// Called after each frame callback that follows a committed frame (the frame is on screen
    /// or about to be). Default: nil.
    public var onFrameDisplayed: ((Statistics) -> Void)?
    /// Called with each presentation result, when the compositor supports `wp_presentation`.
    public var onPresentation: ((PresentationResult) -> Void)?
    /// Counters since the window opened.
    public private(set) var statistics = Statistics()
    /// Whether the window shows its current content: it was configured, a frame at the current
    /// size was committed, and its frame callback came back with nothing left to draw. Tests
    /// and screenshots wait for this (on tiling compositors, also for `isSizeFromCompositor`).
    public var isSettled: Bool {
        toplevel.configuration != nil && displayedSize == size && !needsRender && !toplevel.isFramePending
    }
    /// Whether the compositor chose the current size (tiling compositors do; floating ones
    /// send 0×0 and let the window use its preferred size).
    public var isSizeFromCompositor: Bool { toplevel.configuration?.isSizeFromCompositor ?? false }
    private var renderedSize: CGSize = .zero
    private var displayedSize: CGSize = .zero

    private let application: Application
    private let toplevel: ToplevelSurface
    private let pool: ShmBufferPool
    private let renderer = CALayerCompositor()
    /// Makes the tree displayed (implicit animations run) and drives its animations.
    private let renderContext: CARenderContext
    private var needsRender = false
    /// Keyboard focus, hover and capture state (see `Window+Input.swift`).
    let input = WindowInput()

    /// Opens a window with a title and a preferred size (used when the compositor lets the
    /// client choose). The root layer is a plain `CALayer` unless one is given.
    public init(
        application: Application, title: String, appID: String = "org.lamina.app",
        preferredSize: CGSize = CGSize(width: 800, height: 600), rootLayer: CALayer = CALayer()
    ) throws(WaylandError) {
        guard preferredSize.width >= 1, preferredSize.height >= 1,
            preferredSize.width <= CGFloat(ShmBufferPool.maximumDimension),
            preferredSize.height <= CGFloat(ShmBufferPool.maximumDimension)
        else {
            throw .invalidValue("a window's preferred size must be 1...\(ShmBufferPool.maximumDimension) on each side, not \(preferredSize)")
        }
        self.application = application
        self.rootLayer = rootLayer
        renderContext = CARenderContext(rootLayer: rootLayer)
        toplevel = try ToplevelSurface(
            compositor: application.compositor, shell: application.shell, decorations: application.decorations,
            title: title, appID: appID, preferredSize: (Int(preferredSize.width), Int(preferredSize.height)))
        pool = try ShmBufferPool(shm: application.shm)
        toplevel.onConfigure = { [weak self] configuration in
            MainActor.assumeIsolated { self?.configure(configuration) }
        }
        toplevel.onClose = { [weak self] in
            MainActor.assumeIsolated { self?.onClose() }
        }
        pool.onBufferReleased = { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.needsRender else { return }
                self.setNeedsRender()
            }
        }
        toplevel.onDiagnostic = { message in
            FileHandle.standardError.write(Data("lamina: \(message)\n".utf8))
        }
        application.register(self)
        application.scheduleFlush()
    }

    /// The protocol ID of the window's surface (pointer events name it).
    var surfaceID: UInt32 { toplevel.surface.objectID }

    /// Whether a frame callback is outstanding.
    public var isFramePending: Bool { toplevel.isFramePending }

    private func configure(_ configuration: ToplevelSurface.Configuration) {
        let newSize = CGSize(width: configuration.width, height: configuration.height)
        let committedBefore = statistics.committedFrames
        if newSize != size {
            size = newSize
            // The root follows the window at once: a resize is not animated.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            rootLayer.frame = CGRect(origin: .zero, size: newSize)
            CATransaction.commit()
            // The commit observer renders the resized tree.
            CATransaction.flush()
        }
        // Every configure is answered by a commit, even when the size is unchanged and even
        // while a frame callback is pending (a hidden window gets none); when the flush above
        // already rendered one, that frame is the answer.
        if statistics.committedFrames == committedBefore {
            needsRender = true
            renderFrame()
        }
    }

    /// Marks the window as needing a new frame; it is drawn now if no frame callback is
    /// pending, else when the callback arrives.
    func setNeedsRender() {
        needsRender = true
        guard toplevel.configuration != nil, !toplevel.isFramePending else { return }
        renderFrame()
    }

    private func renderFrame() {
        let width = Int(size.width), height = Int(size.height)
        guard width > 0, height > 0 else { return }
        do {
            // With every buffer held, the frame waits for a release (`onBufferReleased`).
            guard let buffer = try pool.freeBuffer(width: width, height: height) else { return }
            needsRender = false
            let now = CACurrentMediaTime()
            renderContext.advanceAnimations(to: now)
            let tree = renderContext.makeRenderTree(at: now)
            try buffer.withPixels { pixels in
                try renderer.render(tree, into: pixels, width: width, height: height, bytesPerRow: buffer.stride)
            }
            let surface = toplevel.surface
            try surface.attach(buffer: buffer.buffer, x: 0, y: 0)
            buffer.markAttached()
            try surface.damageBuffer(x: 0, y: 0, width: Int32(width), height: Int32(height))
            try toplevel.requestFrame { [weak self] _ in
                MainActor.assumeIsolated { self?.frameDone() }
            }
            if let presentation = application.presentation {
                try presentation.feedback(for: surface) { [weak self] result in
                    MainActor.assumeIsolated { self?.presented(result) }
                }
            }
            try surface.commit()
            renderedSize = CGSize(width: width, height: height)
            statistics.committedFrames += 1
            // While animations run, every frame callback draws the next frame.
            if renderContext.hasRunningAnimations { needsRender = true }
            application.scheduleFlush()
        } catch let error as WaylandError {
            application.fail(error)
        } catch {
            FileHandle.standardError.write(Data("lamina: cannot render the window: \(error)\n".utf8))
        }
    }

    private func frameDone() {
        statistics.frameCallbacks += 1
        displayedSize = renderedSize
        onFrameDisplayed?(statistics)
        if needsRender { renderFrame() }
    }

    private func presented(_ result: PresentationResult) {
        switch result {
        case .presented: statistics.presentedFrames += 1
        case .discarded: statistics.discardedFrames += 1
        }
        onPresentation?(result)
    }

    // MARK: - Pointer events

    /// The model layer whose presentation is at `location` (window coordinates), if any.
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
