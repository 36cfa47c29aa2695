import CoreGraphics
import Foundation

extension CALayer {
    /// Adds to a snapshot's values what a layer subclass draws besides `CALayer`'s
    /// properties (a shape, a gradient, replicated instances, a transform layer's 3D space,
    /// an emitter's particles).
    func addSubclassRenderValues(to values: inout CARenderLayer.Values, geometryFlipped flipped: Bool) {
        if let shape = self as? CAShapeLayer {
            attachKeptPayload(\.shape, at: \.shape, to: &values) { kept, made in shape.renderShape(reusing: kept, keeping: &made) }
        } else if let gradient = self as? CAGradientLayer {
            values[rare: \.gradient] = gradient.renderGradient
        } else if let replicator = self as? CAReplicatorLayer {
            values[rare: \.replicator] = replicator.renderReplicator(sublayers: &values.sublayers, geometryFlipped: flipped)
        } else if self is CATransformLayer {
            values[rare: \.isTransformLayer] = true
        } else if let text = self as? CATextLayer {
            attachKeptPayload(\.text, at: \.text, to: &values) { _, _ in text.renderText }
        } else if let emitter = self as? CAEmitterLayer {
            values[rare: \.emitter] = emitter.renderEmitter
        }
    }

    /// Sets the payload `make` makes from the layer's keys outside the table in the
    /// snapshot's rare values (at `rareField`). A presentation copy keeps the payload while
    /// those keys stay as they were: a text or shape layer that only moves or fades reads and
    /// converts its string, font, path and colours once, not every frame. It also keeps the
    /// rare values it set the payload in, shared again while they would be made from the same
    /// shared rare values and the same payload (no copy each frame, and the renderer's check
    /// that the layer looks the same finds the very same values). A layer whose snapshot reads
    /// its getters (an app's subclass, a style) makes the payload each time. `make` gets the
    /// payloads kept so far (to reuse what did not change) and the ones being made (to keep
    /// more than the payload).
    private func attachKeptPayload<Payload>(
        _ field: WritableKeyPath<SubclassPayloads, Payload?>, at rareField: WritableKeyPath<CARenderLayer.RareValues, Payload?>,
        to values: inout CARenderLayer.Values, _ make: (_ kept: SubclassPayloads?, _ made: inout SubclassPayloads) -> Payload?
    ) {
        let revision = storage.extrasRevision
        var made = SubclassPayloads(revision: revision)
        guard isPresentationCopy, snapshotReadsStorage else {
            values[rare: rareField] = make(nil, &made)
            return
        }
        let kept = renderCache.keptValues()
        let payload: Payload?
        if let payloads = kept.payloads, payloads.revision == revision {
            payload = payloads[keyPath: field]
        } else {
            payload = make(kept.payloads, &made)
            made[keyPath: field] = payload
            kept.payloads = made
        }
        let base = values.rare
        if let last = kept.rareWithPayload, last.base === base, last.revision == revision {
            values.rare = last.values
            return
        }
        values[rare: rareField] = payload
        kept.rareWithPayload = (base, revision, values.rare)
    }
}

/// A subclass's snapshot payload as made from its keys outside the table at one revision of
/// them (``CALayerStorage/extrasRevision``).
struct SubclassPayloads {
    var revision: UInt64
    var shape: CARenderShape?
    var text: CARenderText?
    /// An unchanging copy of the path the kept shape's path was converted from: a shape
    /// whose other keys change (a progress ring's `strokeEnd`) keeps its converted path
    /// while its path stays equal (compared in constant time while the two share elements).
    var shapeSource: CGPath?
}

extension CAShapeLayer {
    /// What the renderer draws for this layer (nil without a path), with the path converted
    /// for `kept` when the path is still equal to the one it was converted from; the path
    /// converted is kept in `made`.
    func renderShape(reusing kept: SubclassPayloads?, keeping made: inout SubclassPayloads) -> CARenderShape? {
        guard snapshotReadsStorage else { return renderShapeFromGetters }
        if let kept, let keptShape = kept.shape, let source = kept.shapeSource,
            kept.revision == storage.extrasRevisionBeforeLastSet, let key = storage.extrasLastSetKey,
            let shape = updatedShape(keptShape, from: source, readingAgain: key)
        {
            // One key set since the kept shape was made: only it is read (and the path
            // compared, which the app may have changed in place).
            made.shapeSource = kept.shapeSource
            return shape
        }
        var read = CAStoredManagedValues(self)
        let path: CGPath? = read("path", nil)
        guard let path, !path.isEmpty else { return read.failed ? renderShapeFromGetters : nil }
        let converted: CARenderPath
        if let source = kept?.shapeSource, let keptShape = kept?.shape, source == path {
            converted = keptShape.path
        } else {
            converted = CARenderPath(path)
        }
        made.shapeSource = path.copy()
        let untouched = Self.untouchedRenderShape
        let shape = CARenderShape(
            path: converted, fillColor: read("fillColor", untouched.fillColor),
            fillRule: read("fillRule", untouched.fillRule), strokeColor: read("strokeColor", untouched.strokeColor),
            strokeStart: read("strokeStart", untouched.strokeStart), strokeEnd: read("strokeEnd", untouched.strokeEnd),
            lineWidth: read("lineWidth", untouched.lineWidth), miterLimit: read("miterLimit", untouched.miterLimit),
            lineCap: read("lineCap", untouched.lineCap), lineJoin: read("lineJoin", untouched.lineJoin),
            lineDashPhase: read("lineDashPhase", untouched.lineDashPhase),
            lineDashPattern: (read("lineDashPattern", nil as [NSNumber]?) ?? []).map { CGFloat($0.doubleValue) })
        return read.failed ? renderShapeFromGetters : shape
    }

    /// `shape` (made from the path `source`) with the stored value of `key` read again, for
    /// the keys a shape animates most (the part stroked, the line width, the colours); nil
    /// for another key, a value stored with another type, or a path no longer equal to `source`.
    private func updatedShape(_ shape: CARenderShape, from source: CGPath, readingAgain key: String) -> CARenderShape? {
        let untouched = Self.untouchedRenderShape
        var read = CAStoredManagedValues(self)
        guard let path: CGPath = read("path", nil), path == source else { return nil }
        var (strokeStart, strokeEnd, lineWidth) = (shape.strokeStart, shape.strokeEnd, shape.lineWidth)
        var (fillColor, strokeColor) = (shape.fillColor, shape.strokeColor)
        switch key {
        case "strokeStart": strokeStart = read(key, untouched.strokeStart)
        case "strokeEnd": strokeEnd = read(key, untouched.strokeEnd)
        case "lineWidth": lineWidth = read(key, untouched.lineWidth)
        case "fillColor": fillColor = read(key, untouched.fillColor)
        case "strokeColor": strokeColor = read(key, untouched.strokeColor)
        default: return nil
        }
        guard !read.failed else { return nil }
        // Made again through the initializer, which clamps what it is given.
        return CARenderShape(
            path: shape.path, fillColor: fillColor, fillRule: shape.fillRule, strokeColor: strokeColor,
            strokeStart: strokeStart, strokeEnd: strokeEnd, lineWidth: lineWidth, miterLimit: shape.miterLimit,
            lineCap: shape.lineCap, lineJoin: shape.lineJoin, lineDashPhase: shape.lineDashPhase,
            lineDashPattern: shape.lineDashPattern)
    }

    /// What the renderer draws, as the getters answer (an app's subclass, a styled layer).
    private var renderShapeFromGetters: CARenderShape? {
        guard let path, !path.isEmpty else { return nil }
        return renderShape(drawing: CARenderPath(path))
    }

    /// `path` drawn with the other values as the getters answer them.
    private func renderShape(drawing path: CARenderPath) -> CARenderShape {
        CARenderShape(
            path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
            strokeStart: strokeStart, strokeEnd: strokeEnd, lineWidth: lineWidth, miterLimit: miterLimit,
            lineCap: lineCap, lineJoin: lineJoin, lineDashPhase: lineDashPhase,
            lineDashPattern: (lineDashPattern ?? []).map { CGFloat($0.doubleValue) })
    }

    /// What an untouched `CAShapeLayer` draws besides its (missing) path: the values its
    /// unset keys read.
    private static let untouchedRenderShape = CAShapeLayer().renderShape(drawing: CARenderPath(elements: []))
}

extension CAGradientLayer {
    /// What the renderer draws for this layer; nil without colours.
    var renderGradient: CARenderGradient? {
        let stops = (colors ?? []).prefix(CARenderGradient.maximumStopCount).compactMap { $0 as? CGColor }
        guard !stops.isEmpty else { return nil }
        return CARenderGradient(
            colors: stops, locations: locations?.map { CGFloat($0.doubleValue) }, startPoint: startPoint,
            endPoint: endPoint, type: type)
    }
}
