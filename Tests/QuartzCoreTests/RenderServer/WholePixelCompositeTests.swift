import CCompositor
import CPixman
import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// Lamina's own loop for images at whole-pixel offsets gives exactly the pixels pixman
/// gives: OVER, faded by a constant opacity or not, for any width (the last pixels of a row
/// go through a mask of lanes), any stride and any part of the image.
final class WholePixelCompositeTests: XCTestCase {
    private let width = 96, height = 72, targetPad = 3

    override func setUpWithError() throws {
        guard WholePixelComposite.runsHere else { throw XCTSkip("the whole-pixel loop needs an x86-64 processor with AVX2") }
    }

    /// `target` (rows of `width + targetPad` pixels) after compositing the part of `image`
    /// at `sourceX`, `sourceY` into `rect` with `alpha`, by Lamina's loop (`ownLoop`) or by
    /// pixman as the painter calls it. Nil when the loop refused.
    private func composite(
        _ image: [UInt32], imageWidth: Int, imageStride: Int, sourceX: Int32, sourceY: Int32, onto target: [UInt32],
        rect: PixelRect, alpha: CGFloat, ownLoop: Bool
    ) throws -> [UInt32]? {
        var source = image, result = target
        let stride = width + targetPad
        return try source.withUnsafeMutableBufferPointer { sourcePixels in
            let sourceImage = try XCTUnwrap(pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(imageWidth), Int32(image.count / imageStride), sourcePixels.baseAddress,
                Int32(imageStride * 4)))
            defer { pixman_image_unref(sourceImage) }
            return try result.withUnsafeMutableBufferPointer { targetPixels -> [UInt32]? in
                if ownLoop {
                    let destination = lamina_target_image(
                        targetPixels.baseAddress!, width: width, height: height, bytesPerRow: stride * 4)
                    let taken = WholePixelComposite.composite(
                        sourceImage, sourceX: sourceX, sourceY: sourceY, into: destination, rect: rect, alpha: alpha)
                    return taken ? Array(targetPixels) : nil
                }
                let destination = try XCTUnwrap(pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(width), Int32(height), targetPixels.baseAddress, Int32(stride * 4)))
                defer { pixman_image_unref(destination) }
                var masks = OpacityMasks()
                defer { masks.release() }
                pixman_image_composite32(
                    PIXMAN_OP_OVER, sourceImage, masks.mask(alpha), destination, sourceX, sourceY, 0, 0, rect.x0, rect.y0,
                    rect.width, rect.height)
                return Array(targetPixels)
            }
        }
    }

    func testImagesAtWholePixelOffsetsGivePixmansPixelsExactly() throws {
        var random = SplitMix64(seed: 23)
        var changed = 0
        for trial in 0..<300 {
            // Widths from 1 to 70: rows of whole steps of eight, of a few pixels only, and of both.
            let imageWidth = 1 + random.int(70), imageHeight = 1 + random.int(40)
            let imageStride = imageWidth + random.int(4)
            let image: [UInt32]
            switch random.int(3) {
            case 0:  // margins, a translucent ring, an opaque middle; the rows padded
                let pixels = RandomPixels.image(&random, width: imageWidth, height: imageHeight)
                image = (0..<imageHeight).flatMap { y in
                    pixels[y * imageWidth..<(y + 1) * imageWidth] + [UInt32](repeating: 0xDEAD_BEEF, count: imageStride - imageWidth)
                }
            case 1:  // every pixel random
                image = RandomPixels.premultiplied(&random, count: imageStride * imageHeight)
            default:  // opaque, or transparent with a few opaque pixels
                let opaque = random.chance(0.5)
                image = (0..<imageStride * imageHeight).map { _ in
                    opaque || random.chance(0.05) ? 0xFF00_0000 | UInt32(random.int(1 << 24)) : 0
                }
            }
            let target = RandomPixels.premultiplied(&random, count: (width + targetPad) * height)
            let sourceX = Int32(random.int(imageWidth)), sourceY = Int32(random.int(imageHeight))
            let partWidth = 1 + random.int(min(imageWidth - Int(sourceX), width))
            let partHeight = 1 + random.int(min(imageHeight - Int(sourceY), height))
            let x0 = Int32(random.int(width - partWidth + 1)), y0 = Int32(random.int(height - partHeight + 1))
            let rect = PixelRect(x0: x0, y0: y0, x1: x0 + Int32(partWidth), y1: y0 + Int32(partHeight))
            let alpha: CGFloat = [1, 1, 0.999, 0.8, 0.5, 0.31, 0.004, 0][random.int(8)]
            let ours = try XCTUnwrap(
                composite(image, imageWidth: imageWidth, imageStride: imageStride, sourceX: sourceX, sourceY: sourceY,
                          onto: target, rect: rect, alpha: alpha, ownLoop: true),
                "trial \(trial): the loop refused a rectangle inside both images")
            let pixmans = try XCTUnwrap(composite(
                image, imageWidth: imageWidth, imageStride: imageStride, sourceX: sourceX, sourceY: sourceY, onto: target,
                rect: rect, alpha: alpha, ownLoop: false))
            if pixmans != target { changed += 1 }
            let differing = PixelComparison.differingCount(ours, pixmans)
            XCTAssertEqual(differing, 0, "trial \(trial) (\(imageWidth)×\(imageHeight), alpha \(alpha)): \(differing) pixels differ from pixman's")
        }
        XCTAssertGreaterThan(changed, 200)
    }

    func testRectanglesReachingOutsideEitherImageAreRefusedAndWriteNothing() throws {
        var random = SplitMix64(seed: 5)
        let image = RandomPixels.premultiplied(&random, count: 20 * 10)
        let target = RandomPixels.premultiplied(&random, count: (width + targetPad) * height)
        let refused: [(Int32, Int32, PixelRect)] = [
            (15, 0, PixelRect(x0: 0, y0: 0, x1: 8, y1: 4)),  // past the image's right edge
            (0, 8, PixelRect(x0: 0, y0: 0, x1: 4, y1: 4)),  // past its bottom
            (-1, 0, PixelRect(x0: 0, y0: 0, x1: 4, y1: 4)),  // before its left edge
            (0, 0, PixelRect(x0: Int32(width) - 2, y0: 0, x1: Int32(width) + 2, y1: 4)),  // past the target's edge
            (0, 0, PixelRect(x0: 0, y0: -2, x1: 4, y1: 2)),  // above the target
            (0, 0, PixelRect(x0: 3, y0: 3, x1: 3, y1: 9)),  // empty
        ]
        for (sourceX, sourceY, rect) in refused {
            XCTAssertNil(
                try composite(image, imageWidth: 20, imageStride: 20, sourceX: sourceX, sourceY: sourceY, onto: target,
                              rect: rect, alpha: 0.5, ownLoop: true),
                "source at \(sourceX), \(sourceY), target \(rect)")
        }
    }
}

/// A renderer compositing with Lamina's loops draws every frame of a scene moving by whole
/// pixels, fading and with group opacity exactly as one compositing with pixman.
@MainActor
final class WholePixelCompositeRenderingTests: XCTestCase {
    func testMovingFadingAndGroupedLayersDrawTheSamePixelsEitherWay() async throws {
        guard WholePixelComposite.runsHere else { throw XCTSkip("the whole-pixel loop needs an x86-64 processor with AVX2") }
        let width = 203, height = 117
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.25, alpha: 0.6)
        var tiles: [CALayer] = []
        for index in 0..<12 {
            let tile = CALayer()
            tile.frame = CGRect(x: 5 + CGFloat(index % 6) * 33, y: 8 + CGFloat(index / 6) * 50, width: 29 + CGFloat(index), height: 37)
            tile.backgroundColor = CGColor(red: 0.08 * CGFloat(index), green: 0.6, blue: 0.3, alpha: index % 3 == 0 ? 1 : 0.75)
            tile.cornerRadius = CGFloat(index % 4) * 3
            tile.borderWidth = index % 2 == 0 ? 2 : 0
            tile.opacity = index % 5 == 0 ? 0.6 : 1
            if index % 4 == 1 {
                // Group opacity over a sublayer: composited from a group image.
                let inner = CALayer()
                inner.frame = CGRect(x: 4, y: 4, width: 14, height: 10)
                inner.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
                tile.addSublayer(inner)
                tile.opacity = 0.7
            }
            root.addSublayer(tile)
            tiles.append(tile)
        }
        CATransaction.flush()
        let context = CARenderContext(rootLayer: root)
        let begin = CACurrentMediaTime()
        for (index, tile) in tiles.enumerated() where index % 3 != 2 {
            tile.add(linearAnimation("opacity", from: 1.0, to: 0.2, duration: 1, begin: begin), forKey: "fade")
        }
        CATransaction.flush()
        let ours = CARenderer(), pixmans = CARenderer()
        ours.ownCompositeLoops = .everyLoopThatRuns
        pixmans.ownCompositeLoops = .none
        var ourPixels = [UInt8](repeating: 0, count: width * height * 4), pixmanPixels = ourPixels
        var previous = ourPixels
        for step in 0..<6 {
            // The tiles that do not fade move by whole pixels through the model.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (index, tile) in tiles.enumerated() where index % 3 == 2 {
                tile.position = CGPoint(x: tile.position.x + CGFloat(step + 1), y: tile.position.y + 1)
            }
            CATransaction.commit()
            CATransaction.flush()
            let time = begin + Double(step) / 6 + 0.02
            ours.update = context.makeRenderUpdate(at: time)
            pixmans.update = context.makeRenderUpdate(at: time)
            try ours.drawUpdateFrame(into: &ourPixels, width: width, height: height, atTime: time, bufferAge: 0)
            try pixmans.drawUpdateFrame(into: &pixmanPixels, width: width, height: height, atTime: time, bufferAge: 0)
            XCTAssertNotEqual(ourPixels, previous, "step \(step): the tiles moved and faded")
            let differing = PixelComparison.differing(ourPixels, pixmanPixels, width: width)
            XCTAssertEqual(differing.count, 0, "step \(step): pixels differ, the first at \(differing.first as Any)")
            previous = ourPixels
        }
    }
}
