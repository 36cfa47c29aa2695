import UIKit

/// A pie chart: each slice draws itself with a fill colour it keeps, given the colours of the
/// palette the chart is shown with.
final class PieChartSliceLayer: CALayer {
    @NSManaged var startAngle: CGFloat
    @NSManaged var endAngle: CGFloat
    var fillColor: UIColor = .systemGray
    var strokeColor: UIColor = .white

    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? PieChartSliceLayer {
            startAngle = layer.startAngle
            endAngle = layer.endAngle
            fillColor = layer.fillColor
            strokeColor = layer.strokeColor
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "startAngle" || key == "endAngle" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2
        ctx.move(to: center)
        ctx.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: false)
        ctx.closePath()
        ctx.setFillColor(fillColor.cgColor)
        ctx.setStrokeColor(strokeColor.cgColor)
        ctx.setLineWidth(2)
        ctx.drawPath(using: .fillStroke)
    }
}

final class PieChartPaletteLayer: CALayer {
    func show(values: [CGFloat], colors: [UIColor]) {
        sublayers?.forEach { $0.removeFromSuperlayer() }
        let total = values.reduce(0, +)
        guard total > 0, !colors.isEmpty else { return }
        var angle = -CGFloat.pi / 2
        for (index, value) in values.enumerated() {
            let slice = PieChartSliceLayer()
            slice.frame = bounds
            slice.fillColor = colors[index % colors.count]
            slice.startAngle = angle
            angle += value / total * 2 * .pi
            slice.endAngle = angle
            addSublayer(slice)
            slice.setNeedsDisplay()
        }
    }
}

func makeBudgetChart(frame: CGRect) -> CALayer {
    let chart = PieChartPaletteLayer()
    chart.frame = frame
    chart.show(values: [40, 25, 20, 15], colors: [.systemBlue, .systemGreen, .systemOrange, .systemPurple])
    return chart
}
