/// A popup's surface: `wl_surface` + `xdg_surface` + `xdg_popup`, placed by the compositor
/// next to a rectangle of its parent through an `xdg_positioner`.
///
/// Every configure is acknowledged; its position and size (untrusted: sizes of 0 or less
/// keep the requested size, huge ones are clamped) are delivered to `onConfigure`. The
/// compositor's dismissal (`popup_done`) is delivered to `onDismiss`; the role objects stay
/// until `destroyRole()`.
public final class PopupSurface {
    /// Where the compositor is asked to place the popup, in the parent's surface coordinates
    /// (its window geometry: the whole surface, as Lamina sets none).
    public struct Positioning: Equatable, Sendable {
        /// The popup's size; each side at least 1.
        public var width: Int32
        /// The popup's height.
        public var height: Int32
        /// The rectangle of the parent the popup is placed next to; each side at least 1
        /// (wlroots 0.15 refuses an empty one).
        public var anchorX: Int32
        /// The anchor rectangle's top edge.
        public var anchorY: Int32
        /// The anchor rectangle's width.
        public var anchorWidth: Int32
        /// The anchor rectangle's height.
        public var anchorHeight: Int32
        /// The point of the anchor rectangle the popup is placed at.
        public var anchor: XdgPositioner.Anchor
        /// The direction the popup extends from that point.
        public var gravity: XdgPositioner.Gravity
        /// How the compositor may move or resize the popup to keep it on screen.
        public var constraintAdjustment: XdgPositioner.ConstraintAdjustment
        /// Added to the placed position.
        public var offsetX: Int32
        /// The vertical offset.
        public var offsetY: Int32
        /// Whether the compositor places the popup again when the parent moves or the
        /// constraints change (`set_reactive`, version 3 and later).
        public var isReactive: Bool
        /// The parent's size, for the compositor to constrain against (version 3 and later);
        /// nil sends none.
        public var parentSize: (width: Int32, height: Int32)? {
            get { parentWidth.map { ($0, parentHeight ?? 0) } }
            set {
                parentWidth = newValue?.width
                parentHeight = newValue?.height
            }
        }
        private var parentWidth: Int32?
        private var parentHeight: Int32?

        /// A positioning; sizes below 1 are refused by ``PopupSurface`` with an error.
        public init(
            width: Int32, height: Int32, anchorX: Int32, anchorY: Int32, anchorWidth: Int32, anchorHeight: Int32,
            anchor: XdgPositioner.Anchor = .bottomLeft, gravity: XdgPositioner.Gravity = .bottomRight,
            constraintAdjustment: XdgPositioner.ConstraintAdjustment = [], offsetX: Int32 = 0, offsetY: Int32 = 0,
            isReactive: Bool = false, parentSize: (width: Int32, height: Int32)? = nil
        ) {
            self.width = width
            self.height = height
            self.anchorX = anchorX
            self.anchorY = anchorY
            self.anchorWidth = anchorWidth
            self.anchorHeight = anchorHeight
            self.anchor = anchor
            self.gravity = gravity
            self.constraintAdjustment = constraintAdjustment
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.isReactive = isReactive
            self.parentSize = parentSize
        }

        /// Why the compositor would refuse this positioning with a protocol error, if it would.
        var problem: String? {
            if width < 1 || height < 1 { return "a popup's size must be at least 1×1, not \(width)×\(height)" }
            if anchorWidth < 1 || anchorHeight < 1 {
                return "a popup's anchor rectangle must be at least 1×1, not \(anchorWidth)×\(anchorHeight)"
            }
            return nil
        }
    }

    /// Where the compositor placed the popup, relative to the parent's surface, and its size.
    public struct Configuration: Equatable, Sendable {
        /// The popup's left edge in the parent's surface coordinates.
        public var x: Int
        /// The popup's top edge.
        public var y: Int
        /// The popup's width (the requested one when the compositor sent 0 or less).
        public var width: Int
        /// The popup's height.
        public var height: Int
    }

    /// The `wl_surface`.
    public let surface: WlSurface
    /// The `xdg_surface` role object.
    public let xdgSurface: XdgSurface
    /// The `xdg_popup`.
    public let popup: XdgPopup
    /// Kept alive with the surface (destroying `xdg_wm_base` while it has surfaces is a
    /// protocol error).
    private let shell: XdgShell
    private var positioning: Positioning
    private var pending: Configuration?
    /// The last acknowledged configuration, nil before the first configure.
    public private(set) var configuration: Configuration?
    /// The token of the last reposition the compositor answered.
    public private(set) var repositionedToken: UInt32?
    private var nextToken: UInt32 = 0
    /// Whether the compositor dismissed the popup (`popup_done`).
    public private(set) var isDismissed = false
    /// Called after each configure was acknowledged; draw and commit at the new size.
    public var onConfigure: ((Configuration) -> Void)?
    /// Called once when the compositor dismisses the popup (a click outside a grabbing popup,
    /// the parent going away, …). Destroy the role then.
    public var onDismiss: (() -> Void)?
    /// Diagnostics about compositor input that was corrected.
    public var onDiagnostic: ((String) -> Void)?

    /// Creates the popup's surface and role placed by `positioning` next to `parent`, takes
    /// an explicit grab (a menu's) where `grab` gives the seat and serial of the user's input
    /// event that opened it, and commits once to ask for the first configure. Throws
    /// `invalidValue` for a positioning the compositor would refuse.
    public init(
        compositor: WlCompositor, shell: XdgShell, parent: XdgSurface, positioning: Positioning,
        grab: (seat: WlSeat, serial: UInt32)? = nil
    ) throws(WaylandError) {
        if let problem = positioning.problem { throw .invalidValue(problem) }
        self.shell = shell
        self.positioning = positioning
        surface = try compositor.createSurface()
        xdgSurface = try shell.base.getXdgSurface(surface: surface)
        let positioner = try Self.makePositioner(positioning, shell: shell)
        defer { positioner.destroy() }
        popup = try xdgSurface.getPopup(parent: parent, positioner: positioner)
        popup.onEvent = { [weak self] event in self?.handle(event) }
        // A grab must come before the popup is mapped: before its first buffer.
        if let grab { try popup.grab(seat: grab.seat, serial: grab.serial) }
        xdgSurface.onEvent = { [weak self] event in
            guard let self, case .configure(let serial) = event else { return }
            try? xdgSurface.ackConfigure(serial: serial)
            let configuration = pending ?? Configuration(
                x: 0, y: 0, width: Int(self.positioning.width), height: Int(self.positioning.height))
            self.configuration = configuration
            onConfigure?(configuration)
        }
        try surface.commit()
    }

    private func handle(_ event: XdgPopup.Event) {
        switch event {
        case .configure(let x, let y, let width, let height):
            pending = Configuration(
                x: Int(x), y: Int(y), width: clamp(width, fallback: positioning.width, axis: "width"),
                height: clamp(height, fallback: positioning.height, axis: "height"))
        case .popupDone:
            guard !isDismissed else { return }
            isDismissed = true
            onDismiss?()
        case .repositioned(let token):
            repositionedToken = token
        }
    }

    private func clamp(_ value: Int32, fallback: Int32, axis: String) -> Int {
        if value <= 0 {
            onDiagnostic?("the compositor sent a popup \(axis) of \(value); using \(fallback)")
            return Int(fallback)
        }
        if Int(value) > ShmBufferPool.maximumDimension {
            onDiagnostic?("the compositor sent a popup \(axis) of \(value); clamped to \(ShmBufferPool.maximumDimension)")
            return ShmBufferPool.maximumDimension
        }
        return Int(value)
    }

    private static func makePositioner(_ positioning: Positioning, shell: XdgShell) throws(WaylandError) -> XdgPositioner {
        let positioner = try shell.base.createPositioner()
        do throws(WaylandError) {
            try positioner.setSize(width: positioning.width, height: positioning.height)
            try positioner.setAnchorRect(
                x: positioning.anchorX, y: positioning.anchorY, width: positioning.anchorWidth,
                height: positioning.anchorHeight)
            try positioner.setAnchor(anchor: positioning.anchor)
            try positioner.setGravity(gravity: positioning.gravity)
            try positioner.setConstraintAdjustment(constraintAdjustment: positioning.constraintAdjustment.rawValue)
            if positioning.offsetX != 0 || positioning.offsetY != 0 {
                try positioner.setOffset(x: positioning.offsetX, y: positioning.offsetY)
            }
            if positioner.version >= 3 {
                if positioning.isReactive { try positioner.setReactive() }
                if let parent = positioning.parentSize {
                    try positioner.setParentSize(parentWidth: parent.width, parentHeight: parent.height)
                }
            }
        } catch {
            positioner.destroy()
            throw error
        }
        return positioner
    }

    /// Whether the compositor can move a shown popup (`xdg_popup.reposition`, version 3).
    public var canReposition: Bool { popup.version >= 3 }

    /// Asks the compositor to place the popup again by `positioning`; it answers with a
    /// configure. Returns the request's token, or nil where the compositor's `xdg_popup` is
    /// older than version 3 (the popup must then be destroyed and created again).
    @discardableResult
    public func reposition(_ positioning: Positioning) throws(WaylandError) -> UInt32? {
        if let problem = positioning.problem { throw .invalidValue(problem) }
        guard canReposition else { return nil }
        let positioner = try Self.makePositioner(positioning, shell: shell)
        defer { positioner.destroy() }
        nextToken &+= 1
        try popup.reposition(positioner: positioner, token: nextToken)
        self.positioning = positioning
        return nextToken
    }

    /// Destroys the role objects: the `xdg_popup`, then its `xdg_surface`. The `wl_surface`
    /// stays (it goes with this object). Events no longer arrive.
    public func destroyRole() {
        popup.destroy()
        xdgSurface.destroy()
    }
}
