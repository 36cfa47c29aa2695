import CoreGraphics
import TestSupport
import XCTest

/// Apple's named colour spaces and the conversions between them, checked against a reference
/// computed here from the published four-decimal RGB → XYZ matrices (IEC 61966-2-1 for sRGB,
/// Display P3's from its SMPTE EG 432-1 primaries and D65 white) and the published sRGB
/// transfer function — numbers independent of the library's own, computed from chromaticities.
final class CGColorSpaceConversionTests: XCTestCase {
    // MARK: The reference

    private typealias Vector = (Double, Double, Double)
    private typealias Matrix = [[Double]]

    private let sRGBToXYZ: Matrix = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
    private let displayP3ToXYZ: Matrix = [[0.4866, 0.2657, 0.1982], [0.2290, 0.6917, 0.0793], [0.0000, 0.0451, 1.0439]]

    private func decode(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    private func encode(_ l: Double) -> Double {
        let a = abs(l)
        let v = a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055
        return l < 0 ? -v : v
    }

    private func multiply(_ m: Matrix, _ v: Vector) -> Vector {
        (m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2, m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
         m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2)
    }

    /// Solves m·x = v by Cramer's rule.
    private func solve(_ m: Matrix, _ v: Vector) -> Vector {
        func det(_ a: Matrix) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let b = [v.0, v.1, v.2]
        func replaced(_ column: Int) -> Matrix { m.indices.map { r in (0..<3).map { c in c == column ? b[r] : m[r][c] } } }
        return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
    }

    /// Encoded sRGB → encoded Display P3, by the reference.
    private func displayP3(ofSRGB c: Vector) -> Vector {
        let p = solve(displayP3ToXYZ, multiply(sRGBToXYZ, (decode(c.0), decode(c.1), decode(c.2))))
        return (encode(p.0), encode(p.1), encode(p.2))
    }

    /// Encoded Display P3 → encoded (extended) sRGB, by the reference.
    private func sRGB(ofDisplayP3 c: Vector) -> Vector {
        let s = solve(sRGBToXYZ, multiply(displayP3ToXYZ, (decode(c.0), decode(c.1), decode(c.2))))
        return (encode(s.0), encode(s.1), encode(s.2))
    }

    private func assertComponents(
        _ color: CGColor?, _ expected: [Double], accuracy: Double, _ message: String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard let components = color?.components, components.count == expected.count else {
            return XCTFail("components \(String(describing: color?.components)) ≠ \(expected) \(message)", file: file, line: line)
        }
        for (actual, wanted) in zip(components, expected) {
            XCTAssertEqual(Double(actual), wanted, accuracy: accuracy, "\(components) ≠ \(expected) \(message)", file: file, line: line)
        }
    }

    private func space(_ name: String) throws -> CGColorSpace { try XCTUnwrap(CGColorSpace(name: name), name) }

    // MARK: Spaces

    func testNamedSpacesHaveApplesNamesModelsAndGamuts() throws {
        let rgb = [CGColorSpace.sRGB, CGColorSpace.displayP3, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB,
                   CGColorSpace.extendedLinearSRGB, CGColorSpace.deviceRGB]
        for name in rgb {
            let s = try space(name)
            XCTAssertEqual(s.name, name)
            XCTAssertEqual(s.model, .rgb, name)
            XCTAssertEqual(s.numberOfComponents, 3, name)
        }
        for name in [CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.extendedGray, CGColorSpace.deviceGray] {
            XCTAssertEqual(try space(name).model, .monochrome, name)
            XCTAssertEqual(try space(name).numberOfComponents, 1, name)
        }
        XCTAssertEqual(CGColorSpace.displayP3, "kCGColorSpaceDisplayP3")
        XCTAssertEqual(CGColorSpace.extendedSRGB, "kCGColorSpaceExtendedSRGB")
        XCTAssertTrue(try space(CGColorSpace.displayP3).isWideGamutRGB)
        XCTAssertTrue(try space(CGColorSpace.extendedSRGB).isWideGamutRGB)
        XCTAssertFalse(try space(CGColorSpace.sRGB).isWideGamutRGB)
        XCTAssertFalse(try space(CGColorSpace.linearSRGB).isWideGamutRGB)
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNoSuchSpace"))
    }

    func testGenericRGBSpacesHaveApplesNamesAndColorimetry() throws {
        for name in [kCGColorSpaceGenericRGB, CGColorSpace.genericRGBLinear] {
            let s = try space(name)
            XCTAssertEqual(s.name, name)
            XCTAssertEqual(s.model, .rgb, name)
            XCTAssertFalse(s.isWideGamutRGB, name)
            // Its profile describes the same space.
            let profile = try XCTUnwrap(s.copyICCData(), name)
            XCTAssertEqual(CGColorSpace(iccData: profile)?.definition, s.definition, name)
        }
        XCTAssertEqual(kCGColorSpaceGenericRGB, "kCGColorSpaceGenericRGB")
        XCTAssertEqual(CGColorSpace.genericRGBLinear, "kCGColorSpaceGenericRGBLinear")
        // A neutral gray keeps its luminance: sRGB 0.5 is linear 0.21404…, a 1.8 power of it.
        let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let generic = gray.converted(to: try space(kCGColorSpaceGenericRGB), intent: .defaultIntent, options: nil)
        let g = pow(decode(0.5), 1 / 1.8)
        assertComponents(generic, [g, g, g, 1], accuracy: 1e-4)
        // sRGB red lies outside Generic RGB's gamut and is clamped to it.
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let clamped = red.converted(to: try space(kCGColorSpaceGenericRGB), intent: .defaultIntent, options: nil)
        let expected = GenericRGBGradientOracle.genericRGB(ofSRGB: (1, 0, 0))
        assertComponents(clamped, [expected.0, expected.1, expected.2, 1], accuracy: 1e-4)
    }

    // MARK: Colours

    func testSRGBRedInDisplayP3IsThePublishedValue() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let p3 = red.converted(to: try space(CGColorSpace.displayP3), intent: .defaultIntent, options: nil)
        // Published: about (0.9176, 0.2003, 0.1386).
        assertComponents(p3, [0.9176, 0.2003, 0.1386, 1], accuracy: 1e-3)
        let reference = displayP3(ofSRGB: (1, 0, 0))
        assertComponents(p3, [reference.0, reference.1, reference.2, 1], accuracy: 1e-3)
        XCTAssertEqual(p3?.colorSpace?.name, CGColorSpace.displayP3)
    }

    func testDisplayP3RedIsOutsideSRGBAndExtendedSRGBKeepsIt() throws {
        let p3Red = try XCTUnwrap(CGColor(colorSpace: try space(CGColorSpace.displayP3), components: [1, 0, 0, 1]))
        let reference = sRGB(ofDisplayP3: (1, 0, 0))
        XCTAssertLessThan(reference.1, 0, "the reference says P3 red is outside sRGB")
        let extended = p3Red.converted(to: try space(CGColorSpace.extendedSRGB), intent: .defaultIntent, options: nil)
        assertComponents(extended, [reference.0, reference.1, reference.2, 1], accuracy: 1e-3)
        let clipped = p3Red.converted(to: try space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil)
        assertComponents(clipped, [1, 0, 0, 1], accuracy: 1e-9, "sRGB clamps to its gamut")
        // Extended colours keep what they are given.
        let wide = CGColor(colorSpace: try space(CGColorSpace.extendedSRGB), components: [1.2, -0.1, 0.5, 2])
        XCTAssertEqual(wide?.components, [1.2, -0.1, 0.5, 1])
    }

    func testLinearSpacesHoldLinearLight() throws {
        let half = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25)
        let linear = half.converted(to: try space(CGColorSpace.linearSRGB), intent: .defaultIntent, options: nil)
        let l = decode(0.5)  // 0.21404…
        assertComponents(linear, [l, l, l, 0.25], accuracy: 1e-6)
        let gray = half.converted(to: try space(CGColorSpace.linearGray), intent: .defaultIntent, options: nil)
        assertComponents(gray, [l, 0.25], accuracy: 1e-4, "the luminance of a neutral gray")
    }

    func testRoundTripsThroughEverySpaceComeBackWithin1Over255() throws {
        let names = [CGColorSpace.displayP3, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB]
        let steps: [CGFloat] = [0, 0.02, 0.2, 0.5, 0.8, 1]
        for name in names {
            let target = try space(name)
            for r in steps {
                for g in steps {
                    for b in steps {
                        let color = CGColor(red: r, green: g, blue: b, alpha: 1)
                        let there = color.converted(to: target, intent: .defaultIntent, options: nil)
                        let back = there?.converted(to: try space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil)
                        assertComponents(back, [Double(r), Double(g), Double(b), 1], accuracy: 1.0 / 255, "\(name) (\(r), \(g), \(b))")
                    }
                }
            }
        }
    }

    func testAColourOfAnotherSpaceReportsItsSRGBComponents() throws {
        let p3 = try XCTUnwrap(CGColor(colorSpace: try space(CGColorSpace.displayP3), components: [0.9176, 0.2003, 0.1386, 1]))
        let rgba = try XCTUnwrap(p3.rgba)
        let reference = sRGB(ofDisplayP3: (0.9176, 0.2003, 0.1386))
        XCTAssertEqual(Double(rgba.red), min(reference.0, 1), accuracy: 2e-3)
        XCTAssertEqual(Double(rgba.green), max(reference.1, 0), accuracy: 2e-3)
        XCTAssertEqual(Double(rgba.blue), max(reference.2, 0), accuracy: 2e-3)
    }

    // MARK: Contexts

    private func context(_ name: String, width: Int = 4, height: Int = 4) throws -> CGContext {
        try XCTUnwrap(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: try space(name),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    }

    func testADisplayP3ContextStoresColoursInDisplayP3() throws {
        let ctx = try context(CGColorSpace.displayP3)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
        let image = try XCTUnwrap(ctx.makeImage())
        let red = displayP3(ofSRGB: (1, 0, 0)), blue = displayP3(ofSRGB: (0, 0, 1))
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        assertPixel(image, 0, 0, px(byte(red.0), byte(red.1), byte(red.2)), tolerance: 1)
        assertPixel(image, 3, 0, px(byte(blue.0), byte(blue.1), byte(blue.2)), tolerance: 1)
        // An sRGB context keeps the same colours as given.
        let plain = try context(CGColorSpace.sRGB)
        plain.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        plain.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        assertPixel(try XCTUnwrap(plain.makeImage()), 0, 0, px(255, 0, 0))
    }

    func testAGradientInDisplayP3DrawnIntoADisplayP3ContextMixesInDisplayP3() throws {
        // Three sRGB stops across 1000 px in a gradient of the Display P3 space; each pixel
        // must be the reference's interpolation of the stops converted to Display P3.
        let stops: [Vector] = [(1, 0.988, 0), (0.5, 0.994, 0.024), (0, 1, 0.047)]
        let colors = stops.map { CGColor(red: $0.0, green: $0.1, blue: $0.2, alpha: 1) }
        let gradient = try XCTUnwrap(
            CGGradient(colorsSpace: try space(CGColorSpace.displayP3), colors: colors, locations: [0, 0.5, 1]))
        let ctx = try context(CGColorSpace.displayP3, width: 1000, height: 1)
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1000, y: 0), options: [])
        let image = try XCTUnwrap(ctx.makeImage())
        let p3 = stops.map(displayP3(ofSRGB:))
        for x in stride(from: 0, through: 950, by: 50) {
            let t = (Double(x) + 0.5) / 1000
            let (a, b, f) = t <= 0.5 ? (p3[0], p3[1], t / 0.5) : (p3[1], p3[2], (t - 0.5) / 0.5)
            let expected = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f)
            let pixel = try XCTUnwrap(image.pixel(x: x, y: 0))
            XCTAssertEqual(Double(pixel.red), expected.0 * 255, accuracy: 1.5, "red at \(x)")
            XCTAssertEqual(Double(pixel.green), expected.1 * 255, accuracy: 1.5, "green at \(x)")
            XCTAssertEqual(Double(pixel.blue), expected.2 * 255, accuracy: 1.5, "blue at \(x)")
        }
    }

    func testImagesKeepTheirSpaceAndAreConvertedWhereDrawn() throws {
        let red = try CGImage(width: 2, height: 2) { pixels, _ in
            for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i + 2] = 255; pixels[i + 3] = 255 }
        }
        XCTAssertEqual(red.colorSpace?.name, CGColorSpace.sRGB)
        let p3 = try context(CGColorSpace.displayP3)
        p3.draw(red, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let reference = displayP3(ofSRGB: (1, 0, 0))
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        let drawn = try XCTUnwrap(p3.makeImage())
        assertPixel(drawn, 1, 1, px(byte(reference.0), byte(reference.1), byte(reference.2)), tolerance: 1)
        // The context's image is in Display P3, and comes back to sRGB red in an sRGB context.
        XCTAssertEqual(drawn.colorSpace?.name, CGColorSpace.displayP3)
        let back = try context(CGColorSpace.sRGB)
        back.draw(drawn, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        assertPixel(try XCTUnwrap(back.makeImage()), 1, 1, px(255, 0, 0), tolerance: 1)
        // Reading the same pixels as another space converts nothing.
        let relabelled = try XCTUnwrap(red.copy(colorSpace: try space(CGColorSpace.displayP3)))
        XCTAssertEqual(relabelled.colorSpace?.name, CGColorSpace.displayP3)
        XCTAssertEqual(relabelled.pixel(x: 0, y: 0), red.pixel(x: 0, y: 0))
        XCTAssertNil(red.copy(colorSpace: try space(CGColorSpace.linearGray)))
    }
}
