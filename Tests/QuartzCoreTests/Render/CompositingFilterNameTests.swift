import QuartzCore
import TestSupport
import XCTest

/// The strings Apple code gives `compositingFilter` — Core Animation's own filter names
/// (`"xor"`, `"plusL"`, `"sourceAtop"`, `"multiply"`, …) and Core Image blend mode names without
/// their `CI` prefix — drawn with the Porter-Duff and blend formulas they name. Expected pixels
/// are those formulas applied by hand to opaque colours.
@MainActor
final class CompositingFilterNameTests: XCTestCase {
    private let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// A 20×20 transparent root with a yellow backdrop on its left half and a red 20×20
    /// layer over everything, composited with `filter`.
    private func render(_ filter: String) throws -> CGImage {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        _ = layer(CGRect(x: 0, y: 0, width: 10, height: 20), yellow, in: root)
        let top = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red, in: root)
        top.compositingFilter = filter
        return try renderImage(of: root, 20, 20)
    }

    func testPorterDuffNamesDrawTheirOperators() async throws {
        // (over yellow, over nothing) for an opaque red source.
        let expected: [(String, CGImage.Pixel, CGImage.Pixel)] = [
            ("sourceOver", px(255, 0, 0), px(255, 0, 0)),
            ("xor", rgba(0, 0, 0, 0), px(255, 0, 0)),  // S·(1−Da) + D·(1−Sa)
            ("sourceAtop", px(255, 0, 0), rgba(0, 0, 0, 0)),  // S·Da + D·(1−Sa)
            ("destOver", px(255, 255, 0), px(255, 0, 0)),  // S·(1−Da) + D
            ("destOut", rgba(0, 0, 0, 0), rgba(0, 0, 0, 0)),  // D·(1−Sa)
            ("plusL", px(255, 255, 0), px(255, 0, 0)),  // min(1, S + D)
            ("copy", px(255, 0, 0), px(255, 0, 0)),
            ("multiply", px(255, 0, 0), px(255, 0, 0)),  // red × yellow = red; over nothing, the source
        ]
        for (name, overYellow, overNothing) in expected {
            let image = try render(name)
            assertPixel(image.pixel(x: 5, y: 10), overYellow, "\(name) over yellow", tolerance: 1)
            assertPixel(image.pixel(x: 15, y: 10), overNothing, "\(name) over nothing", tolerance: 1)
        }
    }

    func testBlendModeNamesDrawTheirBlendModes() async throws {
        // Screen of red over yellow: 1 − (1 − S)(1 − D) = (1, 1, 0); difference |S − D| = (0, 1, 0).
        assertPixel(try render("screenBlendMode"), 5, 10, px(255, 255, 0), tolerance: 1)
        assertPixel(try render("differenceBlendMode"), 5, 10, px(0, 255, 0), tolerance: 1)
        assertPixel(try render("darkenBlendMode"), 5, 10, px(255, 0, 0), tolerance: 1)
        assertPixel(try render("normalBlendMode"), 5, 10, px(255, 0, 0), tolerance: 1)
    }

    func testNonSeparableBlendModeNamesDrawSourceOverAsCoreAnimationDoes() async throws {
        // Apple's render of a layer given "luminosityBlendMode" shows it drawn as with no filter
        // (lottie-ios's Core Animation snapshot of its blend mode sample): the string is not one
        // of Core Animation's filters. Red over yellow stays red.
        for name in ["hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode"] {
            assertPixel(try render(name).pixel(x: 5, y: 10), px(255, 0, 0), name, tolerance: 1)
        }
        // The Core Image filter itself blends: the PDF luminosity formula, SetLum(yellow,
        // Lum(red) = 0.3), clipped, is (0.337, 0.337, 0).
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        _ = layer(CGRect(x: 0, y: 0, width: 10, height: 20), yellow, in: root)
        let top = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red, in: root)
        top.compositingFilter = CIFilter(name: "CILuminosityBlendMode")
        assertPixel(try renderImage(of: root, 20, 20), 5, 10, px(86, 86, 0), tolerance: 2)
    }

    func testAnInvertedMatteShowsTheLayerOutsideTheMatteOnly() async throws {
        // The inverted matte Apple code builds: a black layer covering the masked layer, with
        // the matte drawn over it with "xor" — opaque where the matte is not.
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let body = layer(CGRect(x: 0, y: 0, width: 40, height: 40), red, in: root)
        let matte = layer(CGRect(x: 0, y: 0, width: 40, height: 40), black)
        let shape = layer(CGRect(x: 10, y: 10, width: 20, height: 20), black, in: matte)
        shape.compositingFilter = "xor"
        body.mask = matte
        let image = try renderImage(of: root, 40, 40)
        assertPixel(image, 5, 5, px(255, 0, 0), tolerance: 1)
        assertPixel(image, 35, 20, px(255, 0, 0), tolerance: 1)
        assertPixel(image, 20, 20, rgba(0, 0, 0, 0), tolerance: 1)
    }

    func testAMasksOwnCompositingFilterIsIgnored() async throws {
        // Apple: while a layer is a mask, its compositing filter is ignored. "sourceIn" would
        // draw the mask into its empty group as nothing at all.
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let body = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red, in: root)
        let matte = layer(CGRect(x: 0, y: 0, width: 10, height: 20), black)
        matte.compositingFilter = "sourceIn"
        body.mask = matte
        let image = try renderImage(of: root, 20, 20)
        assertPixel(image, 5, 10, px(255, 0, 0), tolerance: 1)
        assertPixel(image, 15, 10, rgba(0, 0, 0, 0), tolerance: 1)
    }
}
