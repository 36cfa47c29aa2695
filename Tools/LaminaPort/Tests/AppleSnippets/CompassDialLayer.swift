import UIKit

/// A compass dial built in layoutSublayers: gradient, ring, rotated letter layers, and a needle its delegate draws with a clip and a striped pattern colour made in an image context.

extension CGRect {
    var centerPoint: CGPoint { CGPoint(x: midX, y: midY) }
}

final class DialLayer: CALayer {
    var needle: CALayer?
    private var built = false

    override func layoutSublayers() {
        super.layoutSublayers()
        guard !built else { return }
        built = true
        build()
    }

    private func build() {
        let wash = CAGradientLayer()
        wash.contentsScale = UIScreen.main.scale
        wash.frame = bounds
        wash.colors = [UIColor.black.cgColor, UIColor.red.cgColor]
        wash.locations = [0.0, 1.0]
        addSublayer(wash)

        let ring = CAShapeLayer()
        ring.contentsScale = UIScreen.main.scale
        ring.lineWidth = 2.0
        ring.fillColor = UIColor(red: 0.9, green: 0.95, blue: 0.93, alpha: 0.9).cgColor
        ring.strokeColor = UIColor.gray.cgColor
        let outline = CGMutablePath()
        outline.addEllipse(in: bounds.insetBy(dx: 3, dy: 3))
        ring.path = outline
        addSublayer(ring)
        ring.bounds = bounds
        ring.position = bounds.centerPoint

        for (index, letter) in "NESW".enumerated() {
            let label = CATextLayer()
            label.contentsScale = UIScreen.main.scale
            label.string = String(letter)
            label.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            label.position = ring.bounds.centerPoint
            label.anchorPoint = CGPoint(x: 0.5, y: ring.bounds.midY / label.bounds.height)
            label.alignmentMode = kCAAlignmentCenter
            label.foregroundColor = UIColor.black.cgColor
            label.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(index) * .pi / 2))
            ring.addSublayer(label)
        }

        let needle = CALayer()
        needle.contentsScale = UIScreen.main.scale
        needle.bounds = CGRect(x: 0, y: 0, width: 40, height: 100)
        needle.position = bounds.centerPoint
        needle.anchorPoint = CGPoint(x: 0.5, y: 0.8)
        needle.delegate = self
        needle.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 5))
        addSublayer(needle)
        needle.setNeedsDisplay()
        self.needle = needle
    }

    func stretch(_ needle: CALayer) {
        needle.needsDisplayOnBoundsChange = false
        needle.contentsCenter = CGRect(x: 0.0, y: 0.4, width: 1.0, height: 0.6)
        needle.contentsGravity = kCAGravityResizeAspect
        needle.bounds = needle.bounds.insetBy(dx: -20, dy: -20)
    }
}

extension DialLayer: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.move(to: CGPoint(x: 10, y: 100))
        ctx.addLine(to: CGPoint(x: 20, y: 90))
        ctx.addLine(to: CGPoint(x: 30, y: 100))
        ctx.closePath()
        ctx.addRect(ctx.boundingBoxOfClipPath)
        ctx.clip(using: .evenOdd)

        ctx.move(to: CGPoint(x: 20, y: 100))
        ctx.addLine(to: CGPoint(x: 20, y: 19))
        ctx.setLineWidth(20)
        ctx.strokePath()

        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 0)
        let stripeContext = UIGraphicsGetCurrentContext()!
        stripeContext.setFillColor(UIColor.red.cgColor)
        stripeContext.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        stripeContext.setFillColor(UIColor.blue.cgColor)
        stripeContext.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        let stripes = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        let stripeColor = UIColor(patternImage: stripes!)

        UIGraphicsPushContext(ctx)
        stripeColor.setFill()
        let point = UIBezierPath()
        point.move(to: CGPoint(x: 0, y: 25))
        point.addLine(to: CGPoint(x: 20, y: 0))
        point.addLine(to: CGPoint(x: 40, y: 25))
        point.fill()
        UIGraphicsPopContext()
    }
}
