import Foundation

/// An independent computation of a gradient mixed in Apple's Generic RGB space, as Core
/// Graphics draws a gradient made without a colour space (Apple's `CGGradient` documentation:
/// "each color will be converted to and drawn in the GenericRGB color space") and as Apple's
/// renders of `CAGradientLayer`s show: the sRGB stops are converted to Generic RGB
/// (chromaticities red 0.630, 0.340; green 0.295, 0.605; blue 0.155, 0.077; D65 white; a 1.8
/// power), clamped to its gamut, mixed linearly there, and converted back to sRGB.
///
/// The matrices are built here from the chromaticities by Cramer's rule, not taken from the
/// library.
public enum GenericRGBGradientOracle {
    /// Components of one colour: red, green, blue.
    public typealias RGB = (Double, Double, Double)

    /// The sRGB colour (encoded, each in `0...1`) at `t` of a gradient through the sRGB
    /// `colors` at `locations` (sorted), mixed in Generic RGB; the end colours outside.
    public static func sRGB(at t: Double, of colors: [RGB], locations: [Double]) -> RGB {
        let mixed = colors.map(genericRGB(ofSRGB:))
        guard let firstLocation = locations.first, let lastLocation = locations.last else { return (0, 0, 0) }
        if t <= firstLocation { return sRGB(ofGenericRGB: mixed[0]) }
        if t >= lastLocation { return sRGB(ofGenericRGB: mixed[mixed.count - 1]) }
        for i in 1..<locations.count where t <= locations[i] {
            let f = (t - locations[i - 1]) / (locations[i] - locations[i - 1])
            let (a, b) = (mixed[i - 1], mixed[i])
            return sRGB(ofGenericRGB: (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f))
        }
        return sRGB(ofGenericRGB: mixed[mixed.count - 1])
    }

    /// The same colour in 255ths, rounded as an 8-bit pixel stores it.
    public static func bytes(_ c: RGB) -> RGB {
        ((c.0 * 255).rounded(), (c.1 * 255).rounded(), (c.2 * 255).rounded())
    }

    /// Encoded sRGB → encoded Generic RGB, clamped to its gamut.
    public static func genericRGB(ofSRGB c: RGB) -> RGB {
        let linear = solve(genericToXYZ, multiply(sRGBToXYZ, (decodeSRGB(c.0), decodeSRGB(c.1), decodeSRGB(c.2))))
        func encode(_ v: Double) -> Double { pow(min(max(v, 0), 1), 1 / 1.8) }
        return (encode(linear.0), encode(linear.1), encode(linear.2))
    }

    /// Encoded Generic RGB → encoded sRGB, clamped to `0...1`.
    public static func sRGB(ofGenericRGB c: RGB) -> RGB {
        let linear = solve(sRGBToXYZ, multiply(genericToXYZ, (pow(c.0, 1.8), pow(c.1, 1.8), pow(c.2, 1.8))))
        func encode(_ v: Double) -> Double {
            let l = min(max(v, 0), 1)
            return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        }
        return (encode(linear.0), encode(linear.1), encode(linear.2))
    }

    private typealias Matrix = (RGB, RGB, RGB)

    private static func decodeSRGB(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear RGB → XYZ of chromaticities, white D65 (0.3127, 0.3290) at luminance 1.
    private static func matrix(_ r: (Double, Double), _ g: (Double, Double), _ b: (Double, Double)) -> Matrix {
        func xyz(_ c: (Double, Double)) -> RGB { (c.0 / c.1, 1, (1 - c.0 - c.1) / c.1) }
        let (R, G, B) = (xyz(r), xyz(g), xyz(b))
        let columns: Matrix = ((R.0, G.0, B.0), (R.1, G.1, B.1), (R.2, G.2, B.2))
        let s = solve(columns, xyz((0.3127, 0.3290)))
        return ((R.0 * s.0, G.0 * s.1, B.0 * s.2), (R.1 * s.0, G.1 * s.1, B.1 * s.2), (R.2 * s.0, G.2 * s.1, B.2 * s.2))
    }

    private static let sRGBToXYZ = matrix((0.64, 0.33), (0.30, 0.60), (0.15, 0.06))
    private static let genericToXYZ = matrix((0.630, 0.340), (0.295, 0.605), (0.155, 0.077))

    private static func multiply(_ m: Matrix, _ v: RGB) -> RGB {
        (
            m.0.0 * v.0 + m.0.1 * v.1 + m.0.2 * v.2, m.1.0 * v.0 + m.1.1 * v.1 + m.1.2 * v.2,
            m.2.0 * v.0 + m.2.1 * v.1 + m.2.2 * v.2
        )
    }

    /// x with m · x = v, by Cramer's rule.
    private static func solve(_ m: Matrix, _ v: RGB) -> RGB {
        func det(_ a: Matrix) -> Double {
            a.0.0 * (a.1.1 * a.2.2 - a.1.2 * a.2.1) - a.0.1 * (a.1.0 * a.2.2 - a.1.2 * a.2.0)
                + a.0.2 * (a.1.0 * a.2.1 - a.1.1 * a.2.0)
        }
        let d = det(m)
        let x = det(((v.0, m.0.1, m.0.2), (v.1, m.1.1, m.1.2), (v.2, m.2.1, m.2.2))) / d
        let y = det(((m.0.0, v.0, m.0.2), (m.1.0, v.1, m.1.2), (m.2.0, v.2, m.2.2))) / d
        let z = det(((m.0.0, m.0.1, v.0), (m.1.0, m.1.1, v.1), (m.2.0, m.2.1, v.2))) / d
        return (x, y, z)
    }
}
