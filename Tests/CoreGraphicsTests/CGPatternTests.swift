import CoreGraphics
import TestSupport
import XCTest

/// A pattern's `info`: counts the releases of the info it was made with.
private final class ReleaseCounter: @unchecked Sendable {
    var releases = 0
}

final class CGPatternTests: XCTestCase {
    private let red = px(255, 0, 0), blue = px(0, 0, 255)

    /// A colored 4 × 4 cell: its left half (x 0–2) red, its right half blue.
    private func halves(matrix: CGAffineTransform = .identity) throws -> CGPattern {
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { _, cell in
            cell.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            cell.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
            cell.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            cell.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
        }, releaseInfo: nil)
        return try XCTUnwrap(CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 4, height: 4), matrix: matrix, xStep: 4, yStep: 4,
            tiling: .constantSpacing, isColored: true, callbacks: &callbacks))
    }

    func testAColoredPatternRepeatsItsCellAcrossAFill() throws {
        let c = try XCTUnwrap(makeContext(width: 8, height: 2))
        c.setFillColorSpace(try XCTUnwrap(CGColorSpace(patternBaseSpace: nil)))
        var alpha: CGFloat = 1
        c.setFillPattern(try halves(), colorComponents: &alpha)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 2))
        let image = c.makeImage()
        // Columns 0–1 and 4–5 red, 2–3 and 6–7 blue: the 4-point cell twice.
        for (x, expected) in [(0, red), (1, red), (2, blue), (3, blue), (4, red), (5, red), (6, blue), (7, blue)] {
            assertPixel(image, x, 0, expected)
        }
    }

    func testAPatternKeepsItsPhaseInBaseSpaceWhenTheCTMMoves() throws {
        // Apple: pattern space maps to the context's base space, not the current user space,
        // so moving the CTM by one point does not move the cells.
        let c = try XCTUnwrap(makeContext(width: 8, height: 1))
        let color = try XCTUnwrap(CGColor(patternSpace: try XCTUnwrap(CGColorSpace(patternBaseSpace: nil)), pattern: try halves(), components: [1]))
        c.translateBy(x: 1, y: 0)
        c.setFillColor(color)
        c.fill(CGRect(x: -1, y: 0, width: 8, height: 1))
        let image = c.makeImage()
        assertPixel(image, 0, 0, red)
        assertPixel(image, 2, 0, blue)
        assertPixel(image, 4, 0, red)
        // The pattern's own matrix does move it: shifted two points, blue comes first.
        let shifted = try XCTUnwrap(makeContext(width: 8, height: 1))
        var one: CGFloat = 1
        shifted.setFillColorSpace(try XCTUnwrap(CGColorSpace(patternBaseSpace: nil)))
        shifted.setFillPattern(try halves(matrix: CGAffineTransform(translationX: 2, y: 0)), colorComponents: &one)
        shifted.fill(CGRect(x: 0, y: 0, width: 8, height: 1))
        assertPixel(shifted.makeImage(), 0, 0, blue)
        assertPixel(shifted.makeImage(), 2, 0, red)
    }

    func testAnUncoloredPatternIsAStencilInTheColourGivenWithIt() throws {
        // A stencil: a 1-point square at the cell's origin of a 2 × 2 cell, drawn in green at
        // half alpha (premultiplied: 128).
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { _, cell in
            cell.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }, releaseInfo: nil)
        let stencil = try XCTUnwrap(CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 2, height: 2), matrix: .identity, xStep: 2, yStep: 2,
            tiling: .noDistortion, isColored: false, callbacks: &callbacks))
        let space = try XCTUnwrap(CGColorSpace(patternBaseSpace: CGColorSpaceCreateDeviceRGB()))
        let c = try XCTUnwrap(makeContext(width: 4, height: 4))
        let green = try XCTUnwrap(CGColor(patternSpace: space, pattern: stencil, components: [0, 1, 0, 0.5]))
        XCTAssertEqual(green.components, [0, 1, 0, 0.5])
        XCTAssertEqual(green.pattern === stencil, true)
        c.setFillColor(green)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = c.makeImage()
        // Rows from the top: y = 3 is user y 0..1 (bottom), where the squares are.
        assertPixel(image, 0, 3, px(0, 128, 0, 128), tolerance: 1)
        assertPixel(image, 2, 3, px(0, 128, 0, 128), tolerance: 1)
        assertPixel(image, 1, 3, px(0, 0, 0, 0))
        assertPixel(image, 0, 2, px(0, 0, 0, 0))
        // A plain colour afterwards fills plainly.
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        assertPixel(c.makeImage(), 1, 3, red)
    }

    func testStrokesDrawWithTheStrokePattern() throws {
        let c = try XCTUnwrap(makeContext(width: 8, height: 4))
        c.setStrokeColor(try XCTUnwrap(CGColor(patternSpace: try XCTUnwrap(CGColorSpace(patternBaseSpace: nil)), pattern: try halves(), components: [1])))
        c.setLineWidth(2)
        c.stroke(CGRect(x: 0, y: 2, width: 8, height: 0))
        let image = c.makeImage()
        assertPixel(image, 0, 1, red)
        assertPixel(image, 3, 1, blue)
    }

    func testBadPatternsAndColoursAreRefusedAndInfoIsReleasedWithThePattern() throws {
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: nil, releaseInfo: nil)
        XCTAssertNil(CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 1, height: 1), matrix: .identity, xStep: 0, yStep: 1,
            tiling: .noDistortion, isColored: true, callbacks: &callbacks))
        XCTAssertNil(CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 1, height: CGFloat.infinity), matrix: .identity, xStep: 1, yStep: 1,
            tiling: .noDistortion, isColored: true, callbacks: &callbacks))
        let pattern = try halves()
        XCTAssertNil(CGColor(patternSpace: CGColorSpaceCreateDeviceRGB(), pattern: pattern, components: [1]), "not a pattern space")
        XCTAssertEqual(CGColorSpace(patternBaseSpace: nil)?.model, .pattern)
        XCTAssertEqual(CGColorSpace(patternBaseSpace: nil)?.numberOfComponents, 0)

        let counter = ReleaseCounter()
        var releasing = CGPatternCallbacks(version: 0, drawPattern: nil, releaseInfo: { info in
            Unmanaged<ReleaseCounter>.fromOpaque(info!).takeUnretainedValue().releases += 1
        })
        var made: CGPattern? = CGPattern(
            info: Unmanaged.passUnretained(counter).toOpaque(), bounds: CGRect(x: 0, y: 0, width: 1, height: 1),
            matrix: .identity, xStep: 1, yStep: 1, tiling: .noDistortion, isColored: true, callbacks: &releasing)
        XCTAssertNotNil(made)
        XCTAssertEqual(counter.releases, 0)
        made = nil
        XCTAssertEqual(counter.releases, 1)
    }
}
