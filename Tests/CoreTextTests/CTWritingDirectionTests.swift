import CoreGraphics
import CoreText
import Foundation
import XCTest

// A paragraph's base writing direction, as Apple's NSParagraphStyle documentation describes
// `baseWritingDirection`: it orders text of both directions, and natural alignment starts
// from its side; natural direction is the first strong character's (Unicode's rule).
// Widths of Latin letters are DejaVu Sans Mono's ("Menlo"): every glyph advances 1233 of
// 2048 units (fontTools `['hmtx']`).
final class CTWritingDirectionTests: XCTestCase {
    private let font = CTFontCreateWithName("Menlo" as CFString, 20, nil)
    private var advance: CGFloat { 1233.0 * 20 / 2048 }

    private func string(_ text: String, _ direction: NSWritingDirection, _ alignment: NSTextAlignment = .natural) -> NSAttributedString {
        let style = NSMutableParagraphStyle()
        style.baseWritingDirection = direction
        style.alignment = alignment
        return NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style])
    }

    private func firstOrigin(_ string: NSAttributedString) -> CGFloat? {
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil), nil)
        var origin = CGPoint(x: -1, y: -1)
        guard CFArrayGetCount(CTFrameGetLines(frame)) > 0 else { return nil }
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 1), &origin)
        return origin.x
    }

    /// The string location of each of the line's runs, in visual order, left to right.
    private func runStarts(_ string: NSAttributedString) -> [CFIndex] {
        (CTLineGetGlyphRuns(CTLineCreateWithAttributedString(string)) as? [CTRun] ?? []).map { CTRunGetStringRange($0).location }
    }

    func testARightToLeftParagraphStartsNaturalLinesAtTheRightWhateverItsText() {
        XCTAssertEqual(firstOrigin(string("abc", .rightToLeft)), 200 - 3 * advance)
        XCTAssertEqual(firstOrigin(string("abc", .natural)), 0)
        XCTAssertEqual(firstOrigin(string("abc", .rightToLeft, .left)), 0, "an explicit side stays")
    }

    func testALeftToRightParagraphOfHebrewStartsAtTheLeft() {
        let hebrew = "\u{5D0}\u{5D1}\u{5D2}"
        // DejaVu Sans Mono has no Hebrew: the letters come from fontconfig's fallback, whose
        // advances the line measures.
        let width = CGFloat(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(string(hebrew, .natural)), nil, nil, nil))
        XCTAssertEqual(firstOrigin(string(hebrew, .natural)), 200 - width, "natural: its first letter is right to left")
        XCTAssertEqual(firstOrigin(string(hebrew, .leftToRight)), 0)
    }

    func testTheDirectionOrdersTextOfBothDirections() {
        let mixed = "abc \u{5D0}\u{5D1}\u{5D2}"
        XCTAssertEqual(runStarts(string(mixed, .natural)).first, 0, "left to right: “abc” first")
        XCTAssertEqual(runStarts(string(mixed, .rightToLeft)).last, 0, "right to left: “abc” last, at the right")
        XCTAssertEqual(runStarts(string("\u{5D0}\u{5D1}\u{5D2} abc", .natural)).last, 0, "a Hebrew first letter runs the line right to left")
    }

    /// The origins of the lines of `text` in a frame 200 points wide, right to left, with
    /// these indents.
    private func rightToLeftOrigins(
        _ text: String, first: CGFloat, head: CGFloat, tail: CGFloat, alignment: NSTextAlignment = .natural
    ) -> [CGFloat] {
        let style = NSMutableParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        style.alignment = alignment
        style.firstLineHeadIndent = first
        style.headIndent = head
        style.tailIndent = tail
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style])),
            CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil), nil)
        var origins = [CGPoint](repeating: .zero, count: CFArrayGetCount(CTFrameGetLines(frame)))
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins.map(\.x)
    }

    func testARightToLeftParagraphsIndentsAreMeasuredFromTheRightAndItsTailFromTheLeft() {
        XCTAssertEqual(rightToLeftOrigins("abc", first: 20, head: 0, tail: 0), [180 - 3 * advance], "the first line ends 20 from the right")
        // A hanging paragraph: the first line ("aaaa bbbb cccc ", 15 of the 16.6 advances 200
        // points hold) at the right edge, the others 40 in from it: the last, "dddd eeee"
        // (9 advances), ends at 160.
        let hanging = rightToLeftOrigins("aaaa bbbb cccc dddd eeee", first: 0, head: 40, tail: 0)
        XCTAssertEqual(hanging.count, 2)
        XCTAssertEqual(hanging.last.map { $0 + 9 * advance }, 160)
        // A tail of -30 keeps the lines 30 points from the left edge: 150 points hold "aaaa
        // bbbb " (10 advances) but not a third word.
        XCTAssertEqual(rightToLeftOrigins("aaaa bbbb cccc", first: 20, head: 20, tail: -30).count, 2)
        // A positive tail is measured from the leading, right, edge: lines span 140 to 200.
        XCTAssertEqual(rightToLeftOrigins("abc", first: 0, head: 0, tail: 60), [200 - 3 * advance])
        XCTAssertEqual(
            rightToLeftOrigins("abc", first: 20, head: 0, tail: -30, alignment: .center), [30 + (150 - 3 * advance) / 2],
            "centred between the tail, 30 from the left, and the indent, 20 from the right")
    }

    func testCoreTextsSettingSetsTheDirectionAndReadsBack() {
        var direction = CTWritingDirection.rightToLeft.rawValue
        let style = withUnsafePointer(to: &direction) {
            var setting = CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: 1, value: $0)
            return CTParagraphStyleCreate(&setting, 1)
        }
        let text = NSAttributedString(
            string: "abc", attributes: [.font: font, NSAttributedString.Key(kCTParagraphStyleAttributeName): style])
        XCTAssertEqual(firstOrigin(text), 200 - 3 * advance)
        var read: Int8 = 0
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(style, .baseWritingDirection, 1, &read))
        XCTAssertEqual(read, CTWritingDirection.rightToLeft.rawValue)
    }

    func testLanguagesWrittenRightToLeftHaveThatDefaultDirection() {
        XCTAssertEqual(NSParagraphStyle.defaultWritingDirection(forLanguage: "he"), .rightToLeft)
        XCTAssertEqual(NSParagraphStyle.defaultWritingDirection(forLanguage: "ar_EG"), .rightToLeft)
        XCTAssertEqual(NSParagraphStyle.defaultWritingDirection(forLanguage: "fa-IR"), .rightToLeft)
        XCTAssertEqual(NSParagraphStyle.defaultWritingDirection(forLanguage: "en-US"), .leftToRight)
        XCTAssertEqual(NSParagraphStyle.defaultWritingDirection(forLanguage: "ja"), .leftToRight)
    }
}
