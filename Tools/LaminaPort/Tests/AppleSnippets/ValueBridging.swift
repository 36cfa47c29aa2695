import UIKit

/// Boxed values in animations, and Core Foundation casts.
func heartbeat(_ layer: CALayer) {
    let beat = CAKeyframeAnimation(keyPath: "transform")
    beat.values = [
        NSValue(caTransform3D: CATransform3DIdentity),
        NSValue(caTransform3D: CATransform3DMakeScale(1.2, 1.2, 1)),
        NSValue(caTransform3D: CATransform3DIdentity),
    ]
    beat.keyTimes = [NSNumber(value: 0), NSNumber(value: 0.4), 1]
    beat.duration = 0.8
    beat.repeatCount = HUGE
    layer.add(beat, forKey: "beat")

    let corner = CABasicAnimation(keyPath: "cornerRadius")
    corner.fromValue = NSNumber(value: Float(0))
    corner.toValue = NSNumber(value: 12.0)
    layer.add(corner, forKey: nil)

    let shift = CABasicAnimation(keyPath: "position")
    shift.toValue = NSValue(cgPoint: CGPoint(x: 40, y: 40))
    layer.add(shift, forKey: nil)

    if let value = layer.value(forKeyPath: "transform") as? NSValue {
        let transform = value.caTransform3DValue
        _ = CATransform3DIsIdentity(transform)
    }
    let font = CTFontCreateWithName("Avenir-Heavy" as CFString, 16, nil)
    let name = CTFontCopyPostScriptName(font) as String
    let style: CFString = CAMediaTimingFillMode.forwards.rawValue as CFString
    _ = (name, style)
    let attributes = [kCTFontAttributeName: font] as CFDictionary
    _ = CFAttributedStringCreate(nil, "beat" as CFString, attributes)
}
