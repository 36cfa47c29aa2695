// The fidelity harness's runner: a layer tree as text, for looking into a frame that differs
// (LOTTIE_FIDELITY_TREE=1 writes each rendered frame's presentation tree to stderr, =model its
// model tree with the animations' keys).

import QuartzCore

enum LayerTreeDump {
    /// One line per layer (masks marked), indented by depth: class, frame, opacity, hidden, a
    /// transform other than the identity, a shape's path and colours, a gradient's stops and
    /// points, the compositing filter, and the layer's animations.
    static func describe(_ layer: CALayer, depth: Int = 0, role: String = "") -> String {
        let indent = String(repeating: "  ", count: depth)
        var line = "\(indent)\(role)\(type(of: layer)) frame=\(text(layer.frame)) opacity=\(layer.opacity)"
        if layer.isHidden { line += " hidden" }
        if !CATransform3DIsIdentity(layer.transform) { line += " transform=\(text(layer.transform))" }
        if let shape = layer as? CAShapeLayer {
            line += " path=\(shape.path.map { text($0.boundingBoxOfPath) } ?? "nil")"
            line += " fill=\(shape.fillColor.map { "\($0.components ?? [])" } ?? "nil")"
            line += " stroke=\(shape.strokeColor.map { "\($0.components ?? [])" } ?? "nil")"
        }
        if let gradient = layer as? CAGradientLayer {
            line += " \(gradient.type.rawValue) from \(gradient.startPoint) to \(gradient.endPoint)"
            line += " colors=\((gradient.colors ?? []).map { "\(($0 as? CGColor)?.components ?? [])" })"
            line += " locations=\(gradient.locations.map { "\($0.map(\.doubleValue))" } ?? "nil")"
        }
        if let filter = layer.compositingFilter { line += " compositingFilter=\(filter)" }
        for key in layer.animationKeys() ?? [] {
            line += " [\(key): \(layer.animation(forKey: key).map(describe) ?? "")]"
        }
        var lines = [line]
        if let mask = layer.mask { lines.append(describe(mask, depth: depth + 1, role: "mask: ")) }
        for sublayer in layer.sublayers ?? [] {
            lines.append(describe(sublayer, depth: depth + 1))
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ animation: CAAnimation) -> String {
        switch animation {
        case let group as CAAnimationGroup:
            "group(begin \(group.beginTime), duration \(group.duration), offset \(group.timeOffset): "
                + (group.animations ?? []).map(describe).joined(separator: ", ") + ")"
        case let keyframes as CAKeyframeAnimation:
            "keyframes(\(keyframes.keyPath ?? ""), \(keyframes.calculationMode.rawValue), begin \(keyframes.beginTime), duration \(keyframes.duration), "
                + "\(keyframes.values?.count ?? 0) values \(keyframes.values.map { "\($0)" } ?? "nil"), "
                + "keyTimes \(keyframes.keyTimes.map { "\($0.map(\.doubleValue))" } ?? "nil"), "
                + "timingFunctions \(keyframes.timingFunctions.map { "\($0.map(controlPoints))" } ?? "nil")\(keyframes.path != nil ? ", path \(keyframes.path!)" : ""))"
        case let basic as CABasicAnimation:
            "basic(\(basic.keyPath ?? ""), from \(basic.fromValue.map { "\($0)" } ?? "nil") to \(basic.toValue.map { "\($0)" } ?? "nil"))"
        default:
            "\(type(of: animation))"
        }
    }

    /// A timing function's two inner control points, `(c1x, c1y, c2x, c2y)`.
    private static func controlPoints(_ function: CAMediaTimingFunction) -> [Float] {
        [1, 2].flatMap { index -> [Float] in
            guard let point = function.controlPoint(at: index) else { return [] }
            return [point.x, point.y]
        }
    }

    /// A transform's sixteen entries, row by row, rounded to four decimals.
    private static func text(_ t: CATransform3D) -> String {
        let rows = [
            [t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24], [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44],
        ]
        return "[" + rows.map { row in row.map { "\(($0 * 10000).rounded() / 10000)" }.joined(separator: " ") }.joined(separator: "; ") + "]"
    }

    private static func text(_ rect: CGRect) -> String {
        "(\(rect.minX), \(rect.minY), \(rect.width), \(rect.height))"
    }
}
