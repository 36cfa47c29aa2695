import QuartzCore

// How touch points and touchpad gestures reach the layers of one surface's tree: each point
// (or gesture) is hit-tested when it begins and captured by that layer until it ends; its
// events go to the surface's handler, then bubble up from the layer.
extension WindowInput {
    /// Routes one touch event (its `layer` not yet set); `hit` hit-tests its location. Events
    /// of a point that never began here are dropped.
    func routeTouch(_ event: TouchEvent, hit: () -> CALayer?) {
        var event = event
        switch event.phase {
        case .began:
            let layer = hit()
            touchLayers[event.touchID] = .some(layer)
            event.layer = layer
        case .moved:
            guard let captured = touchLayers[event.touchID] else { return }
            event.layer = captured
        case .ended, .cancelled:
            guard let captured = touchLayers.removeValue(forKey: event.touchID) else { return }
            event.layer = captured
        }
        onTouchEvent?(event)
        var candidate = event.layer
        while let layer = candidate {
            if let handler = layer as? TouchEventHandling, handler.handleTouchEvent(event) { break }
            candidate = layer.superlayer
        }
    }

    /// Routes one gesture event (its `layer` not yet set); `hit` hit-tests the pointer's
    /// location when the gesture begins. Events of a gesture that never began here are dropped.
    func routeGesture(_ event: GestureEvent, hit: () -> CALayer?) {
        var event = event
        switch event.phase {
        case .began:
            let layer = hit()
            gestureLayer = .some(layer)
            event.layer = layer
        case .changed:
            guard let captured = gestureLayer else { return }
            event.layer = captured
        case .ended, .cancelled:
            guard let captured = gestureLayer else { return }
            gestureLayer = nil
            event.layer = captured
        }
        onGestureEvent?(event)
        var candidate = event.layer
        while let layer = candidate {
            if let handler = layer as? GestureEventHandling, handler.handleGestureEvent(event) { break }
            candidate = layer.superlayer
        }
    }
}
