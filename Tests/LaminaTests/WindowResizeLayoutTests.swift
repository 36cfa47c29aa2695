import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The layout a configure causes — the layout manager's, a layer's own `layoutSublayers()`
/// and autoresizing — is applied at once: the frame that answers the configure shows the
/// new layout, with no implicit animation from the old one.
@MainActor
final class WindowResizeLayoutTests: XCTestCase {
    func testTheLayoutAResizeCausesIsShownAtOnceInThePresentationTree() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let cards = GridScene(in: scripted.window.rootLayer)
        await scripted.waitForFrames(2, "the grid at 320×200")
        await scripted.completeFrame()
        // 320×200, two columns and two rows with 10-point gaps: 145 wide, 85 high.
        XCTAssertEqual(cards.first.frame, CGRect(x: 10, y: 10, width: 145, height: 85))
        // The pointer over the window: hit testing evaluates the presentation tree, as it does
        // in any app the user points at.
        scripted.compositor.pointerEnter(x: 100, y: 60)
        _ = await scripted.compositor.roundtrip()
        XCTAssertTrue(scripted.window.layer(at: CGPoint(x: 100, y: 60)) === cards.first.band || scripted.window.layer(at: CGPoint(x: 100, y: 60)) === cards.first)
        scripted.compositor.configure(width: 240, height: 160)
        await scripted.waitForFrames(3, "the frame that answers the resize")
        cards.assertPresentationMatchesModel(at: CGSize(width: 240, height: 160))
        await scripted.completeFrame()
        cards.assertPresentationMatchesModel(at: CGSize(width: 240, height: 160))
    }

    func testTheFirstSizedConfigureLaysAnEarlySceneOutWithoutAnimating() async throws {
        // The scene is built before the window's first configure (as an app does before
        // `run()`): laid out at the preferred size, then at the compositor's.
        let compositor = try ScriptedCompositor()
        let application = try Application(socket: compositor.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            compositor.stop()
        }
        let window = try Window(application: application, title: "launch", preferredSize: CGSize(width: 320, height: 200))
        let cards = GridScene(in: window.rootLayer)
        let drawn = await compositor.waitUntil { $0.frames.count == 1 }
        XCTAssertTrue(drawn, "the first configure was answered")
        // The pointer is over the new window: hit testing evaluates its presentation tree.
        compositor.pointerEnter(x: 100, y: 60)
        _ = await compositor.roundtrip()
        XCTAssertNotNil(window.layer(at: CGPoint(x: 100, y: 60)))
        compositor.configure(width: 640, height: 400)
        let resized = await compositor.waitUntil { $0.frames.last?.bufferSize?.width == 640 }
        XCTAssertTrue(resized, "the frame at 640×400")
        cards.assertPresentationMatchesModel(at: CGSize(width: 640, height: 400))
        let image = try XCTUnwrap(compositor.state.frames.last?.image)
        // The first card is at (10, 10, 305, 185): its last pixel is blue, the gap after it white.
        XCTAssertEqual(image.pixel(x: 314, y: 194), CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255), "the first card's bottom-right pixel")
        XCTAssertEqual(image.pixel(x: 315, y: 194), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "the gap right of it")
    }
}

/// Four cards in a two-column grid laid out by the root's layout manager; each card lays
/// its band out in its own `layoutSublayers()` and keeps a badge in its corner by
/// autoresizing.
@MainActor
private struct GridScene {
    let cards: [BandedCard]
    var first: BandedCard { cards[0] }

    init(in root: CALayer) {
        root.layoutManager = TwoColumnGrid()
        var made: [BandedCard] = []
        for _ in 0..<4 {
            let card = BandedCard()
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(card)
            made.append(card)
        }
        cards = made
        root.setNeedsLayout()
    }

    /// Every card, band and badge is shown where its model is, unanimated, laid out for a
    /// root of `size`.
    func assertPresentationMatchesModel(at size: CGSize, file: StaticString = #filePath, line: UInt = #line) {
        let width = (size.width - 30) / 2, height = (size.height - 30) / 2
        XCTAssertEqual(first.frame, CGRect(x: 10, y: 10, width: width, height: height), "the grid followed the size", file: file, line: line)
        for (index, card) in cards.enumerated() {
            for (name, layer) in [("card", card as CALayer), ("band", card.band), ("badge", card.badge)] {
                XCTAssertEqual(layer.presentation()?.frame, layer.frame, "\(name) \(index) is shown where its model is", file: file, line: line)
                XCTAssertNil(layer.animationKeys(), "\(name) \(index) is not animated", file: file, line: line)
            }
            XCTAssertEqual(card.band.frame, CGRect(x: 0, y: 0, width: width, height: 12), file: file, line: line)
            XCTAssertEqual(card.badge.frame, CGRect(x: width - 14, y: height - 14, width: 10, height: 10), file: file, line: line)
        }
    }
}

/// A card whose band spans its width (its own `layoutSublayers()`) and whose badge stays
/// 4 points from its bottom-right corner (autoresizing).
private final class BandedCard: CALayer {
    let band = CALayer()
    let badge = CALayer()

    override init() {
        super.init()
        band.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        addSublayer(band)
        badge.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        badge.frame = CGRect(x: -14, y: -14, width: 10, height: 10)
        badge.autoresizingMask = [.layerMinXMargin, .layerMinYMargin]
        addSublayer(badge)
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSublayers() {
        super.layoutSublayers()
        band.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: 12)
        band.position = CGPoint(x: bounds.width / 2, y: 6)
    }
}

/// Two columns of equal cards with 10-point gaps, placed by bounds and position as Apple
/// code often does (each an animatable property).
private final class TwoColumnGrid: CALayoutManager {
    func layoutSublayers(of layer: CALayer) {
        let sublayers = layer.sublayers ?? []
        let rows = CGFloat((sublayers.count + 1) / 2)
        let width = (layer.bounds.width - 30) / 2
        let height = (layer.bounds.height - 10 * (rows + 1)) / max(rows, 1)
        for (index, sublayer) in sublayers.enumerated() {
            let column = CGFloat(index % 2), row = CGFloat(index / 2)
            sublayer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            sublayer.position = CGPoint(x: 10 + column * (width + 10) + width / 2, y: 10 + row * (height + 10) + height / 2)
        }
    }
}
