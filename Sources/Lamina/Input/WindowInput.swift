import QuartzCore
internal import Wayland

/// What a window remembers between input events: the keyboard focus, the layers under the
/// pointer, and the layer a press captured.
@MainActor
final class WindowInput {
    var onKeyEvent: ((KeyEvent) -> Void)?
    var onKeyFocusChanged: ((Bool) -> Void)?
    weak var focusedLayer: CALayer?
    var isKeyWindow = false
    /// The layers the pointer is over, outermost (the root) first.
    var hovered: [CALayer] = []
    /// The layer the first held button's press hit, until every button is released.
    var captured: CALayer?
    /// Buttons held down in the window.
    var pressedButtons: Set<UInt32> = []
    /// Where the pointer last was over the content (content coordinates) and that event's
    /// time; nil while it is not over the content. Hover follows what moves under it.
    var pointerLocation: CGPoint?
    var pointerTime: UInt32 = 0
    /// Whether the tree changed since the hover was last hit-tested again, whether that is
    /// queued for this turn of the main queue, and whether it happened since the last frame
    /// (it happens at most once per frame; see Window+Input.swift).
    var contentChangedSinceHoverRefresh = false
    var hoverRefreshScheduled = false
    var hoverRefreshedSinceFrame = false
    /// Whether the content (not the decorations) has the pointer.
    var isPointerInContent = false
    /// The cursor of the part of Lamina's decorations under the pointer; nil over the content.
    var decorationCursor: Cursor?
    /// The title-bar button a press is holding until its release.
    var decorationPress: WindowFrame.Button?
    var onTouchEvent: ((TouchEvent) -> Void)?
    var onGestureEvent: ((GestureEvent) -> Void)?
    /// The layer each touch point down went down on (nil inside: it hit nothing), by ID.
    var touchLayers: [Int32: CALayer?] = [:]
    /// The layer the current touchpad gesture began over (nil inside: nothing), if one runs.
    var gestureLayer: CALayer??
    /// The last left press on the title bar, for double clicks.
    var lastTitleBarPress: (time: UInt32, location: CGPoint)?
    /// The latest button press in the window and its seat (activation tokens name it).
    var lastPress: (serial: UInt32, seat: WlSeat)?
}
