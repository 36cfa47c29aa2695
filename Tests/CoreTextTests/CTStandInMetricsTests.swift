import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// Avenir Next, which no free font clones, is drawn in Lato with Avenir Next's vertical metrics:
// lines as tall, baselines as low, capitals as tall as Apple's.
//
// Avenir Next's figures (1000 units per em): ascender 1000, descender −366, line gap 0, cap
// height 708, x-height 468. The cap height is also what Apple's renders show: 50-point Avenir
// Next Medium capitals drawn at scale 2 cover 70.8 pixel rows (lottie-ios's snapshot images).
// Lato Medium's figures are fontTools' (`TTFont('/usr/share/fonts/truetype/lato/Lato-Medium.ttf')`):
// 2000 units per em, OS/2 cap height 1435, "H" from (179, 0) to (1350, 1435), advance 1530.
final class CTStandInMetricsTests: XCTestCase {
    private let lato = "/usr/share/fonts/truetype/lato/Lato-Medium.ttf"
    /// How tall Lato's glyphs are drawn: Avenir Next's cap height over Lato Medium's.
    private let verticalScale = 0.708 / (1435.0 / 2000)

    func testAvenirNextHasAvenirNextsLineMetricsCapAndXHeight() throws {
        XCTAssertEqual(try fcMatch("Lato:medium", format: "%{file}"), lato, "the figures below are this file's")
        for name in ["AvenirNext-Medium", "AvenirNext-DemiBold", "Avenir Next", "Avenir Next Medium", " AvenirNext-Bold "] {
            let font = CTFontCreateWithName(name as CFString, 16, nil)
            XCTAssertEqual(CTFontCopyFamilyName(font), "Lato", name)
            XCTAssertEqual(CTFontGetAscent(font), 16, accuracy: 1e-9, name)
            XCTAssertEqual(CTFontGetDescent(font), 0.366 * 16, accuracy: 1e-9, name)
            XCTAssertEqual(CTFontGetLeading(font), 0, name)
            XCTAssertEqual(CTFontGetCapHeight(font), 0.708 * 16, accuracy: 1e-9, name)
            XCTAssertEqual(CTFontGetXHeight(font), 0.468 * 16, accuracy: 1e-9, name)
        }
        // Avenir (not Next) and Avenir Next Condensed are other families: Lato's own figures
        // (OS/2 typographic ascender 1610, which Lato's fsSelection asks for).
        XCTAssertEqual(CTFontGetAscent(CTFontCreateWithName("Avenir-Medium" as CFString, 16, nil)), 1610 * 16 / 2000, accuracy: 1e-9)
        XCTAssertNotEqual(CTFontGetAscent(CTFontCreateWithName("AvenirNextCondensed-Bold" as CFString, 16, nil)), 16)
        XCTAssertNotEqual(CTFontGetAscent(CTFontCreateWithName("Avenir Next Condensed Bold" as CFString, 16, nil)), 16)
    }

    func testLatosGlyphsAreAsTallAsAvenirNextsCapitalsAndKeepTheirWidths() throws {
        let font = CTFontCreateWithName("AvenirNext-Medium" as CFString, 100, nil)
        var glyph: CGGlyph = 0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, [UniChar(UInt8(ascii: "H"))], &glyph, 1))
        XCTAssertEqual(glyph, 12)  // Lato Medium's glyph id of "H"
        XCTAssertEqual(CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, nil, 1), 1530.0 / 20, accuracy: 1e-9)
        let rect = CTFontGetBoundingRectsForGlyphs(font, .horizontal, &glyph, nil, 1)
        // FreeType hands outlines over in 26.6 fixed point: within 1/64 point.
        XCTAssertEqual(rect.minX, 179.0 / 20, accuracy: 1.0 / 64)
        XCTAssertEqual(rect.maxX, 1350.0 / 20, accuracy: 1.0 / 64)
        XCTAssertEqual(rect.minY, 0, accuracy: 1.0 / 64)
        XCTAssertEqual(rect.maxY, 70.8, accuracy: 1.0 / 64, "Avenir Next's cap height")
        let path = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyph, nil)).boundingBoxOfPath
        XCTAssertEqual(path.maxY, 70.8, accuracy: 1.0 / 64)
        XCTAssertEqual(path.maxX, 1350.0 / 20, accuracy: 1.0 / 64)
        XCTAssertEqual(CTFontGetBoundingBox(font).maxY, CTFontGetBoundingBox(CTFontCreateWithName("Lato Medium" as CFString, 100, nil)).maxY * verticalScale, accuracy: 1e-9)
    }

    /// "H" in Avenir Next Medium at 100 points, drawn at (20, 30) in a 200 × 150 pixel bitmap
    /// (one pixel a point; the baseline is 120 rows from the top): each pixel's alpha, by row.
    private func drawnH(_ attributes: [NSAttributedString.Key: Any] = [:]) throws -> [[UInt8]] {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 200, height: 150, bitsPerComponent: 8, bytesPerRow: 800,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.textPosition = CGPoint(x: 20, y: 30)
        let font = CTFontCreateWithName("AvenirNext-Medium" as CFString, 100, nil)
        let text = NSAttributedString(
            string: "H", attributes: [.font: font, .foregroundColor: CGColor(gray: 0, alpha: 1)].merging(attributes) { $1 })
        CTLineDraw(CTLineCreateWithAttributedString(text), context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        return (0..<150).map { row in (0..<200).map { data[row * 800 + $0 * 4 + 3] } }
    }

    /// A column of the left stem of the "H": 20 + 179/20 + 3 pixels.
    private let stem = 32

    func testFilledCapitalsAreAvenirNextsHeightAndLatosWidth() throws {
        let rows = try drawnH()
        // The top of the capitals is 70.8 rows above the baseline (row 120), at 49.2: row 49
        // is 80% covered, row 48 not at all (Lato's own capitals would cover 75% of row 48).
        XCTAssertEqual(rows[48][stem], 0)
        XCTAssertEqual(Double(rows[49][stem]), 0.8 * 255, accuracy: 8)
        XCTAssertEqual(rows[50][stem], 255)
        XCTAssertEqual(rows[119][stem], 255, "down to the baseline")
        XCTAssertEqual(rows[120][stem], 0)
        // The right stem ends 1350/20 points right of the origin, as Lato's does: half of
        // column 87 covered.
        XCTAssertEqual(Double(rows[80][87]), 0.5 * 255, accuracy: 16)
        XCTAssertEqual(rows[80][88], 0)
    }

    func testStrokedCapitalsFollowTheSameOutlines() throws {
        // A stroke 2% of the size wide (2 points) centred on the outline's top at 49.2: rows
        // 48.2 to 50.2 (Lato's own top would put it at 47.25 to 49.25).
        let rows = try drawnH([.strokeWidth: 2.0])
        XCTAssertEqual(rows[47][stem], 0)
        XCTAssertEqual(Double(rows[48][stem]), 0.8 * 255, accuracy: 8)
        XCTAssertEqual(rows[49][stem], 255)
        XCTAssertEqual(Double(rows[50][stem]), 0.2 * 255, accuracy: 8)
        XCTAssertEqual(rows[80][stem], 0, "inside the stem: a stroke does not fill")
    }

    func testLinesOfAvenirNextStandAsFarApartAsAvenirNexts() throws {
        let font = CTFontCreateWithName("AvenirNext-Medium" as CFString, 50, nil)
        let text = NSAttributedString(string: "TEXT\nTEXT", attributes: [.font: font])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRange(location: 0, length: 0),
            CGPath(rect: CGRect(x: 0, y: 0, width: 400, height: 400), transform: nil), nil)
        var origins = [CGPoint](repeating: .zero, count: 2)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 2), &origins)
        XCTAssertEqual(CTFrameGetLines(frame).count, 2)
        XCTAssertEqual(origins[0].y, 400 - 50, accuracy: 1e-6, "the first baseline an ascent below the top")
        XCTAssertEqual(origins[0].y - origins[1].y, 50 + 18.3, accuracy: 1e-6, "ascent, descent and no leading apart")
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var leading: CGFloat = 0
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "TEXT", attributes: [.font: font]))
        _ = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        XCTAssertEqual(ascent, 50, accuracy: 1e-6)
        XCTAssertEqual(descent, 18.3, accuracy: 1e-6)
        XCTAssertEqual(leading, 0, accuracy: 1e-6)
        // The ink of "TEXT": Lato's capitals (1435 units tall, flat on the baseline) scaled to
        // Avenir Next's cap height.
        let ink = CTLineGetImageBounds(line, nil)
        XCTAssertEqual(ink.minY, 0, accuracy: 1.0 / 64)
        XCTAssertEqual(ink.maxY, 0.708 * 50, accuracy: 1.0 / 64)
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            CTFramesetterCreateWithAttributedString(text), CFRange(location: 0, length: 0), nil,
            CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude), nil)
        XCTAssertEqual(size.height, 2 * 68.3, accuracy: 1e-6)
    }

    func testAnApplicationsOwnAvenirNextKeepsItsOwnMetrics() throws {
        // DejaVu Sans renamed Avenir Next (PostScript name AvenirNext): hhea ascent 1901 of a
        // 2048-unit em (fontTools), and its own glyphs unscaled.
        let bytes = try renamedFontBytes(of: "DejaVu Sans", [("DejaVu Sans", "Avenir Next"), ("DejaVuSans", "AvenirNext")])
        let graphicsFont = try XCTUnwrap(CGDataProvider(data: bytes).flatMap(CGFont.init))
        var error: Unmanaged<CFError>?
        XCTAssertTrue(CTFontManagerRegisterGraphicsFont(graphicsFont, &error))
        defer { XCTAssertTrue(CTFontManagerUnregisterGraphicsFont(graphicsFont, &error)) }
        let font = CTFontCreateWithName("Avenir Next" as CFString, 16, nil)
        XCTAssertEqual(CTFontCopyFamilyName(font), "Avenir Next")
        XCTAssertEqual(CTFontGetAscent(font), 1901.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(CTFontGetAscent(CTFontCreateWithName("AvenirNext" as CFString, 16, nil)), 1901.0 * 16 / 2048, accuracy: 1e-9)
    }
}
