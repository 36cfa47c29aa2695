import UIKit

/// Sparks falling from a line, a cell named for each colour of a palette gone through with its
/// index; stopped by a key path into the named cells.
final class SparkShower {
    let emitter = CAEmitterLayer()

    func setUp(in bounds: CGRect) {
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
        emitter.renderMode = .additive
        let image = UIImage(named: "spark")?.cgImage
        let colors: [UIColor] = [.red, .green, .blue, .yellow]
        emitter.emitterCells = colors.enumerated().map { index, color in
            let cell = CAEmitterCell()
            cell.name = "spark\(index)"
            cell.contents = image
            cell.color = color.cgColor
            cell.birthRate = 8
            cell.lifetime = 6
            cell.velocity = 120
            cell.velocityRange = 40
            cell.emissionRange = .pi / 4
            cell.scale = 0.2
            cell.scaleRange = 0.1
            cell.alphaSpeed = -0.15
            return cell
        }
    }

    func stop() {
        emitter.setValue(0, forKeyPath: "emitterCells.spark0.birthRate")
        emitter.birthRate = 0
    }
}
