/// An immutable colour: components in a colour space plus alpha. Thread-safe.
///
/// Lamina clamps every component (alpha included) to `0...1` when a colour is created —
/// values below 0 and `-infinity` become 0, values above 1 and `+infinity` become 1, and NaN
/// becomes 0 — except the colour components of a colour in an extended-range space
/// (``CGColorSpace/extendedSRGB``, …), which are kept as given (infinities and NaN become 0).
/// Two colours are equal when their colour spaces and components are equal.
public final class CGColor: Sendable {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha (`[r, g, b, a]` for RGB, `[white, a]` for gray).
    public let components: [CGFloat]?

    /// Lamina: the colour as non-premultiplied sRGB `(red, green, blue, alpha)`, each in
    /// `0...1` (converted from the colour's space, then clamped); gray colours expand to equal
    /// red, green and blue. `nil` for colours with an unsupported model. Computed once, when
    /// the colour is made (renderers, which draw in sRGB, read it per frame).
    public let rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)?

    /// The pattern a pattern colour fills with (``init(patternSpace:pattern:components:)``),
    /// or `nil` for other colours.
    public let pattern: CGPattern?

    private static func rgba(_ space: CGColorSpace?, _ values: [CGFloat]?)
        -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)?
    {
        guard let values, let space else { return nil }
        // sRGB components (clamped when the colour was made) are already the answer: the
        // common case, without converting through arrays.
        if space.drawsAsSRGB, values.count == 4 { return (values[0], values[1], values[2], values[3]) }
        guard let c = encoded(values, from: space, in: .sharedSRGB) else { return nil }
        return (CGFloat(c[0]), CGFloat(c[1]), CGFloat(c[2]), CGFloat(c[3]))
    }

    /// `values` (colour components, then alpha) of a colour in `source` as RGB components and
    /// alpha in `destination`, clamped to `0...1` unless the destination is extended; nil for
    /// a count or model Lamina does not convert.
    private static func encoded(_ values: [CGFloat], from source: CGColorSpace, in destination: CGColorSpace) -> [Double]? {
        guard values.count == source.numberOfComponents + 1, source.model == .rgb || source.model == .monochrome else {
            return nil
        }
        let colour = values.dropLast().map(Double.init)
        var converted = destination.definition.convert(colour, from: source.definition)
        if converted.count == 1 { converted = [converted[0], converted[0], converted[0]] }
        if !destination.isExtended { converted = converted.map { $0.isNaN ? 0 : min(max($0, 0), 1) } }
        return converted + [Double(values[values.count - 1])]
    }

    /// Lamina: this colour's red, green, blue and alpha as components of `space` (sRGB when
    /// nil), non-premultiplied and clamped to `0...1` for drawing into 8-bit pixels; gray
    /// colours expand to three equal components. `nil` for an unsupported model.
    package func rgba(in space: CGColorSpace?) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        guard let space, !space.drawsAsSRGB else {
            return rgba.map { (Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha)) }
        }
        guard let components, let colorSpace, let c = CGColor.encoded(components, from: colorSpace, in: space) else {
            return nil
        }
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        return (unit(c[0]), unit(c[1]), unit(c[2]), unit(c[3]))
    }

    /// Creates a colour in the sRGB colour space; components are clamped to `0...1`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = .sharedSRGB
        components = [red, green, blue, alpha].map(CGColor.clamp)
        rgba = CGColor.rgba(colorSpace, components)
        pattern = nil
    }

    /// Creates a colour in the sRGB colour space (same as ``init(red:green:blue:alpha:)``).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a colour in the generic gray colour space (same as ``init(gray:alpha:)``).
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Creates a colour in the generic gray colour space; components are clamped to `0...1`.
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = .sharedGenericGray
        components = [gray, alpha].map(CGColor.clamp)
        rgba = CGColor.rgba(colorSpace, components)
        pattern = nil
    }

    /// Creates a colour from components (colour components then alpha) in `space`.
    ///
    /// Returns `nil` unless `components` holds exactly `space.numberOfComponents + 1`
    /// values and the space is RGB or gray. Components are clamped to `0...1`.
    public init?(colorSpace space: CGColorSpace, components: [CGFloat]) {
        guard space.model == .rgb || space.model == .monochrome,
            components.count == space.numberOfComponents + 1
        else { return nil }
        colorSpace = space
        self.components = CGColor.clamped(components, extended: space.isExtended)
        rgba = CGColor.rgba(colorSpace, self.components)
        pattern = nil
    }

    /// Creates a colour that fills with `pattern`, in a pattern space
    /// (``CGColorSpace/init(patternBaseSpace:)``): `components` is the alpha for a colored
    /// pattern, or the stencil's colour components in the space's base space and then alpha
    /// for an uncolored one. Returns `nil` for another space, or for an uncolored pattern in a
    /// pattern space without a base space. Components are clamped to `0...1`.
    public init?(patternSpace space: CGColorSpace, pattern: CGPattern, components values: UnsafePointer<CGFloat>) {
        guard space.model == .pattern, pattern.isColored || space.baseColorSpace != nil else {
            Diagnostics.log("CGColor(patternSpace:pattern:components:): the space must be a pattern space, with a base space for an uncolored pattern")
            return nil
        }
        let count = pattern.isColored ? 1 : (space.baseColorSpace?.numberOfComponents ?? 0) + 1
        colorSpace = space
        components = (0..<count).map { CGColor.clamp(values[$0]) }
        rgba = nil
        self.pattern = pattern
    }

    /// Returns this colour converted to `space` (with the published primaries and transfer
    /// functions of both spaces; the rendering intent and options do not change the result for
    /// the spaces Lamina knows), or `nil` when either space is neither RGB nor gray. Components
    /// outside the destination's range are clamped unless it is an extended space.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: [String: Any]?) -> CGColor? {
        guard let components, let colorSpace, space.model == .rgb || space.model == .monochrome,
            colorSpace.model == .rgb || colorSpace.model == .monochrome,
            components.count == colorSpace.numberOfComponents + 1
        else { return nil }
        // RGB to gray gives the luminance, gray to RGB the gray axis.
        let converted = space.definition.convert(components.dropLast().map(Double.init), from: colorSpace.definition)
        let values = converted.map { CGFloat($0) } + [components[components.count - 1]]
        return CGColor(space: space, clampedComponents: CGColor.clamped(values, extended: space.isExtended))
    }

    /// Components clamped as the type's discussion says.
    private static func clamped(_ values: [CGFloat], extended: Bool) -> [CGFloat] {
        guard extended, !values.isEmpty else { return values.map(clamp) }
        return values.dropLast().map { $0.isFinite ? $0 : 0 } + [clamp(values[values.count - 1])]
    }

    /// Creates a colour from already-clamped components.
    private init(space: CGColorSpace?, clampedComponents: [CGFloat]) {
        colorSpace = space
        components = clampedComponents
        rgba = CGColor.rgba(colorSpace, components)
        pattern = nil
    }

    /// The number of components, alpha included (4 for RGB, 2 for gray).
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The colour's alpha (opacity), in `0...1`.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// Returns a copy of this colour with a different alpha (clamped to `0...1`).
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var values = components, !values.isEmpty else { return nil }
        values[values.count - 1] = CGColor.clamp(alpha)
        return CGColor(space: colorSpace, clampedComponents: values)
    }

    /// Opaque black, in the generic gray colour space.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white, in the generic gray colour space.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black, in the generic gray colour space.
    public static let clear = CGColor(gray: 0, alpha: 0)

    private static func clamp(_ value: CGFloat) -> CGFloat {
        if value.isNaN { return 0 }
        return min(max(value, 0), 1)
    }
}

extension CGColor: Equatable, Hashable {
    /// Two colours are equal when their colour spaces and components (and patterns) are equal.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components && lhs.pattern === rhs.pattern)
    }

    /// Hashes the colour space and components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }
}

extension CGColor: CustomStringConvertible {
    /// A textual form naming the colour space and listing the components.
    public var description: String {
        "CGColor(\(colorSpace?.name ?? "no space"): \(components ?? []))"
    }
}
