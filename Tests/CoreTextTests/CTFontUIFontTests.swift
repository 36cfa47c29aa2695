import CoreGraphics
import CoreText
import Foundation
import TestSupport
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

    func testTheSystemFontIsSanFranciscosStandInBoldWhenEmphasizedAndFixedPitchIsMonospaced() throws {
        // San Francisco is drawn in Inter: the face fontconfig matches for that family (the
        // same face the system font's name, ".AppleSystemUIFont", and "SF Pro" give).
        let inter = try fcMatch("Inter", format: "%{file}")
        let system = try XCTUnwrap(CTFontCreateUIFontForLanguage(.system, 0, nil))
        let emphasized = try XCTUnwrap(CTFontCreateUIFontForLanguage(.emphasizedSystem, 0, nil))
        XCTAssertEqual(CTFontCopyAttribute(system, kCTFontURLAttribute) as? URL, URL(fileURLWithPath: inter))
        XCTAssertEqual(CTFontCopyAttribute(CTFontCreateWithName("SF Pro" as CFString, 13, nil), kCTFontURLAttribute) as? URL, URL(fileURLWithPath: inter))
        XCTAssertEqual(
            CTFontCopyAttribute(emphasized, kCTFontURLAttribute) as? URL, URL(fileURLWithPath: try fcMatch("Inter:bold", format: "%{file}")))
        // SF Pro Display, San Francisco's cut for large sizes, is Inter's.
        let display = CTFontCreateWithName("SFProDisplay-Medium" as CFString, 63, nil)
        XCTAssertEqual(
            CTFontCopyAttribute(display, kCTFontURLAttribute) as? URL,
            URL(fileURLWithPath: try fcMatch("Inter Display:medium", format: "%{file}")))
        XCTAssertFalse(CTFontGetSymbolicTraits(system).contains(.traitBold))
        XCTAssertTrue(CTFontGetSymbolicTraits(emphasized).contains(.traitBold))
        let fixed = try XCTUnwrap(CTFontCreateUIFontForLanguage(.userFixedPitch, 0, nil))
        XCTAssertTrue(CTFontGetSymbolicTraits(fixed).contains(.traitMonoSpace))
    }
}
