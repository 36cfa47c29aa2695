import CoreGraphics

extension CALayer {
    /// Adds to a snapshot's values what a layer subclass draws besides `CALayer`'s
    /// properties (a shape, a gradient, replicated instances, a transform layer's 3D space,
    /// an emitter's particles).
    func addSubclassRenderValues(to values: inout CARenderLayer.Values, contentsAreFlipped flipped: Bool) {
        if let shape = self as? CAShapeLayer {
            values[rare: \.shape] = shape.renderShape
        } else if let gradient = self as? CAGradientLayer {
            values[rare: \.gradient] = gradient.renderGradient
        } else if let replicator = self as? CAReplicatorLayer {
            values[rare: \.replicator] = replicator.renderReplicator(sublayers: &values.sublayers, contentsAreFlipped: flipped)
        } else if self is CATransformLayer {
            values[rare: \.isTransformLayer] = true
        } else if let text = self as? CATextLayer {
            values[rare: \.text] = text.renderText
        } else if let emitter = self as? CAEmitterLayer {
            values[rare: \.emitter] = emitter.renderEmitter
        }
    }
}

extension CAShapeLayer {
    /// What the renderer draws for this layer; nil without a path.
    var renderShape: CARenderShape? {
        guard let path, !path.isEmpty else { return nil }
        return CARenderShape(
            path: CARenderPath(path), fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
            strokeStart: strokeStart, strokeEnd: strokeEnd, lineWidth: lineWidth, miterLimit: miterLimit,
            lineCap: lineCap, lineJoin: lineJoin, lineDashPhase: lineDashPhase,
            lineDashPattern: (lineDashPattern ?? []).map { CGFloat($0.doubleValue) })
    }
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
