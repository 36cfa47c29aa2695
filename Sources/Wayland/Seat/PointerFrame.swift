/// The pointer events of one `wl_pointer.frame`: everything that happened at one instant.
public struct PointerFrame: Equatable, Sendable {
    /// A button change.
    public struct Button: Equatable, Sendable {
        /// The Linux input event code (`BTN_LEFT` = 0x110).
        public var code: UInt32
        /// True for a press, false for a release.
        public var isPressed: Bool
        /// The serial, for requests such as moving the window.
        public var serial: UInt32
    }

    /// The pointer entered a surface (its object ID) at `position`.
    public var enteredSurfaceID: UInt32?
    /// The serial of the `wl_pointer.enter`, for `wl_pointer.set_cursor`.
    public var enterSerial: UInt32 = 0
    /// The pointer left the surface it was on.
    public var left = false
    /// The position in surface coordinates after this frame, if it moved or entered.
    public var position: (x: Double, y: Double)? {
        get { positionX.map { ($0, positionY ?? 0) } }
        set {
            positionX = newValue?.x
            positionY = newValue?.y
        }
    }
    private var positionX: Double?
    private var positionY: Double?
    /// Button presses and releases, in order.
    public var buttons: [Button] = []
    /// Scroll amounts along the vertical (`.0`) and horizontal (`.1`) axes.
    public var scroll: (vertical: Double, horizontal: Double) {
        get { (scrollVertical, scrollHorizontal) }
        set {
            scrollVertical = newValue.vertical
            scrollHorizontal = newValue.horizontal
        }
    }
    private var scrollVertical = 0.0
    private var scrollHorizontal = 0.0
    /// The event time in milliseconds, from the last timed event.
    public var time: UInt32 = 0

    /// An empty frame.
    public init() {}

    /// Whether nothing happened.
    public var isEmpty: Bool {
        enteredSurfaceID == nil && !left && positionX == nil && buttons.isEmpty && scrollVertical == 0 && scrollHorizontal == 0
    }
}
