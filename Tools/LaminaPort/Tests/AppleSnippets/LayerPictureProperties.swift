import UIKit

/// A layer's picture as computed properties, one through UIKit's image context and one
/// through an image renderer, given to another layer's contents.

public extension CALayer {
    var flattenedPicture: UIImage? {
        UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, 0)
        defer {
            UIGraphicsEndImageContext()
        }
        guard let context = UIGraphicsGetCurrentContext() else { return nil }
        render(in: context)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        return image
    }

    var rendererPicture: UIImage {
        UIGraphicsImageRenderer(bounds: bounds).image { context in
            render(in: context.cgContext)
        }
    }
}

final class ReflectionLayer: CALayer {
    func reflect(_ source: CALayer) {
        contents = source.flattenedPicture?.cgImage ?? source.rendererPicture.cgImage
        transform = CATransform3DMakeScale(1, -1, 1)
        opacity = 0.3
    }
}
