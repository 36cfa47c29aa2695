import CCairo
import CoreGraphics
import CoreText

extension CARenderText {
    /// The text laid out by Core Text's engine on `cr` (at its current transformation) in a
    /// box of `size` points, the runs' colours multiplied by `alpha` and converted into
    /// `colorSpace`. Nil if Pango cannot make a layout.
    func layout(on cr: OpaquePointer, in size: CGSize, alpha: CGFloat = 1, colorSpace: CGColorSpace? = nil) -> TextLayout? {
        let options = TextLayoutOptions(
            wraps: isWrapped, truncation: Self.truncation(truncationMode), alignment: Self.alignment(alignmentMode),
            roundsGlyphPositions: allowsFontSubpixelQuantization)
        return TextLayout(string, runs: styleRuns, options: options, on: cr, in: size, alpha: alpha, colorSpace: colorSpace)
    }

    /// The runs as Core Text's layout takes them.
    var styleRuns: [TextStyleRun] {
        runs.map { run in
            guard var style = run.attributes else {
                return TextStyleRun(
                    utf8Length: run.utf8Length, fontName: run.fontName, fontSize: run.fontSize, foregroundColor: run.foregroundColor)
            }
            style.utf8Length = run.utf8Length
            style.fontName = run.fontName
            style.fontSize = run.fontSize
            style.foregroundColor = run.foregroundColor
            return style
        }
    }

    /// The size of the laid-out text rounded up to whole points (its lines stacked as a Core
    /// Text frame's are), in a box of `size` (its
    /// width wraps or truncates when ``isWrapped`` or ``truncationMode`` say so).
    func measuredSize(in size: CGSize) -> CGSize {
        guard !string.isEmpty,
            let surface = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1), "creating a surface to measure text",
                reportingTo: CALayer.diagnoseDrawingFailure)
        else { return .zero }
        defer { cairo_surface_destroy(surface) }
        guard
            let cr = CairoError.context(
                cairo_create(surface), "creating a context to measure text", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return .zero }
        defer { cairo_destroy(cr) }
        guard let layout = layout(on: cr, in: size) else { return .zero }
        let height = layout.linesStackedWithLeading(of: styleRuns).height
        return CGSize(width: layout.logicalSize.width.rounded(.up), height: height.rounded(.up))
    }

    private static func truncation(_ mode: CATextLayerTruncationMode) -> TextTruncation {
        switch mode {
        case .start: .start
        case .middle: .middle
        case .end: .end
        default: .none
        }
    }

    private static func alignment(_ mode: CATextLayerAlignmentMode) -> TextLineAlignment {
        switch mode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
    }
}
