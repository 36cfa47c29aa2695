import Foundation
import QuartzCore
internal import Wayland

/// A short-lived surface above a window — a menu, a tooltip, a picker — that the compositor
/// places next to a rectangle of one of the window's layers (an `xdg_popup`).
///
/// A popup has a layer tree of its own, presented by a render server of its own: changes
/// animate implicitly, as in a window, and pointer events are hit-tested on its presentation
/// tree and delivered to ``onPointerEvent`` and up from the hit layer through layers adopting
/// `PointerEventHandling`. Create it, build its tree, then show it with
/// `Window.showPopup(_:relativeTo:of:grabsInput:)` (or, for a submenu, the same method of a
/// shown popup). The compositor says where it goes: the popup may be flipped, slid or shrunk
/// to stay on screen (``Placement``), and ``frame`` tells where it went.
///
/// A menu *grabs* the input: it gets the keyboard, and is dismissed when the user presses
/// outside it — the compositor dismisses it for a press on another application, Lamina for a
/// press on the application's own windows — which ``onDismiss`` reports. A popup closed by the
/// app (``close()``) or with its window reports nothing. A closed popup can be shown again.
///
/// ```swift
/// let menu = Popup(contentSize: CGSize(width: 160, height: 90))
/// menu.rootLayer.addSublayer(items)
/// window.onPointerEvent = { event in
///     guard case .pressed(0x111) = event.kind else { return }    // right button
///     let point = CGRect(origin: event.location, size: CGSize(width: 1, height: 1))
///     try? window.showPopup(menu, relativeTo: point, of: window.rootLayer, grabsInput: true)
/// }
/// menu.onDismiss = { print("dismissed") }
/// ```
@MainActor
public final class Popup {
    /// The popup's layer tree; its frame is the popup's bounds (the content size until the
    /// compositor configures the popup, then the size it gives).
    public let rootLayer: CALayer
    /// The size the popup asks for, in points. Used by the next show or reposition.
    public var contentSize: CGSize
    /// Where the popup goes relative to the rectangle it is shown next to. Used by the next
    /// show or reposition. Default: dropped down from the rectangle's lower-left corner,
    /// flipped and slid to stay on screen.
    public var placement = Placement()
    /// The colour behind the root layer, where the tree leaves it transparent. Default opaque
    /// white; nil leaves those pixels transparent.
    public var backgroundColor: CGColor? = .white {
        didSet { shown?.presenter.background = backgroundColor }
    }
    /// Where the compositor placed the popup, in its parent's content coordinates (those of the
    /// parent's root layer's superlayer, as pointer locations are). Zero until the first
    /// configure.
    public private(set) var frame: CGRect = .zero
    /// Called when the popup is dismissed rather than closed by the app: by the compositor (a
    /// click on another application while it grabs, its parent going away), or — for a
    /// grabbing popup — by a press anywhere in the application outside it and its submenus
    /// (that press is not delivered). The popup is closed by then (and its child popups
    /// first). Not called for ``close()``. Default nil.
    public var onDismiss: (() -> Void)?
    /// Called each time the compositor places the popup — when it is first shown and after
    /// every reposition or change of the compositor's — with its new ``frame``, once the root
    /// layer has the new size. Default nil.
    public var onPlaced: ((CGRect) -> Void)?
    /// Called for every pointer event in the popup, before it goes to the layers. Default nil.
    public var onPointerEvent: ((PointerEvent) -> Void)?
    /// Called for every key event while the popup has the keyboard focus (a grabbing popup
    /// has it), before it goes to the layers. Default nil.
    public var onKeyEvent: ((KeyEvent) -> Void)? {
        get { input.onKeyEvent }
        set { input.onKeyEvent = newValue }
    }
    /// The layer key events are offered to first; they bubble up from it through layers
    /// adopting `KeyEventHandling`. Default: the root layer (also when the layer set here is
    /// no longer in the popup's tree). Held weakly.
    public var focusedLayer: CALayer {
        get {
            guard let layer = input.focusedLayer, Self.layer(layer, isIn: rootLayer) else { return rootLayer }
            return layer
        }
        set { input.focusedLayer = newValue }
    }

    /// The whole surface: holds the root layer at its origin.
    let surfaceRoot = CALayer()
    /// Pointer and key state, as a window keeps it.
    let input = WindowInput()
    /// The popup's surface, presenter and parent while it is shown.
    private(set) var shown: Shown?
    /// Whether the popup holds a grab (a menu).
    private(set) var grabsInput = false

    /// What a shown popup has.
    struct Shown {
        let surface: PopupSurface
        let presenter: LayerSurfacePresenter
        unowned let parent: PopupParent
        let application: Application
        /// The rectangle it was shown next to, in the layer's coordinates.
        var anchorRect: CGRect
        weak var anchorLayer: CALayer?
    }

    /// Creates a popup (not shown yet) of `contentSize` points whose root layer is a plain
    /// `CALayer` unless one is given.
    public init(contentSize: CGSize, rootLayer: CALayer = CALayer()) {
        self.contentSize = contentSize
        self.rootLayer = rootLayer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        surfaceRoot.addSublayer(rootLayer)
        if Self.isUsable(contentSize) {
            surfaceRoot.frame = CGRect(origin: .zero, size: contentSize)
            rootLayer.frame = surfaceRoot.bounds
        }
        CATransaction.commit()
    }

    /// Whether the popup is shown (from the show until it is closed or dismissed).
    public var isShown: Bool { shown != nil }

    /// Whether the popup shows its current content: configured, its last change drawn and on
    /// screen, nothing animating. Tests and screenshots wait for this.
    public var isSettled: Bool { shown?.presenter.isSettled ?? false }

    /// The popups shown with this popup as their parent (submenus), oldest first.
    public var popups: [Popup] { shown?.application.popups.filter { $0.shown?.parent === self } ?? [] }

    /// The model layer whose presentation is at `location` (surface coordinates: the root
    /// layer's superlayer space), if any.
    public func layer(at location: CGPoint) -> CALayer? {
        rootLayer.presentation()?.hitTest(location)?.model()
    }

    /// Shows `popup` next to `rect` (in `layer`'s coordinates; `layer` is in this popup's
    /// tree) — a submenu. `grabsInput` as for a window's; a grabbing submenu needs a grabbing
    /// parent.
    public func showPopup(
        _ popup: Popup, relativeTo rect: CGRect, of layer: CALayer, grabsInput: Bool = false
    ) throws(PopupError) {
        guard isShown else { throw .parentNotShown }
        if grabsInput, !self.grabsInput { throw .parentDoesNotGrab }
        try popup.show(parent: self, relativeTo: rect, of: layer, grabsInput: grabsInput)
    }

    /// Closes the popup: its child popups first, then its frames stop and its surface
    /// disappears. ``onDismiss`` is not called. Does nothing when it is not shown.
    public func close() {
        guard let shown else { return }
        for child in popups.reversed() { child.close() }
        self.shown = nil
        shown.presenter.stop()
        shown.surface.destroyRole()
        shown.application.unregister(self)
        shown.application.scheduleFlush()
        input.hovered = []
        input.captured = nil
        input.pressedButtons = []
        input.pointerLocation = nil
        // The pointer that was over the popup is over its parent now.
        shown.application.popupClosed(self, frame: frame, parent: shown.parent)
        grabsInput = false
    }

    /// Asks the compositor to place the shown popup again, next to `rect` of `layer`, with the
    /// current ``contentSize`` and ``placement``. Where the compositor's `xdg_popup` is older
    /// than version 3 (sway 1.7's), the popup is closed and shown again there instead —
    /// without its grab, and without its child popups.
    public func reposition(relativeTo rect: CGRect, of layer: CALayer) throws(PopupError) {
        guard let shown else { throw .notShown }
        let positioning = try Self.positioning(
            size: contentSize, placement: placement, rect: rect, layer: layer, parent: shown.parent)
        guard shown.surface.canReposition else {
            let parent = shown.parent
            close()
            try show(parent: parent, relativeTo: rect, of: layer, grabsInput: false)
            return
        }
        do {
            try shown.surface.reposition(positioning)
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
        self.shown?.anchorRect = rect
        self.shown?.anchorLayer = layer
        shown.application.scheduleFlush()
    }

    // MARK: - Showing

    /// Creates the popup's surface next to `rect` of `layer` in `parent`, with a grab when
    /// asked (with the serial of the user's latest press).
    func show(parent: PopupParent, relativeTo rect: CGRect, of layer: CALayer, grabsInput: Bool) throws(PopupError) {
        guard shown == nil else { throw .alreadyShown }
        guard let parentSurface = parent.popupXdgSurface, let application = parent.popupApplication else {
            throw .parentNotShown
        }
        // Between compositors (reconnecting), there is none to show it.
        if let error = application.errorWhileReconnecting { throw .connectionFailed(error) }
        let positioning = try Self.positioning(
            size: contentSize, placement: placement, rect: rect, layer: layer, parent: parent)
        var grab: (seat: WlSeat, serial: UInt32)?
        if grabsInput {
            guard let input = application.lastUserInput else { throw .noInputEventToGrabWith }
            grab = input
        }
        do {
            let surface = try PopupSurface(
                compositor: application.compositor, shell: application.shell, parent: parentSurface,
                positioning: positioning, grab: grab)
            let presenter = try LayerSurfacePresenter(
                application: application, surface: surface.surface, root: surfaceRoot, background: backgroundColor)
            shown = Shown(
                surface: surface, presenter: presenter, parent: parent, application: application, anchorRect: rect,
                anchorLayer: layer)
            // Hover follows the popup's own content moving under a still pointer.
            presenter.onCommitted = { [weak self] in self?.contentCommittedUnderPointer() }
            presenter.onFrameShown = { [weak self] animating in self?.refreshHoverAfterFrame(animating: animating) }
            self.grabsInput = grabsInput
            surface.onConfigure = { [weak self] configuration in
                MainActor.assumeIsolated { self?.configure(configuration) }
            }
            surface.onDismiss = { [weak self] in
                MainActor.assumeIsolated { self?.dismissed() }
            }
            surface.onDiagnostic = { message in
                FileHandle.standardError.write(Data("lamina: \(message)\n".utf8))
            }
            application.register(self)
            application.scheduleFlush()
        } catch {
            throw .connectionFailed(LaminaError(error))
        }
    }

    private func configure(_ configuration: PopupSurface.Configuration) {
        guard let shown else { return }
        let (width, height) = sizeWithinBudget(width: configuration.width, height: configuration.height, of: shown)
        let size = CGSize(width: width, height: height)
        let surfaceFrame = CGRect(x: configuration.x, y: configuration.y, width: width, height: height)
        frame = shown.parent.popupContentFrame(ofSurfaceRect: surfaceFrame)
        shown.presenter.configure(width: width, height: height) {
            let bounds = CGRect(origin: .zero, size: size)
            if surfaceRoot.frame != bounds { surfaceRoot.frame = bounds }
            if rootLayer.frame != bounds { rootLayer.frame = bounds }
        }
        onPlaced?(frame)
    }

    /// The size to draw for a configure of `width × height` points: that size when two of its
    /// buffers keep to a window's default buffer budget; else the popup's current size (when
    /// it does), else the largest size of the same proportions that does.
    private func sizeWithinBudget(width: Int, height: Int, of shown: Shown) -> (width: Int, height: Int) {
        let budget = shown.presenter.bufferBudget
        let current = (width: Int(rootLayer.bounds.width), height: Int(rootLayer.bounds.height))
        guard let kept = budget.refusal(width: width, height: height, current: current) else { return (width, height) }
        FileHandle.standardError.write(Data(
            "lamina: the compositor asked for a popup of \(width)×\(height); two buffers of it exceed the buffer budget of \(budget.bytes) bytes: keeping \(kept.width)×\(kept.height)\n".utf8))
        return kept
    }

    /// The popup was dismissed (by the compositor, or by a press outside a menu): it closes
    /// and reports it.
    func dismissed() {
        guard isShown else { return }
        close()
        onDismiss?()
    }

    // MARK: - Placement

    /// The positioner's values: `rect` of `layer` in the parent's surface coordinates, rounded
    /// out to whole points and kept inside the parent's surface (at least 1×1).
    static func positioning(
        size: CGSize, placement: Placement, rect: CGRect, layer: CALayer, parent: PopupParent
    ) throws(PopupError) -> PopupSurface.Positioning {
        guard isUsable(size) else { throw .invalidSize(size) }
        guard Self.layer(layer, isIn: parent.popupSurfaceRoot) else { throw .layerNotInParent }
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            throw .invalidAnchorRectangle(rect)
        }
        let inSurface = layer.convert(rect.standardized, to: parent.popupSurfaceRoot)
        let surfaceSize = parent.popupSurfaceRoot.bounds.size
        let clipped = inSurface.intersection(CGRect(origin: .zero, size: surfaceSize))
        guard !clipped.isNull, surfaceSize.width >= 1, surfaceSize.height >= 1 else { throw .invalidAnchorRectangle(rect) }
        // Whole points, at least 1×1, inside the surface.
        let left = min(floor(clipped.minX), surfaceSize.width - 1)
        let top = min(floor(clipped.minY), surfaceSize.height - 1)
        let right = min(max(ceil(clipped.maxX), left + 1), surfaceSize.width)
        let bottom = min(max(ceil(clipped.maxY), top + 1), surfaceSize.height)
        let limit = CGFloat(ShmBufferPool.maximumDimension)
        func whole(_ value: CGFloat) -> Int32 { Int32(max(-limit, min(limit, value.rounded()))) }
        return PopupSurface.Positioning(
            width: whole(size.width), height: whole(size.height), anchorX: whole(left), anchorY: whole(top),
            anchorWidth: whole(right - left), anchorHeight: whole(bottom - top), anchor: placement.anchor.anchor,
            gravity: placement.direction.gravity,
            constraintAdjustment: XdgPositioner.ConstraintAdjustment(rawValue: placement.constraintAdjustment.rawValue),
            offsetX: placement.offset.x.isFinite ? whole(placement.offset.x) : 0,
            offsetY: placement.offset.y.isFinite ? whole(placement.offset.y) : 0,
            parentSize: (whole(surfaceSize.width), whole(surfaceSize.height)))
    }

    /// Whether a size is finite and 1…the largest buffer side on each side.
    private static func isUsable(_ size: CGSize) -> Bool {
        let limit = CGFloat(ShmBufferPool.maximumDimension)
        return size.width.isFinite && size.height.isFinite && size.width >= 1 && size.height >= 1
            && size.width <= limit && size.height <= limit
    }

    /// Whether `layer` is `root` or one of its descendants.
    static func layer(_ layer: CALayer, isIn root: CALayer) -> Bool {
        var candidate: CALayer? = layer
        while let current = candidate {
            if current === root { return true }
            candidate = current.superlayer
        }
        return false
    }
}
