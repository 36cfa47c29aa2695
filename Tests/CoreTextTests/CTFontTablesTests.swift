import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// A font's tables as its file holds them. "Menlo" is drawn in the monospace family, DejaVu
// Sans Mono; its figures are fontTools' (`TTFont('/usr/share/fonts/truetype/dejavu/
// DejaVuSansMono.ttf')`): 18 tables, a 54-byte 'head' with the magic number 0x5F0F3CF5 and
// 2048 units per em, OS/2 weight 400.
final class CTFontTablesTests: XCTestCase {
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)

    /// The big-endian 16-bit number at `offset`, or −1 past the data's end.
    private func uint16(_ data: Data, _ offset: Int) -> Int {
        guard offset >= 0, offset + 1 < data.count else { return -1 }
        let bytes = Array(data)
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func testATableIsTheFilesBytes() throws {
        XCTAssertEqual(try fcMatch("monospace", format: "%{file}"), "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        let head = try XCTUnwrap(CTFontCopyTable(menlo, CTFontTableTag(kCTFontTableHead), []))
        XCTAssertEqual(head.count, 54)
        XCTAssertEqual(uint16(head, 12) << 16 | uint16(head, 14), 0x5F0F_3CF5, "magic number")
        XCTAssertEqual(uint16(head, 18), 2048, "units per em")
        let os2 = try XCTUnwrap(CTFontCopyTable(menlo, CTFontTableTag(kCTFontTableOS2), .excludeSynthetic))
        XCTAssertEqual(uint16(os2, 4), 400, "weight class")
        XCTAssertNil(CTFontCopyTable(menlo, 0x434F_4C52, []), "no 'COLR' table")
        XCTAssertTrue(CTFontHasTable(menlo, CTFontTableTag(kCTFontTableGSUB)))
        XCTAssertFalse(CTFontHasTable(menlo, CTFontTableTag(kCTFontTableCFF)))
    }

    func testTheAvailableTablesAreTheFilesTables() throws {
        let tags = try XCTUnwrap(CTFontCopyAvailableTables(menlo, []) as? [CTFontTableTag])
        func tag(_ name: String) -> CTFontTableTag { name.utf8.reduce(0) { $0 << 8 | CTFontTableTag($1) } }
        let expected = [
            "FFTM", "GDEF", "GPOS", "GSUB", "OS/2", "cmap", "cvt ", "fpgm", "gasp", "glyf", "head", "hhea", "hmtx", "loca",
            "maxp", "name", "post", "prep",
        ].map(tag)
        XCTAssertEqual(Set(tags), Set(expected))
        XCTAssertEqual(tags.count, 18)
    }
}

