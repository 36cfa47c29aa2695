import UIKit

/// A faded reflection made from a layer's snapshot, the image renderer the function's only expression.

extension CALayer {
    func mirrorSnapshot() -> UIImage {
        UIGraphicsImageRenderer(size: bounds.size).image { context in
            render(in: context.cgContext)
        }
    }
}

func mirrorLayer(of source: CALayer) -> CALayer {
    let mirror = CALayer()
    mirror.frame = source.frame
    mirror.contents = source.mirrorSnapshot().cgImage
    mirror.transform = CATransform3DMakeScale(1, -1, 1)
    mirror.opacity = 0.4
    return mirror
}
