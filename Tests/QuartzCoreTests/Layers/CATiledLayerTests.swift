import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// A tiled layer that records each draw call's clip and scale, and fills its whole bounds
/// with the next of its colours: the clip alone keeps each fill to its tile.
private final class RecordingTiledLayer: CATiledLayer {
    nonisolated(unsafe) static var fades: CFTimeInterval = 0
    var clips: [CGRect] = []
    var scales: [CGFloat] = []
    let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]

    override class func fadeDuration() -> CFTimeInterval {
        fades
    }

    override func draw(in ctx: CGContext) {
        clips.append(ctx.boundingBoxOfClipPath)
        scales.append(ctx.ctm.a)
        ctx.setFillColor(colors[(clips.count - 1) % colors.count])
        ctx.fill(bounds)
        // A state change inside one tile does not reach the next.
        ctx.translateBy(x: 1000, y: 1000)
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CATiledLayerTests: XCTestCase {
    /// A 100 × 60 point recording layer at 2 pixels a point, in tiles of 64 × 64 pixels, displayed.
    private func displayedLayer() -> RecordingTiledLayer {
        let layer = RecordingTiledLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        layer.contentsScale = 2
        layer.tileSize = CGSize(width: 64, height: 64)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        return layer
    }

    func testDefaultsAreApples() async {
        let layer = CATiledLayer()
        XCTAssertEqual(layer.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(RecordingTiledLayer.fadeDuration(), 0, "a subclass's override")
        XCTAssertEqual(CATiledLayer.defaultValue(forKey: "tileSize") as? CGSize, CGSize(width: 256, height: 256))
        layer.setValue(NSValue(cgSize: CGSize(width: 512, height: 128)), forKey: "tileSize")
        layer.setValue(4, forKey: "levelsOfDetail")
        layer.levelsOfDetailBias = 2
        XCTAssertEqual(layer.tileSize, CGSize(width: 512, height: 128))
        XCTAssertEqual(layer.levelsOfDetail, 4)
        XCTAssertEqual(layer.value(forKey: "levelsOfDetailBias") as? Int, 2)
    }

    func testDrawIsCalledOncePerTileClippedToItRowByRowAtTheLayersScale() async {
        // 64 pixels at 2 pixels a point: tiles of 32 points, 4 columns and 2 rows, the last
        // column and row cut by the bounds.
        let layer = displayedLayer()
        XCTAssertEqual(layer.clips, [
            CGRect(x: 0, y: 0, width: 32, height: 32), CGRect(x: 32, y: 0, width: 32, height: 32),
            CGRect(x: 64, y: 0, width: 32, height: 32), CGRect(x: 96, y: 0, width: 4, height: 32),
            CGRect(x: 0, y: 32, width: 32, height: 28), CGRect(x: 32, y: 32, width: 32, height: 28),
            CGRect(x: 64, y: 32, width: 32, height: 28), CGRect(x: 96, y: 32, width: 4, height: 28),
        ])
        XCTAssertEqual(layer.scales, Array(repeating: 2, count: 8))
    }

    func testEachTilesPixelsAreWhatItsOwnCallDrew() async throws {
        let layer = displayedLayer()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 120)
        let red = rgba(255, 0, 0, 255), blue = rgba(0, 0, 255, 255)
        // Tiles alternate red and blue in drawing order (row by row from the top-left);
        // each tile's first and last pixels.
        let expected: [(x: Int, y: Int, color: CGImage.Pixel)] = [
            (0, 0, red), (63, 63, red), (64, 0, blue), (127, 63, blue), (128, 0, red), (191, 63, red), (192, 0, blue),
            (199, 63, blue), (0, 64, red), (63, 119, red), (64, 64, blue), (128, 64, red), (199, 119, blue),
        ]
        for point in expected {
            XCTAssertEqual(image.pixel(x: point.x, y: point.y), point.color, "pixel (\(point.x), \(point.y))")
        }
    }

    func testATileSizeThatIsNotPositiveDrawsTheLayerInOneCall() async {
        let layer = RecordingTiledLayer()
        layer.bounds = CGRect(x: 10, y: 20, width: 50, height: 40)
        layer.tileSize = CGSize(width: 0, height: 64)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(layer.clips, [CGRect(x: 10, y: 20, width: 50, height: 40)])
    }

    func testBoundsFarTooLargeForTilesAreOneTileWithoutTrapping() async {
        let layer = RecordingTiledLayer()
        // 1e300 points across: more tiles than any count (and than Int holds).
        let huge = CGRect(x: 0, y: 0, width: 1e300, height: 1e300)
        XCTAssertEqual(layer.tiles(covering: huge, scale: 1), [huge])
        // A million and one tiles of 256 pixels: over the limit, one tile.
        let wide = CGRect(x: 0, y: 0, width: 256 * 1025, height: 256 * 1024)
        XCTAssertEqual(layer.tiles(covering: wide, scale: 1), [wide])
        // Four tiles stay four.
        XCTAssertEqual(layer.tiles(covering: CGRect(x: 0, y: 0, width: 512, height: 512), scale: 1).count, 4)
    }
}
