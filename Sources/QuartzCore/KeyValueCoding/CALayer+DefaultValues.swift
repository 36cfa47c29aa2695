extension CALayer {
    /// CALayer's own defaults, Apple's values (see ``defaultValue(forKey:)``).
    static func builtInDefaultValue(forKey key: String) -> Any? {
        switch key {
        case "anchorPoint": CGPoint(x: 0.5, y: 0.5)
        case "anchorPointZ", "zPosition", "cornerRadius", "borderWidth": CGFloat(0)
        case "bounds": CGRect.zero
        case "position": CGPoint.zero
        case "transform", "sublayerTransform": CATransform3DIdentity
        case "opacity": Float(1)
        case "shadowOpacity", "minificationFilterBias": Float(0)
        case "hidden", "masksToBounds", "geometryFlipped", "opaque", "allowsEdgeAntialiasing",
            "needsDisplayOnBoundsChange", "drawsAsynchronously", "shouldRasterize":
            false
        case "doubleSided", "allowsGroupOpacity": true
        case "maskedCorners": CACornerMask.allCorners
        case "cornerCurve": CALayerCornerCurve.circular
        case "borderColor", "shadowColor": CGColor.black
        case "shadowRadius": CGFloat(3)
        case "shadowOffset": CGSize(width: 0, height: -3)
        case "contentsRect", "contentsCenter": CGRect(x: 0, y: 0, width: 1, height: 1)
        case "contentsGravity": CALayerContentsGravity.resize
        case "contentsScale", "rasterizationScale": CGFloat(1)
        case "minificationFilter", "magnificationFilter": CALayerContentsFilter.linear
        case "edgeAntialiasingMask": CAEdgeAntialiasingMask.allEdges
        case "beginTime", "timeOffset", "repeatDuration", "duration": CFTimeInterval(0)
        case "repeatCount": Float(0)
        case "speed": Float(1)
        case "autoreverses": false
        case "fillMode": CAMediaTimingFillMode.removed
        default: nil
        }
    }

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
