extension CALayer {
    /// CALayer's own defaults, Apple's values (see ``defaultValue(forKey:)``), from the
    /// property table; `nil` for keys outside it.
    static func builtInDefaultValue(forKey key: String) -> Any? {
        CALayerPropertyTable.descriptor(forKey: key)?.appleDefault
    }

    /// Answers for keys outside the table, cached per class and key (per thread: the
    /// answers are the class's own, so no thread waits for another's).
    private static let needsDisplayAnswers = ThreadLocal<[ObjectIdentifier: [String: Bool]]>({ [:] })
    /// For each class, the bits of the declared properties whose change redisplays.
    private static let needsDisplayMasks = ThreadLocal<[ObjectIdentifier: UInt64]>({ [:] })

    /// ``needsDisplay(forKey:)`` of `type`, asked once per class and key.
    static func classNeedsDisplay(_ type: CALayer.Type, forKey key: String) -> Bool {
        if let property = CALayerProperty.named(key) { return classNeedsDisplay(type, for: property) }
        let id = ObjectIdentifier(type)
        let answers = needsDisplayAnswers.box
        if let answer = answers.value[id]?[key] { return answer }
        let answer = type.needsDisplay(forKey: key)
        answers.value[id, default: [:]][key] = answer
        return answer
    }

    /// ``needsDisplay(forKey:)`` of `type` for a declared property, from a per-class mask
    /// made once (one hashed lookup per property change).
    @inline(__always)
    static func classNeedsDisplay(_ type: CALayer.Type, for property: CALayerProperty) -> Bool {
        if type == CALayer.self { return false }
        let id = ObjectIdentifier(type)
        let mask: UInt64
        let masks = needsDisplayMasks.box
        if let cached = masks.value[id] {
            mask = cached
        } else {
            mask = CALayerProperty.allCases.reduce(0) { type.needsDisplay(forKey: $1.key) ? $0 | $1.bit : $0 }
            masks.value[id] = mask
        }
        return mask & property.bit != 0
    }
}
