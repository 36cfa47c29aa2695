import CoreGraphics
import Foundation

extension CAEmitterLayer {
    /// What the renderer needs to simulate and draw this layer's particles, at the time of
    /// the snapshot being made; nil without cells. Notes on the model layer when emission
    /// starts or stops.
    var renderEmitter: CARenderEmitter? {
        let time = isPresentationCopy ? (rootLayer.evaluationStamp?.time ?? CACurrentMediaTime()) : CACurrentMediaTime()
        let owner = (modelLayer as? CAEmitterLayer) ?? self
        let rate = Double(birthRate)
        let cells = (emitterCells ?? []).map { Self.renderCell($0, depth: 0) }
        let emitting = rate > 0 && rate.isFinite
            && cells.contains { $0.isEnabled && $0.birthRate > 0 && $0.birthRate.isFinite }
        owner.emission.note(emitting: emitting, rate: rate, cells: cells, at: time)
        guard let layerCells = emitterCells, !layerCells.isEmpty else { return nil }
        // Stopped, the particles alive live on as they were emitted.
        var emitter = CARenderEmitter(cells: emitting ? cells : owner.emission.cells, time: time)
        emitter.shape = emitterShape
        emitter.mode = emitterMode
        emitter.renderMode = renderMode
        emitter.position = (finite(emitterPosition.x), finite(emitterPosition.y), finite(emitterZPosition))
        emitter.size = (finite(emitterSize.width), finite(emitterSize.height), finite(emitterDepth))
        emitter.multipliers = (
            owner.emission.rate, finite(Double(lifetime)), finite(Double(velocity)), finite(Double(scale)),
            finite(Double(spin))
        )
        emitter.seed = seed
        emitter.emissionStart = owner.emission.start
        emitter.emissionEnd = owner.emission.end ?? .infinity
        return emitter
    }

    /// A cell as the renderer keeps it: numbers that are not finite replaced by the
    /// defaults (0, or 1 for scales), nested cells up to ``maximumCellDepth``.
    private static func renderCell(_ cell: CAEmitterCell, depth: Int) -> CARenderEmitter.Cell {
        var c = CARenderEmitter.Cell()
        c.isEnabled = cell.isEnabled
        c.birthRate = finite(Double(cell.birthRate))
        c.lifetime = finite(Double(cell.lifetime))
        c.lifetimeRange = finite(Double(cell.lifetimeRange))
        c.emissionLatitude = finite(cell.emissionLatitude)
        c.emissionLongitude = finite(cell.emissionLongitude)
        c.emissionRange = finite(cell.emissionRange)
        c.velocity = finite(cell.velocity)
        c.velocityRange = finite(cell.velocityRange)
        c.acceleration = (finite(cell.xAcceleration), finite(cell.yAcceleration), finite(cell.zAcceleration))
        c.scale = finite(cell.scale, 1)
        c.scaleRange = finite(cell.scaleRange)
        c.scaleSpeed = finite(cell.scaleSpeed)
        c.spin = finite(cell.spin)
        c.spinRange = finite(cell.spinRange)
        if let rgba = (cell.color ?? .white).rgba {
            c.color = (finite(rgba.red, 1), finite(rgba.green, 1), finite(rgba.blue, 1), finite(rgba.alpha, 1))
        }
        c.colorRange = (
            finite(Double(cell.redRange)), finite(Double(cell.greenRange)), finite(Double(cell.blueRange)),
            finite(Double(cell.alphaRange))
        )
        c.colorSpeed = (
            finite(Double(cell.redSpeed)), finite(Double(cell.greenSpeed)), finite(Double(cell.blueSpeed)),
            finite(Double(cell.alphaSpeed))
        )
        c.contents = cell.contents as? CGImage
        let rect = cell.contentsRect
        c.contentsRect = [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
            ? rect : CGRect(x: 0, y: 0, width: 1, height: 1)
        c.contentsScale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? Double(cell.contentsScale) : 1
        c.minificationFilter = CALayerContentsFilter(rawValue: cell.minificationFilter)
        c.magnificationFilter = CALayerContentsFilter(rawValue: cell.magnificationFilter)
        c.beginTime = finite(cell.beginTime)
        c.duration = cell.duration > 0 && cell.duration.isFinite ? cell.duration : 0
        if depth + 1 < maximumCellDepth, let cells = cell.emitterCells {
            c.emitterCells = cells.map { renderCell($0, depth: depth + 1) }
        }
        return c
    }
}

/// A finite value, else `fallback`.
private func finite(_ value: Double, _ fallback: Double = 0) -> Double { value.isFinite ? value : fallback }
/// A finite value, else `fallback`.
private func finite(_ value: CGFloat, _ fallback: Double = 0) -> Double { value.isFinite ? Double(value) : fallback }
