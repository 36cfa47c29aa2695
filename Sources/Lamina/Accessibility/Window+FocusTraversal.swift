import QuartzCore

// Tab and Shift-Tab moving the keyboard focus among a window's focusable accessibility
// elements, for key presses no layer consumed.
extension Window {
    /// The XKB keysyms of Tab and of Shift-Tab (`ISO_Left_Tab`, what Tab types with Shift
    /// held on most layouts).
    private static let tabKeysym: UInt32 = 0xff09
    private static let leftTabKeysym: UInt32 = 0xfe20

    /// Moves ``focusedLayer`` for a Tab (forwards) or Shift-Tab (backwards) press or repeat
    /// that no `KeyEventHandling` layer consumed, with no Control, Alt or Logo key held:
    /// to the next or previous focusable accessibility element of the window in reading
    /// order (the order assistive technologies read them, `accessibilityElements`
    /// included), wrapping round at the ends; from a layer that is none of them, to the
    /// first or the last. Returns whether it moved the focus (false for other keys, and
    /// when the window has no focusable element): a key it did not take goes on as typed
    /// text.
    ///
    /// Focusable elements are those whose traits make them interactive (button, link,
    /// keyboard key, adjustable, search field, toggle button) and that are enabled. A layer
    /// that wants Tab for itself consumes it in `handleKeyEvent(_:)`.
    func moveFocusForTabKey(_ event: KeyEvent) -> Bool {
        guard event.kind != .released, event.modifiers.isDisjoint(with: [.control, .alternate, .logo]) else { return false }
        let backwards: Bool
        switch event.keysym {
        case Self.tabKeysym: backwards = event.modifiers.contains(.shift)
        case Self.leftTabKeysym: backwards = true
        default: return false
        }
        let order = AccessibilitySnapshotBuilder.focusableLayers(inWindowRoot: frame.root, size: size)
        guard !order.isEmpty else { return false }
        let current = focusedLayer
        let next: Int
        if let index = order.firstIndex(where: { $0 === current }) {
            next = (index + (backwards ? order.count - 1 : 1)) % order.count
        } else {
            next = backwards ? order.count - 1 : 0
        }
        focusedLayer = order[next]
        return true
    }
}
