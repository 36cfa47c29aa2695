import LaminaPortRewriter
import XCTest

final class ViewClassRewriterTests: XCTestCase {
    func testAViewThatOnlyHostsLayersIsWrittenAsALayerSubclass() {
        let source = """
            import UIKit

            class RingView: UIView {
                private let track = CAShapeLayer()
                private let ring = CAShapeLayer()
                var progress: CGFloat = 0 {
                    didSet { ring.strokeEnd = progress }
                }

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    setUp()
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    setUp()
                }

                private func setUp() {
                    backgroundColor = .clear
                    layer.addSublayer(track)
                    self.layer.addSublayer(ring)
                    ring.strokeEnd = 0
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    let path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
                    track.path = path
                    ring.path = path
                    ring.position = center
                }

                deinit {
                    ring.removeAllAnimations()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class RingView: CALayer {
                private let track = CAShapeLayer()
                private let ring = CAShapeLayer()
                var progress: CGFloat = 0 {
                    didSet { ring.strokeEnd = progress }
                }

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    setUp()
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    setUp()
                }

                private func setUp() {
                    backgroundColor = CGColor(gray: 0, alpha: 0)
                    self.addSublayer(track)
                    self.addSublayer(ring)
                    ring.strokeEnd = 0
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    let path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
                    track.path = path
                    ring.path = path
                    ring.position = position
                }

                deinit {
                    ring.removeAllAnimations()
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewWithALayerClassBecomesASubclassOfThatClass() {
        let source = """
            import UIKit

            final class GradientView: UIView {
                override class var layerClass: AnyClass {
                    return CAGradientLayer.self
                }

                var gradientLayer: CAGradientLayer {
                    return layer as! CAGradientLayer
                }

                func apply(colors: [CGColor]) {
                    gradientLayer.colors = colors
                    (layer as? CAGradientLayer)?.startPoint = CGPoint(x: 0, y: 0.5)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class GradientView: CAGradientLayer {
                var gradientLayer: CAGradientLayer {
                    return self
                }

                func apply(colors: [CGColor]) {
                    gradientLayer.colors = colors
                    (Optional(self))?.startPoint = CGPoint(x: 0, y: 0.5)
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testAViewWhoseLayerClassIsALayerClassOfItsFileBecomesASubclassOfIt() {
        // `layerClass` names the class UIKit makes the view's layer of; a layer class of the
        // file's is subclassed as Core Animation's are (no longer final, as Swift needs).
        let source = """
            import UIKit

            final class GaugeLayer: CAShapeLayer {
                @NSManaged var level: CGFloat

                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "level" || super.needsDisplay(forKey: key)
                }
            }

            final class GaugeView: UIView {
                override class var layerClass: AnyClass { GaugeLayer.self }

                var gaugeLayer: GaugeLayer { layer as! GaugeLayer }

                func setLevel(_ value: CGFloat) {
                    gaugeLayer.level = min(1, max(0, value))
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("\nclass GaugeLayer: CAShapeLayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
            final class GaugeView: GaugeLayer {
                var gaugeLayer: GaugeLayer { self }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A view's own property named as the class's is renamed, as one named as a layer's is.
        let renamed = Porter.port(source.replacingOccurrences(of: "    var gaugeLayer: GaugeLayer {", with: "    var level: CGFloat = 0\n    var gaugeLayer: GaugeLayer {"))
        XCTAssertTrue(renamed.ported.contains("    var viewLevel: CGFloat = 0\n"), renamed.ported)

        // A class made with initializers of its own is left.
        let left = Porter.port(
            source.replacingOccurrences(
                of: "    @NSManaged var level: CGFloat\n",
                with: "    @NSManaged var level: CGFloat\n    init(level: CGFloat) { super.init() }\n    required init?(coder: NSCoder) { fatalError() }\n"))
        XCTAssertTrue(left.ported.contains("final class GaugeView: UIView {"), left.ported)
        XCTAssertTrue(left.notes.contains { $0.construct == "GaugeView" }, "\(left.notes)")
    }

    func testAViewWhoseLayerClassAnswersActionsKeepsThemAndGivesNoneOtherwise() throws {
        // A layer's own `action(forKey:)` answers before it asks its delegate; a view, its layer's
        // delegate, gives changes to it no action outside animation blocks (UIView's
        // documentation), so the custom property animates and the rest does not.
        let source = """
            import UIKit

            class ProgressLayer: CALayer {
                @NSManaged var progress: CGFloat

                override func action(forKey event: String) -> CAAction? {
                    if event == "progress" {
                        let animation = CABasicAnimation(keyPath: event)
                        animation.fromValue = presentation()?.progress ?? progress
                        return animation
                    }
                    return super.action(forKey: event)
                }
            }

            final class ProgressView: UIView {
                override class var layerClass: AnyClass { ProgressLayer.self }

                var progress: CGFloat {
                    get { (layer as! ProgressLayer).progress }
                    set { (layer as! ProgressLayer).progress = newValue }
                }

                func reset() {
                    progress = 0
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.hasSuffix("""
            final class ProgressView: ProgressLayer {
                func reset() {
                    progress = 0
                }

                /// Changes to the layer itself animate as ProgressLayer's `action(forKey:)` says, and otherwise not, as a
                /// view's own layer's do not (the view, its delegate, gives them no action).
                override func action(forKey event: String) -> (any CAAction)? {
                    super.action(forKey: event) ?? NSNull()
                }
            }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
        // The override is the one Lamina's own tests run in a window
        // (Tests/LaminaTests/ViewStyleLayerActionTests.swift), word for word.
        let override = try XCTUnwrap(ported.ported.range(of: "    /// Changes to the layer itself animate as"))
        let windowTest = try laminaTestFile("ViewStyleLayerActionTests.swift")
        XCTAssertTrue(windowTest.contains(ported.ported[override.lowerBound...].dropLast(2)), ported.ported)

        // In a file with UIKit's animation blocks, changes in one take the block's animation.
        let blocks = Porter.port(source.replacingOccurrences(of: "        progress = 0\n", with: "        UIView.animate(withDuration: 0.3) { self.alpha = 0 }\n"))
        XCTAssertTrue(blocks.ported.contains("    if let answer = super.action(forKey: event) { return answer }\n"), blocks.ported)
        XCTAssertTrue(blocks.ported.contains("    else { return NSNull() }\n"), blocks.ported)

        // The forwarding property the last member, whose removal meets the override's before it.
        let last = Porter.port(source.replacingOccurrences(of: "\n    func reset() {\n        progress = 0\n    }\n", with: ""))
        XCTAssertFalse(last.ported.contains("var progress: CGFloat {"), last.ported)
    }

    func testAViewWhoseLayerClassAnotherPortedFileDeclaresBecomesASubclassOfIt() {
        // The layer class kept in a file of its own, as packages often keep it.
        let layer = Porter.Source(path: "GaugeLayer.swift", text: """
            import QuartzCore

            class GaugeLayer: CAShapeLayer {
                @NSManaged var level: CGFloat

                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "level" || super.needsDisplay(forKey: key)
                }
            }
            """)
        let view = Porter.Source(path: "GaugeView.swift", text: """
            import UIKit

            final class GaugeView: UIView {
                override class var layerClass: AnyClass { GaugeLayer.self }

                var gaugeLayer: GaugeLayer { layer as! GaugeLayer }

                func setLevel(_ value: CGFloat) {
                    gaugeLayer.level = min(1, max(0, value))
                }
            }
            """)
        let ported = Porter(sources: [layer, view], addsMissingImports: false).port()
        XCTAssertTrue(ported[1].ported.contains("""
            final class GaugeView: GaugeLayer {
                var gaugeLayer: GaugeLayer { self }
            """), ported[1].ported)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(ported)

        // A view with an initializer of its own is a layer class too: its presentation copies
        // need `init(layer:)`, which its own initializer keeps it from inheriting.
        let initialized = Porter.Source(path: view.path, text: view.text.replacingOccurrences(
            of: "    var gaugeLayer: GaugeLayer { layer as! GaugeLayer }\n",
            with: "    var gaugeLayer: GaugeLayer { layer as! GaugeLayer }\n\n    override init(frame: CGRect) {\n        super.init(frame: frame)\n    }\n\n    required init?(coder: NSCoder) {\n        fatalError()\n    }\n"))
        let made = Porter(sources: [layer, initialized], addsMissingImports: false).port()
        XCTAssertTrue(made[1].ported.contains("    required init(layer: Any) {\n        super.init(layer: layer)\n    }\n"), made[1].ported)

        // A public view cannot inherit from the internal class: left.
        let publicView = Porter.Source(path: view.path, text: view.text.replacingOccurrences(of: "final class GaugeView", with: "public final class GaugeView"))
        let hidden = Porter(sources: [layer, publicView], addsMissingImports: false).port()
        XCTAssertTrue(hidden[1].notes.contains { $0.construct == "GaugeView" && $0.why.contains("is public, and its layer class GaugeLayer is not") }, "\(hidden[1].notes)")

        // One that is final there is opened there, as a final one of the view's own file is:
        // the layer written for the view subclasses it.
        let final = Porter.Source(path: layer.path, text: layer.text.replacingOccurrences(of: "class GaugeLayer", with: "final class GaugeLayer"))
        let opened = Porter(sources: [final, view], addsMissingImports: false).port()
        XCTAssertTrue(opened[0].ported.contains("\nclass GaugeLayer: CAShapeLayer {"), opened[0].ported)
        XCTAssertTrue(opened[1].ported.contains("final class GaugeView: GaugeLayer {"), opened[1].ported)
        XCTAssertEqual(opened.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(opened)
    }

    func testAViewAnsweringItsLayersActionsAsItsDelegateIsAskedFirst() {
        // A layer asks its delegate for an action first, and a view is its layer's delegate:
        // UIKit's answer is the animation block's for an animatable key, else none (UIView's
        // documentation); code makes its own properties animate in blocks so.
        let source = """
            import UIKit

            final class ShapeView: UIView {
                override class var layerClass: AnyClass { CAShapeLayer.self }

                override var layer: CAShapeLayer { super.layer as! CAShapeLayer }

                override func action(for layer: CALayer, forKey event: String) -> CAAction? {
                    if event == "path" {
                        if let action = action(for: layer, forKey: "backgroundColor") as? CABasicAnimation {
                            let animation = CABasicAnimation(keyPath: event)
                            animation.fromValue = self.layer.path
                            animation.duration = action.duration
                            animation.timingFunction = action.timingFunction
                            return animation
                        }
                        return nil
                    }
                    return super.action(for: layer, forKey: event)
                }

                func morph(to path: CGPath) {
                    UIView.animate(withDuration: 0.4) {
                        self.layer.path = path
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class ShapeView: CAShapeLayer {
                func delegateAction(for layer: CALayer, forKey event: String) -> CAAction? {
                    if event == "path" {
                        if let action = delegateAction(for: layer, forKey: "backgroundColor") as? CABasicAnimation {
                            let animation = CABasicAnimation(keyPath: event)
                            animation.fromValue = self.path
                            animation.duration = action.duration
                            animation.timingFunction = action.timingFunction
                            return animation
                        }
                        return nil
                    }
                    return uikitViewAction(forKey: event)
                }

                func morph(to path: CGPath) {
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = 0.4
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        self.path = path
                        CATransaction.commit()
                    }
                }

                /// The view's answer as its layer's delegate, delegateAction(for:forKey:), comes first, as a layer asks
                /// its delegate first; where it gives none, the layer's own search.
                override func action(forKey event: String) -> (any CAAction)? {
                    delegateAction(for: self, forKey: event) ?? super.action(forKey: event)
                }

                /// What UIKit's view answers its layer for `event`: in a UIKit animation block, the block's animation
                /// of that key; otherwise no action.
                private func uikitViewAction(forKey event: String) -> (any CAAction)? {
                    guard let block = CATransaction.value(forKey: "UIView.animate") as? CABasicAnimation,
                        let animation = block.copy() as? CABasicAnimation
                    else { return NSNull() }
                    animation.keyPath = event
                    return animation
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A view that does not ask UIKit's answer is given no method for it.
        let own = Porter.port(source.replacingOccurrences(of: "return super.action(for: layer, forKey: event)", with: "return NSNull()"))
        XCTAssertFalse(own.ported.contains("uikitViewAction"), own.ported)
        XCTAssertTrue(own.ported.contains("delegateAction(for: self, forKey: event) ?? super.action(forKey: event)"), own.ported)

        // A key path of a view property is a key string, not a use of the view's member.
        let keyPath = Porter.port(source.replacingOccurrences(of: "forKey: \"backgroundColor\")", with: "forKey: #keyPath(backgroundColor))"))
        XCTAssertTrue(keyPath.ported.contains("delegateAction(for: layer, forKey: \"backgroundColor\")"), keyPath.ported)

        // A layer class answering actions itself asks the view from inside its own: left.
        let both = Porter.port(
            source.replacingOccurrences(of: "override class var layerClass: AnyClass { CAShapeLayer.self }", with: "override class var layerClass: AnyClass { MorphLayer.self }")
                .replacingOccurrences(of: "override var layer: CAShapeLayer { super.layer as! CAShapeLayer }", with: "override var layer: MorphLayer { super.layer as! MorphLayer }")
                + "\n\nclass MorphLayer: CAShapeLayer {\n    override func action(forKey event: String) -> CAAction? { super.action(forKey: event) }\n}\n")
        XCTAssertTrue(both.notes.contains { $0.construct == "ShapeView" && $0.why.contains("asking the view") }, "\(both.notes)")
    }

    func testAViewsRemovalFromItsSuperviewIsItsLayersFromItsSuperlayer() {
        // UIKit removes a view's layer from its superview's layer with the view, so what a view
        // does as it is removed its layer does as it is; a method of its own named `draw` with
        // other parameters than UIKit's `draw(_ rect: CGRect)` is its own, as it is beside the
        // layer's `draw(in:)`.
        let source = """
            import UIKit

            final class TickerView: UIView {
                private var timer: Timer?
                private let bar = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(bar)
                }

                required init?(coder: NSCoder) {
                    fatalError()
                }

                func draw(_ progress: CGFloat) {
                    bar.frame = CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height)
                }

                override func removeFromSuperview() {
                    super.removeFromSuperview()
                    timer?.invalidate()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func draw(_ progress: CGFloat) {
                    bar.frame = CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height)
                }

                override func removeFromSuperlayer() {
                    super.removeFromSuperlayer()
                    timer?.invalidate()
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("final class TickerView: CALayer {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAViewThatNeedsTheViewIsLeftForAPersonWithTheReason() {
        for (member, reason) in [
            (
                "override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { print(touches.count) }",
                "its touchesBegan reads more of its touches than their location"
            ),
            (
                "func hold(_ label: UILabel) { addSubview(label) }",
                "it uses `addSubview` (`addSubview(label)`), a view member the command does not write on its layer"
            ),
            (
                "var cornerRadius: CGFloat = 0 { didSet { layer.cornerRadius = cornerRadius * 2 } }\n}\nfunc round(_ badge: BadgeView) { badge.cornerRadius = 4",
                "its property `cornerRadius`, named as one of its layer's, is named outside the view and its subclasses, so it cannot be renamed"
            ),
            ("func fade() { alpha -= 0.5 }", "it uses `alpha` (`alpha -= 0.5`), a view member the command does not write on its layer"),
            (
                "override func willMove(toWindow newWindow: UIWindow?) { super.willMove(toWindow: newWindow) }",
                "it overrides willMove(…), a view method the command does not write on its layer"
            ),
            ("override var isOpaque: Bool { true }", "it overrides `isOpaque`, a view property the command does not write on its layer"),
        ] {
            let source = """
                import UIKit

                class BadgeView: UIView {
                    \(member)
                }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains("class BadgeView: UIView {"), "\(member): \(ported.ported)")
            XCTAssertTrue(ported.notes.map(\.construct).contains("UIView"), "\(member): \(ported.notes)")
            // The report says what keeps the view from being written as a layer.
            let left = ported.notes.first { $0.construct == "BadgeView" }
            XCTAssertEqual(left?.why, "the view is not written as a layer: " + reason, member)
        }
    }

    func testAnAppKitViewThatOnlyHostsLayersIsALayerWhoseYAxisPointsUp() {
        // AppKit's view coordinates point y up unless the view is flipped (NSView.isFlipped);
        // AppKit calls updateLayer() to display a view that wants it, and displays a new view.
        let source = """
            import Cocoa

            final class PulseView: NSView {
                private let ring = CAShapeLayer()
                private var level: CGFloat = 0.5

                override init(frame frameRect: NSRect) {
                    super.init(frame: frameRect)
                    wantsLayer = true
                    layerContentsRedrawPolicy = .onSetNeedsDisplay
                    layer?.addSublayer(ring)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override var wantsUpdateLayer: Bool { true }

                override func updateLayer() {
                    super.updateLayer()
                    ring.strokeColor = NSColor.systemBlue.cgColor
                }

                override func layout() {
                    super.layout()
                    ring.frame = bounds
                    ring.strokeEnd = level
                }

                func set(level: CGFloat) {
                    self.level = level
                    needsLayout = true
                    self.needsDisplay = true
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class PulseView: CALayer {
                private let ring = CAShapeLayer()
                private var level: CGFloat = 0.5

                init(frame frameRect: NSRect) {
                    super.init()
                    self.frame = frameRect
                    isGeometryFlipped = true
                    setNeedsDisplay()
                    self.addSublayer(ring)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    isGeometryFlipped = true
                }

                override func display() {
                    ring.strokeColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    ring.frame = bounds
                    ring.strokeEnd = level
                }

                func set(level: CGFloat) {
                    self.level = level
                    setNeedsLayout()
                    setNeedsDisplay()
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A flipped view's layer points y down, as Lamina's do; one with no initializer is
        // given one that flips a view that is not.
        let flipped = Porter.port("""
            final class Strip: NSView {
                override var isFlipped: Bool { return true }
                override func layout() { super.layout() }
            }
            """)
        XCTAssertFalse(flipped.ported.contains("isGeometryFlipped"), flipped.ported)
        XCTAssertTrue(flipped.ported.contains("final class Strip: CALayer {"), flipped.ported)
        let plain = Porter.port("""
            final class Strip: NSView {
                let bar = CALayer()
                func start() { layer?.addSublayer(bar) }
            }
            """)
        XCTAssertTrue(plain.ported.contains("""
                override init() {
                    super.init()
                    isGeometryFlipped = true
                }
            """), plain.ported)

        // A view that replaces its layer or reads more of an event than its location is left.
        for member in [
            "func use(_ gradient: CAGradientLayer) { layer = gradient }",
            "override func mouseDown(with event: NSEvent) { if event.clickCount == 2 { needsDisplay = true } }",
            "func hide() { wantsLayer = false }",
        ] {
            let left = Porter.port("""
                import Cocoa

                final class DotView: NSView {
                    \(member)
                }
                """)
            XCTAssertTrue(left.ported.contains("final class DotView: NSView {"), "\(member): \(left.ported)")
            XCTAssertTrue(left.notes.map(\.construct).contains("NSView"), "\(member): \(left.notes)")
        }
    }

    func testAViewTurningOffItsOwnAutoresizingTranslationIsALayerWithoutIt() {
        // UIView's translatesAutoresizingMaskIntoConstraints only tells Auto Layout whether to
        // turn the view's frame into constraints; a layer has none.
        let source = """
            class ShadowCard: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    setUp()
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                private func setUp() {
                    self.translatesAutoresizingMaskIntoConstraints = false
                    layer.shadowOpacity = 0.5
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            class ShadowCard: CALayer {
                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    setUp()
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                private func setUp() {
                    self.shadowOpacity = 0.5
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("a layer has no Auto Layout of its own to turn off") })
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // Another view's is not the view's own: it is left (as the controller pass says).
        let other = Porter.port(source.replacingOccurrences(of: "self.translatesAutoresizingMaskIntoConstraints", with: "superview?.translatesAutoresizingMaskIntoConstraints"))
        XCTAssertTrue(other.ported.contains("class ShadowCard: UIView {"), other.ported)
    }

    func testAnAppKitViewHostingAPlainLayerWithFiltersIsThatLayer() {
        // NSView: a view given a layer before `wantsLayer` hosts it; `layerUsesCoreImageFilters`
        // asks AppKit to render the layers in process so that their `filters` apply (NSView's
        // documentation). Lamina's layers always apply them.
        let source = """
            import AppKit

            final class PulseView: NSView {
                private let dot = CALayer()

                override init(frame frameRect: NSRect) {
                    super.init(frame: frameRect)
                    layer = CALayer()
                    wantsLayer = true
                    layerUsesCoreImageFilters = true
                    dot.filters = CIFilter(name: "CIGaussianBlur").map { [$0] }
                    layer?.addSublayer(dot)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class PulseView: CALayer {
                private let dot = CALayer()

                init(frame frameRect: NSRect) {
                    super.init()
                    self.frame = frameRect
                    isGeometryFlipped = true
                    dot.filters = CIFilter(name: "CIGaussianBlur").map { [$0] }
                    self.addSublayer(dot)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("layerUsesCoreImageFilters = true -> (removed) (Lamina's layers apply their Core Image filters") })
        XCTAssertTrue(ported.reportLines.contains { $0.contains("layer = CALayer() -> (removed) (the view hosts a plain layer") })
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // A layer of another of Core Animation's classes to host: the class is a subclass of it.
        let gradient = Porter.port(source.replacingOccurrences(of: "layer = CALayer()", with: "layer = CAGradientLayer()"))
        XCTAssertTrue(gradient.ported.contains("final class PulseView: CAGradientLayer {"), gradient.ported)
        XCTAssertFalse(gradient.ported.contains("layer ="), gradient.ported)
        XCTAssertEqual(gradient.notes.map(\.construct), [])
        // The filters turned off is left.
        let left = Porter.port(source.replacingOccurrences(of: "layerUsesCoreImageFilters = true", with: "layerUsesCoreImageFilters = false"))
        XCTAssertTrue(left.ported.contains("final class PulseView: NSView {"), left.ported)
    }

    func testAnAppKitViewHostingALayerItSetsUpIsThatLayerOfItsSize() {
        // AppKit's layer-hosting view: a layer set before `wantsLayer` is the view's own (Apple's
        // NSView documentation of `wantsLayer`); a view's width and height constraints to constants
        // give it that size, as the layer's bounds.
        let source = """
            import AppKit

            final class MoonView: NSView {
                private weak var disc: CAShapeLayer!

                init() {
                    super.init(frame: .zero)
                    translatesAutoresizingMaskIntoConstraints = false
                    let ring = CAShapeLayer()
                    ring.lineWidth = 2
                    layer = ring
                    wantsLayer = true
                    let disc = CAShapeLayer()
                    ring.addSublayer(disc)
                    self.disc = disc
                    widthAnchor.constraint(equalToConstant: 100).isActive = true
                    NSLayoutConstraint.activate([self.heightAnchor.constraint(equalToConstant: 80)])
                }

                required init?(coder: NSCoder) { nil }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            final class MoonView: CAShapeLayer {
                private weak var disc: CAShapeLayer!

                override init() {
                    super.init()
                    isGeometryFlipped = true
                    let ring = self
                    ring.lineWidth = 2
                    let disc = CAShapeLayer()
                    ring.addSublayer(disc)
                    self.disc = disc
                    bounds.size.width = 100
                    bounds.size.height = 80
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A local made before the superclass is initialized cannot be `self` there: left, as is a
        // view's own anchor used otherwise than for a constant size.
        let early = Porter.port(source.replacingOccurrences(of: "        super.init(frame: .zero)\n", with: "")
            .replacingOccurrences(of: "        ring.lineWidth = 2\n", with: "        ring.lineWidth = 2\n        super.init(frame: .zero)\n"))
        XCTAssertTrue(early.ported.contains("final class MoonView: NSView {"), early.ported)
        let anchored = Porter.port(source.replacingOccurrences(
            of: "widthAnchor.constraint(equalToConstant: 100)", with: "widthAnchor.constraint(equalTo: heightAnchor)"))
        XCTAssertTrue(anchored.ported.contains("final class MoonView: NSView {"), anchored.ported)
        XCTAssertTrue(anchored.notes.contains { $0.why.contains("`widthAnchor`") }, "\(anchored.notes)")
    }

    func testAnAppKitViewThatDrawsDrawsInItsLayersContextWithItsYAxisUp() {
        // AppKit draws a view in its current context, whose y axis points up in a view that is
        // not flipped (AppKit's documentation of NSView's coordinate system); the layer, its
        // geometry flipped, is given such a context in draw(in:). That the written code
        // compiles is the corpus's verdict (AppKitLevelBarView).
        let source = """
            import Cocoa

            final class BarView: NSView {
                var level: CGFloat = 0.5

                override func draw(_ dirtyRect: NSRect) {
                    super.draw(dirtyRect)
                    guard let context = NSGraphicsContext.current?.cgContext else { return }
                    context.setFillColor(NSColor.systemGreen.cgColor)
                    context.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
                    NSGraphicsContext.current?.cgContext.setStrokeColor(NSColor.black.cgColor)
                    NSGraphicsContext.current!.cgContext.stroke(dirtyRect.insetBy(dx: 0.5, dy: 0.5))
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                override func draw(in ctx: CGContext) {
                    let dirtyRect = bounds
                    super.draw(in: ctx)
                    guard let context = Optional(ctx) else { return }
                    context.setFillColor(CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1))
                    context.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
                    ctx.setStrokeColor(CGColor(gray: 0, alpha: 1))
                    ctx.stroke(dirtyRect.insetBy(dx: 0.5, dy: 0.5))
                }

                /// A new layer's y axis points up, as an AppKit view's does; it is marked for display, as a new view is.
                override init() {
                    super.init()
                    isGeometryFlipped = true
                    setNeedsDisplay()
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A body on the brace's line keeps its statements apart.
        let line = Porter.port("""
            import Cocoa

            final class DotView: NSView {
                override func draw(_ dirtyRect: NSRect) { NSColor.red.setFill(); dirtyRect.fill() }
            }
            """)
        XCTAssertTrue(line.ported.contains(
            "    override func draw(in ctx: CGContext) { let dirtyRect = bounds; ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); ctx.fill(dirtyRect) }"
        ), line.ported)
    }

    func testAnAppKitViewBackedByALayerClassBecomesASubclassOfThatClass() {
        // `makeBackingLayer()` makes the layer AppKit backs the view with (NSView's
        // documentation), as UIKit's `layerClass` names the class of the view's layer.
        let source = """
            import AppKit

            final class ShimmerLayer: CAGradientLayer {
                var isShimmering = false
            }

            final class ShimmerView: NSView {
                override init(frame frameRect: NSRect) {
                    super.init(frame: frameRect)
                    wantsLayer = true
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func makeBackingLayer() -> CALayer {
                    return ShimmerLayer()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class ShimmerLayer: CAGradientLayer {
                var isShimmering = false
            }

            final class ShimmerView: ShimmerLayer {
                init(frame frameRect: NSRect) {
                    super.init()
                    self.frame = frameRect
                    isGeometryFlipped = true
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    isGeometryFlipped = true
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])

        // One of Core Animation's classes, made in an expression alone.
        let coreAnimation = Porter.port(source.replacingOccurrences(of: "return ShimmerLayer()", with: "CAReplicatorLayer()"))
        XCTAssertTrue(coreAnimation.ported.contains("final class ShimmerView: CAReplicatorLayer {"), coreAnimation.ported)

        // A backing layer configured there, or made with arguments, is left.
        for changed in [
            source.replacingOccurrences(of: "return ShimmerLayer()", with: "let layer = ShimmerLayer()\n        layer.isShimmering = true\n        return layer"),
            source.replacingOccurrences(of: "return ShimmerLayer()", with: "return CALayer(layer: self)"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("final class ShimmerView: NSView {"), left.ported)
            XCTAssertTrue(left.notes.contains { $0.construct == "ShimmerView" && $0.why.contains("makeBackingLayer()") }, "\(left.notes)")
        }
    }

    func testAnAppKitViewsMouseMethodsAndTrackingAreasAreTheLayersPointerEvents() throws {
        // AppKit calls mouseDown(with:) and mouseUp(with:) for the primary button pressed on the
        // view (its super call hands the event on to the superview, as the layer's handler lets it
        // go on to the superlayer), and mouseEntered(with:) and mouseExited(with:) as the pointer enters and leaves a
        // tracking area (NSView's and NSTrackingArea's documentation); an unflipped view's
        // coordinates point y up from its bottom-left corner, as the flipped layer's sublayers are
        // placed, so the window's y-down location is mirrored in the layer's bounds.
        let source = """
            import AppKit

            final class SwitchView: NSView {
                let knob = CALayer()
                private var trackingArea: NSTrackingArea?
                private var isHovering = false

                override init(frame frameRect: NSRect) {
                    super.init(frame: frameRect)
                    wantsLayer = true
                    layer?.addSublayer(knob)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override func updateTrackingAreas() {
                    super.updateTrackingAreas()
                    if let trackingArea = trackingArea {
                        removeTrackingArea(trackingArea)
                    }
                    let options: NSTrackingArea.Options = [.mouseEnteredAndExited, .activeInKeyWindow]
                    let area = NSTrackingArea(rect: bounds, options: options, owner: self, userInfo: nil)
                    addTrackingArea(area)
                    trackingArea = area
                }

                override func mouseEntered(with event: NSEvent) {
                    isHovering = true
                    knob.opacity = 0.8
                }

                override func mouseExited(with event: NSEvent) {
                    isHovering = false
                    knob.opacity = 1
                }

                override func mouseDown(with event: NSEvent) {
                    let point = convert(event.locationInWindow, from: nil)
                    knob.position = point
                    super.mouseDown(with: event)
                }

                override func mouseUp(with event: NSEvent) {
                    knob.position = CGPoint(x: bounds.midX, y: bounds.midY)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            final class SwitchView: CALayer, PointerEventHandling {
                let knob = CALayer()
                private var isHovering = false

                init(frame frameRect: NSRect) {
                    super.init()
                    self.frame = frameRect
                    isGeometryFlipped = true
                    self.addSublayer(knob)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                func mouseEntered(at eventLocation: CGPoint) {
                    isHovering = true
                    knob.opacity = 0.8
                }

                func mouseExited(at eventLocation: CGPoint) {
                    isHovering = false
                    knob.opacity = 1
                }

                func mouseDown(at eventLocation: CGPoint) {
                    let point = eventLocation
                    knob.position = point
                }

                func mouseUp(at eventLocation: CGPoint) {
                    knob.position = CGPoint(x: bounds.midX, y: bounds.midY)
                }

                /// Whether the primary button was pressed on the layer and not yet let go.
                private var pointerIsDown = false

                /// AppKit's mouse events on the view: the window's pointer events that reach the layer, at their
                /// location in the view's coordinates (y up from the bottom-left corner, as the layer's sublayers).
                @MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {
                    let layerLocation = convert(event.location, from: nil)
                    let eventLocation = CGPoint(x: layerLocation.x, y: bounds.minY + bounds.maxY - layerLocation.y)
                    switch event.kind {
                    case .pressed(button: 0x110):
                        pointerIsDown = true
                        mouseDown(at: eventLocation)
                        return false
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
                        mouseUp(at: eventLocation)
                    case .hoverEntered:
                        mouseEntered(at: eventLocation)
                    case .hoverExited:
                        mouseExited(at: eventLocation)
                    default:
                        return false
                    }
                    return true
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])

        // The area's options in the call, added once in the initializer; a view handling the
        // pointer's moves too, with an area that asks for them.
        let inInit = Porter.port(
            source.replacingOccurrences(of: "        layer?.addSublayer(knob)\n", with: "        layer?.addSublayer(knob)\n        addTrackingArea(NSTrackingArea(rect: .zero, options: [.inVisibleRect, .mouseEnteredAndExited, .mouseMoved, .activeAlways], owner: self, userInfo: nil))\n")
                .replacingOccurrences(of: "    override func mouseUp(with event: NSEvent) {", with: "    override func mouseMoved(with event: NSEvent) {\n        knob.opacity = 0.9\n    }\n\n    override func mouseUp(with event: NSEvent) {"))
        XCTAssertFalse(inInit.ported.contains("TrackingArea"), inInit.ported)
        XCTAssertTrue(inInit.ported.contains("    case .moved where !pointerIsDown:\n            mouseMoved(at: eventLocation)\n"), inInit.ported)
        XCTAssertEqual(inInit.notes.map(\.construct), [])

        // With a drag too, the handler is the one Lamina's own tests drive in a window
        // (Tests/LaminaTests/AppKitStyleMouseLayerTests.swift), word for word.
        let dragging = Porter.port(
            source.replacingOccurrences(
                of: "    override func mouseUp(with event: NSEvent) {",
                with: "    override func mouseDragged(with event: NSEvent) {\n        knob.opacity = 0.5\n    }\n\n    override func mouseUp(with event: NSEvent) {"))
        let handlerStart = try XCTUnwrap(dragging.ported.range(of: "    /// Whether the primary button was pressed"))
        let handlerEnd = try XCTUnwrap(dragging.ported.range(of: "        return true\n    }\n", range: handlerStart.upperBound..<dragging.ported.endIndex))
        let windowTest = try laminaTestFile("AppKitStyleMouseLayerTests.swift")
        XCTAssertTrue(windowTest.contains(dragging.ported[handlerStart.lowerBound..<handlerEnd.upperBound]), dragging.ported)

        // A flipped view's coordinates are the layer's own.
        let flipped = Porter.port(source.replacingOccurrences(of: "    private var isHovering = false\n", with: "    private var isHovering = false\n    override var isFlipped: Bool { true }\n"))
        XCTAssertTrue(flipped.ported.contains("        let eventLocation = convert(event.location, from: nil)\n        switch event.kind {"), flipped.ported)

        // What AppKit calls as the view's visible rectangle changes, beside its areas, stays a
        // method of the layer that is reported; a hit test of the view's own layer with the point
        // is reported, its y axis being the superlayer's.
        let more = Porter.port(
            source.replacingOccurrences(of: "        trackingArea = area\n", with: "        trackingArea = area\n        print(bounds)\n")
                .replacingOccurrences(of: "        knob.position = point\n", with: "        knob.position = point\n        _ = layer?.hitTest(point)\n"))
        XCTAssertTrue(more.ported.contains("    func updateTrackingAreas() {\n        print(bounds)\n    }\n"), more.ported)
        XCTAssertEqual(more.notes.map(\.construct), ["updateTrackingAreas", "layer?.hitTest(point)"], "\(more.notes)")

        // An area of part of the view, one kept for more, an event read for more than its location,
        // or a method an area does not ask for leaves the view.
        for (changed, reason) in [
            (source.replacingOccurrences(of: "rect: bounds, options: options", with: "rect: bounds.insetBy(dx: 4, dy: 4), options: options"), "tracking areas"),
            (source.replacingOccurrences(of: "rect: bounds, options: options", with: "rect: .zero, options: options"), "tracking areas"),
            (source.replacingOccurrences(of: "        isHovering = false\n", with: "        isHovering = trackingArea == nil\n"), "tracking areas"),
            (source.replacingOccurrences(of: "        let point = convert(event.locationInWindow, from: nil)\n", with: "        let point = convert(event.locationInWindow, from: nil)\n        guard event.clickCount == 1 else { return }\n"), "its mouseDown reads more of its event"),
            (source.replacingOccurrences(of: "[.mouseEnteredAndExited, .activeInKeyWindow]", with: "[.mouseMoved, .activeInKeyWindow]"), "mouseEntered(with:) without a tracking area"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("final class SwitchView: NSView {"), left.ported)
            XCTAssertTrue(left.notes.contains { $0.construct == "SwitchView" && $0.why.contains(reason) }, "\(reason): \(left.notes)")
        }
    }

    func testAControlThatUsesNoneOfItsControlMembersIsWrittenAsAView() {
        // UIControl is a UIView that adds targets, state and tracking; a subclass using none of
        // them only hosts its layer, as a view does.
        let source = """
            import UIKit

            final class ConicControl: UIControl {
                override class var layerClass: AnyClass { CAGradientLayer.self }

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    (layer as! CAGradientLayer).type = .conic
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class ConicControl: CAGradientLayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        (self).type = .conic"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        let left = Porter.port(source.replacingOccurrences(of: "(layer as! CAGradientLayer).type = .conic", with: "sendActions(for: .valueChanged)"))
        XCTAssertTrue(left.ported.contains("final class ConicControl: UIControl {"), left.ported)
        XCTAssertTrue(left.notes.contains { $0.why.contains("`sendActions`, a member of UIControl's") }, "\(left.notes)")
    }

    func testAControlKeepsItsEnabledAndSelectedStateOnItsLayer() {
        // UIControl's isEnabled is true and its isSelected false until set (UIKit's documentation);
        // a disabled control ignores touches, so hit testing passes over its layer.
        let source = """
            import UIKit

            final class StepRing: UIControl {
                private let ring = CAShapeLayer()
                var step = 0 {
                    didSet { update() }
                }

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    isEnabled = false
                    layer.addSublayer(ring)
                }

                required init?(coder: NSCoder) { fatalError() }

                private func update() {
                    ring.strokeEnd = CGFloat(step) / 5
                    self.isEnabled = step >= 5
                    isSelected = !isSelected
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class StepRing: CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    self.isEnabled = step >= 5
                    isSelected = !isSelected
                }

                /// Whether the control is enabled, as UIControl's `isEnabled` says: a disabled control ignores touches,
                /// and no point hits its layer or their sublayers. The default is true.
                var isEnabled = true

                /// Whether the control is selected, as UIControl's `isSelected` says. The default is false.
                var isSelected = false

                /// No point hits the layer or its sublayers while `isEnabled` is false (its model layer's, for
                /// a presentation copy), as a disabled control ignores touches.
                override func hitTest(_ p: CGPoint) -> CALayer? {
                    model().isEnabled ? super.hitTest(p) : nil
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // Selection alone is kept without a hit test; a view's switch for touches and the
        // control's both gate it.
        let selected = Porter.port(source.replacingOccurrences(of: "isEnabled = false", with: "isSelected = true")
            .replacingOccurrences(of: "self.isEnabled = step >= 5", with: "isUserInteractionEnabled = step < 5"))
        XCTAssertFalse(selected.ported.contains("var isEnabled"), selected.ported)
        XCTAssertTrue(selected.ported.contains("""
                var isSelected = false

                /// No point hits the layer or its sublayers while `isUserInteractionEnabled` is false (its model layer's, for
                /// a presentation copy), as UIKit's hit testing passes over such a view.
                override func hitTest(_ p: CGPoint) -> CALayer? {
                    model().isUserInteractionEnabled ? super.hitTest(p) : nil
                }
            """), selected.ported)
        let both = Porter.port(source.replacingOccurrences(of: "isSelected = !isSelected", with: "isUserInteractionEnabled = step < 5"))
        XCTAssertTrue(both.ported.contains("""
                /// No point hits the layer or its sublayers while `isUserInteractionEnabled` or `isEnabled` is false (its model layer's, for
                /// a presentation copy), as UIKit's hit testing passes over such a view and a disabled control ignores touches.
                override func hitTest(_ p: CGPoint) -> CALayer? {
                    model().isUserInteractionEnabled && model().isEnabled ? super.hitTest(p) : nil
                }
            """), both.ported)
        XCTAssertFalse(both.ported.contains("isSelected"), both.ported)

        // An override observing the state is the layer's own property, of the control's default.
        let observed = Porter.port(source.replacingOccurrences(of: "    var step = 0 {", with: """
                override var isEnabled: Bool {
                    didSet { ring.opacity = isEnabled ? 1 : 0.5 }
                }
                var step = 0 {
            """))
        XCTAssertTrue(observed.ported.contains("""
                var isEnabled: Bool = true {
                    didSet { ring.opacity = isEnabled ? 1 : 0.5 }
                }
            """), observed.ported)
        XCTAssertEqual(observed.ported.components(separatedBy: "var isEnabled").count, 2, observed.ported)
        XCTAssertTrue(observed.ported.contains("    model().isEnabled ? super.hitTest(p) : nil"), observed.ported)
        assertSecondRunChangesNothing([observed])

        // A member of its own named as one of a control's (a slider's `value`) is its own.
        let own = Porter.port(source.replacingOccurrences(of: "step", with: "value"))
        XCTAssertTrue(own.ported.contains("final class StepRing: CALayer {"), own.ported)
        XCTAssertEqual(own.notes.map(\.construct), [])

        // The state UIKit changes as it tracks a touch leaves the control to a person.
        let tracked = Porter.port(source.replacingOccurrences(of: "isSelected = !isSelected", with: "ring.lineWidth = isHighlighted ? 4 : 2"))
        XCTAssertTrue(tracked.ported.contains("final class StepRing: UIControl {"), tracked.ported)
        XCTAssertTrue(tracked.notes.contains { $0.why.contains("`isHighlighted`, a member of UIControl's") }, "\(tracked.notes)")
    }

    func testAViewsAutoresizingMaskIsItsLayersOfTheSameOptions() {
        // UIView.AutoresizingMask and CAAutoresizingMask share their bits (UIKit's and Core
        // Animation's headers: left/minX 1, width 2, right/maxX 4, top/minY 8, height 16,
        // bottom/maxY 32), and Core Animation resizes a layer as its superlayer's bounds change,
        // as UIKit resizes a view as its superview's do.
        let source = """
            import UIKit

            final class CardView: UIView {
                private let content = UIView()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
                    content.frame = bounds
                    content.autoresizingMask = .flexibleHeight
                    addSubview(content)
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    autoresizingMask = [.layerWidthSizable, .layerMaxYMargin]
                    content.frame = bounds
                    content.autoresizingMask = .layerHeightSizable
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // UIKit shares a change among an axis's flexible parts in proportion to their lengths,
        // Core Animation evenly: two along one axis leave the view.
        let shared = Porter.port(source.replacingOccurrences(of: "[.flexibleWidth, .flexibleBottomMargin]", with: "[.flexibleWidth, .flexibleLeftMargin]"))
        XCTAssertTrue(shared.ported.contains("final class CardView: UIView {"), shared.ported)
        XCTAssertTrue(shared.notes.contains { $0.why.contains("it uses `autoresizingMask`") }, "\(shared.notes)")
    }

    func testAUIKitViewsInterfaceBuilderPreparationIsAMethodOfTheLayer() {
        // Only Interface Builder calls prepareForInterfaceBuilder() (UIKit's documentation), as
        // it does AppKit's.
        let source = """
            import UIKit

            @IBDesignable final class RingView: UIView {
                private let ring = CAShapeLayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    setUp()
                }

                required init?(coder: NSCoder) { fatalError() }

                override func prepareForInterfaceBuilder() {
                    super.prepareForInterfaceBuilder()
                    setUp()
                }

                private func setUp() {
                    layer.addSublayer(ring)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    func prepareForInterfaceBuilder() {\n        setUp()\n    }"), ported.ported)
        XCTAssertTrue(ported.ported.contains("final class RingView: CALayer {"), ported.ported)
        assertSecondRunChangesNothing([ported])
    }

    func testPlainViewsAViewMakesInItsExtensionAreLayersToo() {
        // Apple code builds its subviews in an extension (`// MARK: - Setup`); a property given a
        // plain view there once is written as one given it in the class.
        let source = """
            import UIKit

            final class GaugeView: UIView {
                var centerView: UIView!
                var valueLabel: UILabel!

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    createViews()
                }

                required init?(coder: NSCoder) { fatalError() }
            }

            extension GaugeView {
                func createViews() {
                    centerView = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 60))
                    centerView.backgroundColor = UIColor.red
                    addSubview(centerView)
                    valueLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
                    valueLabel.text = "0"
                    centerView.addSubview(valueLabel)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    var centerView: CALayer!\n    var valueLabel: PlainLabelLayer!"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    centerView = PlainViewLayer(frame: CGRect(x: 10, y: 10, width: 80, height: 60))
                    centerView.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    addSublayer(centerView)
                    valueLabel = PlainLabelLayer(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
                    valueLabel.text = "0"
                    centerView.addSublayer(valueLabel)
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAViewInitializerMadeWithAZeroFrameMakesTheLayer() {
        let source = """
            import UIKit

            final class DotView: UIView {
                let dot = CALayer()

                init() {
                    super.init(frame: CGRect.zero)
                    layer.addSublayer(dot)
                }

                init(color: CGColor) {
                    super.init(frame: .zero)
                    dot.backgroundColor = color
                    layer.addSublayer(dot)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let ported = Porter.port(source)
        // UIView's `init()` is NSObject's, which a subclass declares anew; CALayer's is its
        // designated initializer, which the layer's overrides.
        XCTAssertTrue(ported.ported.contains("""
                override init() {
                    super.init()
                    self.addSublayer(dot)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                init(color: CGColor) {
                    super.init()
                    dot.backgroundColor = color
                    self.addSublayer(dot)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("final class DotView: CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("required init(layer: Any) {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testAConvenienceInitializerCallingTheViewsOwnInitializerCallsTheLayers() {
        // Swift's rule for convenience initializers: `self.init(frame:)` calls the class's own
        // designated initializer, which the layer class keeps; UIView's inherited one it has not
        // (the Swift compiler's verdict on the corpus snippet ReplicatorSpinnerView).
        let source = """
            import UIKit

            final class SpinnerView: UIView {
                let dot = CALayer()

                convenience init(side: CGFloat, origin: CGPoint = .zero) {
                    self.init(frame: CGRect(origin: origin, size: CGSize(width: side, height: side)))
                }

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(dot)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class SpinnerView: CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                convenience init(side: CGFloat, origin: CGPoint = .zero) {
                    self.init(frame: CGRect(origin: origin, size: CGSize(width: side, height: side)))
                }

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    self.addSublayer(dot)
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")

        // UIView's own `init(frame:)`, which the layer class has not: the view is left, and the
        // screen's size is reported as the window's.
        let inherited = """
            import UIKit

            final class SpinnerView: UIView {
                let dot = CALayer()

                convenience init(side: CGFloat) {
                    let screen = UIScreen.main.bounds
                    self.init(frame: CGRect(x: (screen.width - side) / 2, y: 0, width: side, height: side))
                    layer.addSublayer(dot)
                }
            }
            """
        let left = Porter.port(inherited)
        XCTAssertTrue(left.ported.contains("final class SpinnerView: UIView {"), left.ported)
        XCTAssertEqual(left.notes.map(\.construct), ["SpinnerView", "UIView", "UIScreen"])
        XCTAssertEqual(left.notes.first?.why, "the view is not written as a layer: it calls the view's own `self.init(frame:)`, which its layer does not have")
        XCTAssertEqual(left.notes.last?.todo, "use the Window's size (Window.size, once it shows), or the bounds the window gives the layer")
    }

    func testAPublicViewsExtensionsInItsFileAreTheLayersAndTheOverridesAddedArePublic() {
        // Swift requires an override in a public class to be as accessible as the class
        // ("overriding instance method must be as accessible as its enclosing type").
        let source = """
            import UIKit

            public final class PulseView: UIView {
                private let dot = CALayer()
            }

            public extension PulseView {
                func start() {
                    layer.addSublayer(dot)
                    self.layer.sublayers?.forEach { $0.removeAllAnimations() }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            public final class PulseView: CALayer {
                private let dot = CALayer()

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                public override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }

            public extension PulseView {
                func start() {
                    self.addSublayer(dot)
                    self.sublayers?.forEach { $0.removeAllAnimations() }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        // An open class's added required initializers are public (Swift: "'required'
        // initializer must be accessible wherever class can be subclassed").
        let open = Porter.port("""
            open class DotView: UIView {
                open override func draw(_ rect: CGRect) {
                    UIColor.red.setFill()
                    UIRectFill(rect)
                }
            }
            """)
        XCTAssertTrue(open.ported.contains("    public required init(layer: Any) {"), open.ported)
        XCTAssertTrue(open.ported.contains("    public required init?(coder: NSCoder) {"), open.ported)

        // An extension using a view member the layer lacks leaves the view.
        let left = Porter.port(source.replacingOccurrences(of: "layer.addSublayer(dot)", with: "superview?.setNeedsLayout()"))
        XCTAssertTrue(left.ported.contains("public final class PulseView: UIView {"), left.ported)
    }

    func testAViewsPrivatePropertiesNamedAsTheLayersAreRenamedAndTheLayersKept() {
        // CALayer has `speed` and `duration` (CAMediaTiming); a subclass cannot declare them
        // again, so the view's own take its name first. Another value's members, parameters
        // and argument labels of the name stay.
        let source = """
            import UIKit

            final class PulseView: UIView {
                private var speed = 10.0
                private let duration: CFTimeInterval = 0.4
                private let pulse = CALayer()

                func configure(speed: Double) {
                    self.speed = speed
                }

                func start() {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.duration = duration * speed
                    fade.speed = Float(self.speed)
                    layer.addSublayer(pulse)
                    pulse.add(fade, forKey: nil)
                    configure(speed: 2)
                }
            }

            extension PulseView {
                func slower() { speed /= 2 }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            final class PulseView: CALayer {
                private var viewSpeed = 10.0
                private let viewDuration: CFTimeInterval = 0.4
                private let pulse = CALayer()

                func configure(speed: Double) {
                    self.viewSpeed = speed
                }

                func start() {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.duration = viewDuration * viewSpeed
                    fade.speed = Float(self.viewSpeed)
                    self.addSublayer(pulse)
                    pulse.add(fade, forKey: nil)
                    configure(speed: 2)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("    func slower() { viewSpeed /= 2 }"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        // An internal one that no other file names is renamed too (Swift: another file can
        // reach it only by naming the type) …
        let unexposed = source.replacingOccurrences(of: "private var speed", with: "var speed")
        let alone = Porter.port(unexposed)
        XCTAssertTrue(alone.ported.contains("    var viewSpeed = 10.0\n"), alone.ported)
        XCTAssertTrue(alone.ported.contains("    func slower() { viewSpeed /= 2 }"), alone.ported)

        // … but one that another file could name is left, and the view with it: where it names
        // the type and the property, or this file names the property on another value.
        let user = Porter.Source(path: "Settings.swift", text: """
            import UIKit

            func slowDown(_ pulse: PulseView) { pulse.speed = 1 }
            """)
        let shared = Porter(sources: [Porter.Source(path: "PulseView.swift", text: unexposed), user], addsMissingImports: false).port()
        XCTAssertTrue(shared[0].ported.contains("final class PulseView: UIView {"), shared[0].ported)
        let sameFile = Porter.port(unexposed + "\n\nfunc slowDown(_ pulse: PulseView) { pulse.speed = 1 }\n")
        XCTAssertTrue(sameFile.ported.contains("final class PulseView: UIView {"), sameFile.ported)
        let unrelated = Porter(sources: [
            Porter.Source(path: "PulseView.swift", text: unexposed),
            Porter.Source(path: "Clock.swift", text: "import QuartzCore\n\nfunc halve(_ layer: CALayer) { layer.speed /= 2 }\n"),
        ], addsMissingImports: false).port()
        XCTAssertTrue(unrelated[0].ported.contains("    var viewSpeed = 10.0\n"), "a file that does not name the view cannot reach its property")
    }

    func testAViewsPublicPropertyNamedAsTheLayersIsRenamedAndReported() {
        // A component's public `duration` and `shadowColor`: CALayer has both (CAMediaTiming's
        // and the shadow's), so the layer the view becomes cannot declare them again. The
        // ported files use the new names; code in another module must too, which the report says.
        let source = """
            import UIKit

            public final class SpinnerView: UIView {
                public var duration: Double = 1.0
                public var shadowColor: UIColor = .lightGray
                private let arc = CAShapeLayer()

                public func start() {
                    let spin = CABasicAnimation(keyPath: "transform.rotation")
                    spin.duration = duration
                    arc.shadowColor = shadowColor.cgColor
                    arc.add(spin, forKey: nil)
                    layer.addSublayer(arc)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            public final class SpinnerView: CALayer {
                public var viewDuration: Double = 1.0
                public var viewShadowColor: CGColor = CGColor(gray: 2 / 3, alpha: 1)
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        spin.duration = viewDuration\n        arc.shadowColor = viewShadowColor\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["duration", "shadowColor"])
        XCTAssertEqual(
            ported.notes.first?.todo, "use `viewDuration` in code outside the ported files that sets or reads the view's `duration`")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // An internal view's property cannot be named from another module: renamed, not reported.
        let unexposed = Porter.port(source.replacingOccurrences(of: "public final class", with: "final class"))
        XCTAssertTrue(unexposed.ported.contains("    public var viewDuration: Double = 1.0\n"), unexposed.ported)
        XCTAssertEqual(unexposed.notes.map(\.construct), [])
    }

    func testASubclassInAnotherFileFollowsItsViewsRenamedProperty() {
        // A gauge's delegate, set by its subclasses in their own files: CALayer has a
        // `delegate`, so the view's is renamed, in the subclasses too (an override of it, too).
        let base = Porter.Source(path: "GaugeView.swift", text: """
            import UIKit

            protocol GaugeViewDelegate: AnyObject {
                func gaugePath() -> CGPath
            }

            public class GaugeView: UIView {
                weak var delegate: GaugeViewDelegate?
                let track = CAShapeLayer()

                func redraw() {
                    track.path = delegate?.gaugePath()
                    layer.addSublayer(track)
                }
            }
            """)
        let ring = Porter.Source(path: "RingGaugeView.swift", text: """
            import UIKit

            public final class RingGaugeView: GaugeView, GaugeViewDelegate {
                func setUp(delegate: GaugeViewDelegate?) {
                    self.delegate = self
                    let shape = CAShapeLayer()
                    shape.delegate = nil
                    if delegate == nil { redraw() }
                }

                func gaugePath() -> CGPath { CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil) }
            }

            extension RingGaugeView {
                func reset() { delegate = nil }
            }
            """)
        let ported = Porter(sources: [base, ring], addsMissingImports: false).port()
        XCTAssertTrue(ported[0].ported.contains("public class GaugeView: CALayer {\n    weak var viewDelegate: GaugeViewDelegate?\n"), ported[0].ported)
        XCTAssertTrue(ported[0].ported.contains("        track.path = viewDelegate?.gaugePath()\n"), ported[0].ported)
        XCTAssertTrue(ported[1].ported.contains("""
                func setUp(delegate: GaugeViewDelegate?) {
                    self.viewDelegate = self
                    let shape = CAShapeLayer()
                    shape.delegate = nil
                    if delegate == nil { redraw() }
                }
            """), ported[1].ported)
        XCTAssertTrue(ported[1].ported.contains("    func reset() { viewDelegate = nil }"), ported[1].ported)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(ported)

        // An override of it in the subclass is renamed with it.
        let overriding = Porter.Source(path: "RingGaugeView.swift", text: """
            import UIKit

            final class RingGaugeView: GaugeView {
                override weak var delegate: GaugeViewDelegate? {
                    didSet { redraw() }
                }
            }
            """)
        let overridden = Porter(sources: [base, overriding], addsMissingImports: false).port()
        XCTAssertTrue(overridden[1].ported.contains("    override weak var viewDelegate: GaugeViewDelegate? {\n"), overridden[1].ported)

        // Another file that sets it on a gauge it holds cannot be followed: the view is left.
        let controller = Porter.Source(path: "Dashboard.swift", text: """
            import UIKit

            final class Dashboard: GaugeViewDelegate {
                let gauge = GaugeView()
                init() { gauge.delegate = self }
                func gaugePath() -> CGPath { CGMutablePath() }
            }
            """)
        let held = Porter(sources: [base, ring, controller], addsMissingImports: false).port()
        XCTAssertTrue(held[0].ported.contains("public class GaugeView: UIView {"), held[0].ported)
        XCTAssertEqual(
            held[0].notes.first { $0.construct == "GaugeView" }?.why,
            "the view is not written as a layer: its property `delegate`, named as one of its layer's, is named outside the view and its subclasses, so it cannot be renamed")
    }

    func testAFileScopeConstantNamedAsALayerPropertyIsRenamedWhereAViewUsesIt() {
        // In a layer the name alone is the layer's own property (CAMediaTiming's `duration`): in
        // a property's initializer Swift refuses it, in a method it would read the layer's 0.
        let source = """
            import UIKit

            private let duration = 0.25

            final class SpinnerView: UIView {
                let arc = CAShapeLayer()
                var rotation: CABasicAnimation = {
                    let spin = CABasicAnimation(keyPath: "transform.rotation")
                    spin.duration = duration
                    return spin
                }()

                func start(duration: Double) {
                    rotation.duration = duration
                    arc.add(rotation, forKey: nil)
                    layer.addSublayer(arc)
                }

                func restart() {
                    rotation.duration = duration * 2
                }
            }

            func fadeLength() -> Double { duration / 2 }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("private let fileDuration = 0.25\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        spin.duration = fileDuration\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        rotation.duration = duration\n"), "a parameter of that name stays: \(ported.ported)")
        XCTAssertTrue(ported.ported.contains("        rotation.duration = fileDuration * 2\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("func fadeLength() -> Double { fileDuration / 2 }"), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Used by no class written as a layer, it stays.
        let unused = Porter.port(source.replacingOccurrences(of: "spin.duration = duration", with: "spin.duration = 1")
            .replacingOccurrences(of: "rotation.duration = duration * 2", with: "rotation.duration = 2"))
        XCTAssertTrue(unused.ported.contains("private let duration = 0.25\n"), unused.ported)
    }

    func testASubclassOfAViewWrittenAsALayerIsWrittenWithIt() {
        // The base class, in another file, becomes a layer: the subclass's uses of the view's
        // members are the layer's, its overrides of the base's methods and of init(frame:) stay.
        let base = Porter.Source(path: "LoaderView.swift", text: """
            import UIKit

            class LoaderView: UIView {
                var tint: UIColor = .black

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    configureLayers()
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    configureLayers()
                }

                func configureLayers() {
                    layer.masksToBounds = false
                }

                func startAnimating() {}
            }
            """)
        let arc = Porter.Source(path: "ArcLoaderView.swift", text: """
            import UIKit

            final class ArcLoaderView: LoaderView {
                let arc = CAShapeLayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    backgroundColor = .clear
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func configureLayers() {
                    super.configureLayers()
                    arc.strokeColor = tint.cgColor
                    self.layer.addSublayer(arc)
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    arc.frame = bounds
                }

                override func startAnimating() {
                    let spin = CABasicAnimation(keyPath: "transform.rotation")
                    layer.add(spin, forKey: "spin")
                }
            }
            """)
        let ported = Porter(sources: [base, arc], addsMissingImports: false).port()
        XCTAssertTrue(ported[0].ported.contains("class LoaderView: CALayer {"), ported[0].ported)
        XCTAssertEqual(ported[1].ported, """
            import QuartzCore

            final class ArcLoaderView: LoaderView {
                let arc = CAShapeLayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    backgroundColor = CGColor(gray: 0, alpha: 0)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func configureLayers() {
                    super.configureLayers()
                    arc.strokeColor = tint
                    self.addSublayer(arc)
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    arc.frame = bounds
                }

                override func startAnimating() {
                    let spin = CABasicAnimation(keyPath: "transform.rotation")
                    self.add(spin, forKey: "spin")
                }
            }
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")

        // A subclass that overrides a view method the base does not declare is left, and so is
        // the subclass of a view that is left.
        let touching = Porter.Source(path: "ArcLoaderView.swift", text: arc.text.replacingOccurrences(
            of: "override func startAnimating() {", with: "override func tintColorDidChange() {"))
        let left = Porter(sources: [base, touching], addsMissingImports: false).port()
        XCTAssertTrue(left[0].ported.contains("class LoaderView: CALayer {"), left[0].ported)
        XCTAssertTrue(left[1].ported.contains("self.layer.addSublayer(arc)"), left[1].ported)
        let leftBase = Porter.Source(path: "LoaderView.swift", text: base.text.replacingOccurrences(
            of: "func startAnimating() {}", with: "func startAnimating() { superview?.setNeedsLayout() }"))
        let bothLeft = Porter(sources: [leftBase, arc], addsMissingImports: false).port()
        XCTAssertTrue(bothLeft[0].ported.contains("class LoaderView: UIView {"), bothLeft[0].ported)
        XCTAssertTrue(bothLeft[1].ported.contains("self.layer.addSublayer(arc)"), bothLeft[1].ported)
    }

    func testAPlainViewAViewMakesAndAddsToItselfIsALayer() {
        let ported = Porter.port("""
            import UIKit

            final class DotsView: UIView {
                private let container = UIView()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let dot = CAShapeLayer()
                    container.layer.addSublayer(dot)
                    container.center = CGPoint(x: bounds.midX, y: bounds.midY)
                    addSubview(container)
                }

                required init?(coder: NSCoder) {
                    fatalError()
                }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
                private let container: CALayer = PlainViewLayer()

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    let dot = CAShapeLayer()
                    container.addSublayer(dot)
                    container.position = CGPoint(x: bounds.midX, y: bounds.midY)
                    addSublayer(container)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("private final class PlainViewLayer: CALayer {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAViewsDidMoveToWindowIsCalledAtTheLayersFirstLayout() {
        // UIKit calls didMoveToWindow() as a view is put in a window, before its first layout
        // (AppKit viewDidMoveToWindow()); the layer calls it once, at its first layout.
        let source = """
            import UIKit

            final class DotsView: UIView {
                let dots = CAReplicatorLayer()

                override func didMoveToWindow() {
                    super.didMoveToWindow()
                    layer.addSublayer(dots)
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    dots.frame = bounds
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func didMoveToWindow() {
                    self.addSublayer(dots)
                }

                override func layoutSublayers() {
                    if !hasMovedToWindow {
                        hasMovedToWindow = true
                        didMoveToWindow()
                    }
                    super.layoutSublayers()
                    dots.frame = bounds
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("    private var hasMovedToWindow = false\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        // An AppKit view without a layout of its own is given one that calls it.
        let appKit = Porter.port("""
            import Cocoa

            final class DotsView: NSView {
                let dots = CAReplicatorLayer()

                override func viewDidMoveToWindow() {
                    wantsLayer = true
                    layer?.addSublayer(dots)
                }
            }
            """)
        XCTAssertTrue(appKit.ported.contains("""
                override func layoutSublayers() {
                    super.layoutSublayers()
                    if !hasMovedToWindow {
                        hasMovedToWindow = true
                        viewDidMoveToWindow()
                    }
                }
            """), appKit.ported)
        XCTAssertEqual(appKit.notes.map(\.construct), [])
    }

    func testAViewsDidMoveToSuperviewIsCalledAtTheLayersFirstLayoutBeforeDidMoveToWindow() {
        // UIKit calls didMoveToSuperview() as a view is added to its superview, and then
        // didMoveToWindow() as that superview's window takes it, both before the first layout;
        // the layer calls them once, in that order, at its first layout.
        let source = """
            import UIKit

            final class GaugeView: UIView {
                let needle = CAShapeLayer()

                override func didMoveToSuperview() {
                    super.didMoveToSuperview()
                    layer.addSublayer(needle)
                    needle.anchorPoint = CGPoint(x: 0.5, y: 1)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func didMoveToSuperview() {
                    self.addSublayer(needle)
                    needle.anchorPoint = CGPoint(x: 0.5, y: 1)
                }

                /// Whether the layer has been laid out since it was added: UIKit calls didMoveToSuperview() as the view is added to its superview,
                /// before its first layout; the layer calls it at its first layout.
                private var hasMovedToSuperview = false

                /// UIKit calls didMoveToSuperview() again as the view leaves its superview; the layer calls it
                /// as it leaves its superlayer.
                override func removeFromSuperlayer() {
                    super.removeFromSuperlayer()
                    if hasMovedToSuperview {
                        hasMovedToSuperview = false
                        didMoveToSuperview()
                    }
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    if !hasMovedToSuperview {
                        hasMovedToSuperview = true
                        didMoveToSuperview()
                    }
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // With both, in UIKit's order, whatever order the view declares them in.
        let both = Porter.port(source.replacingOccurrences(of: "    override func didMoveToSuperview() {", with: """
                override func didMoveToWindow() {
                    super.didMoveToWindow()
                    needle.strokeEnd = 0
                }

                override func didMoveToSuperview() {
            """))
        XCTAssertTrue(both.ported.contains("""
                    if !hasMovedToWindow {
                        hasMovedToWindow = true
                        didMoveToSuperview()
                        didMoveToWindow()
                    }
            """), both.ported)
        XCTAssertTrue(both.ported.contains("UIKit calls didMoveToSuperview() and didMoveToWindow() as the view is added to its\n"), both.ported)
        // As it leaves its superview, UIKit calls them the other way round (logs of UIKit's calls
        // show didMoveToWindow() before didMoveToSuperview()).
        XCTAssertTrue(both.ported.contains("""
                    if hasMovedToWindow {
                        hasMovedToWindow = false
                        didMoveToWindow()
                        didMoveToSuperview()
                    }
            """), both.ported)
    }

    func testAViewAskingForItsWindowInDidMoveToWindowReadsWhetherItsLayerIsShown() {
        // UIKit calls didMoveToWindow() as the view is put in a window and again as it leaves
        // its superview, `window` nil then: the common place to start and stop a display link.
        // The layer calls it at its first layout and as it leaves its superlayer, `window != nil`
        // being whether it is between the two. A class and a subscript of the view's own stay
        // the layer's.
        let source = """
            import UIKit

            final class PulseView: UIView {
                private class Sample {
                    var value: CGFloat = 0
                }
                private var samples = [Sample(), Sample()]
                private let line = CAShapeLayer()
                private var isRunning = false

                subscript(index: Int) -> CGFloat {
                    samples[index].value
                }

                override func didMoveToWindow() {
                    super.didMoveToWindow()
                    if (window != nil) {
                        isRunning = true
                        layer.addSublayer(line)
                    } else {
                        isRunning = false
                    }
                    guard self.window == nil else { return }
                    line.removeFromSuperlayer()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func didMoveToWindow() {
                    if (hasMovedToWindow) {
                        isRunning = true
                        self.addSublayer(line)
                    } else {
                        isRunning = false
                    }
                    guard !hasMovedToWindow else { return }
                    line.removeFromSuperlayer()
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                private class Sample {
                    var value: CGFloat = 0
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("    subscript(index: Int) -> CGFloat {\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                override func removeFromSuperlayer() {
                    super.removeFromSuperlayer()
                    if hasMovedToWindow {
                        hasMovedToWindow = false
                        didMoveToWindow()
                    }
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // `window` handed on, or read where no hook keeps the flag, leaves the view.
        let handedOn = Porter.port(source.replacingOccurrences(of: "if (window != nil) {", with: "let shown = window\n        if shown != nil {"))
        XCTAssertTrue(handedOn.ported.contains("class PulseView: UIView"), handedOn.ported)
        let withoutHook = Porter.port(
            source.replacingOccurrences(of: "override func didMoveToWindow() {", with: "func start() {")
                .replacingOccurrences(of: "super.didMoveToWindow()", with: ""))
        XCTAssertTrue(withoutHook.ported.contains("class PulseView: UIView"), withoutHook.ported)
        // A view that also overrides removeFromSuperview() calls the hook at the end of its own.
        let both = Porter.port(source.replacingOccurrences(of: "    subscript(index: Int)", with: """
                override func removeFromSuperview() {
                    super.removeFromSuperview()
                    isRunning = false
                }

                subscript(index: Int)
            """))
        XCTAssertTrue(both.ported.contains("""
                override func removeFromSuperlayer() {
                    super.removeFromSuperlayer()
                    isRunning = false
                    if hasMovedToWindow {
                        hasMovedToWindow = false
                        didMoveToWindow()
                    }
                }
            """), both.ported)
        XCTAssertEqual(both.ported.components(separatedBy: "override func removeFromSuperlayer()").count, 2, both.ported)
        XCTAssertEqual(both.notes.map(\.construct), [])
        assertSecondRunChangesNothing([both])
        // Written on one line, the calls go on lines of their own.
        let oneLine = Porter.port(source.replacingOccurrences(of: "    subscript(index: Int)", with: """
                override func removeFromSuperview() { super.removeFromSuperview() }

                subscript(index: Int)
            """))
        XCTAssertTrue(oneLine.ported.contains("""
                override func removeFromSuperlayer() { super.removeFromSuperlayer()\u{20}
                    if hasMovedToWindow {
                        hasMovedToWindow = false
                        didMoveToWindow()
                    }
                }
            """), oneLine.ported)
    }

    func testAViewRemovingItselfAndAskingForItsSuperviewIsTheLayersSuperlayer() {
        // UIKit removes a view's layer from its superlayer with the view, and a view in a
        // superview has its layer in the superview's layer: the layer the view becomes does
        // both with its own superlayer.
        let source = """
            import UIKit

            final class SparkView: UIView {
                let sparks = CAEmitterLayer()

                override func didMoveToSuperview() {
                    super.didMoveToSuperview()
                    if self.superview == nil { return }
                    guard superview != nil else { return }
                    layer.addSublayer(sparks)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: { self.removeFromSuperview() })
                }

                func dismiss() {
                    removeFromSuperview()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func didMoveToSuperview() {
                    if self.superlayer == nil { return }
                    guard superlayer != nil else { return }
                    self.addSublayer(sparks)
                    nonisolated(unsafe) let uncheckedSelf = self
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: { uncheckedSelf.removeFromSuperlayer() })
                }

                func dismiss() {
                    removeFromSuperlayer()
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // The superview itself, used as a view, leaves the view.
        let used = Porter.port(source.replacingOccurrences(of: "if self.superview == nil { return }", with: "superview?.setNeedsLayout()"))
        XCTAssertTrue(used.ported.contains("class SparkView: UIView"), used.ported)
    }

    func testTheLayerCastToItsLayerClassAndKeptInAPropertyIsTheLayerItself() {
        // The view's layer, of its `layerClass`, is the layer the view becomes: a cast of it
        // would always succeed (and warn).
        let source = """
            import UIKit

            final class SparkleView: UIView {
                private var emitter: CAEmitterLayer!
                private var forced: CAEmitterLayer

                override class var layerClass: AnyClass { CAEmitterLayer.self }

                override init(frame: CGRect) {
                    forced = CAEmitterLayer()
                    super.init(frame: frame)
                    emitter = self.layer as? CAEmitterLayer
                    self.forced = layer as! CAEmitterLayer
                    emitter.birthRate = 2
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    self.frame = frame
                    emitter = Optional(self)
                    self.forced = self
                    emitter.birthRate = 2
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("final class SparkleView: CAEmitterLayer {"), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewThatTakesNoTouchesIsALayerThatHitTestingPassesOver() {
        // UIKit's hit testing passes over a view whose isUserInteractionEnabled is false, and
        // its subviews; Core Animation's asks each layer's hitTest(_:).
        let source = """
            import UIKit

            class DotsIndicatorView: UIView {
                private let dots = CAReplicatorLayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    isUserInteractionEnabled = false
                    layer.addSublayer(dots)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                func setActive(_ active: Bool) {
                    self.isUserInteractionEnabled = active
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    self.frame = frame
                    isUserInteractionEnabled = false
                    self.addSublayer(dots)
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    self.isUserInteractionEnabled = active
                }

                /// Whether points hit the layer and its sublayers, as UIKit's `isUserInteractionEnabled` says whether the
                /// view takes touches. The default is true.
                var isUserInteractionEnabled = true

                /// No point hits the layer or its sublayers while `isUserInteractionEnabled` is false (its model layer's, for
                /// a presentation copy), as UIKit's hit testing passes over such a view.
                override func hitTest(_ p: CGPoint) -> CALayer? {
                    model().isUserInteractionEnabled ? super.hitTest(p) : nil
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("class DotsIndicatorView: CALayer {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Another view's switch is that view's: this view's layer is given none.
        let other = Porter.port(source.replacingOccurrences(of: "isUserInteractionEnabled = false", with: "dots.isHidden = false")
            .replacingOccurrences(of: "self.isUserInteractionEnabled = active", with: "dots.isHidden = !active"))
        XCTAssertFalse(other.ported.contains("hitTest"), other.ported)
    }

    func testAViewGivingItsBackgroundAColourPropertyGivesTheLayerThatCGColor() {
        // The view's backgroundColor is its layer's (UIKit keeps it there as a CGColor), and a
        // colour property used only so holds that CGColor.
        let source = """
            import UIKit

            final class SwatchView: UIView {
                var fill: UIColor = .red {
                    didSet { backgroundColor = fill }
                }

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    self.backgroundColor = fill
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            final class SwatchView: CALayer {
                var fill: CGColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) {
                    didSet { backgroundColor = fill }
                }

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    self.backgroundColor = fill
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A colour used otherwise too stays UIKit's, and so does the view.
        let printed = Porter.port(source.replacingOccurrences(of: "didSet { backgroundColor = fill }", with: "didSet { backgroundColor = fill; print(fill) }"))
        XCTAssertTrue(printed.ported.contains("final class SwatchView: UIView {"), printed.ported)
        XCTAssertTrue(printed.ported.contains("var fill: UIColor = .red {"), printed.ported)
    }

    func testAViewsAnswerToItsLayersLayoutIsTheLayersOwnLayout() {
        // UIKit's view is its layer's delegate and answers layoutSublayers(of:) when the layer
        // lays out; the layer the view becomes lays itself out, the parameter being itself.
        let source = """
            import UIKit

            class DotsView: UIView {
                var replicator: CAReplicatorLayer!

                override func layoutSublayers(of layer: CALayer) {
                    super.layoutSublayers(of: layer)
                    if replicator == nil {
                        replicator = CAReplicatorLayer()
                        layer.addSublayer(replicator)
                    }
                    replicator.frame = layer.bounds
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            class DotsView: CALayer {
                var replicator: CAReplicatorLayer!

                override func layoutSublayers() {
                    super.layoutSublayers()
                    if replicator == nil {
                        replicator = CAReplicatorLayer()
                        self.addSublayer(replicator)
                    }
                    replicator.frame = self.bounds
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // With layoutSubviews() too, which UIKit's answer calls, it is left, whichever comes first.
        let layoutSubviews = """

                override func layoutSubviews() {
                    super.layoutSubviews()
                }
            """
        for both in [
            source.replacingOccurrences(of: "    var replicator: CAReplicatorLayer!", with: "    var replicator: CAReplicatorLayer!" + layoutSubviews),
            source.replacingOccurrences(of: "        replicator.frame = layer.bounds\n    }", with: "        replicator.frame = layer.bounds\n    }" + layoutSubviews),
        ] {
            XCTAssertTrue(both.contains("override func layoutSubviews()"))
            let ported = Porter.port(both)
            XCTAssertTrue(ported.ported.contains("class DotsView: UIView"), ported.ported)
        }
    }

    func testAViewDisplayingItsOwnLayerIsThatLayersDisplay() {
        // UIKit's view is its layer's delegate: a layer that needs display asks it to
        // display(_:) in place of drawing. The layer the view becomes displays itself.
        let source = """
            final class MeterLayer: CALayer {
                @NSManaged var level: CGFloat
                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "level" || super.needsDisplay(forKey: key)
                }
            }

            final class MeterView: UIView {
                let bar = CALayer()
                override class var layerClass: AnyClass { MeterLayer.self }
                override func display(_ layer: CALayer) {
                    guard let shown = layer.presentation() as? MeterLayer else { return }
                    bar.frame = CGRect(x: 0, y: 0, width: bounds.width * shown.level, height: bounds.height)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            final class MeterView: MeterLayer {
                let bar = CALayer()
                override func display() {
                    guard let shown = self.presentation() as? MeterLayer else { return }
                    bar.frame = CGRect(x: 0, y: 0, width: bounds.width * shown.level, height: bounds.height)
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // Calling the view's own display(_:), which the layer has not, it is left.
        let callsSuper = Porter.port(source.replacingOccurrences(of: "return }\n", with: "return }\n        super.display(layer)\n"))
        XCTAssertTrue(callsSuper.ported.contains("final class MeterView: UIView"), callsSuper.ported)
    }

    func testAViewsMethodSharingALayerMethodsNameButNotItsLabelsIsItsOwn() {
        // `animation()` is not the layer's `animation(forKey:)`: the layer class may declare it.
        let source = """
            import UIKit

            final class BarsView: UIView {
                private let bar = CALayer()

                func animation() {
                    bar.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
                    layer.addSublayer(bar)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class BarsView: CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        self.addSublayer(bar)"), ported.ported)
        let same = Porter.port(source.replacingOccurrences(of: "func animation() {", with: "func animation(forKey key: String) {"))
        XCTAssertTrue(same.ported.contains("final class BarsView: UIView {"), same.ported)
    }

    func testOverridesInTheViewsExtensionsMoveIntoTheLayerClass() {
        // Apple code groups overrides in extensions (`// MARK: - Layout`); Swift on Linux
        // overrides only in a class's body ("declarations in extensions cannot override yet").
        let source = """
            import UIKit

            public final class Spinner: UIView {
                private let arc = CAShapeLayer()

                override public init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(arc)
                }

                required init?(coder: NSCoder) {
                    fatalError()
                }
            }

            extension Spinner {
                override public func layoutSubviews() {
                    super.layoutSubviews()
                    arc.frame = bounds
                }
            }

            extension Spinner {
                func start() {
                    arc.add(CABasicAnimation(keyPath: "strokeEnd"), forKey: nil)
                }

                override public func draw(_ rect: CGRect) {
                    UIColor.red.setFill()
                    UIRectFill(rect)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            public final class Spinner: CALayer {
                private let arc = CAShapeLayer()

                public init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    setNeedsDisplay()
                    self.addSublayer(arc)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError()
                }

                override public func layoutSublayers() {
                    super.layoutSublayers()
                    arc.frame = bounds
                }

                override public func draw(in ctx: CGContext) {
                    let rect = bounds
                    ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                    ctx.saveGState()
                    ctx.setBlendMode(.copy)
                    ctx.fill(rect)
                    ctx.restoreGState()
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                public override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }

            extension Spinner {
                func start() {
                    arc.add(CABasicAnimation(keyPath: "strokeEnd"), forKey: nil)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // An extension's override the class could not make is reported as the class's would be.
        let unwritten = Porter.port(source.replacingOccurrences(of: "    override public func layoutSubviews() {\n        super.layoutSubviews()", with: "    override public func willMove(toWindow newWindow: UIWindow?) {\n        super.willMove(toWindow: newWindow)"))
        XCTAssertEqual(
            unwritten.notes.first { $0.construct == "Spinner" }?.why,
            "the view is not written as a layer: it overrides willMove(…), a view method the command does not write on its layer")
        // A touch method in an extension is the layer's too, its UIKit types gone with it.
        let touched = Porter.port(source.replacingOccurrences(of: "    func start() {", with: """
                override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    guard let touch = touches.first else { return }
                    arc.position = touch.location(in: self)
                }

                func start() {
            """))
        XCTAssertTrue(touched.ported.contains("    public func touchesBegan(at touchLocation: CGPoint) {\n        arc.position = touchLocation\n    }"), touched.ported)
        // The public layer's event handlers meet public protocols' requirements: public too.
        XCTAssertTrue(touched.ported.contains("    @MainActor public func handlePointerEvent(_ event: PointerEvent) -> Bool {"), touched.ported)
        XCTAssertTrue(touched.ported.contains("    @MainActor public func handleTouchEvent(_ event: TouchEvent) -> Bool {"), touched.ported)
        XCTAssertEqual(touched.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testAUIKitViewsOwnMemberNamedAsAnAppKitViewsIsItsOwn() {
        // `animator` is AppKit's view proxy; a UIKit view's `animator` is its own property, which
        // the layer keeps. An AppKit view declaring one is left, as it shadows AppKit's.
        let source = """
            import UIKit

            final class SpinnerView: UIView {
                private let animator = SpinAnimator()
                private let arc = CAShapeLayer()

                func start() {
                    animator.spin(arc)
                    self.animator.spin(arc)
                    layer.addSublayer(arc)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class SpinnerView: CALayer {\n    private let animator = SpinAnimator()"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        animator.spin(arc)\n        self.animator.spin(arc)\n        self.addSublayer(arc)"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        let appKit = Porter.port(source.replacingOccurrences(of: "import UIKit", with: "import AppKit").replacingOccurrences(of: ": UIView", with: ": NSView"))
        XCTAssertTrue(appKit.ported.contains("final class SpinnerView: NSView {"), appKit.ported)
    }

    func testAnAppKitViewsOwnMemberNamedAsAUIKitViewsIsItsOwn() {
        // NSView has no `tintColor` (UIView's is inherited through the view hierarchy): an AppKit
        // view's `tintColor` is its own property, which the layer keeps. A UIKit view declaring
        // one is left, as it shadows UIKit's.
        let source = """
            import AppKit

            final class MeterView: NSView {
                private let fill = CALayer()

                var tintColor: CGColor = .black {
                    didSet { fill.backgroundColor = tintColor }
                }

                override init(frame frameRect: NSRect) {
                    super.init(frame: frameRect)
                    wantsLayer = true
                    layer?.addSublayer(fill)
                    fill.backgroundColor = self.tintColor
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class MeterView: CALayer {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        didSet { fill.backgroundColor = tintColor }"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        fill.backgroundColor = self.tintColor"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        let uiKit = Porter.port(source.replacingOccurrences(of: "import AppKit", with: "import UIKit").replacingOccurrences(of: ": NSView", with: ": UIView")
            .replacingOccurrences(of: "frameRect: NSRect", with: "frameRect: CGRect").replacingOccurrences(of: "        wantsLayer = true\n", with: "")
            .replacingOccurrences(of: "layer?.addSublayer", with: "layer.addSublayer"))
        XCTAssertTrue(uiKit.ported.contains("final class MeterView: UIView {"), uiKit.ported)
        XCTAssertTrue(uiKit.notes.contains { $0.why.contains("`tintColor`, named as a view member") }, "\(uiKit.notes)")
    }

    func testObserversOfTheViewsHiddenStateAndItsPointTestAreTheLayers() {
        // UIKit keeps a view's `isHidden`, `frame` and `bounds` on its layer, and hit testing
        // asks the view `point(inside:with:)` where Core Animation asks the layer `contains(_:)`.
        let source = """
            import UIKit

            public final class LoadingBar: UIView {
                private let gradient = CAGradientLayer()

                public override var isHidden: Bool {
                    didSet { isHidden ? stop() : start() }
                }

                public override var bounds: CGRect {
                    didSet { gradient.frame = bounds }
                }

                public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                    point.x > 10 && super.point(inside: point, with: event)
                }

                func start() { layer.addSublayer(gradient) }
                func stop() { gradient.removeFromSuperlayer() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            public final class LoadingBar: CALayer {
                private let gradient = CAGradientLayer()

                public override var isHidden: Bool {
                    didSet { isHidden ? stop() : start() }
                }

                public override var bounds: CGRect {
                    didSet { gradient.frame = bounds }
                }

                public override func contains(_ point: CGPoint) -> Bool {
                    point.x > 10 && super.contains(point)
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // A point test reading its event (the touch's type) is left.
        let reading = Porter.port(source.replacingOccurrences(of: "point.x > 10 && super", with: "event?.type == .touches && super"))
        XCTAssertTrue(reading.ported.contains("public final class LoadingBar: UIView {"), reading.ported)
    }

    func testALabelViewSizingItselfKeepsItsBoundsObserverAndUIKitsNoIntrinsicMetric() {
        // Its bounds observer stores nothing of its own, so the copy initializer presentation
        // copies need does not copy `bounds`; UIKit's `UIView.noIntrinsicMetric` is -1.
        let source = """
            import UIKit

            final class LabelView: UIView {
                var text: String?

                override init(frame: CGRect) {
                    super.init(frame: frame)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override var bounds: CGRect {
                    didSet { frame.size.height = intrinsicContentSize.height }
                }

                override var intrinsicContentSize: CGSize {
                    guard text != nil else {
                        return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
                    }
                    return CGSize(width: bounds.width, height: 20)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                required init(layer: Any) {
                    super.init(layer: layer)
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("            return CGSize(width: -1, height: -1)\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("    override var bounds: CGRect {\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewThatDrawsDrawsInItsLayersContext() {
        let source = """
            import UIKit

            class BadgeView: UIView {
                var fill = UIColor.red

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    isOpaque = false
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override func draw(_ rect: CGRect) {
                    super.draw(rect)
                    guard let context = UIGraphicsGetCurrentContext() else { return }
                    context.setLineWidth(2)
                    fill.setFill()
                    UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 2)).fill()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class BadgeView: CALayer {
                var fill = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    setNeedsDisplay()
                    isOpaque = false
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                override func draw(in ctx: CGContext) {
                    let rect = bounds
                    super.draw(in: ctx)
                    guard let context = Optional(ctx) else { return }
                    context.setLineWidth(2)
                    ctx.setFillColor(fill)
                    ctx.addPath(CGPath(ellipseIn: rect.insetBy(dx: 2, dy: 2), transform: nil))
                    ctx.fillPath()
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStoredPropertyForwardingToTheLayerGoesForTheLayersOwn() {
        let source = """
            import UIKit

            @IBDesignable final class CardView: UIView {
                @IBInspectable var cornerRadius: CGFloat = 8 {
                    didSet { layer.cornerRadius = cornerRadius }
                }
                @IBInspectable var shadowColor: UIColor? = .black {
                    didSet { layer.shadowColor = shadowColor?.cgColor }
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    layer.shadowPath = CGPath(rect: bounds, transform: nil)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            @IBDesignable final class CardView: CALayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    self.shadowPath = CGPath(rect: bounds, transform: nil)
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testAViewsAwakeFromNibIsAMethodOfTheLayerThatIsReported() {
        let source = """
            import UIKit

            class AnimatorView: UIView {
                var ring: CAShapeLayer!

                override func awakeFromNib() {
                    super.awakeFromNib()
                    ring = CAShapeLayer()
                    ring.bounds = self.frame
                    self.layer.addSublayer(ring)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class AnimatorView: CALayer {
                var ring: CAShapeLayer!

                func awakeFromNib() {
                    ring = CAShapeLayer()
                    ring.bounds = self.frame
                    self.addSublayer(ring)
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["awakeFromNib"], "nothing calls it on Linux: \(ported.notes)")
    }

    func testViewMembersInsideAPathTheCommandWritesAreTheLayers() {
        let source = """
            import UIKit

            class OrbitView: UIView {
                let orbit = CAShapeLayer()
                let dot = CAShapeLayer()

                override func layoutSubviews() {
                    super.layoutSubviews()
                    orbit.path = UIBezierPath(arcCenter: center, radius: 40, startAngle: 0, endAngle: .pi, clockwise: true).cgPath
                    let ring = UIBezierPath(arcCenter: self.center, radius: 20, startAngle: 0, endAngle: .pi, clockwise: true)
                    dot.path = ring.cgPath
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains(
            "orbit.path = { let arc = CGMutablePath(); arc.addArc(center: position, radius: 40, startAngle: 0, endAngle: .pi, clockwise: false); return arc }()"),
            ported.ported)
        XCTAssertTrue(ported.ported.contains(
            "ring.addArc(center: self.position, radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)"), ported.ported)
        XCTAssertFalse(ported.ported.contains(": center,") || ported.ported.contains("self.center"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testADrawingViewWithNoInitializerIsMarkedForDisplayWhenMade() {
        let source = """
            import UIKit

            final class DotView: UIView {
                var dotColor = UIColor.blue

                override func draw(_ rect: CGRect) {
                    dotColor.setFill()
                    UIBezierPath(ovalIn: rect).fill()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class DotView: CALayer {
                var dotColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

                override func draw(in ctx: CGContext) {
                    let rect = bounds
                    ctx.setFillColor(dotColor)
                    ctx.addPath(CGPath(ellipseIn: rect, transform: nil))
                    ctx.fillPath()
                }

                /// A new layer is marked for display, as UIKit marks a new view.
                override init() {
                    super.init()
                    setNeedsDisplay()
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewsDrawingMethodCalledOtherwiseIsLeftAndTheRestTakeTheContext() {
        // drawShared() is called outside draw(_:) too, where no context is current: it is left
        // and reported, and so is drawDot(), which it calls; drawBase() takes the context.
        let source = """
            import UIKit

            final class MixedView: UIView {
                override func draw(_ rect: CGRect) {
                    drawBase()
                    drawShared()
                    drawDot()
                }

                private func drawBase() {
                    UIColor.gray.setFill()
                    UIRectFill(bounds)
                }

                func drawShared() {
                    UIColor.red.setStroke()
                    UIBezierPath(rect: bounds).stroke()
                    drawDot()
                }

                private func drawDot() {
                    UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 4, height: 4)).fill()
                }
            }

            func redraw(_ view: MixedView) { view.drawShared() }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                override func draw(in ctx: CGContext) {
                    drawBase(in: ctx)
                    drawShared()
                    drawDot()
                }

                private func drawBase(in ctx: CGContext) {
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("    private func drawDot() {\n        UIBezierPath(ovalIn:"), ported.ported)
        XCTAssertEqual(Set(ported.notes.filter { $0.why.contains("called otherwise") }.map(\.construct)), ["drawShared", "drawDot"])
    }

    func testAViewMadeWithoutAFrameIsGivenUIKitsInitOfZeroFrame() {
        // UIView's init() makes a view of zero frame through init(frame:); the layer class,
        // which declares init(frame:), does not inherit CALayer's init().
        let source = """
            import UIKit

            final class DotView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.cornerRadius = 4
                }
                required init?(coder: NSCoder) { fatalError() }
            }

            final class BarView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.cornerRadius = 2
                }
                required init?(coder: NSCoder) { fatalError() }
            }

            func makeDots() -> [DotView] {
                [DotView(), DotView.init()]
            }

            func makeBar() -> BarView {
                BarView(frame: .zero)
            }
            """
        let ported = Porter.port(source).ported
        let frameless = """
                /// A view made without a frame: UIKit's `init()` makes one of zero frame.
                override convenience init() {
                    self.init(frame: .zero)
                }
            """
        XCTAssertEqual(ported.components(separatedBy: frameless).count, 2, "DotView alone is made without a frame: \(ported)")
        XCTAssertTrue(ported.contains("}\n\n" + frameless + "\n\n    /// Changes to the layer itself do not animate"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testAViewMadeWithoutAFrameInAnotherFileIsGivenUIKitsInitOfZeroFrame() {
        let view = """
            import UIKit

            final class GlowView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.cornerRadius = 4
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let host = """
            import UIKit

            final class GlowHost: CALayer {
                private let glow = GlowView()
            }
            """
        let ported = Porter(
            sources: [Porter.Source(path: "GlowView.swift", text: view), Porter.Source(path: "GlowHost.swift", text: host)],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(ported[0].ported.contains("""
                /// A view made without a frame: UIKit's `init()` makes one of zero frame.
                override convenience init() {
                    self.init(frame: .zero)
                }
            """), ported[0].ported)
        XCTAssertEqual(ported[1].ported, host.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        assertSecondRunChangesNothing(ported)
    }

    func testAViewMemberHandingOnToItsLayerClasssMemberOfTheNameWithWorkOfItsOwnOverridesIt() {
        // On Apple's platforms the view's `text` and `animate(repeatCount:)` call the layer's;
        // written as a subclass of the layer class, they are its overrides, calling `super`.
        let layer = Porter.Source(path: "StringLayer.swift", text: """
            import UIKit

            final class StringLayer: CALayer {
                var text: String? {
                    didSet { setNeedsDisplay() }
                }

                func animate(repeatCount: Int = 1) {
                    let bounce = CABasicAnimation(keyPath: "position.y")
                    bounce.byValue = 8
                    bounce.repeatCount = Float(repeatCount)
                    add(bounce, forKey: "bounce")
                }
            }
            """)
        let view = Porter.Source(path: "StringView.swift", text: """
            import UIKit

            final class StringView: UIView {
                var text: String? {
                    get { stringLayer.text }
                    set {
                        stringLayer.text = newValue
                        bounds.size = CGSize(width: CGFloat(newValue?.count ?? 0) * 12, height: 20)
                    }
                }

                func animate(repeatCount: Int) {
                    stringLayer.animate(repeatCount: repeatCount)
                }

                override class var layerClass: AnyClass {
                    return StringLayer.self
                }

                private var stringLayer: StringLayer {
                    layer as! StringLayer
                }
            }
            """)
        let ported = Porter(sources: [layer, view], addsMissingImports: false).port()
        XCTAssertTrue(ported[0].ported.contains("\nclass StringLayer: CALayer {"), ported[0].ported)
        XCTAssertTrue(ported[1].ported.contains("""
            final class StringView: StringLayer {
                override var text: String? {
                    get { super.text }
                    set {
                        super.text = newValue
                        bounds.size = CGSize(width: CGFloat(newValue?.count ?? 0) * 12, height: 20)
                    }
                }

                override func animate(repeatCount: Int) {
                    super.animate(repeatCount: repeatCount)
                }

                private var stringLayer: StringLayer {
                    self
                }
            """), ported[1].ported)
        XCTAssertEqual(ported.flatMap { $0.notes.map(\.construct) }, [])
        assertSecondRunChangesNothing(ported)

        // Of another type than the layer's property, the view's property is its own: renamed, as
        // a property named as one of its layer's that only the view names is.
        let otherType = Porter(
            sources: [
                layer,
                Porter.Source(
                    path: "StringView.swift",
                    text: view.text.replacingOccurrences(of: "var text: String? {", with: "var text: String {")
                        .replacingOccurrences(of: "get { stringLayer.text }", with: "get { stringLayer.text ?? \"\" }")
                        .replacingOccurrences(of: "newValue?.count ?? 0", with: "newValue.count")),
            ],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(otherType[1].ported.contains("    var viewText: String {\n        get { stringLayer.text ?? \"\" }"), otherType[1].ported)
        // A method of another signature is the view's own, which a layer subclass cannot declare
        // beside the layer's: the view is left.
        let otherMethod = Porter(
            sources: [
                layer,
                Porter.Source(
                    path: "StringView.swift",
                    text: view.text.replacingOccurrences(of: "func animate(repeatCount: Int) {", with: "func animate(repeatCount: Float) {")
                        .replacingOccurrences(of: "stringLayer.animate(repeatCount: repeatCount)", with: "stringLayer.animate(repeatCount: Int(repeatCount))")),
            ],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(otherMethod[1].ported.contains("final class StringView: UIView {"), otherMethod[1].ported)

        // The layer bound as its class (`if let layer = layer as? StringLayer`) is the layer;
        // a local of that name holding another layer is not, nor is what it is given.
        let bound = Porter(
            sources: [
                layer,
                Porter.Source(
                    path: "StringView.swift",
                    text: view.text.replacingOccurrences(
                        of: "get { stringLayer.text }", with: "get { if let layer = layer as? StringLayer { return layer.text }; return nil }")),
            ],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(bound[1].ported.contains("get { if let layer = Optional(self) { return super.text }; return nil }"), bound[1].ported)
        let other = Porter(
            sources: [
                layer,
                Porter.Source(
                    path: "StringView.swift",
                    text: view.text.replacingOccurrences(
                        of: "get { stringLayer.text }", with: "get { let layer = StringLayer(); return layer.text ?? stringLayer.text }")),
            ],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(other[1].ported.contains("get { let layer = StringLayer(); return layer.text ?? super.text }"), other[1].ported)
    }

    func testViewsOfWrittenClassesAViewAddsToItselfAreItsSublayers() {
        // A board of tiles, each a view the command writes as a layer: added with
        // `addSubview(_:)`, held in a property, an implicitly unwrapped one, or a local.
        let tile = Porter.Source(path: "Tile.swift", text: """
            import UIKit

            final class TileView: UIView {
                let face = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(face)
                }

                required init?(coder: NSCoder) { fatalError() }

                func flip() {
                    face.transform = CATransform3DMakeRotation(.pi, 1, 0, 0)
                }
            }
            """)
        let board = Porter.Source(path: "Board.swift", text: """
            import UIKit

            final class BoardView: UIView {
                private let first = TileView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
                private var second: TileView!

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addSubview(first)
                    second = TileView(frame: CGRect(x: 50, y: 0, width: 40, height: 40))
                    self.addSubview(self.second)
                    let third = TileView(frame: .zero)
                    third.center = CGPoint(x: 120, y: 20)
                    third.layer.cornerRadius = 4
                    addSubview(third)
                }

                required init?(coder: NSCoder) { fatalError() }

                func flipAll() {
                    first.flip()
                    second.flip()
                    first.isHidden = false
                }
            }
            """)
        let ported = Porter(sources: [tile, board], addsMissingImports: false).port()
        XCTAssertTrue(ported[1].ported.contains("""
            final class BoardView: CALayer {
                private let first = TileView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
                private var second: TileView!

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    addSublayer(first)
                    second = TileView(frame: CGRect(x: 50, y: 0, width: 40, height: 40))
                    self.addSublayer(self.second)
                    let third = TileView(frame: .zero)
                    third.position = CGPoint(x: 120, y: 20)
                    third.cornerRadius = 4
                    addSublayer(third)
                }
            """), ported[1].ported)
        XCTAssertEqual(ported.flatMap { $0.notes.map(\.construct) }, [])
        assertSecondRunChangesNothing(ported)

        // A tile used for a view member its layer lacks leaves the board.
        let touched = Porter(
            sources: [tile, Porter.Source(path: "Board.swift", text: board.text.replacingOccurrences(of: "first.isHidden = false", with: "first.isUserInteractionEnabled = false"))],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(touched[1].ported.contains("final class BoardView: UIView {"), touched[1].ported)

        // A view adding views of its own class: its plan does not ask for itself, and it is left.
        let tree = Porter.port("""
            import UIKit

            final class BranchView: UIView {
                func grow() {
                    let child = BranchView(frame: bounds.insetBy(dx: 4, dy: 4))
                    addSubview(child)
                }
            }
            """)
        XCTAssertTrue(tree.ported.contains("final class BranchView: UIView {"), tree.ported)
    }

    func testALoopVariableNamedLayerIsNotTheViewsLayer() {
        let source = """
            import UIKit

            final class DotsView: UIView {
                func reset() {
                    for layer in layer.sublayers ?? [] where layer.opacity < 1 {
                        layer.removeFromSuperlayer()
                    }
                    layer.opacity = 1
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                func reset() {
                    for layer in self.sublayers ?? [] where layer.opacity < 1 {
                        layer.removeFromSuperlayer()
                    }
                    self.opacity = 1
                }
            """), ported)
    }

    func testAViewsLayerTypedAsItsLayerClassIsTheLayerItself() {
        let source = """
            import UIKit

            class BandView: UIView {
                override class var layerClass: AnyClass {
                    return CAGradientLayer.self
                }

                override var layer: CAGradientLayer {
                    return super.layer as! CAGradientLayer
                }

                override func layoutSubviews() {
                    layer.colors = [UIColor.white.cgColor, UIColor.red.cgColor]
                }
            }

            class StripeView: UIView {
                override class var layerClass: AnyClass { CAShapeLayer.self }
                override var layer: CAGradientLayer { super.layer as! CAGradientLayer }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            class BandView: CAGradientLayer {
                override func layoutSublayers() {
                    self.colors = [CGColor(gray: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("class StripeView: UIView {"), "a layer typed as another class than its layerClass is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testTheMethodsAViewsDrawCallsToDrawTakeTheContextItDrawsIn() {
        // UIKit's current context in a method draw(_:) calls is the one draw(_:) draws in; a
        // method something else calls too may run outside draw(_:), where none is current.
        let source = """
            import UIKit

            final class DialView: UIView {
                var value: CGFloat = 0.25

                override func draw(_ rect: CGRect) {
                    drawFace()
                    self.drawHand(angle: value * 2 * .pi)
                    updateLabel()
                }

                private func drawFace() {
                    UIColor.lightGray.setFill()
                    UIBezierPath(ovalIn: bounds).fill()
                    drawTicks(count: 12)
                }

                private func drawTicks(count: Int) {
                    let context = UIGraphicsGetCurrentContext()
                    for index in 0..<count {
                        let angle = CGFloat(index) / CGFloat(count) * 2 * .pi
                        context?.move(to: CGPoint(x: bounds.midX + cos(angle) * 40, y: bounds.midY + sin(angle) * 40))
                        context?.addLine(to: CGPoint(x: bounds.midX + cos(angle) * 48, y: bounds.midY + sin(angle) * 48))
                    }
                    context?.strokePath()
                }

                private func drawHand(angle: CGFloat) {
                    UIColor.red.setStroke()
                    UIBezierPath(rect: CGRect(x: bounds.midX, y: bounds.midY, width: 44 * cos(angle), height: 1)).stroke()
                }

                private func updateLabel() {
                    accessibilityValue = "\\(value)"
                }
            }

            final class BadgeDotView: UIView {
                override func draw(_ rect: CGRect) {
                    fillDot()
                }

                func fillDot() {
                    UIColor.red.setFill()
                    UIBezierPath(ovalIn: bounds).fill()
                }
            }

            func refresh(_ badge: BadgeDotView) {
                badge.fillDot()
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                override func draw(in ctx: CGContext) {
                    drawFace(in: ctx)
                    self.drawHand(angle: value * 2 * .pi, in: ctx)
                    updateLabel()
                }

                private func drawFace(in ctx: CGContext) {
                    ctx.setFillColor(CGColor(gray: 2 / 3, alpha: 1))
                    ctx.addPath(CGPath(ellipseIn: bounds, transform: nil))
                    ctx.fillPath()
                    drawTicks(count: 12, in: ctx)
                }

                private func drawTicks(count: Int, in ctx: CGContext) {
                    let context = ctx
                    for index in 0..<count {
                        let angle = CGFloat(index) / CGFloat(count) * 2 * .pi
                        context.move(to: CGPoint(x: bounds.midX + cos(angle) * 40, y: bounds.midY + sin(angle) * 40))
                        context.addLine(to: CGPoint(x: bounds.midX + cos(angle) * 48, y: bounds.midY + sin(angle) * 48))
                    }
                    context.strokePath()
                }

                private func drawHand(angle: CGFloat, in ctx: CGContext) {
                    ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                    ctx.saveGState()
                    ctx.addPath(CGPath(rect: CGRect(x: bounds.midX, y: bounds.midY, width: 44 * cos(angle), height: 1), transform: nil))
                    ctx.setLineWidth(1)
                    ctx.strokePath()
                    ctx.restoreGState()
                }

                private func updateLabel() {
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                func fillDot() {
                    UIColor.red.setFill()
                    UIBezierPath(ovalIn: bounds).fill()
                }
            """), ported.ported)
        XCTAssertTrue(ported.notes.contains { $0.construct == "fillDot" && $0.why.contains("called otherwise") }, "\(ported.notes)")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewsTapMethodsCheckingTheRecognizedStateKeepWhatRunsWhenTheTapIsRecognized() {
        // A tap's method runs once, its recognizer's state .ended (.recognized): the guard on it
        // goes, and the if's body is what runs.
        let source = """
            import UIKit

            class MarkView: UIView {
                private let mark = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(mark)
                    addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(moveMark)))
                    let second = UITapGestureRecognizer(target: self, action: #selector(fade(_:)))
                    addGestureRecognizer(second)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }

                @objc private func moveMark(_ recognizer: UITapGestureRecognizer) {
                    guard recognizer.state == .recognized else { return }
                    mark.position = recognizer.location(in: self)
                }

                @objc private func fade(_ recognizer: UITapGestureRecognizer) {
                    if recognizer.state == .ended {
                        mark.opacity = 0.5
                    }
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                private func moveMark(at tapLocation: CGPoint) {
                    mark.position = tapLocation
                }

                private func fade() {
                    mark.opacity = 0.5
                }
            """), ported)
        XCTAssertTrue(ported.contains("""
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
                        moveMark(at: touchLocation)
                        fade()
            """), ported)
        XCTAssertTrue(ported.contains("""
                    case .ended:
                        moveMark(at: touchLocation)
                        fade()
            """), ported)
        XCTAssertFalse(ported.contains("recognizer"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testAViewsTouchMethodsAndTapRecognizerBecomeTheLayersPointerAndTouchEventHandlers() {
        let source = """
            import UIKit

            final class KnobView: UIView {
                private let knob = CAShapeLayer()
                var value: CGFloat = 0

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(knob)
                    let tap = UITapGestureRecognizer(target: self, action: #selector(reset))
                    addGestureRecognizer(tap)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    knob.path = CGPath(ellipseIn: bounds.insetBy(dx: 8, dy: 8), transform: nil)
                }

                override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                    guard let touch = touches.first else { return }
                    let point = touch.location(in: self)
                    value = min(max(point.x / bounds.width, 0), 1)
                    knob.strokeEnd = value
                }

                @objc private func reset() {
                    value = 0
                    knob.strokeEnd = 0
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            final class KnobView: CALayer, PointerEventHandling, TouchEventHandling {
                private let knob = CAShapeLayer()
                var value: CGFloat = 0

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    self.addSublayer(knob)
                }

                required init(layer: Any) {
                    super.init(layer: layer)
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    knob.path = CGPath(ellipseIn: bounds.insetBy(dx: 8, dy: 8), transform: nil)
                }

                func touchesMoved(at touchLocation: CGPoint) {
                    let point = touchLocation
                    value = min(max(point.x / bounds.width, 0), 1)
                    knob.strokeEnd = value
                }

                private func reset() {
                    value = 0
                    knob.strokeEnd = 0
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
                        break
                    case .moved:
                        touchesMoved(at: touchLocation)
                    case .ended:
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
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left: the recognizer, its selector and the touch types are gone")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // The first touch kept as an optional, read through `?` (an optional location) or `!`.
        let optional = Porter.port(source.replacingOccurrences(of: """
                    guard let touch = touches.first else { return }
                    let point = touch.location(in: self)
            """, with: """
                    let touch = touches.first
                    guard let point = touch?.location(in: self) else { return }
                    print(touch!.location(in: self))
            """))
        XCTAssertTrue(optional.ported.contains("""
                func touchesMoved(at touchLocation: CGPoint) {
                    guard let point = Optional(touchLocation) else { return }
                    print(touchLocation)
            """), optional.ported)
        XCTAssertEqual(optional.notes.map(\.construct), [])
        // A touch read for more than its location leaves the view.
        let more = Porter.port(source.replacingOccurrences(of: """
                    guard let touch = touches.first else { return }
                    let point = touch.location(in: self)
            """, with: """
                    let touch = touches.first
                    let point = touch?.location(in: self) ?? .zero
                    print(touch?.force ?? 0)
            """))
        XCTAssertTrue(more.ported.contains("final class KnobView: UIView {"), more.ported)
    }

    func testAViewsOwnIntrinsicSizeIsAPropertyOfTheLayerAndItsInvalidationsGo() {
        // Auto Layout asks a view for its intrinsicContentSize and is told when it changes; a
        // layer has no Auto Layout, so the override is the class's own property (its code may
        // still read it) and the invalidations go. One that asks super's is left.
        let source = """
            import UIKit

            final class CountBadgeView: UIView {
                var count = 0 {
                    didSet {
                        invalidateIntrinsicContentSize()
                        setNeedsDisplay()
                    }
                }

                override var intrinsicContentSize: CGSize {
                    return CGSize(width: 12 + 8 * CGFloat(String(count).count), height: 16)
                }

                func fit() {
                    self.invalidateIntrinsicContentSize()
                    frame.size = intrinsicContentSize
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class CountBadgeView: CALayer {
                var count = 0 {
                    didSet {
                        setNeedsDisplay()
                    }
                }

                var intrinsicContentSize: CGSize {
                    return CGSize(width: 12 + 8 * CGFloat(String(count).count), height: 16)
                }

                func fit() {
                    frame.size = intrinsicContentSize
                }

                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
        let widened = Porter.port(source.replacingOccurrences(
            of: "return CGSize(width: 12 + 8 * CGFloat(String(count).count), height: 16)",
            with: "return CGSize(width: super.intrinsicContentSize.width + 8, height: 16)"))
        XCTAssertTrue(widened.ported.contains("final class CountBadgeView: UIView"), widened.ported)
    }

    func testAViewsTintIsItsLayersOwnCGColorOfUIKitsDefault() {
        // UIKit's default tint is system blue (0, 122, 255 in the light appearance, Apple's Human
        // Interface Guidelines), and UIKit calls tintColorDidChange() when it changes.
        let source = """
            import UIKit

            final class CheckView: UIView {
                private let mark = CAShapeLayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    mark.strokeColor = tintColor.resolvedColor(with: traitCollection).cgColor
                    layer.addSublayer(mark)
                }

                required init?(coder: NSCoder) { fatalError() }

                func highlight() {
                    tintColor = .systemRed
                    mark.shadowColor = self.tintColor.withAlphaComponent(0.5).cgColor
                }

                override func tintColorDidChange() {
                    super.tintColorDidChange()
                    mark.strokeColor = tintColor.cgColor
                }

                override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                    super.traitCollectionDidChange(previousTraitCollection)
                    if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
                        mark.strokeColor = tintColor.resolvedColor(with: traitCollection).cgColor
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    mark.strokeColor = tintColor
                    self.addSublayer(mark)
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                func highlight() {
                    tintColor = CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
                    mark.shadowColor = self.tintColor.copy(alpha: 0.5)!
                }

                func tintColorDidChange() {
                    mark.strokeColor = tintColor
                }

                /// The colour the layer tints its drawing with, as UIKit's `tintColor` is the view's. The default is
                /// system blue. (A view's tint is its superview's where it sets none; a layer's is its own.)
                var tintColor: CGColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1) {
                    didSet { tintColorDidChange() }
                }
            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("traitCollection"), "the appearance never changes: " + ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // Read alone, without an observer: the property without one.
        let plain = Porter.port(source.replacingOccurrences(of: "override func tintColorDidChange()", with: "func repaint()")
            .replacingOccurrences(of: "        super.tintColorDidChange()\n", with: ""))
        XCTAssertTrue(plain.ported.contains("    var tintColor: CGColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)\n"), plain.ported)
        XCTAssertEqual(plain.notes.map(\.construct), [])

        // The tint used otherwise, or work on a trait change other than the appearance's, leaves
        // the view to a person.
        let passed = Porter.port(source.replacingOccurrences(of: "mark.strokeColor = tintColor.cgColor", with: "paint(with: tintColor)"))
        XCTAssertTrue(passed.ported.contains("final class CheckView: UIView"), passed.ported)
        let sized = Porter.port(source.replacingOccurrences(
            of: "traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection)",
            with: "traitCollection.horizontalSizeClass != previousTraitCollection?.horizontalSizeClass"))
        XCTAssertTrue(sized.ported.contains("final class CheckView: UIView"), sized.ported)

        // Set as the colour UIKit draws with in `draw(_:)`: the layer's context's colour.
        let drawn = Porter.port(source.replacingOccurrences(of: "    func highlight() {", with: """
                override func draw(_ rect: CGRect) {
                    tintColor.setFill()
                    UIRectFill(rect)
                }

                func highlight() {
            """))
        XCTAssertTrue(drawn.ported.contains("""
                override func draw(in ctx: CGContext) {
                    let rect = bounds
                    ctx.setFillColor(tintColor)
            """), drawn.ported)
        XCTAssertEqual(drawn.notes.map(\.construct), [])
    }

    func testAnAppKitViewAcceptingTheFirstMouseIsWrittenAsLaminaHandsEveryClickOn() {
        // AppKit hands a view the click that activates its window only where acceptsFirstMouse(for:)
        // answers true (NSView's documentation); a Lamina window's layers get every click.
        let source = """
            import AppKit

            final class PadView: NSView {
                let dot = CALayer()

                override init(frame frameRect: NSRect) {
                    super.init(frame: frameRect)
                    wantsLayer = true
                    layer?.addSublayer(dot)
                }

                required init?(coder: NSCoder) { fatalError() }

                override func acceptsFirstMouse(for event: NSEvent?) -> Bool {
                    return true
                }

                override func mouseDown(with event: NSEvent) {
                    dot.position = convert(event.locationInWindow, from: nil)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class PadView: CALayer, PointerEventHandling {"), ported.ported)
        XCTAssertFalse(ported.ported.contains("acceptsFirstMouse"), ported.ported)
        XCTAssertTrue(ported.reportLines.contains { $0.contains("Lamina hands a click to the layer under the pointer") }, "\(ported.reportLines)")
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // Refusing it, the view would miss that click, which the layer would get: left.
        let refusing = Porter.port(source.replacingOccurrences(of: "return true", with: "return false"))
        XCTAssertTrue(refusing.ported.contains("final class PadView: NSView {"), refusing.ported)
    }

    func testATouchBoundInAnIfWithoutElseIsTheHandlersLocationInADoBlock() {
        // UIKit calls touchesBegan(_:with:) with the touches that began, never none (UIResponder's
        // documentation), so `if let touch = touches.first` always runs its block.
        let source = """
            import UIKit

            final class DotView: UIView {
                private let dot = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(dot)
                }

                required init?(coder: NSCoder) { fatalError() }

                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    super.touchesBegan(touches, with: event)
                    if let touch = touches.first {
                        let point = touch.location(in: self)
                        dot.position = point
                        layer.opacity = 0.5
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func touchesBegan(at touchLocation: CGPoint) {
                    do {
                        let point = touchLocation
                        dot.position = point
                        self.opacity = 0.5
                    }
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // With an `else`, or another condition, the touches are read otherwise: left.
        for changed in [
            source.replacingOccurrences(of: "            layer.opacity = 0.5\n        }", with: "            layer.opacity = 0.5\n        } else {\n            layer.opacity = 1\n        }"),
            source.replacingOccurrences(of: "if let touch = touches.first {", with: "if let touch = touches.first, touches.count == 1 {"),
        ] {
            XCTAssertTrue(Porter.port(changed).ported.contains("final class DotView: UIView {"), changed)
        }
    }
}
