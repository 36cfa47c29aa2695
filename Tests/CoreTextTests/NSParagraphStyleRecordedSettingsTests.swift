import CoreGraphics
import CoreText
import Foundation
import XCTest

// The paragraph settings Lamina records without applying: hyphenation, tightening before
// truncation and line-break strategies. Defaults are Apple's documented ones (NSParagraphStyle:
// a hyphenation factor of 0.0, `lineBreakStrategy` NSLineBreakStrategyNone); the strategies'
// raw values are those of `NSLineBreakStrategy` in Apple's NSParagraphStyle.h (push-out 1,
// Hangul word priority 2, standard 0xFFFF).
final class NSParagraphStyleRecordedSettingsTests: XCTestCase {
    func testTheDefaultStyleNeitherHyphenatesNorTightensNorUsesStrategies() {
        let style = NSParagraphStyle.default
        XCTAssertEqual(style.hyphenationFactor, 0)
        XCTAssertFalse(style.usesDefaultHyphenation)
        XCTAssertFalse(style.allowsDefaultTighteningForTruncation)
        XCTAssertEqual(style.lineBreakStrategy, [])
        XCTAssertEqual(NSParagraphStyle.LineBreakStrategy.pushOut.rawValue, 1)
        XCTAssertEqual(NSParagraphStyle.LineBreakStrategy.hangulWordPriority.rawValue, 2)
        XCTAssertEqual(NSParagraphStyle.LineBreakStrategy.standard.rawValue, 0xFFFF)
    }

    func testTheRecordedSettingsAreCopiedAndCompared() throws {
        let style = NSMutableParagraphStyle()
        style.hyphenationFactor = 0.8
        style.usesDefaultHyphenation = true
        style.allowsDefaultTighteningForTruncation = true
        style.lineBreakStrategy = [.pushOut, .hangulWordPriority]
        let copy = try XCTUnwrap(style.copy() as? NSParagraphStyle)
        XCTAssertEqual(copy.hyphenationFactor, 0.8)
        XCTAssertTrue(copy.usesDefaultHyphenation)
        XCTAssertTrue(copy.allowsDefaultTighteningForTruncation)
        XCTAssertEqual(copy.lineBreakStrategy, [.pushOut, .hangulWordPriority])
        XCTAssertEqual(copy, style)
        let changed = try XCTUnwrap(style.mutableCopy() as? NSMutableParagraphStyle)
        changed.hyphenationFactor = 0
        XCTAssertNotEqual(changed, style)
        changed.setParagraphStyle(style)
        XCTAssertEqual(changed, style)
        XCTAssertNotEqual(NSParagraphStyle.default, style)
    }

    func testAFrameBreaksLinesAtTheSameCharactersWhateverItsHyphenationFactor() {
        // Lamina's Core Text layout does not hyphenate: the lines hold the same characters.
        func lineRanges(_ factor: Float) -> [CFRange] {
            let style = NSMutableParagraphStyle()
            style.hyphenationFactor = factor
            let font = CTFontCreateWithName("Menlo" as CFString, 20, nil)
            let string = NSAttributedString(
                string: "Internationalization characterizes extraordinarily long words", attributes: [.font: font, .paragraphStyle: style])
            let frame = CTFramesetterCreateFrame(
                CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 400), transform: nil), nil)
            return (CTFrameGetLines(frame) as! [CTLine]).map(CTLineGetStringRange)
        }
        let plain = lineRanges(0)
        XCTAssertGreaterThan(plain.count, 2)
        XCTAssertEqual(lineRanges(1).map(\.location), plain.map(\.location))
        XCTAssertEqual(lineRanges(1).map(\.length), plain.map(\.length))
    }
}
