import UIKit

/// Confetti pieces of several shapes, each drawn by its enum's outline method into a small image
/// that an emitter cell shows.
enum ConfettiPieceShape: CaseIterable {
    case circle, square, triangle

    func outline(size: CGFloat) -> UIBezierPath {
        let rect = CGRect(x: 0, y: 0, width: size, height: size)
        switch self {
        case .circle: return UIBezierPath(ovalIn: rect)
        case .square: return UIBezierPath(rect: rect)
        case .triangle:
            let path = UIBezierPath()
            path.move(to: CGPoint(x: size / 2, y: 0))
            path.addLine(to: CGPoint(x: size, y: size))
            path.addLine(to: CGPoint(x: 0, y: size))
            path.close()
            return path
        }
    }
}

func confettiPieceImage(_ shape: ConfettiPieceShape, color: UIColor) -> UIImage {
    let size: CGFloat = 10
    return UIGraphicsImageRenderer(size: CGSize(width: size, height: size)).image { _ in
        color.setFill()
        shape.outline(size: size).fill()
    }
}

func confettiPieceCells() -> [CAEmitterCell] {
    ConfettiPieceShape.allCases.map { shape in
        let cell = CAEmitterCell()
        cell.contents = confettiPieceImage(shape, color: .systemPink).cgImage
        cell.birthRate = 5
        cell.lifetime = 6
        cell.velocity = 150
        cell.emissionRange = .pi / 4
        cell.spin = 3
        cell.spinRange = 2
        return cell
    }
}
