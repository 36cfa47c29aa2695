import Foundation
import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAScrollLayerTests: XCTestCase, RenderingSwatches {
    /// A 100 × 50 scroll layer with a 400 × 300 content layer at its origin.
    private func scrollScene() -> (scroll: CAScrollLayer, content: CALayer) {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        let content = layer(CGRect(x: 0, y: 0, width: 400, height: 300), in: scroll)
        return (scroll, content)
    }

    func testDefaultsAndRawValuesAreApples() async {
        XCTAssertEqual(CAScrollLayer().scrollMode, .both)
        XCTAssertEqual(CAScrollLayer.defaultValue(forKey: "scrollMode") as? CAScrollLayerScrollMode, .both)
        XCTAssertEqual(CAScrollLayerScrollMode.none.rawValue, "none")
        XCTAssertEqual(CAScrollLayerScrollMode.vertically.rawValue, "vertically")
        XCTAssertEqual(CAScrollLayerScrollMode.horizontally.rawValue, "horizontally")
        XCTAssertEqual(CAScrollLayerScrollMode.both.rawValue, "both")
    }

    func testScrollModeByKey() async {
        let scroll = CAScrollLayer()
        scroll.setValue("vertically", forKey: "scrollMode")
        XCTAssertEqual(scroll.scrollMode, .vertically)
        XCTAssertEqual(scroll.value(forKey: "scrollMode") as? CAScrollLayerScrollMode, .vertically)
    }

    func testScrollToPointMovesTheBoundsOriginInTheAllowedDirections() async {
        let cases: [(CAScrollLayerScrollMode, CGPoint)] = [
            (.both, CGPoint(x: 30, y: 40)), (.horizontally, CGPoint(x: 30, y: 0)), (.vertically, CGPoint(x: 0, y: 40)),
            (.none, .zero),
        ]
        for (mode, origin) in cases {
            let (scroll, _) = scrollScene()
            scroll.scrollMode = mode
            scroll.scroll(to: CGPoint(x: 30, y: 40))
            XCTAssertEqual(scroll.bounds, CGRect(origin: origin, size: CGSize(width: 100, height: 50)), mode.rawValue)
            XCTAssertEqual(scroll.position, CGPoint(x: 60, y: 35), "scrolling does not move the layer")
        }
    }

    func testScrollToRectScrollsAsLittleAsPossible() async {
        let (scroll, _) = scrollScene()
        scroll.scroll(to: CGRect(x: 150, y: 20, width: 20, height: 20))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 70, y: 0), "its right edge at the right edge; y already visible")
        scroll.scroll(to: CGRect(x: 10, y: 80, width: 20, height: 20))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 10, y: 50), "its left edge at the left edge, bottom at the bottom")
        scroll.scroll(to: CGRect(x: 300, y: 200, width: 500, height: 500))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 300, y: 200), "too large: its top-left corner")
    }

    func testSublayerScrollsItsScrollLayer() async {
        let (scroll, content) = scrollScene()
        content.scroll(CGPoint(x: 25, y: 35))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 25, y: 35))
        let item = layer(CGRect(x: 200, y: 100, width: 10, height: 10), in: content)
        item.scrollRectToVisible(item.bounds)
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 110, y: 60), "the item's bottom-right corner at the bottom-right")
    }

    func testVisibleRectIsThePartTheScrollLayerShows() async {
        let (scroll, content) = scrollScene()
        XCTAssertEqual(content.visibleRect, CGRect(x: 0, y: 0, width: 100, height: 50))
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        XCTAssertEqual(content.visibleRect, CGRect(x: 30, y: 40, width: 100, height: 50))
        let item = layer(CGRect(x: 120, y: 80, width: 40, height: 40), in: content)
        XCTAssertEqual(item.visibleRect, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(layer(CGRect(x: 0, y: 0, width: 5, height: 6)).visibleRect, CGRect(x: 0, y: 0, width: 5, height: 6),
            "without a scroll layer: the bounds")
    }

    func testScrolledContentIsDrawnShifted() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let scroll = CAScrollLayer()
        scroll.frame = root.bounds
        scroll.masksToBounds = true
        root.addSublayer(scroll)
        _ = layer(CGRect(x: 10, y: 10, width: 5, height: 5), red, in: scroll)
        scroll.scroll(to: CGPoint(x: 10, y: 10))
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 0, y: 0), redPixel)
        XCTAssertEqual(image.pixel(x: 4, y: 4), redPixel)
        XCTAssertEqual(image.pixel(x: 5, y: 5), clear)
    }

    func testScrollingADisplayedLayerAnimatesItsBounds() async {
        let world = AnimationWorld(test: self, displayed: true)
        let scroll = CAScrollLayer()
        _ = world.committedSublayer(scroll)
        world.animateImplicitly(scroll, to: 0.25) { $0.scroll(to: CGPoint(x: 40, y: 80)) }
        XCTAssertEqual(scroll.animationKeys(), ["bounds"])
        let origin = scroll.presentation()?.bounds.origin ?? .zero
        XCTAssertEqual(origin.x, lerp(0, 40, 0.25), accuracy: 1e-9)
        XCTAssertEqual(origin.y, lerp(0, 80, 0.25), accuracy: 1e-9)
    }

    func testNonFinitePointsAndRectsAreIgnored() async {
        let (scroll, content) = scrollScene()
        let diagnostics = capturingDiagnostics {
            scroll.scroll(to: CGPoint(x: CGFloat.nan, y: 3))
            scroll.scroll(to: CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1))
            content.scroll(CGPoint(x: 0, y: CGFloat.nan))
            content.scrollRectToVisible(.null)
        }
        XCTAssertEqual(scroll.bounds.origin, .zero)
        XCTAssertEqual(diagnostics.count, 0, "ignored before reaching the bounds setter: \(diagnostics)")
    }
}
