import UIKit

/// A sparkline its delegate draws with UIKit: a pushed context popped in a defer, a stroked path, and a label kept as an NSString measured and drawn; the plot inset by edge insets.

final class SparklineChartLayer: CALayer, CALayerDelegate {
    var values: [CGFloat] = [0.2, 0.5, 0.9, 0.4]
    let lineColor = UIColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 1)
    let plot = CALayer()

    override init() {
        super.init()
        plot.delegate = self
        plot.contentsScale = UIScreen.main.scale
        addSublayer(plot)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError()
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        plot.frame = bounds.inset(by: UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
        plot.setNeedsDisplay()
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let path = UIBezierPath()
        let step = layer.bounds.width / CGFloat(max(values.count - 1, 1))
        for (index, value) in values.enumerated() {
            let point = CGPoint(x: CGFloat(index) * step, y: layer.bounds.height * (1 - value))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.lineWidth = 2
        path.lineJoinStyle = .round
        lineColor.setStroke()
        path.stroke()
        let label = "max" as NSString
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 10), .foregroundColor: UIColor.gray]
        let size = label.size(withAttributes: attributes)
        label.draw(at: CGPoint(x: layer.bounds.width - size.width, y: 0), withAttributes: attributes)
    }
}
