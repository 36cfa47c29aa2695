import CoreGraphics
import CoreText
import XCTest

// The text state as Apple's Quartz 2D Programming Guide lists the graphics state: the font,
// font size and text drawing mode are saved and restored with it; the text matrix is not.
final class CGContextTextStateTests: XCTestCase {
    private func context() throws -> CGContext {
        try XCTUnwrap(
            CGContext(
                data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 160,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    /// The number of pixels with any coverage.
    private func paintedPixels(_ context: CGContext) throws -> Int {
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        return stride(from: 3, to: 160 * 40, by: 4).filter { data[$0] > 0 }.count
    }

    /// Draws the glyph of "H" of the context's font at (8, 8).
    private func showH(_ context: CGContext) {
        var glyph: CGGlyph = 0
        var character: UniChar = 0x48
        _ = CTFontGetGlyphsForCharacters(CTFontCreateWithName("Helvetica" as CFString, 24, nil), &character, &glyph, 1)
        context.showGlyphs([glyph], at: [CGPoint(x: 8, y: 8)])
    }

    func testRestoringTheGraphicsStateRestoresTheTextDrawingMode() throws {
        let context = try context()
        context.setFontSize(24)
        context.setTextDrawingMode(.invisible)
        context.saveGState()
        context.setTextDrawingMode(.fill)
        context.restoreGState()
        showH(context)
        XCTAssertEqual(try paintedPixels(context), 0, "invisible again after the restore")

        let other = try self.context()
        other.setFontSize(24)
        other.saveGState()
        other.setTextDrawingMode(.invisible)
        other.restoreGState()
        showH(other)
        XCTAssertGreaterThan(try paintedPixels(other), 50, "filled again after the restore")
    }

    func testRestoringTheGraphicsStateRestoresTheFontSize() throws {
        let small = try context()
        small.setFontSize(6)
        showH(small)
        let restored = try context()
        restored.setFontSize(6)
        restored.saveGState()
        restored.setFontSize(24)
        restored.restoreGState()
        showH(restored)
        XCTAssertGreaterThan(try paintedPixels(small), 0)
        XCTAssertEqual(try paintedPixels(restored), try paintedPixels(small), "the 6-point size in effect at the save")
    }

    func testRestoringTheGraphicsStateLeavesTheTextMatrixAlone() throws {
        let context = try context()
        context.saveGState()
        context.textMatrix = CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        context.textPosition = CGPoint(x: 5, y: 7)
        context.restoreGState()
        XCTAssertEqual(context.textMatrix, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 7))
        XCTAssertEqual(context.textPosition, CGPoint(x: 5, y: 7))
    }
}
