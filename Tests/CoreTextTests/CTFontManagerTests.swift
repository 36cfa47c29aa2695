import CoreGraphics
import CoreText
import Foundation
import Synchronization
import TestSupport
import XCTest

// A font file no installed font shares a name with: DejaVu Serif (installed by the setup
// script) renamed in its name table, family "Lamina Serif" and PostScript name "LaminaTypeX"
// (which, unlike DejaVu's own, is not the family without spaces: only a PostScript-name
// lookup finds it). Its glyphs and metrics are DejaVu Serif's, which is what the expectations
// compare with; before it is registered, the names resolve to fontconfig's fallback, a
// sans-serif face.
final class CTFontManagerTests: XCTestCase {
    private var folder: URL!
    private var fontURL: URL!

    override func setUpWithError() throws {
        let bytes = try renamedFontBytes(
            of: "DejaVu Serif:style=Book",
            [("DejaVu Serif", "Lamina Serif"), ("DejaVuSerif", "LaminaTypeX"), ("DejaVu", "Lamina")])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-manager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fontURL = folder.appendingPathComponent("LaminaSerif.ttf")
        try bytes.write(to: fontURL)
    }

    override func tearDownWithError() throws {
        CTFontManagerUnregisterFontsForURL(fontURL as CFURL, .process, nil)
        try? FileManager.default.removeItem(at: folder)
    }

    private func family(_ name: String) -> String { Self.family(name) }

    private static func family(_ name: String) -> String {
        CTFontCopyFamilyName(CTFontCreateWithName(name as CFString, 24, nil)) as String
    }

    /// "Ag" in `fontName` at 40 points, drawn black at (10, 20): each pixel's alpha.
    private func drawn(_ fontName: String) throws -> [UInt8] {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 120, height: 64, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let font = CTFontCreateWithName(fontName as CFString, 40, nil)
        let line = CTLineCreateWithAttributedString(
            NSAttributedString(string: "Ag", attributes: [.font: font, .foregroundColor: CGColor(gray: 0, alpha: 1)]))
        context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, context)
        let image = try XCTUnwrap(context.makeImage())
        return (0..<64).flatMap { y in (0..<120).map { x in image.pixel(x: x, y: y)?.alpha ?? 0 } }
    }

    func testARegisteredFontIsFoundByPostScriptNameFullNameAndFamilyUntilUnregistered() throws {
        XCTAssertNotEqual(family("LaminaTypeX"), "Lamina Serif", "no installed font has the name before registering")
        var error: Unmanaged<CFError>?
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(fontURL as CFURL, .process, &error))
        XCTAssertNil(error)
        XCTAssertEqual(family("LaminaTypeX"), "Lamina Serif")  // PostScript name
        XCTAssertEqual(family("Lamina Serif"), "Lamina Serif")  // full name and family
        let registered = CTFontCreateWithName("LaminaTypeX" as CFString, 24, nil)
        let installed = CTFontCreateWithName("DejaVu Serif" as CFString, 24, nil)
        XCTAssertEqual(CTFontGetAscent(registered), CTFontGetAscent(installed))
        XCTAssertEqual(CTFontGetCapHeight(registered), CTFontGetCapHeight(installed))
        XCTAssertTrue(CTFontManagerUnregisterFontsForURL(fontURL as CFURL, .process, &error))
        XCTAssertNil(error)
        XCTAssertNotEqual(family("LaminaTypeX"), "Lamina Serif", "unregistered fonts are no longer found")
    }

    func testARegisteredFontDrawsItsOwnGlyphs() throws {
        let fallback = try drawn("LaminaTypeX")
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(fontURL as CFURL, .process, nil))
        let registered = try drawn("LaminaTypeX")
        XCTAssertEqual(registered, try drawn("DejaVu Serif"), "the file's glyphs are DejaVu Serif's")
        XCTAssertNotEqual(registered, fallback, "the fallback face is sans-serif")
        XCTAssertGreaterThan(registered.filter { $0 == 255 }.count, 200, "the glyphs were drawn")
    }

    func testAThreadThatResolvedFontsBeforeSeesFontsRegisteredAfter() throws {
        let resolved = Mutex<[String]>([])
        let first = DispatchSemaphore(value: 0), registered = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let thread = Thread {
            resolved.withLock { $0.append(Self.family("LaminaTypeX")) }
            first.signal()
            registered.wait()
            resolved.withLock { $0.append(Self.family("LaminaTypeX")) }
            done.signal()
        }
        thread.start()
        // The thread's first answer comes before registering.
        first.wait()
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(fontURL as CFURL, .process, nil))
        registered.signal()
        done.wait()
        let answers = resolved.withLock { $0 }
        XCTAssertNotEqual(answers[0], "Lamina Serif")
        XCTAssertEqual(answers[1], "Lamina Serif")
    }

    func testAnInstalledFaceIsFoundByItsPostScriptName() {
        let font = CTFontCreateWithName("DejaVuSerif-Bold" as CFString, 24, nil)
        XCTAssertEqual(CTFontCopyFamilyName(font) as String, "DejaVu Serif")
        XCTAssertTrue(CTFontGetSymbolicTraits(font).contains(.traitBold))
    }

    /// The error a failed call returns: its domain and code.
    private func failure(_ call: (UnsafeMutablePointer<Unmanaged<CFError>?>) -> Bool) -> (domain: String, code: Int)? {
        var error: Unmanaged<CFError>?
        XCTAssertFalse(call(&error))
        guard let taken = error?.takeRetainedValue() else { return nil }
        return (taken.domain, taken.code)
    }

    func testFailuresReturnFalseWithApplesErrorCodesAndRegisterNothing() throws {
        let missing = folder.appendingPathComponent("missing.ttf")
        let notAFont = folder.appendingPathComponent("notes.ttf")
        try Data("not a font".utf8).write(to: notAFont)
        let domain = "com.apple.CoreText.CTFontManagerErrorDomain"
        XCTAssertTrue(failure { CTFontManagerRegisterFontsForURL(missing as CFURL, .process, $0) }! == (domain, 101))
        XCTAssertTrue(failure { CTFontManagerRegisterFontsForURL(notAFont as CFURL, .process, $0) }! == (domain, 103))
        XCTAssertTrue(failure { CTFontManagerRegisterFontsForURL(fontURL as CFURL, .persistent, $0) }! == (domain, 307))
        XCTAssertTrue(failure { CTFontManagerUnregisterFontsForURL(fontURL as CFURL, .process, $0) }! == (domain, 201))
        XCTAssertNotEqual(family("LaminaTypeX"), "Lamina Serif", "nothing was registered")
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(fontURL as CFURL, .process, nil))
        XCTAssertTrue(failure { CTFontManagerRegisterFontsForURL(fontURL as CFURL, .process, $0) }! == (domain, 105))
        // Without an error pointer a failure is only reported.
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(missing as CFURL, .process, nil))
    }

    func testTheAvailableFontFilesAreFontconfigsAndTheRegisteredOnes() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list", "--format", "%{file}\n"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let listed = Set(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init))
        process.waitUntilExit()
        let before = try XCTUnwrap(CTFontManagerCopyAvailableFontURLs() as? [URL]).map(\.path)
        XCTAssertEqual(before, listed.sorted())
        XCTAssertFalse(before.contains(fontURL.path))
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(fontURL as CFURL, .process, nil))
        let after = try XCTUnwrap(CTFontManagerCopyAvailableFontURLs() as? [URL]).map(\.path)
        XCTAssertEqual(after, (listed.union([fontURL.path])).sorted())
    }
}
