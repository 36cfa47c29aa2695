/// The touch events of one `wl_touch.frame`: every touch point that changed at one instant.
public struct TouchFrame: Equatable, Sendable {
    /// What happened to one touch point.
    public enum Change: Equatable, Sendable {
        /// The point went down on a surface (its object ID), with the serial of the event.
        case down(surfaceID: UInt32, serial: UInt32)
        /// The point moved.
        case motion
        /// The point was lifted, with the serial of the event.
        case up(serial: UInt32)
    }

    /// One touch point's change.
    public struct Point: Equatable, Sendable {
        /// The touch point's ID, unique among the points down at a time (reused afterwards).
        public var id: Int32
        /// What happened.
        public var change: Change
        /// Its position in the surface's coordinates (for `up`: where it last was).
        public var x: Double
        /// The vertical position.
        public var y: Double
        /// The contact's ellipse (`wl_touch.shape`, surface units), when the compositor sent one.
        public var major: Double?
        /// The ellipse's minor axis.
        public var minor: Double?
        /// The ellipse's major axis's angle from the surface's vertical, in degrees clockwise
        /// (`wl_touch.orientation`), when the compositor sent one.
        public var orientation: Double?
    }

    /// The points that changed, in the order of their first event in the frame.
    public var points: [Point] = []
    /// Whether the compositor cancelled every point down (it took the touch sequence over,
    /// e.g. for a gesture of its own).
    public var isCancelled = false
    /// The event time in milliseconds, from the last timed event.
    public var time: UInt32 = 0

    /// An empty frame.
    public init() {}

    /// Whether nothing happened.
    public var isEmpty: Bool { points.isEmpty && !isCancelled }
}
