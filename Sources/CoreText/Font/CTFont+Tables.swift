import CPangoCairo
import CoreGraphics
import Foundation

/// A font table's four-character tag, big-endian in 32 bits (Core Text's `CTFontTableTag`):
/// ``kCTFontTableHead`` is `'head'`.
public typealias CTFontTableTag = UInt32

/// Options for copying a font's tables (Core Text's `CTFontTableOptions`): Lamina has no
/// synthetic tables, so none changes what is copied.
public struct CTFontTableOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: UInt32
    /// Options from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Leave out tables the font manager made up (deprecated by Apple; Lamina makes none).
    public static let excludeSynthetic = CTFontTableOptions(rawValue: 1 << 0)
}

/// The font header table, `'head'`.
public let kCTFontTableHead = 0x6865_6164
/// The horizontal header table, `'hhea'`.
public let kCTFontTableHhea = 0x6868_6561
/// The horizontal metrics table, `'hmtx'`.
public let kCTFontTableHmtx = 0x686D_7478
/// The maximum profile table, `'maxp'`.
public let kCTFontTableMaxp = 0x6D61_7870
/// The naming table, `'name'`.
public let kCTFontTableName = 0x6E61_6D65
/// The OS/2 and Windows metrics table, `'OS/2'`.
public let kCTFontTableOS2 = 0x4F53_2F32
/// The PostScript table, `'post'`.
public let kCTFontTablePost = 0x706F_7374
/// The character to glyph mapping table, `'cmap'`.
public let kCTFontTableCmap = 0x636D_6170
/// The kerning table, `'kern'`.
public let kCTFontTableKern = 0x6B65_726E
/// The glyph data table, `'glyf'`.
public let kCTFontTableGlyf = 0x676C_7966
/// The glyph location table, `'loca'`.
public let kCTFontTableLoca = 0x6C6F_6361
/// The compact font format table, `'CFF '`.
public let kCTFontTableCFF = 0x4346_4620
/// The glyph substitution table, `'GSUB'`.
public let kCTFontTableGSUB = 0x4753_5542
/// The glyph positioning table, `'GPOS'`.
public let kCTFontTableGPOS = 0x4750_4F53
/// The glyph definition table, `'GDEF'`.
public let kCTFontTableGDEF = 0x4744_4546
/// The font variations table, `'fvar'`.
public let kCTFontTableFvar = 0x6676_6172

/// A copy of the installed font's table `table` (Core Text's `CTFontCopyTable`): its bytes as
/// in the font file; nil when the font has no such table or no font is installed.
@discardableResult
public func CTFontCopyTable(_ font: CTFont, _ table: CTFontTableTag, _ options: CTFontTableOptions) -> CFData? {
    font.withFontUnits { hb, _ -> Data? in
        guard let face = hb_font_get_face(hb), let blob = hb_face_reference_table(face, table) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Data(bytes: bytes, count: Int(length))
    }
}

/// The tags of the installed font's tables, in the font file's order (Core Text's
/// `CTFontCopyAvailableTables`), each a ``CTFontTableTag``; nil without a font.
@discardableResult
public func CTFontCopyAvailableTables(_ font: CTFont, _ options: CTFontTableOptions) -> CFArray? {
    font.withFontUnits { hb, _ -> [Any]? in
        guard let face = hb_font_get_face(hb) else { return nil }
        return harfBuzzList(of: CTFontTableTag(0)) { hb_face_get_table_tags(face, 0, &$0, $1) }
    }
}

/// Whether the installed font has the table `tag` (Core Text's `CTFontHasTable`): a table of
/// at least one byte, as ``CTFontCopyTable(_:_:_:)`` finds it, without copying it.
@discardableResult
public func CTFontHasTable(_ font: CTFont, _ tag: CTFontTableTag) -> Bool {
    font.withFontUnits { hb, _ -> Bool? in
        guard let face = hb_font_get_face(hb), let blob = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        return hb_blob_get_data(blob, &length) != nil && length > 0
    } ?? false
}
