import CoreGraphics

/// The edge, centre or size of a layer's frame a ``CAConstraint`` sets or reads (Apple's
/// `CAConstraintAttribute`). Raw values are Apple's.
public enum CAConstraintAttribute: Int32, Sendable {
    /// The frame's smallest x.
    case minX = 0
    /// The frame's centre x.
    case midX = 1
    /// The frame's largest x.
    case maxX = 2
    /// The frame's width.
    case width = 3
    /// The frame's smallest y (the top in Lamina's y-down layer space, the bottom on macOS).
    case minY = 4
    /// The frame's centre y.
    case midY = 5
    /// The frame's largest y.
    case maxY = 6
    /// The frame's height.
    case height = 7

    /// Whether the attribute is horizontal (an x or the width).
    var isHorizontal: Bool { rawValue < 4 }

    /// The attribute's value for `rect`.
    func value(in rect: CGRect) -> CGFloat {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .width: rect.width
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .height: rect.height
        }
    }
}
