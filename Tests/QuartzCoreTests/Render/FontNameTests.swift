import CPangoCairo
import XCTest

@testable import QuartzCore
import CoreText

/// A text layer's font name is read as Pango reads a description, after the white space at
/// its ends is dropped; PostScript-style names gain spaces between their styles.
final class FontNameTests: XCTestCase {
    private func familyAndSize(_ name: String) throws -> (family: String, points: Int32) {
        let description = try XCTUnwrap(FontResolution.fontDescription(named: name))
        defer { pango_font_description_free(description) }
        let family = String(cString: try XCTUnwrap(pango_font_description_get_family(description)))
        return (family, pango_font_description_get_size(description) / lamina_pango_scale())
    }

    func testWhiteSpaceAndNewlinesAtTheEndsAreDropped() throws {
        let read = try familyAndSize(" \t DejaVu Sans 20 \n")
        XCTAssertEqual(read.family, "DejaVu Sans")
        XCTAssertEqual(read.points, 20)
        XCTAssertEqual(FontResolution.sizeGiven(inFontName: "\nDejaVu Serif 31\t"), 31)
    }

    func testANameOfWhiteSpaceOnlyIsTheDefaultFont() throws {
        XCTAssertEqual(try familyAndSize(" \n ").family, try familyAndSize(CATextLayer.defaultFontName).family)
    }

    func testAPostScriptStyleNameKeepsItsFamilyApartFromItsStyles() throws {
        // "Helvetica-BoldOblique" is read as "Helvetica Bold Oblique": the family, then styles.
        XCTAssertEqual(try familyAndSize("  Helvetica-BoldOblique ").family, "Helvetica")
    }
}
