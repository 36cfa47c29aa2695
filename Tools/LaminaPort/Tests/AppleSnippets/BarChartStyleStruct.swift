import UIKit

/// A bar chart styled by a struct of colours, a label font and spacing, the highest bar in the
/// highlight colour, each labelled with its value.
struct BarChartStyle {
    var barColor: UIColor = .systemIndigo
    var highlight: UIColor = .systemOrange
    var font: UIFont = .systemFont(ofSize: 10)
    var spacing: CGFloat = 4
}

final class BarChartLayer: CALayer {
    var chartStyle = BarChartStyle() { didSet { setNeedsLayout() } }
    var values: [CGFloat] = [] { didSet { setNeedsLayout() } }

    override func layoutSublayers() {
        super.layoutSublayers()
        sublayers?.forEach { $0.removeFromSuperlayer() }
        guard let maxValue = values.max(), maxValue > 0 else { return }
        let width = (bounds.width - chartStyle.spacing * CGFloat(values.count - 1)) / CGFloat(values.count)
        for (index, value) in values.enumerated() {
            let bar = CALayer()
            let height = bounds.height * value / maxValue
            bar.frame = CGRect(x: CGFloat(index) * (width + chartStyle.spacing), y: bounds.height - height, width: width, height: height)
            bar.backgroundColor = (value == maxValue ? chartStyle.highlight : chartStyle.barColor).cgColor
            addSublayer(bar)
            let label = CATextLayer()
            label.string = String(format: "%.0f", value)
            label.font = chartStyle.font
            label.fontSize = chartStyle.font.pointSize
            label.frame = CGRect(x: bar.frame.minX, y: bar.frame.minY - 14, width: width, height: 12)
            label.alignmentMode = .center
            addSublayer(label)
        }
    }
}
