import UIKit

/// Snowfall: each emitter cell is made by a helper that takes the flake's image, given images
/// the caller has just loaded from the bundle.
enum SnowfallScene {
    static func flakeCell(image: UIImage, scale: CGFloat, speed: CGFloat) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.contents = image.cgImage
        cell.birthRate = 8
        cell.lifetime = 14
        cell.velocity = speed
        cell.velocityRange = speed / 2
        cell.emissionLongitude = .pi
        cell.spin = 0.5
        cell.spinRange = 1
        cell.scale = scale
        cell.scaleRange = scale / 3
        return cell
    }

    static func makeEmitter(width: CGFloat) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: width / 2, y: -10)
        emitter.emitterSize = CGSize(width: width, height: 1)
        guard let small = UIImage(named: "flake-small") else { return emitter }
        let large = UIImage(named: "flake-large")!
        var cells = [flakeCell(image: small, scale: 0.15, speed: 30), flakeCell(image: large, scale: 0.3, speed: 50)]
        if let sparkle = UIImage(named: "sparkle") {
            cells.append(flakeCell(image: sparkle, scale: 0.1, speed: 20))
        }
        emitter.emitterCells = cells
        return emitter
    }
}
