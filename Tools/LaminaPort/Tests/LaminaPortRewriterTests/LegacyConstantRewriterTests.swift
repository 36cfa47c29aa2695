import LaminaPortRewriter
import XCTest

final class LegacyConstantRewriterTests: XCTestCase {
    func testSwift4ConstantsTakeTheNamesSwift42GaveThem() {
        // Apple's SDK names each replacement in its unavailability message (for example
        // `kCAFillModeForwards` has been renamed to `CAMediaTimingFillMode.forwards`).
        let source = """
            import UIKit

            func fade(_ layer: CAShapeLayer, text: CATextLayer) {
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fillMode = kCAFillModeForwards
                animation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
                layer.lineCap = kCALineCapRound
                layer.fillRule = kCAFillRuleEvenOdd
                layer.contentsGravity = kCAGravityResizeAspectFill
                text.alignmentMode = kCAAlignmentCenter
                let attributes: [NSAttributedStringKey: Any] = [NSAttributedStringKey.kern: 2, NSFontAttributeName: font]
                if layer.contentsGravity == kCAGravityResize { print(attributes) }
                let transition = CATransition()
                transition.type = kCATransitionPush
                transition.subtype = kCATransitionFromLeft
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func fade(_ layer: CAShapeLayer, text: CATextLayer) {
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fillMode = CAMediaTimingFillMode.forwards
                animation.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeInEaseOut)
                layer.lineCap = CAShapeLayerLineCap.round
                layer.fillRule = CAShapeLayerFillRule.evenOdd
                layer.contentsGravity = CALayerContentsGravity.resizeAspectFill
                text.alignmentMode = CATextLayerAlignmentMode.center
                let attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key.kern: 2, NSAttributedString.Key.font: font]
                if layer.contentsGravity == CALayerContentsGravity.resize { print(attributes) }
                let transition = CATransition()
                transition.type = CATransitionType.push
                transition.subtype = CATransitionSubtype.fromLeft
            }
            """)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("Swift 4.2 renamed kCAFillModeForwards to CAMediaTimingFillMode.forwards") })
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testSwift3AttributeNamesAreTheAttributedStringKeysSwift4GaveThem() {
        // Swift 4's SDK says which key replaced each (`NSStrikethroughStyleAttributeName` has been
        // renamed to `NSAttributedString.Key.strikethroughStyle`).
        let source = """
            let decorated: [NSAttributedString.Key: Any] = [
                NSUnderlineColorAttributeName: color, NSStrikethroughStyleAttributeName: 1,
                NSStrikethroughColorAttributeName: color, NSBackgroundColorAttributeName: color,
                NSShadowAttributeName: shadow, NSObliquenessAttributeName: 0.2, NSExpansionAttributeName: 0.1,
                NSLinkAttributeName: url, NSAttachmentAttributeName: attachment,
            ]
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            let decorated: [NSAttributedString.Key: Any] = [
                NSAttributedString.Key.underlineColor: color, NSAttributedString.Key.strikethroughStyle: 1,
                NSAttributedString.Key.strikethroughColor: color, NSAttributedString.Key.backgroundColor: color,
                NSAttributedString.Key.shadow: shadow, NSAttributedString.Key.obliqueness: 0.2, NSAttributedString.Key.expansion: 0.1,
                NSAttributedString.Key.link: url, NSAttributedString.Key.attachment: attachment,
            ]
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testSwift3StringValuesAssignedToCoreAnimationPropertiesAreTheirConstants() {
        // Swift 3 typed these properties String; Swift 4.2 made each a wrapper type (Apple's SDKs
        // say "cannot assign value of type 'String'"). The values are the constants' strings in
        // Apple's headers (kCAFillRuleEvenOdd is "even-odd", kCAAnimationRotateAuto "auto").
        let source = """
            func style(_ line: CAShapeLayer, _ fade: CATransition, _ fill: CAGradientLayer, _ move: CAKeyframeAnimation) {
                line.lineCap = "round"
                line.lineJoin = "bevel"
                line.fillRule = "even-odd"
                move.rotationMode = "auto"
                move.calculationMode = "paced"
                fade.type = "push"
                fade.subtype = "fromLeft"
                fill.type = "radial"
                line.name = "round"
                line.lineCap = "rounded"
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func style(_ line: CAShapeLayer, _ fade: CATransition, _ fill: CAGradientLayer, _ move: CAKeyframeAnimation) {
                line.lineCap = CAShapeLayerLineCap.round
                line.lineJoin = CAShapeLayerLineJoin.bevel
                line.fillRule = CAShapeLayerFillRule.evenOdd
                move.rotationMode = CAAnimationRotationMode.rotateAuto
                move.calculationMode = CAAnimationCalculationMode.paced
                fade.type = CATransitionType.push
                fade.subtype = CATransitionSubtype.fromLeft
                fill.type = CAGradientLayerType.radial
                line.name = "round"
                line.lineCap = "rounded"
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAMemberOrLocalOfTheSameNameIsNotAConstant() {
        let source = "let a = config.kCAFillModeForwards\n"
        XCTAssertEqual(Porter.port(source).ported, source)
    }

    func testSwift4RunLoopModesTakeTheNamesSwift42GaveThem() {
        // Apple's Foundation marks RunLoopMode, .commonModes and .defaultRunLoopMode renamed to
        // RunLoop.Mode, .common and .default as of Swift 4.2.
        let source = """
            func start(_ link: CADisplayLink, _ other: CADisplayLink, _ third: CADisplayLink) {
                link.add(to: .main, forMode: .commonModes)
                other.add(to: .current, forMode: RunLoopMode.defaultRunLoopMode)
                let mode: RunLoopMode = .commonModes
                third.add(to: .main, forMode: mode)
                let settings = (commonModes: 1, defaultRunLoopMode: 2)
                print(settings.commonModes, settings.defaultRunLoopMode)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func start(_ link: CADisplayLink, _ other: CADisplayLink, _ third: CADisplayLink) {
                link.add(to: .main, forMode: .common)
                other.add(to: .current, forMode: RunLoop.Mode.default)
                let mode: RunLoop.Mode = .common
                third.add(to: .main, forMode: mode)
                let settings = (commonModes: 1, defaultRunLoopMode: 2)
                print(settings.commonModes, settings.defaultRunLoopMode)
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAppKitsAndUIKitsRunLoopModesAreTheCommonModes() {
        // Linux's Foundation has only the default and common run loop modes; on Apple's
        // platforms the common modes hold the event-tracking and modal-panel modes (AppKit's)
        // and the tracking mode (UIKit's) besides the default one. A member of that name
        // elsewhere (a tuple's, an enum's of the file) stays.
        let source = """
            func schedule(_ timer: Timer, _ other: Timer, _ third: Timer) {
                RunLoop.current.add(timer, forMode: .eventTracking)
                RunLoop.current.add(other, forMode: RunLoop.Mode.modalPanel)
                RunLoop.main.add(third, forMode: .tracking)
                let phases = (tracking: 1, eventTracking: 2)
                print(phases.tracking, Phase.tracking)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func schedule(_ timer: Timer, _ other: Timer, _ third: Timer) {
                RunLoop.current.add(timer, forMode: .common)
                RunLoop.current.add(other, forMode: RunLoop.Mode.common)
                RunLoop.main.add(third, forMode: .common)
                let phases = (tracking: 1, eventTracking: 2)
                print(phases.tracking, Phase.tracking)
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testSwift4UnderlineStylesTakeTheOptionSetsNames() {
        // Swift 4.2's SDK says `styleSingle` has been renamed to `single`; `styleNone` became
        // the empty option set, and `init(rawValue:)` no longer fails. Another type's member
        // of such a name stays.
        let source = """
            func style(_ number: Int, _ other: Pen) -> NSUnderlineStyle {
                let chosen = NSUnderlineStyle(rawValue: number)!
                if chosen != .styleNone && chosen != NSUnderlineStyle.styleNone { return chosen }
                let both: [Int] = [NSUnderlineStyle.styleSingle.rawValue, NSUnderlineStyle.styleDouble.rawValue]
                print(both, other.styleSingle)
                return .styleThick
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func style(_ number: Int, _ other: Pen) -> NSUnderlineStyle {
                let chosen = NSUnderlineStyle(rawValue: number)
                if chosen != [] && chosen != NSUnderlineStyle() { return chosen }
                let both: [Int] = [NSUnderlineStyle.single.rawValue, NSUnderlineStyle.double.rawValue]
                print(both, other.styleSingle)
                return .thick
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testCoreImageFiltersMadeWithInputParametersTakeSwift42sLabel() {
        // Apple's SDK: 'init(name:withInputParameters:)' has been renamed to 'init(name:parameters:)'.
        let source = """
            import CoreImage

            func pointillize(_ layer: CALayer) {
                if let filter = CIFilter(name: "CIPointillize", withInputParameters: ["inputRadius": 6]) {
                    layer.filters = [filter, CIFilter.init(name: "CIBloom", withInputParameters: nil)!]
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import CoreImage

            func pointillize(_ layer: CALayer) {
                if let filter = CIFilter(name: "CIPointillize", parameters: ["inputRadius": 6]) {
                    layer.filters = [filter, CIFilter.init(name: "CIBloom", parameters: nil)!]
                }
            }
            """)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("Swift 4.2 renamed CIFilter(name:withInputParameters:) to CIFilter(name:parameters:)") })
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // Another type's initializer of those labels is its own.
        let other = "let filter = Filter(name: \"x\", withInputParameters: [:])"
        XCTAssertEqual(Porter.port(other).ported, other)
    }
}
