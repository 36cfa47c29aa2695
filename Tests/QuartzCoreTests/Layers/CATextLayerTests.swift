import Foundation
import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
//
// Rendering expectations use DejaVu Sans (fonts-dejavu-core), whose metrics per em are
// ascent 0.928, cap height 0.729 and the side bearing of "H" 0.098: with Pango's line
// starting at the top of the bounds, an "H" of size s spans y from (0.928 − 0.729) s to
// 0.928 s and starts 0.098 s right of the line's start.
@MainActor
final class CATextLayerTests: XCTestCase, RenderingSwatches {
    // MARK: - Defaults and key-value coding

    func testDefaultsAreApples() async {
        let text = CATextLayer()
        XCTAssertNil(text.string)
        XCTAssertEqual(text.font as? String, "Helvetica")
        XCTAssertEqual(text.fontSize, 36)
        XCTAssertEqual(text.foregroundColor, CGColor.white)
        XCTAssertFalse(text.isWrapped)
        XCTAssertEqual(text.truncationMode, .none)
        XCTAssertEqual(text.alignmentMode, .natural)
        XCTAssertFalse(text.allowsFontSubpixelQuantization)
    }

    func testModeRawValuesAreApples() async {
        XCTAssertEqual(
            [CATextLayerTruncationMode.none, .start, .end, .middle].map(\.rawValue), ["none", "start", "end", "middle"])
        XCTAssertEqual(
            [CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue),
            ["natural", "left", "right", "center", "justified"])
    }

    func testDefaultValueForEachKey() async {
        XCTAssertNil(CATextLayer.defaultValue(forKey: "string"))
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "font") as? String, "Helvetica")
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat, 36)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "foregroundColor") as? CGColor, CGColor.white)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "wrapped") as? Bool, false)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "truncationMode") as? CATextLayerTruncationMode, CATextLayerTruncationMode.none)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "alignmentMode") as? CATextLayerAlignmentMode, .natural)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "allowsFontSubpixelQuantization") as? Bool, false)
    }

    func testKeyValueCodingReadsAndWritesEveryKey() async {
        let text = CATextLayer()
        text.setValue("Hello", forKey: "string")
        text.setValue("DejaVu Serif", forKey: "font")
        text.setValue(20, forKey: "fontSize")
        text.setValue(red, forKey: "foregroundColor")
        text.setValue(true, forKey: "wrapped")
        text.setValue("middle", forKey: "truncationMode")
        text.setValue("center", forKey: "alignmentMode")
        text.setValue(true, forKey: "allowsFontSubpixelQuantization")
        XCTAssertEqual(text.string as? String, "Hello")
        XCTAssertEqual(text.font as? String, "DejaVu Serif")
        XCTAssertEqual(text.fontSize, 20, "an Int becomes a CGFloat")
        XCTAssertEqual(text.foregroundColor, red)
        XCTAssertTrue(text.isWrapped)
        XCTAssertEqual(text.truncationMode, .middle)
        XCTAssertEqual(text.alignmentMode, .center)
        XCTAssertTrue(text.allowsFontSubpixelQuantization)
        XCTAssertEqual(text.value(forKey: "wrapped") as? Bool, true)
        XCTAssertEqual(text.value(forKey: "alignmentMode") as? CATextLayerAlignmentMode, .center)
    }

    // MARK: - Implicit animations

    func testFontSizeAndForegroundColorAnimateImplicitly() async {
        let world = AnimationWorld(test: self, displayed: true)
        let text = CATextLayer()
        text.string = "Hi"
        _ = world.committedSublayer(text)
        world.animateImplicitly(text, to: 0.25) {
            $0.fontSize = 76
            $0.foregroundColor = self.blue
        }
        XCTAssertEqual(Set(text.animationKeys() ?? []), ["fontSize", "foregroundColor"])
        XCTAssertEqual(Double(text.presentation()?.fontSize ?? 0), lerp(36, 76, 0.25), accuracy: 1e-9)
        // From opaque white (1, 1, 1, 1) to blue (0, 0, 1, 1).
        assertComponents(text.presentation()?.foregroundColor, [lerp(1, 0, 0.25), lerp(1, 0, 0.25), 1, 1])
        world.clock.set(103)
        XCTAssertEqual(Double(text.presentation()?.fontSize ?? 0), lerp(36, 76, 0.75), accuracy: 1e-9)
        assertComponents(text.presentation()?.foregroundColor, [lerp(1, 0, 0.75), lerp(1, 0, 0.75), 1, 1])
    }

    func testOtherTextKeysChangeAtOnce() async {
        let world = AnimationWorld(test: self, displayed: true)
        let text = CATextLayer()
        _ = world.committedSublayer(text)
        world.animateImplicitly(text, to: 0.25) {
            $0.string = "Changed"
            $0.font = "DejaVu Serif"
            $0.isWrapped = true
            $0.truncationMode = .end
            $0.alignmentMode = .right
            $0.allowsFontSubpixelQuantization = true
        }
        XCTAssertNil(text.animationKeys())
        XCTAssertEqual(text.presentation()?.string as? String, "Changed")
        XCTAssertEqual(text.presentation()?.alignmentMode, .right)
    }

    // MARK: - Rendering

    /// A text layer of `frame` in a transparent root of `width` × `height`, drawing
    /// `string` in DejaVu Sans of `size` in red.
    private func textScene(
        _ string: Any?, size: CGFloat = 20, frame: CGRect = CGRect(x: 0, y: 0, width: 200, height: 60),
        width: CGFloat = 200, height: CGFloat = 60
    ) -> (root: CALayer, text: CATextLayer) {
        let root = layer(CGRect(x: 0, y: 0, width: width, height: height))
        let text = CATextLayer()
        text.frame = frame
        text.string = string
        text.font = "DejaVu Sans"
        text.fontSize = size
        text.foregroundColor = red
        root.addSublayer(text)
        return (root, text)
    }

    func testTextIsDrawnFromTheTopLeftInTheForegroundColour() async throws {
        let (root, _) = textScene("HH", size: 40, height: 60)
        let image = try renderImage(of: root, 200, 60)
        let box = try XCTUnwrap(inkBox(of: image))
        // "H" of size 40: x from 3.9, y from 7.96 to 37.1.
        XCTAssertEqual(box.minX, 3, accuracy: 1)
        XCTAssertEqual(box.minY, 8, accuracy: 1)
        XCTAssertEqual(box.maxY, 38, accuracy: 1)
        // Two advances of 0.752 em less the right side bearing: 56.2.
        XCTAssertEqual(box.maxX, 57, accuracy: 1)
        var opaque = 0
        for y in box.minY..<box.maxY {
            for x in box.minX..<box.maxX {
                guard let p = image.pixel(x: x, y: y), p.alpha > 0 else { continue }
                XCTAssertEqual([p.red, p.green, p.blue], [p.alpha, 0, 0], "premultiplied red at (\(x), \(y))")
                if p.alpha == 255 { opaque += 1 }
            }
        }
        XCTAssertGreaterThan(opaque, 100, "the stems are covered fully")
    }

    func testRightAndCentreAlignmentMoveTheInk() async throws {
        let (root, text) = textScene("HH", size: 20)
        text.alignmentMode = .left
        let left = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 60)))
        XCTAssertEqual(left.minX, 2, accuracy: 1)
        text.alignmentMode = .right
        let right = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 60)))
        // The line ends at 200; the ink 0.098 em before it.
        XCTAssertEqual(right.maxX, 198, accuracy: 1)
        XCTAssertEqual(right.maxX - right.minX, left.maxX - left.minX, accuracy: 1, "the same ink, moved")
        text.alignmentMode = .center
        let centre = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 60)))
        XCTAssertEqual(Double(centre.minX + centre.maxX) / 2, 100, accuracy: 1.5)
    }

    func testWrappingBreaksLinesAtTheBoundsWidth() async throws {
        let string = "one two three four five six"
        let (root, text) = textScene(string, size: 16, frame: CGRect(x: 0, y: 0, width: 70, height: 200), height: 200)
        let single = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 200)))
        XCTAssertLessThan(single.maxY - single.minY, 20, "one line (16 points of ascender and descender at most)")
        text.isWrapped = true
        let wrapped = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 200)))
        // About six words of up to 5 letters, ~2 per 70-point line: at least 3 lines of
        // 1.164 em.
        XCTAssertGreaterThan(wrapped.maxY - wrapped.minY, Int(2 * 1.164 * 16))
        XCTAssertLessThanOrEqual(wrapped.maxX, 70)
    }

    func testTextIsClippedToTheBounds() async throws {
        let (root, _) = textScene("HHHHHHHHHHHHHHHH", size: 20, frame: CGRect(x: 10, y: 0, width: 50, height: 60))
        let box = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 60)))
        XCTAssertGreaterThanOrEqual(box.minX, 10)
        XCTAssertLessThanOrEqual(box.maxX, 60)
    }

    /// The vertical extent of the ink in columns `columns`, in pixels.
    private func inkHeight(_ image: CGImage, columns: Range<Int>) -> Int {
        inkBox(of: image, in: (columns, 0..<image.height)).map { $0.maxY - $0.minY } ?? 0
    }

    func testTruncationEndsOrStartsWithAnEllipsisInsideTheBounds() async throws {
        let (root, text) = textScene("HHHHHHHHHHHHHHHHHHHH", size: 20, frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        // Clipped, not truncated: a full-height "H" stem at the right.
        let clipped = try renderImage(of: root, 200, 60)
        let clippedBox = try XCTUnwrap(inkBox(of: clipped))
        text.truncationMode = .end
        let end = try renderImage(of: root, 200, 60)
        let endBox = try XCTUnwrap(inkBox(of: end))
        XCTAssertLessThanOrEqual(endBox.maxX, 100)
        // The last ink is the ellipsis: dots no taller than a fifth of the cap height
        // (14.6 pixels), on the baseline.
        XCTAssertLessThanOrEqual(inkHeight(end, columns: endBox.maxX - 3..<endBox.maxX), 4)
        XCTAssertGreaterThan(inkHeight(end, columns: 0..<10), 12, "an H first")
        text.truncationMode = .start
        let start = try renderImage(of: root, 200, 60)
        let startBox = try XCTUnwrap(inkBox(of: start))
        XCTAssertLessThanOrEqual(inkHeight(start, columns: startBox.minX..<startBox.minX + 3), 4)
        XCTAssertGreaterThan(inkHeight(start, columns: 90..<100), 12, "an H last")
        XCTAssertGreaterThan(clippedBox.maxX - clippedBox.minX, 95, "untruncated text runs to the clip")
    }

    func testWrappedTruncationKeepsTheLinesThatFitTheHeight() async throws {
        let words = Array(repeating: "word", count: 40).joined(separator: " ")
        let (root, text) = textScene(words, size: 16, frame: CGRect(x: 0, y: 0, width: 100, height: 50), height: 200)
        text.isWrapped = true
        text.truncationMode = .end
        let box = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 200)))
        // Lines of 1.164 × 16 = 18.6 points: two fit in 50, the second ends with the
        // ellipsis, and no third line is cut by the bounds (its ink would reach 50).
        XCTAssertLessThanOrEqual(box.maxY, Int((2 * 1.164 * 16).rounded(.up)))
        XCTAssertGreaterThan(box.maxY, Int(1.164 * 16))
        XCTAssertLessThanOrEqual(box.maxX, 100)
    }

    func testGlyphsAreDrawnAtTheDeviceScale() async throws {
        let (root, text) = textScene("HH", size: 20, width: 400, height: 120)
        let one = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 60)))
        text.anchorPoint = .zero
        text.position = .zero
        text.transform = CATransform3DMakeScale(2, 2, 1)
        let image = try renderImage(of: root, 400, 120)
        let two = try XCTUnwrap(inkBox(of: image))
        XCTAssertEqual(two.maxX - two.minX, 2 * (one.maxX - one.minX), accuracy: 2)
        XCTAssertEqual(two.maxY - two.minY, 2 * (one.maxY - one.minY), accuracy: 2)
        // Sharp at twice the scale: each left stem edge rises from clear to opaque within
        // a pixel or two (a bitmap scaled up would take at least two).
        let row = two.minY + (two.maxY - two.minY) / 4
        let alphas = (two.minX - 1...two.minX + 3).map { Int(image.pixel(x: $0, y: row)?.alpha ?? 0) }
        XCTAssertEqual(alphas.first, 0)
        XCTAssertEqual(alphas.filter { $0 > 0 && $0 < 255 }.count, 1, "one partly covered pixel at the edge: \(alphas)")
    }

    func testAttributedRunsUseTheirOwnFontsAndColours() async throws {
        let attributed = NSMutableAttributedString(string: "HHHHHH")
        attributed.addAttribute(.font, value: "DejaVu Sans 20", range: NSRange(location: 0, length: 6))
        attributed.addAttribute(.foregroundColor, value: red, range: NSRange(location: 0, length: 3))
        attributed.addAttribute(.foregroundColor, value: blue, range: NSRange(location: 3, length: 3))
        let (root, text) = textScene(attributed, size: 40)
        text.foregroundColor = green
        let image = try renderImage(of: root, 200, 60)
        let box = try XCTUnwrap(inkBox(of: image))
        // Six H of 20 (the attributed size, not the layer's 40): 6 × 15.04 less bearings.
        XCTAssertEqual(box.maxX, 89, accuracy: 1)
        XCTAssertEqual(box.maxY, 19, accuracy: 1)
        var colours: Set<String> = []
        for y in box.minY..<box.maxY {
            for x in box.minX..<box.maxX {
                guard let p = image.pixel(x: x, y: y), p.alpha == 255 else { continue }
                colours.insert(x < 45 ? "left \(p.red),\(p.green),\(p.blue)" : "right \(p.red),\(p.green),\(p.blue)")
            }
        }
        XCTAssertEqual(colours, ["left 255,0,0", "right 0,0,255"])
    }

    func testNilForegroundColourOrNoStringDrawsNothing() async throws {
        let (root, text) = textScene("HH")
        text.foregroundColor = nil
        XCTAssertNil(inkBox(of: try renderImage(of: root, 200, 60)))
        text.foregroundColor = red
        for nothing: Any? in [nil, "", 42, "\0"] {
            text.string = nothing
            XCTAssertNil(inkBox(of: try renderImage(of: root, 200, 60)), "\(String(describing: nothing))")
        }
    }

    func testCachedRendererShowsTextChanges() async throws {
        let (root, text) = textScene("H", size: 20)
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: 200 * 60 * 4)
        func inkColumns() throws -> Int {
            CATransaction.flush()
            try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: 200, height: 60)
            return (0..<200).filter { x in (0..<60).contains { buffer[($0 * 200 + x) * 4 + 3] > 0 } }.count
        }
        let one = try inkColumns()
        text.string = "HHH"
        let three = try inkColumns()
        XCTAssertGreaterThan(three, 2 * one, "the new string reaches the screen")
        text.fontSize = 40
        XCTAssertGreaterThan(try inkColumns(), three, "so does the new size")
        text.foregroundColor = nil
        XCTAssertEqual(try inkColumns(), 0)
    }

    func testTextDrawnOnManyThreadsAtOnceIsTheSameAsOnOne() async throws {
        let (root, text) = textScene("Hello, wörld — مرحبا 你好 🙂", size: 20)
        text.isWrapped = true
        let tree = root.makeRenderTree()
        let expected = Self.pixels(of: try CALayerCompositor().renderImage(tree, width: 200, height: 60))
        XCTAssertTrue(expected.contains { $0.alpha > 0 })
        let images = Self.renderConcurrently(tree, times: 8)
        XCTAssertEqual(images.count, 8)
        for image in images { XCTAssertTrue(image == expected, "the same pixels on every thread") }
    }

    private nonisolated static func pixels(of image: CGImage) -> [CGImage.Pixel] {
        (0..<image.height).flatMap { y in (0..<image.width).compactMap { image.pixel(x: $0, y: y) } }
    }

    /// The pixels of `tree` drawn `times` times at once on Dispatch's worker threads.
    private nonisolated static func renderConcurrently(_ tree: CARenderLayer, times: Int) -> [[CGImage.Pixel]] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var images: [[CGImage.Pixel]] = []
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: times) { _ in
            guard let image = try? CALayerCompositor().renderImage(tree, width: 200, height: 60) else { return }
            let pixels = pixels(of: image)
            results.lock.lock()
            results.images.append(pixels)
            results.lock.unlock()
        }
        return results.images
    }

    // MARK: - Preferred size

    func testPreferredFrameSizeGrowsWithTheStringAndTheFontSize() async {
        let text = CATextLayer()
        text.font = "DejaVu Sans"
        XCTAssertEqual(text.preferredFrameSize(), .zero, "no string")
        text.string = "Hi"
        let short = text.preferredFrameSize()
        // Line height 1.164 em.
        XCTAssertEqual(short.height, (1.164 * 36).rounded(.up), accuracy: 1)
        text.string = "Hi there"
        let long = text.preferredFrameSize()
        XCTAssertGreaterThan(long.width, short.width)
        XCTAssertEqual(long.height, short.height)
        text.fontSize = 72
        let large = text.preferredFrameSize()
        XCTAssertEqual(large.width, 2 * long.width, accuracy: 2)
        XCTAssertEqual(large.height, 2 * long.height, accuracy: 2)
        text.string = "Hi\nthere"
        XCTAssertEqual(text.preferredFrameSize().height, 2 * large.height, accuracy: 2, "two lines")
    }

    func testANewlineEndingTheStringEndsItsLastLine() async {
        // As a Core Text frame's: no empty line follows. DejaVu Sans Mono ("Menlo") is 1901 +
        // 483 of 2048 units tall, with no line gap (fontTools: `['hhea']`).
        let layer = CATextLayer()
        layer.font = "Menlo" as CFString
        layer.fontSize = 20
        layer.string = "Hi"
        let one = layer.preferredFrameSize()
        layer.string = "Hi\n"
        XCTAssertEqual(layer.preferredFrameSize(), one)
        layer.string = "Hi\n\n"
        XCTAssertEqual(layer.preferredFrameSize().height, (2 * (1901.0 + 483) * 20 / 2048).rounded(.up))
    }

    func testWrappedTruncatedTextEndsWithTheLastLineThatFitsWithItsLeading() async throws {
        // Helvetica's match, Nimbus Sans, is 729 + 271 of 1000 units tall with a line gap of
        // 200 (fontTools: `['hhea']`): at 20 points a line is 20 points, 24 with its leading.
        // In 60 points three lines fit without the leading, two with it (the third's bottom
        // would be at 68); the second is the one truncated, and nothing is drawn below it.
        let (root, text) = textScene(String(repeating: "word ", count: 40), frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        text.font = "Helvetica" as CFString
        text.isWrapped = true
        text.truncationMode = .end
        let image = try renderImage(of: root, 200, 60)
        XCTAssertNotNil(inkBox(of: image, in: (0..<200, 24..<44)), "the second line")
        XCTAssertNil(inkBox(of: image, in: (0..<200, 45..<60)), "no third line cut by the bounds")
    }

    func testPreferredFrameSizeWrapsToTheBoundsWidth() async {
        let text = CATextLayer()
        text.string = "one two three four five six"
        text.fontSize = 16
        text.bounds = CGRect(x: 0, y: 0, width: 70, height: 10)
        let line = text.preferredFrameSize()
        text.isWrapped = true
        let wrapped = text.preferredFrameSize()
        XCTAssertLessThanOrEqual(wrapped.width, 70)
        // At least three lines: one line's height is rounded up to a whole point alone.
        XCTAssertGreaterThan(wrapped.height, 3 * (line.height - 1))
    }

    // MARK: - Bad input

    func testBadInputDrawsWhatItCanWithoutCrashing() async throws {
        let (root, text) = textScene("HH")
        text.fontSize = .nan
        let nanBox = try XCTUnwrap(inkBox(of: try renderImage(of: root, 200, 60)), "NaN draws at 36")
        XCTAssertEqual(nanBox.maxY, Int((0.928 * 36).rounded(.up)), accuracy: 1)
        text.fontSize = -5
        XCTAssertNil(inkBox(of: try renderImage(of: root, 200, 60)), "a negative size draws nothing")
        text.fontSize = 1e12
        _ = try renderImage(of: root, 200, 60)
        _ = text.preferredFrameSize()
        text.fontSize = 20
        text.font = "No Such Font-Bold"
        XCTAssertNotNil(inkBox(of: try renderImage(of: root, 200, 60)), "an unknown font falls back")
        text.font = 42
        XCTAssertNotNil(inkBox(of: try renderImage(of: root, 200, 60)), "a font of another type falls back")
        text.font = ""
        XCTAssertNotNil(inkBox(of: try renderImage(of: root, 200, 60)))
        text.string = "a\0b"
        XCTAssertNotNil(inkBox(of: try renderImage(of: root, 200, 60)), "NUL characters are dropped")
        text.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        _ = try renderImage(of: root, 200, 60)
        _ = text.preferredFrameSize()
    }

    func testHugeStringsAreLaidOutInBoundedTime() async throws {
        let (root, text) = textScene(String(repeating: "word ", count: 400_000), size: 12)
        text.isWrapped = true
        let start = Date()
        _ = try renderImage(of: root, 200, 60)
        let size = text.preferredFrameSize()
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertGreaterThan(size.height, 60)
        XCTAssertLessThan(size.height, 200_000, "only the first 64 KiB are laid out")
    }
}
