import CoreGraphics
import Foundation

extension CALayer {
    /// Adds to a snapshot's values what a layer subclass draws besides `CALayer`'s
    /// properties (a shape, a gradient, replicated instances, a transform layer's 3D space,
    /// an emitter's particles).
    func addSubclassRenderValues(to values: inout CARenderLayer.Values, contentsAreFlipped flipped: Bool) {
        if let shape = self as? CAShapeLayer {
            values[rare: \.shape] = keptPayload(\.shape) { shape.renderShape }
        } else if let gradient = self as? CAGradientLayer {
            values[rare: \.gradient] = gradient.renderGradient
        } else if let replicator = self as? CAReplicatorLayer {
            values[rare: \.replicator] = replicator.renderReplicator(sublayers: &values.sublayers, contentsAreFlipped: flipped)
        } else if self is CATransformLayer {
            values[rare: \.isTransformLayer] = true
        } else if let text = self as? CATextLayer {
            values[rare: \.text] = keptPayload(\.text) { text.renderText }
        } else if let emitter = self as? CAEmitterLayer {
            values[rare: \.emitter] = emitter.renderEmitter
        }
    }

    /// The payload `make` makes from the layer's keys outside the table, kept by a
    /// presentation copy while they stay as they were: a text or shape layer that only moves
    /// or fades reads and converts its string, font, path and colours once, not every frame.
    /// A layer whose snapshot reads its getters (an app's subclass, a style) makes it each time.
    private func keptPayload<Payload>(_ field: WritableKeyPath<SubclassPayloads, Payload?>, _ make: () -> Payload?) -> Payload? {
        guard isPresentationCopy, Swift.type(of: self).snapshotsReadStorage, storage.style == nil else { return make() }
        let revision = storage.extrasRevision
        if let kept = renderCache.payloads, kept.revision == revision { return kept[keyPath: field] }
        var made = SubclassPayloads(revision: revision)
        made[keyPath: field] = make()
        renderCache.payloads = made
        return made[keyPath: field]
    }
}

/// A subclass's snapshot payload as made from its keys outside the table at one revision of
/// them (``CALayerStorage/extrasRevision``).
struct SubclassPayloads {
    var revision: UInt64
    var shape: CARenderShape?
    var text: CARenderText?
}

extension CAShapeLayer {
    /// What the renderer draws for this layer; nil without a path.
    var renderShape: CARenderShape? {
        guard Self.snapshotsReadStorage, storage.style == nil else { return renderShapeFromGetters }
        var read = CAStoredManagedValues(self)
        let path: CGPath? = read("path", nil)
        guard let path, !path.isEmpty else { return read.failed ? renderShapeFromGetters : nil }
        let untouched = Self.untouchedRenderShape
        let shape = CARenderShape(
            path: CARenderPath(path), fillColor: read("fillColor", untouched.fillColor),
            fillRule: read("fillRule", untouched.fillRule), strokeColor: read("strokeColor", untouched.strokeColor),
            strokeStart: read("strokeStart", untouched.strokeStart), strokeEnd: read("strokeEnd", untouched.strokeEnd),
            lineWidth: read("lineWidth", untouched.lineWidth), miterLimit: read("miterLimit", untouched.miterLimit),
            lineCap: read("lineCap", untouched.lineCap), lineJoin: read("lineJoin", untouched.lineJoin),
            lineDashPhase: read("lineDashPhase", untouched.lineDashPhase),
            lineDashPattern: (read("lineDashPattern", nil as [NSNumber]?) ?? []).map { CGFloat($0.doubleValue) })
        return read.failed ? renderShapeFromGetters : shape
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
