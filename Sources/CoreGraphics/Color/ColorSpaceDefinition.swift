import Foundation

/// What a named colour space means numerically: for RGB spaces, the matrix from linear
/// components to CIE XYZ (D65 white; every RGB space here has a D65 white, so no chromatic
/// adaptation is needed between them) and the transfer function between encoded and linear
/// components; for gray spaces, how a gray level maps onto the RGB spaces.
///
/// The matrices are computed from the published primaries and white point (IEC 61966-2-1
/// for sRGB; SMPTE EG 432-1 primaries for Display P3; the chromaticities of Apple's Generic
/// RGB profile), the transfer functions are the published piecewise sRGB curve (Display P3
/// uses the same), the 1.8 power of Generic RGB and the identity for linear spaces. Extended spaces extend the curve to values outside `0...1` by symmetry about 0.
package struct ColorSpaceDefinition: Sendable, Hashable {
    /// How encoded components relate to linear light.
    package enum Transfer: Sendable, Hashable {
        /// The sRGB curve (a linear toe, then a 2.4 power), used by sRGB and Display P3.
        case sRGB
        /// Linear light.
        case linear
        /// A pure power: linear = encoded^1.8 (Apple's Generic RGB).
        case gamma18

        /// Encoded → linear (odd-symmetric, for extended values).
        func decode(_ v: Double) -> Double {
            switch self {
            case .linear: return v
            case .gamma18: return v < 0 ? -pow(-v, 1.8) : pow(v, 1.8)
            case .sRGB:
                let a = abs(v)
                let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
                return v < 0 ? -l : l
            }
        }

        /// Linear → encoded (odd-symmetric, for extended values).
        func encode(_ l: Double) -> Double {
            switch self {
            case .linear: return l
            case .gamma18: return l < 0 ? -pow(-l, 1 / 1.8) : pow(l, 1 / 1.8)
            case .sRGB:
                let a = abs(l)
                let v = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
                return l < 0 ? -v : v
            }
        }
    }

    /// The colour model of a definition.
    package enum Kind: Sendable, Hashable {
        /// Red, green and blue primaries.
        case rgb(primaries: Primaries)
        /// A gray level on the gray axis of sRGB (generic gray gamma 2.2 and device gray, which
        /// Lamina, like iOS, draws as the sRGB gray of the same value).
        case encodedGray
        /// Linear luminance.
        case linearGray
    }

    /// The primaries of the RGB spaces Lamina knows.
    package enum Primaries: Sendable, Hashable {
        case sRGB, displayP3
        /// Apple's Generic RGB: red (0.630, 0.340), green (0.295, 0.605), blue (0.155, 0.077),
        /// a D65 white; a gamut a little smaller than sRGB's in green and blue.
        case genericRGB
    }

    package let kind: Kind
    package let transfer: Transfer
    /// Whether components outside `0...1` are kept (extended-range spaces).
    package let isExtended: Bool

    package static let sRGB = ColorSpaceDefinition(kind: .rgb(primaries: .sRGB), transfer: .sRGB, isExtended: false)
    /// Apple's Generic RGB space: its primaries with a 1.8 power.
    package static let genericRGB = ColorSpaceDefinition(
        kind: .rgb(primaries: .genericRGB), transfer: .gamma18, isExtended: false)

    /// Linear RGB of these primaries → XYZ.
    private static func matrix(_ primaries: Primaries) -> Matrix3 {
        switch primaries {
        case .sRGB: sRGBToXYZ
        case .displayP3: displayP3ToXYZ
        case .genericRGB: genericRGBToXYZ
        }
    }

    /// Linear RGB → XYZ (D65) of an RGB definition; nil for gray ones.
    var linearToXYZ: Matrix3? {
        guard case .rgb(let primaries) = kind else { return nil }
        return Self.matrix(primaries)
    }

    /// The D65 white point as XYZ with luminance 1.
    static let whiteD65XYZ = SIMD3(whiteD65.x / whiteD65.y, 1, (1 - whiteD65.x - whiteD65.y) / whiteD65.y)

    private static let whiteD65 = (x: 0.3127, y: 0.3290)
    private static let sRGBToXYZ = Matrix3(primaries: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], white: whiteD65)
    private static let displayP3ToXYZ = Matrix3(primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white: whiteD65)
    private static let genericRGBToXYZ = Matrix3(
        primaries: [(0.630, 0.340), (0.295, 0.605), (0.155, 0.077)], white: whiteD65)
    private static let xyzToGenericRGB = genericRGBToXYZ.inverse
    private static let xyzToSRGB = sRGBToXYZ.inverse
    private static let xyzToDisplayP3 = displayP3ToXYZ.inverse

    private static func inverseMatrix(_ primaries: Primaries) -> Matrix3 {
        switch primaries {
        case .sRGB: xyzToSRGB
        case .displayP3: xyzToDisplayP3
        case .genericRGB: xyzToGenericRGB
        }
    }

    /// Linear light of encoded components `c` (one gray level, or three RGB components) as
    /// XYZ; nil for a wrong count.
    func xyz(_ c: [Double]) -> SIMD3<Double>? {
        switch kind {
        case .rgb(let primaries):
            guard c.count == 3 else { return nil }
            let linear = SIMD3(transfer.decode(c[0]), transfer.decode(c[1]), transfer.decode(c[2]))
            return Self.matrix(primaries) * linear
        case .encodedGray:
            guard c.count == 1 else { return nil }
            let l = Transfer.sRGB.decode(c[0])
            return Self.sRGBToXYZ * SIMD3(l, l, l)
        case .linearGray:
            guard c.count == 1 else { return nil }
            return Self.sRGBToXYZ * SIMD3(c[0], c[0], c[0])
        }
    }

    /// Encoded components of XYZ in this space (three for RGB, one for gray: the luminance).
    func components(ofXYZ xyz: SIMD3<Double>) -> [Double] {
        switch kind {
        case .rgb(let primaries):
            let linear = Self.inverseMatrix(primaries) * xyz
            return [transfer.encode(linear.x), transfer.encode(linear.y), transfer.encode(linear.z)]
        case .encodedGray:
            return [Transfer.sRGB.encode(xyz.y)]
        case .linearGray:
            return [xyz.y]
        }
    }

    /// `components` (colour components without alpha) of a colour in `source` converted to
    /// this space; the same components when the spaces draw alike. Values out of this space's
    /// range are kept: callers clamp where the destination is not extended.
    package func convert(_ components: [Double], from source: ColorSpaceDefinition) -> [Double] {
        if source.kind == kind && source.transfer == transfer { return components }
        // A gray level on sRGB's gray axis drawn into sRGB: the same value on each channel.
        if case .encodedGray = source.kind, kind == Self.sRGB.kind, transfer == .sRGB, components.count == 1 {
            return [components[0], components[0], components[0]]
        }
        guard let xyz = source.xyz(components) else { return components }
        return self.components(ofXYZ: xyz)
    }
}

/// A 3×3 matrix of doubles, rows first.
struct Matrix3: Sendable, Equatable {
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    init(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        rows = (r0, r1, r2)
    }

    /// The linear-RGB → XYZ matrix of the given chromaticities of red, green and blue, scaled
    /// so that RGB (1, 1, 1) is the white point with luminance 1.
    init(primaries: [(x: Double, y: Double)], white: (x: Double, y: Double)) {
        func xyz(_ c: (x: Double, y: Double)) -> SIMD3<Double> { SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y) }
        let (r, g, b) = (xyz(primaries[0]), xyz(primaries[1]), xyz(primaries[2]))
        let columns = Matrix3(SIMD3(r.x, g.x, b.x), SIMD3(r.y, g.y, b.y), SIMD3(r.z, g.z, b.z))
        let scale = columns.inverse * xyz(white)
        self.init(
            SIMD3(r.x, g.x, b.x) * scale, SIMD3(r.y, g.y, b.y) * scale, SIMD3(r.z, g.z, b.z) * scale)
    }

    static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
    }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let (c0, c1, c2) = (b * SIMD3(1, 0, 0), b * SIMD3(0, 1, 0), b * SIMD3(0, 0, 1))
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { SIMD3((r * c0).sum(), (r * c1).sum(), (r * c2).sum()) }
        return Matrix3(row(a.rows.0), row(a.rows.1), row(a.rows.2))
    }

    /// Column `i` (0, 1 or 2).
    func column(_ i: Int) -> SIMD3<Double> {
        self * SIMD3(i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0)
    }

    static func == (a: Matrix3, b: Matrix3) -> Bool {
        a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2
    }

    /// The inverse (by cofactors); the matrices here are well conditioned.
    var inverse: Matrix3 {
        let (a, b, c) = rows
        let c0 = SIMD3(b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x)
        let c1 = SIMD3(a.z * c.y - a.y * c.z, a.x * c.z - a.z * c.x, a.y * c.x - a.x * c.y)
        let c2 = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        let determinant = (a * c0).sum()
        // Rows of the inverse are the columns of the cofactor transpose.
        return Matrix3(
            SIMD3(c0.x, c1.x, c2.x) / determinant, SIMD3(c0.y, c1.y, c2.y) / determinant,
            SIMD3(c0.z, c1.z, c2.z) / determinant)
    }
}
