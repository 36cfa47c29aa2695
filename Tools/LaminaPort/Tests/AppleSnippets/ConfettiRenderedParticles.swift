import UIKit

/// Confetti particles drawn with UIKit's image renderer — a dot and a square kept in static
/// properties, a piece for each colour of a palette — emitted from a line.
enum ParticleImages {
    static let dot: UIImage = {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12))
        return renderer.image { context in
            UIColor.white.setFill()
            context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 12, height: 12))
        }
    }()

    static let square: UIImage = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 6)).image { context in
        UIColor.white.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
    }

    static func confettiPiece(color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 8, height: 4)).image { ctx in
            color.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        }
    }
}

func makeEmitter() -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: 300, height: 1)
    let colors: [UIColor] = [.systemRed, .systemBlue, .systemGreen]
    emitter.emitterCells = colors.map { color in
        let cell = CAEmitterCell()
        cell.contents = ParticleImages.confettiPiece(color: color).cgImage
        cell.birthRate = 6
        cell.lifetime = 8
        cell.velocity = 150
        cell.emissionLongitude = .pi
        cell.spin = 3
        cell.scale = 0.6
        return cell
    }
    let sparkle = CAEmitterCell()
    sparkle.contents = ParticleImages.dot.cgImage
    sparkle.color = UIColor.yellow.cgColor
    sparkle.birthRate = 20
    let flake = CAEmitterCell()
    flake.contents = ParticleImages.square.cgImage
    emitter.emitterCells?.append(contentsOf: [sparkle, flake])
    return emitter
}
