import Foundation

/// The typed values of one layer's properties: every declared `CALayer` property as a
/// stored field whose initial value is Apple's default, which of them were set explicitly,
/// and the keyed values of everything else (undeclared keys, ``CAManaged`` properties).
///
/// A layer starts from its class's prototype (these defaults, changed by the class's
/// ``CALayer/defaultValue(forKey:)``); reading a property is reading its field, unless the
/// layer has a ``CALayer/style`` and the property was never set. Presentation copies keep
/// a second storage: the values of the last commit.
struct CALayerStorage {
    // Geometry
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var zPosition: CGFloat = 0
    var geometryFlipped = false
    // Appearance
    var name: String?
    var backgroundColor: CGColor?
    var opacity: Float = 1
    var hidden = false
    var masksToBounds = false
    var doubleSided = true
    var cornerRadius: CGFloat = 0
    var maskedCorners = CACornerMask.allCorners
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    // Contents
    var contents: Any?
    var allowsGroupOpacity = true
    // Timing
    // Lookup chains
    var style: [String: Any]?

    /// Properties most layers leave at their defaults, kept out of line and shared (copy on
    /// write) so a plain layer, its presentation copy and its class prototype stay small.
    private var rare = CALayerRareValues.Box.appleDefaults

    /// The box of rare values (shared between storages with the same ones).
    var rareBox: CALayerRareValues.Box { rare }

    private mutating func mutateRare(_ change: (inout CALayerRareValues) -> Void) {
        if !isKnownUniquelyReferenced(&rare) { rare = CALayerRareValues.Box(rare.values) }
        change(&rare.values)
    }

    var anchorPointZ: CGFloat {
        get { rare.values.anchorPointZ }
        set { mutateRare { $0.anchorPointZ = newValue } }
    }
    var transform: CATransform3D {
        get { rare.values.transform }
        set { mutateRare { $0.transform = newValue } }
    }
    var sublayerTransform: CATransform3D {
        get { rare.values.sublayerTransform }
        set { mutateRare { $0.sublayerTransform = newValue } }
    }
    var autoresizingMask: CAAutoresizingMask {
        get { rare.values.autoresizingMask }
        set { mutateRare { $0.autoresizingMask = newValue } }
    }
    var cornerCurve: CALayerCornerCurve {
        get { rare.values.cornerCurve }
        set { mutateRare { $0.cornerCurve = newValue } }
    }
    var shadowOpacity: Float {
        get { rare.values.shadowOpacity }
        set { mutateRare { $0.shadowOpacity = newValue } }
    }
    var shadowRadius: CGFloat {
        get { rare.values.shadowRadius }
        set { mutateRare { $0.shadowRadius = newValue } }
    }
    var shadowOffset: CGSize {
        get { rare.values.shadowOffset }
        set { mutateRare { $0.shadowOffset = newValue } }
    }
    var shadowColor: CGColor? {
        get { rare.values.shadowColor }
        set { mutateRare { $0.shadowColor = newValue } }
    }
    var shadowPath: CGPath? {
        get { rare.values.shadowPath }
        set { mutateRare { $0.shadowPath = newValue } }
    }
    var filters: [Any]? {
        get { rare.values.filters }
        set { mutateRare { $0.filters = newValue } }
    }
    var backgroundFilters: [Any]? {
        get { rare.values.backgroundFilters }
        set { mutateRare { $0.backgroundFilters = newValue } }
    }
    var compositingFilter: Any? {
        get { rare.values.compositingFilter }
        set { mutateRare { $0.compositingFilter = newValue } }
    }
    var contentsRect: CGRect {
        get { rare.values.contentsRect }
        set { mutateRare { $0.contentsRect = newValue } }
    }
    var contentsCenter: CGRect {
        get { rare.values.contentsCenter }
        set { mutateRare { $0.contentsCenter = newValue } }
    }
    var contentsGravity: CALayerContentsGravity {
        get { rare.values.contentsGravity }
        set { mutateRare { $0.contentsGravity = newValue } }
    }
    var contentsScale: CGFloat {
        get { rare.values.contentsScale }
        set { mutateRare { $0.contentsScale = newValue } }
    }
    var minificationFilter: CALayerContentsFilter {
        get { rare.values.minificationFilter }
        set { mutateRare { $0.minificationFilter = newValue } }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { rare.values.magnificationFilter }
        set { mutateRare { $0.magnificationFilter = newValue } }
    }
    var minificationFilterBias: Float {
        get { rare.values.minificationFilterBias }
        set { mutateRare { $0.minificationFilterBias = newValue } }
    }
    var allowsEdgeAntialiasing: Bool {
        get { rare.values.allowsEdgeAntialiasing }
        set { mutateRare { $0.allowsEdgeAntialiasing = newValue } }
    }
    var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { rare.values.edgeAntialiasingMask }
        set { mutateRare { $0.edgeAntialiasingMask = newValue } }
    }
    var opaque: Bool {
        get { rare.values.opaque }
        set { mutateRare { $0.opaque = newValue } }
    }
    var needsDisplayOnBoundsChange: Bool {
        get { rare.values.needsDisplayOnBoundsChange }
        set { mutateRare { $0.needsDisplayOnBoundsChange = newValue } }
    }
    var drawsAsynchronously: Bool {
        get { rare.values.drawsAsynchronously }
        set { mutateRare { $0.drawsAsynchronously = newValue } }
    }
    var shouldRasterize: Bool {
        get { rare.values.shouldRasterize }
        set { mutateRare { $0.shouldRasterize = newValue } }
    }
    var rasterizationScale: CGFloat {
        get { rare.values.rasterizationScale }
        set { mutateRare { $0.rasterizationScale = newValue } }
    }
    var beginTime: CFTimeInterval {
        get { rare.values.beginTime }
        set { mutateRare { $0.beginTime = newValue } }
    }
    var timeOffset: CFTimeInterval {
        get { rare.values.timeOffset }
        set { mutateRare { $0.timeOffset = newValue } }
    }
    var repeatCount: Float {
        get { rare.values.repeatCount }
        set { mutateRare { $0.repeatCount = newValue } }
    }
    var repeatDuration: CFTimeInterval {
        get { rare.values.repeatDuration }
        set { mutateRare { $0.repeatDuration = newValue } }
    }
    var duration: CFTimeInterval {
        get { rare.values.duration }
        set { mutateRare { $0.duration = newValue } }
    }
    var speed: Float {
        get { rare.values.speed }
        set { mutateRare { $0.speed = newValue } }
    }
    var autoreverses: Bool {
        get { rare.values.autoreverses }
        set { mutateRare { $0.autoreverses = newValue } }
    }
    var fillMode: CAMediaTimingFillMode {
        get { rare.values.fillMode }
        set { mutateRare { $0.fillMode = newValue } }
    }
    var actions: [String: any CAAction]? {
        get { rare.values.actions }
        set { mutateRare { $0.actions = newValue } }
    }

    /// The declared properties set explicitly (one ``CALayerProperty/bit`` each); the
    /// others read the style chain first.
    var explicitlySet: UInt64 = 0
    /// Values of keys outside the table, by key; an explicit nil is ``CAExplicitNil``.
    var extras: [String: Any] = [:]

    /// Apple's defaults.
    static var appleDefaults: CALayerStorage { CALayerStorage() }

    /// Sets a field and marks its property as set, in one access.
    @inline(__always)
    mutating func set<T>(_ field: WritableKeyPath<CALayerStorage, T>, _ value: T, bit: UInt64) {
        self[keyPath: field] = value
        explicitlySet |= bit
    }

    /// Whether `property` was set explicitly.
    @inline(__always)
    func isSet(_ property: CALayerProperty) -> Bool {
        explicitlySet & property.bit != 0
    }
}

/// The fields of ``CALayerStorage`` that most layers never change, with Apple's defaults.
struct CALayerRareValues {
        var anchorPointZ: CGFloat = 0
        var transform = CATransform3DIdentity
        var sublayerTransform = CATransform3DIdentity
        var autoresizingMask = CAAutoresizingMask()
        var cornerCurve = CALayerCornerCurve.circular
        var shadowOpacity: Float = 0
        var shadowRadius: CGFloat = 3
        var shadowOffset = CGSize(width: 0, height: -3)
        var shadowColor: CGColor? = .black
        var shadowPath: CGPath?
        var filters: [Any]?
        var backgroundFilters: [Any]?
        var compositingFilter: Any?
        var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsGravity = CALayerContentsGravity.resize
        var contentsScale: CGFloat = 1
        var minificationFilter = CALayerContentsFilter.linear
        var magnificationFilter = CALayerContentsFilter.linear
        var minificationFilterBias: Float = 0
        var allowsEdgeAntialiasing = false
        var edgeAntialiasingMask = CAEdgeAntialiasingMask.allEdges
        var opaque = false
        var needsDisplayOnBoundsChange = false
        var drawsAsynchronously = false
        var shouldRasterize = false
        var rasterizationScale: CGFloat = 1
        var beginTime: CFTimeInterval = 0
        var timeOffset: CFTimeInterval = 0
        var repeatCount: Float = 0
        var repeatDuration: CFTimeInterval = 0
        var duration: CFTimeInterval = 0
        var speed: Float = 1
        var autoreverses = false
        var fillMode = CAMediaTimingFillMode.removed
        var actions: [String: any CAAction]?

    /// Shared rare values; mutated only while uniquely referenced (``CALayerStorage``
    /// copies it first otherwise).
    final class Box: @unchecked Sendable {
        var values: CALayerRareValues

        init(_ values: CALayerRareValues) { self.values = values }

        /// The one box of Apple's defaults that every new layer starts with.
        static let appleDefaults = Box(CALayerRareValues())
    }
}

/// A ``CALayerStorage`` held by reference, for values most layers do not have.
final class CALayerStorageBox {
    let storage: CALayerStorage

    init(_ storage: CALayerStorage) { self.storage = storage }
}
