import CPangoCairo
import CoreGraphics

// The installed font's own figures (read by HarfBuzz from its tables), in points at the
// font's size: a value in font units × size ÷ units per em. 0 (or a zero rectangle) when no
// font is installed at all. An Apple family drawn in a stand-in (Avenir Next in Lato) has the
// Apple font's ascent, descent, leading, cap and x-height; its other figures are the
// stand-in's as drawn.

/// How far the font reaches above the baseline (Core Text's `CTFontGetAscent`): the
/// horizontal header's ascender (OS/2's typographic one when the font asks for it).
@discardableResult
public func CTFontGetAscent(_ font: CTFont) -> CGFloat {
    if let standIn = font.standIn { return standIn.ascent * font.size }
    return font.horizontalExtent(\.ascender)
}

/// How far the font reaches below the baseline, a positive distance (Core Text's
/// `CTFontGetDescent`).
@discardableResult
public func CTFontGetDescent(_ font: CTFont) -> CGFloat {
    if let standIn = font.standIn { return standIn.descent * font.size }
    return -font.horizontalExtent(\.descender)
}

/// The extra space the font asks for between lines (Core Text's `CTFontGetLeading`): the
/// horizontal header's line gap.
@discardableResult
public func CTFontGetLeading(_ font: CTFont) -> CGFloat {
    if let standIn = font.standIn { return standIn.leading * font.size }
    return font.horizontalExtent(\.line_gap)
}

/// The height of capital letters (Core Text's `CTFontGetCapHeight`): OS/2's cap height,
/// or the top of "H" when the font has none.
@discardableResult
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat {
    if let standIn = font.standIn { return standIn.capHeight * font.size }
    return font.metric(tag: "cpht", orTopOf: "H")
}

/// The height of lower-case letters (Core Text's `CTFontGetXHeight`): OS/2's x-height, or
/// the top of "x" when the font has none.
@discardableResult
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat {
    if let standIn = font.standIn { return standIn.xHeight * font.size }
    return font.metric(tag: "xhgt", orTopOf: "x")
}

/// Where an underline's centre is, negative below the baseline (Core Text's
/// `CTFontGetUnderlinePosition`): the PostScript table's underline position.
@discardableResult
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat {
    font.metric(tag: "undo", orTopOf: nil)
}

/// How thick an underline is (Core Text's `CTFontGetUnderlineThickness`): the PostScript
/// table's underline thickness.
@discardableResult
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat {
    font.metric(tag: "unds", orTopOf: nil)
}

/// The number of font units per em square (Core Text's `CTFontGetUnitsPerEm`); 0 without
/// a font.
@discardableResult
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 {
    font.withFontUnits { _, upem in UInt32(upem) } ?? 0
}

/// The number of glyphs in the font (Core Text's `CTFontGetGlyphCount`).
@discardableResult
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex {
    font.withFontUnits { hb, _ in hb_font_get_face(hb).map { CFIndex(hb_face_get_glyph_count($0)) } } ?? 0
}

/// The rectangle that encloses every glyph of the font, y up from the baseline (Core Text's
/// `CTFontGetBoundingBox`): the font header's box.
@discardableResult
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    font.withFontUnits { hb, upem -> CGRect? in
        guard let face = hb_font_get_face(hb), let blob = hb_face_reference_table(face, fourCharacterCode("head")) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 54 else { return nil }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        func int16(at offset: Int) -> Int32 { Int32(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))) }
        let (xMin, yMin, xMax, yMax) = (int16(at: 36), int16(at: 38), int16(at: 40), int16(at: 42))
        return CGRect(
            x: font.points(xMin, unitsPerEm: upem), y: font.verticalPoints(yMin, unitsPerEm: upem),
            width: font.points(xMax - xMin, unitsPerEm: upem), height: font.verticalPoints(yMax - yMin, unitsPerEm: upem))
    } ?? .zero
}

/// An OpenType table or metrics tag as HarfBuzz spells it.
func fourCharacterCode(_ tag: StaticString) -> UInt32 {
    tag.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
}

/// The code of a tag of four printable ASCII characters (`"wght"` is 0x7767_6874), or nil
/// for any other string.
func fourCharacterCode(ofTag tag: String) -> UInt32? {
    let bytes = Array(tag.utf8)
    guard bytes.count == 4, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    return bytes.reduce(0) { $0 << 8 | UInt32($1) }
}

/// The four characters of a tag's code (0x7767_6874 is `"wght"`).
func fourCharacterTag(_ code: UInt32) -> String {
    String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }, as: UTF8.self)
}

/// The whole of a list HarfBuzz hands out by count and fill (`hb_ot_var_get_axis_infos(face,
/// 0, &count, array)`), up to 65,535 elements (its tables count in 16 bits): `get` is called
/// with the count to fill in and the array, first to learn the total (no array), then to fill
/// it; each element starts as `empty`.
func harfBuzzList<Element>(
    of empty: Element, _ get: (_ count: inout UInt32, _ array: UnsafeMutablePointer<Element>?) -> UInt32
) -> [Element] {
    var count: UInt32 = 0
    let total = get(&count, nil)
    guard total > 0 else { return [] }
    var list = [Element](repeating: empty, count: Int(min(total, 65_535)))
    count = UInt32(list.count)
    _ = list.withUnsafeMutableBufferPointer { get(&count, $0.baseAddress) }
    return Array(list.prefix(Int(min(count, UInt32(list.count)))))
}

extension CTFont {
    /// A figure of HarfBuzz's horizontal extents in points; 0 without a font.
    func horizontalExtent(_ field: KeyPath<hb_font_extents_t, Int32>) -> CGFloat {
        withFontUnits { hb, upem in
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(hb, &extents)
            return points(extents[keyPath: field], unitsPerEm: upem)
        } ?? 0
    }

    /// A HarfBuzz OpenType metric in points; else the top of `character`'s glyph, else 0.
    func metric(tag: StaticString, orTopOf character: Unicode.Scalar?) -> CGFloat {
        withFontUnits { hb, upem -> CGFloat? in
            Self.fontUnits(ofMetric: tag, orTopOf: character, in: hb).map { points($0, unitsPerEm: upem) }
        } ?? 0
    }

    /// A HarfBuzz OpenType metric of `hb` (a font scaled in font units); else, when the font
    /// has none or 0, the top of `character`'s glyph; nil when neither is there.
    static func fontUnits(ofMetric tag: StaticString, orTopOf character: Unicode.Scalar?, in hb: OpaquePointer) -> Int32? {
        var position: Int32 = 0
        if hb_ot_metrics_get_position(hb, fourCharacterCode(tag), &position) != 0, position != 0 || character == nil {
            return position
        }
        guard let character else { return nil }
        var glyph: UInt32 = 0
        var extents = hb_glyph_extents_t()
        guard hb_font_get_nominal_glyph(hb, character.value, &glyph) != 0, hb_font_get_glyph_extents(hb, glyph, &extents) != 0
        else { return nil }
        return extents.y_bearing
    }
}
