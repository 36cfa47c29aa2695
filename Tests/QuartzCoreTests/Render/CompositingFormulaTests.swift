import CoreImage
import QuartzCore
import TestSupport
import XCTest

/// The compositing filters CoreGraphics has no blend mode for — Core Animation's `"plusD"` and
/// `"dest"`, Core Image's subtract, divide, linear burn and dodge, linear, pin and vivid light,
/// hard mix, and its multiply, maximum and minimum compositing — drawn with their formulas by
/// both renderers (`render(in:)`'s and the render server's). Expected pixels are the formulas
/// applied by hand: the separable blend form of the W3C compositing specification,
/// `R = S·(1 − Da) + D·(1 − Sa) + Sa·Da·B(Cd, Cs)`, with Core Image's `B` for each mode,
/// Apple's plus-darker formula `MAX(0, 1 − ((1 − D) + (1 − S)))`, and Core Image's
/// component-wise compositing of premultiplied colours.
@MainActor
final class CompositingFormulaTests: XCTestCase {
    /// The backdrop: (0.2, 0.4, 0.8).
    private let behind = CGColor(red: 51 / 255, green: 102 / 255, blue: 204 / 255, alpha: 1)
    /// The layer: (0.6, 0.8, 0.4).
    private let over = CGColor(red: 153 / 255, green: 204 / 255, blue: 102 / 255, alpha: 1)

    /// A 20×20 tree: the backdrop on the left half, the filtered layer over all of it (at
    /// `opacity`), drawn by `render(in:)` and by the render server.
    private func images(_ filter: Any, opacity: Float = 1) throws -> [(String, (Int, Int) -> CGImage.Pixel?)] {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        _ = layer(CGRect(x: 0, y: 0, width: 10, height: 20), behind, in: root)
        let top = layer(CGRect(x: 0, y: 0, width: 20, height: 20), over, in: root)
        top.compositingFilter = filter
        top.opacity = opacity
        CATransaction.flush()
        let drawn = try renderImage(of: root, 20, 20)
        let server = try drawnByANewRenderer(root.makeRenderTree(), width: 20, height: 20, threads: 1).pixels
        return [
            ("render(in:)", { x, y in drawn.pixel(x: x, y: y) }),
            ("render server", { x, y in
                let i = (y * 20 + x) * 4
                return rgba(server[i + 2], server[i + 1], server[i], server[i + 3])
            }),
        ]
    }

    /// Each name with the opaque result over the backdrop and over nothing.
    private let opaqueCases: [(String, CGImage.Pixel, CGImage.Pixel)] = [
        // B = MAX(0, Cd − Cs): (0, 0, 0.4).
        ("subtractBlendMode", px(0, 0, 102), px(153, 204, 102)),
        // B = MIN(1, Cd / Cs): (1/3, 1/2, 1).
        ("divideBlendMode", px(85, 128, 255), px(153, 204, 102)),
        // B = MAX(0, Cd + Cs − 1): (0, 0.2, 0.2).
        ("linearBurnBlendMode", px(0, 51, 51), px(153, 204, 102)),
        // B = MIN(1, Cd + Cs): (0.8, 1, 1).
        ("linearDodgeBlendMode", px(204, 255, 255), px(153, 204, 102)),
        // B = Cd + 2·Cs − 1: (0.4, 1, 0.6).
        ("linearLightBlendMode", px(102, 255, 153), px(153, 204, 102)),
        // Cs > ½: MAX(Cd, 2·Cs − 1) = 0.2, 0.6; Cs ≤ ½: MIN(Cd, 2·Cs) = 0.8.
        ("pinLightBlendMode", px(51, 153, 204), px(153, 204, 102)),
        // Cs > ½: dodge(Cd, 2·Cs − 1) = 0.2 / 0.8, 0.4 / 0.4; Cs ≤ ½: burn(Cd, 2·Cs) = 1 − 0.2 / 0.8.
        ("vividLightBlendMode", px(64, 255, 191), px(153, 204, 102)),
        // Cd + Cs ≥ 1: 0.8 no, 1.2 yes, 1.2 yes.
        ("hardMixBlendMode", px(0, 255, 255), px(153, 204, 102)),
        // S + D − 1: (0, 0.2, 0.2); over nothing the layer itself.
        ("plusD", px(0, 51, 51), px(153, 204, 102)),
        // S·D, alpha included: (0.12, 0.32, 0.32); over nothing, nothing.
        ("multiplyCompositing", px(31, 82, 82), rgba(0, 0, 0, 0)),
        ("maximumCompositing", px(153, 204, 204), px(153, 204, 102)),
        ("minimumCompositing", px(51, 102, 102), rgba(0, 0, 0, 0)),
        // R = D.
        ("dest", px(51, 102, 204), rgba(0, 0, 0, 0)),
    ]

    func testEachFormulaCombinesAnOpaqueLayerWithWhatIsBehindIt() async throws {
        for (name, overBackdrop, overNothing) in opaqueCases {
            for (renderer, pixel) in try images(name) {
                assertPixel(pixel(5, 10), overBackdrop, "\(name) over the backdrop, \(renderer)", tolerance: 1)
                assertPixel(pixel(15, 10), overNothing, "\(name) over nothing, \(renderer)", tolerance: 1)
            }
        }
    }

    func testCoreImageFilterObjectsChooseTheSameFormulas() async throws {
        let filter = try XCTUnwrap(CIFilter(name: "CILinearBurnBlendMode"))
        for (renderer, pixel) in try images(filter) {
            assertPixel(pixel(5, 10), px(0, 51, 51), renderer, tolerance: 1)
        }
    }

    func testATranslucentLayerIsBlendedByItsCoverage() async throws {
        // Sa = 0.5 over Da = 1: R = D·(1 − 0.5) + 0.5·B, B = (0, 0.2, 0.2) → (0.1, 0.3, 0.5).
        for (renderer, pixel) in try images("linearBurnBlendMode", opacity: 0.5) {
            assertPixel(pixel(5, 10), px(26, 77, 128), "linear burn at half opacity, \(renderer)", tolerance: 1)
            // Over nothing: the layer at half opacity.
            assertPixel(pixel(15, 10), rgba(77, 102, 51, 128), "over nothing, \(renderer)", tolerance: 1)
        }
        // Plus-darker, premultiplied: Ra = MIN(1, 0.5 + 1) = 1,
        // R = MAX(0, Ra − ((1 − D) + (0.5 − 0.5·S))) = (0, 0.3, 0.5).
        for (renderer, pixel) in try images("plusD", opacity: 0.5) {
            assertPixel(pixel(5, 10), px(0, 77, 128), "plus-darker at half opacity, \(renderer)", tolerance: 1)
        }
    }

    func testAFormulaAppliesToTheLayersWholeGroup() async throws {
        // A sublayer of the filtered layer is part of what is combined: a subtracting parent
        // without a background whose sublayer covers the backdrop.
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        _ = layer(CGRect(x: 0, y: 0, width: 20, height: 20), behind, in: root)
        let group = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil, in: root)
        _ = layer(CGRect(x: 10, y: 0, width: 10, height: 20), over, in: group)
        group.compositingFilter = "subtractBlendMode"
        CATransaction.flush()
        let drawn = try renderImage(of: root, 20, 20)
        assertPixel(drawn, 5, 10, px(51, 102, 204), tolerance: 1)
        assertPixel(drawn, 15, 10, px(0, 0, 102), tolerance: 1)
        let server = try drawnByANewRenderer(root.makeRenderTree(), width: 20, height: 20, threads: 1).pixels
        let i = (10 * 20 + 15) * 4
        XCTAssertEqual([server[i + 2], server[i + 1], server[i], server[i + 3]], [0, 0, 102, 255])
    }
}
