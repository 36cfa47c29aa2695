/// Where a ``CATextLayer`` shortens text that does not fit its bounds, with an ellipsis
/// (``CATextLayer/truncationMode``). Raw values are Apple's.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The mode's name.
    public let rawValue: String

    /// Creates a mode from its name; unknown names truncate as ``none``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Text is not truncated: what does not fit is clipped by the bounds. The default.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// The start of the line is replaced by an ellipsis.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// The end of the line is replaced by an ellipsis.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// The middle of the line is replaced by an ellipsis.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a ``CATextLayer`` places lines horizontally in its bounds
/// (``CATextLayer/alignmentMode``). Raw values are Apple's.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The mode's name.
    public let rawValue: String

    /// Creates a mode from its name; unknown names align as ``natural``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Lines start at the edge where the script starts: left for left-to-right text, right
    /// for right-to-left text. The default.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines start at the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines end at the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred between the edges.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines but the last of each paragraph are stretched to both edges; other
    /// lines align as ``natural``.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
