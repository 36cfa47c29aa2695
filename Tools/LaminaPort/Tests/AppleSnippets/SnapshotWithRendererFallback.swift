import UIKit

/// A layer snapshot through UIKit's image context, falling back on an image renderer when the
/// context gives no image; the snapshot fills an image layer.

extension CALayer {
    func fallbackSnapshot(scale: CGFloat = UIScreen.main.scale) -> UIImage {
        UIGraphicsBeginImageContextWithOptions(bounds.size, false, scale)
        defer { UIGraphicsEndImageContext() }
        if let ctx = UIGraphicsGetCurrentContext() {
            render(in: ctx)
            if let image = UIGraphicsGetImageFromCurrentImageContext() {
                return image
            }
        }

        let render = UIGraphicsImageRenderer(bounds: bounds)
        let image = render.image { [weak self] renderContext in
            self?.render(in: renderContext.cgContext)
        }
        return image
    }
}

func makeFallbackSnapshotLayer(of source: CALayer) -> CALayer {
    let shot = CALayer()
    shot.frame = source.frame
    shot.contents = source.fallbackSnapshot().cgImage
    return shot
}
