import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// Where filled glyphs land in device pixels. Apple's renders of text (lottie-ios's snapshots
// of its text layers, drawn with CTFrameDraw) show Core Graphics' placement in an axis-aligned
// context: across at a quarter of a device pixel, down at whole device pixels (their rows'
// ink centroid sits within 0.02 px of whole-pixel baselines). The expectations fill the
// glyph's outline (CTFontCreatePathForGlyph) at the placed position.
final class CTLineGlyphPlacementTests: XCTestCase {
    private let width = 80, height = 64
    private let font = CTFontCreateWithName("DejaVu Sans" as CFString, 40, nil)

    private func context() throws -> CGContext {
        try XCTUnwrap(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    private func alphas(_ context: CGContext) throws -> [UInt8] {
        let image = try XCTUnwrap(context.makeImage())
        return (0..<height).flatMap { y in (0..<width).map { x in image.pixel(x: x, y: y)?.alpha ?? 0 } }
    }

    /// "H" drawn by CTLineDraw with the text position at `position`.
    private func line(at position: CGPoint) throws -> [UInt8] {
        let c = try context()
        let line = CTLineCreateWithAttributedString(
            NSAttributedString(string: "H", attributes: [.font: font, .foregroundColor: CGColor(gray: 0, alpha: 1)]))
        c.textPosition = position
        CTLineDraw(line, c)
        return try alphas(c)
    }

    /// The outline of "H" filled with its origin at `origin`.
    private func outline(at origin: CGPoint) throws -> [UInt8] {
        var characters: [UniChar] = Array("H".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: 1)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, &characters, &glyphs, 1))
        var move = CGAffineTransform(translationX: origin.x, y: origin.y)
        let path = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyphs[0], &move))
        let c = try context()
        c.setFillColor(CGColor(gray: 0, alpha: 1))
        c.addPath(path)
        c.fillPath()
        return try alphas(c)
    }

    func testAFilledGlyphLandsOnAQuarterPixelAcrossAndAWholePixelDown() throws {
        // Device y is 64 − 20.3 = 43.7, placed at 44 (user 20); x 10.3 at 10.25.
        let drawn = try line(at: CGPoint(x: 10.3, y: 20.3))
        XCTAssertEqual(drawn, try outline(at: CGPoint(x: 10.25, y: 20)))
        XCTAssertNotEqual(drawn, try outline(at: CGPoint(x: 10, y: 20)), "not at a whole pixel across")
        XCTAssertGreaterThan(drawn.filter { $0 == 255 }.count, 150, "the glyph was drawn")
    }

    func testAQuarterPixelAcrossMovesTheGlyph() throws {
        XCTAssertEqual(try line(at: CGPoint(x: 10.75, y: 20)), try outline(at: CGPoint(x: 10.75, y: 20)))
        XCTAssertNotEqual(try line(at: CGPoint(x: 10.75, y: 20)), try line(at: CGPoint(x: 10.5, y: 20)))
    }
}
