import Foundation
import Lamina

/// The demo's layer-class widgets: a gradient on each card's band, a shape-layer ring that
/// fills once in the overlay, a replicator activity indicator beside the title that turns a
/// few times, and a short burst of sparks from an emitter. Every animation ends, so the
/// window settles (and goes idle) a few seconds after it opens.
@MainActor
enum DemoWidgets {
    /// A band across a card, lighter at its left: a `CAGradientLayer`.
    static func band(named name: String) -> CAGradientLayer {
        let band = CAGradientLayer()
        band.name = name
        band.colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 0.55), CGColor(red: 1, green: 1, blue: 1, alpha: 0.1)]
        band.startPoint = CGPoint(x: 0, y: 0.5)
        band.endPoint = CGPoint(x: 1, y: 0.5)
        band.cornerRadius = 8
        return band
    }

    /// A ring that fills to 80% in two seconds: a `CAShapeLayer` animating `strokeEnd`
    /// (evaluated by the render server, so it keeps its pace while the app is busy).
    static func shapeRing(frame: CGRect) -> CALayer {
        let container = CALayer()
        container.name = "shape-ring"
        container.frame = frame
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 6, y: 6, width: frame.width - 12, height: frame.height - 12))
        let track = CAShapeLayer()
        track.frame = container.bounds
        track.path = circle
        track.fillColor = nil
        track.strokeColor = CGColor(red: 0.09, green: 0.10, blue: 0.13, alpha: 0.15)
        track.lineWidth = 8
        container.addSublayer(track)
        let ring = CAShapeLayer()
        ring.frame = container.bounds
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.16, green: 0.70, blue: 0.66, alpha: 1)
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.strokeEnd = 0.8
        // From the top, clockwise: the path starts at its rightmost point.
        ring.setAffineTransform(CGAffineTransform(rotationAngle: -.pi / 2))
        container.addSublayer(ring)
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.duration = 2
        fill.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.add(fill, forKey: "fill")
        return container
    }

    /// Twelve dots around a circle, each fainter than the one before: a `CAReplicatorLayer`
    /// (`instanceTransform`, `instanceAlphaOffset`), turning three times.
    static func activityIndicator(center: CGPoint) -> CAReplicatorLayer {
        let count = 12
        let spinner = CAReplicatorLayer()
        spinner.name = "activity"
        spinner.bounds = CGRect(x: 0, y: 0, width: 44, height: 44)
        spinner.position = center
        spinner.instanceCount = count
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        spinner.instanceAlphaOffset = -0.9 / Float(count)
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        dot.position = CGPoint(x: 22, y: 4)
        dot.cornerRadius = 3
        dot.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        spinner.addSublayer(dot)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 6 * Double.pi
        turn.duration = 3
        spinner.add(turn, forKey: "turn")
        return spinner
    }

    /// A burst of sparks for two seconds: a `CAEmitterLayer` (simulated by the render server).
    static func sparks(at position: CGPoint) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.name = "sparks"
        emitter.frame = CGRect(x: position.x - 60, y: position.y - 60, width: 120, height: 120)
        emitter.emitterPosition = CGPoint(x: 60, y: 60)
        emitter.emitterShape = .circle
        emitter.emitterSize = CGSize(width: 6, height: 6)
        emitter.renderMode = .additive
        emitter.seed = 7
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = sparkImage()
        spark.birthRate = 40
        spark.duration = 2
        spark.lifetime = 1.2
        spark.lifetimeRange = 0.4
        spark.velocity = 45
        spark.velocityRange = 15
        spark.emissionRange = 2 * .pi
        spark.scale = 0.6
        spark.scaleSpeed = -0.3
        spark.color = CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1)
        spark.alphaSpeed = -0.7
        emitter.emitterCells = [spark]
        return emitter
    }

    /// A soft white dot, 16×16 pixels.
    private static func sparkImage() -> CGImage? {
        let side = 16
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        for (inset, alpha) in [(0.0, 0.25), (3.0, 0.5), (5.0, 1.0)] {
            context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: alpha))
            context.fillEllipse(in: CGRect(x: inset, y: inset, width: Double(side) - 2 * inset, height: Double(side) - 2 * inset))
        }
        return context.makeImage()
    }
}
