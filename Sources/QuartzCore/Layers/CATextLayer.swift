import CoreGraphics
import CoreText
import Foundation

/// A layer that draws a string, laid out from the top-left of its bounds, above its
/// background and contents and below its sublayers.
///
/// Same names, defaults and animatable keys as Apple's `CATextLayer`. Text is shaped with
/// HarfBuzz and laid out with Pango; fonts come from fontconfig, which falls back to any
/// installed font that has a character (other scripts, emoji). Glyphs are drawn as outlines
/// at the device's resolution, so text stays crisp at any scale or ``CALayer/contentsScale``.
/// Text is clipped to the bounds. Lamina lays out at most the first
/// ``maximumLaidOutUTF8Length`` bytes of the string.
///
/// ``string`` may be a `String` (drawn in ``font``, ``fontSize`` and ``foregroundColor``)
/// or an `NSAttributedString`, whose runs are drawn with their own
/// `NSAttributedString.Key.font` (a font name `String`, sized as a Pango description such
/// as `"DejaVu Sans Bold 20"`, else 12 points) and `NSAttributedString.Key.foregroundColor`
/// (a `CGColor`, else opaque black), and with the kern, tracking, baseline offset, underline,
/// ligatures, font features and run delegates Core Text draws (a run is drawn as
/// `CTFrameDraw` draws it), strokes too (`NSAttributedString.Key.strokeWidth` and
/// `.strokeColor`: the text's outlines are stroked as its first stroked run says, and a run
/// with a positive width is not filled). Paragraph styles are not read: the layer places its
/// text by ``alignmentMode``, ``isWrapped`` and ``truncationMode``.
open class CATextLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CATextLayer.self }

    /// The text drawn: a `String` or an `NSAttributedString`; nil (or anything else) draws
    /// nothing. Defaults to nil.
    @CAManaged("string") open var string: Any? = nil

    /// The font of a plain ``string``: a `CTFont` (`CTFontCreateWithName`) or a font name
    /// `String`, as fontconfig knows it (a family such as `"DejaVu Sans"`, with optional
    /// styles, `"DejaVu Sans Bold Italic"`; a PostScript-style name such as
    /// `"Helvetica-Bold"` is read as `"Helvetica Bold"`).
    /// A name no installed font matches, or a value of another type, draws in fontconfig's
    /// closest match (its default sans-serif font). Its size is ignored: see ``fontSize``.
    /// Defaults to `"Helvetica"`.
    @CAManaged("font") open var font: Any? = CATextLayer.defaultFontName

    /// The size of a plain ``string``'s font, in points. Negative sizes draw nothing, sizes
    /// over 4096 draw at 4096, and a non-finite size draws at 36. Defaults to 36. Animatable.
    @CAManaged("fontSize") open var fontSize: CGFloat = 36

    /// The colour of a plain ``string``; nil draws nothing. Defaults to opaque white.
    /// Animatable.
    @CAManaged("foregroundColor") open var foregroundColor: CGColor? = .white

    /// Whether lines longer than the bounds' width wrap onto the next line (between
    /// words, or inside a word longer than a line). Defaults to false.
    @CAManaged("wrapped") open var isWrapped: Bool = false

    /// Where text that does not fit the bounds is shortened with an ellipsis: each line
    /// wider than the bounds, or with ``isWrapped``, the last line that fits the bounds'
    /// height. Defaults to `.none`.
    @CAManaged("truncationMode") open var truncationMode: CATextLayerTruncationMode = .none

    /// How lines are placed horizontally in the bounds. Defaults to `.natural`.
    @CAManaged("alignmentMode") open var alignmentMode: CATextLayerAlignmentMode = .natural

    /// Whether glyph positions may be rounded to whole points (sharper at small sizes,
    /// less even spacing). Defaults to false.
    @CAManaged("allowsFontSubpixelQuantization") open var allowsFontSubpixelQuantization: Bool = false

    /// The name ``font`` reads while unset.
    nonisolated static let defaultFontName = FontResolution.defaultFontName

    /// The most UTF-8 bytes of ``string`` laid out and drawn (at a character boundary):
    /// bounds the work of a huge string.
    nonisolated public static let maximumLaidOutUTF8Length = 65_536

    /// Creates a text layer with Apple's defaults and no string.
    public override init() {
        super.init()
    }

    /// Creates a shadow copy of `layer` (see ``CALayer/init(layer:)``).
    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns `nil`: Lamina cannot decode archived layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Apple's defaults for the text keys, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "font": defaultFontName
        case "fontSize": CGFloat(36)
        case "foregroundColor": CGColor.white
        case "wrapped": false
        case "truncationMode": CATextLayerTruncationMode.none
        case "alignmentMode": CATextLayerAlignmentMode.natural
        case "allowsFontSubpixelQuantization": false
        default: super.defaultValue(forKey: key)
        }
    }

    /// The keys a text layer animates implicitly besides `CALayer`'s (see
    /// ``CALayer/action(forKey:)``).
    static let animatableTextKeys: Set<String> = ["fontSize", "foregroundColor"]

    override class func animatesImplicitly(_ key: String) -> Bool {
        animatableTextKeys.contains(key) || super.animatesImplicitly(key)
    }

    /// The size of the laid-out text, rounded up to whole points: its widest line and the
    /// height of its lines (with ``isWrapped``, wrapped to the bounds' width; with
    /// ``truncationMode``, as wide as the bounds at most). `.zero` without text.
    open override func preferredFrameSize() -> CGSize {
        guard let text = renderText else { return .zero }
        return text.measuredSize(in: bounds.size)
    }
}
