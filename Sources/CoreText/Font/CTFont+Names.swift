import CPangoCairo
import CoreGraphics
import Foundation

/// The name of a font's copyright notice (``CTFontCopyName(_:_:)``).
public let kCTFontCopyrightNameKey: CFString = "CTFontCopyrightName"
/// The name of a font's family.
public let kCTFontFamilyNameKey: CFString = "CTFontFamilyName"
/// The name of a font's style within its family (`"Bold"`).
public let kCTFontSubFamilyNameKey: CFString = "CTFontSubFamilyName"
/// The name of a font's style (the same as ``kCTFontSubFamilyNameKey``).
public let kCTFontStyleNameKey: CFString = "CTFontStyleName"
/// A font's unique identifier.
public let kCTFontUniqueNameKey: CFString = "CTFontUniqueName"
/// A font's full name.
public let kCTFontFullNameKey: CFString = "CTFontFullName"
/// A font's version.
public let kCTFontVersionNameKey: CFString = "CTFontVersionName"
/// A font's PostScript name.
public let kCTFontPostScriptNameKey: CFString = "CTFontPostScriptName"
/// A font's trademark notice.
public let kCTFontTrademarkNameKey: CFString = "CTFontTrademarkName"
/// A font's manufacturer.
public let kCTFontManufacturerNameKey: CFString = "CTFontManufacturerName"
/// A font's designer.
public let kCTFontDesignerNameKey: CFString = "CTFontDesignerName"
/// A font's description.
public let kCTFontDescriptionNameKey: CFString = "CTFontDescriptionName"
/// The URL of a font's vendor.
public let kCTFontVendorURLNameKey: CFString = "CTFontVendorURLName"
/// The URL of a font's designer.
public let kCTFontDesignerURLNameKey: CFString = "CTFontDesignerURLName"
/// A font's license.
public let kCTFontLicenseNameKey: CFString = "CTFontLicenseName"
/// The URL of a font's license.
public let kCTFontLicenseURLNameKey: CFString = "CTFontLicenseURLName"
/// A font's sample text.
public let kCTFontSampleTextNameKey: CFString = "CTFontSampleTextName"
/// A font's PostScript CID name.
public let kCTFontPostScriptCIDNameKey: CFString = "CTFontPostScriptCIDName"

/// The name `nameKey` of `font` (Core Text's `CTFontCopyName`); nil when the font has none.
///
/// The family, full and PostScript names are those of ``CTFontCopyFamilyName(_:)``,
/// ``CTFontCopyFullName(_:)`` and ``CTFontCopyPostScriptName(_:)``; the style is the installed
/// face's (fontconfig's); the others are read from the installed font file's `name` table.
@discardableResult
public func CTFontCopyName(_ font: CTFont, _ nameKey: CFString) -> CFString? {
    switch nameKey {
    case kCTFontFamilyNameKey: return CTFontCopyFamilyName(font)
    case kCTFontFullNameKey: return CTFontCopyFullName(font)
    case kCTFontPostScriptNameKey: return CTFontCopyPostScriptName(font)
    case kCTFontSubFamilyNameKey, kCTFontStyleNameKey: return font.installedStyleName ?? font.openTypeName(2)
    default:
        let ids: [CFString: UInt16] = [
            kCTFontCopyrightNameKey: 0, kCTFontUniqueNameKey: 3, kCTFontVersionNameKey: 5, kCTFontTrademarkNameKey: 7,
            kCTFontManufacturerNameKey: 8, kCTFontDesignerNameKey: 9, kCTFontDescriptionNameKey: 10,
            kCTFontVendorURLNameKey: 11, kCTFontDesignerURLNameKey: 12, kCTFontLicenseNameKey: 13,
            kCTFontLicenseURLNameKey: 14, kCTFontSampleTextNameKey: 19, kCTFontPostScriptCIDNameKey: 20,
        ]
        return ids[nameKey].flatMap { font.openTypeName($0) }
    }
}

/// The name `nameKey` of `font` in the language it has it in (Core Text's
/// `CTFontCopyLocalizedName`): Lamina reads the font's first name of that kind, and gives its
/// language as `"en"` in `actualLanguage` (a `CFString`, which is Swift's `String` in Lamina,
/// where Apple's is an unmanaged reference; pass nil or a `String?`).
@discardableResult
public func CTFontCopyLocalizedName(
    _ font: CTFont, _ nameKey: CFString, _ actualLanguage: UnsafeMutablePointer<CFString?>?
) -> CFString? {
    let name = CTFontCopyName(font, nameKey)
    actualLanguage?.pointee = name == nil ? nil : "en"
    return name
}

/// The name to show for `font` (Core Text's `CTFontCopyDisplayName`): its full name.
@discardableResult
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString {
    CTFontCopyFullName(font)
}

/// How far the font's glyphs lean, in degrees counterclockwise from vertical (Core Text's
/// `CTFontGetSlantAngle`): the installed font's `post` table italic angle (negative for
/// fonts leaning right); 0 when it has none.
@discardableResult
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat {
    guard let post = font.tableBytes("post"), post.count >= 8 else { return 0 }
    let fixed = Int32(bitPattern: UInt32(post[4]) << 24 | UInt32(post[5]) << 16 | UInt32(post[6]) << 8 | UInt32(post[7]))
    return CGFloat(fixed) / 65536
}

/// The transformation the font was created with (Core Text's `CTFontGetMatrix`): the identity,
/// as Lamina ignores fonts' matrices.
@discardableResult
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform {
    .identity
}

/// The glyph the installed font names `glyphName` (`"A"`, `"uni0041"`, `"fi"`) (Core Text's
/// `CTFontGetGlyphWithName`); 0 when it has none of that name.
@discardableResult
public func CTFontGetGlyphWithName(_ font: CTFont, _ glyphName: CFString) -> CGGlyph {
    font.withFontUnits { hb, _ -> CGGlyph? in
        var glyph: UInt32 = 0
        let utf8 = Array(glyphName.utf8.prefix(256))
        let found = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { hb_font_get_glyph_from_name(hb, $0.baseAddress, Int32($0.count), &glyph) }
        }
        return found != 0 && glyph <= UInt32(UInt16.max) ? CGGlyph(glyph) : 0
    } ?? 0
}

/// The name the installed font gives `glyph` (`"A"`, `"uni00C5"`, `"f_i"`) (Core Text's
/// `CTFontCopyNameForGlyph`): its `post` or `CFF` glyph name; nil for a glyph it does not
/// name or does not have.
@discardableResult
public func CTFontCopyNameForGlyph(_ font: CTFont, _ glyph: CGGlyph) -> CFString? {
    font.withFontUnits { hb, _ -> String? in
        var buffer = [CChar](repeating: 0, count: 128)
        guard hb_font_get_glyph_name(hb, UInt32(glyph), &buffer, UInt32(buffer.count)) != 0, buffer[0] != 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The file URL attribute (Core Text's `kCTFontURLAttribute`): the font file a font or
/// descriptor is drawn from, a `URL`.
public let kCTFontURLAttribute: CFString = "NSCTFontFileURLAttribute"

extension CTFont {
    /// The file of the installed font the font is drawn with, as fontconfig found it.
    var fileURL: URL? {
        FontResolution.withFont(named: name, size: size) { installed -> URL? in
            guard let pattern = pango_fc_font_get_pattern(installed) else { return nil }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else { return nil }
            return URL(fileURLWithPath: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)))
        }
    }

    /// The bytes of the installed font's table `tag`, if it has one.
    func tableBytes(_ tag: StaticString) -> [UInt8]? {
        withFontUnits { hb, _ -> [UInt8]? in
            guard let face = hb_font_get_face(hb), let blob = hb_face_reference_table(face, fourCharacterCode(tag)) else {
                return nil
            }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)))
        }
    }

    /// Name `id` of the installed font's `name` table.
    func openTypeName(_ id: UInt16) -> String? {
        tableBytes("name").flatMap(OpenTypeNames.init)?.name(id)
    }

    /// The style name fontconfig gives the installed face (`"Bold Italic"`).
    var installedStyleName: String? {
        FontResolution.withFont(named: name, size: size) { installed -> String? in
            guard let face = pango_font_get_face(installed), let style = pango_font_face_get_face_name(face) else { return nil }
            return String(cString: style)
        }
    }
}

/// The string of name-table entry `id` of the HarfBuzz face `face`, English or the first
/// language there is; nil when the font has no such name.
func nameTableString(_ id: UInt32, in face: OpaquePointer) -> String? {
    var size: UInt32 = 0
    let length = hb_ot_name_get_utf8(face, id, nil, &size, nil)
    guard length > 0, length < 65_536 else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    size = UInt32(buffer.count)
    _ = hb_ot_name_get_utf8(face, id, nil, &size, &buffer)
    return String(decoding: buffer.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
