import UIKit

/// Confetti cells made for each colour of array literals gone through with a loop and a map,
/// and a ring bordered in turn by each colour of another.
func makeCell(color: UIColor) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.color = color.cgColor
    cell.birthRate = 5
    return cell
}

func confetti() -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    var cells: [CAEmitterCell] = []
    for color in [UIColor.systemRed, .systemGreen, .systemBlue] {
        cells.append(makeCell(color: color))
    }
    cells += [UIColor.orange, .purple].map { makeCell(color: $0) }
    let ring = CALayer()
    for tint in [UIColor.red, UIColor.blue] {
        ring.borderColor = tint.cgColor
    }
    emitter.emitterCells = cells
    emitter.addSublayer(ring)
    return emitter
}
