import UIKit

/// A layer that fills with a colour property and draws a bundled stamp image with UIKit, and a checkerboard tile made in an image context.

final class StampLayer: CALayer {
    var tint = UIColor.systemOrange

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        tint.setFill()
        UIRectFill(bounds)
        if let stamp = UIImage(named: "stamp") {
            stamp.draw(in: bounds.insetBy(dx: 8, dy: 8))
        }
        UIGraphicsPopContext()
    }
}

func makeTiledBackground() -> CALayer {
    let layer = CALayer()
    let size = CGSize(width: 8, height: 8)
    UIGraphicsBeginImageContextWithOptions(size, true, 0)
    UIColor.white.setFill()
    UIRectFill(CGRect(origin: .zero, size: size))
    UIColor.lightGray.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
    UIRectFill(CGRect(x: 4, y: 4, width: 4, height: 4))
    let tile = UIGraphicsGetImageFromCurrentImageContext()
    UIGraphicsEndImageContext()
    layer.contents = tile?.cgImage
    layer.contentsGravity = .topLeft
    return layer
}
