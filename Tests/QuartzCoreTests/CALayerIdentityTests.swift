import Foundation
import QuartzCore
import XCTest

/// Layers are `Equatable` and `Hashable` by identity, as Apple's are through `NSObject`.
final class CALayerIdentityTests: XCTestCase {
    func testLayersWithTheSamePropertiesAreDifferentLayers() {
        let first = CALayer(), second = CALayer()
        first.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        second.frame = first.frame
        XCTAssertTrue(first == first)
        XCTAssertFalse(first == second)
        XCTAssertTrue(first != second)
        XCTAssertEqual(Set([first, second, first]).count, 2)
    }

    func testFirstIndexOfFindsTheLayerItself() {
        let cards = (0..<4).map { _ in CALayer() }
        for card in cards { card.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        XCTAssertEqual(cards.firstIndex(of: cards[2]), 2)
        XCTAssertNil(cards.firstIndex(of: CALayer()))
        XCTAssertTrue(cards.contains(cards[3]))
    }

    func testADictionaryKeyedByLayersKeepsOneEntryPerLayer() {
        let shape = CAShapeLayer(), text = CATextLayer(), plain = CALayer()
        var names: [CALayer: String] = [shape: "shape", text: "text", plain: "plain"]
        plain.opacity = 0.5  // a property change changes neither equality nor hash
        XCTAssertEqual(names[plain], "plain")
        names[shape] = "ring"
        XCTAssertEqual(names.count, 3)
        XCTAssertEqual(names[shape], "ring")
        XCTAssertEqual(names[text], "text")
    }

    func testAPresentationCopyIsNotItsModel() {
        let model = CALayer()
        model.position = CGPoint(x: 5, y: 5)
        let copy = CALayer(layer: model)
        XCTAssertEqual(copy.position, model.position)
        XCTAssertNotEqual(copy, model)
    }

    func testASubclassComparesByIdentityToo() {
        let first = TaggedLayer(), second = TaggedLayer()
        first.tag = 7
        second.tag = 7
        XCTAssertNotEqual(first, second, "equal tags, different layers")
        XCTAssertEqual(first.hashValue, first.hashValue)
        XCTAssertEqual([first, second].firstIndex(of: second), 1)
        XCTAssertEqual(Set<CALayer>([first, second]).count, 2)
    }

    func testEqualLayersHashAlike() {
        let layer = CALayer()
        var a = Hasher(), b = Hasher()
        a.combine(layer)
        b.combine(layer as CALayer)
        XCTAssertEqual(a.finalize(), b.finalize())
        XCTAssertEqual(AnyHashable(layer), AnyHashable(layer))
        XCTAssertNotEqual(AnyHashable(layer), AnyHashable(CALayer()))
    }
}

/// A subclass with a stored property that makes no difference to identity.
private final class TaggedLayer: CALayer {
    var tag = 0
}
