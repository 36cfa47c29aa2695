import AppKit
import QuartzCore

// The NSBezierPath-to-CGPath conversion macOS code carried before macOS 14, and a gauge
// built with AppKit's path calls: a rounded track, an arc in degrees, a dot.
extension NSBezierPath {
    var cgPath: CGPath {
        let path = CGMutablePath()
        var points = [CGPoint](repeating: .zero, count: 3)
        for i in 0 ..< self.elementCount {
            let type = self.element(at: i, associatedPoints: &points)
            switch type {
            case .moveTo: path.move(to: points[0])
            case .lineTo: path.addLine(to: points[0])
            case .curveTo: path.addCurve(to: points[2], control1: points[0], control2: points[1])
            case .closePath: path.closeSubpath()
            @unknown default: break
            }
        }
        return path
    }
}

final class GaugeLayer: CALayer {
    private let track = CAShapeLayer()
    private let needle = CAShapeLayer()

    override init() {
        super.init()
        let trackPath = NSBezierPath(roundedRect: NSRect(x: 0, y: 0, width: 120, height: 16), xRadius: 8, yRadius: 8)
        trackPath.appendOval(in: NSRect(x: 52, y: 20, width: 16, height: 16))
        track.path = trackPath.cgPath
        track.fillColor = NSColor.quaternaryLabelColor.cgColor
        addSublayer(track)

        let arc = NSBezierPath()
        arc.move(to: NSPoint(x: 60, y: 60))
        arc.appendArc(withCenter: NSPoint(x: 60, y: 60), radius: 40, startAngle: 180, endAngle: 0, clockwise: true)
        arc.relativeLine(to: NSPoint(x: -8, y: 0))
        arc.close()
        needle.path = arc.cgPath
        needle.fillColor = NSColor.systemOrange.cgColor
        addSublayer(needle)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
