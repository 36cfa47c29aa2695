// The fidelity harness's runner: a frame against Apple's — the share of pixels whose four
// premultiplied channels are all within a tolerance — and the two side by side.

import CoreGraphics
import Foundation

struct FrameComparison {
    /// The largest difference per channel (of 255) a pixel may have and still count as alike.
    static let tolerance = 8
    /// The share of alike pixels that makes two frames match (lottie's snapshot precision).
    static let matchingShare = 0.985

    /// The share of pixels within ``tolerance`` in every channel (1 when both are empty).
    let shareWithin: Double
    /// Whether Lamina's frame has no visible pixel.
    let ourFrameIsBlank: Bool
    /// Whether Apple's frame has no visible pixel.
    let appleFrameIsBlank: Bool

    var matches: Bool { shareWithin >= Self.matchingShare }

    /// Compares two images of one size; a size mismatch counts every pixel as different.
    init(ours: CGImage, apple: CGImage) {
        guard ours.width == apple.width, ours.height == apple.height else {
            shareWithin = 0
            ourFrameIsBlank = Self.isBlank(ours)
            appleFrameIsBlank = Self.isBlank(apple)
            return
        }
        var within = 0
        var oursBlank = true, appleBlank = true
        ours.withUnsafePixelBytes { a in
            apple.withUnsafePixelBytes { b in
                let count = ours.width * ours.height
                let tolerance = Self.tolerance
                for pixel in 0..<count {
                    let o = pixel * 4
                    if a[o + 3] != 0 { oursBlank = false }
                    if b[o + 3] != 0 { appleBlank = false }
                    var alike = true
                    for channel in 0..<4 where Swift.abs(Int(a[o + channel]) - Int(b[o + channel])) > tolerance {
                        alike = false
                        break
                    }
                    if alike { within += 1 }
                }
            }
        }
        let total = ours.width * ours.height
        shareWithin = total == 0 ? 1 : Double(within) / Double(total)
        ourFrameIsBlank = oursBlank
        appleFrameIsBlank = appleBlank
    }

    private static func isBlank(_ image: CGImage) -> Bool {
        image.withUnsafePixelBytes { bytes in
            stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 0 }
        }
    }

    /// Lamina's frame on the left, Apple's on the right, over a checkerboard (so
    /// transparency shows), written as a PNG.
    static func writeSideBySide(ours: CGImage, apple: CGImage, to url: URL) throws {
        let gap = 8
        let width = ours.width + gap + apple.width, height = max(ours.height, apple.height)
        guard
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw RenderError.context("a \(width)×\(height) context for the side-by-side image") }
        let square = 16
        for y in stride(from: 0, to: height, by: square) {
            for x in stride(from: 0, to: width, by: square) {
                let light = (x / square + y / square) % 2 == 0
                context.setFillColor(CGColor(srgbRed: light ? 0.92 : 0.78, green: light ? 0.92 : 0.78, blue: light ? 0.92 : 0.78, alpha: 1))
                context.fill(CGRect(x: x, y: y, width: square, height: square))
            }
        }
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: ours.width, y: 0, width: gap, height: height))
        // Bitmap coordinates: y up, so the tops line up at `height`.
        context.draw(ours, in: CGRect(x: 0, y: height - ours.height, width: ours.width, height: ours.height))
        context.draw(apple, in: CGRect(x: ours.width + gap, y: height - apple.height, width: apple.width, height: apple.height))
        guard let image = context.makeImage() else { throw RenderError.context("the side-by-side image") }
        try image.writePNG(to: url)
    }
}
