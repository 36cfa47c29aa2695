import Foundation
import QuartzCore
import XCTest

/// Apple's UIAccessibility informal protocol on layers: the defaults Apple documents for an
/// object that is not an element (`isAccessibilityElement` false, every string nil, traits
/// none, nothing hidden or modal, `accessibilityActivate()` returning false), a text layer
/// as static text labelled by its string, the frame on screen from the presentation tree,
/// and overriding in subclasses.
final class CALayerAccessibilityTests: XCTestCase {
    func testAPlainLayerHasApplesDefaults() {
        let layer = CALayer()
        XCTAssertFalse(layer.isAccessibilityElement)
        XCTAssertNil(layer.accessibilityLabel)
        XCTAssertNil(layer.accessibilityValue)
        XCTAssertNil(layer.accessibilityHint)
        XCTAssertEqual(layer.accessibilityTraits, .none)
        XCTAssertNil(layer.accessibilityIdentifier)
        XCTAssertNil(layer.accessibilityLanguage)
        XCTAssertNil(layer.accessibilityElements)
        XCTAssertFalse(layer.accessibilityElementsHidden)
        XCTAssertFalse(layer.accessibilityViewIsModal)
        XCTAssertFalse(layer.shouldGroupAccessibilityChildren)
        XCTAssertFalse(layer.accessibilityActivate())
    }

    func testATextLayerIsStaticTextLabelledByItsString() {
        let text = CATextLayer()
        XCTAssertFalse(text.isAccessibilityElement, "no text yet: nothing to read")
        text.string = "Hello"
        XCTAssertTrue(text.isAccessibilityElement)
        XCTAssertEqual(text.accessibilityLabel, "Hello")
        XCTAssertEqual(text.accessibilityTraits, .staticText)
        text.string = NSAttributedString(string: "Attributed")
        XCTAssertEqual(text.accessibilityLabel, "Attributed", "an attributed string's characters")
    }

    func testATextLayerSubclassOrStyleIsReadThroughItsStringGetter() {
        let counter = CountingTextLayer()
        XCTAssertTrue(counter.isAccessibilityElement, "the overriding getter shows text")
        XCTAssertEqual(counter.accessibilityLabel, "3 items")
        counter.count = 4
        XCTAssertEqual(counter.accessibilityLabel, "4 items", "read again, not remembered")
        let styled = CATextLayer()
        styled.style = ["string": "From the style"]
        XCTAssertEqual(styled.accessibilityLabel, "From the style", "an unset string reads the style chain")
        styled.string = nil
        XCTAssertNil(styled.accessibilityLabel, "a string set to nil hides the style's")
        XCTAssertFalse(styled.isAccessibilityElement)
    }

    func testASetLabelReplacesTheTextAndNilRestoresIt() {
        let text = CATextLayer()
        text.string = "7"
        text.accessibilityLabel = "Seven items"
        XCTAssertEqual(text.accessibilityLabel, "Seven items")
        text.accessibilityLabel = nil
        XCTAssertEqual(text.accessibilityLabel, "7")
    }

    func testSetValuesAreKept() {
        let layer = CALayer()
        layer.isAccessibilityElement = true
        layer.accessibilityLabel = "Volume"
        layer.accessibilityValue = "50%"
        layer.accessibilityHint = "Changes the volume"
        layer.accessibilityTraits = [.adjustable, .updatesFrequently]
        layer.accessibilityIdentifier = "volume-slider"
        layer.accessibilityLanguage = "fr-CA"
        layer.accessibilityElementsHidden = true
        layer.accessibilityViewIsModal = true
        layer.shouldGroupAccessibilityChildren = true
        XCTAssertTrue(layer.isAccessibilityElement)
        XCTAssertEqual(layer.accessibilityLabel, "Volume")
        XCTAssertEqual(layer.accessibilityValue, "50%")
        XCTAssertEqual(layer.accessibilityHint, "Changes the volume")
        XCTAssertEqual(layer.accessibilityTraits, [.adjustable, .updatesFrequently])
        XCTAssertEqual(layer.accessibilityIdentifier, "volume-slider")
        XCTAssertEqual(layer.accessibilityLanguage, "fr-CA")
        XCTAssertTrue(layer.accessibilityElementsHidden)
        XCTAssertTrue(layer.accessibilityViewIsModal)
        XCTAssertTrue(layer.shouldGroupAccessibilityChildren)
        let other = CALayer()
        layer.accessibilityElements = [other, "not a layer"]
        XCTAssertEqual(layer.accessibilityElements?.count, 2)
        XCTAssertTrue(layer.accessibilityElements?.first as? CALayer === other)
    }

    func testTheDefaultFrameIsTheBoundsInTheRootLayersCoordinates() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let panel = CALayer()
        panel.frame = CGRect(x: 50, y: 40, width: 200, height: 100)
        panel.bounds.origin = CGPoint(x: 10, y: 5)  // scrolled: sublayers shift up-left
        let button = CALayer()
        button.frame = CGRect(x: 20, y: 30, width: 60, height: 24)
        root.addSublayer(panel)
        panel.addSublayer(button)
        // 50 + 20 − 10 = 60 across, 40 + 30 − 5 = 65 down.
        XCTAssertEqual(button.accessibilityFrame, CGRect(x: 60, y: 65, width: 60, height: 24))
        XCTAssertEqual(button.accessibilityActivationPoint, CGPoint(x: 90, y: 77))
        button.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(button.accessibilityFrame, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(button.accessibilityActivationPoint, CGPoint(x: 2.5, y: 4))
        button.accessibilityActivationPoint = CGPoint(x: 7, y: 8)
        XCTAssertEqual(button.accessibilityActivationPoint, CGPoint(x: 7, y: 8))
    }

    func testTheDefaultFrameOfATurnedLayerIsItsBoundingBox() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        square.position = CGPoint(x: 200, y: 150)
        square.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        root.addSublayer(square)
        // A square turned by 45° spans its diagonal: 100·√2.
        let frame = square.accessibilityFrame
        let diagonal = 100 * 2.0.squareRoot()
        XCTAssertEqual(frame.width, diagonal, accuracy: 1e-9)
        XCTAssertEqual(frame.midX, 200, accuracy: 1e-9)
        XCTAssertEqual(frame.midY, 150, accuracy: 1e-9)
    }

    func testSubclassesOverrideEachMember() {
        final class Slider: CALayer {
            var level = 5
            override var isAccessibilityElement: Bool {
                get { true }
                set {}
            }
            override var accessibilityValue: String? {
                get { "\(level)" }
                set {}
            }
            override var accessibilityTraits: UIAccessibilityTraits {
                get { .adjustable }
                set {}
            }
            override func accessibilityIncrement() { level += 1 }
            override func accessibilityDecrement() { level -= 1 }
            override func accessibilityActivate() -> Bool { true }
        }
        let slider = Slider()
        let layer: CALayer = slider
        XCTAssertTrue(layer.isAccessibilityElement)
        XCTAssertEqual(layer.accessibilityTraits, .adjustable)
        layer.accessibilityIncrement()
        layer.accessibilityIncrement()
        layer.accessibilityDecrement()
        XCTAssertEqual(layer.accessibilityValue, "6")
        XCTAssertTrue(layer.accessibilityActivate())
    }

    func testTraitsCombineAsAnOptionSet() {
        var traits: UIAccessibilityTraits = [.button, .selected]
        XCTAssertTrue(traits.contains(.button))
        XCTAssertFalse(traits.contains(.link))
        traits.remove(.selected)
        XCTAssertEqual(traits, .button)
        XCTAssertTrue(UIAccessibilityTraits.none.isEmpty)
        let all: [UIAccessibilityTraits] = [
            .button, .link, .image, .selected, .playsSound, .keyboardKey, .staticText, .summaryElement, .notEnabled,
            .updatesFrequently, .searchField, .startsMediaSession, .adjustable, .allowsDirectInteraction,
            .causesPageTurn, .tabBar, .header, .toggleButton, .supportsZoom,
        ]
        XCTAssertEqual(Set(all.map(\.rawValue)).count, all.count, "each trait is a distinct bit")
    }
}

/// A text layer whose string its getter makes from its count.
private final class CountingTextLayer: CATextLayer {
    var count = 3

    override var string: Any? {
        get { "\(count) items" }
        set {}
    }
}
