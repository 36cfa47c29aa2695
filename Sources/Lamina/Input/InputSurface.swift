import QuartzCore
internal import Wayland

/// A surface of the application that takes seat input: a window or a popup. The seat finds
/// it by the surface the compositor names in an enter event.
@MainActor
protocol InputSurface: AnyObject {
    /// The protocol ID of the surface.
    var surfaceID: UInt32 { get }
    /// Routes one pointer event at `point` (surface coordinates); `scrolling` is what the
    /// device said about a `.scrolled` event (empty for other kinds).
    func routePointer(_ kind: PointerEvent.Kind, at point: CGPoint, serial: UInt32, time: UInt32, seat: WlSeat, scrolling: PointerEvent.Scrolling)
    /// The pointer is over the surface at `point` (surface coordinates) without the
    /// compositor saying so (the popup it was over closed): hover and cursor follow.
    func pointerReturned(atSurfacePoint point: CGPoint)
    /// The buttons held down over the surface.
    var heldButtons: Set<UInt32> { get }
    /// The cursor the pointer should show now.
    var currentCursor: Cursor { get }
    /// The surface gained or lost the keyboard focus.
    func setKeyFocus(_ focused: Bool)
    /// Delivers a key event while the surface has the keyboard focus.
    func deliverKey(_ kind: KeyEvent.Kind, _ key: KeyboardKey, time: UInt32)
    /// Routes a touch event whose location is in surface coordinates (its layer not yet set).
    func routeTouch(_ event: TouchEvent)
    /// Routes a gesture event whose location is in surface coordinates (its layer not yet set).
    func routeGesture(_ event: GestureEvent)
}

extension Window: InputSurface {
    var heldButtons: Set<UInt32> { input.pressedButtons }
}
