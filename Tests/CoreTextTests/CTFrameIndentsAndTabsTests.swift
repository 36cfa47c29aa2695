import CoreGraphics
import CoreText
import Foundation
import XCTest

// A frame's lines start at their paragraph's first-line or head indent and end at its tail
// indent, and tabs move text to the paragraph's stops, as Apple's NSParagraphStyle
// documentation describes them (indents from the leading margin, a tail indent from the
// trailing margin when 0 or negative; tab locations from the margin; by default 12 left stops
// 28 points apart; stops after the last at multiples of the default tab interval). Expected
// positions are computed here from the font's own figures: "Menlo" is matched to DejaVu Sans
// Mono, whose every glyph advances 1233 of 2048 units (fontTools: `['hmtx']`), 9.6328125
// points at 16 points.
final class CTFrameIndentsAndTabsTests: XCTestCase {
    private let advance: CGFloat = 1233.0 * 16 / 2048
    private let font = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    private func string(_ text: String, _ style: NSParagraphStyle) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style])
    }

    private func style(
        first: CGFloat = 0, head: CGFloat = 0, tail: CGFloat = 0, alignment: NSTextAlignment = .natural
    ) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = first
        style.headIndent = head
        style.tailIndent = tail
        style.alignment = alignment
        return style
    }

    private func frame(_ string: NSAttributedString, width: CGFloat) -> CTFrame {
        CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 400), transform: nil), nil)
    }

    /// Each line's origin and string range.
    private func lines(_ frame: CTFrame) -> [(x: CGFloat, range: CFRange)] {
        let lines = CTFrameGetLines(frame) as? [CTLine] ?? []
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return zip(origins, lines).map { ($0.x, CTLineGetStringRange($1)) }
    }

    /// Where each glyph of `line` is, from the line's origin.
    private func glyphXs(_ line: CTLine) -> [CGFloat] {
        (CTLineGetGlyphRuns(line) as? [CTRun] ?? []).flatMap { run -> [CGFloat] in
            var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
            CTRunGetPositions(run, CFRange(), &positions)
            return positions.map(\.x)
        }
    }

    func testTheFirstLineStartsAtItsIndentAndTheOthersAtTheHeadIndent() {
        // 80 points for the first line hold "aaaa " (a second word would end at 86.7); 90 for
        // the others hold two words.
        let placed = lines(frame(string("aaaa bbbb cccc dddd", style(first: 20, head: 10)), width: 100))
        XCTAssertEqual(placed.map(\.x), [20, 10, 10])
        XCTAssertEqual(placed.map(\.range), [CFRange(location: 0, length: 5), CFRange(location: 5, length: 10), CFRange(location: 15, length: 4)])
    }

    func testAHeadIndentBeyondTheFirstLinesHangsTheOtherLines() {
        let placed = lines(frame(string("aaaa bbbb cccc", style(first: 0, head: 20)), width: 100))
        XCTAssertEqual(placed.map(\.x), [0, 20])
        XCTAssertEqual(placed.map(\.range), [CFRange(location: 0, length: 10), CFRange(location: 10, length: 4)])
    }

    func testATailIndentOfZeroOrLessIsMeasuredFromTheRightEdgeAndAPositiveOneFromTheLeft() {
        let text = "aaaa bbbb cccc"
        // 100 points hold two words; 80 (20 in from the right) and 60 (from the left) one.
        XCTAssertEqual(lines(frame(string(text, style(tail: 0)), width: 100)).map(\.range.length), [10, 4])
        XCTAssertEqual(lines(frame(string(text, style(tail: -20)), width: 100)).map(\.range.length), [5, 5, 4])
        XCTAssertEqual(lines(frame(string(text, style(tail: 60)), width: 100)).map(\.range.length), [5, 5, 4])
    }

    func testRightAndCentredLinesAreAlignedBetweenTheirIndentAndTheTail() {
        let right = lines(frame(string("aaaa", style(first: 20, tail: -10, alignment: .right)), width: 100))
        XCTAssertEqual(right.map(\.x), [90 - 4 * advance], "the line ends at the tail")
        let centred = lines(frame(string("aaaa", style(first: 20, tail: -10, alignment: .center)), width: 100))
        XCTAssertEqual(centred.map(\.x), [20 + (70 - 4 * advance) / 2], "centred between 20 and 90")
        let hanging = lines(frame(string("aaaa bbbb cccc", style(first: 0, head: 20, alignment: .center)), width: 100))
        XCTAssertEqual(hanging.map(\.x), [(100 - 9 * advance) / 2, 20 + (80 - 4 * advance) / 2])
    }

    func testTheSuggestedSizeMakesRoomForTheIndents() {
        let framesetter = CTFramesetterCreateWithAttributedString(string("aaaa", style(first: 20, head: 5, tail: -6)))
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            framesetter, CFRange(), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), nil)
        XCTAssertEqual(size.width, 20 + 4 * advance + 6)
    }

    func testTabsGoToCoreTextsDefaultStopsTwentyEightPointsApart() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "a\tb aaa\tc", attributes: [.font: font]))
        // "a" ends at 9.6: "b" at 28; "b aaa" ends at 28 + 5 advances = 76.2: "c" at 84.
        XCTAssertEqual(glyphXs(line), [0, advance, 28, 28 + advance, 28 + 2 * advance, 28 + 3 * advance, 28 + 4 * advance, 28 + 5 * advance, 84])
    }

    func testTabStopsPlaceTheTextAfterATabByTheirAlignment() {
        let style = NSMutableParagraphStyle()
        style.tabStops = [
            NSTextTab(textAlignment: .center, location: 150), NSTextTab(textAlignment: .right, location: 100),
        ]
        XCTAssertEqual(style.tabStops.map(\.location), [100, 150], "kept in order of location")
        let line = CTLineCreateWithAttributedString(string("a\tbb\tcc", style))
        let xs = glyphXs(line)
        XCTAssertEqual(xs.count, 7)
        guard xs.count == 7 else { return }
        XCTAssertEqual(xs[2], 100 - 2 * advance, "\"bb\" ends at the right stop")
        XCTAssertEqual(xs[5], 150 - advance, "\"cc\" is centred on the centre stop")
    }

    func testTheDefaultTabIntervalPlacesStopsAfterTheLastOne() {
        let style = NSMutableParagraphStyle()
        style.tabStops = [NSTextTab(textAlignment: .left, location: 30)]
        style.defaultTabInterval = 50
        let xs = glyphXs(CTLineCreateWithAttributedString(string("a\tb\tc\td", style)))
        XCTAssertEqual(xs.count, 7)
        guard xs.count == 7 else { return }
        XCTAssertEqual([xs[2], xs[4], xs[6]], [30, 50, 100])
    }

    func testTabStopsAreMeasuredFromTheFramesEdgeNotTheIndent() throws {
        let frame = frame(string("a\tb", style(first: 10)), width: 200)
        let line = try XCTUnwrap((CTFrameGetLines(frame) as? [CTLine])?.first)
        XCTAssertEqual(lines(frame).map(\.x), [10])
        // "a" ends at 19.6 from the frame's edge: "b" goes to the stop at 28.
        XCTAssertEqual(glyphXs(line).last, 28 - 10)
    }

    func testCoreTextParagraphSettingsSetTheSameIndentsAndTabs() throws {
        var first: CGFloat = 20, head: CGFloat = 10, interval: CGFloat = 50
        var tabs: CFArray = [CTTextTabCreate(.right, 100, nil)]
        let tab = try XCTUnwrap(tabs.first as? CTTextTab)
        XCTAssertEqual(CTTextTabGetLocation(tab), 100)
        XCTAssertEqual(CTTextTabGetAlignment(tab), .right)
        XCTAssertNil(CTTextTabGetOptions(tab))
        let style = withUnsafePointer(to: &first) { first in
            withUnsafePointer(to: &head) { head in
                withUnsafePointer(to: &interval) { interval in
                    withUnsafePointer(to: &tabs) { tabs in
                        let settings = [
                            CTParagraphStyleSetting(spec: .firstLineHeadIndent, valueSize: MemoryLayout<CGFloat>.size, value: first),
                            CTParagraphStyleSetting(spec: .headIndent, valueSize: MemoryLayout<CGFloat>.size, value: head),
                            CTParagraphStyleSetting(spec: .defaultTabInterval, valueSize: MemoryLayout<CGFloat>.size, value: interval),
                            CTParagraphStyleSetting(spec: .tabStops, valueSize: MemoryLayout<CFArray>.size, value: tabs),
                        ]
                        return CTParagraphStyleCreate(settings, settings.count)
                    }
                }
            }
        }
        let text = NSAttributedString(
            string: "aaaa bbbb cccc dddd", attributes: [.font: font, NSAttributedString.Key(kCTParagraphStyleAttributeName): style])
        XCTAssertEqual(lines(frame(text, width: 100)).map(\.x), [20, 10, 10])
        let tabbed = NSAttributedString(
            string: "a\tbb\tc", attributes: [.font: font, NSAttributedString.Key(kCTParagraphStyleAttributeName): style])
        let xs = glyphXs(CTLineCreateWithAttributedString(tabbed))
        XCTAssertEqual(xs.count, 6)
        guard xs.count == 6 else { return }
        XCTAssertEqual([xs[2], xs[5]], [100 - 2 * advance, 150], "the right stop, then the interval's next multiple")
    }
}
