import UIKit

/// A layer drawn by UIKit's image renderer from its bounds, shown shrunk in another layer.

extension CALayer {
    func renderedImage() -> UIImage {
        let renderer = UIGraphicsImageRenderer(bounds: bounds)
        return renderer.image { context in
            render(in: context.cgContext)
        }
    }
}

func thumbnailLayer(for source: CALayer) -> CALayer {
    let thumb = CALayer()
    thumb.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
    thumb.contents = source.renderedImage().cgImage
    thumb.contentsGravity = .resizeAspect
    return thumb
}
