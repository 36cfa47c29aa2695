extension ScriptedCompositor {
    /// One step of a touchpad gesture (`zwp_pointer_gestures_v1`), for `sendGesture(_:)`.
    public enum GestureStep: Sendable {
        /// A swipe begins on the surface the pointer is on.
        case swipeBegin(fingers: UInt32)
        /// The swipe's fingers move by (dx, dy).
        case swipeUpdate(dx: Double, dy: Double)
        /// The swipe ends (or is cancelled).
        case swipeEnd(cancelled: Bool)
        /// A pinch begins on the surface the pointer is on.
        case pinchBegin(fingers: UInt32)
        /// The pinch moves by (dx, dy), at `scale` of its initial spread, turned by `rotation`
        /// degrees clockwise since the last update.
        case pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double)
        /// The pinch ends (or is cancelled).
        case pinchEnd(cancelled: Bool)
        /// A hold begins on the surface the pointer is on.
        case holdBegin(fingers: UInt32)
        /// The hold ends (or is cancelled).
        case holdEnd(cancelled: Bool)
    }

    // MARK: - Touch

    /// Touch point `id` goes down at (x, y) on the first toplevel's surface — or, with
    /// `onPopup`, the newest popup's — followed by `wl_touch.frame` unless `frame` is false.
    /// Returns the event's serial.
    @discardableResult
    public func touchDown(id: Int32, x: Double, y: Double, onPopup: Bool = false, frame: Bool = true) -> UInt32 {
        perform { [unowned self] in
            let serial = nextSerial()
            let surface = onPopup ? alive("xdg_popup").last?.xdgSurface?.surface : alive("xdg_toplevel").first?.xdgSurface?.surface
            guard let surface else { return serial }
            sendTouch(to: surface, frame: frame) { touch in
                post(touch, "down", [.uint(serial), .uint(inputMilliseconds), .object(surface), .int(id), .fixed(x), .fixed(y)])
            }
            return serial
        }
    }

    /// Touch point `id` moves to (x, y) (surface coordinates of the surface it went down on).
    public func touchMotion(id: Int32, x: Double, y: Double, frame: Bool = true) {
        perform { [unowned self] in
            sendTouch(frame: frame) { touch in post(touch, "motion", [.uint(inputMilliseconds), .int(id), .fixed(x), .fixed(y)]) }
        }
    }

    /// Touch point `id` is lifted. Returns the event's serial.
    @discardableResult
    public func touchUp(id: Int32, frame: Bool = true) -> UInt32 {
        perform { [unowned self] in
            let serial = nextSerial()
            sendTouch(frame: frame) { touch in post(touch, "up", [.uint(serial), .uint(inputMilliseconds), .int(id)]) }
            return serial
        }
    }

    /// Touch point `id`'s contact ellipse (`wl_touch.shape`, version 6) and, when given, its
    /// orientation; the frame follows unless `frame` is false.
    public func touchShape(id: Int32, major: Double, minor: Double, orientation: Double? = nil, frame: Bool = true) {
        perform { [unowned self] in
            sendTouch(frame: frame) { touch in
                guard touch.version >= 6 else { return }
                post(touch, "shape", [.int(id), .fixed(major), .fixed(minor)])
                if let orientation { post(touch, "orientation", [.int(id), .fixed(orientation)]) }
            }
        }
    }

    /// Ends a batch of touch events sent with `frame: false` (`wl_touch.frame`).
    public func touchFrame() {
        perform { [unowned self] in sendTouch(frame: true) { _ in } }
    }

    /// Cancels every touch point down (`wl_touch.cancel`): the compositor took the sequence.
    public func touchCancel() {
        perform { [unowned self] in sendTouch(frame: false) { touch in post(touch, "cancel", []) } }
    }

    /// Sends `body` to the touch objects of `surface`'s client (default: the first
    /// toplevel's), then `wl_touch.frame` when asked.
    private func sendTouch(to surface: ServerResource? = nil, frame: Bool, _ body: (ServerResource) -> Void) {
        guard let target = surface ?? alive("xdg_toplevel").first?.xdgSurface?.surface else { return }
        for touch in alive("wl_touch") where touch.client == target.client {
            body(touch)
            if frame { post(touch, "frame", []) }
        }
    }

    // MARK: - Gestures

    /// Sends one step of a touchpad gesture to the gesture objects of the client the pointer
    /// is with; a begin names the surface the pointer is on (a popup's after
    /// `pointerEnterPopup`, else the first toplevel's).
    public func sendGesture(_ step: GestureStep) {
        perform { [unowned self] in
            guard let surface = pointerFocusSurface.flatMap({ $0.isAlive ? $0 : nil })
                ?? alive("xdg_toplevel").first?.xdgSurface?.surface
            else { return }
            let time = inputMilliseconds
            func send(_ interface: String, _ name: String, _ arguments: [EventArgument]) {
                for gesture in alive(interface) where gesture.client == surface.client { post(gesture, name, arguments) }
            }
            switch step {
            case .swipeBegin(let fingers):
                send("zwp_pointer_gesture_swipe_v1", "begin", [.uint(nextSerial()), .uint(time), .object(surface), .uint(fingers)])
            case .swipeUpdate(let dx, let dy):
                send("zwp_pointer_gesture_swipe_v1", "update", [.uint(time), .fixed(dx), .fixed(dy)])
            case .swipeEnd(let cancelled):
                send("zwp_pointer_gesture_swipe_v1", "end", [.uint(nextSerial()), .uint(time), .int(cancelled ? 1 : 0)])
            case .pinchBegin(let fingers):
                send("zwp_pointer_gesture_pinch_v1", "begin", [.uint(nextSerial()), .uint(time), .object(surface), .uint(fingers)])
            case .pinchUpdate(let dx, let dy, let scale, let rotation):
                send("zwp_pointer_gesture_pinch_v1", "update", [.uint(time), .fixed(dx), .fixed(dy), .fixed(scale), .fixed(rotation)])
            case .pinchEnd(let cancelled):
                send("zwp_pointer_gesture_pinch_v1", "end", [.uint(nextSerial()), .uint(time), .int(cancelled ? 1 : 0)])
            case .holdBegin(let fingers):
                send("zwp_pointer_gesture_hold_v1", "begin", [.uint(nextSerial()), .uint(time), .object(surface), .uint(fingers)])
            case .holdEnd(let cancelled):
                send("zwp_pointer_gesture_hold_v1", "end", [.uint(nextSerial()), .uint(time), .int(cancelled ? 1 : 0)])
            }
        }
    }
}
