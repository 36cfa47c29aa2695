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

    /// The colour at `t` along the gradient (`0...1`), non-premultiplied RGBA, interpolated
    /// between the stops around it and constant past the first and last.
    func color(at t: CGFloat, in space: CGColorSpace? = nil) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        typealias Components = (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        let rgba: [Components] = colors.map { color in
            guard let c = color.rgba(in: space) else { return (0, 0, 0, 0) }
            return (CGFloat(c.red), CGFloat(c.green), CGFloat(c.blue), CGFloat(c.alpha))
        }
        guard let first = rgba.first, let last = rgba.last, let firstLocation = locations.first,
            let lastLocation = locations.last
        else { return (0, 0, 0, 0) }
        if t <= firstLocation { return first }
        if t >= lastLocation { return last }
        for index in 1..<rgba.count where t <= locations[index] {
            let (l0, l1) = (locations[index - 1], locations[index])
            let f = l1 > l0 ? (t - l0) / (l1 - l0) : 1
            let (a, b) = (rgba[index - 1], rgba[index])
            return (
                a.red + (b.red - a.red) * f, a.green + (b.green - a.green) * f, a.blue + (b.blue - a.blue) * f,
                a.alpha + (b.alpha - a.alpha) * f
            )
        }
        return last
    }
}
