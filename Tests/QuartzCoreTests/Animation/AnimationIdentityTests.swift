import Foundation
import QuartzCore
import XCTest

/// A layer equal to another of its tile index, overriding `isEqual(_:)` and `hash` as
/// Apple's `NSObject` documentation asks of a subclass that defines its own equality.
private final class TileLayer: CALayer {
    var index = 0

    override func isEqual(_ object: Any?) -> Bool {
        (object as? TileLayer)?.index == index
    }

    override var hash: Int { index }
}

/// Animations, value functions and emitter cells are `Equatable` and `Hashable` by identity, as
/// Apple's are through `NSObject` (`isEqual:` is `==` of the objects unless a class overrides it,
/// which these do not).
final class AnimationIdentityTests: XCTestCase {
    func testAnimationsWithTheSameValuesAreDifferentAnimations() {
        let first = CABasicAnimation(keyPath: "opacity"), second = CABasicAnimation(keyPath: "opacity")
        first.toValue = 0
        second.toValue = 0
        XCTAssertTrue(first == first)
        XCTAssertFalse(first == second)
        XCTAssertEqual(Set<CAAnimation>([first, second, first]).count, 2)
        XCTAssertEqual([first, second].firstIndex(of: second), 1)
    }

    func testADictionaryKeyedByAnimationsFindsEachCompletion() {
        // The pattern of code exported by animation tools: completion blocks keyed by the
        // animation an animationDidStop(_:finished:) is given.
        let fade = CABasicAnimation(keyPath: "opacity"), move = CAKeyframeAnimation(keyPath: "position")
        var finished: [String] = []
        var completions: [CAAnimation: () -> Void] = [fade: { finished.append("fade") }, move: { finished.append("move") }]
        fade.duration = 2  // a change changes neither equality nor hash
        completions[move]?()
        completions[fade]?()
        completions.removeValue(forKey: fade)
        XCTAssertEqual(finished, ["move", "fade"])
        XCTAssertEqual(completions.count, 1)
        XCTAssertNil(completions[CABasicAnimation(keyPath: "opacity")])
    }

    func testTheCopyALayerKeepsIsNotTheAnimationAdded() {
        let layer = CALayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.duration = 1
        layer.add(spin, forKey: "spin")
        let kept = layer.animation(forKey: "spin")
        XCTAssertNotNil(kept)
        XCTAssertFalse(kept == spin, "add(_:forKey:) keeps a copy")
        XCTAssertTrue(kept == kept)
    }

    func testValueFunctionsAndEmitterCellsCompareByIdentity() {
        let rotate = CAValueFunction(name: .rotateZ), again = CAValueFunction(name: .rotateZ)
        XCTAssertEqual(rotate, rotate)
        XCTAssertNotEqual(rotate, again)
        let spark = CAEmitterCell(), ember = CAEmitterCell()
        spark.birthRate = 5
        ember.birthRate = 5
        XCTAssertNotEqual(spark, ember)
        XCTAssertEqual(Set([spark, ember, spark]).count, 2)
        var hasher = Hasher(), again2 = Hasher()
        hasher.combine(spark)
        again2.combine(spark)
        XCTAssertEqual(hasher.finalize(), again2.finalize())
    }

    func testIsEqualIsIdentityForAnimationsLayersCellsAndValueFunctions() throws {
        let layer = CALayer(), other = CALayer()
        let shrink = CABasicAnimation(keyPath: "cornerRadius")
        layer.add(shrink, forKey: "shrink")
        let kept = layer.animation(forKey: "shrink")
        XCTAssertEqual(kept?.isEqual(layer.animation(forKey: "shrink")), true)
        XCTAssertEqual(kept?.isEqual(shrink), false, "add(_:forKey:) keeps a copy")
        XCTAssertFalse(shrink.isEqual(layer.animation(forKey: "missing")), "nil is no animation")
        XCTAssertFalse(shrink.isEqual("cornerRadius"))
        XCTAssertTrue(layer.isEqual(layer))
        XCTAssertFalse(layer.isEqual(other))
        XCTAssertFalse(layer.isEqual(shrink))
        XCTAssertFalse(layer.isEqual(nil))
        let spark = CAEmitterCell()
        XCTAssertTrue(spark.isEqual(spark))
        XCTAssertFalse(spark.isEqual(CAEmitterCell()))
        let rotate = try XCTUnwrap(CAValueFunction(name: .rotateZ))
        XCTAssertTrue(rotate.isEqual(rotate))
        XCTAssertFalse(rotate.isEqual(CAValueFunction(name: .rotateZ)))
    }

    func testASubclassOverridingIsEqualAndHashChangesEqualityAsNSObjectsDoes() {
        // NSObject's `==` asks `isEqual(_:)` and its `hashValue` is `hash` (Apple's NSObject
        // documentation), so sets and `firstIndex(of:)` follow a subclass's own equality.
        let first = TileLayer(), again = TileLayer(), other = TileLayer()
        first.index = 3
        again.index = 3
        other.index = 4
        XCTAssertTrue(first == again)
        XCTAssertFalse(first == other)
        XCTAssertEqual(Set<CALayer>([first, again, other]).count, 2)
        XCTAssertEqual([other, again].firstIndex(of: first), 1)
        XCTAssertFalse(first == CALayer(), "a plain layer is not a tile")
    }
}
