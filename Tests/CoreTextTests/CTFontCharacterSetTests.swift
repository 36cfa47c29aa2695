import CoreGraphics
import CoreText
import Foundation
import XCTest

// The characters a font has glyphs for are its character map's. "Menlo" is DejaVu Sans Mono,
// whose best cmap (fontTools `getBestCmap()`) maps 3322 characters: "A", U+2500 and "€" among
// them, no Hebrew, no hiragana, no emoji.
final class CTFontCharacterSetTests: XCTestCase {
    func testAFontsCharacterSetIsItsCharacterMap() {
        let characters = CTFontCopyCharacterSet(CTFontCreateWithName("Menlo" as CFString, 12, nil))
        for (scalar, mapped) in [(0x41, true), (0x2500, true), (0x20AC, true), (0x5D0, false), (0x3042, false), (0x1F600, false)] {
            XCTAssertEqual(characters.contains(Unicode.Scalar(scalar)!), mapped, String(scalar, radix: 16))
        }
        let mappedCount = (0...0x10FFFF).reduce(0) { count, value in
            Unicode.Scalar(value).map { characters.contains($0) ? count + 1 : count } ?? count
        }
        XCTAssertEqual(mappedCount, 3322)
    }
}
