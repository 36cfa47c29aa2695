import UIKit

/// A line chart whose filled area is a copy of the line's path closed down to the baseline,
/// its points labelled.
final class LineChartAreaLayer: CALayer {
    var values: [CGFloat] = [] {
        didSet { rebuild() }
    }
    private let line = CAShapeLayer()
    private let fill = CAGradientLayer()
    private let fillMask = CAShapeLayer()

    override init() {
        super.init()
        line.strokeColor = UIColor.systemBlue.cgColor
        line.fillColor = UIColor.clear.cgColor
        line.lineWidth = 2
        line.lineJoin = .round
        fill.colors = [UIColor.systemBlue.withAlphaComponent(0.4).cgColor, UIColor.systemBlue.withAlphaComponent(0).cgColor]
        fill.mask = fillMask
        addSublayer(fill)
        addSublayer(line)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func point(at index: Int, _ value: CGFloat, top: CGFloat) -> CGPoint {
        let step = bounds.width / CGFloat(Swift.max(values.count - 1, 1))
        return CGPoint(x: CGFloat(index) * step, y: bounds.height - value / top * bounds.height)
    }

    private func rebuild() {
        guard let top = values.max(), top > 0 else { return }
        let path = UIBezierPath()
        for (index, value) in values.enumerated() {
            let p = point(at: index, value, top: top)
            if index == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        line.path = path.cgPath
        let area = UIBezierPath(cgPath: path.cgPath)
        area.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        area.addLine(to: CGPoint(x: 0, y: bounds.height))
        area.close()
        fillMask.path = area.cgPath
        fill.frame = bounds
        for (index, value) in values.enumerated() where index % 2 == 0 {
            let label = CATextLayer()
            label.string = String(format: "%.0f", value)
            label.fontSize = 10
            label.foregroundColor = UIColor.secondaryLabel.cgColor
            let p = point(at: index, value, top: top)
            label.frame = CGRect(x: p.x - 15, y: p.y - 16, width: 30, height: 14)
            label.alignmentMode = .center
            addSublayer(label)
        }
    }
}
