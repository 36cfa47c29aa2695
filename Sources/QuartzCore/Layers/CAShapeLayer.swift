import CoreGraphics
import Foundation

/// A layer that draws a path: filled, stroked, or both, above its background and below its
/// contents and sublayers.
///
/// Same names, defaults and animatable keys as Apple's `CAShapeLayer`. The path is in the
/// layer's coordinates and is not clipped to the bounds (unless ``CALayer/masksToBounds``);
/// a shape layer with zero bounds still draws its whole path. ``strokeStart`` and
/// ``strokeEnd`` stroke part of the path by arc length (a progress ring). ``path``
/// animates between paths of the same structure (the same elements in the same order)
/// point by point, control points included. Where one path has a line or a quadratic curve
/// and the other a cubic curve (moves and closes in the same places), both become cubic
/// curves that draw the same shapes and then animate point by point, as on Apple's
/// platforms; between paths of other structures (another number of elements) it changes
/// half-way.
open class CAShapeLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CAShapeLayer.self }

    /// The path drawn. Defaults to nil. Animatable.
    @CAManaged("path") open var path: CGPath? = nil

    /// The colour the path is filled with; nil fills nothing. Defaults to opaque black.
    /// Animatable.
    @CAManaged("fillColor") open var fillColor: CGColor? = .black

    /// The rule that decides which parts of the path are inside when filling. Defaults to
    /// `.nonZero`.
    @CAManaged("fillRule") open var fillRule: CAShapeLayerFillRule = .nonZero

    /// The colour the path is stroked with; nil strokes nothing. Defaults to nil.
    /// Animatable.
    @CAManaged("strokeColor") open var strokeColor: CGColor? = nil

    /// Where the stroke starts, as a fraction of the path's length in `0...1`. Defaults to
    /// 0. Animatable.
    @CAManaged("strokeStart") open var strokeStart: CGFloat = 0

    /// Where the stroke ends, as a fraction of the path's length in `0...1`. Defaults to 1.
    /// Animatable.
    @CAManaged("strokeEnd") open var strokeEnd: CGFloat = 1

    /// The width of the stroke in points. Defaults to 1. Animatable.
    @CAManaged("lineWidth") open var lineWidth: CGFloat = 1

    /// The limit on the ratio of a miter join's length to the line width, past which the
    /// join is bevelled. Defaults to 10. Animatable.
    @CAManaged("miterLimit") open var miterLimit: CGFloat = 10

    /// The shape of the ends of open subpaths. Defaults to `.butt`.
    @CAManaged("lineCap") open var lineCap: CAShapeLayerLineCap = .butt

    /// The shape of the corners of the stroke. Defaults to `.miter`.
    @CAManaged("lineJoin") open var lineJoin: CAShapeLayerLineJoin = .miter

    /// How far into the dash pattern the stroke starts, in points. Defaults to 0.
    /// Animatable.
    @CAManaged("lineDashPhase") open var lineDashPhase: CGFloat = 0

    /// The lengths of the painted and unpainted segments of the stroke, alternating, in
    /// points; nil draws a solid line. Defaults to nil.
    @CAManaged("lineDashPattern") open var lineDashPattern: [NSNumber]? = nil

    /// Creates a shape layer with Apple's defaults and no path.
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

    /// Apple's defaults for the shape keys, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fillColor": CGColor.black
        case "fillRule": CAShapeLayerFillRule.nonZero
        case "strokeStart": CGFloat(0)
        case "strokeEnd": CGFloat(1)
        case "lineWidth": CGFloat(1)
        case "miterLimit": CGFloat(10)
        case "lineCap": CAShapeLayerLineCap.butt
        case "lineJoin": CAShapeLayerLineJoin.miter
        case "lineDashPhase": CGFloat(0)
        default: super.defaultValue(forKey: key)
        }
    }

    /// The keys a shape layer animates implicitly besides `CALayer`'s (see
    /// ``CALayer/action(forKey:)``).
    static let animatableShapeKeys: Set<String> = [
        "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase",
    ]

    override class func animatesImplicitly(_ key: String) -> Bool {
        animatableShapeKeys.contains(key) || super.animatesImplicitly(key)
    }
}
