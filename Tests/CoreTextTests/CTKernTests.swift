import CoreGraphics
import CoreText
import Foundation
import XCTest

// `.kern` as Core Text applies it: the kern follows every character, the last one of a line
// too, so a line of n characters is its advances plus n kerns wide (Apple's documentation of
// kCTKernAttributeName: "the amount to kern the next character"; CTLineGetTypographicBounds
// counts the last character's). "Menlo" is matched to DejaVu Sans Mono, every glyph of which
// advances 1233 of 2048 units (fontTools: `['hmtx']`), 9.6328125 points at 16 points.
final class CTKernTests: XCTestCase {
    private let advance: CGFloat = 1233.0 * 16 / 2048
    private let kern: CGFloat = 2
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    private func string(_ text: String, _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [.font: menlo, .kern: kern].merging(extra) { $1 })
    }

    func testALinesWidthHoldsAKernAfterEveryCharacter() {
        let line = CTLineCreateWithAttributedString(string("Hello"))
        XCTAssertEqual(CTLineGetTypographicBounds(line, nil, nil, nil), Double(5 * advance + 5 * kern))
    }

    func testGlyphsAdvanceByTheirAdvanceAndTheKern() throws {
        let line = CTLineCreateWithAttributedString(string("Hello"))
        let run = try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        var positions = [CGPoint](repeating: .zero, count: 5)
        CTRunGetPositions(run, CFRange(), &positions)
        XCTAssertEqual(positions.map(\.x), (0..<5).map { CGFloat($0) * (advance + kern) })
        var advances = [CGSize](repeating: .zero, count: 5)
        CTRunGetAdvances(run, CFRange(), &advances)
        XCTAssertEqual(advances.map(\.width), [CGFloat](repeating: advance + kern, count: 5))
    }

    func testCaretsFollowEachCharactersKern() {
        let line = CTLineCreateWithAttributedString(string("Hello"))
        XCTAssertEqual(CTLineGetOffsetForStringIndex(line, 0, nil), 0)
        XCTAssertEqual(CTLineGetOffsetForStringIndex(line, 3, nil), 3 * (advance + kern))
        XCTAssertEqual(CTLineGetOffsetForStringIndex(line, 5, nil), 5 * (advance + kern))
        XCTAssertEqual(CTLineGetStringIndexForPosition(line, CGPoint(x: 2 * (advance + kern) + 1, y: 0)), 2)
    }

    /// The x of the first line's origin in a frame of `width` with `alignment`.
    private func originX(_ text: String, width: CGFloat, _ alignment: NSTextAlignment) -> CGFloat {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string(text, [.paragraphStyle: style])), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 50), transform: nil), nil)
        var origin = CGPoint(x: -1, y: -1)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 1), &origin)
        return origin.x
    }

    func testRightAndCentredLinesAreAlignedWithTheirLastKern() {
        let width = 5 * advance + 5 * kern
        XCTAssertEqual(originX("Hello", width: 100, .right), 100 - width, accuracy: 1.0 / 1024)
        XCTAssertEqual(originX("Hello", width: 100, .center), (100 - width) / 2, accuracy: 1.0 / 1024)
        XCTAssertEqual(originX("Hello", width: 100, .left), 0)
    }

    func testALineWrapsWhenItsLastKernDoesNotFit() {
        let width = 5 * advance + 5 * kern
        func lineCount(_ frameWidth: CGFloat) -> CFIndex {
            let frame = CTFramesetterCreateFrame(
                CTFramesetterCreateWithAttributedString(string("Hello")), CFRange(),
                CGPath(rect: CGRect(x: 0, y: 0, width: frameWidth, height: 100), transform: nil), nil)
            return CFArrayGetCount(CTFrameGetLines(frame))
        }
        XCTAssertEqual(lineCount(width), 1)
        XCTAssertEqual(lineCount(width - 0.5), 2, "five characters and five kerns do not fit")
    }
}
