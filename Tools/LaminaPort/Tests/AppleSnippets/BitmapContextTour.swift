import UIKit

/// A bitmap context's drawing calls, paths stroked and dashed into new paths, and the image made.
func renderBadge(size: CGSize) -> CGImage? {
    let space = CGColorSpaceCreateDeviceRGB()
    guard let ctx = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8,
                              bytesPerRow: 0, space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
    ctx.setFillColor(UIColor.red.cgColor)
    ctx.fillEllipse(in: CGRect(origin: .zero, size: size))
    ctx.setBlendMode(.multiply)
    ctx.setShadow(offset: CGSize(width: 0, height: -2), blur: 4, color: UIColor.black.withAlphaComponent(0.5).cgColor)
    ctx.setLineCap(.round)
    ctx.setLineJoin(.round)
    ctx.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
    ctx.addArc(tangent1End: CGPoint(x: 20, y: 0), tangent2End: CGPoint(x: 20, y: 20), radius: 4)
    ctx.strokePath()
    let stroked = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        .copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    ctx.addPath(stroked)
    ctx.drawPath(using: .fillStroke)
    let dashed = stroked.copy(dashingWithPhase: 0, lengths: [2, 2])
    _ = dashed.boundingBoxOfPath
    _ = dashed.contains(CGPoint(x: 1, y: 1), using: .evenOdd)
    ctx.translateBy(x: 0, y: size.height)
    ctx.scaleBy(x: 1, y: -1)
    ctx.rotate(by: 0.1)
    ctx.concatenate(.identity)
    ctx.interpolationQuality = .high
    ctx.setAlpha(0.5)
    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
    ctx.endTransparencyLayer()
    let image = ctx.makeImage()
    if let image {
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: image)
        _ = image.cropping(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        _ = (image.width, image.height, image.bitsPerPixel, image.alphaInfo, image.colorSpace)
    }
    return image
}
