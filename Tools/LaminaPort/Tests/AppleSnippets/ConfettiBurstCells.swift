import UIKit

/// A confetti emitter whose cells are made by mapping its colours through a method.
final class ConfettiBurstLayer: CAEmitterLayer {
    private let colors: [UIColor] = [.systemRed, .systemYellow, .systemGreen, .systemBlue, .systemPurple]

    override init() {
        super.init()
        emitterShape = .line
        birthRate = 0
        emitterCells = colors.map(makeCell)
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    override func layoutSublayers() {
        super.layoutSublayers()
        emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitterSize = CGSize(width: bounds.width, height: 1)
    }

    private func makeCell(color: UIColor) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.birthRate = 6
        cell.lifetime = 7
        cell.velocity = 180
        cell.velocityRange = 60
        cell.emissionLongitude = .pi
        cell.emissionRange = .pi / 4
        cell.spin = 3.5
        cell.spinRange = 1
        cell.scale = 0.25
        cell.scaleRange = 0.1
        cell.color = color.cgColor
        cell.contents = Self.burstConfettiImage.cgImage
        return cell
    }

    private static let burstConfettiImage: UIImage = {
        let size = CGSize(width: 12, height: 8)
        return UIGraphicsImageRenderer(size: size).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
        }
    }()

    func burst(on: Bool) {
        birthRate = on ? 1 : 0
    }
}
