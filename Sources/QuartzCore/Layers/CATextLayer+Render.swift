import CoreGraphics
import CoreText
import Foundation

extension CATextLayer {
    /// The most attribute runs of an attributed string drawn.
    static let maximumRunCount = 4096

    /// What the renderer draws for this layer; nil without a non-empty string.
    var renderText: CARenderText? {
        guard snapshotReadsStorage else { return renderText(TextValues(getters: self)) }
        var read = CAStoredManagedValues(self)
        let untouched = Self.untouchedTextValues
        let values = TextValues(
            string: read("string", untouched.string), font: read("font", untouched.font),
            fontSize: read("fontSize", untouched.fontSize), foregroundColor: read("foregroundColor", untouched.foregroundColor),
            isWrapped: read("wrapped", untouched.isWrapped), truncationMode: read("truncationMode", untouched.truncationMode),
            alignmentMode: read("alignmentMode", untouched.alignmentMode),
            allowsFontSubpixelQuantization: read("allowsFontSubpixelQuantization", untouched.allowsFontSubpixelQuantization))
        return renderText(read.failed ? TextValues(getters: self) : values)
    }

    /// The values a text layer's snapshot is made of.
    fileprivate struct TextValues {
        var string: Any?
        var font: Any?
        var fontSize: CGFloat
        var foregroundColor: CGColor?
        var isWrapped: Bool
        var truncationMode: CATextLayerTruncationMode
        var alignmentMode: CATextLayerAlignmentMode
        var allowsFontSubpixelQuantization: Bool
    }

    /// An untouched `CATextLayer`'s values: those its unset keys read. Never changed after it
    /// is made, and what it holds of type `Any` is a nil string and the font's name `String`,
    /// so every thread can read it.
    nonisolated(unsafe) private static let untouchedTextValues = TextValues(getters: CATextLayer())

    private func renderText(_ values: TextValues) -> CARenderText? {
        let runs: [(text: String, run: CARenderText.Run)]
        var stroke: CARenderText.Stroke?
        if let attributed = values.string as? NSAttributedString {
            (runs, stroke) = Self.runs(of: attributed)
        } else if let plain = values.string as? String {
            var run = CARenderText.Run(
                utf8Length: 0, fontName: Self.fontName(values.font), fontSize: values.fontSize,
                foregroundColor: values.foregroundColor)
            // A Core Text font's features and variation are drawn too (its size is not: the
            // layer's font size is).
            if let font = values.font as? CTFont, !font.features.isEmpty || !font.variations.isEmpty {
                run.attributes = TextStyleRun(
                    utf8Length: 0, fontName: run.fontName, fontSize: run.fontSize, foregroundColor: run.foregroundColor,
                    fontFeatures: font.features, fontVariations: font.variations)
            }
            runs = [(plain, run)]
        } else {
            return nil
        }
        var text = CARenderText(
            runs: runs, isWrapped: values.isWrapped, truncationMode: values.truncationMode,
            alignmentMode: values.alignmentMode, allowsFontSubpixelQuantization: values.allowsFontSubpixelQuantization)
        text.stroke = stroke
        return text.string.isEmpty ? nil : text
    }

    /// The name `font` gives: its string or its `CTFont`'s name, else Helvetica.
    private static func fontName(_ font: Any?) -> String {
        (font as? String) ?? (font as? CTFont)?.name ?? (font as? NSString).map { String(describing: $0) }
            ?? defaultFontName
    }

    /// The runs of an attributed string, with their fonts, colours and Core Text's other
    /// attributes (Core Text's defaults for missing attributes: Helvetica 12, opaque black).
    private static func runs(
        of attributed: NSAttributedString
    ) -> (runs: [(text: String, run: CARenderText.Run)], stroke: CARenderText.Stroke?) {
        let whole = attributed.string as NSString
        var runs: [(text: String, run: CARenderText.Run)] = []
        var stroke: CARenderText.Stroke?
        var bytes = 0
        attributed.enumerateAttributes(in: NSRange(location: 0, length: whole.length), options: []) { attributes, range, stop in
            let text = whole.substring(with: range)
            // The font, kern, underline, ligatures and the rest as Core Text reads them; a run
            // that is only stroked is not filled, and the text is stroked as its first stroked
            // run says.
            let style = TextStyleRun(utf8Length: 0, coreTextAttributes: attributes)
            var run = CARenderText.Run(
                utf8Length: 0, fontName: style.fontName, fontSize: style.fontSize, foregroundColor: style.foregroundColor)
            run.attributes = style
            runs.append((text, run))
            if stroke == nil, let (width, color) = TextStyleRun.stroke(coreTextAttributes: attributes) {
                stroke = CARenderText.Stroke(width: width, color: color)
            }
            bytes += text.utf8.count
            if runs.count >= maximumRunCount || bytes >= maximumLaidOutUTF8Length { stop.pointee = true }
        }
        return (runs, stroke)
    }
}

extension CATextLayer.TextValues {
    /// The values as `layer`'s getters answer them.
    init(getters layer: CATextLayer) {
        self.init(
            string: layer.string, font: layer.font, fontSize: layer.fontSize, foregroundColor: layer.foregroundColor,
            isWrapped: layer.isWrapped, truncationMode: layer.truncationMode, alignmentMode: layer.alignmentMode,
            allowsFontSubpixelQuantization: layer.allowsFontSubpixelQuantization)
    }
}
