/// How glyphs are painted (Apple's `CGTextDrawingMode`).
public enum CGTextDrawingMode: Int32, Sendable {
    /// Filled with the fill colour. The default.
    case fill = 0
    /// Outlined with the stroke colour.
    case stroke = 1
    /// Filled, then outlined.
    case fillStroke = 2
    /// Not painted.
    case invisible = 3
    /// Filled and added to the clip.
    case fillClip = 4
    /// Outlined and added to the clip.
    case strokeClip = 5
    /// Filled, outlined and added to the clip.
    case fillStrokeClip = 6
    /// Added to the clip.
    case clip = 7
}

/// The part of a context's text state that belongs to its graphics state, saved and
/// restored with it as on Apple platforms: what `showGlyphs(_:at:)` (CoreText) draws with.
/// The text matrix is not part of it.
package struct CGTextState {
    /// The font set with ``CGContext/setFont(_:)``.
    package var font: CGFont?
    /// The font size set with ``CGContext/setFontSize(_:)``.
    package var fontSize: CGFloat = 12
    /// The drawing mode.
    package var drawingMode = CGTextDrawingMode.fill
    /// The font-smoothing and sub-pixel switches, recorded: Lamina always draws text
    /// greyscale-antialiased at sub-pixel positions.
    package var switches: [String: Bool] = [:]
}

extension CGContext {
    /// The transform from text space to user space that glyphs are drawn with (Apple's
    /// `textMatrix`); its translation is ``textPosition``. Default: identity. As on Apple
    /// platforms, it is not part of the graphics state: saving and restoring the state
    /// leaves it alone.
    public var textMatrix: CGAffineTransform {
        get { textMatrixValue }
        set { textMatrixValue = newValue }
    }

    /// The font, font size, text drawing mode and font-smoothing switches: part of the
    /// graphics state, so ``saveGState()`` and ``restoreGState()`` save and restore them.
    package var textState: CGTextState {
        get { state.text }
        set { state.text = newValue }
    }

    /// Where the next glyphs are drawn, in text space (the text matrix's translation).
    /// Default: the origin.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrixValue.tx, y: textMatrixValue.ty) }
        set {
            textMatrixValue.tx = newValue.x
            textMatrixValue.ty = newValue.y
        }
    }

    /// Sets the font `showGlyphs(_:at:)` (CoreText) draws with. Part of the graphics state:
    /// ``restoreGState()`` restores the font in effect at the matching ``saveGState()``.
    public func setFont(_ font: CGFont) {
        textState.font = font
    }

    /// Sets the size `showGlyphs(_:at:)` (CoreText) draws at, in points. Default: 12. Part of
    /// the graphics state.
    public func setFontSize(_ size: CGFloat) {
        guard size.isFinite else { return }
        textState.fontSize = size
    }

    /// Sets how glyphs are painted. Default: ``CGTextDrawingMode/fill``. Part of the graphics
    /// state: ``restoreGState()`` restores the mode in effect at the matching ``saveGState()``.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) {
        textState.drawingMode = mode
    }

    /// Whether fonts are smoothed: recorded; Lamina always antialiases text in greyscale.
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {
        textState.switches["shouldSmoothFonts"] = shouldSmoothFonts
    }

    /// Whether fonts may be smoothed: recorded; Lamina always antialiases text in greyscale.
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) {
        textState.switches["allowsFontSmoothing"] = allowsFontSmoothing
    }

    /// Whether glyphs are placed at sub-pixel positions: recorded; Lamina always places them so.
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {
        textState.switches["shouldSubpixelPositionFonts"] = shouldSubpixelPositionFonts
    }

    /// Whether glyphs may be placed at sub-pixel positions: recorded.
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {
        textState.switches["allowsFontSubpixelPositioning"] = allowsFontSubpixelPositioning
    }

    /// Whether glyph positions are quantised: recorded.
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {
        textState.switches["shouldSubpixelQuantizeFonts"] = shouldSubpixelQuantizeFonts
    }

    /// Whether glyph positions may be quantised: recorded.
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {
        textState.switches["allowsFontSubpixelQuantization"] = allowsFontSubpixelQuantization
    }
}
