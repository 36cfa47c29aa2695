import CoreGraphics
import TestSupport
import XCTest

/// Edge pixels of anti-aliased shapes are checked within ±2 per channel of the coverage
/// value computed by hand; pixels fully inside or outside must be exact.
final class CGContextDrawingTests: XCTestCase {
    private func context(_ width: Int = 20, _ height: Int = 20) throws -> CGContext {
        try XCTUnwrap(makeContext(width: width, height: height))
    }

    func testFillPathFillsInsideExactlyAndEdgesByCoverage() throws {
        let c = try context()
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.addRect(CGRect(x: 2.5, y: 2, width: 5, height: 4))  // x 2.5..7.5, rows 14..17
        c.fillPath()
        XCTAssertTrue(c.isPathEmpty)
        let image = c.makeImage()
        assertPixel(image, 4, 15, px(0, 255, 0))
        assertPixel(image, 2, 15, px(0, 128, 0, 128), tolerance: 2)
        assertPixel(image, 7, 15, px(0, 128, 0, 128), tolerance: 2)
        assertPixel(image, 8, 15, px(0, 0, 0, 0))
        assertPixel(image, 4, 13, px(0, 0, 0, 0))
        assertPixel(image, 4, 18, px(0, 0, 0, 0))
    }

    func testEvenOddFillLeavesHole() throws {
        let c = try context()
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.fillPath(using: .evenOdd)
        let image = c.makeImage()
        assertPixel(image, 10, 10, px(0, 0, 0, 0))
        assertPixel(image, 2, 2, px(0, 0, 0))
    }

    func testStrokeRectPaintsCenteredOutline() throws {
        let c = try context()
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.setLineWidth(2)
        c.stroke(CGRect(x: 5, y: 5, width: 10, height: 10))  // outline covers x 4..6 and 14..16
        let image = c.makeImage()
        assertPixel(image, 4, 10, px(255, 0, 0))
        assertPixel(image, 5, 10, px(255, 0, 0))
        assertPixel(image, 6, 10, px(0, 0, 0, 0))
        assertPixel(image, 10, 10, px(0, 0, 0, 0))
        assertPixel(image, 15, 10, px(255, 0, 0))
        assertPixel(image, 10, 20 - 5, px(255, 0, 0))  // bottom edge y 4..6 → rows 14, 15
    }

    func testFillAndStrokeEllipse() throws {
        let c = try context()
        c.setFillColor(gray: 1, alpha: 1)
        c.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = c.makeImage()
        assertPixel(image, 10, 10, px(255, 255, 255))
        assertPixel(image, 0, 0, px(0, 0, 0, 0))
        assertPixel(image, 19, 19, px(0, 0, 0, 0))
        c.clear(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.setStrokeColor(gray: 1, alpha: 1)
        c.setLineWidth(2)
        c.strokeEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        let stroked = c.makeImage()
        assertPixel(stroked, 10, 10, px(0, 0, 0, 0))
        assertPixel(stroked, 2, 10, px(255, 255, 255))
    }

    func testDrawPathFillStrokeUsesBothColours() throws {
        let c = try context()
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.setLineWidth(4)
        c.addRect(CGRect(x: 4, y: 4, width: 12, height: 12))
        c.drawPath(using: .fillStroke)
        let image = c.makeImage()
        assertPixel(image, 10, 10, px(0, 0, 255))
        assertPixel(image, 4, 10, px(255, 0, 0))
        assertPixel(image, 2, 10, px(255, 0, 0))
    }

    func testFillRectsAndAlpha() throws {
        let c = try context()
        c.setAlpha(0.5)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill([CGRect(x: 0, y: 0, width: 5, height: 5), CGRect(x: 10, y: 10, width: 5, height: 5)])
        let image = c.makeImage()
        assertPixel(image, 2, 17, px(128, 128, 128, 128), tolerance: 1)
        assertPixel(image, 12, 7, px(128, 128, 128, 128), tolerance: 1)
        assertPixel(image, 7, 12, px(0, 0, 0, 0))
    }

    func testLineDashLeavesGaps() throws {
        let c = try context(20, 4)
        c.setStrokeColor(gray: 0, alpha: 1)
        c.setLineWidth(2)
        c.setLineDash(phase: 0, lengths: [4, 4])
        c.move(to: CGPoint(x: 0, y: 2))
        c.addLine(to: CGPoint(x: 20, y: 2))
        c.strokePath()
        let image = c.makeImage()
        assertPixel(image, 1, 1, px(0, 0, 0))
        assertPixel(image, 5, 1, px(0, 0, 0, 0))
        assertPixel(image, 9, 1, px(0, 0, 0))
        let lines = standardErrorLines { c.setLineDash(phase: 0, lengths: [-1]) }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertEqual(lines.first?.hasPrefix("CGContextSetLineDash"), true, "\(lines)")
    }

    func testLineCapSquareExtendsStroke() throws {
        let c = try context(20, 4)
        c.setLineWidth(2)
        c.setLineCap(.square)
        c.move(to: CGPoint(x: 5, y: 2))
        c.addLine(to: CGPoint(x: 10, y: 2))
        c.strokePath()
        let image = c.makeImage()
        assertPixel(image, 4, 1, px(0, 0, 0))
        assertPixel(image, 10, 1, px(0, 0, 0))
        assertPixel(image, 11, 1, px(0, 0, 0, 0))
        assertPixel(image, 3, 1, px(0, 0, 0, 0))
    }

    func testRotateByQuarterTurnMovesRect() throws {
        let c = try context()
        c.translateBy(x: 10, y: 10)
        c.rotate(by: .pi / 2)
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 2))  // → device x -2..0, y 0..5 around (10, 10)
        let image = c.makeImage()
        assertPixel(image, 9, 7, px(0, 0, 0))
        assertPixel(image, 8, 5, px(0, 0, 0))
        assertPixel(image, 12, 7, px(0, 0, 0, 0))
    }

    func testClipToRectLimitsDrawingAndBoundingBox() throws {
        let c = try context()
        XCTAssertEqual(c.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 20, height: 20))
        c.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(c.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 10, height: 10))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = c.makeImage()
        assertPixel(image, 5, 15, px(0, 0, 0))
        assertPixel(image, 15, 15, px(0, 0, 0, 0))
        assertPixel(image, 5, 5, px(0, 0, 0, 0))
    }

    func testClipToPathEvenOddAndRestore() throws {
        let c = try context()
        c.saveGState()
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.clip(using: .evenOdd)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = c.makeImage()
        assertPixel(image, 10, 10, px(0, 0, 0, 0))
        assertPixel(image, 2, 2, px(0, 0, 0))
        c.restoreGState()
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        assertPixel(c.makeImage(), 10, 10, px(0, 0, 0))
    }

    func testClipToRectsUnion() throws {
        let c = try context()
        c.clip(to: [CGRect(x: 0, y: 0, width: 5, height: 5), CGRect(x: 15, y: 15, width: 5, height: 5)])
        XCTAssertEqual(c.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 20, height: 20))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = c.makeImage()
        assertPixel(image, 2, 17, px(0, 0, 0))
        assertPixel(image, 17, 2, px(0, 0, 0))
        assertPixel(image, 10, 10, px(0, 0, 0, 0))
    }

    func testBlendModesOnKnownColours() throws {
        func blend(_ mode: CGBlendMode) throws -> CGImage.Pixel? {
            let c = try context(2, 2)
            c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            c.setBlendMode(mode)
            c.setFillColor(red: 0.5, green: 0.5, blue: 1, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            return c.makeImage()?.pixel(x: 0, y: 0)
        }
        let near: (CGImage.Pixel?, CGImage.Pixel) -> Bool = { a, b in
            guard let a else { return false }
            return [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)]
                .allSatisfy { abs(Int($0.0) - Int($0.1)) <= 1 }
        }
        XCTAssertTrue(near(try blend(.normal), px(128, 128, 255)))
        XCTAssertTrue(near(try blend(.multiply), px(128, 64, 0)))
        XCTAssertTrue(near(try blend(.screen), px(255, 191, 255)))
        XCTAssertTrue(near(try blend(.darken), px(128, 128, 0)))
        XCTAssertTrue(near(try blend(.lighten), px(255, 128, 255)))
        XCTAssertTrue(near(try blend(.difference), px(127, 0, 255)))
        XCTAssertTrue(near(try blend(.plusLighter), px(255, 255, 255)))
        // S + D − 1 on each opaque component: (0.502 + 1 − 1, 0.502 + 0.502 − 1, 1 + 0 − 1).
        XCTAssertTrue(near(try blend(.plusDarker), px(128, 1, 0)))
        XCTAssertTrue(near(try blend(.clear), px(0, 0, 0, 0)))
        XCTAssertTrue(near(try blend(.destinationOver), px(255, 128, 0)))
    }

    // Plus-darker by hand, premultiplied: Ra = MIN(1, Sa + Da), R = MAX(0, Ra − ((Da − D) + (Sa − S))).
    // The source (0.5, 0.5, 1) at alpha 0.5 is S = (0.25, 0.25, 0.5), Sa = 0.5; over the opaque
    // D = (1, 0.5, 0): R = (1 − 0.25, 1 − (0.5 + 0.25), MAX(0, 1 − (1 + 0))) = (0.75, 0.25, 0);
    // over transparency: R = S.
    private let plusDarkerOverOrange = px(191, 64, 0)
    private let plusDarkerOverNothing = px(64, 64, 128, 128)

    private func fillForPlusDarker(_ c: CGContext, _ rect: CGRect) {
        c.setBlendMode(.plusDarker)
        c.setFillColor(red: 0.5, green: 0.5, blue: 1, alpha: 0.5)
        c.fill(rect)
    }

    func testPlusDarkerCombinesTranslucentColoursByApplesFormula() throws {
        let c = try context(6, 2)
        c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        fillForPlusDarker(c, CGRect(x: 1, y: 0, width: 4, height: 2))
        let image = c.makeImage()
        assertPixel(image, 0, 0, px(255, 128, 0), tolerance: 0)  // outside the shape: unchanged
        assertPixel(image, 2, 0, plusDarkerOverOrange, tolerance: 1)
        assertPixel(image, 4, 1, plusDarkerOverNothing, tolerance: 1)
        assertPixel(image, 5, 1, px(0, 0, 0, 0), tolerance: 0)
    }

    func testPlusDarkerStaysInsideTheClip() throws {
        let c = try context(6, 2)
        c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 6, height: 2))
        c.clip(to: CGRect(x: 2, y: 0, width: 2, height: 2))
        fillForPlusDarker(c, CGRect(x: 0, y: 0, width: 6, height: 2))
        let image = c.makeImage()
        assertPixel(image, 1, 0, px(255, 128, 0), tolerance: 0)
        assertPixel(image, 2, 0, plusDarkerOverOrange, tolerance: 1)
        assertPixel(image, 3, 1, plusDarkerOverOrange, tolerance: 1)
        assertPixel(image, 4, 1, px(255, 128, 0), tolerance: 0)
    }

    func testPlusDarkerInATransparencyLayerAndAnOpaqueContext() throws {
        let layered = try context(4, 2)
        layered.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        layered.beginTransparencyLayer(auxiliaryInfo: nil)
        layered.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        fillForPlusDarker(layered, CGRect(x: 0, y: 0, width: 4, height: 2))
        layered.endTransparencyLayer()
        assertPixel(layered.makeImage(), 1, 0, plusDarkerOverOrange, tolerance: 1)
        assertPixel(layered.makeImage(), 3, 0, plusDarkerOverNothing, tolerance: 1)

        let opaque = try XCTUnwrap(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        opaque.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        opaque.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        fillForPlusDarker(opaque, CGRect(x: 0, y: 0, width: 2, height: 2))
        assertPixel(opaque.makeImage(), 0, 0, plusDarkerOverOrange, tolerance: 1)
    }

    func testShouldAntialiasOffGivesHardEdges() throws {
        let c = try context()
        c.setShouldAntialias(false)
        c.fill(CGRect(x: 2.5, y: 2, width: 5, height: 4))
        let image = try XCTUnwrap(c.makeImage())
        for x in 0..<20 {
            let alpha = try XCTUnwrap(image.pixel(x: x, y: 15)).alpha
            XCTAssertTrue(alpha == 0 || alpha == 255, "pixel \(x) has alpha \(alpha)")
        }
    }

    func testContextPathQueries() throws {
        let c = try context()
        XCTAssertTrue(c.isPathEmpty)
        XCTAssertTrue(c.boundingBoxOfPath.isNull)
        XCTAssertNil(c.path)
        c.move(to: CGPoint(x: 1, y: 2))
        c.addLine(to: CGPoint(x: 5, y: 2))
        c.addQuadCurve(to: CGPoint(x: 5, y: 8), control: CGPoint(x: 9, y: 5))
        XCTAssertFalse(c.isPathEmpty)
        assertPoint(c.currentPointOfPath, CGPoint(x: 5, y: 8))
        XCTAssertEqual(c.path?.boundingBoxOfPath.maxX ?? 0, 7, accuracy: 1.0 / 256)
        c.closePath()
        XCTAssertTrue(c.pathContains(CGPoint(x: 5, y: 4), mode: .fill))
        XCTAssertFalse(c.pathContains(CGPoint(x: 15, y: 4), mode: .fill))
        c.beginPath()
        XCTAssertTrue(c.isPathEmpty)
        c.addLine(to: CGPoint(x: 3, y: 3))
        XCTAssertTrue(c.isPathEmpty, "addLine without a current point is ignored")
    }

    func testAddPathDrawsCGPathInUserSpace() throws {
        let c = try context()
        c.translateBy(x: 10, y: 0)
        c.addPath(CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil))
        c.fillPath()
        let image = c.makeImage()
        assertPixel(image, 12, 17, px(0, 0, 0))
        assertPixel(image, 2, 17, px(0, 0, 0, 0))
    }

    func testArcClockwiseInFlippedAndUnflippedSpaces() throws {
        // Quarter pie from angle 0 to π/2, counter-clockwise in y-up space: the upper-right
        // quadrant in a bitmap context (image top-right), the lower-right in a layer context.
        func pie(_ c: CGContext, clockwise: Bool) {
            c.move(to: CGPoint(x: 10, y: 10))
            c.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            c.closePath()
            c.fillPath()
        }
        let bitmap = try context()
        pie(bitmap, clockwise: false)
        assertPixel(bitmap.makeImage(), 13, 6, px(0, 0, 0))
        assertPixel(bitmap.makeImage(), 13, 13, px(0, 0, 0, 0))
        let layer = try XCTUnwrap(CGContext.layerContext(width: 20, height: 20, scale: 1))
        pie(layer, clockwise: false)
        assertPixel(layer.makeImage(), 13, 13, px(0, 0, 0))
        assertPixel(layer.makeImage(), 13, 6, px(0, 0, 0, 0))
        let clockwise = try context()
        pie(clockwise, clockwise: true)  // the other three quadrants
        assertPixel(clockwise.makeImage(), 13, 6, px(0, 0, 0, 0))
        assertPixel(clockwise.makeImage(), 6, 6, px(0, 0, 0))
        assertPixel(clockwise.makeImage(), 13, 13, px(0, 0, 0))
    }

    func testScaleByZeroDrawsNothingAndRecovers() throws {
        let c = try context()
        c.saveGState()
        c.scaleBy(x: 0, y: 0)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.restoreGState()
        assertPixel(c.makeImage(), 10, 10, px(0, 0, 0, 0))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        assertPixel(c.makeImage(), 10, 10, px(0, 0, 0))
    }

    func testUnbalancedRestoreIsIgnored() throws {
        let c = try context()
        let lines = standardErrorLines { c.restoreGState() }
        XCTAssertEqual(lines, ["CGContextRestoreGState: invalid context: no saved graphics state to restore"])
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        assertPixel(c.makeImage(), 0, 19, px(0, 0, 0))
    }

    func testTransparencyLayerCompositesWithGroupAlpha() throws {
        let c = try context()
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 5, y: 0, width: 10, height: 20))
        c.endTransparencyLayer()
        let image = c.makeImage()
        // Overlap shows only the top (blue) at half alpha, not blue over half-red.
        assertPixel(image, 7, 10, px(0, 0, 128, 128), tolerance: 1)
        assertPixel(image, 2, 10, px(128, 0, 0, 128), tolerance: 1)
        let lines = standardErrorLines { c.endTransparencyLayer() }
        XCTAssertEqual(lines, ["CGContextEndTransparencyLayer: no transparency layer to end"])
    }
}

final class CGContextBlendBoundsTests: XCTestCase {
    func testSourceInIsUnboundedButCopyIsBounded() throws {
        func draw(_ mode: CGBlendMode) throws -> CGImage? {
            let c = try XCTUnwrap(makeContext(width: 10, height: 1))
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
            c.setBlendMode(mode)
            c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 5, height: 1))
            return c.makeImage()
        }
        let sourceIn = try draw(.sourceIn)
        assertPixel(sourceIn, 2, 0, px(0, 0, 255))
        assertPixel(sourceIn, 7, 0, px(0, 0, 0, 0))
        let copy = try draw(.copy)
        assertPixel(copy, 2, 0, px(0, 0, 255))
        assertPixel(copy, 7, 0, px(255, 0, 0))
    }
}
