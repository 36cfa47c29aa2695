import CoreGraphics
import Foundation
import TestSupport
import XCTest

/// ICC profiles of the named spaces, read here byte by byte against the ICC.1 layout and the
/// published numbers (the D50 PCS illuminant, the D50-adapted sRGB and Display P3 colorants as
/// the ICC's sRGB profile and Apple's Display P3 profile carry them, the sRGB parametric
/// curve), and profiles read back — including one built here in the version 2 form with a
/// sampled curve, and damaged ones, which must give `nil`.
final class CGColorSpaceICCTests: XCTestCase {
    // MARK: Reading bytes independently

    private func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private func fixed(_ b: [UInt8], _ at: Int) -> Double { Double(Int32(bitPattern: u32(b, at))) / 65536 }

    private func text(_ b: [UInt8], _ at: Int, _ count: Int = 4) -> String {
        String(decoding: b[at..<at + count], as: UTF8.self)
    }

    /// The tag table: signature → (offset, size).
    private func tags(_ b: [UInt8]) -> [String: (offset: Int, size: Int)] {
        var result: [String: (Int, Int)] = [:]
        for i in 0..<Int(u32(b, 128)) {
            let e = 132 + 12 * i
            result[text(b, e)] = (Int(u32(b, e + 4)), Int(u32(b, e + 8)))
        }
        return result
    }

    private func profile(_ name: String) throws -> [UInt8] {
        let space = try XCTUnwrap(CGColorSpace(name: name), name)
        return [UInt8](try XCTUnwrap(space.copyICCData(), name))
    }

    private func assertXYZ(
        _ b: [UInt8], _ tag: String, _ expected: (Double, Double, Double), file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let place = try XCTUnwrap(tags(b)[tag], tag, file: file, line: line)
        XCTAssertEqual(text(b, place.offset), "XYZ ", tag, file: file, line: line)
        XCTAssertEqual(place.size, 20, tag, file: file, line: line)
        XCTAssertEqual(fixed(b, place.offset + 8), expected.0, accuracy: 0.0002, "\(tag) X", file: file, line: line)
        XCTAssertEqual(fixed(b, place.offset + 12), expected.1, accuracy: 0.0002, "\(tag) Y", file: file, line: line)
        XCTAssertEqual(fixed(b, place.offset + 16), expected.2, accuracy: 0.0002, "\(tag) Z", file: file, line: line)
    }

    // MARK: Writing

    func testTheSRGBProfileHasAValidHeaderAndTagTable() throws {
        let b = try profile(CGColorSpace.sRGB)
        XCTAssertEqual(Int(u32(b, 0)), b.count, "size field")
        XCTAssertEqual(text(b, 36), "acsp")
        XCTAssertEqual(b[8], 4, "major version")
        XCTAssertEqual(text(b, 12), "mntr")
        XCTAssertEqual(text(b, 16), "RGB ")
        XCTAssertEqual(text(b, 20), "XYZ ")
        // The PCS illuminant is D50 as ICC.1 encodes it.
        XCTAssertEqual([u32(b, 68), u32(b, 72), u32(b, 76)], [0x0000_F6D6, 0x0001_0000, 0x0000_D32D])
        let table = tags(b)
        let tableEnd = 132 + 12 * table.count
        for (tag, place) in table {
            XCTAssertGreaterThanOrEqual(place.offset, tableEnd, tag)
            XCTAssertEqual(place.offset % 4, 0, "\(tag) aligned")
            XCTAssertLessThanOrEqual(place.offset + place.size, b.count, tag)
        }
        XCTAssertEqual(
            Set(table.keys), ["desc", "cprt", "wtpt", "chad", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"])
        try assertXYZ(b, "wtpt", (0.9642, 1.0, 0.8249))
    }

    func testRGBProfilesCarryThePublishedD50Colorants() throws {
        let s = try profile(CGColorSpace.sRGB)
        try assertXYZ(s, "rXYZ", (0.4361, 0.2225, 0.0139))
        try assertXYZ(s, "gXYZ", (0.3851, 0.7169, 0.0971))
        try assertXYZ(s, "bXYZ", (0.1431, 0.0606, 0.7139))
        let p = try profile(CGColorSpace.displayP3)
        try assertXYZ(p, "rXYZ", (0.5151, 0.2412, -0.0011))
        try assertXYZ(p, "gXYZ", (0.2920, 0.6922, 0.0419))
        try assertXYZ(p, "bXYZ", (0.1571, 0.0666, 0.7841))
    }

    func testRGBCurvesAreTheSRGBParametricCurveOrLinear() throws {
        for (name, type, parameters) in [
            (CGColorSpace.sRGB, 3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]),
            (CGColorSpace.displayP3, 3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]),
            (CGColorSpace.linearSRGB, 0, [1.0]),
        ] {
            let b = try profile(name)
            for tag in ["rTRC", "gTRC", "bTRC"] {
                let place = try XCTUnwrap(tags(b)[tag], "\(name) \(tag)")
                XCTAssertEqual(text(b, place.offset), "para", "\(name) \(tag)")
                XCTAssertEqual(Int(b[place.offset + 8]) << 8 | Int(b[place.offset + 9]), type, "\(name) \(tag)")
                XCTAssertEqual(place.size, 12 + 4 * parameters.count, "\(name) \(tag)")
                for (i, p) in parameters.enumerated() {
                    XCTAssertEqual(fixed(b, place.offset + 12 + 4 * i), p, accuracy: 1.0 / 65536, "\(name) \(tag) \(i)")
                }
            }
        }
    }

    func testTheDescriptionNamesTheSpace() throws {
        let b = try profile(CGColorSpace.displayP3)
        let place = try XCTUnwrap(tags(b)["desc"])
        XCTAssertEqual(text(b, place.offset), "mluc")
        XCTAssertEqual(u32(b, place.offset + 8), 1, "records")
        let length = Int(u32(b, place.offset + 20))
        let start = place.offset + Int(u32(b, place.offset + 24))
        let units = stride(from: start, to: start + length, by: 2).map { UInt16(b[$0]) << 8 | UInt16(b[$0 + 1]) }
        XCTAssertEqual(String(decoding: units, as: UTF16.self), "Display P3")
    }

    func testGrayProfilesHaveAGrayCurve() throws {
        let gray = try profile(CGColorSpace.genericGrayGamma2_2)
        XCTAssertEqual(text(gray, 16), "GRAY")
        XCTAssertEqual(Set(tags(gray).keys), ["desc", "cprt", "wtpt", "kTRC"])
        let k = try XCTUnwrap(tags(gray)["kTRC"])
        XCTAssertEqual(text(gray, k.offset), "para")
        XCTAssertEqual(fixed(gray, k.offset + 12), 2.2, accuracy: 1.0 / 65536)
        let linear = try profile(CGColorSpace.linearGray)
        let l = try XCTUnwrap(tags(linear)["kTRC"])
        XCTAssertEqual(fixed(linear, l.offset + 12), 1, accuracy: 1.0 / 65536)
    }

    // MARK: Reading

    private func components(_ color: CGColor?) throws -> [Double] {
        try XCTUnwrap(color?.components).map(Double.init)
    }

    func testParsedProfilesConvertAsTheNamedSpaces() throws {
        let extended = try XCTUnwrap(CGColorSpace(name: CGColorSpace.extendedSRGB))
        // Display P3 red in extended sRGB, from the published matrices: (1.0931, −0.2267, −0.1501).
        let p3Data = try XCTUnwrap(CGColorSpace(name: CGColorSpace.displayP3)?.copyICCData())
        let parsedP3 = try XCTUnwrap(CGColorSpace(iccData: p3Data))
        XCTAssertEqual(parsedP3.model, .rgb)
        XCTAssertNil(parsedP3.name)
        XCTAssertTrue(parsedP3.isWideGamutRGB)
        let red = try components(
            CGColor(colorSpace: parsedP3, components: [1, 0, 0, 1])?.converted(to: extended, intent: .defaultIntent, options: nil))
        for (v, e) in zip(red, [1.0931, -0.2267, -0.1501, 1]) { XCTAssertEqual(v, e, accuracy: 0.0005) }

        for name in [
            CGColorSpace.sRGB, CGColorSpace.displayP3, CGColorSpace.linearSRGB, CGColorSpace.genericGrayGamma2_2,
            CGColorSpace.linearGray,
        ] {
            let named = try XCTUnwrap(CGColorSpace(name: name))
            let parsed = try XCTUnwrap(CGColorSpace(iccData: try XCTUnwrap(named.copyICCData())), name)
            XCTAssertEqual(parsed.model, named.model, name)
            let values: [CGFloat] = named.model == .rgb ? [0.8, 0.3, 0.1, 1] : [0.4, 1]
            let a = try components(CGColor(colorSpace: named, components: values)?.converted(to: extended, intent: .defaultIntent, options: nil))
            let b = try components(CGColor(colorSpace: parsed, components: values)?.converted(to: extended, intent: .defaultIntent, options: nil))
            XCTAssertEqual(a, b, name)
        }
    }

    /// A version 2 matrix/TRC sRGB profile in the form other tools write: `curv` tables of
    /// 1024 samples of the sRGB curve, colorants as published, a D65-adapted white point.
    private func version2SRGBProfile() -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func s15(_ v: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + s15(x) + s15(y) + s15(z) }
        var curve = Array("curv".utf8) + [0, 0, 0, 0] + be32(1024)
        for i in 0..<1024 {
            let x = Double(i) / 1023
            let y = x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
            let v = UInt16((y * 65535).rounded())
            curve += [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        let desc = Array("desc".utf8) + [0, 0, 0, 0] + be32(5) + Array("sRGB\0".utf8) + [UInt8](repeating: 0, count: 79)
        let elements: [(String, [UInt8])] = [
            ("desc", desc), ("wtpt", xyz(0.9505, 1, 1.0891)), ("rXYZ", xyz(0.4361, 0.2225, 0.0139)),
            ("gXYZ", xyz(0.3851, 0.7169, 0.0971)), ("bXYZ", xyz(0.1431, 0.0606, 0.7139)),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var table = be32(UInt32(elements.count))
        var body: [UInt8] = []
        let tableEnd = 132 + 12 * elements.count
        for (sig, element) in elements {
            table += Array(sig.utf8) + be32(UInt32(tableEnd + body.count)) + be32(UInt32(element.count))
            body += element
            while body.count % 4 != 0 { body.append(0) }
        }
        var header = be32(UInt32(tableEnd + body.count)) + [0, 0, 0, 0] + [2, 0x10, 0, 0]
        header += Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 24) + be32(0) + s15(0.9642) + s15(1) + s15(0.8249)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + table + body
    }

    func testAVersion2ProfileWithSampledCurvesReadsAsSRGB() throws {
        let parsed = try XCTUnwrap(CGColorSpace(iccData: Data(version2SRGBProfile())))
        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let color = try XCTUnwrap(CGColor(colorSpace: parsed, components: [0.8, 0.3, 0.1, 1]))
        let converted = try components(color.converted(to: srgb, intent: .defaultIntent, options: nil))
        for (v, e) in zip(converted, [0.8, 0.3, 0.1, 1]) { XCTAssertEqual(v, e, accuracy: 1e-9) }
    }

    func testEveryTruncationOfAProfileIsRejected() throws {
        let whole = try profile(CGColorSpace.displayP3)
        XCTAssertNotNil(CGColorSpace(iccData: Data(whole)))
        for count in 0..<whole.count {
            XCTAssertNil(CGColorSpace(iccData: Data(whole.prefix(count))), "first \(count) bytes")
        }
    }

    func testDamagedAndForeignProfilesAreRejected() throws {
        let whole = try profile(CGColorSpace.sRGB)
        func damaged(_ change: (inout [UInt8]) -> Void) -> Data {
            var b = whole
            change(&b)
            return Data(b)
        }
        func put(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
            b[at] = UInt8(v >> 24); b[at + 1] = UInt8(v >> 16 & 0xFF); b[at + 2] = UInt8(v >> 8 & 0xFF); b[at + 3] = UInt8(v & 0xFF)
        }
        let table = tags(whole)
        let rXYZEntry = (0..<table.count).first { text(whole, 132 + 12 * $0) == "rXYZ" }!
        let cases: [(String, Data)] = [
            ("empty", Data()),
            ("wrong signature", damaged { $0[36] = UInt8(ascii: "x") }),
            ("CMYK", damaged { $0.replaceSubrange(16..<20, with: Array("CMYK".utf8)) }),
            ("Lab connection space", damaged { $0.replaceSubrange(20..<24, with: Array("Lab ".utf8)) }),
            ("device link", damaged { $0.replaceSubrange(12..<16, with: Array("link".utf8)) }),
            ("version 9", damaged { $0[8] = 9 }),
            ("size beyond the data", damaged { put(&$0, 0, UInt32($0.count + 1)) }),
            ("huge tag count", damaged { put(&$0, 128, 0xFFFF_FFFF) }),
            ("tag offset past the end", damaged { put(&$0, 132 + 12 * rXYZEntry + 4, 0xFFFF_FFF0) }),
            ("tag size past the end", damaged { put(&$0, 132 + 12 * rXYZEntry + 8, 0xFFFF_FFF0) }),
            ("no red colorant", damaged { $0.replaceSubrange(132 + 12 * rXYZEntry..<136 + 12 * rXYZEntry, with: Array("A2B0".utf8)) }),
            ("other primaries", damaged { put(&$0, table["rXYZ"]!.offset + 8, 0x0000_8000) }),
            ("a gamma 1.8 curve", damaged { put(&$0, table["rTRC"]!.offset + 12, 0x0001_CCCD) }),
        ]
        for (name, data) in cases { XCTAssertNil(CGColorSpace(iccData: data), name) }
        var random = SplitMix64(seed: 46)
        for trial in 0..<200 {
            var bytes = (0..<(132 + random.int(400))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if trial % 2 == 0 { bytes.replaceSubrange(36..<40, with: Array("acsp".utf8)) }
            XCTAssertNil(CGColorSpace(iccData: Data(bytes)), "garbage \(trial)")
        }
        // Flipped bytes anywhere either still read as sRGB (a harmless byte) or give nil.
        for _ in 0..<300 {
            let at = random.int(whole.count)
            let parsed = CGColorSpace(iccData: damaged { $0[at] ^= UInt8(1 + random.int(255)) })
            if let parsed { XCTAssertEqual(parsed.model, .rgb) }
        }
    }
}
