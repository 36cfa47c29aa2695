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
        // The layer itself bound (`guard let layer = layer`) is bound from an optional of it.
        let bound = Porter.port("""
            extension NSView {
                func ripple(color: NSColor) {
                    guard let layer = layer else {
                        return
                    }
                    let ring = CAShapeLayer()
                    layer.addSublayer(ring)
                }
            }
            """)
        XCTAssertTrue(bound.ported.contains("guard let layer = Optional(self) else {"), bound.ported)
        XCTAssertTrue(bound.ported.contains("extension CALayer {"), bound.ported)
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
                    UIView.animate(withDuration: 0.3, delay: 0.1, options: [.transitionFlipFromTop]) { self.layer.opacity = 0 }
                }
            }
            """
        // A block with a transition option is left (the command writes blocks whose options choose a curve or repeat).
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("extension CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("UIView.animate(withDuration: 0.3, delay: 0.1, options: [.transitionFlipFromTop]) { self.opacity = 0 }"), ported.ported)
        XCTAssertEqual(
            ported.notes.map(\.construct), ["UIView", "UIView.animate(withDuration: 0.3, delay: 0.1, options: [.transitionFlipFromTop]) { self.layer.opacity = 0 }"],
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

    func testAShimmerWithANestedEnumAndAWeakSelfBoundForItsLayerExtendsCALayer() {
        // A shimmer helper: its direction is an enum nested in the extension, and the
        // transaction's completion block captures the view weakly and binds it to clear the mask.
        let source = """
            import UIKit

            extension UIView {
                enum Direction: Int {
                    case leftToRight, rightToLeft
                }

                func startShimmering(direction: Direction = .leftToRight) {
                    let gradient = CAGradientLayer()
                    gradient.frame = bounds
                    gradient.startPoint = direction == .leftToRight ? CGPoint(x: 0, y: 0.5) : CGPoint(x: 1, y: 0.5)
                    layer.mask = gradient
                    CATransaction.begin()
                    CATransaction.setCompletionBlock { [weak self] in
                        guard let strongSelf = self else { return }
                        strongSelf.layer.mask = nil
                    }
                    gradient.add(CABasicAnimation(keyPath: "locations"), forKey: "shimmer")
                    CATransaction.commit()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                enum Direction: Int {
                    case leftToRight, rightToLeft
                }

                func startShimmering(direction: Direction = .leftToRight) {
                    let gradient = CAGradientLayer()
                    gradient.frame = bounds
                    gradient.startPoint = direction == .leftToRight ? CGPoint(x: 0, y: 0.5) : CGPoint(x: 1, y: 0.5)
                    self.mask = gradient
                    CATransaction.begin()
                    CATransaction.setCompletionBlock { [weak self] in
                        guard let strongSelf = self else { return }
                        strongSelf.mask = nil
                    }
                    gradient.add(CABasicAnimation(keyPath: "locations"), forKey: "shimmer")
                    CATransaction.commit()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // The bound view handed on whole would be the layer where a view was taken: left.
        let handedOn = Porter.port(source.replacingOccurrences(of: "strongSelf.layer.mask = nil", with: "strongSelf.layer.mask = nil; finished(strongSelf)"))
        XCTAssertTrue(handedOn.ported.contains("extension UIView {"), handedOn.ported)
        XCTAssertEqual(
            handedOn.notes.first { $0.construct == "UIView" && $0.why.hasPrefix("the extension") }?.why,
            "the extension is not written on CALayer: it uses `self` other than for its members")
        // A nested class is a member the command does not write.
        let nestedClass = Porter.port(source.replacingOccurrences(of: "    enum Direction: Int {", with: "    final class Token {}\n    enum Direction: Int {"))
        XCTAssertEqual(
            nestedClass.notes.first { $0.why.hasPrefix("the extension") }?.why,
            "the extension is not written on CALayer: it declares a member the command does not write on CALayer (classDecl)")
    }

    func testAnAppKitColourPropertyForwardingToTheOptionalLayerGoesForTheLayersOwn() {
        // AppKit's layer is optional, and a view given a colour must want a layer first; the
        // layer the view becomes has its own `backgroundColor`, which the controller sets.
        let source = """
            import AppKit

            extension NSView {
                var backgroundColor: NSColor? {
                    get {
                        if let colorRef = self.layer?.backgroundColor {
                            return NSColor(cgColor: colorRef)
                        } else {
                            return nil
                        }
                    }
                    set {
                        self.wantsLayer = true
                        self.layer?.backgroundColor = newValue?.cgColor
                    }
                }

                func round() {
                    layer?.cornerRadius = bounds.height / 2
                }
            }

            final class BadgeView: NSView {
                func highlight() {
                    backgroundColor = .red
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            extension CALayer {
                func round() {
                    self.cornerRadius = bounds.height / 2
                }
            }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // Setting anything else beside the layer's colour is more than forwarding: left.
        let more = Porter.port(source.replacingOccurrences(of: "self.wantsLayer = true", with: "self.wantsLayer = true; needsDisplay = true"))
        XCTAssertTrue(more.ported.contains("extension NSView {"), more.ported)
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

    func testAButtonExtensionUsingOnlyItsLayerAndGeometryExtendsCALayer() {
        // A UIButton's layer and center are UIView's (UIButton inherits them); the layer that
        // stands for the button on Linux gets the helpers.
        let source = """
            import UIKit

            extension UIButton {
                func pulsate() {
                    let pulse = CASpringAnimation(keyPath: "transform.scale")
                    pulse.fromValue = 0.95
                    pulse.toValue = 1
                    layer.add(pulse, forKey: nil)
                }

                func shake() {
                    let shake = CABasicAnimation(keyPath: "position")
                    shake.fromValue = NSValue(cgPoint: CGPoint(x: center.x - 5, y: center.y))
                    shake.toValue = NSValue(cgPoint: CGPoint(x: center.x + 5, y: center.y))
                    layer.add(shake, forKey: nil)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("extension CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        self.add(pulse, forKey: nil)"), ported.ported)
        XCTAssertTrue(ported.ported.contains("CGPoint(x: position.x - 5, y: position.y)"), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIButton"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAButtonExtensionUsingTheButtonsOwnMembersOrANameAnotherViewExtensionDeclaresIsLeft() {
        // The button's title, state and targets are its own, which a layer does not have; two
        // view classes' extensions declaring one name would both declare it on CALayer.
        for body in ["titleLabel?.alpha = 0", "isEnabled = false", "self.setTitle(nil, for: .normal)"] {
            let ported = Porter.port("""
                import UIKit

                extension UIButton {
                    func dim() {
                        layer.opacity = 0.5
                        \(body)
                    }
                }
                """)
            XCTAssertTrue(ported.ported.contains("extension UIButton {"), "\(body): \(ported.ported)")
            XCTAssertTrue(ported.notes.map(\.construct).contains("UIButton"), "\(body): \(ported.notes)")
        }
        // A local named as a button member is the local.
        let local = Porter.port("""
            import UIKit

            extension UIButton {
                func dim(to value: Float) {
                    let state = value
                    layer.opacity = state
                }
            }
            """)
        XCTAssertTrue(local.ported.contains("extension CALayer {"), local.ported)
        let files = Porter(sources: [
            Porter.Source(path: "Button.swift", text: "import UIKit\n\nextension UIButton {\n    func pulsate() { layer.opacity = 1 }\n    func flash() { layer.opacity = 0 }\n}\n"),
            Porter.Source(path: "Image.swift", text: "import UIKit\n\nextension UIImageView {\n    func pulsate() { layer.opacity = 0.5 }\n}\n"),
            Porter.Source(path: "Switch.swift", text: "import UIKit\n\nextension UISwitch {\n    func spin() { layer.opacity = 0.5 }\n}\n"),
        ], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("extension UIButton {"), files[0].ported)
        XCTAssertTrue(files[1].ported.contains("extension UIImageView {"), files[1].ported)
        XCTAssertTrue(files[2].ported.contains("extension CALayer {"), files[2].ported)
        XCTAssertTrue(files[0].notes.contains { $0.why.contains("`pulsate()`, which an extension of another view class declares too") }, "\(files[0].notes)")
        // A layer class declaring a member of the same full name could not override it on
        // CALayer; one of another full name (`flash(times:)`) is another member.
        for (member, left) in [("func flash() {}", true), ("func flash(times: Int) {}", false)] {
            let withLayer = Porter(sources: [
                Porter.Source(path: "Button.swift", text: "import UIKit\n\nextension UIButton {\n    func flash() { layer.opacity = 0 }\n}\n"),
                Porter.Source(path: "Badge.swift", text: "import QuartzCore\n\nfinal class BadgeLayer: CAShapeLayer {\n    \(member)\n}\n"),
            ], addsMissingImports: false).port()
            XCTAssertEqual(withLayer[0].ported.contains("extension UIButton {"), left, "\(member): \(withLayer[0].ported)")
            XCTAssertEqual(withLayer[0].notes.contains { $0.why.contains("which a layer class of the ported files declares too") }, left, "\(withLayer[0].notes)")
        }
    }

    func testAViewControllerExtensionUsingOnlyItsViewAsALayerExtendsCALayer() {
        // A controller written as a layer is the layer its view was (ViewControllerClassRewriter),
        // so a helper using only the view's layer and geometry is the layer's.
        let source = """
            import UIKit

            extension UIViewController {
                func addBadge(color: UIColor) {
                    let badge = CALayer()
                    badge.backgroundColor = color.cgColor
                    badge.frame = CGRect(x: view.bounds.maxX - 20, y: 8, width: 12, height: 12)
                    badge.position.y = self.view.center.y
                    view.layer.addSublayer(badge)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            extension CALayer {
                func addBadge(color: CGColor) {
                    let badge = CALayer()
                    badge.backgroundColor = color
                    badge.frame = CGRect(x: bounds.maxX - 20, y: 8, width: 12, height: 12)
                    badge.position.y = self.position.y
                    self.addSublayer(badge)
                }
            }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A controller member the layer lacks, the view used otherwise, or the controller itself.
        for (line, reason) in [
            ("present(UIViewController(), animated: true)", "`present`, a controller member"),
            ("let shown = view.window", "`view.window`"),
            ("print(self)", "`self` other than for its members"),
        ] {
            let left = Porter.port(source.replacingOccurrences(of: "        view.layer.addSublayer(badge)", with: "        view.layer.addSublayer(badge)\n        \(line)"))
            XCTAssertTrue(left.ported.contains("extension UIViewController {"), "\(line): \(left.ported)")
            XCTAssertTrue(left.notes.contains { $0.why.contains(reason) }, "\(line): \(left.notes)")
        }
        // A helper a view extension declares too would be declared twice on CALayer (Swift:
        // "invalid redeclaration"), so the controller's is left.
        let twice = Porter.port(source + "\n\nextension UIView {\n    func addBadge(color: UIColor) { layer.opacity = 0.5 }\n}\n")
        XCTAssertTrue(twice.ported.contains("extension UIViewController {"), twice.ported)
        XCTAssertTrue(twice.notes.contains { $0.why.contains("`addBadge(color:)`, which an extension of another view class declares too") }, "\(twice.notes)")
    }
}
