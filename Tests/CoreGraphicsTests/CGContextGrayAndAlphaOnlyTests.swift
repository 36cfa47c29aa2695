import CoreGraphics
import Foundation
import TestSupport
import XCTest

/// Gray (8 bits, no alpha) and alpha-only (8 bits) bitmap contexts, the one-byte formats
/// Apple's `CGBitmapContextCreate` accepts on iOS beside 32-bit RGB. Expected bytes are computed
/// here from the published sRGB formulas (IEC 61966-2-1: the transfer curve and the luminance
/// row 0.2126, 0.7152, 0.0722) and from Porter-Duff OVER on premultiplied values.
final class CGContextGrayAndAlphaOnlyTests: XCTestCase {
    private let gray = CGColorSpaceCreateDeviceGray()
    private let none = CGImageAlphaInfo.none.rawValue
    private let alphaOnly = CGImageAlphaInfo.alphaOnly.rawValue

    /// `v` in `0...1` as a byte, halves rounded up.
    private func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded(.toNearestOrAwayFromZero)) }

    /// The sRGB transfer curve, encoded → linear and back.
    private func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    private func encoded(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// Runs `body` on a `width`×`height` context drawing into `bytes` (rows top first).
    private func withContext(
        _ bytes: inout [UInt8], width: Int, height: Int, bytesPerRow: Int, space: CGColorSpace, info: UInt32,
        _ body: (CGContext) throws -> Void
    ) throws {
        try bytes.withUnsafeMutableBytes { raw in
            let context = try XCTUnwrap(
                CGContext(
                    data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                    space: space, bitmapInfo: info))
            try body(context)
            context.flush()
        }
    }

    func testAGrayContextStoresOneGrayBytePerPixelAndReportsItsFormat() throws {
        let context = try XCTUnwrap(
            CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0, space: gray, bitmapInfo: none))
        XCTAssertEqual(context.bytesPerRow, 5)
        XCTAssertEqual(context.bitsPerPixel, 8)
        XCTAssertEqual(context.bitsPerComponent, 8)
        XCTAssertEqual(context.alphaInfo, CGImageAlphaInfo.none)
        XCTAssertEqual(context.colorSpace?.model, .monochrome)

        var bytes = [UInt8](repeating: 0, count: 6 * 2)
        try withContext(&bytes, width: 4, height: 2, bytesPerRow: 6, space: gray, info: none) { c in
            c.setFillColor(gray: 0.5, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 1))  // the bottom row: bytes 6 and 7
        }
        XCTAssertEqual(bytes, [0, 0, 0, 0, 0, 0, byte(0.5), byte(0.5), 0, 0, 0, 0])
    }

    func testTranslucentGrayBlendsOverWhatTheCallerWrote() throws {
        var bytes: [UInt8] = [51, 200, 0, 0]  // one row: gray 0.2, then 200, then black
        try withContext(&bytes, width: 4, height: 1, bytesPerRow: 4, space: gray, info: none) { c in
            c.setFillColor(gray: 1, alpha: 0.5)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        }
        // OVER: white at half alpha over d is 0.5 + d × 0.5.
        XCTAssertEqual(Int(bytes[0]), Int(byte(0.5 + 0.2 * 0.5)), accuracy: 1)
        XCTAssertEqual(bytes[1], 200, "a pixel not drawn keeps the caller's byte")
        XCTAssertEqual(Int(bytes[2]), Int(byte(0.5)), accuracy: 1)
        XCTAssertEqual(bytes[3], 0)
    }

    func testColoursAndImagesAreConvertedToTheirLuminanceInAGrayContext() throws {
        // sRGB red: luminance 0.2126 in linear light, encoded with the sRGB curve (Lamina's
        // device and generic gray sit on sRGB's gray axis, as iOS draws them).
        let redGray = byte(encoded(0.2126))
        let greenGray = byte(encoded(0.7152 * linear(0.5)))
        let red = makeImage(width: 1, height: 1) { _, _ in px(255, 0, 0) }
        var bytes = [UInt8](repeating: 0, count: 3)
        try withContext(&bytes, width: 3, height: 1, bytesPerRow: 3, space: gray, info: none) { c in
            c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.setFillColor(red: 0, green: 0.5, blue: 0, alpha: 1)
            c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            c.draw(red, in: CGRect(x: 2, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(Int(bytes[0]), Int(redGray), accuracy: 1)
        XCTAssertEqual(Int(bytes[1]), Int(greenGray), accuracy: 1)
        XCTAssertEqual(Int(bytes[2]), Int(redGray), accuracy: 1, "an sRGB image drawn into gray")
    }

    func testALinearGrayContextStoresLinearLight() throws {
        let space = try XCTUnwrap(CGColorSpace(name: CGColorSpace.linearGray))
        var bytes = [UInt8](repeating: 0, count: 2)
        try withContext(&bytes, width: 2, height: 1, bytesPerRow: 2, space: space, info: none) { c in
            c.setFillColor(gray: 0.5, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(Int(bytes[0]), Int(byte(linear(0.5))), accuracy: 1)
        XCTAssertEqual(bytes[1], 255)
        // Its image holds linear levels, labelled so: drawn into sRGB they are gray 0.5 again.
        let c = try XCTUnwrap(
            CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: space, bitmapInfo: none))
        c.setFillColor(gray: 0.5, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try XCTUnwrap(c.makeImage())
        XCTAssertEqual(image.colorSpace?.name, CGColorSpace.linearSRGB)
        let srgb = try XCTUnwrap(makeBitmapContext(width: 1, height: 1))
        srgb.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        assertPixel(srgb.makeImage(), 0, 0, px(byte(0.5), byte(0.5), byte(0.5)), tolerance: 2)
    }

    func testAGrayContextsImageIsGrayAndDrawsAsGray() throws {
        let c = try XCTUnwrap(
            CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: gray, bitmapInfo: none))
        c.setFillColor(gray: 0.25, alpha: 1)
        c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let image = try XCTUnwrap(c.makeImage())
        // Lamina's images are RGB: device gray's levels are sRGB's gray axis.
        XCTAssertEqual(image.colorSpace?.name, CGColorSpace.sRGB)
        let g = byte(0.25)
        assertPixel(image, 0, 0, px(0, 0, 0))
        assertPixel(image, 1, 0, px(g, g, g))
        let rgb = try XCTUnwrap(makeBitmapContext(width: 2, height: 1))
        rgb.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 1))
        assertPixel(rgb.makeImage(), 1, 0, px(g, g, g))
    }

    func testAnAlphaOnlyContextKeepsCoverageAndAlphaWhateverTheColour() throws {
        var bytes: [UInt8] = [100, 0, 0, 0, 0, 0, 0, 0]  // 4×2, rows top first
        try withContext(&bytes, width: 4, height: 2, bytesPerRow: 4, space: gray, info: alphaOnly) { c in
            XCTAssertEqual(c.bitsPerPixel, 8)
            XCTAssertEqual(c.alphaInfo, .alphaOnly)
            c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
            c.fill(CGRect(x: 0, y: 1, width: 2, height: 1))  // the top row's first two
            c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.fill(CGRect(x: 1.5, y: 0, width: 1, height: 1))  // half of pixels 1 and 2
        }
        // OVER on alpha: 0.5 + d × 0.5.
        XCTAssertEqual(Int(bytes[0]), Int(byte(0.5 + 100.0 / 255 * 0.5)), accuracy: 1)
        XCTAssertEqual(Int(bytes[1]), Int(byte(0.5)), accuracy: 1)
        XCTAssertEqual(bytes[2], 0)
        XCTAssertEqual(bytes[4], 255)
        XCTAssertEqual(Int(bytes[5]), Int(byte(0.5)), accuracy: 1)
        XCTAssertEqual(Int(bytes[6]), Int(byte(0.5)), accuracy: 1)
        XCTAssertEqual(bytes[7], 0)
    }

    func testAlphaOnlyIsAcceptedInAnRGBSpaceToo() throws {
        let c = try XCTUnwrap(
            CGContext(
                data: nil, width: 3, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alphaOnly))
        XCTAssertEqual(c.bytesPerRow, 3)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.data?.load(fromByteOffset: 0, as: UInt8.self), 255)
        XCTAssertEqual(c.data?.load(fromByteOffset: 1, as: UInt8.self), 0)
    }

    func testGrayWithAlphaOrTooShortRowsFailsSayingWhy() {
        var context: CGContext?
        var lines = standardErrorLines {
            context = CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        }
        XCTAssertNil(context)
        XCTAssertEqual(
            lines,
            [
                "CGBitmapContextCreate: unsupported parameter combination: alpha info 1 in gray colour space "
                    + "kCGColorSpaceDeviceGray; gray contexts have no alpha (use CGImageAlphaInfo.none, "
                    + "or alphaOnly for alpha without colour)"
            ])
        lines = standardErrorLines {
            context = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 3, space: gray, bitmapInfo: none)
        }
        XCTAssertNil(context)
        XCTAssertEqual(
            lines,
            ["CGBitmapContextCreate: invalid data bytes/row: should be at least 4 for 8 integer bits/component, 1 component, default byte order; got 3"])
    }
}
