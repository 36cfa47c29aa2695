import QuartzCore

/// A touchpad gesture (`zwp_pointer_gestures_v1`) in a window or popup, routed to the layer
/// that was under the pointer when it began.
public struct GestureEvent {
    /// Which gesture.
    public enum Kind: Equatable, Sendable {
        /// Fingers moving together (three or four, usually).
        case swipe
        /// Fingers moving apart or together, perhaps turning.
        case pinch
        /// Fingers resting on the touchpad without moving.
        case hold
    }

    /// Where the gesture is.
    public enum Phase: Equatable, Sendable {
        /// It began.
        case began
        /// The fingers moved (swipes and pinches).
        case changed
        /// The fingers were lifted: the gesture is complete.
        case ended
        /// The gesture was cancelled (the compositor took it over, or, for a hold, the fingers
        /// moved): undo what it did.
        case cancelled
    }

    /// Which gesture.
    public var kind: Kind
    /// Where it is.
    public var phase: Phase
    /// How many fingers.
    public var fingers: Int
    /// How far the fingers moved since the gesture began (swipes and pinches; zero for holds),
    /// in points.
    public var translation: CGPoint
    /// The distance between the fingers relative to when the pinch began (1 at the start and
    /// for swipes and holds).
    public var scale: CGFloat
    /// How far the fingers turned since the pinch began, in radians clockwise (0 for swipes
    /// and holds).
    public var rotation: CGFloat
    /// Where the pointer is, in content coordinates (the root layer's superlayer space).
    public var location: CGPoint
    /// The compositor's timestamp in milliseconds.
    public var timestamp: UInt32
    /// The model layer that was under the pointer when the gesture began (hit-tested on the
    /// presentation tree), for every event of the gesture. Nil when nothing was there.
    public var layer: CALayer?
}

/// A layer that handles touchpad gestures. The layer under the pointer when the gesture began
/// gets its events first; when its `handleGestureEvent` returns false the event goes to its
/// superlayer, and so on.
///
/// Its requirements are main-actor-isolated, not the protocol: a layer subclass that adopts
/// it in its declaration keeps its other members' isolation (its `layoutSublayers()` override
/// and stored properties stay nonisolated, as `CALayer`'s are).
public protocol GestureEventHandling: AnyObject {
    /// Handles the event; returns whether it was consumed (stopping the bubbling).
    @MainActor func handleGestureEvent(_ event: GestureEvent) -> Bool
}
