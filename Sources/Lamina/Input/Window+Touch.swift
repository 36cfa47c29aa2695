import QuartzCore

// Touch points and touchpad gestures in a window's content (LayerTouchRouting.swift).
extension Window {
    /// Called for every touch event in the window, before it goes to the layers. Default nil.
    public var onTouchEvent: ((TouchEvent) -> Void)? {
        get { input.onTouchEvent }
        set { input.onTouchEvent = newValue }
    }

    /// Called for every touchpad gesture event in the window (where the compositor offers
    /// `zwp_pointer_gestures_v1`), before it goes to the layers. Default nil.
    public var onGestureEvent: ((GestureEvent) -> Void)? {
        get { input.onGestureEvent }
        set { input.onGestureEvent = newValue }
    }

    func routeTouch(_ event: TouchEvent) {
        var event = event
        event.location = contentLocation(of: event.location)
        withInputPresentationTime { input.routeTouch(event) { layer(at: event.location) } }
    }

    func routeGesture(_ event: GestureEvent) {
        var event = event
        event.location = contentLocation(of: event.location)
        withInputPresentationTime { input.routeGesture(event) { layer(at: event.location) } }
    }

    /// A point of the surface in content coordinates (below Lamina's title bar when it draws one).
    func contentLocation(of point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - contentOrigin.x, y: point.y - contentOrigin.y)
    }
}
