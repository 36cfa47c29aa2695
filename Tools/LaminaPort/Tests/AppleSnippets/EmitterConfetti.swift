import UIKit

/// Confetti falling from a line above the view.
enum Confetti {
    static func pieceImage(color: CGColor) -> CGImage? {
        let context = CGContext(
            data: nil, width: 12, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        context?.setFillColor(color)
        context?.fill(CGRect(x: 0, y: 0, width: 12, height: 8))
        return context?.makeImage()
    }

    static func makeEmitter(width: CGFloat) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: width / 2, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: width, height: 1)
        emitter.renderMode = .oldestFirst
        emitter.birthRate = 1
        let colors = [
            CGColor(red: 0.95, green: 0.26, blue: 0.21, alpha: 1),
            CGColor(red: 0.3, green: 0.69, blue: 0.31, alpha: 1),
            CGColor(red: 0.13, green: 0.59, blue: 0.95, alpha: 1),
        ]
        emitter.emitterCells = colors.map { color in
            let cell = CAEmitterCell()
            cell.birthRate = 6
            cell.lifetime = 7
            cell.velocity = 150
            cell.velocityRange = 50
            cell.emissionLongitude = .pi
            cell.emissionRange = .pi / 4
            cell.spin = 3.5
            cell.spinRange = 1
            cell.scale = 0.6
            cell.scaleRange = 0.3
            cell.yAcceleration = 40
            cell.alphaSpeed = -0.1
            cell.contents = pieceImage(color: color)
            cell.name = "confetti"
            return cell
        }
        return emitter
    }

    static func stop(_ emitter: CAEmitterLayer) {
        emitter.setValue(0, forKeyPath: "emitterCells.confetti.birthRate")
        emitter.birthRate = 0
    }
}
