import UIKit

/// Pictures of a layer tree: the whole layer, kept in a local before it is returned, and a
/// thumbnail drawn by a renderer whose closure captures the layer weakly.

extension CALayer {
    func pictureOfTree() -> UIImage {
        let renderer = UIGraphicsImageRenderer(bounds: bounds)
        let image = renderer.image { rendererContext in
            self.render(in: rendererContext.cgContext)
        }
        return image
    }

    func previewThumbnail(width: CGFloat) -> UIImage {
        let scale = width / max(bounds.width, 1)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: width, height: bounds.height * scale))
        return renderer.image { [weak self] context in
            context.cgContext.scaleBy(x: scale, y: scale)
            self?.render(in: context.cgContext)
        }
    }
}

final class SnapshotPreviewLayer: CALayer {
    func show(_ source: CALayer) {
        contents = source.previewThumbnail(width: bounds.width).cgImage
        contentsGravity = .resizeAspect
    }
}
