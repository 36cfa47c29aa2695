import Foundation

/// Key-value access to a snapshot's animatable values, for animations evaluated by the
/// render server: the `CALayer` key paths of the properties a snapshot holds, with their
/// sub-key paths (`position.x`, `bounds.size.width`, `transform.rotation.z`, …).
extension CARenderLayer {
    // The declared properties it animates (`renderAnimatableLayerKeys`) and their access by
    // key (`value(forRenderKey:)`, `setValue(_:forRenderKey:)`) are generated from
    // `CALayerProperties.txt`; the subclasses' keys are here.

    /// Keys of `CAShapeLayer` (and its subclasses) the render server animates too.
    static let renderAnimatableShapeKeys: Set<String> = [
        "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase", "fillColor", "strokeColor",
    ]
    /// Keys of `CAGradientLayer` (and its subclasses) the render server animates too.
    static let renderAnimatableGradientKeys: Set<String> = ["startPoint", "endPoint"]

    /// Whether the render server can animate `key` of a layer of class `type`.
    static func rendersAnimation(ofKey key: String, for type: CALayer.Type) -> Bool {
        if renderAnimatableLayerKeys.contains(key) { return true }
        if renderAnimatableShapeKeys.contains(key) { return type is CAShapeLayer.Type }
        if renderAnimatableGradientKeys.contains(key) { return type is CAGradientLayer.Type }
        return false
    }

    /// The first component of a key path and the rest ("" when none).
    static func splitKeyPath(_ keyPath: String) -> (key: String, rest: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, "") }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }

    /// The value at `keyPath`, or nil when the snapshot has no such value.
    func animatedValue(forKeyPath keyPath: String) -> Any? {
        let (key, rest) = Self.splitKeyPath(keyPath)
        guard let value = value(forRenderKey: key) else { return nil }
        return rest.isEmpty ? value : CAKeyPathSubkeys.get(value, rest)
    }

    /// Sets the value at `keyPath`; false when the key path or the value's type does not apply.
    mutating func setAnimatedValue(_ newValue: Any, forKeyPath keyPath: String) -> Bool {
        if let set = setFrequentValue(newValue, forKeyPath: keyPath) { return set }
        let (key, rest) = Self.splitKeyPath(keyPath)
        if rest.isEmpty { return setValue(newValue, forRenderKey: key) }
        guard let current = value(forRenderKey: key), let updated = CAKeyPathSubkeys.set(current, rest, to: newValue) else {
            return false
        }
        return setValue(updated, forRenderKey: key)
    }

    /// The key paths animations of moving and fading layers write every frame, set without
    /// splitting the path or boxing the value they change (the same values as the general
    /// path); nil for other key paths and values, which take the general path.
    private mutating func setFrequentValue(_ newValue: Any, forKeyPath keyPath: String) -> Bool? {
        switch keyPath {
        case "opacity", "position.x", "position.y":
            let number: CGFloat
            if let value = newValue as? CGFloat {
                number = value
            } else if let value = newValue as? Double {
                number = CGFloat(value)
            } else {
                return nil
            }
            switch keyPath {
            case "opacity":
                let opacity = Float(number)
                self.opacity = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
            case "position.x": position.x = number
            default: position.y = number
            }
            return true
        case "position":
            guard let point = newValue as? CGPoint else { return nil }
            position = point
            return true
        default:
            return nil
        }
    }

    /// The value of a subclass's key (a shape's or a gradient's), or nil.
    func subclassValue(forRenderKey key: String) -> Any? {
        switch key {
        case "strokeStart": shape?.strokeStart
        case "strokeEnd": shape?.strokeEnd
        case "lineWidth": shape?.lineWidth
        case "miterLimit": shape?.miterLimit
        case "lineDashPhase": shape?.lineDashPhase
        case "fillColor": shape.map { $0.fillColor as Any }
        case "strokeColor": shape.map { $0.strokeColor as Any }
        case "startPoint": gradient?.startPoint
        case "endPoint": gradient?.endPoint
        default: nil
        }
    }

    /// Sets one value of the shape (made usable as ``CARenderShape`` makes every value);
    /// false without a shape or for a value of another type.
    private mutating func setShapeValue(_ value: Any, forKey key: String) -> Bool {
        guard let s = shape else { return false }
        func number() -> CGFloat? { CAValueCoercion.coerce(value, to: CGFloat.self) }
        func color() -> CGColor?? { value is NSNull ? .some(nil) : (value as? CGColor).map { .some($0) } }
        var (start, end, width, miter, phase, fill, stroke) =
            (s.strokeStart, s.strokeEnd, s.lineWidth, s.miterLimit, s.lineDashPhase, s.fillColor, s.strokeColor)
        switch key {
        case "strokeStart": guard let v = number() else { return false }; start = v
        case "strokeEnd": guard let v = number() else { return false }; end = v
        case "lineWidth": guard let v = number() else { return false }; width = v
        case "miterLimit": guard let v = number() else { return false }; miter = v
        case "lineDashPhase": guard let v = number() else { return false }; phase = v
        case "fillColor": guard let v = color() else { return false }; fill = v
        case "strokeColor": guard let v = color() else { return false }; stroke = v
        default: return false
        }
        shape = CARenderShape(
            path: s.path, fillColor: fill, fillRule: s.fillRule, strokeColor: stroke, strokeStart: start, strokeEnd: end,
            lineWidth: width, miterLimit: miter, lineCap: s.lineCap, lineJoin: s.lineJoin, lineDashPhase: phase,
            lineDashPattern: s.lineDashPattern)
        return true
    }

    /// Sets a gradient's start or end point; false without a gradient or for another type.
    private mutating func setGradientPoint(_ value: Any, forKey key: String) -> Bool {
        guard var g = gradient, let point = CAValueCoercion.coerce(value, to: CGPoint.self) else { return false }
        if key == "startPoint" { g.startPoint = point } else { g.endPoint = point }
        gradient = g
        return true
    }

    /// Sets a subclass's key (a shape's or a gradient's); false for other keys and types.
    mutating func setSubclassValue(_ value: Any, forRenderKey key: String) -> Bool {
        switch key {
        case "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase", "fillColor", "strokeColor":
            return setShapeValue(value, forKey: key)
        case "startPoint", "endPoint": return setGradientPoint(value, forKey: key)
        default: return false
        }
    }

    /// Sets a value coerced to its type (and clamped); false for a value of another type.
    mutating func setRenderValue<T>(_ keyPath: WritableKeyPath<CARenderLayer, T>, _ value: Any, clamp: ((T) -> T)? = nil) -> Bool {
        guard let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
        self[keyPath: keyPath] = clamp?(typed) ?? typed
        return true
    }

    /// Sets a colour (`NSNull` clears it); false for a value of another type.
    mutating func setRenderColor(_ keyPath: WritableKeyPath<CARenderLayer, CGColor?>, _ value: Any) -> Bool {
        if value is NSNull {
            self[keyPath: keyPath] = nil
            return true
        }
        guard let color = value as? CGColor else { return false }
        self[keyPath: keyPath] = color
        return true
    }

    /// Changes the snapshot at `path` (indices through `sublayers`) in place where it is not
    /// shared; an invalid path changes nothing.
    mutating func updateNode(at path: ArraySlice<Int>, _ change: (inout CARenderLayer) -> Void) {
        guard let first = path.first else {
            change(&self)
            return
        }
        var sublayers = self.sublayers
        guard first >= 0, first < sublayers.count else { return }
        // Take the array out so the child is uniquely referenced while it changes.
        self.sublayers = []
        sublayers[first].updateNode(at: path.dropFirst(), change)
        self.sublayers = sublayers
    }
}
