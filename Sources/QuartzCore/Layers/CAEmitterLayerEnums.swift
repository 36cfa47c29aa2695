/// Where a ``CAEmitterLayer`` emits its particles from (``CAEmitterLayer/emitterShape``).
/// Raw values are Apple's.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The shape's name.
    public let rawValue: String

    /// Creates a shape from its name; unknown names emit as ``point``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A single point at (`emitterPosition.x`, `emitterPosition.y`, `emitterZPosition`).
    /// The default.
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line from `emitterPosition.x - emitterSize.width/2` to
    /// `emitterPosition.x + emitterSize.width/2`, at `emitterPosition.y`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize` centred at `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth` centred at `emitterPosition` and
    /// `emitterZPosition`.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle centred at `emitterPosition` of radius `emitterSize.width`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere centred at `emitterPosition` and `emitterZPosition` of radius
    /// `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles come from (``CAEmitterLayer/emitterMode``).
/// Raw values are Apple's.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The mode's name.
    public let rawValue: String

    /// Creates a mode from its name; unknown names emit as ``volume``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// From the shape's defining points: a line's two ends, a rectangle's or cuboid's
    /// corners, a circle's or sphere's centre.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// From the shape's outline: a line, a rectangle's or circle's perimeter, a cuboid's
    /// edges, a sphere's surface.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// From the shape's surface: a line, the inside of a rectangle or circle, a cuboid's
    /// faces, a sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// From anywhere within the shape. The default.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order and blending in which a ``CAEmitterLayer`` draws its particles
/// (``CAEmitterLayer/renderMode``). Raw values are Apple's.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The mode's name.
    public let rawValue: String

    /// Creates a mode from its name; unknown names draw as ``unordered``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// In no particular order (Lamina: cell by cell, oldest first). The default.
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest particles first (so the newest are on top).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Newest particles first (so the oldest are on top).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by depth: the farthest (lowest z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Oldest first, each particle's colour added to what is below it.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
