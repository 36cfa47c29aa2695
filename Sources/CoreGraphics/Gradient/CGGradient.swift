/// A colour gradient: colours at locations in `0...1`. Immutable and thread-safe.
///
/// As in Core Graphics, a gradient is drawn in its own colour space: its colours are
/// converted into that space (clamped to its gamut), mixed there, and each mixed colour is
/// converted into the space of the context it is drawn into. A gradient made without a colour
/// space is drawn in Generic RGB (``kCGColorSpaceGenericRGB``), whose 1.8 power and slightly
/// smaller gamut give other in-between colours than sRGB does. Draw with
/// ``CGContext/drawLinearGradient(_:start:end:options:)`` or
/// ``CGContext/drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)``.
public final class CGGradient: Sendable {
    /// The colours at their locations, sorted by location.
    private let colors: [(location: Double, color: CGColor)]
    /// The space the colours are mixed in.
    let interpolationSpace: CGColorSpace
    /// The stops drawn into an sRGB context, made once.
    let stops: [GradientInterpolation.Stop]

    private init?(colors: [(location: Double, color: CGColor)], space: CGColorSpace?) {
        let space = space ?? .sharedGenericRGB
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        // A stable sort: stops at one location keep their order.
        let sorted = colors.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        guard sorted.allSatisfy({ $0.color.rgba(in: nil) != nil }) else { return nil }
        self.colors = sorted
        self.interpolationSpace = space
        self.stops = GradientInterpolation.stops(sorted, interpolatedIn: space, drawnIn: nil)
    }

    /// The stops that draw this gradient into a context of `space` (sRGB when nil).
    func stops(in space: CGColorSpace?) -> [GradientInterpolation.Stop] {
        guard let space, !space.drawsAsSRGB else { return stops }
        return GradientInterpolation.stops(colors, interpolatedIn: interpolationSpace, drawnIn: space)
    }

    /// Creates a gradient from colours, or returns `nil` when `colors` is empty or holds a
    /// colour Lamina cannot convert to RGB.
    ///
    /// - Parameters:
    ///   - space: The space the gradient is drawn in: each colour is converted into it and the
    ///     colours are mixed there. When `nil`, Generic RGB (``kCGColorSpaceGenericRGB``). An
    ///     RGB or gray space; any other gives `nil`.
    ///   - colors: The colours. Apple takes a `CFArray`; Lamina takes `[CGColor]`.
    ///   - locations: `colors.count` locations in `0...1` (clamped), or `nil` to spread the
    ///     colours evenly from 0 to 1.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        self.init(
            colors: colors.enumerated().map { index, color in
                (CGGradient.location(index, of: colors.count, locations), color)
            }, space: space)
    }

    /// Creates a gradient from packed colour components, or returns `nil` for a count below
    /// 1 or a space that is neither RGB nor gray.
    ///
    /// - Parameters:
    ///   - space: An RGB space (4 components per colour: r, g, b, a) or gray space (2: white, a);
    ///     the colours are mixed in it.
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
        self.init(colors: colors, space: space)
    }

    private static func location(_ index: Int, of count: Int, _ locations: UnsafePointer<CGFloat>?) -> Double {
        if let locations {
            let value = locations[index]
            return value.isNaN ? 0 : Double(min(max(value, 0), 1))
        }
        return count == 1 ? 0 : Double(index) / Double(count - 1)
    }
}
