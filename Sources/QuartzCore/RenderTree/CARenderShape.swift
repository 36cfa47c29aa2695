import CoreGraphics

/// Lamina: what a ``CAShapeLayer`` draws, as a `Sendable` value of a render snapshot
/// (``CARenderLayer/shape``). Values are those the renderer can use: made from a layer,
/// fractions are clamped to `0...1`, and non-finite or negative widths and dashes are
/// dropped (see ``init(path:fillColor:fillRule:strokeColor:strokeStart:strokeEnd:lineWidth:miterLimit:lineCap:lineJoin:lineDashPhase:lineDashPattern:)``).
public struct CARenderShape: Sendable, Equatable {
    /// The path, in the layer's coordinates.
    public var path: CARenderPath
    /// The fill colour; nil fills nothing.
    public var fillColor: CGColor?
    /// The fill rule.
    public var fillRule: CAShapeLayerFillRule
    /// The stroke colour; nil strokes nothing.
    public var strokeColor: CGColor?
    /// Where the stroke starts, as a fraction of the path's length.
    public var strokeStart: CGFloat
    /// Where the stroke ends, as a fraction of the path's length.
    public var strokeEnd: CGFloat
    /// The stroke width in points; 0 strokes nothing.
    public var lineWidth: CGFloat
    /// The miter limit.
    public var miterLimit: CGFloat
    /// The cap of open subpaths.
    public var lineCap: CAShapeLayerLineCap
    /// The join of corners.
    public var lineJoin: CAShapeLayerLineJoin
    /// The offset into the dash pattern.
    public var lineDashPhase: CGFloat
    /// The dash lengths; empty for a solid stroke.
    public var lineDashPattern: [CGFloat]

    /// A shape with these values, made usable: `strokeStart` and `strokeEnd` clamped to
    /// `0...1` (NaN: 0 and 1), a negative or non-finite `lineWidth` as 0, a non-finite
    /// `miterLimit` as 10, a non-finite phase as 0, and a dash pattern with a negative or
    /// non-finite length, or only zero lengths, as a solid line.
    public init(
        path: CARenderPath, fillColor: CGColor? = .black, fillRule: CAShapeLayerFillRule = .nonZero,
        strokeColor: CGColor? = nil, strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1, lineWidth: CGFloat = 1,
        miterLimit: CGFloat = 10, lineCap: CAShapeLayerLineCap = .butt, lineJoin: CAShapeLayerLineJoin = .miter,
        lineDashPhase: CGFloat = 0, lineDashPattern: [CGFloat] = []
    ) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.strokeStart = strokeStart.isNaN ? 0 : min(max(strokeStart, 0), 1)
        self.strokeEnd = strokeEnd.isNaN ? 1 : min(max(strokeEnd, 0), 1)
        self.lineWidth = lineWidth.isFinite ? max(lineWidth, 0) : 0
        self.miterLimit = miterLimit.isFinite ? miterLimit : 10
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.lineDashPhase = lineDashPhase.isFinite ? lineDashPhase : 0
        let usable = lineDashPattern.allSatisfy { $0.isFinite && $0 >= 0 } && lineDashPattern.contains { $0 > 0 }
        self.lineDashPattern = usable ? lineDashPattern : []
    }

    /// Whether the stroke is drawn: a colour, a width and a non-empty part of the path.
    var strokes: Bool {
        strokeColor != nil && lineWidth > 0 && strokeEnd > strokeStart
    }
}
