import Foundation
import QuartzCore
import TestSupport
import XCTest

// Layer helpers as iOS and macOS code writes them: free functions returning configured
// layers of each kind, outside any actor.

/// A round red notification badge with a white ring.
func makeBadge(diameter: CGFloat = 24) -> CALayer {
    let badge = CALayer()
    badge.name = "badge"
    badge.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
    badge.cornerRadius = diameter / 2
    badge.masksToBounds = true
    badge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    badge.borderColor = CGColor(gray: 1, alpha: 1)
    badge.borderWidth = 2
    return badge
}

/// A green "play" triangle pointing right, filling `rect`.
func makePlayButton(in rect: CGRect) -> CAShapeLayer {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: rect.width, y: rect.height / 2))
    path.addLine(to: CGPoint(x: 0, y: rect.height))
    path.closeSubpath()
    let shape = CAShapeLayer()
    shape.frame = rect
    shape.path = path
    shape.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    shape.strokeColor = nil
    shape.lineJoin = .round
    return shape
}

/// A gradient with a hard stop: red on the top half, blue on the bottom half.
func makeSplitBackground(frame: CGRect) -> CAGradientLayer {
    let gradient = CAGradientLayer()
    gradient.frame = frame
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    gradient.colors = [red, red, blue, blue]
    gradient.locations = [0, 0.5, 0.5, 1]
    gradient.startPoint = CGPoint(x: 0.5, y: 0)
    gradient.endPoint = CGPoint(x: 0.5, y: 1)
    return gradient
}

/// A centred, wrapped caption.
func makeCaption(_ text: String, width: CGFloat) -> CATextLayer {
    let caption = CATextLayer()
    caption.string = text
    caption.fontSize = 17
    caption.foregroundColor = CGColor(gray: 0, alpha: 1)
    caption.alignmentMode = .center
    caption.isWrapped = true
    caption.truncationMode = .end
    caption.contentsScale = 2
    caption.frame = CGRect(x: 0, y: 0, width: width, height: 44)
    return caption
}

/// `count` red dots in a row, 10 points wide, 20 points apart.
func makeDots(count: Int) -> CAReplicatorLayer {
    let dot = CALayer()
    dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let dots = CAReplicatorLayer()
    dots.frame = CGRect(x: 0, y: 0, width: 20 * CGFloat(count), height: 10)
    dots.instanceCount = count
    dots.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
    dots.instanceDelay = 0.2
    dots.addSublayer(dot)
    return dots
}

/// Nonisolated code builds layers of each kind; `render(in:)` shows what they draw.
final class LayerFactoryTests: XCTestCase {
    private let clear: [UInt8] = [0, 0, 0, 0]
    private let red: [UInt8] = [255, 0, 0, 255]
    private let green: [UInt8] = [0, 255, 0, 255]
    private let blue: [UInt8] = [0, 0, 255, 255]

    func testABadgeIsARoundRedLayerWithAWhiteRing() throws {
        let badge = makeBadge()
        XCTAssertEqual(badge.name, "badge")
        XCTAssertEqual(badge.cornerRadius, 12)
        XCTAssertEqual(badge.bounds, CGRect(x: 0, y: 0, width: 24, height: 24))
        let snapshot = try XCTUnwrap(LayerSnapshot(of: badge, width: 24, height: 24))
        XCTAssertEqual(snapshot.pixel(x: 12, y: 12), red, "the centre")
        XCTAssertEqual(snapshot.pixel(x: 12, y: 1), [255, 255, 255, 255], "the ring at the top")
        XCTAssertEqual(snapshot.pixel(x: 0, y: 0), clear, "outside the round corner")
    }

    func testAShapeLayerFillsItsPath() throws {
        let play = makePlayButton(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(play.path?.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(play.lineJoin, .round)
        let snapshot = try XCTUnwrap(LayerSnapshot(of: play, width: 20, height: 20))
        XCTAssertEqual(snapshot.pixel(x: 4, y: 10), green, "inside the triangle")
        XCTAssertEqual(snapshot.pixel(x: 18, y: 2), clear, "beside its upper edge")
    }

    /// An sRGB colour as a gradient layer draws it at its own stop: clamped to Generic RGB's
    /// gamut, which sRGB's pure red and blue leave (the independent oracle).
    private func asGradientStop(_ c: GenericRGBGradientOracle.RGB) -> [UInt8] {
        let b = GenericRGBGradientOracle.bytes(GenericRGBGradientOracle.sRGB(at: 0, of: [c], locations: [0]))
        return [UInt8(b.0), UInt8(b.1), UInt8(b.2), 255]
    }

    func testAGradientWithAHardStopIsTwoBands() throws {
        let background = makeSplitBackground(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertEqual(background.colors?.count, 4)
        XCTAssertEqual(background.locations, [0, 0.5, 0.5, 1])
        let snapshot = try XCTUnwrap(LayerSnapshot(of: background, width: 10, height: 20))
        let (red, blue) = (asGradientStop((1, 0, 0)), asGradientStop((0, 0, 1)))
        XCTAssertEqual(snapshot.pixel(x: 5, y: 2), red)
        XCTAssertEqual(snapshot.pixel(x: 5, y: 8), red)
        XCTAssertEqual(snapshot.pixel(x: 5, y: 11), blue)
        XCTAssertEqual(snapshot.pixel(x: 5, y: 17), blue)
    }

    func testATextLayerKeepsItsConfiguration() {
        let caption = makeCaption("Hello, Core Animation", width: 120)
        XCTAssertEqual(caption.string as? String, "Hello, Core Animation")
        XCTAssertEqual(caption.fontSize, 17)
        XCTAssertEqual(caption.alignmentMode, .center)
        XCTAssertTrue(caption.isWrapped)
        XCTAssertEqual(caption.truncationMode, .end)
        XCTAssertEqual(caption.contentsScale, 2)
        XCTAssertEqual(caption.foregroundColor, CGColor(gray: 0, alpha: 1))
        XCTAssertEqual(CATextLayer().fontSize, 36, "Apple's default")
    }

    func testAReplicatorDrawsItsInstancesAlongItsTransform() throws {
        let dots = makeDots(count: 3)
        XCTAssertEqual(dots.instanceCount, 3)
        XCTAssertEqual(dots.instanceDelay, 0.2)
        let snapshot = try XCTUnwrap(LayerSnapshot(of: dots, width: 60, height: 10))
        for x in [5, 25, 45] {
            XCTAssertEqual(snapshot.pixel(x: x, y: 5), red, "dot at x = \(x)")
        }
        for x in [15, 35, 55] {
            XCTAssertEqual(snapshot.pixel(x: x, y: 5), clear, "gap at x = \(x)")
        }
    }

    func testFactoriesComposeIntoOneTree() throws {
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        card.addSublayer(makeSplitBackground(frame: card.bounds))
        let badge = makeBadge(diameter: 10)
        badge.position = CGPoint(x: 50, y: 10)
        card.addSublayer(badge)
        XCTAssertEqual(card.sublayers?.map { $0.name }, [nil, "badge"])
        let snapshot = try XCTUnwrap(LayerSnapshot(of: card, width: 60, height: 40))
        XCTAssertEqual(snapshot.pixel(x: 10, y: 10), asGradientStop((1, 0, 0)), "the background's top half")
        XCTAssertEqual(snapshot.pixel(x: 50, y: 10), red, "the badge's centre")
        XCTAssertEqual(snapshot.pixel(x: 50, y: 6), [255, 255, 255, 255], "the badge's ring")
        XCTAssertEqual(snapshot.pixel(x: 10, y: 30), asGradientStop((0, 0, 1)), "the background's bottom half")
    }
}
