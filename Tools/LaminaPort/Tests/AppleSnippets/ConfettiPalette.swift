import UIKit

/// Confetti: one emitter cell per colour of a palette kept as UIColors, the palette used in a loop and by element.
final class ConfettiView {
    let emitter = CAEmitterLayer()
    private let colors: [UIColor] = [
        UIColor(red: 0.95, green: 0.40, blue: 0.27, alpha: 1.0),
        UIColor(red: 1.00, green: 0.78, blue: 0.36, alpha: 1.0),
        UIColor(red: 0.48, green: 0.78, blue: 0.64, alpha: 1.0),
        UIColor(red: 0.30, green: 0.76, blue: 0.85, alpha: 1.0),
        UIColor(red: 0.58, green: 0.39, blue: 0.55, alpha: 1.0),
    ]

    func start(width: CGFloat) {
        emitter.emitterPosition = CGPoint(x: width / 2, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: width, height: 1)
        var cells: [CAEmitterCell] = []
        for color in colors {
            let cell = CAEmitterCell()
            cell.birthRate = 6
            cell.lifetime = 14
            cell.velocity = 350
            cell.velocityRange = 80
            cell.emissionLongitude = .pi
            cell.emissionRange = .pi / 4
            cell.spin = 3.5
            cell.spinRange = 1
            cell.scaleRange = 0.25
            cell.scale = 0.1
            cell.color = color.cgColor
            cell.contents = UIImage(named: "confetti")?.cgImage
            cells.append(cell)
        }
        emitter.emitterCells = cells
        let tint = colors.randomElement()?.cgColor
        emitter.backgroundColor = colors[0].cgColor
        _ = tint
    }
}
