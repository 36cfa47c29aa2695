import CoreGraphics
import Synchronization

/// The vertical metrics of an Apple font family that no installed font has and that Lamina
/// draws in a stand-in family (Avenir Next in Lato), in ems (font units ÷ units per em).
///
/// Text in such a family is laid out with the Apple font's figures, not the stand-in's: its
/// ascent, descent and leading (so lines stand as far apart, and a baseline sits as far below
/// a line's top, as on Apple platforms), and its cap and x-height. The stand-in's glyphs are
/// scaled vertically so that its capital letters are as tall as the Apple font's: capitals and
/// the lines they sit on meet Apple's renders; its letter shapes and advances stay its own.
package struct StandInMetrics: Sendable, Equatable {
    /// Above the baseline.
    package var ascent: CGFloat
    /// Below the baseline, a positive distance.
    package var descent: CGFloat
    /// Between lines.
    package var leading: CGFloat
    /// The height of capital letters.
    package var capHeight: CGFloat
    /// The height of lower-case letters.
    package var xHeight: CGFloat

    /// Avenir Next, every weight as Apple platforms install it (1000 units per em): ascender
    /// 1000, descender −366, no line gap, cap height 708, x-height 468. Apple's renders of
    /// 50-point Avenir Next Medium capitals show the cap height (70.8 pixels at scale 2).
    static let avenirNext = StandInMetrics(ascent: 1, descent: 0.366, leading: 0, capHeight: 0.708, xHeight: 0.468)

    /// The Apple families that have stand-in metrics, by ``AppleFontFamilies/key(_:)``.
    /// Avenir Next Condensed is a family of its own, and is not one of them.
    static let families: [String: StandInMetrics] = ["avenirnext": .avenirNext]

    /// The family key in ``families`` each font name looked up names, or nil (a name's family
    /// does not change, so this is kept; text is laid out with it for every run drawn).
    private static let familiesOfNames = Mutex([String: String?]())

    /// The key in ``families`` of the family `name` names, or nil.
    private static func standInFamily(ofName name: String) -> String? {
        if let known = familiesOfNames.withLock({ $0[name] }) { return known }
        let family = AppleFontFamilies.familyKey(ofName: name).flatMap { families[$0] == nil ? nil : $0 }
        familiesOfNames.withLock {
            // Bounded: an application naming ever new fonts does not grow it without end.
            if $0.count >= 4096 { $0.removeAll() }
            $0[name] = .some(family)
        }
        return family
    }

    /// What ``verticalScale(forName:)`` has worked out, by font name.
    private static let scales = Mutex([String: CGFloat]())

    /// The metrics a font name (PostScript, family or full name) is laid out with: nil but
    /// for a name of a family in ``families`` that no installed or registered font has (an
    /// application that brings Avenir Next gets its own font's metrics).
    static func forName(_ name: String) -> StandInMetrics? {
        guard let family = standInFamily(ofName: name), let metrics = families[family] else { return nil }
        // fontconfig compares family names without case and spaces, as the key is spelled.
        guard FontRegistry.face(named: name) == nil, !FontRegistry.hasFamily(named: family) else { return nil }
        return metrics
    }

    /// How much the stand-in for `name` is scaled up and down (about the baseline) so that its
    /// capitals are as tall as the Apple font's: the Apple font's cap height over the
    /// stand-in's (Lato Medium's capitals are 0.7175 em tall, Avenir Next's 0.708, so Lato's
    /// glyphs are drawn 98.7% as tall). Its advances are not scaled: Apple's renders of Avenir
    /// Next capitals put them where Lato's own advances do. 1 for a name without stand-in
    /// metrics, and when the stand-in has no usable cap height.
    static func verticalScale(forName name: String) -> CGFloat {
        guard let metrics = forName(name) else { return 1 }
        if let known = scales.withLock({ $0[name] }) { return known }
        // The stand-in's cap height as Core Text reads any font's: OS/2's, else the top of "H".
        let standInCapHeight = FontResolution.withFontUnits(named: name, size: 100) { hb, upem in
            CTFont.fontUnits(ofMetric: "cpht", orTopOf: "H", in: hb).map { CGFloat($0) / upem }
        }
        var scale: CGFloat = 1
        if let standInCapHeight, standInCapHeight > 0 {
            let ratio = metrics.capHeight / standInCapHeight
            // Capitals more than half again or less than two-thirds as tall: no stand-in.
            if ratio.isFinite, ratio > 2.0 / 3.0, ratio < 1.5 { scale = ratio }
        }
        scales.withLock { $0[name] = scale }
        return scale
    }
}
