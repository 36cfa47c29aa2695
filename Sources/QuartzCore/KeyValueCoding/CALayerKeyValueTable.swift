/// How key-value coding reads and writes one of `CALayer`'s declared properties: through
/// its Swift property, so validation (finite geometry, clamping) and side effects
/// (layout, display, transaction) are the same as for a direct assignment.
@MainActor
struct CALayerPropertyAccessor {
    /// Reads the property.
    let get: (CALayer) -> Any?
    /// Writes the property; `false` when the value has the wrong type.
    let set: (CALayer, Any?) -> Bool
    /// The property's type, for diagnostics.
    let typeName: String

    /// An accessor for a non-optional property: `nil` and values of other types are refused.
    static func value<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T>) -> CALayerPropertyAccessor {
        CALayerPropertyAccessor(
            get: { $0[keyPath: keyPath] },
            set: { layer, value in
                guard let value, let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
                layer[keyPath: keyPath] = typed
                return true
            },
            typeName: String(describing: T.self))
    }

    /// An accessor for an optional property: `nil` clears it.
    static func optional<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T?>) -> CALayerPropertyAccessor {
        CALayerPropertyAccessor(
            get: { $0[keyPath: keyPath] },
            set: { layer, value in
                guard let value else {
                    layer[keyPath: keyPath] = nil
                    return true
                }
                guard let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
                layer[keyPath: keyPath] = typed
                return true
            },
            typeName: "\(T.self)?")
    }
}

/// The declared properties of `CALayer` by key-value coding key.
@MainActor
enum CALayerKeyValueTable {
    /// Swift spellings accepted for Apple's key-value coding keys.
    static let aliases: [String: String] = [
        "isHidden": "hidden", "isDoubleSided": "doubleSided", "isGeometryFlipped": "geometryFlipped",
        "isOpaque": "opaque",
    ]

    /// The canonical key for `key`.
    static func canonical(_ key: String) -> String {
        aliases[key] ?? key
    }

    static let accessors: [String: CALayerPropertyAccessor] = [
        "bounds": .value(\.bounds),
        "position": .value(\.position),
        "frame": .value(\.frame),
        "anchorPoint": .value(\.anchorPoint),
        "anchorPointZ": .value(\.anchorPointZ),
        "zPosition": .value(\.zPosition),
        "transform": .value(\.transform),
        "sublayerTransform": .value(\.sublayerTransform),
        "geometryFlipped": .value(\.isGeometryFlipped),
        "name": .optional(\.name),
        "backgroundColor": .optional(\.backgroundColor),
        "opacity": .value(\.opacity),
        "hidden": .value(\.isHidden),
        "masksToBounds": .value(\.masksToBounds),
        "doubleSided": .value(\.isDoubleSided),
        "cornerRadius": .value(\.cornerRadius),
        "maskedCorners": .value(\.maskedCorners),
        "cornerCurve": .value(\.cornerCurve),
        "borderWidth": .value(\.borderWidth),
        "borderColor": .optional(\.borderColor),
        "shadowOpacity": .value(\.shadowOpacity),
        "shadowRadius": .value(\.shadowRadius),
        "shadowOffset": .value(\.shadowOffset),
        "shadowColor": .optional(\.shadowColor),
        "shadowPath": .optional(\.shadowPath),
        "contentsRect": .value(\.contentsRect),
        "contentsCenter": .value(\.contentsCenter),
        "contentsGravity": .value(\.contentsGravity),
        "contentsScale": .value(\.contentsScale),
        "minificationFilter": .value(\.minificationFilter),
        "magnificationFilter": .value(\.magnificationFilter),
        "minificationFilterBias": .value(\.minificationFilterBias),
        "allowsEdgeAntialiasing": .value(\.allowsEdgeAntialiasing),
        "edgeAntialiasingMask": .value(\.edgeAntialiasingMask),
        "allowsGroupOpacity": .value(\.allowsGroupOpacity),
        "opaque": .value(\.isOpaque),
        "needsDisplayOnBoundsChange": .value(\.needsDisplayOnBoundsChange),
        "drawsAsynchronously": .value(\.drawsAsynchronously),
        "shouldRasterize": .value(\.shouldRasterize),
        "rasterizationScale": .value(\.rasterizationScale),
        "beginTime": .value(\.beginTime),
        "timeOffset": .value(\.timeOffset),
        "repeatCount": .value(\.repeatCount),
        "repeatDuration": .value(\.repeatDuration),
        "duration": .value(\.duration),
        "speed": .value(\.speed),
        "autoreverses": .value(\.autoreverses),
        "fillMode": .value(\.fillMode),
        "style": .optional(\.style),
        "actions": .optional(\.actions),
        "mask": .optional(\.mask),
        "sublayers": .optional(\.sublayers),
        "contents": CALayerPropertyAccessor(
            get: { $0.contents }, set: { layer, value in layer.contents = value; return true }, typeName: "Any?"),
        "superlayer": CALayerPropertyAccessor(get: { $0.superlayer }, set: { _, _ in false }, typeName: "read-only CALayer?"),
    ]
}
