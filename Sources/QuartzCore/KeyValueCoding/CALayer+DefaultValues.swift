extension CALayer {
    /// CALayer's own defaults, Apple's values (see ``defaultValue(forKey:)``).
    static func builtInDefaultValue(forKey key: String) -> Any? {
        builtInDefaults[key]
    }

    /// The table behind ``builtInDefaultValue(forKey:)`` (a hashed lookup: every unset
    /// property read ends here, many times per frame).
    private static let builtInDefaults: [String: Any] = {
        var table: [String: Any] = [
            "anchorPoint": CGPoint(x: 0.5, y: 0.5),
            "bounds": CGRect.zero,
            "position": CGPoint.zero,
            "opacity": Float(1),
            "maskedCorners": CACornerMask.allCorners,
            "cornerCurve": CALayerCornerCurve.circular,
            "shadowRadius": CGFloat(3),
            "shadowOffset": CGSize(width: 0, height: -3),
            "contentsGravity": CALayerContentsGravity.resize,
            "edgeAntialiasingMask": CAEdgeAntialiasingMask.allEdges,
            "repeatCount": Float(0),
            "speed": Float(1),
            "autoreverses": false,
            "fillMode": CAMediaTimingFillMode.removed,
        ]
        for key in ["anchorPointZ", "zPosition", "cornerRadius", "borderWidth"] { table[key] = CGFloat(0) }
        for key in ["transform", "sublayerTransform"] { table[key] = CATransform3DIdentity }
        for key in ["shadowOpacity", "minificationFilterBias"] { table[key] = Float(0) }
        for key in [
            "hidden", "masksToBounds", "geometryFlipped", "opaque", "allowsEdgeAntialiasing",
            "needsDisplayOnBoundsChange", "drawsAsynchronously", "shouldRasterize",
        ] { table[key] = false }
        for key in ["doubleSided", "allowsGroupOpacity"] { table[key] = true }
        for key in ["borderColor", "shadowColor"] { table[key] = CGColor.black }
        for key in ["contentsRect", "contentsCenter"] { table[key] = CGRect(x: 0, y: 0, width: 1, height: 1) }
        for key in ["contentsScale", "rasterizationScale"] { table[key] = CGFloat(1) }
        for key in ["minificationFilter", "magnificationFilter"] { table[key] = CALayerContentsFilter.linear }
        for key in ["beginTime", "timeOffset", "repeatDuration", "duration"] { table[key] = CFTimeInterval(0) }
        return table
    }()

    /// Answers cached per class and key.
    private static var needsDisplayAnswers: [ObjectIdentifier: [String: Bool]] = [:]

    /// ``needsDisplay(forKey:)`` of `type`, asked once per class and key.
    static func classNeedsDisplay(_ type: CALayer.Type, forKey key: String) -> Bool {
        let id = ObjectIdentifier(type)
        if let answer = needsDisplayAnswers[id]?[key] { return answer }
        let answer = type.needsDisplay(forKey: key)
        needsDisplayAnswers[id, default: [:]][key] = answer
        return answer
    }
}
