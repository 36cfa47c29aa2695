import UIKit

/// A gradient badge drawn into a bitmap once and set as a layer's contents.
func makeBadgeImage(size: CGSize, scale: CGFloat) -> CGImage? {
    let colorSpace = CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()
    guard let context = CGContext(
        data: nil, width: Int(size.width * scale), height: Int(size.height * scale),
        bitsPerComponent: 8, bytesPerRow: 0, space: colorSpace,
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return nil }
    context.scaleBy(x: scale, y: scale)
    let rect = CGRect(origin: .zero, size: size)
    context.addPath(CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 8, transform: nil))
    context.clip()
    let top = CGColor(colorSpace: colorSpace, components: [1.0, 0.6, 0.2, 1.0])!
    let bottom = CGColor(srgbRed: 0.9, green: 0.2, blue: 0.1, alpha: 1)
    let colors = [top, bottom] as CFArray
    let locations: [CGFloat] = [0, 1]
    if let gradient = CGGradient(colorsSpace: colorSpace, colors: colors, locations: locations) {
        context.drawLinearGradient(
            gradient, start: CGPoint(x: 0, y: size.height), end: .zero,
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
    context.setStrokeColor(CGColor(gray: 1, alpha: 0.6))
    context.setLineWidth(1)
    context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
    return context.makeImage()
}

func makeBadgeLayer() -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 40, height: 24)
    layer.contents = makeBadgeImage(size: layer.bounds.size, scale: 2)
    layer.contentsScale = 2
    layer.contentsGravity = .center
    return layer
}
