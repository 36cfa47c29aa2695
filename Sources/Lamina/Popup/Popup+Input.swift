import QuartzCore
internal import Wayland

// Seat input in a popup: pointer events hit-tested on its presentation tree and keys from its
// focused layer, routed as a window routes them (LayerInputRouting.swift).
extension Popup: InputSurface {
    var heldButtons: Set<UInt32> { input.pressedButtons }

    var surfaceID: UInt32 { shown?.surface.surface.objectID ?? 0 }

    func routePointer(_ kind: PointerEvent.Kind, at point: CGPoint, serial: UInt32, time: UInt32, seat: WlSeat, scrolling: PointerEvent.Scrolling) {
        guard let shown else { return }
        // One media time for the whole event: hit testing and every handler's
        // presentation() see one evaluation of the tree.
        shown.presenter.withPresentationTime {
            input.routePointer(kind, at: point, time: time, hit: layer(at: point), scrolling: scrolling, handler: onPointerEvent)
        }
    }

    var currentCursor: Cursor { WindowInput.cursor(for: input.captured ?? input.hovered.last) }

    func pointerReturned(atSurfacePoint point: CGPoint) {
        guard let shown, input.pressedButtons.isEmpty else { return }
        input.pointerLocation = point
        shown.presenter.withPresentationTime {
            input.refreshHover { layer(at: $0) }
        }
        shown.application.pointerTargetChanged(on: self)
    }

    // MARK: - Hover under a still pointer

    /// The popup's tree was committed: the hover is hit-tested again as a window's is
    /// (HoverRefresh.swift).
    func contentCommittedUnderPointer() {
        input.contentCommittedUnderPointer { [weak self] in self?.refreshHoverUnderStillPointer() }
    }

    /// A frame of the popup was shown.
    func refreshHoverAfterFrame(animating: Bool) {
        input.frameShown(animating: animating) { refreshHoverUnderStillPointer() }
    }

    /// Hit-tests again at the pointer's last location and delivers the hover changes (and
    /// the cursor change) as a motion there would.
    func refreshHoverUnderStillPointer() {
        guard let shown else { return }
        input.hoverRefreshedSinceFrame = true
        var changed = false
        shown.presenter.withPresentationTime {
            changed = input.refreshHover { layer(at: $0) }
        }
        guard changed else { return }
        shown.application.pointerTargetChanged(on: self)
        // What the hover handlers changed goes to the next frame.
        CATransaction.flush()
    }

    func setKeyFocus(_ focused: Bool) {
        input.isKeyWindow = focused
    }

    func deliverKey(_ kind: KeyEvent.Kind, _ key: KeyboardKey, time: UInt32) {
        input.routeKey(KeyEvent(kind, key, timestamp: time, layer: focusedLayer))
    }
}

// Touch points and touchpad gestures in a popup (LayerTouchRouting.swift).
extension Popup {
    /// Called for every touch event in the popup, before it goes to the layers. Default nil.
    public var onTouchEvent: ((TouchEvent) -> Void)? {
        get { input.onTouchEvent }
        set { input.onTouchEvent = newValue }
    }

    /// Called for every touchpad gesture event in the popup, before it goes to the layers.
    /// Default nil.
    public var onGestureEvent: ((GestureEvent) -> Void)? {
        get { input.onGestureEvent }
        set { input.onGestureEvent = newValue }
    }

    func routeTouch(_ event: TouchEvent) {
        guard let shown else { return }
        shown.presenter.withPresentationTime { input.routeTouch(event) { layer(at: event.location) } }
    }

    func routeGesture(_ event: GestureEvent) {
        guard let shown else { return }
        shown.presenter.withPresentationTime { input.routeGesture(event) { layer(at: event.location) } }
    }
}
