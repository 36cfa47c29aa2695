import LaminaPortRewriter
import XCTest

final class KeyPathRewriterTests: XCTestCase {
    func testTypedKeyPathsBecomeApplesKeyStrings() {
        let source = """
            extension LayerProperty {
              static var opacity: LayerProperty<CGFloat> {
                .init(caLayerKeypath: #keyPath(CALayer.opacity), defaultValue: 1)
              }
              static var isHidden: LayerProperty<Bool> {
                .init(caLayerKeypath: #keyPath(CALayer.isHidden), defaultValue: false)
              }
              static var strokeEnd: LayerProperty<CGFloat> {
                .init(caLayerKeypath: #keyPath(CAShapeLayer.strokeEnd), defaultValue: 1)
              }
              static let flipped = #keyPath(CALayer.isGeometryFlipped)
              static let removed = #keyPath(CABasicAnimation.isRemovedOnCompletion)
              static let maskPosition = #keyPath(CALayer.mask.position)
            }

            """
        let expected = """
            extension LayerProperty {
              static var opacity: LayerProperty<CGFloat> {
                .init(caLayerKeypath: "opacity", defaultValue: 1)
              }
              static var isHidden: LayerProperty<Bool> {
                .init(caLayerKeypath: "hidden", defaultValue: false)
              }
              static var strokeEnd: LayerProperty<CGFloat> {
                .init(caLayerKeypath: "strokeEnd", defaultValue: 1)
              }
              static let flipped = "geometryFlipped"
              static let removed = "removedOnCompletion"
              static let maskPosition = "mask.position"
            }

            """
        XCTAssertEqual(Porter.port(source).ported, expected)
    }

    func testUntypedKeyPathInALayerExtensionUsesApplesKeyName() {
        let source = """
            extension CALayer {
              func addVisibilityAnimation() {
                let animation = CAKeyframeAnimation(keyPath: #keyPath(isHidden))
                add(animation, forKey: #keyPath( opacity ))
              }
            }
            """
        let ported = Porter.port(source, path: "VisibilityAnimation.swift")
        XCTAssertEqual(ported.ported, """
            extension CALayer {
              func addVisibilityAnimation() {
                let animation = CAKeyframeAnimation(keyPath: "hidden")
                add(animation, forKey: "opacity")
              }
            }
            """)
        XCTAssertEqual(ported.reportLines, [
            "VisibilityAnimation.swift:3: #keyPath(isHidden) -> \"hidden\" (#keyPath needs the Objective-C runtime; the string is the key it names)",
            "VisibilityAnimation.swift:4: #keyPath( opacity ) -> \"opacity\" (#keyPath needs the Objective-C runtime; the string is the key it names)",
        ])
    }

    func testKeyPathOfAnotherClassKeepsItsPropertyName() {
        let source = """
            final class Switch: NSObject {
              @objc var isOn = false
            }
            let key = #keyPath(Switch.isOn)
            let other = #keyPath(Settings.isEnabled)
            """
        XCTAssertEqual(Porter.port(source).ported, """
            final class Switch: NSObject {
              var isOn = false
            }
            let key = "isOn"
            let other = "isEnabled"
            """)
    }

    func testKeyPathThatIsNotAPropertyPathIsLeftWithANote() {
        let source = "let key = #keyPath(layers[0].opacity)\n"
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["#keyPath(layers[0].opacity)"])
    }
}
