/// How ``CAShapeLayer/fillColor`` decides which regions of a path are inside
/// (``CAShapeLayer/fillRule``). Raw values are Apple's.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The rule's name.
    public let rawValue: String

    /// Creates a rule from its name; unknown names fill as ``nonZero``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The non-zero winding rule. The default.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// The even-odd rule: regions crossed an odd number of times are inside.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The shape of the ends of an open stroked path (``CAShapeLayer/lineCap``). Raw values
/// are Apple's.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The cap's name.
    public let rawValue: String

    /// Creates a cap from its name; unknown names draw as ``butt``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The stroke ends exactly at the end point. The default.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle of the line width's diameter past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square of the line width past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The shape of the corners of a stroked path (``CAShapeLayer/lineJoin``). Raw values are
/// Apple's.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The join's name.
    public let rawValue: String

    /// Creates a join from its name; unknown names draw as ``miter``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Sharp corners, bevelled past ``CAShapeLayer/miterLimit``. The default.
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded corners.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners cut off square.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A string-named option type (Apple's typed string constants) that key-value coding can
/// make from its raw `String`, so `setValue("even-odd", forKey: "fillRule")` works.
protocol CAStringEnumeration {
    init(rawValue: String)
}
