import UIKit

/// A sparkline drawn by a shape layer, its colours kept in a style struct whose property names
/// are the shape layers' own.
struct StyledSparklineStyle {
    var lineColor: UIColor = .systemBlue
    var fillColor: UIColor = UIColor.systemBlue.withAlphaComponent(0.2)
    var lineWidth: CGFloat = 2
}

final class StyledSparklineLayer: CAShapeLayer {
    var chartStyle = StyledSparklineStyle() {
        didSet { applyStyle() }
    }

    private let area = CAShapeLayer()

    func applyStyle() {
        strokeColor = chartStyle.lineColor.cgColor
        area.fillColor = chartStyle.fillColor.cgColor
        lineWidth = chartStyle.lineWidth
        fillColor = nil
    }

    func plot(_ values: [CGFloat]) {
        guard values.count > 1, let maxValue = values.max(), maxValue > 0 else { return }
        let step = bounds.width / CGFloat(values.count - 1)
        let line = UIBezierPath()
        for (index, value) in values.enumerated() {
            let point = CGPoint(x: CGFloat(index) * step, y: bounds.height * (1 - value / maxValue))
            if index == 0 { line.move(to: point) } else { line.addLine(to: point) }
        }
        path = line.cgPath
        let fill = UIBezierPath(cgPath: line.cgPath)
        fill.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        fill.addLine(to: CGPoint(x: 0, y: bounds.height))
        fill.close()
        area.path = fill.cgPath
        if area.superlayer == nil { insertSublayer(area, at: 0) }
    }
}
