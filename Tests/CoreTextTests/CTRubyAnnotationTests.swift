import CoreGraphics
import CoreText
import Foundation
import XCTest

// Ruby text stands above (or below) its base and the line makes room for it, as Apple's
// CTRubyAnnotation documentation describes: the annotation's text at a size factor of the base's
// size, `.before` above horizontal text and `.after` below it, aligned by the annotation's
// alignment. The base is "Menlo", DejaVu Sans Mono: every glyph advances 1233 of 2048 units, its
// ascent 1901 and descent 483 units (fontTools `['hmtx']`, `['hhea']`). At 20 points the base's
// ascent is 18.564453125 and descent 4.716796875 points; the ruby text at half that size is
// 11.640625 points tall (ascent 9.2822265625, descent 2.3583984375) and its glyphs advance
// 6.0205078125 points, the base's 12.041015625.
final class CTRubyAnnotationTests: XCTestCase {
    private let font = CTFontCreateWithName("Menlo" as CFString, 20, nil)
    private let baseAscent: CGFloat = 1901.0 * 20 / 2048
    private let baseDescent: CGFloat = 483.0 * 20 / 2048
    private let rubyHeight: CGFloat = (1901.0 + 483) * 10 / 2048
    private let rubyAdvance: CGFloat = 1233.0 * 10 / 2048
    private let baseAdvance: CGFloat = 1233.0 * 20 / 2048

    /// "ab" in the base font, with `annotation` over both characters.
    private func line(_ annotation: CTRubyAnnotation) -> CTLine {
        let text = NSMutableAttributedString(string: "ab", attributes: [.font: font])
        text.addAttribute(NSAttributedString.Key(kCTRubyAnnotationAttributeName), value: annotation, range: NSRange(location: 0, length: 2))
        return CTLineCreateWithAttributedString(text)
    }

    private func annotation(_ text: String, _ alignment: CTRubyAlignment, at position: CTRubyPosition = .before) -> CTRubyAnnotation {
        CTRubyAnnotationCreateWithAttributes(alignment, .auto, position, text as CFString, [:] as CFDictionary)
    }

    func testAnAnnotationKeepsWhatItWasMadeWith() {
        var texts: [CFString?] = ["above" as CFString, "below" as CFString, nil, nil]
        let made = CTRubyAnnotationCreate(.end, .none, 0.4, &texts)
        XCTAssertEqual(CTRubyAnnotationGetAlignment(made), .end)
        XCTAssertEqual(CTRubyAnnotationGetOverhang(made), .none)
        XCTAssertEqual(CTRubyAnnotationGetSizeFactor(made), 0.4)
        XCTAssertEqual(CTRubyAnnotationGetTextForPosition(made, .before), "above")
        XCTAssertEqual(CTRubyAnnotationGetTextForPosition(made, .after), "below")
        XCTAssertNil(CTRubyAnnotationGetTextForPosition(made, .inline))
        let copy = CTRubyAnnotationCreateCopy(made)
        XCTAssertEqual(CTRubyAnnotationGetTextForPosition(copy, .after), "below")
        XCTAssertEqual(CTRubyAnnotationGetSizeFactor(copy), 0.4)
        XCTAssertEqual(CFGetTypeID(copy), CTRubyAnnotationGetTypeID())

        let attributed = CTRubyAnnotationCreateWithAttributes(
            .center, .auto, .after, "ruby" as CFString, [kCTRubyAnnotationSizeFactorAttributeName: 0.3] as CFDictionary)
        XCTAssertEqual(CTRubyAnnotationGetSizeFactor(attributed), 0.3)
        XCTAssertNil(CTRubyAnnotationGetTextForPosition(attributed, .before))
        XCTAssertEqual(CTRubyAnnotationGetTextForPosition(attributed, .after), "ruby")
        XCTAssertEqual(CTRubyAnnotationGetSizeFactor(annotation("x", .auto)), 0.5, "half the base's size when none is given")
    }

    func testTheLineReachesUpForRubyAboveAndDownForRubyBelow() {
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line(annotation("x", .center)), &ascent, &descent, nil)
        XCTAssertEqual(width, Double(2 * baseAdvance), accuracy: 1e-6, "the base keeps its width")
        XCTAssertEqual(ascent, baseAscent + rubyHeight, accuracy: 1e-6)
        XCTAssertEqual(descent, baseDescent, accuracy: 1e-6)

        _ = CTLineGetTypographicBounds(line(annotation("x", .center, at: .after)), &ascent, &descent, nil)
        XCTAssertEqual(ascent, baseAscent, accuracy: 1e-6)
        XCTAssertEqual(descent, baseDescent + rubyHeight, accuracy: 1e-6)
    }

    func testAFramesLinesStandApartByTheRoomTheRubyTakes() {
        let plain = NSMutableAttributedString(string: "ab\nab", attributes: [.font: font])
        let annotated = NSMutableAttributedString(attributedString: plain)
        annotated.addAttribute(
            NSAttributedString.Key(kCTRubyAnnotationAttributeName), value: annotation("x", .center), range: NSRange(location: 3, length: 2))
        func origins(_ text: NSAttributedString) -> [CGPoint] {
            let frame = CTFramesetterCreateFrame(
                CTFramesetterCreateWithAttributedString(text), CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil), nil)
            var origins = [CGPoint](repeating: .zero, count: 2)
            CTFrameGetLineOrigins(frame, CFRange(), &origins)
            return origins
        }
        let before = origins(plain), after = origins(annotated)
        XCTAssertEqual(after[0].y, before[0].y, accuracy: 1e-6, "the line above keeps its place")
        XCTAssertEqual(before[1].y - after[1].y, rubyHeight, accuracy: 1e-6, "the annotated line moves down by the ruby's height")
    }

    /// The columns of ink in the rows of a 60 × 60 drawing of `line` whose baseline is 40
    /// points up from the bottom, between `heights` points above the baseline (below: negative).
    private func inkColumns(_ line: CTLine, heights: ClosedRange<CGFloat>) throws -> Set<Int> {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 60, height: 60, bitsPerComponent: 8, bytesPerRow: 240,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.textPosition = CGPoint(x: 0, y: 20)
        CTLineDraw(line, context)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        // Rows from the top: the baseline is at row 40.
        let rows = Int((40 - heights.upperBound).rounded(.down))..<Int((40 - heights.lowerBound).rounded(.up))
        var columns = Set<Int>()
        for row in rows where (0..<60).contains(row) {
            for column in 0..<60 where data[row * 240 + column * 4 + 3] > 0 { columns.insert(column) }
        }
        return columns
    }

    func testRubyTextIsDrawnAboveItsBaseAsItsAlignmentSays() throws {
        // Above the base's ascent, where only the ruby text draws.
        let band = baseAscent + 0.5...baseAscent + rubyHeight
        let centred = try inkColumns(line(annotation("x", .center)), heights: band)
        XCTAssertFalse(centred.isEmpty, "the ruby text is drawn above the base")
        let middle = baseAdvance - rubyAdvance / 2
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(centred.min()), Int(middle.rounded(.down)))
        XCTAssertLessThanOrEqual(try XCTUnwrap(centred.max()), Int((middle + rubyAdvance).rounded(.up)))

        let started = try inkColumns(line(annotation("x", .start)), heights: band)
        XCTAssertLessThanOrEqual(try XCTUnwrap(started.max()), Int(rubyAdvance.rounded(.up)))
        let ended = try inkColumns(line(annotation("x", .end)), heights: band)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(ended.min()), Int((2 * baseAdvance - rubyAdvance).rounded(.down)))

        // Spread: "xx" with its first character at the base's start and its last at its end.
        let spread = try inkColumns(line(annotation("xx", .distributeLetter)), heights: band)
        XCTAssertLessThanOrEqual(try XCTUnwrap(spread.min()), Int(rubyAdvance.rounded(.up)))
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(spread.max()), Int((2 * baseAdvance - rubyAdvance).rounded(.down)))

        let below = try inkColumns(line(annotation("x", .center, at: .after)), heights: -(baseDescent + rubyHeight)...(-baseDescent - 0.5))
        XCTAssertFalse(below.isEmpty, "ruby text after the base is drawn below it")
        XCTAssertTrue(try inkColumns(line(annotation("x", .center, at: .after)), heights: band).isEmpty)
    }

    func testScaleToFitShrinksAWideRubyTextToItsBase() throws {
        let wide = "xxxxxxxx"  // 8 × 6.02 = 48.2 points over a 24.1-point base
        let band = baseAscent + 0.5...baseAscent + rubyHeight
        let overhanging = try inkColumns(line(annotation(wide, .center)), heights: band)
        XCTAssertLessThan(try XCTUnwrap(overhanging.min()), 0 + 1, "centred, it reaches past the base's start")
        let fitted = CTRubyAnnotationCreateWithAttributes(
            .center, .auto, .before, wide as CFString, [kCTRubyAnnotationScaleToFitAttributeName: true] as CFDictionary)
        let columns = try inkColumns(line(fitted), heights: band)
        XCTAssertFalse(columns.isEmpty)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(columns.min()), 0)
        XCTAssertLessThanOrEqual(try XCTUnwrap(columns.max()), Int((2 * baseAdvance).rounded(.up)), "within the base's width")
    }
}
