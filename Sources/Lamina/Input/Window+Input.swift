import QuartzCore
import Wayland

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
        input.onKeyFocusChanged?(focused)
    }

    func deliverKey(_ kind: KeyEvent.Kind, _ key: KeyboardKey, time: UInt32) {
        measuringInput(.key(kind), timestamp: time) { routeKey(kind, key, time: time) }
    }

    private func routeKey(_ kind: KeyEvent.Kind, _ key: KeyboardKey, time: UInt32) {
        let target = focusedLayer
        let event = KeyEvent(
            kind: kind, keysym: key.keysym, keysymName: key.keysymName, text: key.text, modifiers: key.modifiers,
            timestamp: time, layer: target)
        input.onKeyEvent?(event)
        var candidate: CALayer? = target
        while let layer = candidate {
            if let handler = layer as? KeyEventHandling, handler.handleKeyEvent(event) { return }
            candidate = layer.superlayer
        }
        deliverTypedText(event)
    }

    // MARK: - Cursor

    /// The cursor shown over `layer`: that of the first layer from it up its superlayers that
    /// adopts `CursorProviding` and answers one. Default (nil, or no layer answers): `.arrow`.
    public func cursor(for layer: CALayer?) -> Cursor {
        var candidate = layer
        while let current = candidate {
            if let provider = current as? CursorProviding, let cursor = provider.cursor { return cursor }
            candidate = current.superlayer
        }
        return .arrow
    }

    /// The cursor the pointer should show now: over the captured layer during a press, else
    /// over the innermost hovered layer.
    var currentCursor: Cursor {
        input.decorationCursor ?? cursor(for: input.captured ?? input.hovered.last)
    }

    // MARK: - Pointer

    /// Routes one pointer event at `location` (content coordinates): hover changes, capture
    /// during a press, then the event itself to `onPointerEvent` and up the target's chain.
    func deliverPointer(_ kind: PointerEvent.Kind, at location: CGPoint, time: UInt32) {
        // One media time for the whole event: hit testing and every handler's
        // presentation() see one evaluation of the tree.
        withInputPresentationTime {
            let hit = layer(at: location)
            switch kind {
            case .entered, .moved:
                if input.captured == nil { updateHover(to: hit, at: location, time: time) }
                send(kind, to: input.captured ?? hit, at: location, time: time)
            case .pressed(let button):
                if input.pressedButtons.isEmpty { input.captured = hit }
                input.pressedButtons.insert(button)
                send(kind, to: input.captured ?? hit, at: location, time: time)
            case .released(let button):
                send(kind, to: input.captured ?? hit, at: location, time: time)
                input.pressedButtons.remove(button)
                if input.pressedButtons.isEmpty {
                    input.captured = nil
                    updateHover(to: hit, at: location, time: time)
                }
            case .scrolled:
                send(kind, to: input.captured ?? hit, at: location, time: time)
            case .exited:
                send(kind, to: input.captured ?? input.hovered.last, at: location, time: time)
                input.captured = nil
                input.pressedButtons = []
                updateHover(to: nil, at: location, time: time)
            case .hoverEntered, .hoverExited:
                break
            }
        }
    }

    /// Sends an event to the window's handler, then from `target` up its superlayers until a
    /// `PointerEventHandling` layer consumes it.
    private func send(_ kind: PointerEvent.Kind, to target: CALayer?, at location: CGPoint, time: UInt32) {
        let event = PointerEvent(kind: kind, location: location, timestamp: time, layer: target)
        onPointerEvent?(event)
        var candidate = target
        while let layer = candidate {
            if let handler = layer as? PointerEventHandling, handler.handlePointerEvent(event) { break }
            candidate = layer.superlayer
        }
    }

    /// Makes `layer`'s chain the hovered one: layers left get `.hoverExited` (innermost
    /// first), layers newly under the pointer `.hoverEntered` (outermost first).
    private func updateHover(to layer: CALayer?, at location: CGPoint, time: UInt32) {
        var chain: [CALayer] = []
        var candidate = layer
        while let current = candidate {
            chain.append(current)
            candidate = current.superlayer
        }
        chain.reverse()
        let old = input.hovered
        var common = 0
        while common < old.count, common < chain.count, old[common] === chain[common] { common += 1 }
        input.hovered = chain
        for exited in old[common...].reversed() { sendHover(.hoverExited, to: exited, at: location, time: time) }
        for entered in chain[common...] { sendHover(.hoverEntered, to: entered, at: location, time: time) }
    }

    /// Hover events go to the layer alone: not to `onPointerEvent`, not bubbled.
    private func sendHover(_ kind: PointerEvent.Kind, to layer: CALayer, at location: CGPoint, time: UInt32) {
        guard let handler = layer as? PointerEventHandling else { return }
        _ = handler.handlePointerEvent(PointerEvent(kind: kind, location: location, timestamp: time, layer: layer))
    }
}
