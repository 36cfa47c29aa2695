import UIKit

/// Frames cut from a sprite sheet decoded in a guard, one layer per column.
func spriteColumnLayers(columns: Int) -> [CALayer] {
    guard columns > 0, let sheet = UIImage(named: "walk-cycle")?.cgImage else { return [] }
    var layers: [CALayer] = []
    for column in 0..<columns {
        let frame = CALayer()
        frame.contents = sheet
        frame.contentsRect = CGRect(x: CGFloat(column) / CGFloat(columns), y: 0, width: 1 / CGFloat(columns), height: 1)
        frame.bounds = CGRect(x: 0, y: 0, width: sheet.width / columns, height: sheet.height)
        frame.magnificationFilter = .nearest
        layers.append(frame)
    }
    return layers
}
