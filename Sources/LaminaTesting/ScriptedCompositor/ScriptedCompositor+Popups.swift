import CWaylandServer

extension ScriptedCompositor {
    /// What a client set on an `xdg_positioner`.
    public struct Positioner: Equatable, Sendable {
        /// `set_size`.
        public var width: Int32 = 0
        /// `set_size`'s height.
        public var height: Int32 = 0
        /// `set_anchor_rect`, in the parent's surface coordinates.
        public var anchorRect = Rect(x: 0, y: 0, width: 0, height: 0)
        /// `set_anchor` (`xdg_positioner.anchor`: 0 none … 8 bottom right).
        public var anchor: UInt32 = 0
        /// `set_gravity` (same values as the anchor).
        public var gravity: UInt32 = 0
        /// `set_constraint_adjustment` (bits: 1 slide x, 2 slide y, 4 flip x, 8 flip y,
        /// 16 resize x, 32 resize y).
        public var constraintAdjustment: UInt32 = 0
        /// `set_offset`.
        public var offsetX: Int32 = 0
        /// `set_offset`'s vertical offset.
        public var offsetY: Int32 = 0
        /// Whether `set_reactive` was sent.
        public var isReactive = false
        /// `set_parent_size`, if sent.
        public var parentSize: (width: Int32, height: Int32)? {
            get { parentWidth.map { ($0, parentHeight ?? 0) } }
            set {
                parentWidth = newValue?.width
                parentHeight = newValue?.height
            }
        }
        private var parentWidth: Int32?
        private var parentHeight: Int32?

        /// An empty positioner, as `create_positioner` makes it.
        public init() {}

        /// Where the popup goes without constraints: at the anchor point of the anchor
        /// rectangle, extending in the gravity's direction (centred on axes it leaves open),
        /// plus the offset — the position the scripted compositor configures.
        public var unconstrainedPlacement: Rect {
            let rect = anchorRect
            // anchor/gravity: 1 top, 2 bottom, 3 left, 4 right, 5 top left, 6 bottom left,
            // 7 top right, 8 bottom right.
            func horizontal(_ value: UInt32) -> Int { [3, 5, 6].contains(value) ? -1 : [4, 7, 8].contains(value) ? 1 : 0 }
            func vertical(_ value: UInt32) -> Int { [1, 5, 7].contains(value) ? -1 : [2, 6, 8].contains(value) ? 1 : 0 }
            let pointX = switch horizontal(anchor) {
            case -1: rect.x
            case 1: rect.x + rect.width
            default: rect.x + rect.width / 2
            }
            let pointY = switch vertical(anchor) {
            case -1: rect.y
            case 1: rect.y + rect.height
            default: rect.y + rect.height / 2
            }
            let x = switch horizontal(gravity) {
            case -1: pointX - width
            case 1: pointX
            default: pointX - width / 2
            }
            let y = switch vertical(gravity) {
            case -1: pointY - height
            case 1: pointY
            default: pointY - height / 2
            }
            return Rect(x: x + offsetX, y: y + offsetY, width: width, height: height)
        }

        /// Whether size and anchor rectangle were set (a popup made from an incomplete
        /// positioner is a protocol error).
        var isComplete: Bool { width > 0 && height > 0 && anchorRect.width > 0 && anchorRect.height > 0 }
    }

    /// One `xdg_popup` a client created.
    public struct PopupRecord: Sendable {
        /// The popup's `wl_surface` ID.
        public var surfaceID: UInt32
        /// The parent's `wl_surface` ID (nil for a null parent).
        public var parentSurfaceID: UInt32?
        /// The positioner it was created with.
        public var positioner: Positioner
        /// The serial of its `grab`, if it grabbed.
        public var grabSerial: UInt32?
        /// `reposition` requests: their tokens and positioners, in order.
        public var repositions: [(token: UInt32, positioner: Positioner)] = []
        /// Configures sent to it (position relative to the parent, and size), in order.
        public var configures: [Rect] = []
        /// Whether the client committed a buffer on it.
        public var isMapped = false
        /// Whether the client destroyed it.
        public var isDestroyed = false
        /// Whether the compositor dismissed it (`popup_done`).
        public var isDismissed = false
    }

    // MARK: - Script

    /// Dismisses the client's live popups, newest first, as a click outside a grabbing popup
    /// does (`xdg_popup.popup_done`).
    public func dismissPopups() {
        perform { [unowned self] in
            for popup in alive("xdg_popup").reversed() { dismiss(popup) }
        }
    }

    /// Sends the newest live popup a configure of its own choosing (any values), followed by
    /// `xdg_surface.configure` — as a compositor that flips, slides or shrinks it would.
    public func configurePopup(x: Int32, y: Int32, width: Int32, height: Int32) {
        perform { [unowned self] in
            guard let popup = alive("xdg_popup").last, let xdgSurface = popup.xdgSurface else { return }
            sendPopupConfigure(popup, xdgSurface: xdgSurface, Rect(x: x, y: y, width: width, height: height))
        }
    }

    /// The pointer enters the newest live popup's surface at (x, y), in its surface
    /// coordinates; later pointer events go there until `pointerEnter` or `pointerLeave`.
    /// Returns the enter's serial.
    @discardableResult
    public func pointerEnterPopup(x: Double, y: Double) -> UInt32 {
        perform { [unowned self] in
            let serial = nextSerial()
            guard let surface = alive("xdg_popup").last?.xdgSurface?.surface else { return serial }
            for pointer in alive("wl_pointer") where pointer.client == surface.client {
                if let previous = pointerFocusSurface ?? alive("xdg_toplevel").first?.xdgSurface?.surface {
                    post(pointer, "leave", [.uint(nextSerial()), .object(previous)])
                }
                post(pointer, "enter", [.uint(serial), .object(surface), .fixed(x), .fixed(y)])
                if pointer.version >= 5 { post(pointer, "frame", []) }
            }
            pointerFocusSurface = surface
            return serial
        }
    }

    // MARK: - Server side (server thread)

    /// Handles the requests of `xdg_positioner` and `xdg_popup` and the popup requests of
    /// `xdg_wm_base` and `xdg_surface`; returns whether the request was one of them and was
    /// finished (the caller does nothing more).
    func handlePopupRequest(
        _ name: String, _ resource: ServerResource, created: [ServerResource], arguments: UnsafeMutablePointer<wl_argument>?
    ) -> Bool {
        func argument(_ index: Int) -> wl_argument { arguments?[index] ?? wl_argument() }
        func object(_ index: Int) -> ServerResource? { argument(index).o.flatMap { resources[$0] } }
        switch name {
        case "xdg_positioner.set_size":
            guard argument(0).i > 0, argument(1).i > 0 else {
                postError(resource, code: 0, "a positioner's size must be positive, not \(argument(0).i)×\(argument(1).i)")
                return true
            }
            resource.positioner.width = argument(0).i
            resource.positioner.height = argument(1).i
        case "xdg_positioner.set_anchor_rect":
            guard argument(2).i >= 0, argument(3).i >= 0 else {
                postError(resource, code: 0, "an anchor rectangle's size must not be negative")
                return true
            }
            resource.positioner.anchorRect = Rect(x: argument(0).i, y: argument(1).i, width: argument(2).i, height: argument(3).i)
        case "xdg_positioner.set_anchor":
            resource.positioner.anchor = argument(0).u
        case "xdg_positioner.set_gravity":
            resource.positioner.gravity = argument(0).u
        case "xdg_positioner.set_constraint_adjustment":
            resource.positioner.constraintAdjustment = argument(0).u
        case "xdg_positioner.set_offset":
            resource.positioner.offsetX = argument(0).i
            resource.positioner.offsetY = argument(1).i
        case "xdg_positioner.set_reactive":
            resource.positioner.isReactive = true
        case "xdg_positioner.set_parent_size":
            resource.positioner.parentSize = (argument(0).i, argument(1).i)
        case "xdg_surface.get_popup":
            guard let popup = created.first, let positioner = object(2) else { return false }
            guard positioner.positioner.isComplete else {
                if let base = alive("xdg_wm_base").first(where: { $0.client == resource.client }) {
                    postError(base, code: 5, "a popup was made from an incomplete positioner")  // invalid_positioner
                }
                return true
            }
            let parent = object(1)
            popup.xdgSurface = resource
            popup.popupParent = parent
            resource.popup = popup
            resource.surface?.role = resource
            let record = PopupRecord(
                surfaceID: resource.surface?.id ?? 0, parentSurfaceID: parent?.surface?.id, positioner: positioner.positioner)
            update {
                popup.popupIndex = $0.popups.count
                $0.popups.append(record)
            }
            popup.positioner = positioner.positioner
        case "xdg_popup.grab":
            guard !resource.isMapped else {
                postError(resource, code: 0, "a popup grabbed after it was mapped")  // invalid_grab
                return true
            }
            let serial = argument(1).u
            updatePopup(resource) { $0.grabSerial = serial }
        case "xdg_popup.reposition":
            guard let positioner = object(0)?.positioner, let xdgSurface = resource.xdgSurface else { return false }
            let token = argument(1).u
            updatePopup(resource) { $0.repositions.append((token, positioner)) }
            resource.positioner = positioner
            post(resource, "repositioned", [.uint(token)])
            sendPopupConfigure(resource, xdgSurface: xdgSurface, positioner.unconstrainedPlacement)
        case "xdg_popup.destroy":
            let children = alive("xdg_popup").filter { $0.popupParent === resource.xdgSurface }
            if !children.isEmpty, let base = alive("xdg_wm_base").first(where: { $0.client == resource.client }) {
                postError(base, code: 2, "a popup was destroyed before its child popups")  // not_the_topmost_popup
                return true
            }
            updatePopup(resource) { $0.isDestroyed = true }
        default:
            break
        }
        return false
    }

    /// After a commit of `surface`: a popup's first commit is answered with its configure;
    /// one with a buffer maps it.
    func popupCommitted(_ surface: ServerResource, attachedBuffer: Bool) {
        guard let xdgSurface = surface.role, let popup = xdgSurface.popup, popup.isAlive else { return }
        if !xdgSurface.sentConfigure {
            sendPopupConfigure(popup, xdgSurface: xdgSurface, popup.positioner.unconstrainedPlacement)
        }
        if attachedBuffer, !popup.isMapped {
            popup.isMapped = true
            updatePopup(popup) { $0.isMapped = true }
        }
    }

    private func sendPopupConfigure(_ popup: ServerResource, xdgSurface: ServerResource, _ rect: Rect) {
        xdgSurface.sentConfigure = true
        post(popup, "configure", [.int(rect.x), .int(rect.y), .int(rect.width), .int(rect.height)])
        let serial = nextSerial()
        post(xdgSurface, "configure", [.uint(serial)])
        updatePopup(popup) { $0.configures.append(rect) }
        update { $0.unacknowledgedConfigures.append(serial) }
    }

    private func dismiss(_ popup: ServerResource) {
        post(popup, "popup_done", [])
        updatePopup(popup) { $0.isDismissed = true }
    }

    private func updatePopup(_ popup: ServerResource, _ change: @escaping (inout PopupRecord) -> Void) {
        guard let index = popup.popupIndex else { return }
        update { change(&$0.popups[index]) }
    }
}
