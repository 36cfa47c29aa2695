import CoreGraphics
import CoreText
import Foundation
import XCTest

// A line's caret edges, as Apple documents CTLineEnumerateCaretOffsets: once for each logical
// caret edge, left to right, the leading edge being the one logically before the character.
// "Menlo" is DejaVu Sans Mono: every glyph advances 1233 of 2048 units (fontTools
// `['hmtx']`), 9.6328125 points at 16 points.
final class CTLineCaretTests: XCTestCase {
    private let font = CTFontCreateWithName("Menlo" as CFString, 16, nil)
    private let advance = 1233.0 * 16 / 2048

    private func edges(_ text: String, stopAfter limit: Int = .max) -> [(offset: Double, index: CFIndex, leading: Bool)] {
        var edges: [(offset: Double, index: CFIndex, leading: Bool)] = []
        CTLineEnumerateCaretOffsets(CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font]))) {
            offset, index, leading, stop in
            edges.append((offset, index, leading))
            if edges.count == limit { stop.pointee = true }
        }
        return edges
    }

    func testEachCharacterHasItsLeadingEdgeOnTheLeftAndItsTrailingEdgeOnTheRight() {
        let found = edges("abc")
        XCTAssertEqual(found.map(\.offset), [0, advance, advance, 2 * advance, 2 * advance, 3 * advance])
        XCTAssertEqual(found.map(\.index), [0, 0, 1, 1, 2, 2])
        XCTAssertEqual(found.map(\.leading), [true, false, true, false, true, false])
    }

    func testRightToLeftCharactersLeadFromTheirRight() {
        let found = edges("\u{5D0}\u{5D1}")
        XCTAssertEqual(found.map(\.index), [1, 1, 0, 0], "the second letter is on the left")
        XCTAssertEqual(found.map(\.leading), [false, true, false, true])
        XCTAssertEqual(found.first?.offset, 0)
    }

    func testTheBlockCanStopTheEnumeration() {
        XCTAssertEqual(edges("abc", stopAfter: 3).count, 3)
    }
}
