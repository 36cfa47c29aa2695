import UIKit

/// A pie chart view that draws itself in `draw(_:)` with UIKit's drawing, as chart tutorials
/// write it: slices filled with colours, a hole cut out, a border stroked.
class PieChartView: UIView {
    var values: [CGFloat] = [] {
        didSet { setNeedsDisplay() }
    }
    var colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen]
    var holeRatio: CGFloat = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let radius = min(rect.width, rect.height) / 2
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let total = values.reduce(0, +)
        var start = -CGFloat.pi / 2
        for (index, value) in values.enumerated() where total > 0 {
            let end = start + 2 * .pi * value / total
            context.setFillColor(colors[index % colors.count].cgColor)
            context.move(to: center)
            context.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: false)
            context.fillPath()
            start = end
        }
        context.setBlendMode(.clear)
        context.fillEllipse(in: CGRect(x: center.x - radius * holeRatio, y: center.y - radius * holeRatio,
                                       width: 2 * radius * holeRatio, height: 2 * radius * holeRatio))
        context.setBlendMode(.normal)
        UIColor.darkGray.setStroke()
        let border = UIBezierPath(ovalIn: rect.insetBy(dx: 1, dy: 1))
        border.lineWidth = 2
        border.stroke()
    }
}
