import CoreGraphics
import TestSupport
import XCTest

/// Released infos, counted by the release callback below.
nonisolated(unsafe) private var releasedInfos = 0

// Shadings drawn through their function: each expected colour is the function's own output at
// the pixel's parameter (the pixel's centre along the axis), worked out here, not read back.
final class CGShadingTests: XCTestCase {
    /// A function of one input to RGBA: red rising with the input over 0…1, blue falling.
    private func ramp(domain: [CGFloat] = [0, 1], range: [CGFloat]? = nil, info: UnsafeMutableRawPointer? = nil) throws -> CGFunction {
        var callbacks = CGFunctionCallbacks(
            version: 0,
            evaluate: { _, input, output in
                let t = input[0]
                output[0] = t
                output[1] = 0
                output[2] = 1 - t
                output[3] = 1
            },
            releaseInfo: { _ in releasedInfos += 1 })
        return try XCTUnwrap(
            CGFunction(
                info: info, domainDimension: 1, domain: domain, rangeDimension: 4, range: range, callbacks: &callbacks))
    }

    func testAnAxialShadingIsItsFunctionAlongTheAxis() throws {
        let c = try XCTUnwrap(makeContext(width: 100, height: 1))
        let shading = try XCTUnwrap(
            CGShading(
                axialSpace: CGColorSpace(name: CGColorSpace.sRGB)!, start: .zero, end: CGPoint(x: 100, y: 0),
                function: try ramp(), extendStart: false, extendEnd: false))
        c.drawShading(shading)
        let image = c.makeImage()
        for x in [0, 10, 37, 50, 99] {
            let t = (Double(x) + 0.5) / 100
            assertPixel(image, x, 0, px(UInt8((255 * t).rounded()), 0, UInt8((255 * (1 - t)).rounded())), tolerance: 2)
        }
    }

    func testTheParameterSpansTheFunctionsDomainAndTheOutputsItsRange() throws {
        // Domain 0…0.5: the axis ends at red 0.5. Range capped at 0.8: no output above 204.
        let c = try XCTUnwrap(makeContext(width: 100, height: 1))
        let shading = try XCTUnwrap(
            CGShading(
                axialSpace: CGColorSpace(name: CGColorSpace.sRGB)!, start: .zero, end: CGPoint(x: 100, y: 0),
                function: try ramp(domain: [0, 0.5], range: [0, 1, 0, 1, 0, 0.8, 0, 1]), extendStart: false, extendEnd: false))
        c.drawShading(shading)
        let image = c.makeImage()
        assertPixel(image, 99, 0, px(127, 0, 128), tolerance: 2)
        // Half-way along the axis is a quarter into the function's input: red 0.2475 at x = 49.
        assertPixel(image, 49, 0, px(63, 0, 192), tolerance: 2)
        assertPixel(image, 0, 0, px(0, 0, 204), tolerance: 2)
    }

    func testExtendsFillBeyondTheEndsAndARadialShadingGoesOutward() throws {
        func axial(extend: Bool) throws -> CGImage? {
            let c = try XCTUnwrap(makeContext(width: 30, height: 1))
            let shading = try XCTUnwrap(
                CGShading(
                    axialSpace: CGColorSpace(name: CGColorSpace.sRGB)!, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 20, y: 0),
                    function: try ramp(), extendStart: extend, extendEnd: extend))
            c.drawShading(shading)
            return c.makeImage()
        }
        assertPixel(try axial(extend: false), 2, 0, px(0, 0, 0, 0))
        assertPixel(try axial(extend: false), 27, 0, px(0, 0, 0, 0))
        assertPixel(try axial(extend: true), 2, 0, px(0, 0, 255))
        assertPixel(try axial(extend: true), 27, 0, px(255, 0, 0))
        let c = try XCTUnwrap(makeContext(width: 41, height: 41))
        let radial = try XCTUnwrap(
            CGShading(
                radialSpace: CGColorSpace(name: CGColorSpace.sRGB)!, start: CGPoint(x: 20.5, y: 20.5), startRadius: 0,
                end: CGPoint(x: 20.5, y: 20.5), endRadius: 20, function: try ramp(), extendStart: false, extendEnd: false))
        c.drawShading(radial)
        let image = c.makeImage()
        assertPixel(image, 20, 20, px(0, 0, 255), tolerance: 2)
        // 10 px from the centre: t = 0.5.
        assertPixel(image, 30, 20, px(128, 0, 128), tolerance: 3)
        assertPixel(image, 0, 0, px(0, 0, 0, 0))
    }

    func testAFunctionReleasesItsInfoAndABadShadingIsNil() throws {
        let before = releasedInfos
        var token = 7
        try withUnsafeMutablePointer(to: &token) { pointer in
            _ = try ramp(info: UnsafeMutableRawPointer(pointer))
        }
        XCTAssertEqual(releasedInfos, before + 1)
        var callbacks = CGFunctionCallbacks(version: 0, evaluate: nil, releaseInfo: nil)
        XCTAssertNil(CGFunction(info: nil, domainDimension: 0, domain: nil, rangeDimension: 4, range: nil, callbacks: &callbacks))
        let twoOutputs = try XCTUnwrap(
            CGFunction(info: nil, domainDimension: 1, domain: [0, 1], rangeDimension: 2, range: nil, callbacks: &callbacks))
        XCTAssertNil(
            CGShading(
                axialSpace: CGColorSpace(name: CGColorSpace.sRGB)!, start: .zero, end: CGPoint(x: 1, y: 0), function: twoOutputs,
                extendStart: false, extendEnd: false),
            "an RGB shading needs three components from its function")
    }
}
