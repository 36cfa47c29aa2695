import QuartzCore

/// A pointer image, by its name in the cursor themes (the CSS / cursor-spec names).
///
/// Themes that only have the traditional X names are asked for the equivalent one
/// (`pointer` → `hand2`, `text` → `xterm`, …); a name the theme lacks shows its arrow.
public struct Cursor: Hashable, Sendable, CustomStringConvertible {
    /// The name looked up in the theme.
    public var name: String

    /// A cursor by theme name.
    public init(name: String) { self.name = name }

    /// The arrow.
    public static let arrow = Cursor(name: "default")
    /// A pointing hand, for links and buttons.
    public static let pointingHand = Cursor(name: "pointer")
    /// An I-beam, for text.
    public static let iBeam = Cursor(name: "text")
    /// A crosshair.
    public static let crosshair = Cursor(name: "crosshair")
    /// An open hand, for something that can be dragged.
    public static let openHand = Cursor(name: "grab")
    /// A closed hand, while dragging.
    public static let closedHand = Cursor(name: "grabbing")
    /// A sign that the action is not allowed.
    public static let operationNotAllowed = Cursor(name: "not-allowed")
    /// Horizontal resizing.
    public static let resizeLeftRight = Cursor(name: "ew-resize")
    /// Vertical resizing.
    public static let resizeUpDown = Cursor(name: "ns-resize")
    /// Resizing from the top edge.
    public static let resizeTop = Cursor(name: "n-resize")
    /// Resizing from the bottom edge.
    public static let resizeBottom = Cursor(name: "s-resize")
    /// Resizing from the left edge.
    public static let resizeLeft = Cursor(name: "w-resize")
    /// Resizing from the right edge.
    public static let resizeRight = Cursor(name: "e-resize")
    /// Resizing from the top-left corner.
    public static let resizeTopLeft = Cursor(name: "nw-resize")
    /// Resizing from the top-right corner.
    public static let resizeTopRight = Cursor(name: "ne-resize")
    /// Resizing from the bottom-left corner.
    public static let resizeBottomLeft = Cursor(name: "sw-resize")
    /// Resizing from the bottom-right corner.
    public static let resizeBottomRight = Cursor(name: "se-resize")

    /// The name.
    public var description: String { name }
}

/// A layer that chooses the pointer's image while the pointer is over it (or over a
/// sublayer that does not choose one itself).
///
/// Its requirements are main-actor-isolated, not the protocol: a layer subclass that adopts
/// it in its declaration keeps its other members' isolation (its `layoutSublayers()` override
/// and stored properties stay nonisolated, as `CALayer`'s are).
public protocol CursorProviding: AnyObject {
    /// The cursor to show over this layer, or nil to let its superlayer decide.
    @MainActor var cursor: Cursor? { get }
}
