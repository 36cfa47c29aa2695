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
    var anchorPointZ: CGFloat = 0
    var zPosition: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
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
    var cornerCurve = CALayerCornerCurve.circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowRadius: CGFloat = 3
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowColor: CGColor? = .black
    var shadowPath: CGPath?
    // Contents
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = CALayerContentsGravity.resize
    var contentsScale: CGFloat = 1
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var allowsEdgeAntialiasing = false
    var edgeAntialiasingMask = CAEdgeAntialiasingMask.allEdges
    var allowsGroupOpacity = true
    var opaque = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    // Timing
    var beginTime: CFTimeInterval = 0
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
    // Lookup chains
    var style: [String: Any]?
    var actions: [String: any CAAction]?

    /// The declared properties set explicitly (one ``CALayerProperty/bit`` each); the
    /// others read the style chain first.
    var explicitlySet: UInt64 = 0
    /// Values of keys outside the table, by key; an explicit nil is ``CAExplicitNil``.
    var extras: [String: Any] = [:]

    /// Apple's defaults.
    static var appleDefaults: CALayerStorage { CALayerStorage() }

    /// Whether `property` was set explicitly.
    @inline(__always)
    func isSet(_ property: CALayerProperty) -> Bool {
        explicitlySet & property.bit != 0
    }
}
