import Foundation

/// ICC profiles (ICC.1:2010, version 4) of the colour spaces Lamina knows: written as
/// matrix/TRC display profiles, and read back from such profiles.
///
/// A written RGB profile holds the description and copyright (`desc`, `cprt`), the PCS white
/// (`wtpt`, D50 as version 4 requires), the chromatic adaptation from the space's D65 white
/// to D50 (`chad`, Bradford), the primaries adapted to D50 (`rXYZ`, `gXYZ`, `bXYZ`) and one
/// parametric curve shared by `rTRC`, `gTRC` and `bTRC`; a gray profile holds `desc`, `cprt`,
/// `wtpt` and `kTRC`. Reading accepts version 2 and 4 matrix/TRC RGB and gray profiles whose
/// primaries and curves are those of a space Lamina draws (sRGB, Display P3 or Generic RGB
/// primaries; the sRGB curve, a 1.8 power or linear light; for gray also a 2.2 power, which Lamina draws with the sRGB
/// curve as it does generic gray) and returns nil for anything else. Every offset and length
/// read from the bytes is checked against the profile's size before it is used.
enum ICCProfile {
    // MARK: Shared numbers

    /// The PCS illuminant, D50, as ICC profiles encode it.
    static let whiteD50 = SIMD3(0.9642, 1.0, 0.8249)

    /// The Bradford chromatic adaptation from D65 to D50.
    static let adaptD65ToD50: Matrix3 = {
        let bradford = Matrix3(
            SIMD3(0.8951, 0.2664, -0.1614), SIMD3(-0.7502, 1.7135, 0.0367), SIMD3(0.0389, -0.0685, 1.0296))
        let source = bradford * ColorSpaceDefinition.whiteD65XYZ
        let destination = bradford * whiteD50
        let ratio = destination / source
        let scale = Matrix3(SIMD3(ratio.x, 0, 0), SIMD3(0, ratio.y, 0), SIMD3(0, 0, ratio.z))
        return bradford.inverse * scale * bradford
    }()

    /// The primaries of an RGB definition adapted to D50: the columns red, green, blue.
    static func colorants(of definition: ColorSpaceDefinition) -> Matrix3? {
        definition.linearToXYZ.map { adaptD65ToD50 * $0 }
    }

    /// The curves a profile can carry, as parametric curves (ICC `para`): the function type
    /// and its parameters.
    enum Curve: Equatable {
        /// `Y = X^g`.
        case gamma(Double)
        /// The sRGB curve: `Y = (aX + b)^g` above `d`, `Y = cX` below.
        case sRGB

        var parametric: (type: UInt16, parameters: [Double]) {
            switch self {
            case .gamma(let g): return (0, [g])
            case .sRGB: return (3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
            }
        }
    }

    // MARK: Writing

    /// The profile of `definition`, described as `description`.
    static func data(for definition: ColorSpaceDefinition, description: String) -> Data {
        var tags: [(signature: String, body: [UInt8])] = [
            ("desc", multiLocalizedText(description)),
            ("cprt", multiLocalizedText("No copyright, use freely")),
            ("wtpt", xyzType([whiteD50])),
        ]
        switch definition.kind {
        case .rgb:
            let curve: Curve
            switch definition.transfer {
            case .sRGB: curve = .sRGB
            case .linear: curve = .gamma(1)
            case .gamma18: curve = .gamma(1.8)
            }
            let trc = parametricCurveType(curve)
            if let colorants = colorants(of: definition) {
                tags.append(("chad", s15Fixed16ArrayType(adaptD65ToD50)))
                tags.append(("rXYZ", xyzType([colorants.column(0)])))
                tags.append(("gXYZ", xyzType([colorants.column(1)])))
                tags.append(("bXYZ", xyzType([colorants.column(2)])))
            }
            tags += [("rTRC", trc), ("gTRC", trc), ("bTRC", trc)]
        case .encodedGray:
            tags.append(("kTRC", parametricCurveType(.gamma(2.2))))
        case .linearGray:
            tags.append(("kTRC", parametricCurveType(.gamma(1))))
        }
        let isRGB = definition.linearToXYZ != nil

        // Tag data follows the tag table, each element 4-byte aligned; identical elements
        // (the three TRCs) are stored once and shared, as the format allows.
        let tableEnd = 128 + 4 + 12 * tags.count
        var table: [UInt8] = []
        var body: [UInt8] = []
        var stored: [[UInt8]: Int] = [:]
        append32(&table, UInt32(tags.count))
        for tag in tags {
            let offset: Int
            if let existing = stored[tag.body] {
                offset = existing
            } else {
                offset = tableEnd + body.count
                stored[tag.body] = offset
                body += tag.body
                while body.count % 4 != 0 { body.append(0) }
            }
            table += Array(tag.signature.utf8)
            append32(&table, UInt32(offset))
            append32(&table, UInt32(tag.body.count))
        }

        var header: [UInt8] = []
        append32(&header, UInt32(tableEnd + body.count))  // profile size
        append32(&header, 0)  // preferred CMM: none
        header += [4, 0x20, 0, 0]  // version 4.2
        header += Array("mntr".utf8)  // display device profile
        header += Array((isRGB ? "RGB " : "GRAY").utf8)
        header += Array("XYZ ".utf8)  // profile connection space
        for field: UInt16 in [2026, 1, 1, 0, 0, 0] { append16(&header, field) }  // creation date
        header += Array("acsp".utf8)
        append32(&header, 0)  // primary platform: none
        append32(&header, 0)  // flags
        append32(&header, 0)  // device manufacturer
        append32(&header, 0)  // device model
        header += [UInt8](repeating: 0, count: 8)  // device attributes
        append32(&header, 0)  // rendering intent: perceptual
        for v in [whiteD50.x, whiteD50.y, whiteD50.z] { append32(&header, s15Fixed16(v)) }
        header += Array("lmna".utf8)  // creator
        header += [UInt8](repeating: 0, count: 16 + 28)  // profile ID (not computed), reserved
        return Data(header + table + body)
    }

    private static func append32(_ bytes: inout [UInt8], _ v: UInt32) {
        bytes += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func append16(_ bytes: inout [UInt8], _ v: UInt16) {
        bytes += [UInt8(v >> 8), UInt8(v & 0xFF)]
    }

    private static func s15Fixed16(_ v: Double) -> UInt32 {
        UInt32(bitPattern: Int32((v * 65536).rounded()))
    }

    private static func xyzType(_ values: [SIMD3<Double>]) -> [UInt8] {
        var bytes = Array("XYZ ".utf8) + [0, 0, 0, 0]
        for v in values { for c in [v.x, v.y, v.z] { append32(&bytes, s15Fixed16(c)) } }
        return bytes
    }

    private static func s15Fixed16ArrayType(_ m: Matrix3) -> [UInt8] {
        var bytes = Array("sf32".utf8) + [0, 0, 0, 0]
        for row in [m.rows.0, m.rows.1, m.rows.2] { for c in [row.x, row.y, row.z] { append32(&bytes, s15Fixed16(c)) } }
        return bytes
    }

    private static func parametricCurveType(_ curve: Curve) -> [UInt8] {
        let (type, parameters) = curve.parametric
        var bytes = Array("para".utf8) + [0, 0, 0, 0]
        append16(&bytes, type)
        append16(&bytes, 0)
        for p in parameters { append32(&bytes, s15Fixed16(p)) }
        return bytes
    }

    /// `multiLocalizedUnicodeType` with one English record.
    private static func multiLocalizedText(_ text: String) -> [UInt8] {
        let utf16 = Array(text.utf16)
        var bytes = Array("mluc".utf8) + [0, 0, 0, 0]
        append32(&bytes, 1)  // records
        append32(&bytes, 12)  // record size
        bytes += Array("enUS".utf8)
        append32(&bytes, UInt32(utf16.count * 2))
        append32(&bytes, 28)  // offset of the string from the start of the tag
        for unit in utf16 { append16(&bytes, unit) }
        return bytes
    }

    // MARK: Reading

    /// The definition a matrix/TRC profile describes, or nil when the bytes are not such a
    /// profile of a space Lamina draws.
    static func definition(parsing data: Data) -> ColorSpaceDefinition? {
        let reader = Reader(bytes: [UInt8](data))
        guard let profile = reader.profile() else { return nil }
        let sampled = { (curve: (Double) -> Double) -> TransferMatch? in TransferMatch(curve) }
        switch profile.colorSpace {
        case "GRAY":
            guard let k = reader.curve(profile.tags["kTRC"]), let match = sampled(k) else { return nil }
            switch match {
            case .linear: return ColorSpaceDefinition(kind: .linearGray, transfer: .linear, isExtended: false)
            case .sRGB, .gamma22: return ColorSpaceDefinition(kind: .encodedGray, transfer: .sRGB, isExtended: false)
            case .gamma18: return nil
            }
        case "RGB ":
            guard let r = reader.curve(profile.tags["rTRC"]), let g = reader.curve(profile.tags["gTRC"]),
                let b = reader.curve(profile.tags["bTRC"]), let match = sampled(r), sampled(g) == match,
                sampled(b) == match, let red = reader.xyz(profile.tags["rXYZ"]),
                let green = reader.xyz(profile.tags["gXYZ"]), let blue = reader.xyz(profile.tags["bXYZ"])
            else { return nil }
            let transfer: ColorSpaceDefinition.Transfer
            switch match {
            case .sRGB: transfer = .sRGB
            case .linear: transfer = .linear
            case .gamma18: transfer = .gamma18
            case .gamma22: return nil
            }
            for primaries in [ColorSpaceDefinition.Primaries.sRGB, .displayP3, .genericRGB] {
                let candidate = ColorSpaceDefinition(kind: .rgb(primaries: primaries), transfer: transfer, isExtended: false)
                guard let expected = colorants(of: candidate) else { continue }
                let found = [red, green, blue]
                // Profiles round colorants to s15Fixed16 and adapt them with slightly
                // different matrices: a few ten-thousandths apart at most.
                if (0..<3).allSatisfy({ i in
                    let d = found[i] - expected.column(i)
                    return max(abs(d.x), abs(d.y), abs(d.z)) < 0.002
                }) {
                    return candidate
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Which of the curves Lamina draws a profile's curve is (within 0.002 everywhere).
    enum TransferMatch: Equatable {
        case sRGB, linear, gamma18, gamma22

        init?(_ curve: (Double) -> Double) {
            let samples = (0...64).map { Double($0) / 64 }
            func near(_ reference: (Double) -> Double) -> Bool {
                samples.allSatisfy { x in
                    let y = curve(x)
                    return y.isFinite && abs(y - reference(x)) < 0.002
                }
            }
            if near(ColorSpaceDefinition.Transfer.sRGB.decode) {
                self = .sRGB
            } else if near({ $0 }) {
                self = .linear
            } else if near({ pow($0, 1.8) }) {
                self = .gamma18
            } else if near({ pow($0, 2.2) }) {
                self = .gamma22
            } else {
                return nil
            }
        }
    }

    /// A tag's place in the profile.
    struct TagPlace {
        let offset: Int
        let size: Int
    }

    /// The header fields and tag table of a profile.
    struct Header {
        let colorSpace: String
        let tags: [String: TagPlace]
    }

    /// Bounds-checked big-endian reads of untrusted profile bytes.
    struct Reader {
        let bytes: [UInt8]

        func u32(_ at: Int) -> UInt32? {
            guard at >= 0, at <= bytes.count - 4 else { return nil }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }

        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at <= bytes.count - 2 else { return nil }
            return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        }

        func signature(_ at: Int) -> String? {
            guard at >= 0, at <= bytes.count - 4 else { return nil }
            return String(decoding: bytes[at..<at + 4], as: UTF8.self)
        }

        func s15Fixed16(_ at: Int) -> Double? {
            u32(at).map { Double(Int32(bitPattern: $0)) / 65536 }
        }

        /// The header and tag table, checked: the size field within the bytes, the `acsp`
        /// signature, version 2 to 4, a device class a matrix/TRC profile may have, the XYZ
        /// connection space, and every tag inside the profile.
        func profile() -> Header? {
            guard bytes.count >= 132, let size = u32(0), size >= 132, Int(size) <= bytes.count,
                signature(36) == "acsp", (2...4).contains(bytes[8]),
                let deviceClass = signature(12), ["mntr", "scnr", "spac"].contains(deviceClass),
                let colorSpace = signature(16), signature(20) == "XYZ ", let count = u32(128)
            else { return nil }
            let end = Int(size)
            guard Int(count) <= (end - 132) / 12 else { return nil }
            var tags: [String: TagPlace] = [:]
            for i in 0..<Int(count) {
                let entry = 132 + 12 * i
                guard let sig = signature(entry), let offset = u32(entry + 4), let length = u32(entry + 8),
                    Int(offset) <= end, Int(length) <= end - Int(offset)
                else { return nil }
                if tags[sig] == nil { tags[sig] = TagPlace(offset: Int(offset), size: Int(length)) }
            }
            return Header(colorSpace: colorSpace, tags: tags)
        }

        /// The one XYZ value of an `XYZ ` tag.
        func xyz(_ place: TagPlace?) -> SIMD3<Double>? {
            guard let place, place.size >= 20, signature(place.offset) == "XYZ ",
                let x = s15Fixed16(place.offset + 8), let y = s15Fixed16(place.offset + 12),
                let z = s15Fixed16(place.offset + 16)
            else { return nil }
            return SIMD3(x, y, z)
        }

        /// A `curv` or `para` tag as a function from encoded to linear values.
        func curve(_ place: TagPlace?) -> ((Double) -> Double)? {
            guard let place, place.size >= 12 else { return nil }
            let o = place.offset
            switch signature(o) {
            case "curv":
                guard let n = u32(o + 8), Int(n) <= (place.size - 12) / 2 else { return nil }
                if n == 0 { return { $0 } }
                if n == 1 {
                    guard let g = u16(o + 12) else { return nil }
                    let gamma = Double(g) / 256
                    return { pow($0, gamma) }
                }
                var table: [Double] = []
                for i in 0..<Int(n) {
                    guard let v = u16(o + 12 + 2 * i) else { return nil }
                    table.append(Double(v) / 65535)
                }
                return { x in
                    let p = min(max(x, 0), 1) * Double(table.count - 1)
                    let i = min(Int(p), table.count - 2)
                    return table[i] + (table[i + 1] - table[i]) * (p - Double(i))
                }
            case "para":
                guard let type = u16(o + 8), type <= 4 else { return nil }
                let counts = [1, 3, 4, 5, 7]
                let n = counts[Int(type)]
                guard place.size >= 12 + 4 * n else { return nil }
                var p: [Double] = []
                for i in 0..<n {
                    guard let v = s15Fixed16(o + 12 + 4 * i) else { return nil }
                    p.append(v)
                }
                func power(_ base: Double, _ g: Double) -> Double { pow(max(base, 0), g) }
                switch type {
                case 0: return { power($0, p[0]) }
                case 1: return { x in x >= -p[2] / p[1] ? power(p[1] * x + p[2], p[0]) : 0 }
                case 2: return { x in x >= -p[2] / p[1] ? power(p[1] * x + p[2], p[0]) + p[3] : p[3] }
                case 3: return { x in x >= p[4] ? power(p[1] * x + p[2], p[0]) : p[3] * x }
                default: return { x in x >= p[4] ? power(p[1] * x + p[2], p[0]) + p[5] : p[3] * x + p[6] }
                }
            default:
                return nil
            }
        }
    }
}
