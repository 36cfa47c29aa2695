/// What the table says of each property beyond its case (generated from
/// `CALayerProperties.txt` with the enum): its key, its bit, its lookup by key.
extension CALayerProperty {
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
        for (swift, apple) in swiftSpellings { table[swift] = apple }
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
