import CoreGraphics
import Foundation

/// A layer that draws its sublayers several times: each copy (instance) transformed,
/// tinted and time-shifted a step further than the one before.
///
/// Same names, defaults and animatable keys as Apple's `CAReplicatorLayer`. Instance 0
/// is the sublayers as they are (tinted by ``instanceColor``); instance *i* is transformed
/// by ``instanceTransform`` applied *i* times (around the anchor point, like
/// ``CALayer/sublayerTransform``), tinted by ``instanceColor`` plus *i* times the colour
/// offsets, and shows the sublayers' animations ``instanceDelay`` × *i* seconds earlier.
/// Lamina draws at most ``maximumInstanceCount`` instances, and time-shifts at most
/// ``maximumDelayedInstanceCount`` of them (later ones show the unshifted animations).
open class CAReplicatorLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CAReplicatorLayer.self }

    /// The most instances drawn (larger counts draw this many).
    public nonisolated static let maximumInstanceCount = 10_000
    /// The most instances drawn with their own time shift (each one re-evaluates the
    /// sublayers' animations).
    public nonisolated static let maximumDelayedInstanceCount = 256

    /// The number of copies of the sublayers drawn, the sublayers themselves included; 0 or
    /// less draws none. Defaults to 1.
    @CAManaged("instanceCount") open var instanceCount: Int = 1

    /// Whether the instances keep their depth (3D) instead of being flattened into the
    /// layer's plane: when true, every instance's sublayers are drawn back to front by their
    /// depth in the layer's space, across instances, as a `CATransformLayer`'s sublayers are.
    /// Defaults to false (each instance drawn over the ones before it).
    @CAManaged("preservesDepth") open var preservesDepth: Bool = false

    /// The delay in seconds between the animations of one instance and the next. Defaults
    /// to 0. Animatable.
    @CAManaged("instanceDelay") open var instanceDelay: CFTimeInterval = 0

    /// The transform from one instance to the next, applied around the layer's anchor
    /// point. Defaults to the identity transform. Animatable.
    @CAManaged("instanceTransform") open var instanceTransform: CATransform3D = CATransform3DIdentity

    /// The colour the first instance is multiplied by; nil is white. Defaults to opaque
    /// white. Animatable.
    @CAManaged("instanceColor") open var instanceColor: CGColor? = .white

    /// The amount added to the red component of the colour of each instance after the
    /// first. Defaults to 0. Animatable.
    @CAManaged("instanceRedOffset") open var instanceRedOffset: Float = 0

    /// The amount added to the green component of the colour of each instance after the
    /// first. Defaults to 0. Animatable.
    @CAManaged("instanceGreenOffset") open var instanceGreenOffset: Float = 0

    /// The amount added to the blue component of the colour of each instance after the
    /// first. Defaults to 0. Animatable.
    @CAManaged("instanceBlueOffset") open var instanceBlueOffset: Float = 0

    /// The amount added to the alpha component of the colour of each instance after the
    /// first. Defaults to 0. Animatable.
    @CAManaged("instanceAlphaOffset") open var instanceAlphaOffset: Float = 0

    /// Creates a replicator layer with Apple's defaults: one instance, no change between
    /// instances.
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

    /// Apple's defaults for the replicator keys, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "instanceCount": 1
        case "preservesDepth": false
        case "instanceDelay": CFTimeInterval(0)
        case "instanceTransform": CATransform3DIdentity
        case "instanceColor": CGColor.white
        case "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset": Float(0)
        default: super.defaultValue(forKey: key)
        }
    }

    /// The keys a replicator layer animates implicitly besides `CALayer`'s (see
    /// ``CALayer/action(forKey:)``).
    static let animatableReplicatorKeys: Set<String> = [
        "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset",
    ]

    override class func animatesImplicitly(_ key: String) -> Bool {
        animatableReplicatorKeys.contains(key) || super.animatesImplicitly(key)
    }
}
