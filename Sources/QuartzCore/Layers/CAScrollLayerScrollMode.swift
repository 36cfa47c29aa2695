/// The directions a ``CAScrollLayer`` scrolls in (``CAScrollLayer/scrollMode``). Raw
/// values are Apple's.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The mode's name.
    public let rawValue: String

    /// Creates a mode from its name; unknown names scroll in neither direction.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Scrolling changes nothing.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Only the vertical position changes.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Only the horizontal position changes.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both positions change. The default.
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}
