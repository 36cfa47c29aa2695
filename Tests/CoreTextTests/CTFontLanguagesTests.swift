import CoreGraphics
@testable import CoreText
import Foundation
import TestSupport
import XCTest

// The languages a font supports, as fontconfig finds them from the font's characters (its
// langset, which `fc-match -f '%{lang}'` prints), in the BCP 47 identifiers Apple's
// `CTFontCopySupportedLanguages` returns.
final class CTFontLanguagesTests: XCTestCase {
    func testDejaVuSansSupportsTheLanguagesFontconfigFindsItCovers() throws {
        let fontconfig = try fcMatch("DejaVu Sans", format: "%{lang}").split(separator: "|").map(String.init)
        XCTAssertTrue(fontconfig.contains("az-ir") && fontconfig.contains("ru"), "the figures below are this install's")
        let languages = CTFontCopySupportedLanguages(CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)) as! [String]
        XCTAssertEqual(languages.count, Set(fontconfig).count)
        XCTAssertEqual(languages, languages.sorted())
        for language in ["en", "fr", "ru", "el", "he", "ar", "vi", "az-AZ", "az-IR", "ku-AM"] {
            XCTAssertTrue(languages.contains(language), language)
        }
        for language in ["ja", "ko", "zh-Hans", "zh-Hant", "az-ir", "hi"] {
            XCTAssertFalse(languages.contains(language), language)
        }
    }

    func testAFontWithoutAnInstalledFamilyStillGetsTheFallbacksLanguages() {
        // "Helvetica" is drawn in a metric-alike (Nimbus Sans), whose Latin and Cyrillic it reports.
        let languages = CTFontCopySupportedLanguages(CTFontCreateWithName("Helvetica" as CFString, 12, nil)) as! [String]
        XCTAssertTrue(languages.contains("en") && languages.contains("ru"))
    }

    func testFontconfigNamesAreWrittenAsApplesIdentifiers() {
        let names = ["zh-cn", "zh-sg", "zh-tw", "zh-hk", "zh-mo", "en", "az-ir", "pap-an", "und-zmth", "ber-dz"]
        XCTAssertEqual(
            names.map(appleLanguageIdentifier),
            ["zh-Hans", "zh-Hans", "zh-Hant", "zh-Hant", "zh-Hant", "en", "az-IR", "pap-AN", "und-Zmth", "ber-DZ"])
    }
}
