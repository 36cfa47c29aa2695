import CoreText
import Foundation
import XCTest

// The cascade list against fontconfig's own command: `fc-match -s` sorts the installed fonts
// for a pattern and trims those that add no characters, as Core Text's fallback does here.
final class CTFontCascadeListTests: XCTestCase {
    /// Each family `fc-match -s` lists for `pattern`, first face's PostScript name, in order.
    private func sortedFamilies(_ pattern: String) throws -> [(family: String, postScriptName: String)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-match", "-s", "-f", "%{family[0]}\t%{postscriptname}\n", pattern]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var seen: Set<String> = []
        return output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 2, seen.insert(fields[0]).inserted else { return nil }
            return (fields[0], fields[1])
        }
    }

    private func cascade(_ name: String, _ languages: [String]?) throws -> [(family: String, postScriptName: String)] {
        let list = try XCTUnwrap(
            CTFontCopyDefaultCascadeListForLanguages(CTFontCreateWithName(name as CFString, 14, nil), languages as CFArray?)
                as? [CTFontDescriptor])
        return list.map {
            (
                CTFontDescriptorCopyAttribute($0, kCTFontFamilyNameAttribute) as? String ?? "?",
                CTFontDescriptorCopyAttribute($0, kCTFontNameAttribute) as? String ?? "?"
            )
        }
    }

    private func assertSame(
        _ list: [(family: String, postScriptName: String)], _ expected: [(family: String, postScriptName: String)],
        _ message: String, line: UInt = #line
    ) {
        XCTAssertEqual(list.map(\.family), expected.map(\.family), message, line: line)
        XCTAssertEqual(list.map(\.postScriptName), expected.map(\.postScriptName), message, line: line)
    }

    func testTheCascadeListIsFontconfigsFallbackOrderWithoutTheFontsOwnFamily() throws {
        let expected = try sortedFamilies("DejaVu Sans").filter { $0.family != "DejaVu Sans" }
        XCTAssertGreaterThan(expected.count, 2, "other families to fall back to")
        assertSame(try cascade("DejaVu Sans", nil), expected, "no languages")
        assertSame(try cascade("DejaVu Sans", []), expected, "an empty list")
        // A descriptor of the list makes a font of its family.
        let first = try XCTUnwrap(
            CTFontCopyDefaultCascadeListForLanguages(CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil), nil)
                as? [CTFontDescriptor]
        ).first
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithFontDescriptor(try XCTUnwrap(first), 14, nil)), expected.first?.family)
    }

    func testTheFirstLanguageFontconfigKnowsOrdersTheList() throws {
        for (languages, pattern) in [
            (["ar", "en"], "DejaVu Serif:lang=ar"), (["xx-invalid-1", "he"], "DejaVu Serif:lang=he"),
            (["zh-Hant"], "DejaVu Serif:lang=zh-tw"), (["en_GB"], "DejaVu Serif:lang=en"),
            (["pa-PK"], "DejaVu Serif:lang=pa-pk"), (["12", "ru"], "DejaVu Serif:lang=ru"),
        ] {
            let expected = try sortedFamilies(pattern).filter { $0.family != "DejaVu Serif" }
            assertSame(try cascade("DejaVu Serif", languages), expected, "\(languages)")
        }
    }

    func testAnAppleNameFallsBackFromTheFamilyDrawnForIt() throws {
        // Helvetica is drawn in fontconfig's metric-compatible family, which the list leaves out.
        let drawn = CTFontCopyFamilyName(CTFontCreateWithName("Helvetica" as CFString, 14, nil)) as String
        let expected = try sortedFamilies(drawn).filter { $0.family != drawn }
        assertSame(try cascade("Helvetica", nil), expected, drawn)
    }
}
