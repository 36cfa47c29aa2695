import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// A graphics font made from a font file's bytes, registered for the process, as iOS apps load
// the fonts they bundle (`CGFont(provider)`, `CTFontManagerRegisterGraphicsFont`). The bytes are
// DejaVu Serif's (installed by the setup script) renamed in its name table: family and full
// name "Lamina Glyph", PostScript name "LaminaGlyfX", which no installed font has. Expected
// figures are the file's own, read with fontTools: 2048 units per em and 3528 glyphs.
final class CGFontRegistrationTests: XCTestCase {
    private var bytes = Data()

    override func setUpWithError() throws {
        bytes = try renamedFontBytes(
            of: "DejaVu Serif:style=Book",
            [("DejaVu Serif", "Lamina Glyph"), ("DejaVuSerif", "LaminaGlyfX"), ("DejaVu", "Lamina")])
    }

    override func tearDownWithError() throws {
        if let font = graphicsFont() { CTFontManagerUnregisterGraphicsFont(font, nil) }
    }

    private func graphicsFont() -> CGFont? {
        CGDataProvider(data: bytes).flatMap(CGFont.init)
    }

    private func family(_ name: String) -> String {
        CTFontCopyFamilyName(CTFontCreateWithName(name as CFString, 20, nil)) as String
    }

    func testAGraphicsFontReadsItsNamesUnitsAndGlyphCountFromItsBytes() throws {
        let font = try XCTUnwrap(graphicsFont())
        XCTAssertEqual(font.postScriptName, "LaminaGlyfX")
        XCTAssertEqual(font.fullName, "Lamina Glyph")
        XCTAssertEqual(font.unitsPerEm, 2048)
        XCTAssertEqual(font.numberOfGlyphs, 3528)
    }

    func testBytesThatAreNotAFontFileMakeNoGraphicsFont() throws {
        XCTAssertNil(CGDataProvider(data: Data("not a font".utf8)).flatMap(CGFont.init))
        XCTAssertNil(CGDataProvider(data: bytes.prefix(40)).flatMap(CGFont.init), "a table directory cut short")
        XCTAssertNil(CGDataProvider(data: Data()).flatMap(CGFont.init))
    }

    func testRegisteringAGraphicsFontLetsItsNamesFindItUntilItIsUnregistered() throws {
        let font = try XCTUnwrap(graphicsFont())
        XCTAssertNotEqual(family("LaminaGlyfX"), "Lamina Glyph")
        var error: Unmanaged<CFError>?
        XCTAssertTrue(CTFontManagerRegisterGraphicsFont(font, &error))
        XCTAssertNil(error)
        XCTAssertEqual(family("LaminaGlyfX"), "Lamina Glyph")
        XCTAssertEqual(family("Lamina Glyph"), "Lamina Glyph")
        XCTAssertTrue(CTFontManagerCopyAvailablePostScriptNames().contains { $0 as? String == "LaminaGlyfX" })
        XCTAssertTrue(CTFontManagerCopyAvailableFontFamilyNames().contains { $0 as? String == "Lamina Glyph" })

        XCTAssertFalse(CTFontManagerRegisterGraphicsFont(font, &error), "registered twice")
        XCTAssertEqual((error?.takeRetainedValue() as? NSError)?.code, CTFontManagerError.alreadyRegistered.rawValue)

        XCTAssertTrue(CTFontManagerUnregisterGraphicsFont(font, nil))
        XCTAssertNotEqual(family("LaminaGlyfX"), "Lamina Glyph")
        error = nil
        XCTAssertFalse(CTFontManagerUnregisterGraphicsFont(font, &error))
        XCTAssertEqual((error?.takeRetainedValue() as? NSError)?.code, CTFontManagerError.notRegistered.rawValue)
    }

    func testACoreTextFontMadeFromAGraphicsFontIsThatFont() throws {
        let font = try XCTUnwrap(graphicsFont())
        let ctFont = CTFontCreateWithGraphicsFont(font, 20, nil, nil)
        XCTAssertEqual(CTFontCopyFamilyName(ctFont), "Lamina Glyph")
        XCTAssertEqual(CTFontGetSize(ctFont), 20)
        XCTAssertEqual(CTFontGetUnitsPerEm(ctFont), 2048)
        XCTAssertEqual(CTFontCopyGraphicsFont(ctFont, nil).postScriptName, "LaminaGlyfX")
    }

    func testAGraphicsFontMadeByNameIsAnInstalledFontAndIsNotRegistered() {
        let font = CGFont("Helvetica" as CFString)!
        var error: Unmanaged<CFError>?
        XCTAssertFalse(CTFontManagerRegisterGraphicsFont(font, &error))
        XCTAssertEqual((error?.takeRetainedValue() as? NSError)?.code, CTFontManagerError.alreadyRegistered.rawValue)
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithGraphicsFont(font, 12, nil, nil)), family("Helvetica"))
    }
}
