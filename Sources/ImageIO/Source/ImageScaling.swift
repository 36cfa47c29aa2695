import Foundation

/// Scaling images down for thumbnails, subsampling and destinations' size limits.
enum ImageScaling {
    /// `image` drawn at `width` × `height` with high-quality filtering (each side at least one
    /// pixel), in its own colour space; the image itself when the size is its own, nil when no
    /// bitmap of that size can be had.
    static func scaled(_ image: CGImage, toWidth width: Int, height: Int) -> CGImage? {
        let width = max(1, width), height = max(1, height)
        if width == image.width, height == image.height { return image }
        guard
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: image.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.interpolationQuality = .high
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return context.makeImage()
    }

    /// The size of `image` fitted within `limit` pixels on its longer side, keeping its aspect
    /// ratio (sides rounded to whole pixels, at least one); its own size when it fits.
    static func size(of image: CGImage, fittingIn limit: Int) -> (width: Int, height: Int) {
        let longer = max(image.width, image.height)
        guard longer > limit else { return (image.width, image.height) }
        let ratio = Double(limit) / Double(longer)
        return (
            max(1, Int((Double(image.width) * ratio).rounded())), max(1, Int((Double(image.height) * ratio).rounded()))
        )
    }
}
