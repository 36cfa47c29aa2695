import LaminaPortRewriter
import XCTest

final class AutoLayoutConstraintsTests: XCTestCase {
    func testConstraintsPinningAControllersViewsToItsViewAreTheirLayersConstraints() {
        // Each anchor is the edge, centre or size Core Animation's attribute names (leading the
        // minimum x, top the minimum y in UIKit's y-down space), the constant the offset, the
        // multiplier the scale, a size's constant a scale of 0; the safe area is the window's
        // edges. The layout manager applies them at each layout, and once more as the view
        // loads, as Auto Layout places the views before they first show.
        let source = """
            import UIKit

            final class PulseView: UIView {
                override func layoutSubviews() {
                    super.layoutSubviews()
                    layer.cornerRadius = bounds.width / 2
                }
            }

            class PinnedViewController: UIViewController {
                private let pulse = PulseView()
                private let banner: UIView = {
                    let view = UIView()
                    view.translatesAutoresizingMaskIntoConstraints = false
                    view.backgroundColor = .systemBlue
                    return view
                }()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    pulse.translatesAutoresizingMaskIntoConstraints = false
                    view.addSubview(pulse)
                    view.addSubview(banner)
                    NSLayoutConstraint.activate([
                        pulse.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                        pulse.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -20),
                        pulse.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
                        pulse.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5, constant: 8),
                    ])
                    banner.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16).isActive = true
                    banner.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16).isActive = true
                    banner.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true
                    banner.heightAnchor.constraint(equalToConstant: 44).isActive = true
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class PulseView: CALayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    self.cornerRadius = bounds.width / 2
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }

            class PinnedViewController: CALayer {
                private let pulse = PulseView()
                private let banner: CALayer = {
                    let view = PlainViewLayer()
                    view.backgroundColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                    return view
                }()

                func viewDidLoad() {
                    self.addSublayer(pulse)
                    self.addSublayer(banner)
                    self.layoutManager = CAConstraintLayoutManager()
                    pulse.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
                    pulse.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY, offset: -20))
                    pulse.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
                    pulse.addConstraint(CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 8))
                    banner.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 16))
                    banner.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -16))
                    banner.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY))
                    banner.addConstraint(CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0, offset: 44))
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
                        // The constraints the view was loaded with place its layers before they first show, as Auto Layout does.
                        layoutManager?.layoutSublayers(of: self)
                    }
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }

            /// UIKit's plain view, written as the layer it hosts: like a view's own layer, it does not
            /// animate changes to itself (UIKit's view, its delegate, gives it no action outside its
            /// animation blocks).
            private final class PlainViewLayer: CALayer {
                /// A layer with `frame` as its frame, as `UIView(frame:)` makes a view.
                convenience init(frame: CGRect) {
                    self.init()
                    self.frame = frame
                }

                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewsConstraintsPinningItsViewsToItselfAreTheirLayersConstraints() {
        let source = """
            import UIKit

            final class CardView: UIView {
                private let stripe = UIView()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    stripe.backgroundColor = .red
                    stripe.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(stripe)
                    NSLayoutConstraint.activate([
                        stripe.leadingAnchor.constraint(equalTo: leadingAnchor),
                        stripe.trailingAnchor.constraint(equalTo: self.trailingAnchor),
                        stripe.bottomAnchor.constraint(equalTo: safeAreaLayoutGuide.bottomAnchor),
                        stripe.heightAnchor.constraint(equalToConstant: 4),
                    ])
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                    stripe.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    addSublayer(stripe)
                    self.layoutManager = CAConstraintLayoutManager()
                    stripe.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX))
                    stripe.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX))
                    stripe.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY))
                    stripe.addConstraint(CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0, offset: 4))
                }
            """), ported)
        XCTAssertTrue(ported.contains("final class CardView: CALayer {"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testAConstraintToAnotherViewReadsThatViewsLayerByItsName() {
        // Core Animation's constraints read a sibling by its layer's name: the view is named
        // once in each run of constraint statements, as the name that holds it.
        let source = """
            import UIKit

            class StackViewController: UIViewController {
                let top = UIView()
                let bottom = UIView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(top)
                    view.addSubview(bottom)
                    NSLayoutConstraint.activate([
                        top.topAnchor.constraint(equalTo: view.topAnchor),
                        top.heightAnchor.constraint(equalToConstant: 40),
                        bottom.topAnchor.constraint(equalTo: top.bottomAnchor, constant: 8),
                        bottom.widthAnchor.constraint(equalTo: top.widthAnchor, multiplier: 0.5),
                    ])
                    bottom.heightAnchor.constraint(equalTo: self.top.heightAnchor).isActive = true
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                func viewDidLoad() {
                    self.addSublayer(top)
                    self.addSublayer(bottom)
                    self.layoutManager = CAConstraintLayoutManager()
                    top.name = "top"
                    top.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY))
                    top.addConstraint(CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0, offset: 40))
                    bottom.addConstraint(CAConstraint(attribute: .minY, relativeTo: "top", attribute: .maxY, offset: 8))
                    bottom.addConstraint(CAConstraint(attribute: .width, relativeTo: "top", attribute: .width, scale: 0.5, offset: 0))
                    self.top.name = "top"
                    bottom.addConstraint(CAConstraint(attribute: .height, relativeTo: "top", attribute: .height))
                }
            """), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testConstraintsToItselfInequalitiesKeptConstraintsAndNamedSiblingsAreLeft() {
        // A view's constraint to itself (an aspect ratio) has no Core Animation counterpart, nor
        // has an inequality or a constraint kept to change later; a sibling whose code names its
        // layer cannot be named for its constraints.
        let aspect = """
            import UIKit

            class SquareViewController: UIViewController {
                let box = UIView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(box)
                    box.heightAnchor.constraint(equalTo: box.widthAnchor).isActive = true
                }
            }
            """
        XCTAssertTrue(Porter.port(aspect).ported.contains("class SquareViewController: UIViewController {"))
        let named = """
            import UIKit

            class TaggedViewController: UIViewController {
                let top = UIView()
                let bottom = UIView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    top.layer.name = "header"
                    view.addSubview(top)
                    view.addSubview(bottom)
                    bottom.topAnchor.constraint(equalTo: top.bottomAnchor).isActive = true
                }
            }
            """
        XCTAssertTrue(Porter.port(named).ported.contains("class TaggedViewController: UIViewController {"))
        // Auto Layout sizes a label to its text where its constraints do not.
        let label = """
            import UIKit

            class CaptionViewController: UIViewController {
                let caption = UILabel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    caption.text = "Loading"
                    caption.translatesAutoresizingMaskIntoConstraints = false
                    view.addSubview(caption)
                    caption.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
                }
            }
            """
        XCTAssertTrue(Porter.port(label).ported.contains("class CaptionViewController: UIViewController {"))
        let inequality = """
            import UIKit

            class LimitViewController: UIViewController {
                let box = UIView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(box)
                    box.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor).isActive = true
                }
            }
            """
        XCTAssertTrue(Porter.port(inequality).ported.contains("class LimitViewController: UIViewController {"))
        let kept = """
            import UIKit

            class SlideViewController: UIViewController {
                let box = UIView()
                var leading: NSLayoutConstraint!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(box)
                    leading = box.leadingAnchor.constraint(equalTo: view.leadingAnchor)
                    leading.isActive = true
                }
            }
            """
        let ported = Porter.port(kept)
        XCTAssertTrue(ported.ported.contains("class SlideViewController: UIViewController {"))
        XCTAssertTrue(ported.notes.map(\.construct).contains("SlideViewController"), "the controller left is reported")
    }
}
