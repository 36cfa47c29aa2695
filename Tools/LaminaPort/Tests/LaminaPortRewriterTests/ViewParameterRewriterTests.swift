import LaminaPortRewriter
import XCTest

final class ViewParameterRewriterTests: XCTestCase {
    func testAViewParameterUsedOnlyAsItsLayerTakesTheLayer() {
        // A view's layer, bounds and alpha are its layer's (UIKit keeps them there); the calls
        // pass a controller's view, which is the controller once written as a layer, or a view
        // parameter written the same way. That the written code compiles against Lamina is the
        // corpus's verdict (RippleHelpers).
        let source = """
            import UIKit

            func addRipple(to referenceView: UIView, color: UIColor) {
                let ripple = CAShapeLayer()
                ripple.path = UIBezierPath(ovalIn: referenceView.bounds).cgPath
                ripple.strokeColor = color.cgColor
                ripple.position = referenceView.center
                referenceView.layer.addSublayer(ripple)
                fade(referenceView)
            }

            func fade(_ target: UIView) {
                target.alpha = 0.5
            }

            final class RippleViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addRipple(to: view, color: .red)
                    fade(self.view)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            func addRipple(to referenceView: CALayer, color: CGColor) {
                let ripple = CAShapeLayer()
                ripple.path = CGPath(ellipseIn: referenceView.bounds, transform: nil)
                ripple.strokeColor = color
                ripple.position = referenceView.position
                referenceView.addSublayer(ripple)
                fade(referenceView)
            }

            func fade(_ target: CALayer) {
                target.opacity = Float(0.5)
            }

            final class RippleViewController: CALayer {
                func viewDidLoad() {
                    addRipple(to: self, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                    fade(self)
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["RippleViewController"], "only showing the layer is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewParameterAddingAPlainViewTheFunctionMakesAddsItsLayer() {
        // The plain view a listing makes is the layer it hosts (PlainViewLayer), so the view
        // it is added to adds that layer, as UIKit adds a subview's layer to the view's.
        let source = """
            import UIKit

            func showRoundedBox(in view: UIView) {
                let box = UIView(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
                box.backgroundColor = .blue
                view.addSubview(box)
                box.layer.cornerRadius = 12
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            func showRoundedBox(in view: CALayer) {
                let box = PlainViewLayer(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
                box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                view.addSublayer(box)
                box.cornerRadius = 12
            }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A view given in, added, is another view: left.
        let given = Porter.port(source.replacingOccurrences(of: "func showRoundedBox(in view: UIView) {", with: "func showRoundedBox(in view: UIView, badge: UIView) {")
            .replacingOccurrences(of: "view.addSubview(box)", with: "view.addSubview(badge)"))
        XCTAssertTrue(given.ported.contains("in view: UIView, badge: UIView"), given.ported)
    }

    func testAControlParameterUsedOnlyAsItsLayerTakesTheLayer() {
        // A control is a view: its frame is its layer's.
        let source = """
            import UIKit

            extension CALayer {
                func outline(_ control: UIControl, color: CGColor) {
                    let box = CAShapeLayer()
                    box.path = UIBezierPath(rect: control.frame).cgPath
                    box.strokeColor = color
                    addSublayer(box)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("func outline(_ control: CALayer, color: CGColor) {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        // One of its control members is the control's: left.
        let enabled = Porter.port(source.replacingOccurrences(of: "addSublayer(box)", with: "if control.isEnabled { addSublayer(box) }"))
        XCTAssertTrue(enabled.ported.contains("func outline(_ control: UIControl, color: CGColor) {"), enabled.ported)
    }

    func testAViewParameterUsedOrPassedOtherwiseIsLeft() {
        // A member its layer lacks, or a view the command does not know to become a layer.
        for (body, call) in [
            ("target.addSubview(UIView())", "fade(self.view)"),
            ("target.layer.opacity = 0", "fade(UIButton())"),
            ("target.layer.opacity = 0", "fade(view.subviews[0])"),
        ] {
            let ported = Porter.port("""
                import UIKit

                func fade(_ target: UIView) {
                    \(body)
                }

                final class FadeViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        \(call)
                    }
                }
                """)
            XCTAssertTrue(ported.ported.contains("func fade(_ target: UIView) {"), "\(body), \(call): \(ported.ported)")
            XCTAssertTrue(ported.notes.map(\.construct).contains("UIView"), "\(body), \(call): \(ported.notes)")
        }
    }
}
