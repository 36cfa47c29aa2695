import CoreGraphics
import CoreText
import Foundation
import XCTest

// A separator that ends the text ends its last line: Core Text makes no empty line after it.
// Apple's render of lottie-ios's "verifyLineHeight" sample shows it: its text ends with "\r",
// and lottie moves the text up by however far the frame's last line reaches below the frame;
// Apple's text is not moved, so its last line is the last visible one. Positions are computed
// here from DejaVu Sans Mono's figures ("Menlo"): ascent 1901 and descent 483 of 2048 units,
// no line gap (fontTools: `['hhea']`).
final class CTFrameTrailingSeparatorTests: XCTestCase {
    private let size: CGFloat = 20
    private var ascent: CGFloat { 1901.0 * size / 2048 }
    private var lineHeight: CGFloat { (1901.0 + 483.0) * size / 2048 }

    private func frame(_ text: String, paragraphStyles: Bool = false) -> CTFrame {
        let font = CTFontCreateWithName("Menlo" as CFString, size, nil)
        let string = NSMutableAttributedString(string: text, attributes: [.font: font])
        if paragraphStyles, let split = text.firstIndex(of: "\r") {
            // The paragraphs laid out one by one: the second centred.
            let centred = NSMutableParagraphStyle()
            centred.alignment = .center
            let start = text.utf16.distance(from: text.startIndex, to: text.index(after: split))
            string.addAttribute(.paragraphStyle, value: centred, range: NSRange(location: start, length: text.utf16.count - start))
        }
        return CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(string), CFRange(),
            CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 200), transform: nil), nil)
    }

    private func lineRanges(_ frame: CTFrame) -> [CFRange] {
        (CTFrameGetLines(frame) as! [CTLine]).map(CTLineGetStringRange)
    }

    func testASeparatorEndingTheTextEndsTheLastLine() {
        for separator in ["\n", "\r", "\r\n", "\u{2029}"] {
            let ranges = lineRanges(frame("ab" + separator + separator.replacingOccurrences(of: "\r\n", with: "\n") + "cd" + separator))
            let separatorLength = separator.utf16.count
            XCTAssertEqual(ranges.count, 3, "\(separator.debugDescription): two lines of text and the empty one between")
            XCTAssertEqual(ranges.last?.location, 2 + separatorLength + (separator == "\r\n" ? 1 : separatorLength), separator.debugDescription)
        }
        XCTAssertEqual(lineRanges(frame("\n")).count, 1, "a lone separator is one (empty) line")
        XCTAssertEqual(lineRanges(frame("ab")).count, 1)
    }

    func testTheLastLineOfTextEndingWithASeparatorSitsAtTheFramesBottomWhenTheFrameFitsIt() {
        for paragraphStyles in [false, true] {
            let text = "ab\r\rcd\r"
            let setter = CTFramesetterCreateWithAttributedString(
                NSAttributedString(string: text, attributes: [.font: CTFontCreateWithName("Menlo" as CFString, size, nil)]))
            let suggested = CTFramesetterSuggestFrameSizeWithConstraints(
                setter, CFRange(), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), nil)
            XCTAssertEqual(suggested.height, 3 * lineHeight, accuracy: 1e-9, "three lines")
            let laidOut = frame(text, paragraphStyles: paragraphStyles)
            var origins = [CGPoint](repeating: .zero, count: 3)
            CTFrameGetLineOrigins(laidOut, CFRange(), &origins)
            XCTAssertEqual(lineRanges(laidOut).count, 3, "paragraph styles: \(paragraphStyles)")
            XCTAssertEqual(origins.map(\.y), [200 - ascent, 200 - lineHeight - ascent, 200 - 2 * lineHeight - ascent],
                "paragraph styles: \(paragraphStyles)")
        }
    }
}
