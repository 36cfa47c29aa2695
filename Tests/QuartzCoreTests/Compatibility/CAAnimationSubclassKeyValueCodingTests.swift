import QuartzCore
import TestSupport
import XCTest

/// Key-value coding on the keyframe, spring, group and transition animations: each of their
/// properties answers to its Objective-C name as on Apple platforms, values are coerced as
/// for the timing keys, and a value of the wrong type is refused with a diagnostic.
@MainActor
final class CAAnimationSubclassKeyValueCodingTests: XCTestCase {
    // MARK: CAKeyframeAnimation

    func testKeyframeKeysSetTheProperties() async {
        let animation = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        let diagnostics = capturingDiagnostics {
            animation.setValue([NSValue(cgPoint: CGPoint(x: 1, y: 2)), NSValue(cgPoint: CGPoint(x: 3, y: 4))], forKey: "values")
            animation.setValue(path, forKey: "path")
            animation.setValue([0, 0.25, 1], forKey: "keyTimes")
            animation.setValue([CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)], forKey: "timingFunctions")
            animation.setValue("cubic", forKey: "calculationMode")
            animation.setValue("autoReverse", forKey: "rotationMode")
            animation.setValue([NSNumber(value: 0.5), NSNumber(value: -1)], forKey: "tensionValues")
            animation.setValue([CGFloat(0.25), 0], forKey: "continuityValues")
            animation.setValue([Float(-0.5), 1] as [Any], forKey: "biasValues")
        }
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual((animation.values as? [NSValue])?.map(\.cgPointValue), [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)])
        XCTAssertEqual(animation.path, path)
        XCTAssertEqual(animation.keyTimes?.map(\.doubleValue), [0, 0.25, 1])
        XCTAssertEqual(animation.timingFunctions, [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)])
        XCTAssertEqual(animation.calculationMode, .cubic)
        XCTAssertEqual(animation.rotationMode, .rotateAutoReverse)
        XCTAssertEqual(animation.tensionValues?.map(\.doubleValue), [0.5, -1])
        XCTAssertEqual(animation.continuityValues?.map(\.doubleValue), [0.25, 0])
        XCTAssertEqual(animation.biasValues?.map(\.doubleValue), [-0.5, 1])
    }

    func testKeyframeKeysReadTheProperties() async {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 2))
        animation.values = [0.0, 0.5, 1.0]
        animation.path = path
        animation.keyTimes = [NSNumber(value: 0), NSNumber(value: 0.75), NSNumber(value: 1)]
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeOut)]
        animation.calculationMode = .discrete
        animation.rotationMode = .rotateAuto
        animation.tensionValues = [NSNumber(value: 1)]
        animation.continuityValues = [NSNumber(value: -1)]
        animation.biasValues = [NSNumber(value: 0.5)]
        XCTAssertEqual(animation.value(forKey: "values") as? [Double], [0, 0.5, 1])
        XCTAssertEqual(animation.value(forKey: "path") as? CGPath, path)
        XCTAssertEqual((animation.value(forKey: "keyTimes") as? [NSNumber])?.map(\.doubleValue), [0, 0.75, 1])
        XCTAssertEqual(animation.value(forKey: "timingFunctions") as? [CAMediaTimingFunction], [CAMediaTimingFunction(name: .easeOut)])
        XCTAssertEqual(animation.value(forKey: "calculationMode") as? CAAnimationCalculationMode, .discrete)
        XCTAssertEqual(animation.value(forKey: "rotationMode") as? CAAnimationRotationMode, .rotateAuto)
        XCTAssertEqual((animation.value(forKey: "tensionValues") as? [NSNumber])?.map(\.doubleValue), [1])
        XCTAssertEqual((animation.value(forKey: "continuityValues") as? [NSNumber])?.map(\.doubleValue), [-1])
        XCTAssertEqual((animation.value(forKey: "biasValues") as? [NSNumber])?.map(\.doubleValue), [0.5])
    }

    func testKeyframeDefaultsReadBackAndNilClearsTheOptionalKeys() async {
        let animation = CAKeyframeAnimation()
        XCTAssertNil(animation.value(forKey: "values"))
        XCTAssertNil(animation.value(forKey: "path"))
        XCTAssertNil(animation.value(forKey: "rotationMode"))
        XCTAssertEqual(animation.value(forKey: "calculationMode") as? CAAnimationCalculationMode, .linear)
        animation.values = [1, 2]
        animation.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        animation.keyTimes = [NSNumber(value: 0), NSNumber(value: 1)]
        animation.timingFunctions = [CAMediaTimingFunction(name: .linear)]
        animation.rotationMode = .rotateAuto
        animation.tensionValues = [NSNumber(value: 1)]
        animation.continuityValues = [NSNumber(value: 1)]
        animation.biasValues = [NSNumber(value: 1)]
        let keys = ["values", "path", "keyTimes", "timingFunctions", "rotationMode", "tensionValues", "continuityValues", "biasValues"]
        let diagnostics = capturingDiagnostics {
            for key in keys { animation.setValue(nil, forKey: key) }
        }
        XCTAssertEqual(diagnostics, [])
        XCTAssertNil(animation.values)
        XCTAssertNil(animation.path)
        XCTAssertNil(animation.keyTimes)
        XCTAssertNil(animation.timingFunctions)
        XCTAssertNil(animation.rotationMode)
        XCTAssertNil(animation.tensionValues)
        XCTAssertNil(animation.continuityValues)
        XCTAssertNil(animation.biasValues)
        for key in keys { XCTAssertNil(animation.value(forKey: key), key) }
    }

    func testKeyframeModesAcceptTheTypedValuesTheyReadBack() async {
        let animation = CAKeyframeAnimation()
        let diagnostics = capturingDiagnostics {
            animation.setValue(CAAnimationCalculationMode.paced, forKey: "calculationMode")
            animation.setValue(CAAnimationRotationMode.rotateAuto, forKey: "rotationMode")
        }
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(animation.calculationMode, .paced)
        XCTAssertEqual(animation.rotationMode, .rotateAuto)
    }

    func testKeyframeKeysRefuseValuesOfAnotherType() async {
        let animation = CAKeyframeAnimation(keyPath: "position")
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        animation.values = [1, 2]
        animation.path = path
        animation.keyTimes = [NSNumber(value: 0), NSNumber(value: 1)]
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        animation.calculationMode = .cubic
        animation.rotationMode = .rotateAuto
        animation.tensionValues = [NSNumber(value: 1)]
        animation.continuityValues = [NSNumber(value: 1)]
        animation.biasValues = [NSNumber(value: 1)]
        assertRefused(
            animation,
            [
                ("values", 3), ("path", "M 0 0 L 1 1"), ("keyTimes", [0, "half", 1] as [Any]),
                ("keyTimes", 0.5), ("timingFunctions", ["easeIn"]), ("timingFunctions", CAMediaTimingFunction(name: .linear)),
                ("calculationMode", 1), ("calculationMode", nil), ("rotationMode", true),
                ("tensionValues", ["tight"]), ("continuityValues", CGPoint(x: 1, y: 1)), ("biasValues", [NSValue(cgPoint: .zero)]),
            ])
        XCTAssertEqual(animation.values as? [Int], [1, 2])
        XCTAssertEqual(animation.path, path)
        XCTAssertEqual(animation.keyTimes?.map(\.doubleValue), [0, 1])
        XCTAssertEqual(animation.timingFunctions, [CAMediaTimingFunction(name: .easeIn)])
        XCTAssertEqual(animation.calculationMode, .cubic)
        XCTAssertEqual(animation.rotationMode, .rotateAuto)
        XCTAssertEqual(animation.tensionValues?.map(\.doubleValue), [1])
        XCTAssertEqual(animation.continuityValues?.map(\.doubleValue), [1])
        XCTAssertEqual(animation.biasValues?.map(\.doubleValue), [1])
    }

    func testARefusalNamesTheClassKeyAndTypes() async {
        let animation = CAKeyframeAnimation()
        let diagnostics = capturingDiagnostics { animation.setValue("fast", forKey: "keyTimes") }
        XCTAssertEqual(
            diagnostics,
            [CALayerDiagnostic(.typeMismatch, "CAKeyframeAnimation.setValue(_:forKey: \"keyTimes\"): expected Array<NSNumber>, got String; ignored")])
    }

    func testAKeyframeAnimationConfiguredByKeyValueCodingAnimatesTheLayer() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let animation = CAKeyframeAnimation()
        let diagnostics = capturingDiagnostics {
            animation.setValue("position", forKey: "keyPath")
            animation.setValue(
                [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 200)].map { NSValue(cgPoint: $0) }, forKey: "values")
            animation.setValue([0, 0.75, 1], forKey: "keyTimes")
            animation.setValue("discrete", forKey: "calculationMode")
            animation.setValue(2, forKey: "duration")
            animation.setValue("forwards", forKey: "fillMode")
            animation.setValue(false, forKey: "removedOnCompletion")
        }
        XCTAssertEqual(diagnostics, [])
        layer.add(animation, forKey: "hop")
        CATransaction.flush()
        // Linear pacing would give (66.67, 0) at half time, even key times (100, 0).
        world.clock.set(101)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).position, CGPoint(x: 0, y: 0))
        // Linear pacing with these key times would give (100, 100).
        world.clock.set(101.75)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).position, CGPoint(x: 100, y: 0))
        world.clock.set(103)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).position, CGPoint(x: 100, y: 200))
        XCTAssertEqual(layer.position, CGPoint(x: 50, y: 50))
    }

    // MARK: CASpringAnimation

    func testSpringKeysSetTheProperties() async {
        let animation = CASpringAnimation(keyPath: "position.x")
        let diagnostics = capturingDiagnostics {
            animation.setValue(2.5, forKey: "mass")
            animation.setValue(NSNumber(value: 300), forKey: "stiffness")
            animation.setValue(Float(12.5), forKey: "damping")
            animation.setValue(CGFloat(-4), forKey: "initialVelocity")
        }
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(animation.mass, 2.5)
        XCTAssertEqual(animation.stiffness, 300)
        XCTAssertEqual(animation.damping, 12.5)
        XCTAssertEqual(animation.initialVelocity, -4)
    }

    func testSpringKeysReadTheProperties() async {
        let animation = CASpringAnimation()
        XCTAssertEqual(animation.value(forKey: "mass") as? CGFloat, 1)
        XCTAssertEqual(animation.value(forKey: "stiffness") as? CGFloat, 100)
        XCTAssertEqual(animation.value(forKey: "damping") as? CGFloat, 10)
        XCTAssertEqual(animation.value(forKey: "initialVelocity") as? CGFloat, 0)
        animation.mass = 2
        animation.stiffness = 50
        animation.damping = 0.5
        animation.initialVelocity = 8
        XCTAssertEqual(animation.value(forKey: "mass") as? CGFloat, 2)
        XCTAssertEqual(animation.value(forKey: "stiffness") as? CGFloat, 50)
        XCTAssertEqual(animation.value(forKey: "damping") as? CGFloat, 0.5)
        XCTAssertEqual(animation.value(forKey: "initialVelocity") as? CGFloat, 8)
        XCTAssertEqual(animation.value(forKey: "settlingDuration") as? CFTimeInterval, animation.settlingDuration)
    }

    func testSpringKeysRefuseValuesOfAnotherTypeAndTheReadOnlySettlingDuration() async {
        let animation = CASpringAnimation()
        let settling = animation.settlingDuration
        assertRefused(
            animation,
            [
                ("mass", "heavy"), ("mass", nil), ("stiffness", [100]), ("damping", CGPoint(x: 1, y: 0)),
                ("initialVelocity", NSValue(cgSize: CGSize(width: 1, height: 1))), ("settlingDuration", 1.0),
            ])
        XCTAssertEqual(animation.mass, 1)
        XCTAssertEqual(animation.stiffness, 100)
        XCTAssertEqual(animation.damping, 10)
        XCTAssertEqual(animation.initialVelocity, 0)
        XCTAssertEqual(animation.value(forKey: "settlingDuration") as? CFTimeInterval, settling)
    }

    // MARK: CAAnimationGroup

    func testGroupAnimationsKeySetsAndReadsTheProperty() async {
        let group = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        let move = CAKeyframeAnimation(keyPath: "position")
        let diagnostics = capturingDiagnostics { group.setValue([fade, move] as [Any], forKey: "animations") }
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(group.animations?.count, 2)
        XCTAssertTrue(group.animations?.first === fade)
        XCTAssertTrue(group.animations?.last === move)
        let read = group.value(forKey: "animations") as? [CAAnimation]
        XCTAssertEqual(read?.count, 2)
        XCTAssertTrue(read?.first === fade)
        XCTAssertTrue(read?.last === move)
        group.setValue(nil, forKey: "animations")
        XCTAssertNil(group.animations)
        XCTAssertNil(group.value(forKey: "animations"))
    }

    func testGroupAnimationsKeyRefusesValuesOfAnotherType() async {
        let group = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        group.animations = [fade]
        assertRefused(group, [("animations", fade), ("animations", [fade, "spin"] as [Any]), ("animations", 2)])
        XCTAssertEqual(group.animations?.count, 1)
        XCTAssertTrue(group.animations?.first === fade)
    }

    // MARK: CATransition

    func testTransitionKeysSetTheProperties() async {
        let transition = CATransition()
        let diagnostics = capturingDiagnostics {
            transition.setValue("push", forKey: "type")
            transition.setValue("fromRight", forKey: "subtype")
            transition.setValue(0.25, forKey: "startProgress")
            transition.setValue(NSNumber(value: 0.75), forKey: "endProgress")
        }
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(transition.type, .push)
        XCTAssertEqual(transition.subtype, .fromRight)
        XCTAssertEqual(transition.startProgress, 0.25)
        XCTAssertEqual(transition.endProgress, 0.75)
        transition.setValue(CATransitionType.reveal, forKey: "type")
        transition.setValue(CATransitionSubtype.fromTop, forKey: "subtype")
        XCTAssertEqual(transition.type, .reveal)
        XCTAssertEqual(transition.subtype, .fromTop)
        transition.setValue(nil, forKey: "subtype")
        XCTAssertNil(transition.subtype)
    }

    func testTransitionKeysReadTheProperties() async {
        let transition = CATransition()
        XCTAssertEqual(transition.value(forKey: "type") as? CATransitionType, .fade)
        XCTAssertNil(transition.value(forKey: "subtype"))
        XCTAssertEqual(transition.value(forKey: "startProgress") as? Float, 0)
        XCTAssertEqual(transition.value(forKey: "endProgress") as? Float, 1)
        transition.type = .moveIn
        transition.subtype = .fromBottom
        transition.startProgress = 0.5
        transition.endProgress = 0.625
        XCTAssertEqual(transition.value(forKey: "type") as? CATransitionType, .moveIn)
        XCTAssertEqual(transition.value(forKey: "subtype") as? CATransitionSubtype, .fromBottom)
        XCTAssertEqual(transition.value(forKey: "startProgress") as? Float, 0.5)
        XCTAssertEqual(transition.value(forKey: "endProgress") as? Float, 0.625)
    }

    func testTransitionKeysRefuseValuesOfAnotherType() async {
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        assertRefused(
            transition,
            [
                ("type", 3), ("type", nil), ("subtype", CATransitionType.fade), ("startProgress", "half"),
                ("endProgress", nil),
            ])
        XCTAssertEqual(transition.type, .push)
        XCTAssertEqual(transition.subtype, .fromLeft)
        XCTAssertEqual(transition.startProgress, 0)
        XCTAssertEqual(transition.endProgress, 1)
    }

    // MARK: Helpers

    /// Sets each `(key, value)` on `animation` and asserts that each call was refused with
    /// exactly one `.typeMismatch` diagnostic naming the class and the key.
    private func assertRefused(
        _ animation: CAAnimation, _ cases: [(String, Any?)], file: StaticString = #filePath, line: UInt = #line
    ) {
        let className = String(describing: type(of: animation))
        for (key, value) in cases {
            let diagnostics = capturingDiagnostics { animation.setValue(value, forKey: key) }
            XCTAssertEqual(diagnostics.map(\.code), [.typeMismatch], "\(key) = \(String(describing: value))", file: file, line: line)
            XCTAssertTrue(
                diagnostics.first?.message.hasPrefix("\(className).setValue(_:forKey: \"\(key)\"): expected ") ?? false,
                "\(diagnostics)", file: file, line: line)
        }
    }
}
