import CoreGraphics
import Foundation

extension NSAttributedString.Key {
    /// Lamina: the font of an attributed ``CATextLayer/string``'s run: a ``CTFont`` (drawn
    /// at its size) or a font name `String` (see ``CATextLayer``). The raw value is UIKit's
    /// and AppKit's, and Core Text's `kCTFontAttributeName`.
    public static let font = NSAttributedString.Key("NSFont")
    /// Lamina: the colour of an attributed ``CATextLayer/string``'s run, as a `CGColor`.
    /// The raw value is UIKit's and AppKit's.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

extension CATextLayer {
    /// The font size of an attributed run without a size in its font name (Core Text's).
    static let attributedDefaultFontSize: CGFloat = 12

    /// The most attribute runs of an attributed string drawn.
    static let maximumRunCount = 4096

    /// What the renderer draws for this layer; nil without a non-empty string.
    var renderText: CARenderText? {
        let runs: [(text: String, run: CARenderText.Run)]
        if let attributed = string as? NSAttributedString {
            runs = Self.runs(of: attributed)
        } else if let plain = string as? String {
            let run = CARenderText.Run(
                utf8Length: 0, fontName: fontName, fontSize: fontSize, foregroundColor: foregroundColor)
            runs = [(plain, run)]
        } else {
            return nil
        }
        let text = CARenderText(
            runs: runs, isWrapped: isWrapped, truncationMode: truncationMode, alignmentMode: alignmentMode,
            allowsFontSubpixelQuantization: allowsFontSubpixelQuantization)
        return text.string.isEmpty ? nil : text
    }

    /// The name ``font`` gives: its string or its `CTFont`'s name, else Helvetica.
    private var fontName: String {
        (font as? String) ?? (font as? CTFont)?.name ?? (font as? NSString).map { String(describing: $0) }
            ?? Self.defaultFontName
    }

    /// The runs of an attributed string, with their fonts and colours (Core Text's
    /// defaults for missing attributes: Helvetica 12, opaque black).
    private static func runs(of attributed: NSAttributedString) -> [(text: String, run: CARenderText.Run)] {
        let whole = attributed.string as NSString
        var runs: [(text: String, run: CARenderText.Run)] = []
        var bytes = 0
        attributed.enumerateAttributes(in: NSRange(location: 0, length: whole.length), options: []) { attributes, range, stop in
            let text = whole.substring(with: range)
            let name: String, size: CGFloat
            if let font = attributes[.font] as? CTFont {
                (name, size) = (font.name, font.size)
            } else {
                name = (attributes[.font] as? String) ?? defaultFontName
                size = PangoTextLayout.sizeGiven(inFontName: name) ?? attributedDefaultFontSize
            }
            let color = attributes[.foregroundColor].flatMap { $0 as? CGColor } ?? .black
            runs.append((text, CARenderText.Run(utf8Length: 0, fontName: name, fontSize: size, foregroundColor: color)))
            bytes += text.utf8.count
            if runs.count >= maximumRunCount || bytes >= maximumLaidOutUTF8Length { stop.pointee = true }
        }
        return runs
    }
}
