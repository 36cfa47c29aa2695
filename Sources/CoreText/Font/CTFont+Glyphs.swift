import CCairo
import CPangoCairo
import CoreGraphics
import Foundation

/// Which direction glyph metrics are measured in (Core Text's `CTFontOrientation`).
public enum CTFontOrientation: UInt32, Sendable {
    /// The font's own orientation: horizontal in Lamina.
    case `default` = 0
    /// Horizontal text.
    case horizontal = 1
    /// Vertical text (Lamina measures it as horizontal).
    case vertical = 2
}

/// Fills `glyphs` with the font's glyph for each of `count` UTF-16 `characters` (Core Text's
/// `CTFontGetGlyphsForCharacters`). A surrogate pair gives its glyph then 0. Returns false —
/// with 0 for each character the font has no glyph for — when any character has none.
@discardableResult
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex
) -> Bool {
    guard count > 0 else { return true }
    let units = UnsafeBufferPointer(start: characters, count: count)
    return font.withFontUnits { hb, _ -> Bool in
        var all = true
        var index = 0
        var scalars: [Unicode.Scalar?] = []
        var iterator = units.makeIterator()
        var decoder = UTF16()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: break decoding
            case .error: scalars.append(nil)
            }
        }
        for scalar in scalars where index < count {
            var glyph: UInt32 = 0
            let found = scalar.map { hb_font_get_nominal_glyph(hb, $0.value, &glyph) != 0 } ?? false
            if !found { all = false }
            glyphs[index] = found ? CGGlyph(truncatingIfNeeded: glyph) : 0
            index += 1
            if let scalar, scalar.value > 0xFFFF, index < count {
                glyphs[index] = 0
                index += 1
            }
        }
        return all
    } ?? {
        glyphs.update(repeating: 0, count: count)
        return false
    }()
}

/// Fills `advances` (when given) with each of `count` glyphs' advance and returns their sum
/// (Core Text's `CTFontGetAdvancesForGlyphs`), in points.
@discardableResult
public func CTFontGetAdvancesForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex
) -> Double {
    guard count > 0 else { return 0 }
    return font.withFontUnits { hb, upem -> Double in
        var total: CGFloat = 0
        for index in 0..<count {
            let advance = font.points(hb_font_get_glyph_h_advance(hb, UInt32(glyphs[index])), unitsPerEm: upem)
            advances?[index] = CGSize(width: advance, height: 0)
            total += advance
        }
        return Double(total)
    } ?? 0
}

/// The caret positions inside the ligature `glyph`, in points from its origin along the
/// baseline (Core Text's `CTFontGetLigatureCaretPositions`): fills `positions` (when given)
/// with up to `maxPositions` of them and returns how many the glyph has. They are the font's
/// own, from the ligature caret list of its OpenType `GDEF` table; a glyph the font gives none
/// (or a font without the table) has none, and 0 is returned, as Core Text does where the font
/// has no caret data.
@discardableResult
public func CTFontGetLigatureCaretPositions(
    _ font: CTFont, _ glyph: CGGlyph, _ positions: UnsafeMutablePointer<CGFloat>?, _ maxPositions: CFIndex
) -> CFIndex {
    font.withFontUnits { hb, upem -> CFIndex in
        let wanted = positions == nil ? 0 : max(0, min(maxPositions, 1 << 16))
        var returned = UInt32(wanted)
        var carets = [Int32](repeating: 0, count: max(wanted, 1))
        let total = hb_ot_layout_get_ligature_carets(hb, 4, UInt32(glyph), 0, &returned, &carets)
        if let positions {
            for index in 0..<min(Int(returned), wanted) { positions[index] = font.points(carets[index], unitsPerEm: upem) }
        }
        return CFIndex(total)
    } ?? 0
}

/// Fills `boundingRects` (when given) with each of `count` glyphs' optical box, y up from the
/// baseline at the glyph's origin, and returns the box enclosing them all (Core Text's
/// `CTFontGetOpticalBoundsForGlyphs`; `options` is reserved and ignored, as Apple's is).
///
/// Core Text reads optical edges from a font's AAT `opbd` table and otherwise gives the
/// typographic box: from the descent below the baseline to the ascent above it, as wide as the
/// glyph's advance. The fonts fontconfig finds carry no `opbd` table (HarfBuzz, OpenType's
/// shaper, does not read it), so every glyph has its typographic box.
@discardableResult
public func CTFontGetOpticalBoundsForGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex,
    _ options: CFOptionFlags
) -> CGRect {
    guard count > 0 else { return .zero }
    let ascent = CTFontGetAscent(font), descent = CTFontGetDescent(font)
    var union = CGRect.null
    for index in 0..<count {
        var glyph = glyphs[index], advance = CGSize.zero
        CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, &advance, 1)
        let rect = CGRect(x: 0, y: -descent, width: advance.width, height: ascent + descent)
        boundingRects?[index] = rect
        union = union.union(rect)
    }
    return union
}

/// Fills `boundingRects` (when given) with each of `count` glyphs' ink box, y up from the
/// baseline at the glyph's origin, and returns the box enclosing them all (Core Text's
/// `CTFontGetBoundingRectsForGlyphs`). A glyph without ink (a space) has a zero rectangle.
@discardableResult
public func CTFontGetBoundingRectsForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex
) -> CGRect {
    guard count > 0 else { return .zero }
    return font.withFontUnits { hb, upem -> CGRect in
        var union = CGRect.null
        for index in 0..<count {
            var extents = hb_glyph_extents_t()
            var rect = CGRect.zero
            if hb_font_get_glyph_extents(hb, UInt32(glyphs[index]), &extents) != 0, extents.width != 0 || extents.height != 0 {
                rect = CGRect(
                    x: font.points(extents.x_bearing, unitsPerEm: upem),
                    y: font.verticalPoints(extents.y_bearing + extents.height, unitsPerEm: upem),
                    width: font.points(extents.width, unitsPerEm: upem),
                    height: -font.verticalPoints(extents.height, unitsPerEm: upem))
                union = union.union(rect)
            }
            boundingRects?[index] = rect
        }
        return union.isNull ? .zero : union
    } ?? .zero
}

/// The outline of `glyph` at the font's size, y up from the baseline at its origin,
/// transformed by `matrix` when given (Core Text's `CTFontCreatePathForGlyph`); nil for a
/// glyph the font does not have or without a font. A glyph without ink gives an empty path.
@discardableResult
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    let count = font.withFontUnits { hb, _ in hb_font_get_face(hb).map { Int(hb_face_get_glyph_count($0)) } } ?? 0
    guard Int(glyph) < count else { return nil }
    let transform = matrix?.pointee ?? .identity
    return font.withInstalledFont { pangoFont -> CGPath? in
        guard let scaled = pango_cairo_font_get_scaled_font(pangoFont),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return nil }
        defer { cairo_destroy(cr) }
        cairo_set_scaled_font(cr, scaled)
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(cr, &cairoGlyph, 1)
        guard let copied = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(copied) }
        guard copied.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        // cairo's glyph space is y down; Core Text's is y up.
        let path = CGMutablePath()
        let vertical = Double(font.verticalScale)
        func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: -y * vertical).applying(transform) }
        guard let data = copied.pointee.data else { return path }
        var index = 0
        while index < Int(copied.pointee.num_data) {
            let header = data[index].header
            let length = Int(header.length)
            switch header.type {
            case CAIRO_PATH_MOVE_TO: path.move(to: point(data[index + 1].point.x, data[index + 1].point.y))
            case CAIRO_PATH_LINE_TO: path.addLine(to: point(data[index + 1].point.x, data[index + 1].point.y))
            case CAIRO_PATH_CURVE_TO:
                path.addCurve(
                    to: point(data[index + 3].point.x, data[index + 3].point.y),
                    control1: point(data[index + 1].point.x, data[index + 1].point.y),
                    control2: point(data[index + 2].point.x, data[index + 2].point.y))
            default: path.closeSubpath()
            }
            index += max(length, 1)
        }
        return path
    }
}

/// The font to draw the start of `range` of `string` in (Core Text's `CTFontCreateForString`):
/// `currentFont` when it has glyphs for the range's first characters, else the installed face
/// fontconfig falls back to for them, at `currentFont`'s size. An empty or out-of-range range
/// gives `currentFont`.
@discardableResult
public func CTFontCreateForString(_ currentFont: CTFont, _ string: CFString, _ range: CFRange) -> CTFont {
    fallbackFont(currentFont, for: string, range, language: nil)
}

/// The font to draw the start of `range` of `string` in, in `language` (Core Text's
/// `CTFontCreateForStringWithLanguage`): as ``CTFontCreateForString(_:_:_:)``, with the fonts
/// fontconfig falls back to ordered for the language (a locale identifier, `"ja"`,
/// `"zh-Hans"`) where several have the characters. Nil `language` is
/// ``CTFontCreateForString(_:_:_:)``.
@discardableResult
public func CTFontCreateForStringWithLanguage(
    _ currentFont: CTFont, _ string: CFString, _ range: CFRange, _ language: CFString?
) -> CTFont {
    fallbackFont(currentFont, for: string, range, language: AttributedText.language(language))
}

/// The font the start of `range` of `string` is laid out in with `currentFont` (and, where
/// given, in `language`): the first run's of a line of that part.
private func fallbackFont(_ currentFont: CTFont, for string: CFString, _ range: CFRange, language: String?) -> CTFont {
    let whole = string as NSString
    let clamped = range.clamped(toCount: whole.length)
    guard !clamped.isEmpty else { return currentFont }
    let part = whole.substring(with: NSRange(location: clamped.lowerBound, length: clamped.count))
    var attributes: [NSAttributedString.Key: Any] = [.font: currentFont]
    if let language { attributes[NSAttributedString.Key(kCTLanguageAttributeName)] = language }
    let line = CTLineCreateWithAttributedString(NSAttributedString(string: part, attributes: attributes))
    let first = line.runs.min { $0.stringRange.location < $1.stringRange.location }
    return (first?.attributes[.font] as? CTFont) ?? currentFont
}

/// The characters the installed font `font` is drawn with has glyphs for (Core Text's
/// `CTFontCopyCharacterSet`): its character map's, without the fallback faces'.
@discardableResult
public func CTFontCopyCharacterSet(_ font: CTFont) -> CharacterSet {
    font.withFontUnits { hb, _ -> CharacterSet? in
        guard let face = hb_font_get_face(hb), let set = hb_set_create() else { return nil }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var characters = CharacterSet()
        var first = UInt32.max
        var last = UInt32.max
        while hb_set_next_range(set, &first, &last) != 0 {
            // Surrogates and values past Unicode are not characters.
            guard let lower = Unicode.Scalar(first) ?? Unicode.Scalar(max(first, 0xE000)),
                let upper = Unicode.Scalar(min(last, 0x10FFFF)) ?? Unicode.Scalar(0xD7FF),
                lower <= upper
            else { continue }
            characters.insert(charactersIn: lower...upper)
        }
        return characters
    } ?? CharacterSet()
}