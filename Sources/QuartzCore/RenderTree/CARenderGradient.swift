import CoreGraphics

/// Lamina: the gradient a ``CAGradientLayer`` draws, as a `Sendable` value of a render
/// snapshot (``CARenderLayer/gradient``).
public struct CARenderGradient: Sendable, Equatable {
    /// The most stops drawn; further colours are ignored.
    public static let maximumStopCount = 1024

    /// The stop colours, in order.
    public var colors: [CGColor]
    /// The stop locations, one per colour, in `0...1`.
    public var locations: [CGFloat]
    /// The start point, in the unit coordinate space of the bounds.
    public var startPoint: CGPoint
    /// The end point, in the unit coordinate space of the bounds.
    public var endPoint: CGPoint
    /// The kind of gradient.
    public var type: CAGradientLayerType

    /// A gradient made usable: at most ``maximumStopCount`` colours; `locations` used when
    /// it has one finite value per colour (clamped to `0...1`), otherwise the stops are
    /// spread evenly; non-finite points as the defaults.
    public init(
        colors: [CGColor], locations: [CGFloat]? = nil, startPoint: CGPoint = CGPoint(x: 0.5, y: 0),
        endPoint: CGPoint = CGPoint(x: 0.5, y: 1), type: CAGradientLayerType = .axial
    ) {
        let colors = Array(colors.prefix(Self.maximumStopCount))
        self.colors = colors
        if let locations, locations.count == colors.count, locations.allSatisfy(\.isFinite) {
            self.locations = locations.map { min(max($0, 0), 1) }
        } else if colors.count > 1 {
            self.locations = colors.indices.map { CGFloat($0) / CGFloat(colors.count - 1) }
        } else {
            self.locations = colors.map { _ in 0 }
        }
        self.startPoint = startPoint.x.isFinite && startPoint.y.isFinite ? startPoint : CGPoint(x: 0.5, y: 0)
        self.endPoint = endPoint.x.isFinite && endPoint.y.isFinite ? endPoint : CGPoint(x: 0.5, y: 1)
        self.type = type
    }

    /// The colours with their locations, sorted by location (stops at one location keep their
    /// order).
    private var sortedColors: [(location: Double, color: CGColor)] {
        zip(locations, colors).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { (Double($0.element.0), $0.element.1) }
    }

    /// The stops that draw the gradient into `space` (sRGB when nil). Core Animation draws a
    /// gradient layer as Core Graphics draws a gradient made without a colour space: the
    /// colours are mixed in Generic RGB, clamped to its gamut (as Apple's renders of
    /// gradient layers show).
    func stops(drawnIn space: CGColorSpace?) -> [GradientInterpolation.Stop] {
        GradientInterpolation.stops(sortedColors, interpolatedIn: .sharedGenericRGB, drawnIn: space)
    }

    /// The colour at `t` along the gradient (`0...1`), non-premultiplied RGBA in `space`
    /// (sRGB when nil), mixed as ``stops(drawnIn:)`` mixes and constant past the first and
    /// last stops.
    func color(at t: CGFloat, in space: CGColorSpace? = nil) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let c = GradientInterpolation.color(
            at: Double(t), of: sortedColors, interpolatedIn: .sharedGenericRGB, drawnIn: space)
        return (CGFloat(c.red), CGFloat(c.green), CGFloat(c.blue), CGFloat(c.alpha))
    }
}
