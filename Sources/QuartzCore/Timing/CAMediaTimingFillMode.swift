/// How a timed object behaves outside its active duration (`fillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The string Apple uses for the mode (`"forwards"`, …).
    public let rawValue: String

    /// Wraps a raw value; unknown strings behave as `.removed`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// After the active duration, the final state stays visible.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before the active duration begins, the initial state is shown.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// Outside the active duration the object has no effect on the presentation. The default.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}
