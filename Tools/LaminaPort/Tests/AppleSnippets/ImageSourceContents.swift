import UIKit
import MobileCoreServices

/// Layer contents loaded with Image I/O, a thumbnail for a small layer, and a snapshot saved
/// as PNG, as Apple code does it.
final class PhotoLayer: CALayer {
    func load(from url: URL) {
        let options = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithURL(url as CFURL, options),
            CGImageSourceGetStatus(source) == .statusComplete,
            let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
        else { return }
        contents = image
        if let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
            let width = properties[kCGImagePropertyPixelWidth] as? Int,
            let height = properties[kCGImagePropertyPixelHeight] as? Int
        {
            bounds = CGRect(x: 0, y: 0, width: width, height: height)
        }
    }

    func showPlaceholder(named name: String) {
        contents = UIImage(named: name)?.cgImage ?? UIImage(named: "placeholder.png")?.cgImage
    }

    func thumbnail(of data: Data, side: CGFloat) -> CGImage? {
        guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
        let options: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceThumbnailMaxPixelSize: side * contentsScale,
        ]
        return CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
    }

    func snapshotPNG() -> Data? {
        let scale = contentsScale
        let width = Int(bounds.width * scale), height = Int(bounds.height * scale)
        guard width > 0, height > 0,
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.scaleBy(x: scale, y: scale)
        render(in: context)
        guard let image = context.makeImage() else { return nil }
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, kUTTypePNG, 1, nil) else {
            return nil
        }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }
}
