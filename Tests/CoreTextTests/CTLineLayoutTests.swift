import CoreGraphics
import CoreText
import Foundation
import XCTest

// Layout checked against hand computation from the font's own advances: "Menlo" is matched
// to DejaVu Sans Mono, every glyph of which advances 1233 of 2048 units (fontTools:
// `TTFont(path)['hmtx']`), 9.6328125 points at 16 points; its ascent and descent are 1901
// and 483 units (`['hhea']`), 14.8515625 and 3.7734375 points.
final class CTLineLayoutTests: XCTestCase {
    private let advance: CGFloat = 1233.0 * 16 / 2048
    private let ascent: CGFloat = 1901.0 * 16 / 2048
    private let descent: CGFloat = 483.0 * 16 / 2048
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    private func string(_ text: String, _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [.font: menlo].merging(extra) { $1 })
    }

    func testALinesTypographicBoundsAreItsAdvancesAndItsFontsMetrics() {
        let line = CTLineCreateWithAttributedString(string("Hello") as CFAttributedString)
        var a: CGFloat = 0, d: CGFloat = 0, l: CGFloat = -1
        let width = CTLineGetTypographicBounds(line, &a, &d, &l)
        XCTAssertEqual(width, Double(5 * advance))
        XCTAssertEqual(a, ascent)
        XCTAssertEqual(d, descent)
        XCTAssertEqual(l, 0)
        XCTAssertEqual(CTLineGetGlyphCount(line), 5)
        XCTAssertEqual(CTLineGetStringRange(line), CFRange(location: 0, length: 5))
    }

    func testRunsHoldTheGlyphsAtTheirAdvancesAndTheirAttributes() throws {
        let text = NSMutableAttributedString(attributedString: string("Hi"))
        text.append(NSAttributedString(string: "yo", attributes: [.font: CTFontCreateWithName("Menlo" as CFString, 32, nil)]))
        let line = CTLineCreateWithAttributedString(text)
        let runs = try XCTUnwrap(CTLineGetGlyphRuns(line) as? [CTRun])
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual(CTRunGetStringRange(runs[0]), CFRange(location: 0, length: 2))
        XCTAssertEqual(CTRunGetStringRange(runs[1]), CFRange(location: 2, length: 2))
        var positions = [CGPoint](repeating: .zero, count: 2)
        CTRunGetPositions(runs[1], CFRange(location: 0, length: 0), &positions)
        XCTAssertEqual(positions, [CGPoint(x: 2 * advance, y: 0), CGPoint(x: 2 * advance + 2 * advance, y: 0)])
        var advances = [CGSize](repeating: .zero, count: 2)
        CTRunGetAdvances(runs[0], CFRange(location: 0, length: 2), &advances)
        XCTAssertEqual(advances, [CGSize(width: advance, height: 0), CGSize(width: advance, height: 0)])
        XCTAssertEqual(CTRunGetAttributes(runs[1])[kCTFontAttributeName] as? CTFont, CTFontCreateWithName("Menlo" as CFString, 32, nil))
        var a: CGFloat = 0
        XCTAssertEqual(CTLineGetTypographicBounds(line, &a, nil, nil), Double(6 * advance))
        XCTAssertEqual(a, 2 * ascent, "the tallest font's")
    }

    func testStringIndicesAndOffsetsMapBothWays() {
        let line = CTLineCreateWithAttributedString(string("Hello"))
        XCTAssertEqual(CTLineGetOffsetForStringIndex(line, 0, nil), 0)
        XCTAssertEqual(CTLineGetOffsetForStringIndex(line, 3, nil), 3 * advance)
        XCTAssertEqual(CTLineGetOffsetForStringIndex(line, 99, nil), 5 * advance, "clamped to the end")
        XCTAssertEqual(CTLineGetStringIndexForPosition(line, CGPoint(x: 2 * advance + 1, y: 0)), 2)
        XCTAssertEqual(CTLineGetStringIndexForPosition(line, CGPoint(x: 2 * advance + advance - 1, y: 0)), 3)
        XCTAssertEqual(CTLineGetStringIndexForPosition(line, CGPoint(x: -50, y: 0)), 0)
    }

    func testAFramesLinesWrapToItsWidthFromItsTop() throws {
        let setter = CTFramesetterCreateWithAttributedString(string("Hello world"))
        // 7 advances wide: "Hello " fits, "Hello w" does not.
        let rect = CGRect(x: 10, y: 20, width: 7 * advance, height: 100)
        let frame = CTFramesetterCreateFrame(setter, CFRange(location: 0, length: 0), CGPath(rect: rect, transform: nil), nil)
        let lines = try XCTUnwrap(CTFrameGetLines(frame) as? [CTLine])
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(CTLineGetStringRange(lines[0]), CFRange(location: 0, length: 6))
        XCTAssertEqual(CTLineGetStringRange(lines[1]), CFRange(location: 6, length: 5))
        var origins = [CGPoint](repeating: .zero, count: 2)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        XCTAssertEqual(origins, [CGPoint(x: 0, y: 100 - ascent), CGPoint(x: 0, y: 100 - ascent - (ascent + descent))])
        XCTAssertEqual(CTFrameGetVisibleStringRange(frame), CFRange(location: 0, length: 11))
    }

    func testAWordLongerThanALineBreaksBetweenCharactersWithoutAHyphen() throws {
        // Twenty advances (192.66 points) fit 200: no hyphen takes the twentieth's place.
        let setter = CTFramesetterCreateWithAttributedString(string(String(repeating: "a", count: 30)))
        let frame = CTFramesetterCreateFrame(setter, CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil), nil)
        let lines = try XCTUnwrap(CTFrameGetLines(frame) as? [CTLine])
        XCTAssertEqual(lines.map(CTLineGetStringRange), [CFRange(location: 0, length: 20), CFRange(location: 20, length: 10)])
        XCTAssertEqual(lines.map(CTLineGetGlyphCount), [20, 10])
    }

    func testAFramesetterKeepsItsStringAsItWasWhenMade() throws {
        let text = NSMutableAttributedString(attributedString: string("Hello"))
        let setter = CTFramesetterCreateWithAttributedString(text)
        text.append(string(" world"))
        let frame = CTFramesetterCreateFrame(setter, CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 50), transform: nil), nil)
        XCTAssertEqual(CTFrameGetVisibleStringRange(frame), CFRange(location: 0, length: 5))
    }

    func testLinesThatDoNotFitAreLeftOutOfTheFrame() {
        let setter = CTFramesetterCreateWithAttributedString(string("Hello world"))
        let frame = CTFramesetterCreateFrame(
            setter, CFRange(location: 0, length: 0), CGPath(rect: CGRect(x: 0, y: 0, width: 7 * advance, height: 20), transform: nil), nil)
        XCTAssertEqual(CFArrayGetCount(CTFrameGetLines(frame)), 1)
        XCTAssertEqual(CTFrameGetVisibleStringRange(frame), CFRange(location: 0, length: 6))
    }

    func testSuggestedSizesAreTheLinesExtent() {
        let setter = CTFramesetterCreateWithAttributedString(string("Hello"))
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(location: 0, length: 0), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), &fit)
        XCTAssertEqual(size, CGSize(width: 5 * advance, height: ascent + descent))
        XCTAssertEqual(fit, CFRange(location: 0, length: 5))
        let centered = NSMutableParagraphStyle()
        centered.alignment = .center
        let two = CTFramesetterCreateWithAttributedString(string("Hello world", [.paragraphStyle: centered]))
        let wrapped = CTFramesetterSuggestFrameSizeWithConstraints(two, CFRange(), nil, CGSize(width: 7 * advance, height: .greatestFiniteMagnitude), nil)
        XCTAssertEqual(wrapped.height, 2 * (ascent + descent))
    }

    func testOutOfRangeRangesAreClamped() {
        let setter = CTFramesetterCreateWithAttributedString(string("Hello"))
        let frame = CTFramesetterCreateFrame(
            setter, CFRange(location: -4, length: 1000), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 50), transform: nil), nil)
        XCTAssertEqual(CTFrameGetVisibleStringRange(frame), CFRange(location: 0, length: 5))
        let empty = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        XCTAssertEqual(CTLineGetTypographicBounds(empty, nil, nil, nil), 0)
        XCTAssertEqual(CTLineGetGlyphCount(empty), 0)
        XCTAssertEqual(CTLineGetImageBounds(empty, nil), .zero)
    }
}

final class CTLineTruncationTests: XCTestCase {
    private let advance: CGFloat = 1233.0 * 16 / 2048
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    func testATruncatedLineFitsItsWidthWithAnEllipsis() throws {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello world", attributes: [.font: menlo]))
        let truncated = try XCTUnwrap(CTLineCreateTruncatedLine(line, Double(6 * advance), .end, nil))
        // Five characters and "…" (one monospaced advance) fit six advances.
        XCTAssertEqual(CTLineGetTypographicBounds(truncated, nil, nil, nil), Double(6 * advance))
        // Shortened to 6.5 advances, it keeps the same six: its width is theirs.
        let shortened = try XCTUnwrap(CTLineCreateTruncatedLine(line, Double(6.5 * advance), .end, nil))
        XCTAssertEqual(CTLineGetTypographicBounds(shortened, nil, nil, nil), Double(6 * advance), accuracy: 0.001)
        XCTAssertTrue(CTLineCreateTruncatedLine(line, Double(100 * advance), .end, nil) === line, "a line that fits")
        XCTAssertNil(CTLineCreateTruncatedLine(line, -1, .end, nil))
    }

    func testATruncatedLineDrawsOnlyWhatFitsItsWidth() throws {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello world", attributes: [.font: menlo]))
        let truncated = try XCTUnwrap(CTLineCreateTruncatedLine(line, Double(6 * advance), .end, nil))
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 200, height: 40, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        context.textPosition = CGPoint(x: 0, y: 12)
        CTLineDraw(truncated, context)
        let image = try XCTUnwrap(context.makeImage())
        let bytes = try XCTUnwrap(image.dataProvider?.data as Data?)
        var rightmostInk = -1
        for y in 0..<image.height {
            for x in 0..<image.width where bytes[y * image.bytesPerRow + x * 4 + 3] > 0 { rightmostInk = max(rightmostInk, x) }
        }
        // Six advances are 57.8 points; the whole line's "world" would reach past 150.
        XCTAssertGreaterThan(rightmostInk, Int(4 * advance), "the kept characters are drawn")
        XCTAssertLessThan(CGFloat(rightmostInk), 6 * advance + 1, "nothing past the truncated width: \(rightmostInk)")
    }
}

final class CTLineJustificationTests: XCTestCase {
    private let advance: CGFloat = 1233.0 * 16 / 2048
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    func testAJustifiedLineStretchesTheSpacesBetweenItsWordsToTheWidth() throws {
        // "ab cd ef": eight advances (77.0625 points) justified to 120: the 42.9375 points
        // lacking go to the two spaces, half each (Apple's full justification).
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "ab cd ef", attributes: [.font: menlo]))
        XCTAssertEqual(CTLineGetTypographicBounds(line, nil, nil, nil), Double(8 * advance))
        let justified = try XCTUnwrap(CTLineCreateJustifiedLine(line, 1, 120))
        XCTAssertEqual(CTLineGetTypographicBounds(justified, nil, nil, nil), 120, accuracy: 1.0 / 1024)
        let run = try XCTUnwrap(justified.runs.first)
        var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
        CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
        let gap = (120 - 8 * advance) / 2
        var expected: [CGFloat] = []
        for index in 0..<8 {
            let gapsBefore: CGFloat = index >= 6 ? 2 : index >= 3 ? 1 : 0
            expected.append(CGFloat(index) * advance + gapsBefore * gap)
        }
        XCTAssertEqual(positions.map(\.x), expected)
        // Partly: half the lacking space; none: the line as it was; no width: nil.
        let half = try XCTUnwrap(CTLineCreateJustifiedLine(line, 0.5, 120))
        XCTAssertEqual(CTLineGetTypographicBounds(half, nil, nil, nil), Double(8 * advance + gap), accuracy: 1.0 / 1024)
        XCTAssertTrue(CTLineCreateJustifiedLine(line, 0, 120) === line)
        XCTAssertTrue(CTLineCreateJustifiedLine(line, 1, 50) === line, "a line wider than the width is not compressed")
        XCTAssertNil(CTLineCreateJustifiedLine(line, 1, 0))
        XCTAssertNil(CTLineCreateJustifiedLine(line, 1, .infinity))
    }
}
