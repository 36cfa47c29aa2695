import CPixman
import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// Lamina's own loop for turned images gives exactly the pixels pixman gives: bilinear
/// samples, the opacity mask and OVER, inside the image, across its edges and outside it.
final class ResampledCompositeTests: XCTestCase {
    private let width = 96, height = 72

    /// `target` after compositing `image` through `deviceToImage` into `rect` with `alpha`,
    /// by Lamina's loop (`ownLoop`) or by pixman as the painter calls it.
    private func composite(
        _ image: [UInt32], imageWidth: Int, onto target: [UInt32], deviceToImage: CGAffineTransform, rect: PixelRect,
        alpha: CGFloat, ownLoop: Bool
    ) throws -> [UInt32] {
        var source = image, result = target
        return try source.withUnsafeMutableBufferPointer { sourcePixels in
            let sourceImage = try XCTUnwrap(pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(imageWidth), Int32(image.count / imageWidth), sourcePixels.baseAddress, Int32(imageWidth * 4)))
            defer { pixman_image_unref(sourceImage) }
            try result.withUnsafeMutableBufferPointer { targetPixels in
                if ownLoop {
                    let turned = try XCTUnwrap(ResampledComposite.turning(sourceImage, deviceToImage: deviceToImage))
                    turned.composite(
                        into: targetPixels.baseAddress!, width: width, height: height, bytesPerRow: width * 4, rect: rect, alpha: alpha)
                    return
                }
                try XCTUnwrap(TransformedImage(sourceImage, deviceToImage: deviceToImage)).compositeOver(
                    into: targetPixels.baseAddress!, width: width, height: height, bytesPerRow: width * 4, rect: rect, alpha: alpha)
            }
            return result
        }
    }

    func testTurnedScaledAndSkewedImagesGivePixmansPixelsExactly() throws {
        var random = SplitMix64(seed: 7)
        var changed = 0
        for trial in 0..<200 {
            let imageWidth = 8 + random.int(40), imageHeight = 8 + random.int(30)
            let image = RandomPixels.image(&random, width: imageWidth, height: imageHeight)
            let target = RandomPixels.premultiplied(&random, count: width * height)
            let x0 = Int32(random.int(width / 2)), y0 = Int32(random.int(height / 2))
            let rect = PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int32(random.int(width - Int(x0))), y1: y0 + 1 + Int32(random.int(height - Int(y0))))
            // Image to device: its centre to the origin, a turn, a scale, sometimes a skew,
            // then to a sub-pixel position inside the rectangle or up to 30 pixels off it
            // (the image wholly inside it, across its edges, or outside it).
            var toDevice = CGAffineTransform(translationX: -CGFloat(imageWidth) / 2, y: -CGFloat(imageHeight) / 2)
                .concatenating(CGAffineTransform(rotationAngle: random.uniform(-3.2, 3.2)))
                .concatenating(CGAffineTransform(scaleX: random.uniform(0.4, 2.5), y: random.uniform(0.4, 2.5)))
            if random.chance(0.3) { toDevice = toDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: random.uniform(-0.6, 0.6), d: 1, tx: 0, ty: 0)) }
            toDevice = toDevice.concatenating(CGAffineTransform(
                translationX: CGFloat(rect.x0) + random.uniform(-30, Double(rect.width) + 30),
                y: CGFloat(rect.y0) + random.uniform(-30, Double(rect.height) + 30)))
            let alpha: CGFloat = [1, 1, 0.999, 0.73, 0.31, 0.004, 0][random.int(7)]
            let deviceToImage = toDevice.inverted()
            let ours = try composite(image, imageWidth: imageWidth, onto: target, deviceToImage: deviceToImage, rect: rect, alpha: alpha, ownLoop: true)
            let pixmans = try composite(image, imageWidth: imageWidth, onto: target, deviceToImage: deviceToImage, rect: rect, alpha: alpha, ownLoop: false)
            if pixmans != target { changed += 1 }
            let differing = PixelComparison.differingCount(ours, pixmans)
            XCTAssertEqual(differing, 0, "trial \(trial): \(differing) pixels differ from pixman's")
        }
        // Some trials put the image outside their rectangle; most must have drawn something.
        XCTAssertGreaterThan(changed, 60)
    }

    func testImagesOnePixelWideOrHighGivePixmansPixelsExactly() throws {
        // Every sample of such an image reaches across its edge: none has four pixels inside.
        var random = SplitMix64(seed: 13)
        for trial in 0..<60 {
            let (imageWidth, imageHeight) = trial % 3 == 0 ? (1, 1 + random.int(40)) : trial % 3 == 1 ? (1 + random.int(40), 1) : (1, 1)
            let image = RandomPixels.premultiplied(&random, count: imageWidth * imageHeight)
            let target = RandomPixels.premultiplied(&random, count: width * height)
            let toDevice = CGAffineTransform(scaleX: random.uniform(0.5, 8), y: random.uniform(0.5, 8))
                .concatenating(CGAffineTransform(rotationAngle: random.uniform(-3.2, 3.2)))
                .concatenating(CGAffineTransform(translationX: random.uniform(10, 80), y: random.uniform(10, 60)))
            let rect = PixelRect(x0: 0, y0: 0, x1: Int32(width), y1: Int32(height))
            let alpha: CGFloat = [1, 0.6][random.int(2)]
            let ours = try composite(image, imageWidth: imageWidth, onto: target, deviceToImage: toDevice.inverted(), rect: rect, alpha: alpha, ownLoop: true)
            let pixmans = try composite(image, imageWidth: imageWidth, onto: target, deviceToImage: toDevice.inverted(), rect: rect, alpha: alpha, ownLoop: false)
            XCTAssertNotEqual(pixmans, target, "trial \(trial): the image reaches the target")
            XCTAssertEqual(PixelComparison.differingCount(ours, pixmans), 0, "trial \(trial): \(imageWidth)×\(imageHeight)")
        }
    }

    func testSamplePositionsBeyondFixedPointLeaveTheTargetAsPixmanLeavesIt() throws {
        // Device to image scales by 400 about the first pixel's centre: the transform has a
        // 16.16 form, but sample positions across the target leave it. pixman composites
        // nothing then; the loop refuses and leaves the target to pixman, unchanged.
        var random = SplitMix64(seed: 11)
        let image = RandomPixels.image(&random, width: 20, height: 20)
        let target = RandomPixels.premultiplied(&random, count: width * height)
        let deviceToImage = CGAffineTransform(translationX: 10, y: 10).scaledBy(x: 400, y: 400).rotated(by: 0.2)
            .translatedBy(x: -0.5, y: -0.5)
        let rect = PixelRect(x0: 0, y0: 0, x1: Int32(width), y1: Int32(height))
        let ours = try composite(image, imageWidth: 20, onto: target, deviceToImage: deviceToImage, rect: rect, alpha: 0.5, ownLoop: true)
        XCTAssertEqual(
            ours, try composite(image, imageWidth: 20, onto: target, deviceToImage: deviceToImage, rect: rect, alpha: 0.5, ownLoop: false))
        XCTAssertEqual(ours, target)
    }

    func testATransformThatDoesNotTurnIsLeftToPixmansFastPaths() throws {
        var pixels = [UInt32](repeating: 0xFF00_0000, count: 16)
        try pixels.withUnsafeMutableBufferPointer { bits in
            let image = try XCTUnwrap(pixman_image_create_bits(PIXMAN_a8r8g8b8, 4, 4, bits.baseAddress, 16))
            defer { pixman_image_unref(image) }
            XCTAssertNil(ResampledComposite.turning(image, deviceToImage: CGAffineTransform(a: 1.5, b: 0, c: 0, d: 0.7, tx: 0.3, ty: 2)))
            XCTAssertNotNil(ResampledComposite.turning(image, deviceToImage: CGAffineTransform(rotationAngle: 0.01)))
        }
    }
}

/// A renderer resampling turned layers with Lamina's loop draws every frame of a turning,
/// fading, shadowed scene exactly as one resampling them with pixman.
@MainActor
final class ResampledCompositeRenderingTests: XCTestCase {
    func testTurningShadowedCardsDrawTheSamePixelsEitherWay() async throws {
        let width = 240, height = 160
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.85, alpha: 1)
        var cards: [CALayer] = []
        for index in 0..<3 {
            let card = CALayer()
            card.frame = CGRect(x: 20 + CGFloat(index) * 70, y: 30 + CGFloat(index) * 12, width: 64, height: 80)
            card.backgroundColor = CGColor(red: 0.2 * CGFloat(index), green: 0.5, blue: 0.8, alpha: index == 1 ? 0.7 : 1)
            card.cornerRadius = 9
            card.borderWidth = 2
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            card.masksToBounds = index == 2
            let title = CALayer()
            title.frame = CGRect(x: 8, y: 8, width: 40, height: 12)
            title.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
            card.addSublayer(title)
            root.addSublayer(card)
            cards.append(card)
        }
        CATransaction.flush()
        let context = CARenderContext(rootLayer: root)
        let begin = CACurrentMediaTime()
        for (index, card) in cards.enumerated() {
            card.add(
                linearAnimation("transform.rotation.z", from: -0.2, to: 0.25 + 0.1 * Double(index), duration: 1, begin: begin),
                forKey: "turn")
            card.add(linearAnimation("opacity", from: 1.0, to: 0.4, duration: 1, begin: begin), forKey: "fade")
        }
        CATransaction.flush()
        let ours = CARenderer(), pixmans = CARenderer()
        ours.ownCompositeLoops = .everyLoopThatRuns
        pixmans.ownCompositeLoops = .none
        ours.update = context.makeRenderUpdate(at: begin)
        pixmans.update = context.makeRenderUpdate(at: begin)
        var ourPixels = [UInt8](repeating: 0, count: width * height * 4), pixmanPixels = ourPixels
        func draw(_ renderer: CARenderer, _ buffer: inout [UInt8], at time: CFTimeInterval) throws {
            try renderer.drawUpdateFrame(into: &buffer, width: width, height: height, atTime: time, bufferAge: 0)
        }
        var previous = ourPixels
        for step in 0..<8 {
            let time = begin + Double(step) / 8 + 0.031
            try draw(ours, &ourPixels, at: time)
            try draw(pixmans, &pixmanPixels, at: time)
            XCTAssertGreaterThan(ours.approximatedBitmapCount, 0, "step \(step): the cards are resampled while they turn")
            XCTAssertNotEqual(ourPixels, previous, "step \(step): the cards moved")
            let differing = PixelComparison.differing(ourPixels, pixmanPixels, width: width)
            XCTAssertEqual(differing.count, 0, "step \(step): pixels differ, the first at \(differing.first as Any)")
            previous = ourPixels
        }
    }
}
