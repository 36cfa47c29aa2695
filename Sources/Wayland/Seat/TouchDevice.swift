/// A seat's `wl_touch`, delivering its events in batches, one ``TouchFrame`` per
/// `wl_touch.frame`.
///
/// Where a point is not known (a motion or up for an ID that never went down, as a buggy or
/// hostile compositor may send), the event is dropped.
public final class TouchDevice {
    /// The bound touch object.
    public let touch: WlTouch
    /// Called with each batch of touch events.
    public var onFrame: ((TouchFrame) -> Void)?
    private var pending = TouchFrame()
    /// Where each point down is, by ID.
    private var positions: [Int32: (x: Double, y: Double)] = [:]

    /// Follows `touch`'s events.
    public init(touch: WlTouch) {
        self.touch = touch
        touch.onEvent = { [weak self] event in self?.handle(event) }
    }

    /// The IDs of the points down, in no order.
    public var pointsDown: [Int32] { Array(positions.keys) }

    private func handle(_ event: WlTouch.Event) {
        switch event {
        case .down(let serial, let time, let surface, let id, let x, let y):
            pending.time = time
            positions[id] = (x, y)
            point(id) { $0.change = .down(surfaceID: surface?.objectID ?? 0, serial: serial) }
            setPosition(id, x, y)
        case .motion(let time, let id, let x, let y):
            guard positions[id] != nil else { return }
            pending.time = time
            positions[id] = (x, y)
            point(id) { _ in }
            setPosition(id, x, y)
        case .up(let serial, let time, let id):
            guard positions.removeValue(forKey: id) != nil else { return }
            pending.time = time
            point(id) { $0.change = .up(serial: serial) }
        case .shape(let id, let major, let minor):
            guard positions[id] != nil else { return }
            point(id) {
                $0.major = major
                $0.minor = minor
            }
        case .orientation(let id, let orientation):
            guard positions[id] != nil else { return }
            point(id) { $0.orientation = orientation }
        case .cancel:
            positions = [:]
            pending.points = []
            pending.isCancelled = true
            deliver()
        case .frame:
            deliver()
        }
    }

    /// Changes the pending entry of point `id`, adding it (as a motion) when it has none.
    private func point(_ id: Int32, _ change: (inout TouchFrame.Point) -> Void) {
        if let index = pending.points.firstIndex(where: { $0.id == id }) {
            change(&pending.points[index])
        } else {
            let position = positions[id] ?? (0, 0)
            var point = TouchFrame.Point(id: id, change: .motion, x: position.x, y: position.y)
            change(&point)
            pending.points.append(point)
        }
    }

    private func setPosition(_ id: Int32, _ x: Double, _ y: Double) {
        point(id) {
            $0.x = x
            $0.y = y
        }
    }

    private func deliver() {
        let frame = pending
        pending = TouchFrame()
        if !frame.isEmpty { onFrame?(frame) }
    }
}
