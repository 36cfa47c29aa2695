import Foundation

/// Turning and mirroring images upright from their EXIF orientation (1–8), for thumbnails
/// made "with transform".
enum ImageOrientation {
    /// `image` as it is meant to be seen given its stored `orientation`: 2 mirrored, 3 turned
    /// half round, 4 flipped, 5 transposed, 6 turned a quarter clockwise, 7 transversed, 8
    /// turned a quarter anticlockwise; the image itself for 1 or a value outside 1…8.
    static func upright(_ image: CGImage, orientation: Int) -> CGImage? {
        guard (2...8).contains(orientation) else { return image }
        let width = image.width, height = image.height
        let swapsSides = orientation >= 5
        let outWidth = swapsSides ? height : width, outHeight = swapsSides ? width : height
        guard let storage = try? CGImage.allocate(width: outWidth, height: outHeight) else { return nil }
        image.withUnsafePixelBytes { source in
            let target = storage.base.assumingMemoryBound(to: UInt32.self)
            let pixels = source.bindMemory(to: UInt32.self)
            for y in 0..<outHeight {
                for x in 0..<outWidth {
                    let (sx, sy): (Int, Int)
                    switch orientation {
                    case 2: (sx, sy) = (width - 1 - x, y)
                    case 3: (sx, sy) = (width - 1 - x, height - 1 - y)
                    case 4: (sx, sy) = (x, height - 1 - y)
                    case 5: (sx, sy) = (y, x)
                    case 6: (sx, sy) = (y, height - 1 - x)
                    case 7: (sx, sy) = (width - 1 - y, height - 1 - x)
                    default: (sx, sy) = (width - 1 - y, x)
                    }
                    target[y * outWidth + x] = pixels[sy * width + sx]
                }
            }
        }
        return CGImage(validatedWidth: outWidth, height: outHeight, storage: storage, colorSpace: image.colorSpace)
    }
}
