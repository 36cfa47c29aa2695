/// A colour gradient: colours at locations in `0...1`. Immutable and thread-safe.
///
/// The gradient keeps its colours in their own spaces; drawn into a context, they are converted
/// into the context's colour space and cairo interpolates between them there (as Core Graphics
/// interpolates in the destination's space: a gradient drawn into a Display P3 context mixes
/// its stops in Display P3). Draw with ``CGContext/drawLinearGradient(_:start:end:options:)`` or
/// ``CGContext/drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)``.
public final class CGGradient: Sendable {
    /// One colour stop: location and non-premultiplied components of one colour space.
    struct Stop: Sendable {
        var location: Double
        var red: Double
        var green: Double
        var blue: Double
        var alpha: Double
    }

    /// The colours at their locations, sorted by location.
    private let colors: [(location: Double, color: CGColor)]
    /// The stops in sRGB, made once.
    let stops: [Stop]

    private init?(colors: [(location: Double, color: CGColor)]) {
        // A stable sort: stops at one location keep their order.
        let sorted = colors.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        var stops: [Stop] = []
        for (location, color) in sorted {
            guard let c = color.rgba(in: nil) else { return nil }
            stops.append(Stop(location: location, red: c.red, green: c.green, blue: c.blue, alpha: c.alpha))
        }
        self.colors = sorted
        self.stops = stops
    }

    /// The stops with their colours converted into `space` (sRGB when nil or sRGB).
    func stops(in space: CGColorSpace?) -> [Stop] {
        guard let space, !space.drawsAsSRGB else { return stops }
        return colors.map { location, color in
            let c = color.rgba(in: space) ?? (0, 0, 0, 1)
            return Stop(location: location, red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        }
    }

    /// Creates a gradient from colours, or returns `nil` when `colors` is empty or holds a
    /// colour Lamina cannot convert to RGB.
    ///
    /// - Parameters:
    ///   - space: The gradient's colour space; may be `nil`. Lamina keeps each colour in its own
    ///     space and interpolates in the space of the context the gradient is drawn into.
    ///   - colors: The colours. Apple takes a `CFArray`; Lamina takes `[CGColor]`.
    ///   - locations: `colors.count` locations in `0...1` (clamped), or `nil` to spread the
    ///     colours evenly from 0 to 1.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        self.init(colors: colors.enumerated().map { index, color in
            (CGGradient.location(index, of: colors.count, locations), color)
        })
    }

    /// Creates a gradient from packed colour components, or returns `nil` for a count below
    /// 1 or a space that is neither RGB nor gray.
    ///
    /// - Parameters:
    ///   - space: An RGB space (4 components per colour: r, g, b, a) or gray space (2: white, a).
    ///   - components: `count ×` the per-colour component count values, clamped to `0...1`
    ///     (colour components of extended spaces are kept).
    ///   - locations: `count` locations in `0...1`, or `nil` for evenly spread colours.
    ///   - count: The number of colours.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0, space.model == .rgb || space.model == .monochrome else { return nil }
        let perColor = space.numberOfComponents + 1
        var colors: [(location: Double, color: CGColor)] = []
        for index in 0..<count {
            let values = (0..<perColor).map { components[index * perColor + $0] }
            guard let color = CGColor(colorSpace: space, components: values) else { return nil }
            colors.append((CGGradient.location(index, of: count, locations), color))
        }
        self.init(colors: colors)
    }

    private static func location(_ index: Int, of count: Int, _ locations: UnsafePointer<CGFloat>?) -> Double {
        if let locations {
            let value = locations[index]
            return value.isNaN ? 0 : Double(min(max(value, 0), 1))
        }
        return count == 1 ? 0 : Double(index) / Double(count - 1)
    }
}
