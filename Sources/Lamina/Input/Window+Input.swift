import QuartzCore
internal import Wayland

// Keyboard focus, key events, pointer hover and capture, and cursors of a window.
extension Window {
    // MARK: - Keyboard

    /// Called for every key event while the window has the keyboard focus, before the event
    /// goes to the layers. Default: nil.
    public var onKeyEvent: ((KeyEvent) -> Void)? {
        get { input.onKeyEvent }
        set { input.onKeyEvent = newValue }
    }

    /// The layer key events are offered to first; they bubble from it up its superlayers to
    /// the layers that adopt `KeyEventHandling`. Default: the root layer (also when the layer
    /// set here is no longer in the window's tree). Held weakly.
    public var focusedLayer: CALayer {
        get {
            guard let layer = input.focusedLayer else { return rootLayer }
            var ancestor: CALayer? = layer
            while let current = ancestor {
                if current === rootLayer { return layer }
                ancestor = current.superlayer
            }
            return rootLayer
        }
        set {
            input.focusedLayer = newValue
            textInputFocusDidChange()
            application.accessibility.setNeedsUpdate()
        }
    }

    /// Whether the window has the keyboard focus. Default: false.
    public var isKeyWindow: Bool { input.isKeyWindow }

    /// Called with `isKeyWindow` when the window gains or loses the keyboard focus. Default: nil.
    public var onKeyFocusChanged: ((Bool) -> Void)? {
        get { input.onKeyFocusChanged }
        set { input.onKeyFocusChanged = newValue }
    }

    func setKeyFocus(_ focused: Bool) {
        guard input.isKeyWindow != focused else { return }
        input.isKeyWindow = focused
        keyFocusChanged(focused)
        // Assistive technologies see the window's frame active while it has the keyboard.
        application.accessibility.setNeedsUpdate()
    }

    func deliverKey(_ kind: KeyEvent.Kind, _ key: KeyboardKey, time: UInt32) {
        measuringInput(.key(kind), timestamp: time) { routeKey(kind, key, time: time) }
    }

    private func routeKey(_ kind: KeyEvent.Kind, _ key: KeyboardKey, time: UInt32) {
        let event = KeyEvent(kind, key, timestamp: time, layer: focusedLayer)
        // A key no handler takes moves the focus (Tab, Shift-Tab) or is typed text for a
        // focused text-input layer.
        if !input.routeKey(event), !moveFocusForTabKey(event) { deliverTypedText(event) }
    }

    // MARK: - Cursor

    /// The cursor shown over `layer`: that of the first layer from it up its superlayers that
    /// adopts `CursorProviding` and answers one. Default (nil, or no layer answers): `.arrow`.
    public func cursor(for layer: CALayer?) -> Cursor {
        WindowInput.cursor(for: layer)
    }

    /// The cursor the pointer should show now: over the captured layer during a press, else
    /// over the innermost hovered layer.
    var currentCursor: Cursor {
        input.decorationCursor ?? cursor(for: input.captured ?? input.hovered.last)
    }

    // MARK: - Hover under a still pointer

    /// The tree was committed: when the pointer is over the content, what is under it may
    /// have moved, appeared or vanished, so the hover is hit-tested again — at the end of
    /// this turn of the main queue, or, when that already happened since the last frame, at
    /// the next frame (at most once per frame; HoverRefresh.swift).
    func contentCommittedUnderPointer() {
        input.contentCommittedUnderPointer { [weak self] in self?.refreshHoverUnderStillPointer() }
    }

    /// A frame was shown: the hover is hit-tested again when the tree changed since it last
    /// was, or something animates (a layer moving under the pointer).
    func refreshHoverAfterFrame(animating: Bool) {
        input.frameShown(animating: animating) { refreshHoverUnderStillPointer() }
    }

    /// Hit-tests again at the pointer's last location and delivers the hover changes (and
    /// the cursor change) as a motion there would.
    func refreshHoverUnderStillPointer() {
        input.hoverRefreshedSinceFrame = true
        var changed = false
        withInputPresentationTime {
            changed = input.refreshHover { layer(at: $0) }
        }
        guard changed else { return }
        application.pointerTargetChanged(on: self)
        // What the hover handlers changed goes to the next frame.
        CATransaction.flush()
    }

    /// The pointer is back over the window at `point` (surface coordinates) without the
    /// compositor saying so — the popup it was over closed: the hover is hit-tested there.
    func pointerReturned(atSurfacePoint point: CGPoint) {
        guard input.pressedButtons.isEmpty, input.decorationPress == nil, frame.zone(at: point) == .content else { return }
        let origin = frame.contentOrigin
        input.pointerLocation = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        refreshHoverUnderStillPointer()
        application.pointerTargetChanged(on: self)
    }

    // MARK: - Pointer

    /// Routes one pointer event at `location` (content coordinates): hover changes, capture
    /// during a press, then the event itself to `onPointerEvent` and up the target's chain
    /// (LayerInputRouting.swift).
    func deliverPointer(_ kind: PointerEvent.Kind, at location: CGPoint, time: UInt32, scrolling: PointerEvent.Scrolling = .init()) {
        // One media time for the whole event: hit testing and every handler's
        // presentation() see one evaluation of the tree.
        withInputPresentationTime {
            input.routePointer(kind, at: location, time: time, hit: layer(at: location), scrolling: scrolling, handler: onPointerEvent)
        }
    }
}
