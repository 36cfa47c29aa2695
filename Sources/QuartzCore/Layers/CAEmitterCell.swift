import CoreGraphics
import Foundation

/// The definition of one kind of particle a ``CAEmitterLayer`` emits: how many are born a
/// second, how long they live, where they go and how they look; its ``emitterCells``
/// are emitted by each of its particles in turn.
///
/// Same names, types and defaults as Apple's `CAEmitterCell`. A cell's `CAMediaTiming`
/// places its emission in its emitter's time: it emits from ``beginTime`` seconds after
/// its emitter starts (the emitter layer, or the particle that carries it) for
/// ``duration`` seconds (0: as long as the emitter does); Lamina ignores its other timing
/// properties. The layer reads its cells when it is committed: change a cell through the
/// layer's key paths (`emitterCells.<name>.<key>`), or assign the layer's
/// ``CAEmitterLayer/emitterCells`` again, for the change to show.
open class CAEmitterCell: CAMediaTiming {
    /// The cell's name, for finding it by key path. Defaults to nil.
    open var name: String?
    /// Whether the cell emits particles. Defaults to true.
    open var isEnabled: Bool = true

    /// The number of particles emitted each second (multiplied by the layer's
    /// ``CAEmitterLayer/birthRate``). Defaults to 0. Animatable.
    open var birthRate: Float = 0
    /// The seconds each particle lives (multiplied by the layer's
    /// ``CAEmitterLayer/lifetime``). Defaults to 0. Animatable.
    open var lifetime: Float = 0
    /// How far each particle's lifetime may vary either way from ``lifetime``, in seconds.
    /// Defaults to 0. Animatable.
    open var lifetimeRange: Float = 0

    /// The emission direction's angle out of the xy-plane, in radians. Defaults to 0.
    /// Animatable.
    open var emissionLatitude: CGFloat = 0
    /// The emission direction's angle in the xy-plane, from the x-axis towards the y-axis,
    /// in radians. Defaults to 0. Animatable.
    open var emissionLongitude: CGFloat = 0
    /// The angle, in radians, of the cone around the emission direction that particles
    /// are spread uniformly across. Defaults to 0. Animatable.
    open var emissionRange: CGFloat = 0

    /// The initial speed of each particle, in points per second (multiplied by the layer's
    /// ``CAEmitterLayer/velocity``). Defaults to 0. Animatable.
    open var velocity: CGFloat = 0
    /// How far each particle's speed may vary either way from ``velocity``. Defaults to 0.
    /// Animatable.
    open var velocityRange: CGFloat = 0
    /// The x component of the acceleration applied to particles, in points per second².
    /// Defaults to 0. Animatable.
    open var xAcceleration: CGFloat = 0
    /// The y component of the acceleration applied to particles, in points per second².
    /// Defaults to 0. Animatable.
    open var yAcceleration: CGFloat = 0
    /// The z component of the acceleration applied to particles, in points per second².
    /// Defaults to 0. Animatable.
    open var zAcceleration: CGFloat = 0

    /// The scale each particle's contents are drawn at (multiplied by the layer's
    /// ``CAEmitterLayer/scale``). Defaults to 1. Animatable.
    open var scale: CGFloat = 1
    /// How far each particle's scale may vary either way from ``scale``. Defaults to 0.
    /// Animatable.
    open var scaleRange: CGFloat = 0
    /// How much each particle's scale changes each second. Defaults to 0. Animatable.
    open var scaleSpeed: CGFloat = 0

    /// The rotation speed of each particle, in radians per second (multiplied by the
    /// layer's ``CAEmitterLayer/spin``). Defaults to 0. Animatable.
    open var spin: CGFloat = 0
    /// How far each particle's rotation speed may vary either way from ``spin``. Defaults
    /// to 0. Animatable.
    open var spinRange: CGFloat = 0

    /// The colour each particle's contents are multiplied by; nil is white. Defaults to
    /// opaque white. Animatable.
    open var color: CGColor? = .white
    /// How far each particle's red component may vary either way from ``color``'s.
    /// Defaults to 0. Animatable.
    open var redRange: Float = 0
    /// How far each particle's green component may vary either way from ``color``'s.
    /// Defaults to 0. Animatable.
    open var greenRange: Float = 0
    /// How far each particle's blue component may vary either way from ``color``'s.
    /// Defaults to 0. Animatable.
    open var blueRange: Float = 0
    /// How far each particle's alpha may vary either way from ``color``'s. Defaults to 0.
    /// Animatable.
    open var alphaRange: Float = 0
    /// How much each particle's red component changes each second. Defaults to 0. Animatable.
    open var redSpeed: Float = 0
    /// How much each particle's green component changes each second. Defaults to 0.
    /// Animatable.
    open var greenSpeed: Float = 0
    /// How much each particle's blue component changes each second. Defaults to 0.
    /// Animatable.
    open var blueSpeed: Float = 0
    /// How much each particle's alpha changes each second. Defaults to 0. Animatable.
    open var alphaSpeed: Float = 0

    /// The image each particle draws (a `CGImage`; other objects draw nothing). Defaults to
    /// nil. Animatable.
    open var contents: Any?
    /// The part of ``contents`` drawn, in the unit coordinate space of the image. Defaults
    /// to (0, 0, 1, 1). Animatable.
    open var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Pixels of ``contents`` per point. Defaults to 1.
    open var contentsScale: CGFloat = 1
    /// The filter used when drawing the contents smaller than their pixels (a
    /// `CALayerContentsFilter` raw value). Defaults to "linear".
    open var minificationFilter: String = CALayerContentsFilter.linear.rawValue
    /// The filter used when drawing the contents larger than their pixels (a
    /// `CALayerContentsFilter` raw value). Defaults to "linear".
    open var magnificationFilter: String = CALayerContentsFilter.linear.rawValue
    /// The bias of the level of detail for minification. Defaults to 0 (Lamina ignores it).
    open var minificationFilterBias: Float = 0

    /// The cells each particle of this cell emits. Defaults to nil.
    open var emitterCells: [CAEmitterCell]?
    /// Default values for the cell's properties. Defaults to nil.
    open var style: [AnyHashable: Any]?

    /// When the cell starts emitting, in seconds after its emitter starts. Defaults to 0.
    open var beginTime: CFTimeInterval = 0
    /// See `CAMediaTiming`. Defaults to 0 (ignored by Lamina).
    open var timeOffset: CFTimeInterval = 0
    /// See `CAMediaTiming`. Defaults to 0 (ignored by Lamina).
    open var repeatCount: Float = 0
    /// See `CAMediaTiming`. Defaults to 0 (ignored by Lamina).
    open var repeatDuration: CFTimeInterval = 0
    /// How long the cell emits, in seconds; 0 is as long as its emitter does. Defaults to 0.
    open var duration: CFTimeInterval = 0
    /// See `CAMediaTiming`. Defaults to 1 (ignored by Lamina).
    open var speed: Float = 1
    /// See `CAMediaTiming`. Defaults to false (ignored by Lamina).
    open var autoreverses: Bool = false
    /// See `CAMediaTiming`. Defaults to `.removed` (ignored by Lamina).
    open var fillMode: CAMediaTimingFillMode = .removed

    /// Values set by key for keys the cell does not declare.
    var undeclaredValues: [String: Any] = [:]

    /// Creates a cell with Apple's defaults: enabled, emitting nothing (a birth rate and
    /// lifetime of 0), white, unscaled.
    public init() {}

    /// Whether `object` is equal to this emitter cell (`NSObject`'s `isEqual(_:)`, which Apple's
    /// emitter cells inherit): by identity, so two emitter cells with the same property values differ.
    /// `==`, sets and dictionaries use it with ``hash``. A subclass may override it, and must
    /// then override ``hash`` so that equal objects hash alike, as Apple requires. False for
    /// `nil` and for anything that is not a `CAEmitterCell`.
    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAEmitterCell else { return false }
        return other === self
    }

    /// The hash of this emitter cell (`NSObject`'s `hash`): its identity's, matching
    /// ``isEqual(_:)``. Override it with `isEqual(_:)`.
    open var hash: Int { ObjectIdentifier(self).hashValue }

    /// Returns `nil`: Lamina cannot decode archived emitter cells (Linux has no archives of
    /// them).
    ///
    /// Declared so that subclasses written for Apple platforms compile unchanged, whether
    /// they write `required init?(coder: NSCoder) { fatalError("…") }` or call
    /// `super.init(coder: coder)`. As on Apple platforms, a subclass that declares an
    /// initializer of its own must also declare this one.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Returns the value of the cell property `key` (numbers as their Swift type); for any
    /// other key, the value set for it, else ``style``'s, else ``defaultValue(forKey:)``.
    open func value(forKey key: String) -> Any? {
        propertyValue(forKey: key)
    }

    /// Sets the cell property `key` to `value`, numbers of any numeric type converted; a
    /// value of the wrong type (or nil for a non-optional property) is ignored. Any other
    /// key is stored on the cell.
    open func setValue(_ value: Any?, forKey key: String) {
        setPropertyValue(value, forKey: key)
    }

    /// Apple's default value of the cell property `key`; nil for unknown keys.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "enabled", "isEnabled": true
        case "birthRate", "lifetime", "lifetimeRange", "redRange", "greenRange", "blueRange", "alphaRange",
            "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "minificationFilterBias", "repeatCount":
            Float(0)
        case "emissionLatitude", "emissionLongitude", "emissionRange", "velocity", "velocityRange",
            "xAcceleration", "yAcceleration", "zAcceleration", "scaleRange", "scaleSpeed", "spin", "spinRange":
            CGFloat(0)
        case "scale", "contentsScale": CGFloat(1)
        case "color": CGColor.white
        case "contentsRect": CGRect(x: 0, y: 0, width: 1, height: 1)
        case "minificationFilter", "magnificationFilter": CALayerContentsFilter.linear.rawValue
        case "beginTime", "timeOffset", "repeatDuration", "duration": CFTimeInterval(0)
        case "speed": Float(1)
        case "autoreverses": false
        case "fillMode": CAMediaTimingFillMode.removed
        default: nil
        }
    }

    /// Whether the value of `key` would be archived: true for every key (Lamina does not
    /// archive cells).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
}
