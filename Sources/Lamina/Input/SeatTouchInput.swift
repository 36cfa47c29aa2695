import QuartzCore
internal import Wayland

/// One seat's touchscreen and touchpad gestures, routed to the application's windows and
/// popups: each touch point to the surface it went down on, each gesture to the surface it
/// began on, with the pointer's location.
@MainActor
final class SeatTouchInput {
    private unowned let application: Application
    private let seat: Seat
    /// The surface and last location of each touch point down, by ID.
    private var points: [Int32: (surface: InputSurface, location: CGPoint)] = [:]
    /// The gesture running: its surface and what it added up to so far.
    private var gesture: (surface: InputSurface, kind: GestureEvent.Kind, fingers: Int, translation: CGPoint, scale: CGFloat, rotation: CGFloat)?
    private var gestures: PointerGestures?
    /// The time of the latest touch or gesture event (the compositor's milliseconds).
    private var lastTime: UInt32 = 0
    private weak var gesturesPointer: WlPointer?

    init(seat: Seat, application: Application) {
        self.seat = seat
        self.application = application
        seat.onTouchFrame = { [weak self] frame in
            MainActor.assumeIsolated { self?.route(frame) }
        }
    }

    // MARK: - Touch

    private func route(_ frame: TouchFrame) {
        lastTime = frame.time
        if frame.isCancelled {
            let cancelled = points
            points = [:]
            for (id, point) in cancelled.sorted(by: { $0.key < $1.key }) {
                point.surface.routeTouch(event(.cancelled, id: id, at: point.location, time: frame.time))
            }
            return
        }
        for change in frame.points {
            let location = CGPoint(x: change.x, y: change.y)
            var touch = event(.moved, id: change.id, at: location, time: frame.time)
            touch.majorRadius = change.major.map { CGFloat($0) }
            touch.minorRadius = change.minor.map { CGFloat($0) }
            touch.orientation = change.orientation.map { CGFloat($0) }
            switch change.change {
            case .down(let surfaceID, let serial):
                guard let surface = application.inputSurface(withID: surfaceID) else { continue }
                application.lastUserInput = (seat.seat, serial)
                // A touch outside the application's menus closes them and goes nowhere.
                if application.dismissGrabbingPopups(forPressOn: surface) { continue }
                points[change.id] = (surface, location)
                touch.phase = .began
                surface.routeTouch(touch)
            case .motion:
                guard let point = points[change.id] else { continue }
                points[change.id]?.location = location
                point.surface.routeTouch(touch)
            case .up:
                guard let point = points.removeValue(forKey: change.id) else { continue }
                touch.phase = .ended
                touch.location = point.location
                point.surface.routeTouch(touch)
            }
        }
    }

    private func event(_ phase: TouchEvent.Phase, id: Int32, at location: CGPoint, time: UInt32) -> TouchEvent {
        TouchEvent(phase: phase, touchID: id, location: location, timestamp: time)
    }

    // MARK: - Gestures

    /// Follows the seat's pointer's gestures where the compositor offers them: called when the
    /// seat's capabilities change.
    func updateGestures(manager: ZwpPointerGesturesV1?) {
        guard seat.pointer !== gesturesPointer || gestures == nil else { return }
        gestures?.destroy()
        gestures = nil
        gesturesPointer = nil
        gesture = nil
        guard let manager, let pointer = seat.pointer else { return }
        do {
            let gestures = try PointerGestures(manager: manager, pointer: pointer)
            gestures.onEvent = { [weak self] event in
                MainActor.assumeIsolated { self?.route(event) }
            }
            self.gestures = gestures
            gesturesPointer = pointer
        } catch {
            application.fail(error)
        }
    }

    /// Where the pointer is: on which surface, and where on it (surface coordinates).
    var pointerLocation: (() -> (surface: InputSurface, location: CGPoint)?)?

    private func route(_ event: PointerGestures.Event) {
        switch event {
        case .swipeBegan(let surfaceID, let fingers, let time):
            begin(.swipe, surfaceID: surfaceID, fingers: fingers, time: time)
        case .pinchBegan(let surfaceID, let fingers, let time):
            begin(.pinch, surfaceID: surfaceID, fingers: fingers, time: time)
        case .holdBegan(let surfaceID, let fingers, let time):
            begin(.hold, surfaceID: surfaceID, fingers: fingers, time: time)
        case .swipeChanged(let dx, let dy, let time):
            change(.swipe, dx: dx, dy: dy, scale: nil, rotation: 0, time: time)
        case .pinchChanged(let dx, let dy, let scale, let rotation, let time):
            change(.pinch, dx: dx, dy: dy, scale: scale, rotation: rotation, time: time)
        case .swipeEnded(let cancelled, let time):
            end(.swipe, cancelled: cancelled, time: time)
        case .pinchEnded(let cancelled, let time):
            end(.pinch, cancelled: cancelled, time: time)
        case .holdEnded(let cancelled, let time):
            end(.hold, cancelled: cancelled, time: time)
        }
    }

    private func begin(_ kind: GestureEvent.Kind, surfaceID: UInt32, fingers: UInt32, time: UInt32) {
        guard let surface = application.inputSurface(withID: surfaceID) else { return }
        gesture = (surface, kind, Int(min(fingers, 100)), .zero, 1, 0)
        deliver(.began, time: time)
    }

    private func change(_ kind: GestureEvent.Kind, dx: Double, dy: Double, scale: Double?, rotation: Double, time: UInt32) {
        guard var current = gesture, current.kind == kind else { return }
        // Values from the compositor: non-finite ones are ignored.
        if dx.isFinite, dy.isFinite {
            current.translation.x += CGFloat(dx)
            current.translation.y += CGFloat(dy)
        }
        if let scale, scale.isFinite, scale > 0 { current.scale = CGFloat(scale) }
        if rotation.isFinite { current.rotation += CGFloat(rotation) * .pi / 180 }
        gesture = current
        deliver(.changed, time: time)
    }

    private func end(_ kind: GestureEvent.Kind, cancelled: Bool, time: UInt32) {
        guard gesture?.kind == kind else { return }
        deliver(cancelled ? .cancelled : .ended, time: time)
        gesture = nil
    }

    private func deliver(_ phase: GestureEvent.Phase, time: UInt32) {
        lastTime = time
        guard let current = gesture else { return }
        let pointer = pointerLocation?()
        let location = pointer?.surface === current.surface ? pointer?.location ?? .zero : .zero
        current.surface.routeGesture(GestureEvent(
            kind: current.kind, phase: phase, fingers: current.fingers, translation: current.translation,
            scale: current.scale, rotation: current.rotation, location: location, timestamp: time))
    }

    /// Stops following the seat.
    func invalidate() {
        // Touches down and a gesture running end as the compositor's cancel ends them.
        let cancelled = points
        points = [:]
        for (id, point) in cancelled.sorted(by: { $0.key < $1.key }) {
            point.surface.routeTouch(event(.cancelled, id: id, at: point.location, time: lastTime))
        }
        if gesture != nil { deliver(.cancelled, time: lastTime) }
        gestures?.destroy()
        gestures = nil
        gesture = nil
    }
}
