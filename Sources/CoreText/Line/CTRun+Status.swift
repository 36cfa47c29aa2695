import CoreGraphics
import Foundation

/// What sets a run apart (Core Text's `CTRunStatus`).
public struct CTRunStatus: OptionSet, Sendable {
    /// The run's bits.
    public let rawValue: UInt32

    /// A status of `rawValue`'s bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Nothing special: left to right, in string order.
    public static let noStatus: CTRunStatus = []
    /// The glyphs are in right-to-left order of the string.
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    /// The glyphs' string indices neither rise nor fall throughout (reordered glyphs).
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    /// The run has a text matrix other than the identity (never, in Lamina).
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// The run's direction and order (Core Text's `CTRunGetStatus`), read from its glyphs'
/// string indices in visual order.
@discardableResult
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus {
    let indices = run.stringIndices
    guard indices.count > 1 else { return [] }
    let pairs = zip(indices, indices.dropFirst())
    let falls = pairs.allSatisfy { $0 >= $1 } && indices.first != indices.last
    let rises = pairs.allSatisfy { $0 <= $1 }
    var status: CTRunStatus = falls ? .rightToLeft : []
    if !rises, !falls { status.insert(.nonMonotonic) }
    return status
}

/// The text matrix the run is drawn with (Core Text's `CTRunGetTextMatrix`): the identity.
@discardableResult
public func CTRunGetTextMatrix(_ run: CTRun) -> CGAffineTransform {
    .identity
}

/// The ink of the glyphs of `range` (a length of 0 is to the end), relative to the line's
/// origin, y up (Core Text's `CTRunGetImageBounds`): the union of the font's glyph boxes at
/// their positions. `context` is accepted and not needed.
@discardableResult
public func CTRunGetImageBounds(_ run: CTRun, _ context: CGContext?, _ range: CFRange) -> CGRect {
    let indices = range.clamped(toCount: run.glyphs.count)
    guard !indices.isEmpty else { return .zero }
    let ctFont = AttributedText.ctFont(run.attributes[.font])
    var glyphs = Array(run.glyphs[indices])
    var boxes = [CGRect](repeating: .null, count: glyphs.count)
    _ = CTFontGetBoundingRectsForGlyphs(ctFont, .default, &glyphs, &boxes, glyphs.count)
    var union = CGRect.null
    for (box, index) in zip(boxes, indices) where !box.isNull && !box.isEmpty {
        union = union.union(box.offsetBy(dx: run.positions[index].x, dy: run.positions[index].y))
    }
    return union.isNull ? .zero : union
}

/// A pointer to the run's glyphs, when it keeps them in one buffer (Core Text's
/// `CTRunGetGlyphsPtr`): always nil in Lamina, as Apple allows; copy them with
/// ``CTRunGetGlyphs(_:_:_:)``.
@discardableResult
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? {
    nil
}

/// A pointer to the run's glyph positions (Core Text's `CTRunGetPositionsPtr`): always nil in
/// Lamina, as Apple allows; copy them with ``CTRunGetPositions(_:_:_:)``.
@discardableResult
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? {
    nil
}

/// A pointer to the run's glyph advances (Core Text's `CTRunGetAdvancesPtr`): always nil in
/// Lamina, as Apple allows; copy them with ``CTRunGetAdvances(_:_:_:)``.
@discardableResult
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? {
    nil
}

/// A pointer to the run's string indices (Core Text's `CTRunGetStringIndicesPtr`): always nil
/// in Lamina, as Apple allows; copy them with ``CTRunGetStringIndices(_:_:_:)``.
@discardableResult
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? {
    nil
}
