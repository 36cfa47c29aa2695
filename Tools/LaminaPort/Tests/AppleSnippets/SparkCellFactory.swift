import UIKit

/// Emitter cells and shapes made from a colour, a path and a font another file passes
/// (SparkCellScene.swift).
func makeSparkCell(color: UIColor, scale: CGFloat) -> CAEmitterCell {
    let cell = CAEmitterCell()
    cell.color = color.cgColor
    cell.scale = scale
    cell.birthRate = 12
    cell.lifetime = 2
    cell.velocity = 60
    return cell
}

func makeOutlineLayer(path: UIBezierPath, width: CGFloat) -> CAShapeLayer {
    let outline = CAShapeLayer()
    outline.path = path.cgPath
    outline.lineWidth = width
    outline.fillColor = nil
    outline.strokeColor = UIColor.white.cgColor
    return outline
}

func makeCaptionLayer(_ text: String, font: UIFont) -> CATextLayer {
    let caption = CATextLayer()
    caption.string = text
    caption.font = font
    caption.fontSize = font.pointSize
    return caption
}
