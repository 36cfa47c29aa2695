import CoreGraphics
import CoreText
import Foundation
import XCTest

// A run's base advances and origins: how far each glyph moves the pen, and where it is drawn
// relative to the pen. Expected values are DejaVu Sans's own (fontTools): "q" (glyph 84)
// advances 1300 of 2048 units; U+0301 COMBINING ACUTE ACCENT (glyph 690) advances 0 and is
// attached by the `mark` feature with its anchor at (-512, 1147) on q's anchor at (623, 1147),
// so it sits 623 + 512 - 1300 = -165 units from the pen q left, at 2048 points one unit a point.
final class CTRunBaseAdvancesTests: XCTestCase {
    private func run(_ string: String, _ attributes: [NSAttributedString.Key: Any] = [:], size: CGFloat = 2048) throws -> CTRun {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
        let line = CTLineCreateWithAttributedString(
            NSAttributedString(string: string, attributes: [.font: font].merging(attributes) { $1 }))
        return try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
    }

    private func baseAdvancesAndOrigins(_ run: CTRun) -> ([CGFloat], [CGPoint]) {
        let count = CTRunGetGlyphCount(run)
        var advances = [CGSize](repeating: CGSize(width: -1, height: -1), count: count)
        var origins = [CGPoint](repeating: CGPoint(x: -1, y: -1), count: count)
        CTRunGetBaseAdvancesAndOrigins(run, CFRange(), &advances, &origins)
        return (advances.map(\.width), origins)
    }

    func testAMarkIsPlacedFromThePenItsBaseLeft() throws {
        let run = try run("q\u{301}")
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        CTRunGetGlyphs(run, CFRange(), &glyphs)
        XCTAssertEqual(glyphs, [84, 690])
        let (advances, origins) = baseAdvancesAndOrigins(run)
        XCTAssertEqual(advances, [1300, 0])
        XCTAssertEqual(origins, [.zero, CGPoint(x: -165, y: 0)])
        var positions = [CGPoint](repeating: .zero, count: 2)
        CTRunGetPositions(run, CFRange(), &positions)
        XCTAssertEqual(positions, [.zero, CGPoint(x: 1135, y: 0)], "the mark is drawn at its pen plus its origin")
    }

    func testAMarkOnALaterLineOfAFrameIsPlacedFromItsBase() throws {
        // The second line starts 3 bytes into the string; its "x" (1212 units) and "q" start
        // graphemes, its mark is placed from the pen "q" left, as on a line of its own.
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 2048, nil)
        let text = NSAttributedString(string: "ab\nxq\u{301}", attributes: [.font: font])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: 100_000, height: 100_000), transform: nil), nil)
        let lines = try XCTUnwrap(CTFrameGetLines(frame) as? [CTLine])
        XCTAssertEqual(lines.count, 2)
        let run = try XCTUnwrap((CTLineGetGlyphRuns(lines[1]) as? [CTRun])?.first)
        let (advances, origins) = baseAdvancesAndOrigins(run)
        XCTAssertEqual(advances, [1212, 1300, 0])
        XCTAssertEqual(origins, [.zero, .zero, CGPoint(x: -165, y: 0)])
    }

    func testKernedGlyphsOnALaterLineSitOnTheirPens() throws {
        // Core Text's kern follows every character: "x" (1212 units) and "q" (1300) each
        // advance the pen by their advance and 100, and each sits on its pen.
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 2048, nil)
        let text = NSAttributedString(string: "ab\nxq", attributes: [.font: font, .kern: 100])
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: 100_000, height: 100_000), transform: nil), nil)
        let lines = try XCTUnwrap(CTFrameGetLines(frame) as? [CTLine])
        let run = try XCTUnwrap((CTLineGetGlyphRuns(try XCTUnwrap(lines.last)) as? [CTRun])?.first)
        let (advances, origins) = baseAdvancesAndOrigins(run)
        XCTAssertEqual(advances, [1312, 1400])
        XCTAssertEqual(origins, [.zero, .zero])
    }

    func testTextWithoutMarksSitsOnItsPenWithItsOwnAdvances() throws {
        // "Ab" at 20.48 points: A advances 1401 units, b 1300.
        let (advances, origins) = baseAdvancesAndOrigins(try run("Ab", size: 20.48))
        XCTAssertEqual(advances[0], 14.01, accuracy: 1.0 / 1024)
        XCTAssertEqual(advances[1], 13.00, accuracy: 1.0 / 1024)
        XCTAssertEqual(origins, [.zero, .zero])
    }

    func testAKernIsPartOfTheBaseAdvanceAndABaselineOffsetOfTheOrigin() throws {
        let kerned = try run("Ab", [.kern: 3, .baselineOffset: 5], size: 20.48)
        let (advances, origins) = baseAdvancesAndOrigins(kerned)
        XCTAssertEqual(advances[0], 14.01 + 3, accuracy: 1.0 / 1024)
        XCTAssertEqual(advances[1], 13.00 + 3, accuracy: 1.0 / 1024)
        XCTAssertEqual(origins, [CGPoint(x: 0, y: 5), CGPoint(x: 0, y: 5)])
    }

    func testARaisedRunsGlyphsAreAboveTheBaselineWhereverTheyAreDrawnFrom() throws {
        // A positive baseline offset raises the text (Apple's documentation of
        // kCTBaselineOffsetAttributeName): its positions are above the line's baseline, y up,
        // and drawing the run by them puts its ink where drawing the line does.
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        let line = CTLineCreateWithAttributedString(
            NSAttributedString(string: "Hi", attributes: [.font: font, .baselineOffset: 6]))
        let run = try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        var positions = [CGPoint](repeating: .zero, count: 2)
        CTRunGetPositions(run, CFRange(), &positions)
        XCTAssertEqual(positions.map(\.y), [6, 6])
        func ink(_ draw: (CGContext) -> Void) throws -> [UInt8] {
            let context = try XCTUnwrap(
                CGContext(
                    data: nil, width: 60, height: 40, bitsPerComponent: 8, bytesPerRow: 60, space: CGColorSpaceCreateDeviceGray(),
                    bitmapInfo: CGImageAlphaInfo.none.rawValue))
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 60, height: 40))
            context.textPosition = CGPoint(x: 4, y: 10)
            draw(context)
            return Array(UnsafeBufferPointer(start: context.data?.assumingMemoryBound(to: UInt8.self), count: 60 * 40))
        }
        /// The rows (from the bottom) where the drawing has ink.
        func inkRows(_ draw: (CGContext) -> Void) throws -> ClosedRange<Int>? {
            let pixels = try ink(draw)
            let rows = (0..<40).filter { row in (0..<60).contains { pixels[row * 60 + $0] < 128 } }.map { 39 - $0 }
            return rows.min().flatMap { low in rows.max().map { low...$0 } }
        }
        let byLine = try XCTUnwrap(try inkRows { CTLineDraw(line, $0) }, "the text is drawn")
        XCTAssertEqual(try inkRows { CTRunDraw(run, $0, CFRange()) }, byLine)
        let plain = CTLineCreateWithAttributedString(NSAttributedString(string: "Hi", attributes: [.font: font]))
        let unraised = try XCTUnwrap(try inkRows { CTLineDraw(plain, $0) })
        XCTAssertEqual(byLine.lowerBound, unraised.lowerBound + 6, "6 points above the baseline")
    }

    func testARangeAndAbsentBuffersAreHonoured() throws {
        let run = try run("q\u{301}")
        var origin = CGPoint(x: -1, y: -1)
        CTRunGetBaseAdvancesAndOrigins(run, CFRange(location: 1, length: 1), nil, &origin)
        XCTAssertEqual(origin, CGPoint(x: -165, y: 0))
        var advance = CGSize(width: -1, height: -1)
        CTRunGetBaseAdvancesAndOrigins(run, CFRange(location: 0, length: 1), &advance, nil)
        XCTAssertEqual(advance, CGSize(width: 1300, height: 0))
    }
}
