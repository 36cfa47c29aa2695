import CoreGraphics
import Foundation

/// A stretch of a line's glyphs in one font and style (Core Text's `CTRun`).
public final class CTRun {
    /// The glyphs, in visual order.
    let glyphs: [CGGlyph]
    /// Each glyph's position, relative to the line's origin, y up.
    let positions: [CGPoint]
    /// Each glyph's advance.
    let advances: [CGSize]
    /// Each glyph's advance without the font's positioning of glyphs relative to others:
    /// how far it moves the pen.
    let baseAdvances: [CGSize]
    /// Each glyph's position relative to its pen position (a mark's offset from where its
    /// base left the pen; the run's baseline offset in y).
    let origins: [CGPoint]
    /// Each glyph's UTF-16 index in the line's string.
    let stringIndices: [CFIndex]
    /// The run's UTF-16 range in the string the line was made from.
    let stringRange: CFRange
    /// The attributes of the run's characters.
    let attributes: [NSAttributedString.Key: Any]

    /// A run whose base advances are `advances` and whose glyphs sit on their pen positions
    /// unless `baseAdvances` and `origins` (one per glyph) say otherwise.
    init(
        glyphs: [CGGlyph], positions: [CGPoint], advances: [CGSize], baseAdvances: [CGSize]? = nil, origins: [CGPoint]? = nil,
        stringIndices: [CFIndex], stringRange: CFRange, attributes: [NSAttributedString.Key: Any]
    ) {
        self.glyphs = glyphs
        self.positions = positions
        self.advances = advances
        self.baseAdvances = baseAdvances.flatMap { $0.count == advances.count ? $0 : nil } ?? advances
        self.origins = origins.flatMap { $0.count == positions.count ? $0 : nil } ?? positions.map { CGPoint(x: 0, y: $0.y) }
        self.stringIndices = stringIndices
        self.stringRange = stringRange
        self.attributes = attributes
    }

    /// The run's typographic width.
    var width: CGFloat { advances.reduce(0) { $0 + $1.width } }
}

/// The number of glyphs in the run (Core Text's `CTRunGetGlyphCount`).
@discardableResult
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex {
    run.glyphs.count
}

/// The attributes of the run's characters (Core Text's `CTRunGetAttributes`), keyed by the
/// attribute names (`NSAttributedString.Key` raw values).
@discardableResult
public func CTRunGetAttributes(_ run: CTRun) -> [String: Any] {
    Dictionary(uniqueKeysWithValues: run.attributes.map { ($0.key.rawValue, $0.value) })
}

/// The run's range of the string its line was made from, in UTF-16 units (Core Text's
/// `CTRunGetStringRange`).
@discardableResult
public func CTRunGetStringRange(_ run: CTRun) -> CFRange {
    run.stringRange
}

/// The run's typographic width, filling `ascent`, `descent` and `leading` when given with
/// its font's (Core Text's `CTRunGetTypographicBounds`); `range` selects glyphs (a length
/// of 0 is to the end).
@discardableResult
public func CTRunGetTypographicBounds(
    _ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    if let delegate = AttributedText.runDelegate(run.attributes) {
        // A delegate's run is as tall as its callbacks say, with no leading.
        let metrics = delegate.metrics
        ascent?.pointee = metrics.ascent
        descent?.pointee = metrics.descent
        leading?.pointee = 0
    } else {
        let ctFont = AttributedText.ctFont(run.attributes[.font])
        ascent?.pointee = CTFontGetAscent(ctFont)
        descent?.pointee = CTFontGetDescent(ctFont)
        leading?.pointee = CTFontGetLeading(ctFont)
    }
    return Double(run.advances[range.clamped(toCount: run.advances.count)].reduce(0) { $0 + $1.width })
}

/// Copies the glyphs of `range` (a length of 0 is to the end) into `buffer` (Core Text's
/// `CTRunGetGlyphs`).
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (offset, index) in range.clamped(toCount: run.glyphs.count).enumerated() { buffer[offset] = run.glyphs[index] }
}

/// Copies the glyph positions of `range`, relative to the line's origin, y up, into
/// `buffer` (Core Text's `CTRunGetPositions`).
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (offset, index) in range.clamped(toCount: run.positions.count).enumerated() { buffer[offset] = run.positions[index] }
}

/// Copies the glyph advances of `range` into `buffer` (Core Text's `CTRunGetAdvances`).
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (offset, index) in range.clamped(toCount: run.advances.count).enumerated() { buffer[offset] = run.advances[index] }
}

/// Copies the UTF-16 string index of each glyph of `range` into `buffer` (Core Text's
/// `CTRunGetStringIndices`).
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (offset, index) in range.clamped(toCount: run.stringIndices.count).enumerated() { buffer[offset] = run.stringIndices[index] }
}

/// Copies the base advances and the origins of the glyphs of `range` (a length of 0 is to the
/// end) into the buffers given (Core Text's `CTRunGetBaseAdvancesAndOrigins`).
///
/// A glyph's base advance is how far it moves the pen — its advance without the positioning
/// the font does relative to other glyphs, such as a mark placed on its base — and its origin
/// is where it is drawn relative to the pen: the first glyph's pen is where the run starts,
/// each next glyph's the pen moved by the base advance before it. For text without such
/// positioning the base advances are ``CTRunGetAdvances(_:_:_:)``'s and the origins are
/// (0, the run's baseline offset).
public func CTRunGetBaseAdvancesAndOrigins(
    _ run: CTRun, _ range: CFRange, _ advancesBuffer: UnsafeMutablePointer<CGSize>?, _ originsBuffer: UnsafeMutablePointer<CGPoint>?
) {
    for (offset, index) in range.clamped(toCount: run.glyphs.count).enumerated() {
        advancesBuffer?[offset] = run.baseAdvances[index]
        originsBuffer?[offset] = run.origins[index]
    }
}
