import LaminaPortRewriter
import XCTest

final class ViewExtensionRewriterTests: XCTestCase {
    func testAViewExtensionUsingOnlyItsLayerAndGeometryExtendsCALayer() {
        let source = """
            import UIKit

            extension UIView {
                func startShimmering() {
                    let gradient = CAGradientLayer()
                    gradient.frame = CGRect(x: -self.bounds.size.width, y: 0, width: 3 * bounds.width, height: frame.height)
                    gradient.position = center
                    self.layer.mask = gradient
                    let alpha: Float = 0.5
                    gradient.opacity = alpha
                    layer.cornerRadius = 4
                    clipsToBounds = true
                    self.setNeedsLayout()
                }

                func stopShimmering() {
                    self.layer.mask = nil
                    isHidden = false
                }

                func restartShimmering() {
                    stopShimmering()
                    self.startShimmering()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func startShimmering() {
                    let gradient = CAGradientLayer()
                    gradient.frame = CGRect(x: -self.bounds.size.width, y: 0, width: 3 * bounds.width, height: frame.height)
                    gradient.position = position
                    self.mask = gradient
                    let alpha: Float = 0.5
                    gradient.opacity = alpha
                    self.cornerRadius = 4
                    masksToBounds = true
                    self.setNeedsLayout()
                }

                func stopShimmering() {
                    self.mask = nil
                    isHidden = false
                }

                func restartShimmering() {
                    stopShimmering()
                    self.startShimmering()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnAppKitViewExtensionReadsItsOptionalLayerAsTheLayer() {
        let source = """
            import AppKit

            extension NSView {
                func shake() {
                    let animation = CAKeyframeAnimation(keyPath: "position.x")
                    animation.values = [0, 10, -10, 0]
                    animation.isAdditive = true
                    layer?.add(animation, forKey: "shake")
                    self.layer!.borderWidth = 1
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func shake() {
                    let animation = CAKeyframeAnimation(keyPath: "position.x")
                    animation.values = [0, 10, -10, 0]
                    animation.isAdditive = true
                    self.add(animation, forKey: "shake")
                    self.borderWidth = 1
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testAViewsAlphaAndTransformAreItsLayersOpacityAndAffineTransform() {
        // UIKit keeps a view's alpha as its layer's opacity and its transform as the layer's
        // affine transform (UIView's documentation of both; CALayer's affineTransform()).
        let source = """
            import UIKit

            extension UIView {
                func settle(scale: CGFloat) {
                    let faded = alpha < 1
                    self.alpha = faded ? 1 : 0.5
                    alpha = alpha * 0.5
                    transform = CGAffineTransform(scaleX: scale, y: scale)
                    let point = CGPoint(x: 1, y: 1).applying(self.transform)
                    layer.position = point
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func settle(scale: CGFloat) {
                    let faded = CGFloat(opacity) < 1
                    self.opacity = Float(faded ? 1 : 0.5)
                    opacity = Float(CGFloat(opacity) * 0.5)
                    setAffineTransform(CGAffineTransform(scaleX: scale, y: scale))
                    let point = CGPoint(x: 1, y: 1).applying(self.affineTransform())
                    self.position = point
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAnAppKitViewsOptionalLayerReadAsAnOptionalStaysOne() {
        // AppKit's layer is optional: `layer?.position` is a CGPoint? that a guard binds or `??`
        // defaults; the layer itself is not optional, so the chain starts at Optional(self).
        let source = """
            import Cocoa

            extension NSView {
                func shake() {
                    guard let position = self.layer?.position else { return }
                    let radius = layer?.cornerRadius ?? 0
                    let spring = CASpringAnimation(keyPath: "position")
                    spring.fromValue = CGPoint(x: position.x - 2 - radius, y: position.y)
                    spring.toValue = position
                    layer?.add(spring, forKey: "position")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    guard let position = Optional(self)?.position else { return }
                    let radius = Optional(self)?.cornerRadius ?? 0
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        self.add(spring, forKey: \"position\")"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAViewExtensionUsingAViewOnlyMemberIsLeftForAPerson() {
        for body in [
            "superview?.layer.addSublayer(CALayer())",
            "layer.borderColor = tintColor.cgColor",
            "transform.tx = 4",
            "layer.mask = CALayer(); alpha += 0.5",
            "contentMode = .center",
        ] {
            let source = """
                import UIKit

                extension UIView {
                    func fade() {
                        \(body)
                    }
                }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains("extension UIView {"), "\(body): \(ported.ported)")
            XCTAssertTrue(ported.notes.map(\.construct).contains("UIView"), "\(body): \(ported.notes)")
        }
    }

    func testUIKitCallsInsideAWrittenExtensionAreStillReported() {
        let source = """
            import UIKit

            extension UIView {
                func fade() {
                    UIView.animate(withDuration: 0.3, delay: 0.1, options: [.autoreverse]) { self.layer.opacity = 0 }
                }
            }
            """
        // A reversing block is left (the command writes blocks whose options choose a curve).
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("extension CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("UIView.animate(withDuration: 0.3, delay: 0.1, options: [.autoreverse]) { self.opacity = 0 }"), ported.ported)
        XCTAssertEqual(
            ported.notes.map(\.construct), ["UIView", "UIView.animate(withDuration: 0.3, delay: 0.1, options: [.autoreverse]) { self.layer.opacity = 0 }"],
            "the animation block is UIKit's: \(ported.notes)")
    }

    func testInspectablePropertiesForwardingToTheLayerGoForTheLayersOwn() {
        let source = """
            import UIKit

            extension UIView {
                @IBInspectable var cornerRadius: CGFloat {
                    get { return layer.cornerRadius }
                    set { layer.cornerRadius = newValue }
                }

                @IBInspectable var borderWidth: CGFloat {
                    get { layer.borderWidth }
                    set { self.layer.borderWidth = newValue }
                }

                @IBInspectable var borderColor: UIColor? {
                    get {
                        guard let color = layer.borderColor else { return nil }
                        return UIColor(cgColor: color)
                    }
                    set { layer.borderColor = newValue?.cgColor }
                }

                func round() {
                    layer.cornerRadius = bounds.height / 2
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func round() {
                    self.cornerRadius = bounds.height / 2
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAPropertyNamedAsTheLayersThatDoesMoreThanForwardLeavesTheExtension() {
        let source = """
            import UIKit

            extension UIView {
                var cornerRadius: CGFloat {
                    get { layer.cornerRadius }
                    set { layer.cornerRadius = newValue; layer.masksToBounds = true }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("extension UIView {"), ported.ported)
        XCTAssertTrue(ported.notes.map(\.construct).contains("UIView"), "\(ported.notes)")
    }
}
