import QuartzCore
import TestSupport
import XCTest

/// A SubLayer whose class defaults make it a black circle.
private final class SubLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        if key == "backgroundColor" { return CGColor.black }
        if key == "cornerRadius" { return 20.0 }
        return super.defaultValue(forKey: key)
    }
}

/// A SubLayer that rotates itself in init.
private final class RotatedSubLayer: CALayer {
    override init() {
        super.init()
        transform = CATransform3DMakeRotation(.pi / 2, 1, 1, 1)
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerKeyValueCodingTests: XCTestCase {
    // A layer is a key-value container: undeclared keys are stored on it.
    func testUndeclaredKeysAreStored() async throws {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKey: "state"))
        layer.setValue(true, forKey: "state")
        XCTAssertEqual(layer.value(forKey: "state") as? Bool, true)
        layer.setValue(3.5, forKey: "lineWidth")
        XCTAssertEqual(layer.value(forKey: "lineWidth") as? Double, 3.5)
        layer.setValue(nil, forKey: "state")
        XCTAssertNil(layer.value(forKey: "state"))
    }

    func testDeclaredKeysReadAndWriteTheProperties() async throws {
        let layer = CALayer()
        layer.setValue(CGRect(x: 0, y: 0, width: 10, height: 20), forKey: "bounds")
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 10, height: 20))
        layer.setValue(0.25, forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.25)
        layer.setValue(5, forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 5)
        layer.setValue(true, forKey: "hidden")
        XCTAssertTrue(layer.isHidden)
        layer.setValue(false, forKey: "isHidden")
        XCTAssertFalse(layer.isHidden)
        layer.setValue("resizeAspect", forKey: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .resizeAspect)
        layer.setValue(CGAffineTransform(scaleX: 2, y: 2), forKey: "transform")
        XCTAssertEqual(layer.transform.m11, 2)
        XCTAssertEqual(layer.value(forKey: "bounds") as? CGRect, CGRect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertEqual(layer.value(forKey: "doubleSided") as? Bool, true)
        XCTAssertEqual(layer.value(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.value(forKey: "frame") as? CGRect, layer.frame)
        layer.setValue(CGColor.white, forKey: "backgroundColor")
        XCTAssertEqual(layer.backgroundColor, CGColor.white)
        layer.setValue(nil, forKey: "backgroundColor")
        XCTAssertNil(layer.backgroundColor)
    }

    // Apple raises for a wrong type or nil on a scalar; Lamina refuses with a diagnostic.
    func testWrongTypesAreRefusedWithDiagnostic() async throws {
        let layer = CALayer()
        let diagnostics = capturingDiagnostics {
            layer.setValue("wide", forKey: "bounds")
            layer.setValue(nil, forKey: "opacity")
            layer.setValue(CGPoint.zero, forKey: "superlayer")
        }
        XCTAssertEqual(diagnostics.map(\.code), [.typeMismatch, .typeMismatch, .typeMismatch])
        XCTAssertTrue(diagnostics[0].message.contains("CGRect"), diagnostics[0].message)
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.opacity, 1)
    }

    // A subclass's defaultValue(forKey:) supplies black and a radius of 20: a black circle.
    func testClassDefaultValueMakesABlackCircle() async throws {
        let layer = SubLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 100, y: 30)
        XCTAssertEqual(layer.backgroundColor, CGColor.black)
        XCTAssertEqual(layer.cornerRadius, 20)
        XCTAssertEqual(layer.value(forKey: "cornerRadius") as? CGFloat, 20)
        XCTAssertEqual(layer.frame, CGRect(x: 80, y: 10, width: 40, height: 40))
        // Other keys still come from CALayer (the subclass called super).
        XCTAssertEqual(layer.shadowRadius, 3)
        layer.cornerRadius = 4
        XCTAssertEqual(layer.cornerRadius, 4)
        layer.backgroundColor = nil
        XCTAssertNil(layer.backgroundColor)
        let image = try CALayerCompositor().renderImage(SubLayer().configured(), width: 40, height: 40)
        XCTAssertEqual(image.pixel(x: 20, y: 20), rgba(0, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 1, y: 1), rgba(0, 0, 0, 0))
    }

    // A subclass init that sets transform rotates the layer by 90° about (1, 1, 1).
    func testSubclassInitSettingTransform() async throws {
        let layer = RotatedSubLayer()
        assertEqual(layer.transform, CATransform3DMakeRotation(.pi / 2, 1, 1, 1))
    }

    // Apple: the style dictionary supplies values for unset keys; the shallowest wins.
    func testStyleChainShallowestWins() async throws {
        let layer = CALayer()
        layer.style = [
            "cornerRadius": 8.0,
            "style": ["cornerRadius": 2.0, "borderWidth": 3, "style": ["opacity": 0.5]],
        ]
        XCTAssertEqual(layer.cornerRadius, 8)
        XCTAssertEqual(layer.borderWidth, 3)
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual(layer.value(forKey: "borderWidth") as? CGFloat, 3)
        layer.cornerRadius = 1
        XCTAssertEqual(layer.cornerRadius, 1)
    }

    // Apple: bounds and frame never consult the style dictionary.
    func testStyleIsIgnoredForBoundsAndFrame() async throws {
        let layer = CALayer()
        layer.style = ["bounds": CGRect(x: 0, y: 0, width: 50, height: 50), "position": CGPoint(x: 7, y: 8)]
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, CGPoint(x: 7, y: 8))
        XCTAssertEqual(layer.frame, CGRect(x: 7, y: 8, width: 0, height: 0))
    }

    // Apple: the style dictionary is consulted before defaultValue(forKey:).
    func testStyleBeatsClassDefault() async throws {
        let layer = SubLayer()
        XCTAssertEqual(layer.cornerRadius, 20)
        layer.style = ["cornerRadius": 6]
        XCTAssertEqual(layer.cornerRadius, 6)
    }

    // Apple's key-path extensions for structs.
    func testStructKeyPaths() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        layer.position = CGPoint(x: 5, y: 6)
        XCTAssertEqual(layer.value(forKeyPath: "position.x") as? CGFloat, 5)
        XCTAssertEqual(layer.value(forKeyPath: "position.y") as? CGFloat, 6)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size.width") as? CGFloat, 30)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin.y") as? CGFloat, 2)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 30, height: 40))
        XCTAssertEqual(layer.value(forKeyPath: "shadowOffset.height") as? CGFloat, -3)
        layer.setValue(50, forKeyPath: "position.x")
        XCTAssertEqual(layer.position, CGPoint(x: 50, y: 6))
        layer.setValue(12.5, forKeyPath: "bounds.size.height")
        XCTAssertEqual(layer.bounds, CGRect(x: 1, y: 2, width: 30, height: 12.5))
        layer.setValue(CGPoint(x: 9, y: 9), forKeyPath: "bounds.origin")
        XCTAssertEqual(layer.bounds.origin, CGPoint(x: 9, y: 9))
        XCTAssertEqual(layer.value(forKeyPath: "bounds") as? CGRect, layer.bounds)
    }

    func testTransformKeyPaths() async throws {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        assertEqual(layer.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation") as? CGFloat ?? 0, .pi / 2, accuracy: 1e-12)
        layer.setValue(2, forKeyPath: "transform.scale")
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi / 2, accuracy: 1e-12)
        layer.setValue(10, forKeyPath: "transform.translation.x")
        layer.setValue(-4, forKeyPath: "transform.translation.y")
        XCTAssertEqual(layer.transform.m41, 10)
        XCTAssertEqual(layer.transform.m42, -4)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 10, height: -4))
        assertEqual(
            layer.transform,
            CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                CATransform3DMakeTranslation(10, -4, 0)))
        layer.transform = CATransform3DMakeRotation(0.3, 1, 0, 0)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.x") as? CGFloat ?? 0, 0.3, accuracy: 1e-12)
        layer.transform = CATransform3DMakeRotation(0.4, 0, 1, 0)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as? CGFloat ?? 0, 0.4, accuracy: 1e-12)
        layer.transform = CATransform3DMakeScale(1, 3, 5)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.y") as? CGFloat ?? 0, 3, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.z") as? CGFloat ?? 0, 5, accuracy: 1e-12)
    }

    // A mirroring transform is read as a negative y scale: Apple's render of a layer given
    // transform.scale.y −1, then transform.rotation.z π (an animation engine's flap turned
    // over) shows it mirrored left to right, the product of the scale and the half turn.
    func testAMirroringTransformIsReadAsANegativeYScale() async throws {
        let layer = CALayer()
        layer.setValue(-1, forKeyPath: "transform.scale.y")
        assertEqual(layer.transform, CATransform3DMakeScale(1, -1, 1))
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.y") as? CGFloat ?? 0, -1, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 1, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 1, 0, accuracy: 1e-12)
        layer.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")
        // scale(1, −1) then a half turn: x → −x, y → y.
        assertEqual(layer.transform, CATransform3DMakeScale(-1, 1, 1))
        // Mirrored left to right, it reads as a half turn of a y-mirrored layer.
        layer.transform = CATransform3DMakeScale(-2, 3, 1)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.y") as? CGFloat ?? 0, -3, accuracy: 1e-12)
        XCTAssertEqual(abs(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0), .pi, accuracy: 1e-12)
    }

    func testSetRotationKeepsPerspective() async throws {
        let layer = CALayer()
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        layer.transform = t
        layer.setValue(0.5, forKeyPath: "transform.rotation.y")
        XCTAssertEqual(layer.transform.m34, -1.0 / 500)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as? CGFloat ?? 0, 0.5, accuracy: 1e-12)
    }

    func testKeyPathsThroughLayersAndDictionaries() async throws {
        let layer = CALayer()
        let maskLayer = CALayer()
        layer.mask = maskLayer
        layer.setValue(CGRect(x: 0, y: 0, width: 3, height: 3), forKeyPath: "mask.bounds")
        XCTAssertEqual(maskLayer.bounds, CGRect(x: 0, y: 0, width: 3, height: 3))
        XCTAssertEqual(layer.value(forKeyPath: "mask.bounds.size.width") as? CGFloat, 3)
        layer.style = ["inner": ["value": 1]]
        XCTAssertEqual(layer.value(forKeyPath: "style.inner.value") as? Int, 1)
        layer.setValue(2, forKeyPath: "style.inner.value")
        XCTAssertEqual(layer.value(forKeyPath: "style.inner.value") as? Int, 2)
    }

    func testUnresolvableKeyPathIsRefused() async throws {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 2)
        var diagnostics = capturingDiagnostics {
            layer.setValue(3, forKeyPath: "position.z")
            layer.setValue("x", forKeyPath: "position.x")
            layer.setValue(3, forKeyPath: "name.count")
        }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidKeyPath, .invalidKeyPath, .invalidKeyPath])
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 2))
        XCTAssertNil(layer.value(forKeyPath: "position.z"))
        XCTAssertNil(layer.value(forKeyPath: "nothing.here"))
        diagnostics = capturingDiagnostics { layer.setValue(1, forKey: "") }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidKeyPath])
    }

    // Undeclared keys are copied into presentation layers.
    func testUndeclaredKeysReachPresentation() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        layer.setValue("on", forKey: "state")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.value(forKey: "state") as? String, "on")
    }
}

extension CALayer {
    /// A 40×40 render snapshot of this layer at the origin.
    @MainActor
    fileprivate func configured() -> CARenderLayer {
        frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        return makeRenderTree()
    }
}
