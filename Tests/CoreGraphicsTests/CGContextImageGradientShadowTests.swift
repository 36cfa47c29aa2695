import CoreGraphics
import TestSupport
import XCTest

final class CGContextImageGradientShadowTests: XCTestCase {
    /// A 2×2 image: top row red, green; bottom row blue, white.
    private func quadrants() throws -> CGImage {
        let bytes: [UInt8] = [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]
        return try CGImage(width: 2, height: 2, bytesPerRow: 8, premultipliedBGRA: bytes)
    }

    func testDrawImageIsUprightInBitmapContext() throws {
        let c = try XCTUnwrap(makeContext(width: 4, height: 4))
        c.interpolationQuality = .none
        c.draw(try quadrants(), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = c.makeImage()
        assertPixel(image, 0, 0, px(255, 0, 0))
        assertPixel(image, 3, 0, px(0, 255, 0))
        assertPixel(image, 0, 3, px(0, 0, 255))
        assertPixel(image, 3, 3, px(255, 255, 255))
    }

    func testDrawImageIsUpsideDownInLayerContextAsOnIOS() throws {
        let c = try XCTUnwrap(CGContext.layerContext(width: 4, height: 4, scale: 1))
        c.interpolationQuality = .none
        c.draw(try quadrants(), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = c.makeImage()
        assertPixel(image, 0, 0, px(0, 0, 255))
        assertPixel(image, 0, 3, px(255, 0, 0))
    }

    func testDrawImageIntoSubrectScalesWithNearestNeighbour() throws {
        let c = try XCTUnwrap(makeContext(width: 10, height: 10))
        c.interpolationQuality = .none
        c.draw(try quadrants(), in: CGRect(x: 2, y: 2, width: 4, height: 4))  // rows 4..7, columns 2..5
        let image = c.makeImage()
        assertPixel(image, 2, 4, px(255, 0, 0))
        assertPixel(image, 5, 4, px(0, 255, 0))
        assertPixel(image, 2, 7, px(0, 0, 255))
        assertPixel(image, 1, 4, px(0, 0, 0, 0))
        assertPixel(image, 6, 7, px(0, 0, 0, 0))
        assertPixel(image, 2, 8, px(0, 0, 0, 0))
    }

    func testDrawImageByTilingRepeatsAcrossTheClip() throws {
        let c = try XCTUnwrap(makeContext(width: 8, height: 8))
        c.interpolationQuality = .none
        c.draw(try quadrants(), in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        let image = c.makeImage()
        // 2×2 tiles anchored at the bottom-left: each tile's top row (red, green) is above
        // its bottom row (blue, white).
        assertPixel(image, 0, 7, px(0, 0, 255))
        assertPixel(image, 0, 6, px(255, 0, 0))
        assertPixel(image, 6, 6, px(255, 0, 0))
        assertPixel(image, 7, 1, px(255, 255, 255))
        assertPixel(image, 6, 0, px(255, 0, 0))
    }

    func testDrawImageWithAlphaAndBilinearSmoothing() throws {
        let c = try XCTUnwrap(makeContext(width: 4, height: 1))
        let bytes: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255]  // black, white
        let image = try CGImage(width: 2, height: 1, bytesPerRow: 8, premultipliedBGRA: bytes)
        c.interpolationQuality = .low
        c.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        let smooth = try XCTUnwrap(c.makeImage())
        // Pixel 1's centre samples the image at x = 0.75: ¼ of the way from the black texel's
        // centre (0.5) to the white one's (1.5).
        let middle = try XCTUnwrap(smooth.pixel(x: 1, y: 0)).red
        XCTAssertEqual(Double(middle), 0.25 * 255, accuracy: 1)
        c.clear(CGRect(x: 0, y: 0, width: 4, height: 1))
        c.setAlpha(0.5)
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        assertPixel(c.makeImage(), 3, 0, px(128, 128, 128, 128), tolerance: 1)
    }

    func testAGradientInItsOwnSRGBSpaceMixesInSRGB() throws {
        // Apple: "If space is not NULL, each color will be converted (if necessary) to that
        // color space and the gradient will drawn in that color space."
        let c = try XCTUnwrap(makeContext(width: 101, height: 1))
        let gradient = try XCTUnwrap(
            CGGradient(
                colorsSpace: CGColorSpace(name: CGColorSpace.sRGB),
                colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                locations: [0, 1]))
        c.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0), options: [])
        let image = c.makeImage()
        assertPixel(image, 0, 0, px(255, 0, 0), tolerance: 2)
        assertPixel(image, 100, 0, px(0, 0, 255), tolerance: 2)
        assertPixel(image, 50, 0, px(128, 0, 128), tolerance: 2)
    }

    func testAGradientWithoutASpaceMixesInGenericRGB() throws {
        // Apple: without a space "each color will be converted to and drawn in the GenericRGB
        // color space" — sRGB red and blue lie outside its gamut, so even the ends change.
        let c = try XCTUnwrap(makeContext(width: 101, height: 1))
        let gradient = try XCTUnwrap(
            CGGradient(
                colorsSpace: nil,
                colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                locations: [0, 1]))
        c.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0), options: [])
        let image = c.makeImage()
        for x in [0, 25, 50, 75, 100] {
            let t = (Double(x) + 0.5) / 101
            let e = GenericRGBGradientOracle.bytes(
                GenericRGBGradientOracle.sRGB(at: t, of: [(1, 0, 0), (0, 0, 1)], locations: [0, 1]))
            assertPixel(image, x, 0, px(UInt8(e.0), UInt8(e.1), UInt8(e.2)), tolerance: 1)
        }
    }

    func testLinearGradientOptionsExtendEnds() throws {
        let gradient = try XCTUnwrap(
            CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0, 0, 1, 0, 0, 1, 1], locations: nil, count: 2))
        func draw(_ options: CGGradientDrawingOptions) throws -> CGImage? {
            let c = try XCTUnwrap(makeContext(width: 30, height: 1))
            c.drawLinearGradient(gradient, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 20, y: 0), options: options)
            return c.makeImage()
        }
        let none = try draw([])
        assertPixel(none, 2, 0, px(0, 0, 0, 0))
        assertPixel(none, 27, 0, px(0, 0, 0, 0))
        let before = try draw(.drawsBeforeStartLocation)
        assertPixel(before, 2, 0, px(255, 0, 0))
        assertPixel(before, 27, 0, px(0, 0, 0, 0))
        let after = try draw(.drawsAfterEndLocation)
        assertPixel(after, 2, 0, px(0, 0, 0, 0))
        assertPixel(after, 27, 0, px(0, 0, 255))
        let both = try draw([.drawsBeforeStartLocation, .drawsAfterEndLocation])
        assertPixel(both, 2, 0, px(255, 0, 0))
        assertPixel(both, 27, 0, px(0, 0, 255))
    }

    func testRadialGradientCentreEdgeAndOptions() throws {
        let gradient = try XCTUnwrap(
            CGGradient(colorsSpace: nil, colors: [.white, .black], locations: nil))
        let c = try XCTUnwrap(makeContext(width: 41, height: 41))
        let center = CGPoint(x: 20.5, y: 20.5)
        c.drawRadialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: 20, options: [])
        let image = c.makeImage()
        assertPixel(image, 20, 20, px(255, 255, 255), tolerance: 2)
        // Half-way out, white and black mixed half and half in Generic RGB's 1.8 power.
        let grey = UInt8(GenericRGBGradientOracle.bytes(
            GenericRGBGradientOracle.sRGB(at: 0.5, of: [(1, 1, 1), (0, 0, 0)], locations: [0, 1])).0)
        assertPixel(image, 30, 20, px(grey, grey, grey), tolerance: 3)
        assertPixel(image, 0, 0, px(0, 0, 0, 0))
        c.drawRadialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: 20, options: .drawsAfterEndLocation)
        assertPixel(c.makeImage(), 0, 0, px(0, 0, 0))
    }

    func testShadowIsOffsetUpInBitmapContext() throws {
        let c = try XCTUnwrap(makeContext(width: 40, height: 40))
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 10))  // rows 25..34; shadow at x 15..24, rows 15..24
        let image = c.makeImage()
        assertPixel(image, 10, 30, px(255, 0, 0))
        assertPixel(image, 20, 20, px(0, 0, 255))
        assertPixel(image, 14, 25, px(255, 0, 0))
        assertPixel(image, 20, 30, px(0, 0, 0, 0))
        assertPixel(image, 26, 20, px(0, 0, 0, 0))
    }

    func testShadowIsDrawnInAContextOfAnotherPixelLayout() throws {
        // An RGBA (premultiplied last) bitmap is not cairo's own layout: its pixels are brought
        // in around each drawing, the shadow's as well as the shape's.
        let c = try XCTUnwrap(
            CGContext(
                data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 160, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 10))  // rows 25..34; shadow at x 15..24, rows 15..24
        let data = try XCTUnwrap(c.data).assumingMemoryBound(to: UInt8.self)
        func rgba(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { data[y * 160 + x * 4 + $0] } }
        XCTAssertEqual(rgba(10, 30), [255, 0, 0, 255])
        XCTAssertEqual(rgba(20, 20), [0, 0, 255, 255], "the shadow")
        XCTAssertEqual(rgba(14, 25), [255, 0, 0, 255])
        XCTAssertEqual(rgba(20, 30), [0, 0, 0, 0])
        XCTAssertEqual(rgba(26, 20), [0, 0, 0, 0])
    }

    func testShadowIsOffsetDownInLayerContext() throws {
        let c = try XCTUnwrap(CGContext.layerContext(width: 40, height: 40, scale: 1))
        c.setShadow(offset: CGSize(width: 0, height: 10), blur: 0, color: .black)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        let image = c.makeImage()
        assertPixel(image, 10, 10, px(255, 0, 0))
        assertPixel(image, 10, 20, px(0, 0, 0))
        assertPixel(image, 10, 2, px(0, 0, 0, 0))
    }

    func testShadowBlurSpreadsBetweenExtremes() throws {
        let c = try XCTUnwrap(makeContext(width: 60, height: 20))
        c.setShadow(offset: .zero, blur: 8, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
        let image = try XCTUnwrap(c.makeImage())
        // Shape interior is exactly the fill colour.
        assertPixel(image, 30, 10, px(255, 255, 255))
        // Outside the shape the blurred shadow falls off: alpha strictly decreasing away from
        // the edge, strictly between 0 and 255 within about 2σ (σ = blur / 2 = 4).
        var alphas: [Int] = []
        for x in stride(from: 19, through: 12, by: -1) {
            alphas.append(Int(try XCTUnwrap(image.pixel(x: x, y: 10)).alpha))
        }
        for (index, alpha) in alphas.enumerated() {
            XCTAssertGreaterThan(alpha, 0, "column \(19 - index)")
            XCTAssertLessThan(alpha, 255, "column \(19 - index)")
            if index > 0 { XCTAssertLessThan(alpha, alphas[index - 1]) }
        }
        // Right at the edge about half the shadow remains (Gaussian of a half plane).
        XCTAssertEqual(Double(alphas[0]), 255 * 0.55, accuracy: 30)
        // Far away there is nothing.
        assertPixel(image, 2, 10, px(0, 0, 0, 0))
    }

    // The blur is a Gaussian of standard deviation blur / 2 (Lamina's mapping, as the HTML
    // canvas defines shadowBlur; Apple documents only "the amount of blur"). The shadow of a
    // 30-pixel-wide opaque box is the box convolved with that Gaussian: at the centre of
    // pixel x its alpha is Φ((x + ½ − left) / σ) − Φ((x + ½ − right) / σ).
    func testShadowBlurIsAGaussianOfHalfTheBlur() throws {
        let c = try XCTUnwrap(makeContext(width: 160, height: 120))
        c.setShadow(offset: CGSize(width: 60, height: 0), blur: 10, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 10, y: 10, width: 30, height: 100))
        let image = try XCTUnwrap(c.makeImage())
        let row = (0..<160).map { Double(image.pixel(x: $0, y: 60)?.alpha ?? 0) / 255 }
        assertGaussianBandProfile(row, from: 70, to: 100, sigma: 5, samples: 50..<120)
        assertPixel(image, 20, 60, px(255, 0, 0), tolerance: 0)
    }

    func testDefaultShadowIsOneThirdBlack() throws {
        let c = try XCTUnwrap(makeContext(width: 30, height: 30))
        c.setShadow(offset: CGSize(width: 10, height: 0), blur: 0)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        assertPixel(c.makeImage(), 15, 25, px(0, 0, 0, 85), tolerance: 1)
        c.setShadow(offset: .zero, blur: 0, color: nil)
        c.fill(CGRect(x: 0, y: 20, width: 10, height: 10))
        assertPixel(c.makeImage(), 15, 5, px(0, 0, 0, 0))
    }
}
