import CPangoCairo
import CoreGraphics
import Foundation

/// A font of a given size (Core Text's `CTFont`), as Apple code hands one to a text layer's
/// `font` or puts it in an attributed string's `NSAttributedString.Key.font`.
///
/// Lamina keeps the name it was created with and its size; the installed font it stands for
/// is chosen by fontconfig (through Pango) — a name no installed font has (`"Helvetica"` on
/// most Linux systems) draws in fontconfig's closest match, a metric-alike where one is
/// installed. ``CTFontCopyFamilyName(_:)`` says which family that is, and the metrics
/// (``CTFontGetAscent(_:)`` and the rest) are that font's own — but for Avenir Next, drawn in
/// Lato, whose lines take Avenir Next's ascent, descent, leading, cap and x-height, Lato's
/// glyphs scaled vertically to make its capitals as tall as Avenir Next's.
public final class CTFont: Hashable, CustomStringConvertible, Sendable {
    /// The name the font was created with: a PostScript name (`"Helvetica-Bold"`) or a
    /// family name (`"DejaVu Sans"`).
    public let name: String
    /// The point size.
    public let size: CGFloat

    /// The Apple font's metrics, when the font is an Apple family drawn in a stand-in.
    let standIn: StandInMetrics?
    /// How much taller than ``size`` makes them the installed font's glyphs are drawn (1
    /// but for a stand-in).
    let verticalScale: CGFloat

    /// The OpenType features the font turns on or off (its descriptor's feature settings).
    package let features: [FontFeature]
    /// The instance of a variable font it draws (its descriptor's variation), by axis; empty
    /// for the font's default instance.
    package let variations: [FontVariation]

    init(name: String, size: CGFloat, features: [FontFeature] = [], variations: [FontVariation] = []) {
        self.name = name
        self.size = min(size, CTFontMaximumSize)
        self.features = features
        self.variations = variations
        standIn = StandInMetrics.forName(name)
        verticalScale = standIn == nil ? 1 : StandInMetrics.verticalScale(forName: name)
    }

    /// Fonts are equal when they have the same name, size, features and variation, as Core
    /// Text's are.
    public static func == (lhs: CTFont, rhs: CTFont) -> Bool {
        lhs.name == rhs.name && lhs.size == rhs.size && lhs.features == rhs.features && lhs.variations == rhs.variations
    }

    /// Hashes the name, size, features and variation.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(size)
        hasher.combine(features)
        hasher.combine(variations)
    }

    /// `"<name> <size>"`.
    public var description: String { "\(name) \(size)" }

    /// The family fontconfig chooses for ``name``, or nil when no font is installed at all.
    package var resolvedFamily: String? {
        FontResolution.withFont(named: name, size: size, variations: variations) { FontResolution.family(of: $0) }
    }

    /// Calls `body` with the HarfBuzz font of the installed font (at the font's variation),
    /// scaled in font units (one unit per unit of the em square), and the units per em; nil
    /// without a font.
    func withFontUnits<R>(_ body: (_ font: OpaquePointer, _ unitsPerEm: CGFloat) -> R?) -> R? {
        FontResolution.withFontUnits(named: name, size: size, variations: variations, body)
    }

    /// Calls `body` with the installed font (at the font's variation), or returns nil when
    /// no font is installed at all. The font is valid only during the call.
    func withInstalledFont<R>(_ body: (_ font: OpaquePointer) -> R?) -> R? {
        FontResolution.withFont(named: name, size: size, variations: variations, body)
    }

    /// `units` font units in points.
    func points(_ units: Int32, unitsPerEm: CGFloat) -> CGFloat {
        CGFloat(units) * size / unitsPerEm
    }

    /// `units` font units up or down in points, as the installed font's glyphs are drawn.
    func verticalPoints(_ units: Int32, unitsPerEm: CGFloat) -> CGFloat {
        points(units, unitsPerEm: unitsPerEm) * verticalScale
    }
}

/// The Core Text font size used when a size of 0 (or one that is negative or not finite)
/// is asked for: 12 points, as Core Text documents.
let CTFontDefaultSize: CGFloat = 12

/// The largest font size Lamina lays text out at: 10,000 points (a glyph three and a half
/// metres tall at 72 points an inch). Larger sizes are taken as this one: FreeType renders
/// nothing much larger, and positions stay within the 32-bit units Pango lays text out in.
let CTFontMaximumSize: CGFloat = 10_000

/// Returns a font named `name` (a PostScript or family name) of `size` points (Core Text's
/// `CTFontCreateWithName`). A size of 0 — and, in Lamina, a negative or non-finite one —
/// gives 12 points; one above 10,000 points gives 10,000. A name no installed font has draws in fontconfig's match for it (see
/// the CoreText catalog's font substitutions). `matrix` is accepted for source
/// compatibility and ignored (Lamina draws text upright; transform the layer or the text
/// matrix instead).
@discardableResult
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(name: name, size: size.isFinite && size > 0 ? size : CTFontDefaultSize)
}

/// The font's point size (Core Text's `CTFontGetSize`).
@discardableResult
public func CTFontGetSize(_ font: CTFont) -> CGFloat {
    font.size
}

/// The name the font was created with (Core Text's `CTFontCopyPostScriptName`; Lamina does
/// not map family names to PostScript names).
@discardableResult
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString {
    font.name
}

/// The family of the installed font the font is drawn with, as fontconfig chooses it for
/// the font's name (Core Text's `CTFontCopyFamilyName`): `"Helvetica"` gives a metric-alike
/// such as `"Liberation Sans"` or `"Nimbus Sans"` where one is installed, else the default
/// sans-serif family. The name itself when no font is installed at all.
@discardableResult
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString {
    font.resolvedFamily ?? font.name
}

/// The name the font was created with (Core Text's `CTFontCopyFullName`).
@discardableResult
public func CTFontCopyFullName(_ font: CTFont) -> CFString {
    font.name
}
