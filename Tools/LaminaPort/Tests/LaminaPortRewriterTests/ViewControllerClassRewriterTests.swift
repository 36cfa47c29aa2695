import LaminaPortRewriter
import XCTest

final class ViewControllerClassRewriterTests: XCTestCase {
    func testAnAppKitControllersMouseMethodsAreTheLayersPointerEvents() {
        // An NSViewController is in its view's responder chain: it gets the mouse presses the
        // view does not take (NSResponder's documentation). Its layer gets the window's, at
        // their location in the view's coordinates, y up as the controller's layer is flipped.
        let source = """
            import Cocoa

            class ViewController: NSViewController {
                let dot = CALayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.wantsLayer = true
                    view.layer?.addSublayer(dot)
                }

                override func mouseDown(with event: NSEvent) {
                    dot.position = view.convert(event.locationInWindow, from: nil)
                }

                override func mouseDragged(with event: NSEvent) {
                    dot.position = view.convert(event.locationInWindow, from: nil)
                    super.mouseDragged(with: event)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("class ViewController: CALayer, PointerEventHandling {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                func mouseDown(at eventLocation: CGPoint) {
                    dot.position = eventLocation
                }

                func mouseDragged(at eventLocation: CGPoint) {
                    dot.position = eventLocation
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    switch event.kind {
                    case .pressed(button: 0x110):
                        pointerIsDown = true
                        mouseDown(at: eventLocation)
                    case .moved where pointerIsDown:
                        mouseDragged(at: eventLocation)
                        return false
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("let eventLocation = CGPoint(x: layerLocation.x, y: bounds.minY + bounds.maxY - layerLocation.y)"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["ViewController"], "the controller is reported with the lines that show it")
        assertSecondRunChangesNothing([ported])

        // Reading more of the event, or hover methods (a controller's tracking areas are its
        // view's), leave the controller.
        for changed in [
            source.replacingOccurrences(of: "        dot.position = view.convert(event.locationInWindow, from: nil)\n    }\n\n    override func mouseDragged", with: "        dot.position = view.convert(event.locationInWindow, from: nil)\n        _ = event.clickCount\n    }\n\n    override func mouseDragged"),
            source.replacingOccurrences(of: "override func mouseDragged(with event: NSEvent) {", with: "override func mouseEntered(with event: NSEvent) {"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("class ViewController: NSViewController {"), left.ported)
        }
    }

    func testAViewControllerThatOnlyBuildsLayersIsWrittenAsALayerThatCallsItsLifecycleAsUIKitDoes() {
        // The order of the calls is Apple's documented one for a view that appears (UIViewController:
        // viewDidLoad, viewWillAppear(_:), viewWillLayoutSubviews, viewDidLayoutSubviews,
        // viewDidAppear(_:)); that the written code compiles against Lamina is the compiler's
        // verdict on the snippet corpus (AppleSnippetCorpusTests).
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

    func testAStoryboardOutletToAPlainViewIsALayerTheControllerMakesAndReports() {
        // A storyboard makes an outlet's view, sets it up and adds it to the controller's view
        // before viewDidLoad() (UIViewController's documentation); Linux has no storyboard.
        let source = """
            import UIKit

            class ChartViewController: UIViewController {
                @IBOutlet private weak var chart: UIView!
                @IBOutlet var caption: UILabel?

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let ring = CAShapeLayer()
                    ring.frame = chart.bounds
                    chart.layer.cornerRadius = chart.frame.height * 0.5
                    chart.layer.addSublayer(ring)
                    caption?.text = "50%"
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            class ChartViewController: CALayer {
                private var chart: CALayer! = PlainViewLayer()
                var caption: PlainLabelLayer? = PlainLabelLayer()

                func viewDidLoad() {
                    let ring = CAShapeLayer()
                    ring.frame = chart.bounds
                    chart.cornerRadius = chart.frame.height * 0.5
                    chart.addSublayer(ring)
                    caption?.text = "50%"
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    if appearing {
                        viewHasAppeared = true
                        // The views the storyboard made, in the view before it loads.
                        addSublayer(chart)
                        if let caption { addSublayer(caption) }
                        viewDidLoad()
                    }
            """), ported.ported)
        XCTAssertEqual(
            ported.notes.map(\.construct),
            ["ChartViewController", "@IBOutlet private weak var chart: UIView!", "@IBOutlet var caption: UILabel?"])
        XCTAssertTrue(ported.notes[1].todo.contains("chart.frame = CGRect(…)"), ported.notes[1].todo)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // An action reading its control, or an outlet to a control, is still the storyboard's:
        // the controller is left.
        for changed in [
            source.replacingOccurrences(
                of: "    override func viewDidLoad() {", with: "    @IBAction func reset(_ sender: UISwitch) { chart.isHidden = sender.isOn }\n\n    override func viewDidLoad() {"),
            source.replacingOccurrences(of: "var caption: UILabel?", with: "var slider: UISlider!"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("class ChartViewController: UIViewController {"), left.ported)
        }
    }

    func testAStoryboardOutletToAViewOfAWrittenClassIsThatLayerMadeWithTheControllerAndWoken() {
        // A storyboard makes the view with init(coder:), connects the outlets, calls
        // awakeFromNib() and adds the view before viewDidLoad() (UIKit's documentation of
        // awakeFromNib() and of UIViewController); the layer is made with the class's
        // init(frame:), which does the same work.
        let glow = Porter.Source(path: "GlowView.swift", text: """
            import UIKit

            final class GlowView: UIView {
                private let ring = CAShapeLayer()
                private(set) var isWoken = false

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    commonInit()
                }

                required init?(coder aDecoder: NSCoder) {
                    super.init(coder: aDecoder)
                    commonInit()
                }

                override func awakeFromNib() {
                    super.awakeFromNib()
                    isWoken = true
                }

                func pulse() {
                    ring.add(CABasicAnimation(keyPath: "opacity"), forKey: "pulse")
                }

                private func commonInit() {
                    layer.addSublayer(ring)
                }
            }
            """)
        let controller = Porter.Source(path: "GlowViewController.swift", text: """
            import UIKit

            class GlowViewController: UIViewController {
                @IBOutlet weak var glow: GlowView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    glow.pulse()
                    glow.isHidden = false
                    glow.layer.cornerRadius = 8
                }
            }
            """)
        let files = Porter(sources: [glow, controller], addsMissingImports: false).port()
        XCTAssertTrue(files[1].ported.contains("""
            class GlowViewController: CALayer {
                var glow: GlowView! = GlowView(frame: .zero)

                func viewDidLoad() {
                    glow.pulse()
                    glow.isHidden = false
                    glow.cornerRadius = 8
                }
            """), files[1].ported)
        XCTAssertTrue(files[1].ported.contains("""
                    if appearing {
                        viewHasAppeared = true
                        // The views the storyboard made, in the view before it loads.
                        addSublayer(glow)
                        glow.awakeFromNib()
                        viewDidLoad()
                    }
            """), files[1].ported)
        XCTAssertTrue(files[0].ported.contains("final class GlowView: CALayer {"), files[0].ported)
        XCTAssertEqual(files[1].notes.map(\.construct), ["GlowViewController", "@IBOutlet weak var glow: GlowView!"])
        assertSecondRunChangesNothing(files)

        // A class whose init(coder:) does other work than its init(frame:), or that a
        // storyboard cannot make (`fatalError()`), or an outlet used for a view member its layer
        // lacks, leaves the controller.
        for (changed, changedController) in [
            (glow.text.replacingOccurrences(of: "super.init(coder: aDecoder)\n        commonInit()", with: "super.init(coder: aDecoder)\n        isWoken = true"), controller.text),
            (glow.text.replacingOccurrences(of: "super.init(coder: aDecoder)\n        commonInit()", with: "fatalError()"), controller.text),
            (glow.text, controller.text.replacingOccurrences(of: "glow.isHidden = false", with: "glow.isUserInteractionEnabled = false")),
        ] {
            XCTAssertNotEqual(changed + changedController, glow.text + controller.text, "the case changes the source")
            let left = Porter(
                sources: [Porter.Source(path: "GlowView.swift", text: changed), Porter.Source(path: "GlowViewController.swift", text: changedController)],
                addsMissingImports: false
            ).port()
            XCTAssertTrue(left[1].ported.contains("class GlowViewController: UIViewController {"), left[1].ported)
        }
    }

    func testAStoryboardActionNotReadingItsSenderIsAMethodOfTheLayerThatIsReported() {
        // The card view is another file's view, written as a layer; the controller adds it.
        let card = Porter.Source(path: "CardView.swift", text: """
            import UIKit

            final class CardView: UIView {
                let face = CALayer()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(face)
                }
                required init?(coder: NSCoder) { fatalError() }
                func flip() {
                    face.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
                }
            }
            """)
        let controller = Porter.Source(path: "CardViewController.swift", text: """
            import UIKit

            class CardViewController: UIViewController {
                var card: CardView!

                @IBAction func pressed(_ sender: Any) {
                    card.flip()
                }

                @IBAction func reset(_ sender: UIBarButtonItem) {
                    card.face.transform = CATransform3DIdentity
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    card = CardView(frame: CGRect(x: view.frame.midX - 50, y: view.frame.midY - 50, width: 100, height: 100))
                    view.addSubview(card)
                }
            }
            """)
        let files = Porter(sources: [card, controller], addsMissingImports: false).port()
        XCTAssertTrue(files[1].ported.contains("""
            class CardViewController: CALayer {
                var card: CardView!

                func pressed(_ sender: Any) {
                    card.flip()
                }

                func reset(_ sender: Any) {
                    card.face.transform = CATransform3DIdentity
                }

                func viewDidLoad() {
                    card = CardView(frame: CGRect(x: frame.midX - 50, y: frame.midY - 50, width: 100, height: 100))
                    self.addSublayer(card)
                }
            """), files[1].ported)
        XCTAssertEqual(files[1].notes.map(\.construct), ["CardViewController", "pressed", "reset"])
        XCTAssertEqual(
            files[1].notes[1].why, "a storyboard's control called pressed(…) as it was used; Linux has no storyboard or controls, so nothing calls it")
        assertSecondRunChangesNothing(files)
    }

    func testAnAppKitOutletToAPlainViewAndTheControllersExtensionMethodsAreTheLayers() {
        // An AppKit storyboard's view with a layer, read through its optional `layer?`; the
        // controller's helper methods kept in an extension in its file use its view too.
        let ported = Porter.port("""
            import Cocoa

            class StrokeViewController: NSViewController {
                @IBOutlet var stage: NSView!
                var stroke: CAShapeLayer!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    stage.layer?.backgroundColor = NSColor.gray.cgColor
                    addStroke()
                }
            }

            extension StrokeViewController {
                fileprivate func addStroke() {
                    let shape = CAShapeLayer()
                    shape.path = CGPath(rect: view.bounds.insetBy(dx: 20, dy: 20), transform: nil)
                    view.layer?.addSublayer(shape)
                    stroke = shape
                }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
            class StrokeViewController: CALayer {
                var stage: CALayer! = PlainViewLayer()
                var stroke: CAShapeLayer!

                func viewDidLoad() {
                    stage?.backgroundColor = CGColor(gray: 0.5, alpha: 1)
                    addStroke()
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
            extension StrokeViewController {
                fileprivate func addStroke() {
                    let shape = CAShapeLayer()
                    shape.path = CGPath(rect: bounds.insetBy(dx: 20, dy: 20), transform: nil)
                    self.addSublayer(shape)
                    stroke = shape
                }
            }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["StrokeViewController", "@IBOutlet var stage: NSView!"])
        assertSecondRunChangesNothing([ported])

        // An extension overriding a controller method stays as it was, and so its view's uses.
        let overriding = Porter.port("""
            import Cocoa

            class StrokeViewController: NSViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                }
            }

            extension StrokeViewController {
                override func viewDidAppear() {
                    super.viewDidAppear()
                    view.layer?.opacity = 0.5
                }
            }
            """)
        XCTAssertTrue(overriding.ported.contains("        view.layer?.opacity = 0.5\n"), overriding.ported)
    }

    func testAnAppKitControllerWhoseViewHostsAPlainLayerWithFiltersIsThatLayer() {
        // NSView: a view given a layer hosts it; `layerUsesCoreImageFilters` asks AppKit to
        // render the layers in process so that their `filters` apply (NSView's documentation).
        let source = """
            import AppKit

            final class FilterViewController: NSViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer = CALayer()
                    view.layerUsesCoreImageFilters = true
                    let text = CATextLayer()
                    text.string = "Core Animation"
                    view.layer?.addSublayer(text)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            final class FilterViewController: CALayer {
                func viewDidLoad() {
                    let text = CATextLayer()
                    text.string = "Core Animation"
                    self.addSublayer(text)
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["FilterViewController"], "only showing the layer is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        for changed in [
            source.replacingOccurrences(of: "view.layer = CALayer()", with: "view.layer = CAGradientLayer()"),
            source.replacingOccurrences(of: "view.layerUsesCoreImageFilters = true", with: "view.layerUsesCoreImageFilters = false"),
        ] {
            XCTAssertTrue(Porter.port(changed).ported.contains("NSViewController"), changed)
        }
    }

    func testAnAppKitViewControllerIsWrittenAsALayerWhoseYAxisPointsUp() {
        // NSViewController calls viewDidLoad(), viewWillAppear(), viewWillLayout(),
        // viewDidLayout(), then viewDidAppear(), without arguments (AppKit's documentation); an
        // NSView's y axis points up from its bottom-left corner unless it is flipped, and a
        // controller's view, made by the controller, is not.
        let source = """
            import Cocoa

            class ViewController: NSViewController {
                private let dot = CALayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.wantsLayer = true
                    view.layer?.backgroundColor = NSColor.black.cgColor
                    dot.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                    view.layer?.addSublayer(dot)
                }

                override func viewDidLayout() {
                    super.viewDidLayout()
                    dot.position = CGPoint(x: view.bounds.midX, y: 40)
                }

                override func viewDidAppear() {
                    super.viewDidAppear()
                    dot.opacity = 0.5
                }

                override var representedObject: Any? {
                    didSet {
                    // Update the view, if already loaded.
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class ViewController: CALayer {
                private let dot = CALayer()

                func viewDidLoad() {
                    self.backgroundColor = CGColor(gray: 0, alpha: 1)
                    dot.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                    self.addSublayer(dot)
                }

                func viewDidLayout() {
                    dot.position = CGPoint(x: bounds.midX, y: 40)
                }

                func viewDidAppear() {
                    dot.opacity = 0.5
                }

                var representedObject: Any? {
                    didSet {
                    // Update the view, if already loaded.
                    }
                }

                /// Whether the view has appeared: the layer's first layout with a size loads and shows it.
                private var viewHasAppeared = false

                /// Calls the view controller's lifecycle methods as AppKit does: loading and showing the view at
                /// the first layout with a size, laying it out at every layout.
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let appearing = !viewHasAppeared && !bounds.isEmpty
                    if appearing {
                        viewHasAppeared = true
                        // An AppKit view's y axis points up, from its bottom-left corner.
                        isGeometryFlipped = true
                        viewDidLoad()
                    }
                    viewDidLayout()
                    if appearing {
                        viewDidAppear()
                    }
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["ViewController"], "only showing the layer is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Key events, and a UIKit lifecycle method's signature, are not written.
        for changed in [
            source.replacingOccurrences(of: "    override var representedObject", with: "    override func keyDown(with event: NSEvent) {}\n\n    override var representedObject"),
            source.replacingOccurrences(of: "override func viewDidAppear() {\n        super.viewDidAppear()", with: "override func viewDidAppear(_ animated: Bool) {\n        super.viewDidAppear(animated)"),
            source.replacingOccurrences(of: "view.wantsLayer = true", with: "view.wantsLayer = false"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("NSViewController"), left.ported)
            XCTAssertTrue(left.notes.contains { $0.construct == "ViewController" && $0.why.contains("not written as a layer") }, "\(left.notes)")
        }
    }

    func testAppKitsOwnControllerMembersAreAppKitControllersOnly() {
        // `identifier` is NSViewController's (NSUserInterfaceItemIdentification); a UIKit
        // controller's property of that name is its own, as UIViewController has none.
        let uiKit = Porter.port("""
            import UIKit

            final class BadgeViewController: UIViewController {
                private let dot = CALayer()
                private let identifier = "badge"

                override func viewDidLoad() {
                    super.viewDidLoad()
                    dot.name = identifier
                    view.layer.addSublayer(dot)
                }
            }
            """)
        XCTAssertTrue(uiKit.ported.contains("final class BadgeViewController: CALayer {"), uiKit.ported)
        let appKit = Porter.port("""
            import Cocoa

            final class BadgeViewController: NSViewController {
                private let dot = CALayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    dot.name = identifier?.rawValue
                    view.layer?.addSublayer(dot)
                }
            }
            """)
        XCTAssertTrue(appKit.ported.contains("final class BadgeViewController: NSViewController {"), appKit.ported)
        XCTAssertTrue(appKit.notes.contains { $0.why.contains("it uses `identifier`") }, "\(appKit.notes)")
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
                @IBOutlet weak var badge: UIButton!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    badge.layer.cornerRadius = 8
                }
            }

            class SubviewViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let toggle = UISwitch()
                    view.addSubview(toggle)
                }
            }

            class TouchViewController: UIViewController {
                let dot = CALayer()
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    dot.position = touches.first!.previousLocation(in: view)
                }
            }

            class TimingViewController: UIViewController {
                let duration = 0.4
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.opacity = 0.5
                }
            }

            func fadeLength(of controller: TimingViewController) -> Double { controller.duration }

            class TitledViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    navigationItem.title = "Layers"
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
                func fit() { caption.baselineAdjustment = .alignCenters }
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
        XCTAssertTrue(ported.notes.map(\.construct).contains("UIViewController"), "the first use of UIViewController is reported")
        // Each controller left is reported with what keeps it a controller.
        let reasons = Dictionary(ported.notes.map { ($0.construct, $0.why) }, uniquingKeysWith: { first, _ in first })
        let prefix = "the view controller is not written as a layer: "
        XCTAssertEqual(reasons["OutletViewController"], prefix + "it has outlets or actions, which a storyboard wires (Linux has none)")
        XCTAssertEqual(reasons["SubviewViewController"], prefix + "it holds or makes `UISwitch`, an interface object other than layers")
        XCTAssertEqual(reasons["TouchViewController"], prefix + "its touchesBegan reads more of its touches than their location")
        XCTAssertEqual(
            reasons["TimingViewController"],
            prefix + "its property `duration`, named as one of a layer's, is named outside the controller, so it cannot be renamed")
        XCTAssertEqual(
            reasons["TitledViewController"], prefix + "it uses `navigationItem` (`navigationItem.title = \"Layers\"`), which the command does not write on its layer")
        XCTAssertEqual(reasons["NibViewController"], prefix + "it overrides init(nibName:bundle:), a controller initializer")
        XCTAssertEqual(
            reasons["ContainerViewController"],
            prefix + "it overrides `shouldAutomaticallyForwardAppearanceMethods`, a controller property the command does not write on its layer")
        XCTAssertEqual(
            reasons["LabelViewController"],
            prefix + "it makes a plain view or label (`UIView()`, `UILabel()`) that it uses for more than the command writes, or holds otherwise"
                + " (`caption.baselineAdjustment = .alignCenters`)")
    }

    func testATapRecognizerAndTouchMovesBecomeTheLayersPointerAndTouchEventHandlers() {
        // A press and release of the primary button, or a lifted touch, is UIKit's tap; a
        // move while pressed, or a touch point's move, is UIKit's touch move.
        let source = """
            import UIKit

            class ViewController: UIViewController {
                let shapeLayer = CAShapeLayer()
                let dot = CALayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let center = view.center
                    let circularPath = UIBezierPath(arcCenter: center, radius: 100, startAngle: -CGFloat.pi / 2, endAngle: 2 * CGFloat.pi, clockwise: true)
                    let trackLayer = CAShapeLayer()
                    trackLayer.path = circularPath.cgPath
                    trackLayer.strokeColor = UIColor.lightGray.cgColor
                    trackLayer.lineWidth = 10
                    trackLayer.fillColor = UIColor.clear.cgColor
                    trackLayer.lineCap = kCALineCapRound
                    view.layer.addSublayer(trackLayer)
                    shapeLayer.path = circularPath.cgPath
                    shapeLayer.strokeColor = UIColor.red.cgColor
                    shapeLayer.lineWidth = 10
                    shapeLayer.fillColor = UIColor.clear.cgColor
                    shapeLayer.lineCap = kCALineCapRound
                    shapeLayer.strokeEnd = 0
                    view.layer.addSublayer(shapeLayer)
                    dot.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
                    view.layer.addSublayer(dot)
                    view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap)))
                }

                @objc private func handleTap() {
                    let basicAnimation = CABasicAnimation(keyPath: "strokeEnd")
                    basicAnimation.toValue = 1
                    basicAnimation.duration = 2
                    basicAnimation.fillMode = kCAFillModeForwards
                    basicAnimation.isRemovedOnCompletion = false
                    shapeLayer.add(basicAnimation, forKey: "urSoBasic")
                }

                override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                    super.touchesMoved(touches, with: event)
                    guard let touch = touches.first else { return }
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    dot.position = touch.location(in: view)
                    CATransaction.commit()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            class ViewController: CALayer, PointerEventHandling, TouchEventHandling {
                let shapeLayer = CAShapeLayer()
                let dot = CALayer()

                func viewDidLoad() {
                    let center = position
                    let circularPath = CGMutablePath()
                    circularPath.addArc(center: center, radius: 100, startAngle: -CGFloat.pi / 2, endAngle: 2 * CGFloat.pi, clockwise: false)
                    let trackLayer = CAShapeLayer()
                    trackLayer.path = circularPath
                    trackLayer.strokeColor = CGColor(gray: 2 / 3, alpha: 1)
                    trackLayer.lineWidth = 10
                    trackLayer.fillColor = CGColor(gray: 0, alpha: 0)
                    trackLayer.lineCap = CAShapeLayerLineCap.round
                    self.addSublayer(trackLayer)
                    shapeLayer.path = circularPath
                    shapeLayer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    shapeLayer.lineWidth = 10
                    shapeLayer.fillColor = CGColor(gray: 0, alpha: 0)
                    shapeLayer.lineCap = CAShapeLayerLineCap.round
                    shapeLayer.strokeEnd = 0
                    self.addSublayer(shapeLayer)
                    dot.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
                    self.addSublayer(dot)
                }

                private func handleTap() {
                    let basicAnimation = CABasicAnimation(keyPath: "strokeEnd")
                    basicAnimation.toValue = 1
                    basicAnimation.duration = 2
                    basicAnimation.fillMode = CAMediaTimingFillMode.forwards
                    basicAnimation.isRemovedOnCompletion = false
                    shapeLayer.add(basicAnimation, forKey: "urSoBasic")
                }

                func touchesMoved(at touchLocation: CGPoint) {
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    dot.position = touchLocation
                    CATransaction.commit()
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
                }

                /// Whether the primary button was pressed on the layer and not yet let go.
                private var pointerIsDown = false

                /// UIKit's touches and taps on the view: presses, moves and releases of the window's primary
                /// pointer button that reach the layer.
                @MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {
                    let touchLocation = convert(event.location, from: nil)
                    switch event.kind {
                    case .pressed(button: 0x110):
                        pointerIsDown = true
                    case .moved where pointerIsDown:
                        touchesMoved(at: touchLocation)
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
                        handleTap()
                    default:
                        return false
                    }
                    return true
                }

                /// UIKit's touches and taps on the view: the window's touch points that reach the layer.
                @MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {
                    let touchLocation = convert(event.location, from: nil)
                    switch event.phase {
                    case .began:
                        break
                    case .moved:
                        touchesMoved(at: touchLocation)
                    case .ended:
                        handleTap()
                    case .cancelled:
                        break
                    }
                    return true
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["ViewController"], "the selector and the UIKit types are not reported: they are gone")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testATouchesLocationReadInTheWaysUIKitCodeReadsItIsTheEventsLocationInTheLayer() {
        let source = """
            import UIKit

            final class RippleViewController: UIViewController {
                private let ripple = CAShapeLayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    ripple.fillColor = UIColor.clear.cgColor
                    ripple.strokeColor = UIColor.white.cgColor
                    view.layer.addSublayer(ripple)
                    let tap = UITapGestureRecognizer(target: self, action: #selector(reset(_:)))
                    view.addGestureRecognizer(tap)
                }

                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    let point = touches.first!.location(in: self.view)
                    ripple.path = CGPath(ellipseIn: CGRect(x: point.x - 20, y: point.y - 20, width: 40, height: 40), transform: nil)
                }

                override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                    super.touchesEnded(touches, with: event)
                    if let point = touches.first?.location(in: view) {
                        ripple.position = point
                    }
                }

                @objc private func reset(_ recognizer: UITapGestureRecognizer) {
                    ripple.opacity = 1
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            final class RippleViewController: CALayer, PointerEventHandling, TouchEventHandling {
                private let ripple = CAShapeLayer()

                func viewDidLoad() {
                    ripple.fillColor = CGColor(gray: 0, alpha: 0)
                    ripple.strokeColor = CGColor(gray: 1, alpha: 1)
                    self.addSublayer(ripple)
                }

                func touchesBegan(at touchLocation: CGPoint) {
                    let point = touchLocation
                    ripple.path = CGPath(ellipseIn: CGRect(x: point.x - 20, y: point.y - 20, width: 40, height: 40), transform: nil)
                }

                func touchesEnded(at touchLocation: CGPoint) {
                    if let point = Optional(touchLocation) {
                        ripple.position = point
                    }
                }

                private func reset() {
                    ripple.opacity = 1
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
                }

                /// Whether the primary button was pressed on the layer and not yet let go.
                private var pointerIsDown = false

                /// UIKit's touches and taps on the view: presses, moves and releases of the window's primary
                /// pointer button that reach the layer.
                @MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {
                    let touchLocation = convert(event.location, from: nil)
                    switch event.kind {
                    case .pressed(button: 0x110):
                        pointerIsDown = true
                        touchesBegan(at: touchLocation)
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
                        touchesEnded(at: touchLocation)
                        reset()
                    default:
                        return false
                    }
                    return true
                }

                /// UIKit's touches and taps on the view: the window's touch points that reach the layer.
                @MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {
                    let touchLocation = convert(event.location, from: nil)
                    switch event.phase {
                    case .began:
                        touchesBegan(at: touchLocation)
                    case .moved:
                        break
                    case .ended:
                        touchesEnded(at: touchLocation)
                        reset()
                    case .cancelled:
                        break
                    }
                    return true
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testABackgroundColourChosenByAConditionIsTheChoiceOfTheCGColors() {
        // Unparenthesized, the choice is the rest of the assignment's sequence: the controller's
        // view, a plain view and a view written as a layer take it alike.
        let source = """
            import UIKit

            class SparkViewController: UIViewController {
                var isDark = false
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = isDark ? .black : .white
                    let spark = UIView()
                    spark.backgroundColor = drand48() > 0.5 ? .red : UIColor.blue
                    view.addSubview(spark)
                }
            }

            final class LampView: UIView {
                var isOn = false {
                    didSet { backgroundColor = isOn ? .yellow : UIColor(white: 0.2, alpha: 1) }
                }
            }
            """
        let ported = Porter.port(source).ported
        for line in [
            "        backgroundColor = isDark ? CGColor(gray: 0, alpha: 1) : CGColor(gray: 1, alpha: 1)",
            "        spark.backgroundColor = drand48() > 0.5 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0, blue: 1, alpha: 1)",
            "        didSet { backgroundColor = isOn ? CGColor(red: 1, green: 1, blue: 0, alpha: 1) : CGColor(gray: 0.2, alpha: 1) }",
        ] {
            XCTAssertTrue(ported.contains(line), ported)
        }
        XCTAssertTrue(ported.contains("class SparkViewController: CALayer {"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testATapMethodReadingItsRecognizersLocationAndStateTakesTheTapsLocation() {
        // UIKit calls a tap recognizer's method once, when the tap is recognized: its state is
        // then .ended (UIGestureRecognizer.State.recognized is the same state). The statements
        // of the switch's .ended case are what run; the location in the view is the event's in
        // the layer, as a touch's is.
        let source = """
            import UIKit

            class BurstViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let tap = UITapGestureRecognizer(target: self, action: #selector(tapped(_:)))
                    view.addGestureRecognizer(tap)
                }

                @objc func tapped(_ sender: UITapGestureRecognizer) {
                    switch sender.state {
                    case .began, .changed:
                        break
                    case .ended:
                        let burst = CALayer()
                        burst.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
                        burst.position = sender.location(in: view)
                        view.layer.addSublayer(burst)
                    default:
                        break
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            class BurstViewController: CALayer, PointerEventHandling, TouchEventHandling {
                func viewDidLoad() {
                }

                func tapped(at tapLocation: CGPoint) {
                    let burst = CALayer()
                    burst.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
                    burst.position = tapLocation
                    self.addSublayer(burst)
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
                }

                /// Whether the primary button was pressed on the layer and not yet let go.
                private var pointerIsDown = false

                /// UIKit's touches and taps on the view: presses, moves and releases of the window's primary
                /// pointer button that reach the layer.
                @MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {
                    let touchLocation = convert(event.location, from: nil)
                    switch event.kind {
                    case .pressed(button: 0x110):
                        pointerIsDown = true
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
                        tapped(at: touchLocation)
                    default:
                        return false
                    }
                    return true
                }

                /// UIKit's touches and taps on the view: the window's touch points that reach the layer.
                @MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {
                    let touchLocation = convert(event.location, from: nil)
                    switch event.phase {
                    case .began:
                        break
                    case .moved:
                        break
                    case .ended:
                        tapped(at: touchLocation)
                    case .cancelled:
                        break
                    }
                    return true
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAControllerReadingMoreOfItsTouchesOrRecognizersIsLeft() {
        let source = """
            import UIKit

            class PinchViewController: UIViewController {
                let dot = CALayer()
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    dot.opacity = Float(touches.count) / 2
                }
            }

            class PressureViewController: UIViewController {
                let dot = CALayer()
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    dot.opacity = Float(event?.allTouches?.first?.force ?? 0)
                }
            }

            class SenderViewController: UIViewController {
                let dot = CALayer()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let tap = UITapGestureRecognizer(target: self, action: #selector(tapped(_:)))
                    view.addGestureRecognizer(tap)
                }
                @objc func tapped(_ sender: UITapGestureRecognizer) {
                    dot.position = sender.location(ofTouch: 0, in: view)
                }
            }

            class BeganTapViewController: UIViewController {
                let dot = CALayer()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
                }
                @objc func tapped(_ sender: UITapGestureRecognizer) {
                    if sender.state != .ended { dot.opacity = 0 }
                }
            }

            class DoubleTapViewController: UIViewController {
                let dot = CALayer()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let tap = UITapGestureRecognizer(target: self, action: #selector(tapped))
                    tap.numberOfTapsRequired = 2
                    view.addGestureRecognizer(tap)
                }
                @objc func tapped() {
                    dot.opacity = 0
                }
            }
            """
        let ported = Porter.port(source)
        for name in ["PinchViewController", "PressureViewController", "SenderViewController", "BeganTapViewController", "DoubleTapViewController"] {
            XCTAssertTrue(ported.ported.contains("class \(name): UIViewController {"), "\(name) is left")
        }
        XCTAssertFalse(ported.ported.contains("handlePointerEvent"))
        XCTAssertTrue(ported.notes.map(\.construct).contains("#selector(tapped(_:))"), "a selector left is reported")
    }

    func testAControllerOfTheMainActorCallsItsLifecycleFromLayoutAsTheMainActors() {
        // A display link makes the class the main actor's; layoutSublayers() overrides a
        // nonisolated method, and Lamina lays out a window's layers on the main thread. A checked
        // `self` could not be sent to the main actor: the calls go through an unchecked reference.
        let source = """
            import UIKit

            class WaveViewController: UIViewController {
                private let wave = CAShapeLayer()
                private var phase: CGFloat = 0
                private var displayLink: CADisplayLink?

                override func viewDidLoad() {
                    super.viewDidLoad()
                    wave.strokeColor = UIColor.systemBlue.cgColor
                    wave.fillColor = nil
                    view.layer.addSublayer(wave)
                    displayLink = CADisplayLink(target: self, selector: #selector(step))
                    displayLink?.add(to: .main, forMode: .common)
                }

                @objc private func step() {
                    phase += 0.1
                    let path = CGMutablePath()
                    path.move(to: CGPoint(x: 0, y: view.bounds.midY))
                    for x in stride(from: 0, through: view.bounds.width, by: 4) {
                        path.addLine(to: CGPoint(x: x, y: view.bounds.midY + sin(x / 30 + phase) * 20))
                    }
                    wave.path = path
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            @MainActor
            class WaveViewController: CALayer {
                private let wave = CAShapeLayer()
                private var phase: CGFloat = 0
                private var displayLink: CADisplayLink?

                func viewDidLoad() {
                    wave.strokeColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                    wave.fillColor = nil
                    self.addSublayer(wave)
                    displayLink = CADisplayLink { link in self.step() }
                    displayLink?.add(to: .main, forMode: .common)
                }

                private func step() {
                    phase += 0.1
                    let path = CGMutablePath()
                    path.move(to: CGPoint(x: 0, y: bounds.midY))
                    for x in stride(from: 0, through: bounds.width, by: 4) {
                        path.addLine(to: CGPoint(x: x, y: bounds.midY + sin(x / 30 + phase) * 20))
                    }
                    wave.path = path
                }

                /// Whether the view has appeared: the layer's first layout with a size loads and shows it.
                private var viewHasAppeared = false

                /// Calls the view controller's lifecycle methods as UIKit does: loading and showing the view at
                /// the first layout with a size, laying it out at every layout.
                override func layoutSublayers() {
                    super.layoutSublayers()
                    nonisolated(unsafe) let controller = self
                    MainActor.assumeIsolated {
                        controller.layOutViewOnMainActor()
                    }
                }

                /// The lifecycle calls of a layout, on the main actor, where Lamina lays out a window's layers.
                private func layOutViewOnMainActor() {
                    let appearing = !viewHasAppeared && !bounds.isEmpty
                    if appearing {
                        viewHasAppeared = true
                        viewDidLoad()
                    }
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewOfAClassWrittenAsALayerAddedToTheControllersViewIsItsSublayer() {
        // The view's center is its layer's position; a view used for a member its layer lacks
        // (alpha) leaves the controller.
        let source = """
            import UIKit

            final class RingView: UIView {
                private let ring = CAShapeLayer()
                var progress: CGFloat = 0 {
                    didSet { ring.strokeEnd = progress }
                }

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    ring.fillColor = UIColor.clear.cgColor
                    ring.strokeColor = UIColor.systemGreen.cgColor
                    ring.lineWidth = 8
                    layer.addSublayer(ring)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    ring.frame = bounds
                    ring.path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
                }
            }

            class ProgressViewController: UIViewController {
                private let ring = RingView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(ring)
                    let badge = RingView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
                    badge.progress = 1
                    view.addSubview(badge)
                }

                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    ring.center = view.center
                }

                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    ring.progress = 0.75
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class RingView: CALayer {
                private let ring = CAShapeLayer()
                var progress: CGFloat = 0 {
                    didSet { ring.strokeEnd = progress }
                }

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    ring.fillColor = CGColor(gray: 0, alpha: 0)
                    ring.strokeColor = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
                    ring.lineWidth = 8
                    self.addSublayer(ring)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    ring.frame = bounds
                    ring.path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }

            class ProgressViewController: CALayer {
                private let ring = RingView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))

                func viewDidLoad() {
                    self.addSublayer(ring)
                    let badge = RingView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
                    badge.progress = 1
                    self.addSublayer(badge)
                }

                func viewDidLayoutSubviews() {
                    ring.position = position
                }

                func viewDidAppear(_ animated: Bool) {
                    ring.progress = 0.75
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
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        let fading = source.replacingOccurrences(of: "ring.progress = 0.75", with: "ring.alpha = 0.5")
        XCTAssertTrue(Porter.port(fading).ported.contains("class ProgressViewController: UIViewController {"))
    }

    func testPlainViewsTheControllerMakesAreLayersThatDoNotAnimateTheirOwnChanges() {
        // A view's own layer gives no implicit action outside UIKit's animation blocks (Apple's
        // documentation of UIView and CALayer.action(forKey:): the view, the layer's delegate,
        // returns NSNull), so the written layer gives none; UIView's center is its layer's
        // position, clipsToBounds its masksToBounds, alpha its opacity.
        let source = """
            import UIKit

            final class BoxViewController: UIViewController {
                private let box = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
                let dot: UIView = UIView()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    box.backgroundColor = .systemRed
                    box.layer.cornerRadius = 12
                    box.clipsToBounds = true
                    box.center = view.center
                    view.addSubview(box)
                    dot.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
                    dot.alpha = 0.5
                    box.addSubview(dot)
                    let marker = UIView()
                    marker.isHidden = true
                    view.addSubview(marker)
                    let pulse = CABasicAnimation(keyPath: "transform.scale")
                    pulse.toValue = 1.2
                    self.box.layer.add(pulse, forKey: "pulse")
                }

                func reset() {
                    dot.removeFromSuperview()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class BoxViewController: CALayer {
                private let box: CALayer = PlainViewLayer(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
                let dot: CALayer = PlainViewLayer()

                func viewDidLoad() {
                    box.backgroundColor = CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
                    box.cornerRadius = 12
                    box.masksToBounds = true
                    box.position = position
                    self.addSublayer(box)
                    dot.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
                    dot.opacity = Float(0.5)
                    box.addSublayer(dot)
                    let marker = PlainViewLayer()
                    marker.isHidden = true
                    self.addSublayer(marker)
                    let pulse = CABasicAnimation(keyPath: "transform.scale")
                    pulse.toValue = 1.2
                    self.box.add(pulse, forKey: "pulse")
                }

                func reset() {
                    dot.removeFromSuperlayer()
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
        XCTAssertEqual(ported.notes.map(\.construct), ["BoxViewController"], "only how to show the controller is left")
        assertSecondRunChangesNothing([ported])

        // A plain view used for a member its layer lacks, animated by UIKit, or kept in an
        // array leaves the controller to a person.
        for use in ["box.transform = .identity", "UIView.animate(withDuration: 1, delay: 0.5, options: [.transitionCrossDissolve], animations: { self.box.alpha = 0 })", "let views = [box]", "print(box.alpha)"] {
            let held = """
                import UIKit

                final class BoxViewController: UIViewController {
                    let box = UIView()

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        view.addSubview(box)
                        \(use)
                    }
                }
                """
            let left = Porter.port(held)
            XCTAssertTrue(left.ported.contains("final class BoxViewController: UIViewController {"), "\(use): \(left.ported)")
            XCTAssertTrue(left.ported.contains("let box = UIView()"), "\(use): \(left.ported)")
        }
    }

    func testAnImplicitlyUnwrappedViewOrLabelPropertyGivenOnceIsALayer() {
        // `var label: UILabel!` given its label in viewDidLoad, UIKit's common form, holds the
        // label as a property made with it does.
        let source = """
            import UIKit

            class CounterViewController: UIViewController {
                var label: UILabel!
                var box: UIView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    label = UILabel(frame: CGRect(x: 100, y: 200, width: 200, height: 50))
                    label.textAlignment = .center
                    view.addSubview(label)
                    self.box = UIView()
                    box.backgroundColor = .red
                    view.addSubview(box)
                }

                func setCount(_ value: Int) {
                    label.text = "\\(value)"
                    box.alpha = 0.5
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                var label: PlainLabelLayer!
                var box: CALayer!

                func viewDidLoad() {
                    label = PlainLabelLayer(frame: CGRect(x: 100, y: 200, width: 200, height: 50))
                    label.textAlignment = .center
                    self.addSublayer(label)
                    self.box = PlainViewLayer()
                    box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    self.addSublayer(box)
                }

                func setCount(_ value: Int) {
                    label.text = "\\(value)"
                    box.opacity = Float(0.5)
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["CounterViewController"], "only showing the layer is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // One given views twice, or held otherwise, leaves the controller.
        for changed in [
            source.replacingOccurrences(of: "        label.text = \"\\(value)\"", with: "        label = UILabel()"),
            source.replacingOccurrences(of: "    var box: UIView!", with: "    var box: UIView! = nil"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("UIViewController"), left.ported)
        }
    }

    func testAnOptionalViewOrLabelPropertyGivenOnceIsAnOptionalLayerReadThroughItsUnwrapping() {
        // `private var contentView: UIView?` given its view in `init(frame:)`, read through `?`
        // and added forced, `addSubview(contentView!)`.
        let ported = Porter.port("""
            import UIKit

            final class MorphButtonView: UIView {
                private var contentView: UIView?
                var titleLabel: UILabel?

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    contentView = UIView(frame: bounds)
                    contentView?.backgroundColor = .cyan
                    contentView?.layer.cornerRadius = 8
                    self.addSubview(contentView!)
                    titleLabel = UILabel(frame: bounds)
                    titleLabel?.text = "Start"
                    addSubview(titleLabel!)
                }

                required init?(coder: NSCoder) { fatalError() }

                func shrink() {
                    contentView?.alpha = 0.5
                    titleLabel?.text = nil
                }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
                private var contentView: CALayer?
                var titleLabel: PlainLabelLayer?

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    contentView = PlainViewLayer(frame: bounds)
                    contentView?.backgroundColor = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
                    contentView?.cornerRadius = 8
                    self.addSublayer(contentView!)
                    titleLabel = PlainLabelLayer(frame: bounds)
                    titleLabel?.text = "Start"
                    addSublayer(titleLabel!)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        contentView?.opacity = Float(0.5)\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAControllersPrivatePropertyNamedAsTheLayersIsRenamed() {
        // CALayer's `duration` (CAMediaTiming) stays the layer's; the controller's own is renamed.
        // A static property of a layer's name is the type's, apart from the layer's.
        let source = """
            import UIKit

            final class SpinViewController: UIViewController {
                static var delegate: CALayerDelegate?
                private let duration: CFTimeInterval = 1.5
                private let spinner = CAShapeLayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.addSublayer(spinner)
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.duration = self.duration
                    spin.toValue = duration * 2 * .pi
                    spinner.add(spin, forKey: "spin")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            final class SpinViewController: CALayer {
                nonisolated(unsafe) static var delegate: CALayerDelegate?
                private let controllerDuration: CFTimeInterval = 1.5
                private let spinner = CAShapeLayer()

                func viewDidLoad() {
                    self.addSublayer(spinner)
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.duration = self.controllerDuration
                    spin.toValue = controllerDuration * 2 * .pi
                    spinner.add(spin, forKey: "spin")
                }
            """), ported.ported)
    }

    func testAMethodSharingALayerMethodsNameButNotItsLabelsIsTheControllersOwn() {
        // Swift tells methods apart by their labels too: `animation()` is not the layer's
        // `animation(forKey:)`, which a layer subclass may declare beside it.
        let source = """
            import UIKit

            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    animation()
                }

                private func animation() {
                    let bar = CALayer()
                    bar.bounds = CGRect(x: 0, y: 0, width: 8, height: 40)
                    view.layer.addSublayer(bar)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("class ViewController: CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        animation()\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        self.addSublayer(bar)"), ported.ported)

        // The layer's own signature is left.
        let same = Porter.port(source.replacingOccurrences(of: "private func animation() {", with: "private func animation(forKey key: String) {")
            .replacingOccurrences(of: "        animation()\n", with: "        animation(forKey: \"bar\")\n"))
        XCTAssertTrue(same.ported.contains("class ViewController: UIViewController {"), same.ported)
    }

    func testAControllersTitleIsAPropertyOfTheLayer() {
        // UIViewController's title is nil until set (UIKit's documentation); a navigation bar
        // shows it, which a layer in a Lamina window has not.
        let source = """
            import UIKit

            final class CounterViewController: UIViewController {
                private let ring = CAShapeLayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Counter"
                    view.layer.addSublayer(ring)
                    print(self.title ?? "")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    title = "Counter"
                    self.addSublayer(ring)
                    print(self.title ?? "")
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                /// The controller's title, as `UIViewController`'s: a navigation or tab bar shows it on Apple's
                /// platforms, and nothing does here. The default is nil.
                var title: String?
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["CounterViewController"], "only how to show the controller is left")
        assertSecondRunChangesNothing([ported])
    }

    func testAControllerLoadingAPlainViewLoadsItIntoItsLayer() {
        // UIKit calls loadView() before viewDidLoad() (UIKit's documentation); AppKit's
        // controllers made in code load their view there too. The view they make is the layer.
        let source = """
            import AppKit

            final class GlowViewController: NSViewController {
                private let glow = CALayer()

                override func loadView() {
                    view = NSView(frame: NSRect(x: 0, y: 0, width: 320, height: 240))
                    view.wantsLayer = true
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer?.addSublayer(glow)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func loadView() {
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("isGeometryFlipped = true\n            loadView()\n            viewDidLoad()\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["GlowViewController"], "only how to show the controller is left")
        assertSecondRunChangesNothing([ported])

        // Another view loaded is the controller's view, not the layer: left.
        let other = Porter.port(source.replacingOccurrences(of: "view = NSView(frame: NSRect(x: 0, y: 0, width: 320, height: 240))", with: "view = NSScrollView()"))
        XCTAssertTrue(other.ported.contains("final class GlowViewController: NSViewController {"), other.ported)
    }
}
