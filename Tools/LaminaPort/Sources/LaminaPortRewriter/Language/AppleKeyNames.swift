/// Apple's key-value coding keys for Core Animation properties whose Swift name differs: the
/// Objective-C property is named without `is`, and only its getter has it
/// (`@property(getter=isHidden) BOOL hidden`), so `#keyPath(CALayer.isHidden)` is `"hidden"`.
enum AppleKeyNames {
    static let keysBySwiftName: [String: String] = [
        // CALayer (Lamina's property table: Sources/QuartzCore/Properties/CALayerProperties.txt)
        "isHidden": "hidden",
        "isDoubleSided": "doubleSided",
        "isGeometryFlipped": "geometryFlipped",
        "isOpaque": "opaque",
        // CAAnimation and CAPropertyAnimation
        "isRemovedOnCompletion": "removedOnCompletion",
        "isAdditive": "additive",
        "isCumulative": "cumulative",
        // CATextLayer, CAEmitterCell, CADisplayLink
        "isWrapped": "wrapped",
        "isEnabled": "enabled",
        "isPaused": "paused",
    ]

    /// The key for a property's Swift name (the name itself when Apple's key is the same).
    static func key(forSwiftName name: String) -> String { keysBySwiftName[name] ?? name }
}
