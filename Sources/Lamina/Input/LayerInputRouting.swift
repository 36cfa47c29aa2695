import QuartzCore

// How input reaches the layers of one surface's tree — a window's content or a popup's: hover
// enter/exit, capture during a press, bubbling up the superlayers, and key events from the
// focused layer. The surface hit-tests (on its presentation tree) and says where.
extension WindowInput {
    /// Routes one pointer event at `location` whose hit-tested layer is `hit`: hover changes,
    /// capture during a press, then the event itself to `handler` and up the target's chain.
    func routePointer(
        _ kind: PointerEvent.Kind, at location: CGPoint, time: UInt32, hit: CALayer?,
        scrolling: PointerEvent.Scrolling = .init(), handler: ((PointerEvent) -> Void)?
    ) {
        func send(to target: CALayer?) {
            sendPointer(kind, to: target, at: location, time: time, scrolling: scrolling, handler: handler)
        }
        if case .exited = kind {
            pointerLocation = nil
        } else {
            pointerLocation = location
            pointerTime = time
        }
        switch kind {
        case .entered, .moved:
            if captured == nil { updateHover(to: hit, at: location, time: time) }
            send(to: captured ?? hit)
        case .pressed(let button):
            if pressedButtons.isEmpty { captured = hit }
            pressedButtons.insert(button)
            send(to: captured ?? hit)
        case .released(let button):
            send(to: captured ?? hit)
            pressedButtons.remove(button)
            if pressedButtons.isEmpty {
                captured = nil
                updateHover(to: hit, at: location, time: time)
            }
        case .scrolled:
            send(to: captured ?? hit)
        case .exited:
            send(to: captured ?? hovered.last)
            captured = nil
            pressedButtons = []
            updateHover(to: nil, at: location, time: time)
        case .hoverEntered, .hoverExited:
            break
        }
    }

    /// Hit-tests again where the pointer stands still (`hitTest` answers for content
    /// coordinates) and moves the hover there, because what is under the pointer moved,
    /// appeared or vanished: the layers get the `.hoverExited` and `.hoverEntered` events a
    /// pointer motion would give them, and nothing else is sent. Does nothing while the
    /// pointer is not over the content or a press captures it. Returns whether the innermost
    /// hovered layer changed (the cursor may change with it).
    @discardableResult
    func refreshHover(_ hitTest: (CGPoint) -> CALayer?) -> Bool {
        contentChangedSinceHoverRefresh = false
        guard captured == nil, let location = pointerLocation else { return false }
        let before = hovered.last
        updateHover(to: hitTest(location), at: location, time: pointerTime)
        return hovered.last !== before
    }

    /// Sends an event to `handler`, then from `target` up its superlayers until a
    /// `PointerEventHandling` layer consumes it.
    private func sendPointer(
        _ kind: PointerEvent.Kind, to target: CALayer?, at location: CGPoint, time: UInt32,
        scrolling: PointerEvent.Scrolling, handler: ((PointerEvent) -> Void)?
    ) {
        let event = PointerEvent(kind: kind, location: location, timestamp: time, layer: target, scrolling: scrolling)
        handler?(event)
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
        let old = hovered
        var common = 0
        while common < old.count, common < chain.count, old[common] === chain[common] { common += 1 }
        hovered = chain
        for exited in old[common...].reversed() { sendHover(.hoverExited, to: exited, at: location, time: time) }
        for entered in chain[common...] { sendHover(.hoverEntered, to: entered, at: location, time: time) }
    }

    /// Hover events go to the layer alone: not to the surface's handler, not bubbled.
    private func sendHover(_ kind: PointerEvent.Kind, to layer: CALayer, at location: CGPoint, time: UInt32) {
        guard let handler = layer as? PointerEventHandling else { return }
        _ = handler.handlePointerEvent(PointerEvent(kind: kind, location: location, timestamp: time, layer: layer))
    }

    /// Delivers a key event to `onKeyEvent`, then from its layer up the superlayers until a
    /// `KeyEventHandling` layer consumes it.
    @discardableResult
    func routeKey(_ event: KeyEvent) -> Bool {
        onKeyEvent?(event)
        var candidate: CALayer? = event.layer
        while let layer = candidate {
            if let handler = layer as? KeyEventHandling, handler.handleKeyEvent(event) { return true }
            candidate = layer.superlayer
        }
        return false
    }

    /// The cursor shown over `layer`: that of the first layer from it up its superlayers that
    /// adopts `CursorProviding` and answers one; `.arrow` when none does.
    static func cursor(for layer: CALayer?) -> Cursor {
        var candidate = layer
        while let current = candidate {
            if let provider = current as? CursorProviding, let cursor = provider.cursor { return cursor }
            candidate = current.superlayer
        }
        return .arrow
    }
}
