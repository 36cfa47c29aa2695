/// One of `CALayer`'s declared properties, named by its key-value coding key.
///
/// The case names are Apple's key-value coding keys (`hidden`, `doubleSided`,
/// `geometryFlipped`, `opaque` rather than the Swift `is…` spellings). What each property
/// is — its type, Apple's default, whether it animates, what a change invalidates — is said
/// once, in ``CALayerStorage`` (type and default) and ``CALayerPropertyTable`` (the rest).
enum CALayerProperty: Int, CaseIterable, Sendable {
    // Geometry
    case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform, geometryFlipped
    case autoresizingMask
    // Appearance
    case name, backgroundColor, opacity, hidden, masksToBounds, doubleSided, cornerRadius, maskedCorners, cornerCurve
    case borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset, shadowColor, shadowPath
    case filters, backgroundFilters, compositingFilter
    // Contents
    case contents, contentsRect, contentsCenter, contentsGravity, contentsScale, minificationFilter
    case magnificationFilter, minificationFilterBias, allowsEdgeAntialiasing, edgeAntialiasingMask
    case allowsGroupOpacity, opaque, needsDisplayOnBoundsChange, drawsAsynchronously, shouldRasterize
    case rasterizationScale
    // Timing
    case beginTime, timeOffset, repeatCount, repeatDuration, duration, speed, autoreverses, fillMode
    // Lookup chains
    case style, actions

    /// The key-value coding key.
    var key: String { Self.keys[rawValue] }

    /// This property's bit in ``CALayerStorage/explicitlySet``.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The property for a key-value coding key (Apple's key or the Swift `is…` spelling).
    static func named(_ key: String) -> CALayerProperty? {
        byKey[key]
    }

    /// Whether an unset value is looked up in the ``CALayer/style`` chain (Apple: every
    /// property but `bounds` and `frame`; `style` itself is not styled).
    var consultsStyle: Bool { self != .bounds && self != .style }

    private static let keys: [String] = allCases.map { "\($0)" }

    private static let byKey: [String: CALayerProperty] = {
        var table = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0) })
        for (swift, apple) in [("isHidden", hidden), ("isDoubleSided", doubleSided), ("isGeometryFlipped", geometryFlipped), ("isOpaque", opaque)] {
            table[swift] = apple
        }
        return table
    }()
}

/// What a property change makes the layer redo.
struct CALayerInvalidation: OptionSet, Sendable {
    let rawValue: UInt8

    /// The layer's sublayers are laid out again (``CALayer/setNeedsLayout()``).
    static let layout = CALayerInvalidation(rawValue: 1)
    /// The layer's snapshot for the compositor changes (it is drawn differently).
    static let render = CALayerInvalidation(rawValue: 2)
    /// The layer's timing changes (its animations' local time).
    static let timing = CALayerInvalidation(rawValue: 4)
}
