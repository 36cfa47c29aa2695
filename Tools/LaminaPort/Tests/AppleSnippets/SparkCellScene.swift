import UIKit

/// A spark emitter put together from SparkCellFactory.swift's helpers.
func makeSparkScene() -> CALayer {
    let root = CALayer()
    let emitter = CAEmitterLayer()
    emitter.emitterCells = [
        makeSparkCell(color: .systemYellow, scale: 0.2),
        makeSparkCell(color: UIColor(red: 1, green: 0.4, blue: 0.1, alpha: 1), scale: 0.1),
    ]
    root.addSublayer(emitter)
    let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 80, height: 80))
    root.addSublayer(makeOutlineLayer(path: ring, width: 2))
    root.addSublayer(makeCaptionLayer("Sparks", font: .boldSystemFont(ofSize: 14)))
    return root
}
