import CPixman
import Foundation
@testable import QuartzCore
import XCTest

/// Finding where cached pixels are fully opaque, and which target pixels they hide once
/// composited through a transform with bilinear filtering.
final class OpaqueInteriorTests: XCTestCase {
    private let opaque: UInt32 = 0xFF33_6699, clear: UInt32 = 0, translucent: UInt32 = 0x8011_2233

    private func interior(_ pixels: [UInt32], width: Int, height: Int) -> PixelRect {
        pixels.withUnsafeBufferPointer { OpaqueInterior.rect(in: $0.baseAddress!, width: width, height: height, stride: width * 4) }
    }

    func testAnImageOpaqueThroughoutIsItsOwnInterior() {
        let pixels = [UInt32](repeating: opaque, count: 7 * 5)
        XCTAssertEqual(interior(pixels, width: 7, height: 5), PixelRect(x0: 0, y0: 0, x1: 7, y1: 5))
    }

    func testTranslucentAndTransparentPixelsAreLeftOutAndTheLargestRectangleIsFound() {
        // 10 × 8, opaque but for a clear top-left and a translucent bottom-right pixel: the
        // largest opaque rectangles are the full height without the first and last columns
        // (8 × 8 = 64) against the full width without the first and last rows (10 × 6 = 60).
        var pixels = [UInt32](repeating: opaque, count: 10 * 8)
        pixels[0] = clear
        pixels[7 * 10 + 9] = translucent
        XCTAssertEqual(interior(pixels, width: 10, height: 8), PixelRect(x0: 1, y0: 0, x1: 9, y1: 8))
    }

    func testAWideNotchFavoursTheRowsThatKeepTheWholeWidth() {
        // 12 × 9 with the top row's middle six pixels clear: every row but the first is
        // opaque across the width (12 × 8 = 96); columns are cut at 3..<9 (at most 6 × 9).
        var pixels = [UInt32](repeating: opaque, count: 12 * 9)
        for x in 3..<9 { pixels[x] = clear }
        XCTAssertEqual(interior(pixels, width: 12, height: 9), PixelRect(x0: 0, y0: 1, x1: 12, y1: 9))
    }

    func testAnImageWhoseCentreIsNotOpaqueHasNoInterior() {
        var pixels = [UInt32](repeating: opaque, count: 9 * 9)
        pixels[4 * 9 + 4] = translucent
        XCTAssertEqual(interior(pixels, width: 9, height: 9), .empty)
    }

    func testARotatedSquareKeepsMostOfTheSquareInscribedInIt() {
        // A 61-pixel square turned by 30°, no antialiasing: the largest axis-aligned square
        // inside it has sides 61 / (cos 30° + sin 30°) ≈ 44.7.
        let side = 61.0, size = 100, angle = Double.pi / 6
        var pixels = [UInt32](repeating: clear, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let (dx, dy) = (Double(x) + 0.5 - 50, Double(y) + 0.5 - 50)
                let (u, v) = (dx * cos(angle) + dy * sin(angle), -dx * sin(angle) + dy * cos(angle))
                if abs(u) <= side / 2, abs(v) <= side / 2 { pixels[y * size + x] = opaque }
            }
        }
        let found = interior(pixels, width: size, height: size)
        for y in found.y0..<found.y1 {
            for x in found.x0..<found.x1 { XCTAssertEqual(pixels[Int(y) * size + Int(x)], opaque, "(\(x), \(y))") }
        }
        let inscribed = side / (cos(angle) + sin(angle))
        XCTAssertGreaterThanOrEqual(Double(found.area), 0.85 * inscribed * inscribed)
    }

    /// Composites an image `width × height`, opaque in `rect` and clear elsewhere, through
    /// `deviceToImage` with pixman's bilinear filter onto a clear target; returns the target's
    /// alpha bytes (`size × size`).
    private func compositedAlpha(width: Int32, height: Int32, opaqueIn rect: PixelRect, deviceToImage t: CGAffineTransform, size: Int32)
        -> [UInt8]
    {
        var source = [UInt32](repeating: 0, count: Int(width * height))
        for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 { source[Int(y * width + x)] = opaque } }
        var target = [UInt32](repeating: 0, count: Int(size * size))
        source.withUnsafeMutableBufferPointer { sourceBits in
            target.withUnsafeMutableBufferPointer { targetBits in
                let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, sourceBits.baseAddress, width * 4)!
                let destination = pixman_image_create_bits(PIXMAN_a8r8g8b8, size, size, targetBits.baseAddress, size * 4)!
                var floating = pixman_f_transform(m: ((Double(t.a), Double(t.c), Double(t.tx)), (Double(t.b), Double(t.d), Double(t.ty)), (0, 0, 1)))
                var fixed = pixman_transform()
                _ = pixman_transform_from_pixman_f_transform(&fixed, &floating)
                _ = pixman_image_set_transform(image, &fixed)
                _ = pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
                pixman_image_composite32(PIXMAN_OP_OVER, image, nil, destination, 0, 0, 0, 0, 0, 0, size, size)
                pixman_image_unref(image)
                pixman_image_unref(destination)
            }
        }
        return target.map { UInt8($0 >> 24) }
    }

    func testEveryPixelOfTheHiddenRectangleIsOpaqueWhenPixmanResamplesTheImage() {
        // Rotations, scales, skews and sub-pixel offsets: what pixman composites must be
        // fully opaque across the rectangle said to be hidden, which is most of the interior.
        let transforms: [CGAffineTransform] = [
            CGAffineTransform(translationX: 0.3, y: -0.6),
            CGAffineTransform(rotationAngle: 0.05).translatedBy(x: -30.4, y: -20.2),
            CGAffineTransform(rotationAngle: -0.5).translatedBy(x: -70.25, y: -10.5),
            CGAffineTransform(scaleX: 0.87, y: 0.87).translatedBy(x: -25.5, y: -30.1),
            CGAffineTransform(scaleX: 1.6, y: 1.2).rotated(by: 0.3).translatedBy(x: -40.7, y: -25.3),
            CGAffineTransform(a: 1, b: 0.2, c: -0.3, d: 1, tx: -20.6, ty: -40.9),
            CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: -30.5, y: -150.5),
        ]
        let rect = PixelRect(x0: 6, y0: 4, x1: 70, y1: 50), size: Int32 = 160
        for (n, deviceToImage) in transforms.enumerated() {
            let hidden = OpaqueInterior.deviceRect(hiddenBy: rect, deviceToImage: deviceToImage)
            XCTAssertFalse(hidden.isEmpty, "transform \(n)")
            XCTAssertTrue(PixelRect(x0: 0, y0: 0, x1: size, y1: size).contains(hidden), "transform \(n): \(hidden)")
            let alpha = compositedAlpha(width: 80, height: 60, opaqueIn: rect, deviceToImage: deviceToImage, size: size)
            var notOpaque = 0
            for y in hidden.y0..<hidden.y1 { for x in hidden.x0..<hidden.x1 where alpha[Int(y * size + x)] != 255 { notOpaque += 1 } }
            XCTAssertEqual(notOpaque, 0, "transform \(n): \(hidden)")
            // Much of it: at least 30% of the interior's area seen in device pixels (an
            // axis-aligned rectangle inside the rectangle turned by half a radian has 40%).
            let scale = abs(deviceToImage.a * deviceToImage.d - deviceToImage.b * deviceToImage.c)
            XCTAssertGreaterThan(Double(hidden.area), 0.3 * Double(rect.area) / scale, "transform \(n): \(hidden)")
        }
    }

    func testATransformThatDoesNotInvertHidesNothing() {
        let rect = PixelRect(x0: 0, y0: 0, x1: 40, y1: 40)
        XCTAssertEqual(OpaqueInterior.deviceRect(hiddenBy: rect, deviceToImage: CGAffineTransform(scaleX: 0, y: 1)), .empty)
        XCTAssertEqual(
            OpaqueInterior.deviceRect(hiddenBy: rect, deviceToImage: CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)), .empty)
        XCTAssertEqual(
            OpaqueInterior.deviceRect(hiddenBy: PixelRect(x0: 0, y0: 0, x1: 1, y1: 40), deviceToImage: .identity), .empty,
            "one pixel wide: no sample reads only opaque pixels with a margin")
    }

    /// Whole pixels inside a turned, scaled or skewed rectangle: every corner of every pixel
    /// found maps back inside it, and they cover at least a quarter of the rectangle's area
    /// in pixels (a square turned 45° holds an upright one of half its area, less the pixels
    /// cut at its edges).
    func testTheWholePixelsInsideATurnedRectangleLieInsideItAndCoverMuchOfIt() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let transforms = [0.1, 0.3, 0.785, -0.5].map {
            CGAffineTransform(rotationAngle: $0).concatenating(CGAffineTransform(translationX: 33.37, y: 12.81))
        } + [
            CGAffineTransform(a: 0.8, b: 0.3, c: -0.2, d: 1.1, tx: 20.5, ty: 7.25),
            CGAffineTransform(a: -1, b: 0.05, c: 0, d: 0.5, tx: 70.1, ty: 3.3),
        ]
        for toDevice in transforms {
            let found = OpaqueInterior.wholePixels(inside: rect, toDevice: toDevice)
            XCTAssertFalse(found.isEmpty, "\(toDevice)")
            let back = toDevice.inverted()
            for (x, y) in [(found.x0, found.y0), (found.x1, found.y0), (found.x0, found.y1), (found.x1, found.y1)] {
                let p = CGPoint(x: CGFloat(x), y: CGFloat(y)).applying(back)
                XCTAssertTrue(
                    p.x >= -1e-9 && p.x <= 40 + 1e-9 && p.y >= -1e-9 && p.y <= 30 + 1e-9, "\(toDevice): corner \(x), \(y) maps to \(p)")
            }
            let deviceArea = 40 * 30 * abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c)
            XCTAssertGreaterThan(CGFloat(found.area), deviceArea / 4, "\(toDevice): \(found.area) of \(deviceArea)")
        }
        XCTAssertEqual(OpaqueInterior.wholePixels(inside: rect, toDevice: CGAffineTransform(scaleX: 0, y: 1)), .empty)
        XCTAssertEqual(OpaqueInterior.wholePixels(inside: .zero, toDevice: .identity), .empty)
    }

    func testSubtractingARectangleLeavesTheRowsAboveAndBelowThenTheSides() {
        let a = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
        XCTAssertEqual(
            a.subtracting(PixelRect(x0: 3, y0: 4, x1: 6, y1: 7)),
            [
                PixelRect(x0: 0, y0: 0, x1: 10, y1: 4), PixelRect(x0: 0, y0: 7, x1: 10, y1: 10),
                PixelRect(x0: 0, y0: 4, x1: 3, y1: 7), PixelRect(x0: 6, y0: 4, x1: 10, y1: 7),
            ])
        XCTAssertEqual(a.subtracting(PixelRect(x0: -5, y0: 5, x1: 20, y1: 20)), [PixelRect(x0: 0, y0: 0, x1: 10, y1: 5)])
        XCTAssertEqual(a.subtracting(PixelRect(x0: 20, y0: 0, x1: 30, y1: 10)), [a])
        XCTAssertEqual(a.subtracting(PixelRect(x0: -1, y0: -1, x1: 11, y1: 11)), [])
    }
}
