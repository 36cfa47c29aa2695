/// `CAMediaTiming` on layers: each layer maps its superlayer's time to its own, for itself
/// and every animation attached to it or beneath it (Core Animation's hierarchical timing).
///
/// The root layer's parent time is the media time (`CACurrentMediaTime()`). A layer's local
/// time is `t = (tp − beginTime) × speed + timeOffset`; an animation's `beginTime` is in
/// its layer's local time. `speed = 0` with a `timeOffset` pauses the layer and everything
/// beneath it at that time. A layer with a `duration` above 0 also repeats, reverses and
/// fills like an animation (its local time is clamped to its active period); with the
/// default duration of 0 its time runs forever.
extension CALayer: CAMediaTiming {

    func setTiming(
        _ property: CALayerProperty, _ field: WritableKeyPath<CALayerStorage, CFTimeInterval>, _ value: CFTimeInterval,
        allowsInfinity: Bool = false, allowsNegative: Bool = true
    ) {
        let key = property.key
        guard !value.isNaN, allowsInfinity || value.isFinite else {
            diagnose(.nonFiniteValue, "\(key) \(value) is not finite; the change is ignored")
            return
        }
        guard allowsNegative || value >= 0 else {
            diagnose(.invalidValue, "\(key) \(value) must be 0 or more; the change is ignored")
            return
        }
        write(property, field, value)
    }

    // MARK: - Converting time

    /// The layer's own timing values as one value (a duration of 0 stays 0: forever).
    var layerTimingParameters: CAMediaTimingParameters {
        var p = CAMediaTimingParameters()
        p.beginTime = beginTime
        p.timeOffset = timeOffset
        p.repeatCount = repeatCount
        p.repeatDuration = repeatDuration
        p.duration = duration
        p.speed = speed
        p.autoreverses = autoreverses
        p.fillMode = fillMode
        return p
    }

    /// The ancestors from the root down to this layer (a mask's owner is its parent).
    var timingChain: [CALayer] {
        var chain: [CALayer] = [self]
        var steps = 0
        while let parent = chain[chain.count - 1].geometricParent, steps < 100_000 {
            chain.append(parent)
            steps += 1
        }
        return chain.reversed()
    }

    /// Media time → this layer's local time, through every ancestor.
    func localTime(fromMedia media: CFTimeInterval) -> CFTimeInterval {
        var mapping = CALayerTimeMapping(media: media)
        return mapping.localTime(of: self)
    }

    /// This layer's local time → media time, through every ancestor (a paused layer maps
    /// every time to the moment its time stopped at: its `beginTime` in parent time).
    func mediaTime(fromLocal local: CFTimeInterval) -> CFTimeInterval {
        timingChain.reversed().reduce(local) { time, layer in layer.layerTimingParameters.parentTime(fromLocal: time) }
    }

    /// Parent time → this layer's local time; a plain layer that never set a timing property
    /// maps time unchanged (`(t − 0) × 1 + 0`), without reading its timing.
    func localTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
        if storage.explicitlySet & CALayer.timingPropertyBits == 0, storage.style == nil, Swift.type(of: self) == CALayer.self {
            return parentTime
        }
        return CALayer.localTime(parentTime, through: layerTimingParameters)
    }

    /// The bits of the timing properties (``CALayerProperty/bit``).
    static let timingPropertyBits: UInt64 = CALayerPropertyTable.bits(invalidating: .timing)

    /// One layer's step: parent time → local time (repeating and clamping only when the
    /// layer has a duration).
    nonisolated static func localTime(_ parentTime: CFTimeInterval, through timing: CAMediaTimingParameters) -> CFTimeInterval {
        guard timing.duration > 0, timing.duration.isFinite else { return timing.localTime(fromParent: parentTime) }
        switch timing.state(atParentTime: parentTime) {
        case .active(let progress, _): return progress * timing.duration
        case .inactive: return timing.activeTime(fromParent: parentTime) < 0 ? 0 : timing.duration
        }
    }
}

/// Media time → local time for many layers of one tree at one media time, each layer's
/// time computed once (a frame evaluates or advances many layers under shared ancestors).
struct CALayerTimeMapping {
    /// The media time being mapped.
    let media: CFTimeInterval
    private var times: [ObjectIdentifier: CFTimeInterval] = [:]

    init(media: CFTimeInterval) {
        self.media = media
    }

    /// The local time of `layer` (the media time for nil: a root's parent).
    mutating func localTime(of layer: CALayer?) -> CFTimeInterval {
        guard let layer else { return media }
        if let known = times[ObjectIdentifier(layer)] { return known }
        // The common case: the superlayer's time is known (or it is a root).
        let parentTime: CFTimeInterval?
        if let parent = layer.geometricParent {
            parentTime = times[ObjectIdentifier(parent)]
        } else {
            parentTime = media
        }
        if let parentTime {
            let time = layer.localTime(fromParent: parentTime)
            times[ObjectIdentifier(layer)] = time
            return time
        }
        // The ancestors whose times are not known yet, nearest first.
        var pending = [layer]
        var above = layer.geometricParent
        var start = media
        while let ancestor = above, pending.count < 100_000 {
            if let known = times[ObjectIdentifier(ancestor)] {
                start = known
                break
            }
            pending.append(ancestor)
            above = ancestor.geometricParent
        }
        var time = start
        for current in pending.reversed() {
            time = current.localTime(fromParent: time)
            times[ObjectIdentifier(current)] = time
        }
        return time
    }
}
