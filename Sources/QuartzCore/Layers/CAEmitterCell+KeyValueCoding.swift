import CoreGraphics
import Foundation

/// Key-value coding on emitter cells, and through an emitter layer's key paths
/// (`emitterCells.<name>.<key>`, nested as `emitterCells.<name>.emitterCells.<name>.<key>`).
extension CAEmitterCell {
    /// The value of the cell property `key` (see ``value(forKey:)``).
    func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "enabled", "isEnabled": return isEnabled
        case "birthRate": return birthRate
        case "lifetime": return lifetime
        case "lifetimeRange": return lifetimeRange
        case "emissionLatitude": return emissionLatitude
        case "emissionLongitude": return emissionLongitude
        case "emissionRange": return emissionRange
        case "velocity": return velocity
        case "velocityRange": return velocityRange
        case "xAcceleration": return xAcceleration
        case "yAcceleration": return yAcceleration
        case "zAcceleration": return zAcceleration
        case "scale": return scale
        case "scaleRange": return scaleRange
        case "scaleSpeed": return scaleSpeed
        case "spin": return spin
        case "spinRange": return spinRange
        case "color": return color
        case "redRange": return redRange
        case "greenRange": return greenRange
        case "blueRange": return blueRange
        case "alphaRange": return alphaRange
        case "redSpeed": return redSpeed
        case "greenSpeed": return greenSpeed
        case "blueSpeed": return blueSpeed
        case "alphaSpeed": return alphaSpeed
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "contentsScale": return contentsScale
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "minificationFilterBias": return minificationFilterBias
        case "emitterCells": return emitterCells
        case "style": return style
        case "beginTime": return beginTime
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "duration": return duration
        case "speed": return speed
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        default: return undeclaredValues[key] ?? style?[key] ?? Self.defaultValue(forKey: key)
        }
    }

    /// Sets the cell property `key` (see ``setValue(_:forKey:)``).
    func setPropertyValue(_ value: Any?, forKey key: String) {
        func number<T>(_ convert: (Double) -> T, _ set: (T) -> Void) {
            if let value, let n = CAValueCoercion.number(value) { set(convert(n)) }
        }
        let float = { (n: Double) in Float(n) }
        let cg = { (n: Double) in CGFloat(n) }
        let double = { (n: Double) in n }
        switch key {
        case "name": name = value as? String
        case "enabled", "isEnabled": number({ $0 != 0 }) { isEnabled = $0 }
        case "birthRate": number(float) { birthRate = $0 }
        case "lifetime": number(float) { lifetime = $0 }
        case "lifetimeRange": number(float) { lifetimeRange = $0 }
        case "emissionLatitude": number(cg) { emissionLatitude = $0 }
        case "emissionLongitude": number(cg) { emissionLongitude = $0 }
        case "emissionRange": number(cg) { emissionRange = $0 }
        case "velocity": number(cg) { velocity = $0 }
        case "velocityRange": number(cg) { velocityRange = $0 }
        case "xAcceleration": number(cg) { xAcceleration = $0 }
        case "yAcceleration": number(cg) { yAcceleration = $0 }
        case "zAcceleration": number(cg) { zAcceleration = $0 }
        case "scale": number(cg) { scale = $0 }
        case "scaleRange": number(cg) { scaleRange = $0 }
        case "scaleSpeed": number(cg) { scaleSpeed = $0 }
        case "spin": number(cg) { spin = $0 }
        case "spinRange": number(cg) { spinRange = $0 }
        case "color": if value == nil || value is CGColor { color = value as? CGColor }
        case "redRange": number(float) { redRange = $0 }
        case "greenRange": number(float) { greenRange = $0 }
        case "blueRange": number(float) { blueRange = $0 }
        case "alphaRange": number(float) { alphaRange = $0 }
        case "redSpeed": number(float) { redSpeed = $0 }
        case "greenSpeed": number(float) { greenSpeed = $0 }
        case "blueSpeed": number(float) { blueSpeed = $0 }
        case "alphaSpeed": number(float) { alphaSpeed = $0 }
        case "contents": contents = value
        case "contentsRect": if let rect = value as? CGRect { contentsRect = rect }
        case "contentsScale": number(cg) { contentsScale = $0 }
        case "minificationFilter": if let filter = value as? String { minificationFilter = filter }
        case "magnificationFilter": if let filter = value as? String { magnificationFilter = filter }
        case "minificationFilterBias": number(float) { minificationFilterBias = $0 }
        case "emitterCells": if value == nil || value is [CAEmitterCell] { emitterCells = value as? [CAEmitterCell] }
        case "style": if value == nil || value is [AnyHashable: Any] { style = value as? [AnyHashable: Any] }
        case "beginTime": number(double) { beginTime = $0 }
        case "timeOffset": number(double) { timeOffset = $0 }
        case "repeatCount": number(float) { repeatCount = $0 }
        case "repeatDuration": number(double) { repeatDuration = $0 }
        case "duration": number(double) { duration = $0 }
        case "speed": number(float) { speed = $0 }
        case "autoreverses": number({ $0 != 0 }) { autoreverses = $0 }
        case "fillMode":
            if let mode = value as? CAMediaTimingFillMode {
                fillMode = mode
            } else if let raw = value as? String {
                fillMode = CAMediaTimingFillMode(rawValue: raw)
            }
        default: undeclaredValues[key] = value
        }
    }

    /// The cell named `name` among `cells` (the first one), if any.
    static func named(_ name: Substring, in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        cells?.first { $0.name.map { $0[...] == name } ?? false }
    }

    /// The cell and key a key path below a cell list names (`<name>.<key>`, or
    /// `<name>.emitterCells.<name>.<key>` …); nil when a cell is missing.
    static func resolve(_ components: ArraySlice<Substring>, in cells: [CAEmitterCell]?) -> (CAEmitterCell, String)? {
        guard components.count >= 2, let first = components.first, let cell = named(first, in: cells) else { return nil }
        let rest = components.dropFirst()
        if rest.count == 1, let key = rest.first { return (cell, String(key)) }
        guard rest.first == "emitterCells" else { return nil }
        return resolve(rest.dropFirst(), in: cell.emitterCells)
    }
}

extension CAEmitterLayer {
    /// The cell and key `keyPath` names when it goes through ``emitterCells``
    /// (`emitterCells.<name>.<key>`, …): `.some(nil)` when no cell has that name, nil when
    /// the path does not start with `emitterCells.`.
    func cellKeyPath(_ keyPath: String) -> (cell: CAEmitterCell, key: String)?? {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count > 2, components[0] == "emitterCells" else { return nil }
        return .some(CAEmitterCell.resolve(components.dropFirst(), in: emitterCells).map { (cell: $0.0, key: $0.1) })
    }
}
