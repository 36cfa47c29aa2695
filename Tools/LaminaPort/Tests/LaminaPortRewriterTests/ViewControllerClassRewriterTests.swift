import LaminaPortRewriter
import XCTest

final class ViewControllerClassRewriterTests: XCTestCase {
    func testAViewControllerThatOnlyBuildsLayersIsWrittenAsALayerThatCallsItsLifecycleAsUIKitDoes() {
        let source = """
            import UIKit

            class PulseViewController: UIViewController, CAAnimationDelegate {
                private let pulse = CAShapeLayer()
                private var pulses = 0

                override var prefersStatusBarHidden: Bool {
                    return true
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .black
                    pulse.fillColor = UIColor.systemPink.cgColor
                    view.layer.addSublayer(pulse)
                }

                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    let side = min(UIScreen.main.bounds.width, view.bounds.height) / 3
                    pulse.path = CGPath(ellipseIn: CGRect(x: -side / 2, y: -side / 2, width: side, height: side), transform: nil)
                    pulse.position = view.center
                }

                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    let grow = CABasicAnimation(keyPath: "transform.scale")
                    grow.toValue = 1.4
                    grow.duration = 0.8
                    grow.autoreverses = true
                    grow.delegate = self
                    pulse.add(grow, forKey: "pulse")
                }

                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                    pulses += 1
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class PulseViewController: CALayer, CAAnimationDelegate {
                private let pulse = CAShapeLayer()
                private var pulses = 0

                func viewDidLoad() {
                    backgroundColor = CGColor(gray: 0, alpha: 1)
                    pulse.fillColor = CGColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1)
                    self.addSublayer(pulse)
                }

                func viewDidLayoutSubviews() {
                    let side = min(self.bounds.width, bounds.height) / 3
                    pulse.path = CGPath(ellipseIn: CGRect(x: -side / 2, y: -side / 2, width: side, height: side), transform: nil)
                    pulse.position = position
                }

                func viewDidAppear(_ animated: Bool) {
                    let grow = CABasicAnimation(keyPath: "transform.scale")
                    grow.toValue = 1.4
                    grow.duration = 0.8
                    grow.autoreverses = true
                    grow.delegate = self
                    pulse.add(grow, forKey: "pulse")
                }

                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                    pulses += 1
                }

                /// Whether the view has appeared: the layer's first layout with a size loads and shows it.
                private var viewHasAppeared = false

                /// Calls the view controller's lifecycle methods as UIKit does: loading and showing the view at
                /// the first layout with a size, laying it out at every layout.
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let appearing = !viewHasAppeared && !bounds.isEmpty
                    if appearing {
                        viewHasAppeared = true
                        viewDidLoad()
                    }
                    viewDidLayoutSubviews()
                    if appearing {
                        viewDidAppear(false)
                    }
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["PulseViewController"], "only showing the layer is left")
        XCTAssertTrue(ported.notes.first?.todo.contains("window.rootLayer.addSublayer(controller)") == true)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAControllerWithItsOwnInitializerLazyAndStaticMembersAndANestedTypeIsWritten() {
        let source = """
            import UIKit

            final class GaugeViewController: UIViewController {
                static let defaultValue: CGFloat = 0.5
                let value: CGFloat
                private let track = CAShapeLayer()
                private lazy var width: CGFloat = UIScreen.main.bounds.width / 2

                init(value: CGFloat) {
                    self.value = value
                    super.init(nibName: nil, bundle: nil)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    self.view.layer.addSublayer(track)
                    track.strokeEnd = value
                    track.frame = CGRect(x: 0, y: 0, width: width, height: self.view.frame.height)
                }

                final class Painter: NSObject, CALayerDelegate {
                    let side = UIScreen.main.bounds.width
                    func draw(_ layer: CALayer, in ctx: CGContext) {
                        ctx.fill(CGRect(x: 0, y: 0, width: side, height: UIScreen.main.bounds.height))
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class GaugeViewController: CALayer {
                static let defaultValue: CGFloat = 0.5
                let value: CGFloat
                private let track = CAShapeLayer()
                private lazy var width: CGFloat = self.bounds.width / 2

                init(value: CGFloat) {
                    self.value = value
                    super.init()
                }

                required init(layer: Any) {
                    let copied = layer as! GaugeViewController
                    self.value = copied.value
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                func viewWillAppear(_ animated: Bool) {
                    self.addSublayer(track)
                    track.strokeEnd = value
                    track.frame = CGRect(x: 0, y: 0, width: width, height: self.frame.height)
                }

                final class Painter: NSObject, CALayerDelegate {
                    let side = UIScreen.main.bounds.width
                    func draw(_ layer: CALayer, in ctx: CGContext) {
                        ctx.fill(CGRect(x: 0, y: 0, width: side, height: UIScreen.main.bounds.height))
                    }
                }

                /// Whether the view has appeared: the layer's first layout with a size loads and shows it.
                private var viewHasAppeared = false

                /// Calls the view controller's lifecycle methods as UIKit does: loading and showing the view at
                /// the first layout with a size, laying it out at every layout.
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let appearing = !viewHasAppeared && !bounds.isEmpty
                    if appearing {
                        viewHasAppeared = true
                        viewWillAppear(false)
                    }
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        // The nested delegate's own `UIScreen.main.bounds` is not the controller's view: it stays, reported.
        XCTAssertEqual(ported.notes.map(\.construct), ["GaugeViewController", "UIScreen"])
        XCTAssertTrue(ported.notes.first?.todo.contains("let controller = GaugeViewController(…);") == true)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAControllerWithOutletsSubviewsTouchesOrANameOfTheLayersIsLeftAndReported() {
        let source = """
            import UIKit

            class OutletViewController: UIViewController {
                @IBOutlet weak var badge: UIView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    badge.layer.cornerRadius = 8
                }
            }

            class SubviewViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let label = UILabel()
                    view.addSubview(label)
                }
            }

            class TouchViewController: UIViewController {
                let dot = CALayer()
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    dot.position = touches.first!.location(in: view)
                }
            }

            class TimingViewController: UIViewController {
                let duration = 0.4
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.opacity = 0.5
                }
            }

            class TitledViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Layers"
                    view.layer.opacity = 0.5
                }
            }

            class NibViewController: UIViewController {
                override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
                }
                required init?(coder: NSCoder) { super.init(coder: coder) }
            }

            class ContainerViewController: UIViewController {
                override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
            }

            class LabelViewController: UIViewController {
                let caption = UILabel()
                let ring = CAShapeLayer()
            }
            """
        let ported = Porter.port(source)
        for name in [
            "OutletViewController", "SubviewViewController", "TouchViewController", "TimingViewController", "TitledViewController",
            "NibViewController", "ContainerViewController", "LabelViewController",
        ] {
            XCTAssertTrue(ported.ported.contains("class \(name): UIViewController {"), "\(name) is left")
        }
        XCTAssertFalse(ported.ported.contains("layoutSublayers"))
        XCTAssertEqual(ported.notes.first?.construct, "UIViewController", "the first controller left is reported")
    }
}
