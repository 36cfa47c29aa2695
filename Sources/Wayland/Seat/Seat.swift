/// A `wl_seat` whose pointer and keyboard come and go with its capabilities, delivering pointer
/// events in batches, one `PointerFrame` per `wl_pointer.frame`, and keyboard events
/// translated through xkbcommon (`Keyboard`).
///
/// Seats may gain and lose devices at run time (sway's seat has none until a device exists):
/// the `wl_pointer` and `wl_keyboard` are created and released to follow the capabilities.
public final class Seat {
    /// The bound seat.
    public let seat: WlSeat
    /// The pointer, while the seat has one.
    public private(set) var pointer: WlPointer?
    /// The seat's current capabilities.
    public private(set) var capabilities: WlSeat.Capability = []
    /// The keyboard, while the seat has one.
    public private(set) var keyboard: Keyboard?
    /// The touchscreen, while the seat has one.
    public private(set) var touch: TouchDevice?
    /// Called with each batch of touch events.
    public var onTouchFrame: ((TouchFrame) -> Void)?
    /// Called with each batch of pointer events.
    public var onPointerFrame: ((PointerFrame) -> Void)?
    /// Called with each keyboard event.
    public var onKeyboardEvent: ((KeyboardEvent) -> Void)?
    /// Called when the capabilities change.
    public var onCapabilitiesChanged: ((WlSeat.Capability) -> Void)?
    private var pending = PointerFrame()

    /// Follows a bound seat: the pointer is created when the seat reports the capability.
    public init(seat: WlSeat) {
        self.seat = seat
        seat.onEvent = { [weak self] event in
            guard let self, case .capabilities(let capabilities) = event else { return }
            update(capabilities)
        }
    }

    private func update(_ capabilities: WlSeat.Capability) {
        self.capabilities = capabilities
        if capabilities.contains(.pointer), pointer == nil {
            pointer = try? seat.getPointer()
            pointer?.onEvent = { [weak self] event in self?.handle(event) }
        } else if !capabilities.contains(.pointer), let pointer {
            pointer.release()
            self.pointer = nil
            pending = PointerFrame()
        }
        if capabilities.contains(.keyboard), keyboard == nil, let bound = try? seat.getKeyboard() {
            let keyboard = Keyboard(keyboard: bound)
            keyboard.onEvent = { [weak self] event in self?.onKeyboardEvent?(event) }
            self.keyboard = keyboard
        } else if !capabilities.contains(.keyboard), let keyboard {
            // The focus goes with the device.
            if let surfaceID = keyboard.focusedSurfaceID { onKeyboardEvent?(.left(surfaceID: surfaceID)) }
            keyboard.keyboard.release()
            self.keyboard = nil
        }
        if capabilities.contains(.touch), touch == nil, let bound = try? seat.getTouch() {
            let touch = TouchDevice(touch: bound)
            touch.onFrame = { [weak self] frame in self?.onTouchFrame?(frame) }
            self.touch = touch
        } else if !capabilities.contains(.touch), let touch {
            // The points down go with the device.
            if !touch.pointsDown.isEmpty {
                var cancelled = TouchFrame()
                cancelled.isCancelled = true
                onTouchFrame?(cancelled)
            }
            touch.touch.release()
            self.touch = nil
        }
        onCapabilitiesChanged?(capabilities)
    }

    private func handle(_ event: WlPointer.Event) {
        switch event {
        case .enter(let serial, let surface, let x, let y):
            // Moving from one surface to another (a window to its popup), compositors send the
            // leave and the enter in one frame: the leave is delivered first, as a frame of
            // its own.
            if pending.left { deliver() }
            pending.enteredSurfaceID = surface?.objectID ?? 0
            pending.enterSerial = serial
            pending.position = (x, y)
        case .leave:
            pending.left = true
        case .motion(let time, let x, let y):
            pending.time = time
            pending.position = (x, y)
        case .button(let serial, let time, let button, let state):
            pending.time = time
            pending.buttons.append(.init(code: button, isPressed: state == .pressed, serial: serial))
        case .axis(let time, let axis, let value):
            pending.time = time
            // Axes other than the two scroll axes are not defined yet: ignored.
            if axis == .verticalScroll {
                pending.scrolling.vertical += value
            } else if axis == .horizontalScroll {
                pending.scrolling.horizontal += value
            }
        case .axisSource(let source):
            pending.scrolling.source = source
            return
        case .axisStop(let time, let axis):
            pending.time = time
            if axis == .verticalScroll {
                pending.scrolling.verticalStopped = true
            } else if axis == .horizontalScroll {
                pending.scrolling.horizontalStopped = true
            }
        case .axisDiscrete(let axis, let discrete):
            // At most one per axis and frame; in 120ths of a step as version 8's value120.
            addSteps(Int64(discrete) * 120, on: axis)
            return
        case .axisValue120(let axis, let value120):
            addSteps(Int64(value120), on: axis)
            return
        case .axisRelativeDirection(let axis, let direction):
            if axis == .verticalScroll {
                pending.scrolling.verticalInverted = direction == .inverted
            } else if axis == .horizontalScroll {
                pending.scrolling.horizontalInverted = direction == .inverted
            }
            return
        case .frame:
            deliver()
            return
        }
        // Before version 5 there is no frame event: every event is its own frame.
        if seat.version < 5 { deliver() }
    }

    /// Adds wheel steps (in 120ths) to the pending frame, saturating rather than overflowing.
    private func addSteps(_ value120: Int64, on axis: WlPointer.Axis) {
        if axis == .verticalScroll {
            pending.scrolling.verticalValue120 = Int32(clamping: Int64(pending.scrolling.verticalValue120) + value120)
        } else if axis == .horizontalScroll {
            pending.scrolling.horizontalValue120 = Int32(clamping: Int64(pending.scrolling.horizontalValue120) + value120)
        }
    }

    private func deliver() {
        let frame = pending
        pending = PointerFrame()
        if !frame.isEmpty { onPointerFrame?(frame) }
    }
}
