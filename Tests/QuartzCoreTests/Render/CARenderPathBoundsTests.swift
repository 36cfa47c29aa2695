import CoreGraphics
import TestSupport
import XCTest

@testable import QuartzCore

/// A snapshot path's bounding box, which bounds a shape layer's drawing every frame, holds
/// every point cairo draws: for a path starting with a move (as every path converted from a
/// `CGPath` does), exactly the box of the `CGPath` made of it.
final class CARenderPathBoundsTests: XCTestCase {
    func testTheBoxOfRandomElementsIsTheBoxOfThePathMadeOfThem() {
        var random = SplitMix64(seed: 0xB0C5)
        func point() -> CGPoint {
            random.chance(0.2)
                ? CGPoint(x: CGFloat(random.int(40) - 20), y: CGFloat(random.int(40) - 20))
                : CGPoint(x: random.uniform(-500, 500), y: random.uniform(-500, 500))
        }
        for step in 0..<3000 {
            // Starting with a move: a path made of elements without a current point says so.
            var elements: [CARenderPath.Element] = [.move(point())]
            for _ in 0..<random.int(8) {
                switch random.int(5) {
                case 0: elements.append(.move(point()))
                case 1: elements.append(.line(point()))
                case 2: elements.append(.quad(point(), point()))
                case 3: elements.append(.curve(point(), point(), point()))
                default: elements.append(.close)
                }
            }
            let path = CARenderPath(elements: elements)
            let expected = path.makePath().boundingBox
            let box = path.boundingBox
            XCTAssertEqual(box.isNull, expected.isNull, "step \(step): \(elements)")
            if !expected.isNull { XCTAssertEqual(box, expected, "step \(step): \(elements)") }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    func testElementsBeforeTheFirstMoveCountAsCairoDrawsFromThem() {
        // Cairo takes a line with no current point as a move there (a `CGPath` leaves it out).
        let path = CARenderPath(elements: [
            .line(CGPoint(x: -100, y: -90)), .move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 5, y: 7)), .close,
            .line(CGPoint(x: 3, y: 9)),
        ])
        XCTAssertEqual(path.boundingBox, CGRect(x: -100, y: -90, width: 105, height: 99))
        XCTAssertEqual(CARenderPath(elements: [.line(CGPoint(x: 3, y: 3)), .close]).boundingBox, CGRect(x: 3, y: 3, width: 0, height: 0))
        XCTAssertTrue(CARenderPath(elements: [.close]).boundingBox.isNull)
    }

    func testAPathWithAPointThatIsNotFiniteHasTheBoxOfThePathMadeOfIt() {
        let path = CARenderPath(elements: [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 4, y: CGFloat.infinity))])
        let expected = path.makePath().boundingBox
        let box = path.boundingBox
        XCTAssertTrue(box == expected || (box.isNull && expected.isNull), "\(box) ≠ \(expected)")
    }
}
