/// The part of a context's graphics state Lamina keeps in Swift; cairo keeps the rest
/// (clip, line width, cap, join, miter limit, dash, blend operator, antialiasing), and both
/// are saved and restored together.
struct GState {
    /// User space → Apple's device space (pixels, y up).
    var ctm = CGAffineTransform.identity
    /// Whether ``ctm`` cannot be inverted, in which case nothing is drawn.
    var isDegenerate = false
    /// What fills draw with: opaque black until set.
    var fill = Paint.color(RGBA(red: 0, green: 0, blue: 0, alpha: 1))
    /// What strokes draw with: opaque black until set.
    var stroke = Paint.color(RGBA(red: 0, green: 0, blue: 0, alpha: 1))
    /// The spaces `setFillColorSpace(_:)` and `setStrokeColorSpace(_:)` set (nil: the context's).
    var fillSpace: CGColorSpace?
    var strokeSpace: CGColorSpace?
    /// Global alpha multiplied into everything drawn.
    var alpha: CGFloat = 1
    /// The blend mode (cairo holds the matching operator).
    var blendMode = CGBlendMode.normal
    /// The shadow drawn under each operation, if any.
    var shadow: Shadow?
    /// Image resampling quality.
    var interpolationQuality = CGInterpolationQuality.default
    /// `setShouldAntialias`.
    var shouldAntialias = true
    /// `setAllowsAntialiasing`.
    var allowsAntialiasing = true
    /// The clip given by images (`clip(to:mask:)`), on top of cairo's path clip; nil: none.
    var clipMask: ClipMask?
    /// The font, font size, text drawing mode and font-smoothing switches.
    var text = CGTextState()
}

/// What a fill or stroke draws with: a colour (non-premultiplied), or a pattern.
enum Paint {
    case color(RGBA)
    case pattern(PatternPaint)

    /// The paint of `color` in `space`: its pattern for a pattern colour, else the colour.
    init(_ color: CGColor, in space: CGColorSpace?) {
        self = PatternPaint(color, in: space).map(Paint.pattern) ?? .color(RGBA(color, in: space))
    }
}

/// A non-premultiplied colour with components in `0...1`, in the colour space of the context
/// it is drawn into (cairo mixes these numbers as they are: blending and gradients happen in
/// that space).
struct RGBA: Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    /// The colour's RGBA in `space` (sRGB when nil), or opaque black for colours Lamina cannot
    /// convert.
    init(_ color: CGColor, in space: CGColorSpace?) {
        if let c = color.rgba(in: space) {
            self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        } else {
            self.init(red: 0, green: 0, blue: 0, alpha: 1)
        }
    }

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Clamps each component to `0...1` (NaN to 0).
    static func clamped(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> RGBA {
        func c(_ v: CGFloat) -> Double { v.isNaN ? 0 : Double(min(max(v, 0), 1)) }
        return RGBA(red: c(r), green: c(g), blue: c(b), alpha: c(a))
    }
}

/// A shadow: offset and blur in the context's base space, colour.
struct Shadow {
    var offset: CGSize
    var blur: CGFloat
    var color: RGBA
}
