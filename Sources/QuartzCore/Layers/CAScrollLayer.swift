import CoreGraphics
import Foundation

/// A layer that shows part of its sublayers: scrolling changes the origin of its bounds,
/// and so which part of the sublayers' space is at its top-left corner.
///
/// Same names and defaults as Apple's `CAScrollLayer`. Scrolling sets
/// ``CALayer/bounds``, so in a displayed tree it animates implicitly as any bounds change
/// does. Use ``CALayer/masksToBounds`` to hide what lies outside.
open class CAScrollLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CAScrollLayer.self }

    /// The directions the layer scrolls in. Defaults to `.both`.
    @CAManaged("scrollMode") open var scrollMode: CAScrollLayerScrollMode = .both

    /// Creates a scroll layer with Apple's defaults.
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

    /// Apple's default for ``scrollMode``, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "scrollMode" ? CAScrollLayerScrollMode.both : super.defaultValue(forKey: key)
    }

    /// Scrolls so that `p` (in this layer's coordinates) is at the top-left corner of the
    /// bounds, in the directions ``scrollMode`` allows. Non-finite points are ignored.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        switch scrollMode {
        case .both: origin = p
        case .horizontally: origin.x = p.x
        case .vertically: origin.y = p.y
        default: return
        }
        guard origin.x.isFinite, origin.y.isFinite, origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as possible, in the directions ``scrollMode`` allows, to make `r`
    /// (in this layer's coordinates) visible; when `r` is larger than the bounds, its
    /// top-left corner is shown.
    open func scroll(to r: CGRect) {
        let r = r.standardized
        let b = bounds.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
        var origin = b.origin
        if r.maxX > b.maxX { origin.x = r.maxX - b.width }
        if r.minX < origin.x { origin.x = r.minX }
        if r.maxY > b.maxY { origin.y = r.maxY - b.height }
        if r.minY < origin.y { origin.y = r.minY }
        scroll(to: origin)
    }
}
