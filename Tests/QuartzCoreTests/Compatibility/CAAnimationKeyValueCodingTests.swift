import QuartzCore
import TestSupport
import XCTest

/// Key-value coding on animations: tags set before adding are read back from the copy the
/// delegate receives; timing keys set the properties, and values of another type are refused
/// with a diagnostic.
@MainActor
final class CAAnimationKeyValueCodingTests: XCTestCase {
    func testArbitraryKeysStoreAndReadBackValues() async {
        let animation = CABasicAnimation(keyPath: "opacity")
        XCTAssertNil(animation.value(forKey: "tag"))
        animation.setValue("fadeOut", forKey: "tag")
        animation.setValue(kCFBooleanTrue, forKey: "removeWhenDone")
        XCTAssertEqual(animation.value(forKey: "tag") as? String, "fadeOut")
        XCTAssertEqual(animation.value(forKey: "removeWhenDone") as? Bool, true)
        animation.setValue(nil, forKey: "tag")
        XCTAssertNil(animation.value(forKey: "tag"))
    }

    func testCopiesKeepTheValues() async {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(42, forKey: "index")
        let copy = animation.copy() as? CABasicAnimation
        XCTAssertEqual(copy?.value(forKey: "index") as? Int, 42)
    }

    func testTheDelegateReadsTheTagInAnimationDidStop() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = RecordingAnimationDelegate()
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 1)
        animation.setValue("lift", forKey: "name")
        animation.delegate = delegate
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        world.advance(to: 102)
        let stopped = try XCTUnwrap(delegate.stopped.first?.0)
        XCTAssertFalse(stopped === animation)
        XCTAssertEqual(stopped.value(forKey: "name") as? String, "lift")
    }

    func testTimingKeysSetAndReadTheProperties() async {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(2.5, forKey: "duration")
        animation.setValue(NSNumber(value: 3), forKey: "repeatCount")
        animation.setValue(kCFBooleanTrue, forKey: "autoreverses")
        animation.setValue(false, forKey: "removedOnCompletion")
        animation.setValue("forwards", forKey: "fillMode")
        XCTAssertEqual(animation.duration, 2.5)
        XCTAssertEqual(animation.repeatCount, 3)
        XCTAssertTrue(animation.autoreverses)
        XCTAssertFalse(animation.isRemovedOnCompletion)
        XCTAssertEqual(animation.fillMode, .forwards)
        XCTAssertEqual(animation.value(forKey: "duration") as? CFTimeInterval, 2.5)
        XCTAssertEqual(animation.value(forKey: "removedOnCompletion") as? Bool, false)
    }

    func testATimingKeyRefusesAValueOfAnotherTypeWithADiagnostic() async {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.duration = 1
        let diagnostics = capturingDiagnostics {
            animation.setValue("long", forKey: "duration")
            animation.setValue(nil, forKey: "speed")
            animation.setValue(2, forKey: "fillMode")
            animation.setValue("easeIn", forKey: "timingFunction")
            animation.setValue("self", forKey: "delegate")
        }
        XCTAssertEqual(
            diagnostics,
            [
                CALayerDiagnostic(.typeMismatch, "CABasicAnimation.setValue(_:forKey: \"duration\"): expected Double, got String; ignored"),
                CALayerDiagnostic(.typeMismatch, "CABasicAnimation.setValue(_:forKey: \"speed\"): expected Float, got nil; ignored"),
                CALayerDiagnostic(.typeMismatch, "CABasicAnimation.setValue(_:forKey: \"fillMode\"): expected CAMediaTimingFillMode, got Int; ignored"),
                CALayerDiagnostic(
                    .typeMismatch, "CABasicAnimation.setValue(_:forKey: \"timingFunction\"): expected CAMediaTimingFunction, got String; ignored"),
                CALayerDiagnostic(.typeMismatch, "CABasicAnimation.setValue(_:forKey: \"delegate\"): expected CAAnimationDelegate, got String; ignored"),
            ])
        XCTAssertEqual(animation.duration, 1)
        XCTAssertEqual(animation.speed, 1)
        XCTAssertEqual(animation.fillMode, .removed)
        XCTAssertNil(animation.timingFunction)
        XCTAssertNil(animation.delegate)
    }

    func testFillModeAcceptsTheTypedValueItReadsBack() async {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fillMode = .both
        let diagnostics = capturingDiagnostics {
            animation.setValue(CAMediaTimingFillMode.backwards, forKey: "fillMode")
        }
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(animation.fillMode, .backwards)
        XCTAssertEqual(animation.value(forKey: "fillMode") as? CAMediaTimingFillMode, .backwards)
    }

    func testPropertyAnimationKeysSetAndReadTheProperties() async {
        let animation = CABasicAnimation()
        animation.setValue("position.x", forKey: "keyPath")
        animation.setValue(10, forKey: "fromValue")
        animation.setValue(20, forKey: "toValue")
        animation.setValue(kCFBooleanTrue, forKey: "additive")
        XCTAssertEqual(animation.keyPath, "position.x")
        XCTAssertEqual(animation.fromValue as? Int, 10)
        XCTAssertEqual(animation.toValue as? Int, 20)
        XCTAssertTrue(animation.isAdditive)
        XCTAssertEqual(animation.value(forKey: "keyPath") as? String, "position.x")
        XCTAssertEqual(animation.value(forKey: "toValue") as? Int, 20)
        XCTAssertEqual(animation.value(forKey: "cumulative") as? Bool, false)
        let diagnostics = capturingDiagnostics {
            animation.setValue(3, forKey: "keyPath")
            animation.setValue("yes", forKey: "additive")
            animation.setValue(nil, forKey: "cumulative")
            animation.setValue("rotateZ", forKey: "valueFunction")
        }
        XCTAssertEqual(diagnostics.map(\.code), [.typeMismatch, .typeMismatch, .typeMismatch, .typeMismatch])
        XCTAssertEqual(animation.keyPath, "position.x", "a number is not a key path: refused")
        XCTAssertTrue(animation.isAdditive)
        XCTAssertFalse(animation.isCumulative)
        XCTAssertNil(animation.valueFunction)
    }
}
