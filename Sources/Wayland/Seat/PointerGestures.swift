/// A touchpad's gestures on one pointer (`zwp_pointer_gestures_v1`): swipes, pinches and,
/// from version 3, holds, each from its begin to its end.
public final class PointerGestures {
    /// What a gesture did.
    public enum Event: Equatable, Sendable {
        /// A swipe began on a surface (its object ID) with `fingers` fingers.
        case swipeBegan(surfaceID: UInt32, fingers: UInt32, time: UInt32)
        /// The fingers moved by (dx, dy) since the last update (surface units).
        case swipeChanged(dx: Double, dy: Double, time: UInt32)
        /// The swipe ended, or was cancelled (the compositor took it over or it was not one).
        case swipeEnded(cancelled: Bool, time: UInt32)
        /// A pinch began.
        case pinchBegan(surfaceID: UInt32, fingers: UInt32, time: UInt32)
        /// The fingers' centre moved by (dx, dy); `scale` is relative to the fingers' distance at
        /// the beginning; `rotation` is in degrees clockwise since the last update.
        case pinchChanged(dx: Double, dy: Double, scale: Double, rotation: Double, time: UInt32)
        /// The pinch ended, or was cancelled.
        case pinchEnded(cancelled: Bool, time: UInt32)
        /// Fingers rest on the touchpad without moving (version 3).
        case holdBegan(surfaceID: UInt32, fingers: UInt32, time: UInt32)
        /// The hold ended (fingers lifted) or was cancelled (they moved: a swipe or pinch
        /// may follow).
        case holdEnded(cancelled: Bool, time: UInt32)
    }

    private let swipe: ZwpPointerGestureSwipeV1
    private let pinch: ZwpPointerGesturePinchV1
    private let hold: ZwpPointerGestureHoldV1?
    /// Called with each gesture event.
    public var onEvent: ((Event) -> Void)?

    /// Asks `manager` for `pointer`'s gestures (holds only where it is version 3 or later).
    public init(manager: ZwpPointerGesturesV1, pointer: WlPointer) throws(WaylandError) {
        swipe = try manager.getSwipeGesture(pointer: pointer)
        pinch = try manager.getPinchGesture(pointer: pointer)
        hold = manager.version >= 3 ? try manager.getHoldGesture(pointer: pointer) : nil
        swipe.onEvent = { [weak self] event in
            switch event {
            case .begin(_, let time, let surface, let fingers):
                self?.onEvent?(.swipeBegan(surfaceID: surface?.objectID ?? 0, fingers: fingers, time: time))
            case .update(let time, let dx, let dy):
                self?.onEvent?(.swipeChanged(dx: dx, dy: dy, time: time))
            case .end(_, let time, let cancelled):
                self?.onEvent?(.swipeEnded(cancelled: cancelled != 0, time: time))
            }
        }
        pinch.onEvent = { [weak self] event in
            switch event {
            case .begin(_, let time, let surface, let fingers):
                self?.onEvent?(.pinchBegan(surfaceID: surface?.objectID ?? 0, fingers: fingers, time: time))
            case .update(let time, let dx, let dy, let scale, let rotation):
                self?.onEvent?(.pinchChanged(dx: dx, dy: dy, scale: scale, rotation: rotation, time: time))
            case .end(_, let time, let cancelled):
                self?.onEvent?(.pinchEnded(cancelled: cancelled != 0, time: time))
            }
        }
        hold?.onEvent = { [weak self] event in
            switch event {
            case .begin(_, let time, let surface, let fingers):
                self?.onEvent?(.holdBegan(surfaceID: surface?.objectID ?? 0, fingers: fingers, time: time))
            case .end(_, let time, let cancelled):
                self?.onEvent?(.holdEnded(cancelled: cancelled != 0, time: time))
            }
        }
    }

    /// Destroys the gesture objects (before their pointer is released).
    public func destroy() {
        swipe.destroy()
        pinch.destroy()
        hold?.destroy()
    }
}
