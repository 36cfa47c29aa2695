import CoreGraphics
import Foundation

/// A layer that fills its bounds with a colour gradient, above its background and below
/// its contents and sublayers.
///
/// Same names, defaults and animatable keys as Apple's `CAGradientLayer`. Points are in
/// the unit coordinate space of the bounds: (0, 0) is the top-left corner, (1, 1) the
/// bottom-right. The gradient is clipped to the bounds, rounded by
/// ``CALayer/cornerRadius``. ``colors`` and ``locations`` animate element by element
/// between arrays of the same length; arrays of different lengths change half-way.
///
/// As on Apple's platforms, the colours are mixed in Generic RGB (a 1.8 power, a gamut a
/// little smaller than sRGB's), as Core Graphics draws a gradient made without a colour space:
/// in-between colours are lighter than an sRGB mix, and saturated sRGB colours outside that
/// gamut are drawn clamped to it even at their own stops (sRGB blue draws as about
/// (5, 50, 255)). Apple's renders of real gradient layers show exactly this.
open class CAGradientLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CAGradientLayer.self }

    /// The colours of the gradient stops, as `CGColor`s; other elements are ignored. nil or
    /// empty draws nothing. Defaults to nil. Animatable.
    @CAManaged("colors") open var colors: [Any]? = nil

    /// Where each colour stop lies, from 0 to 1, in increasing order; nil spreads the stops
    /// evenly. Used only when it has one location per colour (otherwise the stops are
    /// spread evenly). Defaults to nil. Animatable.
    @CAManaged("locations") open var locations: [NSNumber]? = nil

    /// Where the gradient starts, in the unit coordinate space of the bounds. Defaults to
    /// (0.5, 0). Animatable.
    @CAManaged("startPoint") open var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)

    /// Where the gradient ends, in the unit coordinate space of the bounds. Defaults to
    /// (0.5, 1). Animatable.
    @CAManaged("endPoint") open var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)

    /// The kind of gradient drawn. Defaults to `.axial`.
    @CAManaged("type") open var type: CAGradientLayerType = .axial

    /// Creates a gradient layer with Apple's defaults and no colours.
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

    /// Apple's defaults for the gradient keys, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "startPoint": CGPoint(x: 0.5, y: 0)
        case "endPoint": CGPoint(x: 0.5, y: 1)
        case "type": CAGradientLayerType.axial
        default: super.defaultValue(forKey: key)
        }
    }

    /// The keys a gradient layer animates implicitly besides `CALayer`'s (see
    /// ``CALayer/action(forKey:)``).
    static let animatableGradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]

    override class func animatesImplicitly(_ key: String) -> Bool {
        animatableGradientKeys.contains(key) || super.animatesImplicitly(key)
    }
}
