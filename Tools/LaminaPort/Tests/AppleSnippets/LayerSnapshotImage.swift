import UIKit

/// A layer drawn into a UIKit image context and handed on as another layer's contents.

extension CALayer {
    func snapshotImage() -> UIImage? {
        UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, 0)
        defer { UIGraphicsEndImageContext() }
        guard let context = UIGraphicsGetCurrentContext() else { return nil }
        render(in: context)
        return UIGraphicsGetImageFromCurrentImageContext()
    }
}

func makeSnapshotLayer(from source: CALayer) -> CALayer {
    let copy = CALayer()
    copy.frame = source.frame
    copy.contents = source.snapshotImage()?.cgImage
    return copy
}
