import UIKit

/// A thumbnail drawn rounded and outlined with UIKit's renderer from an image a layer is
/// made for.
enum Thumbnail {
    static func render(_ image: UIImage, size: CGSize, cornerRadius: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: size, format: format)
        return renderer.image { ctx in
            let rect = CGRect(origin: .zero, size: size)
            UIBezierPath(roundedRect: rect, cornerRadius: cornerRadius).addClip()
            image.draw(in: rect)
            UIColor.black.withAlphaComponent(0.2).setStroke()
            ctx.cgContext.setLineWidth(2)
            ctx.cgContext.stroke(rect.insetBy(dx: 1, dy: 1))
        }
    }

    static func layer(for image: UIImage) -> CALayer {
        let layer = CALayer()
        let thumb = render(image, size: CGSize(width: 64, height: 64), cornerRadius: 12)
        layer.contents = thumb.cgImage
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.contentsGravity = .resizeAspect
        return layer
    }
}
