extension CALayer {
    /// CALayer's own defaults, Apple's values (see ``defaultValue(forKey:)``), from the
    /// property table; `nil` for keys outside it.
    static func builtInDefaultValue(forKey key: String) -> Any? {
        CALayerPropertyTable.descriptor(forKey: key)?.appleDefault
    }

    /// Answers for keys outside the table, cached per class and key.
    private static var needsDisplayAnswers: [ObjectIdentifier: [String: Bool]] = [:]
    /// For each class, the bits of the declared properties whose change redisplays.
    private static var needsDisplayMasks: [ObjectIdentifier: UInt64] = [:]

    /// ``needsDisplay(forKey:)`` of `type`, asked once per class and key.
    static func classNeedsDisplay(_ type: CALayer.Type, forKey key: String) -> Bool {
        if let property = CALayerProperty.named(key) { return classNeedsDisplay(type, for: property) }
        let id = ObjectIdentifier(type)
        if let answer = needsDisplayAnswers[id]?[key] { return answer }
        let answer = type.needsDisplay(forKey: key)
        needsDisplayAnswers[id, default: [:]][key] = answer
        return answer
    }

    /// ``needsDisplay(forKey:)`` of `type` for a declared property, from a per-class mask
    /// made once (one hashed lookup per property change).
    @inline(__always)
    static func classNeedsDisplay(_ type: CALayer.Type, for property: CALayerProperty) -> Bool {
        if type == CALayer.self { return false }
        let id = ObjectIdentifier(type)
        let mask: UInt64
        if let cached = needsDisplayMasks[id] {
            mask = cached
        } else {
            mask = CALayerProperty.allCases.reduce(0) { type.needsDisplay(forKey: $1.key) ? $0 | $1.bit : $0 }
            needsDisplayMasks[id] = mask
        }
        return mask & property.bit != 0
    }
}
