import UIKit

/// A line chart drawn in `draw(in:)` with UIKit's paths — its area a `copy()` of the line closed
/// down to the baseline — and a wave mirrored by appending its own transformed copy.
final class DrawnLineChartLayer: CALayer {
    var values: [CGFloat] = [] { didSet { setNeedsDisplay() } }
    var lineColor = UIColor.systemBlue
    var fillColor = UIColor.systemBlue.withAlphaComponent(0.15)

    override func draw(in ctx: CGContext) {
        guard values.count > 1, let maxValue = values.max(), maxValue > 0 else { return }
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        let step = bounds.width / CGFloat(values.count - 1)
        let line = UIBezierPath()
        for (index, value) in values.enumerated() {
            let point = CGPoint(x: CGFloat(index) * step, y: bounds.height - value / maxValue * bounds.height)
            index == 0 ? line.move(to: point) : line.addLine(to: point)
        }
        let area = line.copy() as! UIBezierPath
        area.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        area.addLine(to: CGPoint(x: 0, y: bounds.height))
        area.close()
        fillColor.setFill()
        area.fill()
        lineColor.setStroke()
        line.lineWidth = 2
        line.lineJoinStyle = .round
        line.stroke()
    }
}

func mirroredWaveOutline(in rect: CGRect, _ shape: CAShapeLayer) {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: rect.minX, y: rect.midY))
    path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.midY), controlPoint: CGPoint(x: rect.midX, y: rect.minY))
    let mirrored = path.copy() as! UIBezierPath
    mirrored.apply(CGAffineTransform(scaleX: 1, y: -1).translatedBy(x: 0, y: -rect.height))
    path.append(mirrored)
    shape.path = path.cgPath
}
