import CoreGraphics
import CoreText
import Foundation
import XCTest

final class CTFontUIFontTests: XCTestCase {
    func testAUIFontOfSizeZeroHasTheKindsOwnSize() throws {
        // macOS's sizes: the system font 13 points, the small system font 11, the mini 9,
        // labels 10, menus 14 (NSFont.systemFontSize, smallSystemFontSize, labelFontSize).
        let sizes: [(CTFontUIFontType, CGFloat)] = [
            (.system, 13), (.emphasizedSystem, 13), (.smallSystem, 11), (.miniSystem, 9), (.label, 10), (.menuItem, 14),
            (.user, 12), (.userFixedPitch, 10), (.toolTip, 11),
        ]
        for (kind, size) in sizes {
            XCTAssertEqual(CTFontGetSize(try XCTUnwrap(CTFontCreateUIFontForLanguage(kind, 0, nil))), size, "\(kind)")
        }
        XCTAssertEqual(CTFontGetSize(try XCTUnwrap(CTFontCreateUIFontForLanguage(.system, 17, "en" as CFString))), 17)
        XCTAssertEqual(CTFontGetSize(try XCTUnwrap(CTFontCreateUIFontForLanguage(.system, -3, nil))), 13)
        XCTAssertNil(CTFontCreateUIFontForLanguage(.none, 12, nil))
    }

    func testTheSystemFontIsTheSansSerifFamilyBoldWhenEmphasizedAndFixedPitchIsMonospaced() throws {
        let sans = CTFontCopyFamilyName(CTFontCreateWithName("sans-serif" as CFString, 13, nil))
        let system = try XCTUnwrap(CTFontCreateUIFontForLanguage(.system, 0, nil))
        let emphasized = try XCTUnwrap(CTFontCreateUIFontForLanguage(.emphasizedSystem, 0, nil))
        XCTAssertEqual(CTFontCopyFamilyName(system), sans)
        XCTAssertEqual(CTFontCopyFamilyName(emphasized), sans)
        XCTAssertFalse(CTFontGetSymbolicTraits(system).contains(.traitBold))
        XCTAssertTrue(CTFontGetSymbolicTraits(emphasized).contains(.traitBold))
        let fixed = try XCTUnwrap(CTFontCreateUIFontForLanguage(.userFixedPitch, 0, nil))
        XCTAssertTrue(CTFontGetSymbolicTraits(fixed).contains(.traitMonoSpace))
    }
}
