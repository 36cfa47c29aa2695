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

    func testADescriptorFromAFontFilesBytesFindsThatFont() throws {
        XCTAssertNil(CTFontManagerCreateFontDescriptorFromData(Data("not a font".utf8)))
        let descriptor = try XCTUnwrap(CTFontManagerCreateFontDescriptorFromData(bytes))
        XCTAssertEqual(CTFontDescriptorCopyAttribute(descriptor, kCTFontNameAttribute) as? String, "LaminaGlyfX")
        let font = CTFontCreateWithFontDescriptor(descriptor, 20, nil)
        XCTAssertEqual(CTFontCopyFamilyName(font), "Lamina Glyph")
        XCTAssertEqual(CTFontGetUnitsPerEm(font), 2048)
        XCTAssertEqual(CTFontGetGlyphCount(font), 3528)
    }

    /// A new folder holding the renamed bytes as `LaminaGlyph.ttf`; the caller removes it.
    private func fontFolder() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-font-file-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("LaminaGlyph.ttf")
        try bytes.write(to: file)
        return (folder, file)
    }

    func testDescriptorsFromAFontFilesURL() throws {
        let (folder, file) = try fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let descriptors = try XCTUnwrap(CTFontManagerCreateFontDescriptorsFromURL(file as CFURL) as? [CTFontDescriptor])
        XCTAssertEqual(descriptors.count, 1)
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithFontDescriptor(descriptors[0], 12, nil)), "Lamina Glyph")
        XCTAssertNil(CTFontManagerCreateFontDescriptorsFromURL(folder.appendingPathComponent("missing.ttf") as CFURL))
        XCTAssertNil(CTFontManagerCreateFontDescriptorsFromURL(URL(string: "https://example.com/font.ttf")! as CFURL))
    }

    func testRegisteringFontURLsReportsEachFailureOnceDone() throws {
        let (folder, file) = try fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.ttf")
        var calls: [(errors: [Any], done: Bool)] = []
        CTFontManagerRegisterFontURLs([file, missing, "not a URL"] as CFArray, .process, true) { errors, done in
            calls.append((errors, done))
            return true
        }
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls.first?.done, true)
        let codes = (calls.first?.errors ?? []).compactMap { ($0 as? NSError)?.code }
        XCTAssertEqual(codes, [CTFontManagerError.fileNotFound.rawValue, CTFontManagerError.invalidFontData.rawValue])
        XCTAssertEqual(family("LaminaGlyfX"), "Lamina Glyph", "the readable file is registered")
        calls = []
        CTFontManagerUnregisterFontURLs([file] as CFArray, .process) { errors, done in
            calls.append((errors, done))
            return true
        }
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls.first?.errors.count, 0)
        XCTAssertNotEqual(family("LaminaGlyfX"), "Lamina Glyph")
    }

    func testRegisteringAnArrayOfURLsRegistersTheReadableFilesAndHandsBackTheFailures() throws {
        let (folder, file) = try fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.ttf")
        XCTAssertTrue(CTFontManagerRegisterFontsForURLs([file] as CFArray, .process, nil))
        XCTAssertEqual(family("LaminaGlyfX"), "Lamina Glyph")
        // Registered already, missing, and not a URL: each fails, the call returns false.
        var errors: Unmanaged<NSArray>?
        XCTAssertFalse(CTFontManagerRegisterFontsForURLs([file, missing, "not a URL"] as CFArray, .process, &errors))
        let failures = try XCTUnwrap(errors?.takeRetainedValue()).compactMap { $0 as? NSError }
        XCTAssertEqual(
            failures.map(\.code),
            [CTFontManagerError.alreadyRegistered, .fileNotFound, .invalidFontData].map(\.rawValue))
        XCTAssertEqual(Set(failures.map(\.domain)), [kCTFontManagerErrorDomain as String])
        // Unregistering: the file once, then nothing left to unregister.
        var none: Unmanaged<NSArray>?
        XCTAssertTrue(CTFontManagerUnregisterFontsForURLs([file] as CFArray, .process, &none))
        XCTAssertNil(none, "no array when every file succeeds")
        XCTAssertNotEqual(family("LaminaGlyfX"), "Lamina Glyph")
        XCTAssertFalse(CTFontManagerUnregisterFontsForURLs([file] as CFArray, .process, &errors))
        XCTAssertEqual(
            (errors?.takeRetainedValue() as? [NSError])?.map(\.code), [CTFontManagerError.notRegistered.rawValue])
    }

    func testCreatingWithOptionsFindsTheSameFontAsWithout() throws {
        let (folder, file) = try fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(file as CFURL, .process, nil))
        defer { CTFontManagerUnregisterFontsForURL(file as CFURL, .process, nil) }
        XCTAssertEqual(CTFontOptions.preventAutoActivation.rawValue, 1)
        XCTAssertEqual(CTFontOptions.preventAutoDownload.rawValue, 2)
        XCTAssertEqual(CTFontOptions.preferSystemFont.rawValue, 4)
        for options in [kCTFontOptionsDefault, .preventAutoActivation, [.preferSystemFont, .preventAutoDownload]] {
            let byName = CTFontCreateWithNameAndOptions("LaminaGlyfX" as CFString, 18, nil, options)
            XCTAssertEqual(CTFontCopyFamilyName(byName), "Lamina Glyph")
            XCTAssertEqual(CTFontGetSize(byName), 18)
            let descriptor = CTFontDescriptorCreateWithNameAndSize("LaminaGlyfX" as CFString, 30)
            let byDescriptor = CTFontCreateWithFontDescriptorAndOptions(descriptor, 0, nil, options)
            XCTAssertEqual(CTFontCopyFamilyName(byDescriptor), "Lamina Glyph")
            XCTAssertEqual(CTFontGetSize(byDescriptor), 30, "a size of 0 is the descriptor's")
        }
    }
}
