/// A colour gradient: colours at locations in `0...1`. Immutable and thread-safe.
///
/// Colours are converted to sRGB when the gradient is created; cairo interpolates between
/// them. Draw with ``CGContext/drawLinearGradient(_:start:end:options:)`` or
/// ``CGContext/drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)``.
public final class CGGradient: Sendable {
    /// One colour stop: location and non-premultiplied sRGB components.
    struct Stop: Sendable {
        var location: Double
        var red: Double
        var green: Double
        var blue: Double
        var alpha: Double
    }

    /// The stops, sorted by location.
    let stops: [Stop]

    private init(stops: [Stop]) {
        self.stops = stops.sorted { $0.location < $1.location }
    }

    /// Creates a gradient from colours, or returns `nil` when `colors` is empty or holds a
    /// colour Lamina cannot convert to RGB.
    ///
    /// - Parameters:
    ///   - space: The colour space to interpolate in (Lamina always uses sRGB); may be `nil`.
    ///   - colors: The colours. Apple takes a `CFArray`; Lamina takes `[CGColor]`.
    ///   - locations: `colors.count` locations in `0...1` (clamped), or `nil` to spread the
    ///     colours evenly from 0 to 1.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        var stops: [Stop] = []
        for (index, color) in colors.enumerated() {
            guard let rgba = color.rgba else { return nil }
            stops.append(
                Stop(
                    location: CGGradient.location(index, of: colors.count, locations),
                    red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha)))
        }
        self.init(stops: stops)
    }

    /// Creates a gradient from packed colour components, or returns `nil` for a count below
    /// 1 or a space that is neither RGB nor gray.
    ///
    /// - Parameters:
    ///   - space: An RGB space (4 components per colour: r, g, b, a) or gray space (2: white, a).
    ///   - components: `count ×` the per-colour component count values, clamped to `0...1`.
    ///   - locations: `count` locations in `0...1`, or `nil` for evenly spread colours.
    ///   - count: The number of colours.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        let perColor: Int
        switch space.model {
        case .rgb: perColor = 4
        case .monochrome: perColor = 2
        default: return nil
        }
        func clamp(_ value: CGFloat) -> Double { value.isNaN ? 0 : Double(min(max(value, 0), 1)) }
        var stops: [Stop] = []
        for index in 0..<count {
            let c = components + index * perColor
            let location = CGGradient.location(index, of: count, locations)
            if perColor == 4 {
                stops.append(Stop(location: location, red: clamp(c[0]), green: clamp(c[1]), blue: clamp(c[2]), alpha: clamp(c[3])))
            } else {
                stops.append(Stop(location: location, red: clamp(c[0]), green: clamp(c[0]), blue: clamp(c[0]), alpha: clamp(c[1])))
            }
        }
        self.init(stops: stops)
    }

    private static func location(_ index: Int, of count: Int, _ locations: UnsafePointer<CGFloat>?) -> Double {
        if let locations {
            let value = locations[index]
            return value.isNaN ? 0 : Double(min(max(value, 0), 1))
        }
        return count == 1 ? 0 : Double(index) / Double(count - 1)
    }
}
