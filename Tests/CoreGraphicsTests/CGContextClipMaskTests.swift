import CoreGraphics
import TestSupport
import XCTest

/// `clip(to:mask:)`: an image's alpha (or, for an opaque image, its gray level) mapped into
/// a rectangle becomes part of the clip. Masks are scaled with nearest-neighbour sampling so
/// every expected pixel is exact.
final class CGContextClipMaskTests: XCTestCase {
    private let red = px(255, 0, 0)
    private let clear = rgba(0, 0, 0, 0)

    private func makeContext(_ width: Int, _ height: Int) throws -> CGContext {
        let ctx = try XCTUnwrap(makeBitmapContext(width: width, height: height))
        ctx.interpolationQuality = .none
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        return ctx
    }

    private func fillAll(_ ctx: CGContext) {
        ctx.fill(CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height))
    }

    func testATranslucentMaskClipsByItsAlpha() throws {
        let ctx = try makeContext(4, 2)
        let mask = makeImage(width: 2, height: 1) { x, _ in x == 0 ? rgba(0, 0, 0, 255) : rgba(0, 0, 0, 0) }
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 2), mask: mask)
        fillAll(ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 0, y: 0, width: 2, height: 2), inside: red, outside: clear)
    }

    func testAnOpaqueMaskClipsByItsGrayLevel() throws {
        let ctx = try makeContext(2, 1)
        let mask = makeImage(width: 2, height: 1) { x, _ in x == 0 ? px(255, 255, 255) : px(128, 128, 128) }
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1), mask: mask)
        fillAll(ctx)
        let image = ctx.makeImage()
        assertPixel(image, 0, 0, red)
        assertPixel(image, 1, 0, rgba(128, 0, 0, 128))
    }

    func testTheMasksTopRowGoesToTheRectsTopInAYUpContext() throws {
        let ctx = try makeContext(2, 2)
        let mask = makeImage(width: 1, height: 2) { _, y in y == 0 ? px(255, 255, 255) : px(0, 0, 0) }
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: mask)
        fillAll(ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 0, y: 0, width: 2, height: 1), inside: red, outside: clear)
    }

    func testNothingOutsideTheRectIsDrawn() throws {
        let ctx = try makeContext(4, 2)
        let white = makeImage(width: 1, height: 1) { _, _ in px(255, 255, 255) }
        ctx.clip(to: CGRect(x: 1, y: 0, width: 2, height: 2), mask: white)
        XCTAssertEqual(ctx.boundingBoxOfClipPath, CGRect(x: 1, y: 0, width: 2, height: 2))
        fillAll(ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 1, y: 0, width: 2, height: 2), inside: red, outside: clear)
    }

    func testTwoMasksIntersect() throws {
        let ctx = try makeContext(4, 4)
        let left = makeImage(width: 2, height: 1) { x, _ in x == 0 ? px(255, 255, 255) : px(0, 0, 0) }
        let top = makeImage(width: 1, height: 2) { _, y in y == 0 ? px(255, 255, 255) : px(0, 0, 0) }
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: left)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: top)
        fillAll(ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 0, y: 0, width: 2, height: 2), inside: red, outside: clear)
    }

    func testRestoringTheStateAndResettingTheClipRemoveTheMask() throws {
        let ctx = try makeContext(2, 2)
        let black = makeImage(width: 1, height: 1) { _, _ in px(0, 0, 0) }
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: black)
        fillAll(ctx)
        assertPixels(ctx.makeImage(), .zero, inside: red, outside: clear)
        ctx.restoreGState()
        fillAll(ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 0, y: 0, width: 2, height: 2), inside: red)

        let reset = try makeContext(2, 2)
        reset.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: black)
        reset.resetClip()
        fillAll(reset)
        assertPixels(reset.makeImage(), CGRect(x: 0, y: 0, width: 2, height: 2), inside: red)
    }

    func testAnEmptyOrNonFiniteRectClipsEverythingAway() throws {
        let white = makeImage(width: 1, height: 1) { _, _ in px(255, 255, 255) }
        for rect in [CGRect.zero, CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2), CGRect.null] {
            let ctx = try makeContext(2, 2)
            ctx.clip(to: rect, mask: white)
            fillAll(ctx)
            assertPixels(ctx.makeImage(), .zero, inside: red, outside: clear)
        }
    }
}
