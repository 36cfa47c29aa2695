import UIKit

/// A custom ease, and its control points read back.
let overshootEase = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)

func slideIn(_ layer: CALayer, from x: CGFloat) {
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = x
    slide.toValue = layer.position.x
    slide.duration = 0.5
    slide.timingFunction = overshootEase
    layer.add(slide, forKey: "slideIn")
}

func controlPoints(of function: CAMediaTimingFunction) -> [CGPoint] {
    var points: [CGPoint] = []
    for index in 0..<4 {
        var values: [Float] = [0, 0]
        function.getControlPoint(at: index, values: &values)
        points.append(CGPoint(x: CGFloat(values[0]), y: CGFloat(values[1])))
    }
    return points
}
