import CoreGraphics
import CoreText
import Foundation
import XCTest

// Line breaks checked against hand computation from the font's own advances: "Menlo" is
// matched to DejaVu Sans Mono, every glyph of which advances 1233 of 2048 units, 9.6328125
// points at 16 points, so a line of n characters is n of those wide.
final class CTTypesetterTests: XCTestCase {
    private let advance: Double = 1233.0 * 16 / 2048
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    private func typesetter(_ text: String) -> CTTypesetter {
        CTTypesetterCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: menlo]))
    }

    func testALineBreaksAfterTheLastWholeWordThatFitsWithTheSpacesAfterIt() {
        let words = typesetter("aaa bbb ccc")
        // "aaa bbb" is 7 advances; the space after it hangs past the width, as Core Text's does.
        XCTAssertEqual(CTTypesetterSuggestLineBreak(words, 0, 7 * advance + 1), 8)
        XCTAssertEqual(CTTypesetterSuggestLineBreak(words, 0, 11 * advance + 1), 11)
        XCTAssertEqual(CTTypesetterSuggestLineBreak(words, 4, 5 * advance), 4, "from an index: \"bbb \"")
        XCTAssertEqual(CTTypesetterSuggestLineBreak(words, 8, 100), 3)
    }

    func testAHardLineBreakEndsTheLineAndBelongsToIt() {
        let lines = typesetter("ab\ncd\u{2029}ef")
        XCTAssertEqual(CTTypesetterSuggestLineBreak(lines, 0, 1000), 3)
        XCTAssertEqual(CTTypesetterSuggestLineBreak(lines, 3, 1000), 3)
        XCTAssertEqual(CTTypesetterSuggestLineBreak(lines, 6, 1000), 2)
    }

    func testAClusterBreakSplitsWordsButKeepsACharacterWithItsMarks() {
        let word = typesetter("abc def")
        XCTAssertEqual(CTTypesetterSuggestLineBreak(word, 0, 5 * advance + 1), 4, "between words")
        XCTAssertEqual(CTTypesetterSuggestClusterBreak(word, 0, 5 * advance + 1), 5, "between characters")
        // e + combining acute accent is one cluster: even a width too narrow for it keeps both.
        let accented = typesetter("e\u{301}xyz")
        XCTAssertEqual(CTTypesetterSuggestClusterBreak(accented, 0, 1), 2)
        XCTAssertEqual(CTTypesetterSuggestClusterBreakWithOffset(accented, 2, 2 * advance + 1, 30), 2)
    }

    func testAWidthTooNarrowForAnythingStillMovesOnAndTheEndGivesZero() {
        let word = typesetter("abc")
        XCTAssertEqual(CTTypesetterSuggestLineBreak(word, 0, 1), 1)
        XCTAssertEqual(CTTypesetterSuggestLineBreakWithOffset(word, 1, 0, 10), 1)
        XCTAssertEqual(CTTypesetterSuggestLineBreak(word, 3, 100), 0)
        XCTAssertEqual(CTTypesetterSuggestLineBreak(word, -1, 100), 0)
    }

    func testBreakingEveryLineInTurnCoversTheStringOnce() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running"
        let typesetter = typesetter(text)
        var start = 0
        var counts: [Int] = []
        while start < text.utf16.count {
            let count = CTTypesetterSuggestLineBreak(typesetter, start, 12 * advance + 1)
            counts.append(count)
            start += count
        }
        // Greedy by hand at 12 characters a line, a line's trailing space kept with it.
        XCTAssertEqual(counts, [10, 10, 11, 13, 13, 7])
        XCTAssertEqual(start, text.utf16.count)
    }

    func testALineOfARangeHoldsThatRangeOfTheWholeString() throws {
        let typesetter = typesetter("abc defg")
        let line = CTTypesetterCreateLine(typesetter, CFRangeMake(4, 4))
        XCTAssertEqual(CTLineGetStringRange(line), CFRange(location: 4, length: 4))
        XCTAssertEqual(CTLineGetTypographicBounds(line, nil, nil, nil), 4 * advance)
        let run = try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        XCTAssertEqual(CTRunGetStringRange(run), CFRange(location: 4, length: 4))
        let toEnd = CTTypesetterCreateLineWithOffset(typesetter, CFRangeMake(2, 0), 12)
        XCTAssertEqual(CTLineGetStringRange(toEnd), CFRange(location: 2, length: 6), "a length of 0 is to the end")
        XCTAssertEqual(CTLineGetTypographicBounds(CTTypesetterCreateLine(typesetter, CFRangeMake(8, 5)), nil, nil, nil), 0)
    }

    func testThePenOffsetForFlushPlacesTheLineBetweenFlushLeftAndFlushRight() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "abcd  ", attributes: [.font: menlo]))
        // The trailing spaces do not count: the line is 4 advances wide.
        XCTAssertEqual(CTLineGetPenOffsetForFlush(line, 0, 100), 0)
        XCTAssertEqual(CTLineGetPenOffsetForFlush(line, 0.5, 100), (100 - 4 * advance) / 2, accuracy: 1e-9)
        XCTAssertEqual(CTLineGetPenOffsetForFlush(line, 1, 100), 100 - 4 * advance, accuracy: 1e-9)
        XCTAssertEqual(CTLineGetPenOffsetForFlush(line, 3, 100), 100 - 4 * advance, accuracy: 1e-9, "factors past 1 are 1")
        XCTAssertEqual(CTLineGetPenOffsetForFlush(line, 0.5, 10), 0, "a line wider than the span")
    }
}
