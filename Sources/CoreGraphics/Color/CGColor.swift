/// An immutable colour: components in a colour space plus alpha. Thread-safe.
///
/// Lamina clamps every component (alpha included) to `0...1` when a colour is created:
/// values below 0 and `-infinity` become 0, values above 1 and `+infinity` become 1, and
/// NaN becomes 0. (Apple keeps extended-range values; Lamina has no extended spaces yet.)
/// Two colours are equal when their colour spaces and components are equal.
public final class CGColor: Sendable {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha, each in `0...1`
    /// (`[r, g, b, a]` for RGB, `[white, a]` for gray).
    public let components: [CGFloat]?

    /// Lamina: the colour as non-premultiplied sRGB `(red, green, blue, alpha)`, each in
    /// `0...1`; gray colours expand to equal red, green and blue. `nil` for colours with an
    /// unsupported model. Computed once, when the colour is made (renderers read it per frame).
    public let rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)?

    private static func rgba(_ space: CGColorSpace?, _ values: [CGFloat]?)
        -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)?
    {
        guard let values, let space else { return nil }
        switch (space.model, values.count) {
        case (.rgb, 4): return (values[0], values[1], values[2], values[3])
        case (.monochrome, 2): return (values[0], values[0], values[0], values[1])
        default: return nil
        }
    }

    /// Creates a colour in the sRGB colour space; components are clamped to `0...1`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = .sharedSRGB
        components = [red, green, blue, alpha].map(CGColor.clamp)
        rgba = CGColor.rgba(colorSpace, components)
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
        self.components = components.map(CGColor.clamp)
        rgba = CGColor.rgba(colorSpace, self.components)
    }

    /// Creates a colour from already-clamped components.
    private init(space: CGColorSpace?, clampedComponents: [CGFloat]) {
        colorSpace = space
        components = clampedComponents
        rgba = CGColor.rgba(colorSpace, components)
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
    /// Two colours are equal when their colour spaces and components are equal.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components)
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
