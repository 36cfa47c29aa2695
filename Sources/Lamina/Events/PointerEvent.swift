import QuartzCore

/// A pointer event in a window, routed to the layer under the pointer.
public struct PointerEvent {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        /// The pointer entered the window.
        case entered
        /// The pointer left the window.
        case exited
        /// The pointer moved.
        case moved
        /// A button was pressed (`code` is the Linux input code; `BTN_LEFT` = 0x110).
        case pressed(button: UInt32)
        /// A button was released.
        case released(button: UInt32)
        /// The wheel or touchpad scrolled by these amounts.
        case scrolled(vertical: Double, horizontal: Double)
    }

    /// What happened.
    public var kind: Kind
    /// Where, in window coordinates (the root layer's superlayer space: origin top-left).
    public var location: CGPoint
    /// The compositor's timestamp in milliseconds.
    public var timestamp: UInt32
    /// The model layer whose presentation (what was drawn) is under the pointer, or nil.
    public var layer: CALayer?
}

/// A layer that handles pointer events. The hit layer gets the event first; when its
/// `handlePointerEvent` returns false the event bubbles to its superlayer, and so on.
@MainActor
public protocol PointerEventHandling: AnyObject {
    /// Handles the event; returns whether it was consumed (stopping the bubbling).
    func handlePointerEvent(_ event: PointerEvent) -> Bool
}
