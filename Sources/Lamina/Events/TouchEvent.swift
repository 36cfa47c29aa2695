import QuartzCore

/// A touch point's event in a window or popup, routed to the layer it went down on.
public struct TouchEvent {
    /// What happened to the touch point.
    public enum Phase: Equatable, Sendable {
        /// The finger touched the surface.
        case began
        /// It moved (or its contact shape changed).
        case moved
        /// It was lifted.
        case ended
        /// The compositor took the touch sequence over (for a gesture of its own), or the
        /// touchscreen went away: forget what this touch was doing.
        case cancelled
    }

    /// What happened.
    public var phase: Phase
    /// The touch point's ID: the same from its `.began` to its `.ended` or `.cancelled`, unique
    /// among the points down at a time (an ID is reused once its point is lifted).
    public var touchID: Int32
    /// Where, in content coordinates (the root layer's superlayer space); for `.ended`, where
    /// the point was last; for `.cancelled`, where it was last seen.
    public var location: CGPoint
    /// The contact's ellipse axes (major, minor; surface units), where the compositor reports
    /// them (`wl_touch` version 6); nil otherwise.
    public var majorRadius: CGFloat?
    /// The minor axis.
    public var minorRadius: CGFloat?
    /// The major axis's angle from the vertical, in degrees clockwise, where reported.
    public var orientation: CGFloat?
    /// The compositor's timestamp in milliseconds.
    public var timestamp: UInt32
    /// The model layer the point went down on — hit-tested on the presentation tree (what was
    /// drawn) — for every event of the touch: the point is captured by it. Nil when nothing
    /// was there.
    public var layer: CALayer?
}

/// A layer that handles touch events. The layer a point went down on gets each of its events
/// first; when its `handleTouchEvent` returns false the event goes to its superlayer, and so on.
///
/// Its requirements are main-actor-isolated, not the protocol: a layer subclass that adopts
/// it in its declaration keeps its other members' isolation (its `layoutSublayers()` override
/// and stored properties stay nonisolated, as `CALayer`'s are).
public protocol TouchEventHandling: AnyObject {
    /// Handles the event; returns whether it was consumed (stopping the bubbling).
    @MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool
}
