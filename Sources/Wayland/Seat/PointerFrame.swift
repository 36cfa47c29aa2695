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

    /// The scrolling of one frame: the `wl_pointer.axis` amounts and what the compositor said
    /// about them (`axis_source`, `axis_discrete` or `axis_value120`, `axis_stop`,
    /// `axis_relative_direction`).
    public struct Scrolling: Equatable, Sendable {
        /// The vertical amount in surface units (positive: down), summed over the frame.
        public var vertical = 0.0
        /// The horizontal amount in surface units (positive: right), summed over the frame.
        public var horizontal = 0.0
        /// The device the frame's scrolling came from; nil when the compositor did not say.
        public var source: WlPointer.AxisSource?
        /// Wheel steps along the vertical axis in 120ths of a detent: `axis_value120` as sent
        /// (pointer version 8 and later), or `axis_discrete` × 120 (versions 5 to 7). 0 when
        /// the frame carried none.
        public var verticalValue120: Int32 = 0
        /// Wheel steps along the horizontal axis in 120ths of a detent.
        public var horizontalValue120: Int32 = 0
        /// Whether the vertical scroll ended in this frame (`axis_stop`: the fingers left).
        public var verticalStopped = false
        /// Whether the horizontal scroll ended in this frame.
        public var horizontalStopped = false
        /// Whether the vertical amount is the inverse of the fingers' or wheel's physical
        /// motion (`axis_relative_direction` inverted, "natural scrolling"; version 9).
        public var verticalInverted = false
        /// Whether the horizontal amount is the inverse of the physical motion.
        public var horizontalInverted = false

        /// No scrolling.
        public init() {}

        /// Whether the frame scrolled by a non-zero amount.
        public var hasMotion: Bool { vertical != 0 || horizontal != 0 }
        /// Whether a scroll ended along either axis.
        public var hasStop: Bool { verticalStopped || horizontalStopped }
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
    /// The frame's scrolling, with its source, steps and stops.
    public var scrolling = Scrolling()
    /// Scroll amounts along the vertical (`.0`) and horizontal (`.1`) axes.
    public var scroll: (vertical: Double, horizontal: Double) {
        get { (scrolling.vertical, scrolling.horizontal) }
        set {
            scrolling.vertical = newValue.vertical
            scrolling.horizontal = newValue.horizontal
        }
    }
    /// The event time in milliseconds, from the last timed event.
    public var time: UInt32 = 0

    /// An empty frame.
    public init() {}

    /// Whether nothing happened (an `axis_source` or step count without an amount is nothing).
    public var isEmpty: Bool {
        enteredSurfaceID == nil && !left && positionX == nil && buttons.isEmpty && !scrolling.hasMotion && !scrolling.hasStop
    }
}
