import LaminaPortRewriter
import XCTest

final class DisplayLinkRewriterTests: XCTestCase {
    func testTargetSelectorBecomesTheClosureForm() {
        let source = """
            import QuartzCore

            final class Ticker {
                private var link: CADisplayLink?

                func start() {
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link?.add(to: .main, forMode: .common)
                }

                @objc private func step(_ displayLink: CADisplayLink) {
                    print(displayLink.targetTimestamp)
                }
            }
            """
        let ported = Porter.port(source, path: "Ticker.swift")
        // Lamina's display link is isolated to the main actor: so is the class that makes one.
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            @MainActor
            final class Ticker {
                private var link: CADisplayLink?

                func start() {
                    link = CADisplayLink { link in self.step(link) }
                    link?.add(to: .main, forMode: .common)
                }

                private func step(_ displayLink: CADisplayLink) {
                    print(displayLink.targetTimestamp)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.todo), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testALinkMadeWithInitSpelledOutBecomesTheClosureFormToo() {
        // `CADisplayLink.init(target:selector:)` is the same initializer as `CADisplayLink(…)`.
        let ported = Porter.port("""
            @MainActor final class Ticker {
                func start() { link = CADisplayLink.init(target: self, selector: #selector(step)) }
                @objc func step() {}
            }
            """)
        XCTAssertEqual(ported.ported, """
            @MainActor final class Ticker {
                func start() { link = CADisplayLink { link in self.step() } }
                func step() {}
            }
            """)
        XCTAssertEqual(ported.notes.map(\.todo), [], "nothing is left for a person")
    }

    func testAClassAlreadyOnTheMainActorIsMarkedOnceOrNotAtAll() {
        let isolated = """
            @MainActor final class Ticker {
                func start() { link = CADisplayLink(target: self, selector: #selector(step)) }
                func step() {}
            }
            """
        XCTAssertEqual(Porter.port(isolated).ported, """
            @MainActor final class Ticker {
                func start() { link = CADisplayLink { link in self.step() } }
                func step() {}
            }
            """)
        let twoLinks = """
            public class Pair: NSObject {
                func start() {
                    a = CADisplayLink(target: self, selector: #selector(step))
                    b = CADisplayLink(target: self, selector: #selector(step))
                }
                func step() {}
            }
            """
        XCTAssertEqual(Porter.port(twoLinks).ported, """
            @MainActor
            public class Pair: NSObject {
                func start() {
                    a = CADisplayLink { link in self.step() }
                    b = CADisplayLink { link in self.step() }
                }
                func step() {}
            }
            """)
    }

    func testALinkMadeInAnExtensionOfAClassOfTheFileIsolatesTheClass() {
        // An extension's members are isolated with the class (Swift's rule for a global
        // actor on a type); an extension of a class declared elsewhere is not marked.
        let source = """
            final class Ticker: NSObject {
                private weak var link: CADisplayLink?
            }

            private extension Ticker {
                func start() {
                    let link = CADisplayLink(target: self, selector: #selector(step))
                    link.add(to: .main, forMode: .common)
                    self.link = link
                }
                @objc func step() {}
            }

            extension Elsewhere {
                func start() { _ = CADisplayLink(target: self, selector: #selector(tick)) }
                func tick() {}
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            @MainActor
            final class Ticker: NSObject {
                private weak var link: CADisplayLink?
            }

            private extension Ticker {
                func start() {
                    let link = CADisplayLink { link in self.step() }
                    link.add(to: .main, forMode: .common)
                    self.link = link
                }
                func step() {}
            }

            extension Elsewhere {
                func start() { _ = CADisplayLink { link in self.tick() } }
                func tick() {}
            }
            """)
    }

    func testAMainActorLayersDecoderInitializerSetsUpOnTheMainActorToo() {
        // init?(coder:) overrides CALayer's nonisolated required initializer, as init() does.
        let source = """
            final class WaveLayer: CALayer {
                private var link: CADisplayLink?

                override init() {
                    super.init()
                    setUp()
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    setUp()
                }

                private func setUp() {
                    link = CADisplayLink(target: self, selector: #selector(step))
                }

                @objc private func step() {}
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                    nonisolated(unsafe) let mainActorLayer = self
                    MainActor.assumeIsolated {
                        mainActorLayer.setUpDecodedOnMainActor()
                    }
                }

                /// The work of `init?(coder:)`, on the main actor.
                private func setUpDecodedOnMainActor() {
                    setUp()
                }
            """), ported)
        XCTAssertTrue(ported.contains("private func setUpOnMainActor() {"), ported)
    }

    func testADeinitThatInvalidatesTheLinkRunsOnTheMainActor() {
        let source = """
            final class Wave: CAShapeLayer {
                private var link: CADisplayLink?
                func start() { link = CADisplayLink(target: self, selector: #selector(step)) }
                func step() {}
                deinit {
                    link?.invalidate()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    isolated deinit {\n        link?.invalidate()"), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        let other = "final class A {\n    func start() { link = CADisplayLink(target: self, selector: #selector(step)) }\n    func step() {}\n    deinit { print(1) }\n}\n"
        XCTAssertTrue(Porter.port(other).ported.contains("    deinit { print(1) }"), "a deinit that does not invalidate is left")
    }

    func testAFileHoldingAWindowPlaceholderPortsAgainToItself() {
        // What earlier versions of the command wrote for a display link.
        let source = "final class Ticker {\n    func start() { link = CADisplayLink(window: <#Window#>) { link in self.step() } }\n    func step() {}\n}\n"
        let again = Porter.port(source, path: "Ticker.swift")
        XCTAssertNil(again.parseError, "the placeholder is left for a person, not a syntax error")
        XCTAssertEqual(again.ported, source)
        XCTAssertEqual(again.changes.count, 0)
        let broken = Porter.port("let window = <#Window#>\nlet x = (1\n", path: "Broken.swift")
        XCTAssertNotNil(broken.parseError, "other syntax errors still stop the file")
    }

    func testSelectorWithLabelsAndMethodWithoutTheLink() {
        let source = """
            let a = CADisplayLink(target: animator, selector: #selector(Animator.tick(link:)))
            let b = CADisplayLink(target: self, selector: #selector(self.redraw))
            func redraw() {}
            """
        XCTAssertEqual(Porter.port(source).ported, """
            let a = CADisplayLink { link in animator.tick(link: link) }
            let b = CADisplayLink { link in self.redraw() }
            func redraw() {}
            """)
    }

    func testOtherSelectorsAreNoted() {
        let source = "button.addTarget(self, action: #selector(tapped), for: .touchUpInside)\n"
        let ported = Porter.port(source, path: "Button.swift")
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.reportLines, [
            "Button.swift:1: left: #selector(tapped) — selectors need the Objective-C runtime; to do: pass a closure instead (Timer.scheduledTimer(withTimeInterval:repeats:block:), a Window's frame or event callbacks)"
        ])
    }

    func testTargetSelectorTimersBecomeTheBlockForm() {
        let source = """
            final class Ticker {
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
                    let once = Timer(timeInterval: 2, target: self, selector: #selector(finish), userInfo: nil, repeats: false)
                    let tagged = Timer(timeInterval: 2, target: self, selector: #selector(finish), userInfo: "tag", repeats: false)
                    _ = (once, tagged)
                }
                @objc func tick(_ timer: Timer) {}
                @objc func finish() {}
            }
            """
        let ported = Porter.port(source, path: "Ticker.swift")
        XCTAssertEqual(ported.ported, """
            final class Ticker {
                var timer: Timer?
                func start() {
                    nonisolated(unsafe) let timerTarget = self
                    timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in timerTarget.tick(timer) }
                    let once = Timer(timeInterval: 2, repeats: false) { timer in timerTarget.finish() }
                    let tagged = Timer(timeInterval: 2, target: self, selector: #selector(finish), userInfo: "tag", repeats: false)
                    _ = (once, tagged)
                }
                func tick(_ timer: Timer) {}
                func finish() {}
            }
            """)
        XCTAssertEqual(ported.notes.map(\.line), [6])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // In a main-actor class the @Sendable block calls the method on the main actor.
        let isolated = """
            @MainActor final class Ticker {
                func start() { _ = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true) }
                @objc func tick() {}
            }
            """
        XCTAssertEqual(Porter.port(isolated).ported, """
            @MainActor final class Ticker {
                func start() { _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in MainActor.assumeIsolated { self.tick() } } }
                func tick() {}
            }
            """)
    }

    func testATimersTargetIsHandedToTheSendableBlockUncheckedAsTheSelectorWas() {
        // A layer is not Sendable, and a @Sendable block may not capture it; Apple's selector
        // call was not checked either. A timer whose result is not kept gets `_ =` after it.
        let source = """
            final class ClockLayer: CALayer {
                var ticks = 0
                func start(with other: ClockLayer) {
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                    let mirror = Timer(timeInterval: 1, target: other, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                    RunLoop.main.add(mirror, forMode: .common)
                }
                @objc private func tick(_ timer: Timer) { ticks += 1 }
            }
            """
        let ported = Porter.port(source, path: "Clock.swift")
        XCTAssertEqual(ported.ported, """
            final class ClockLayer: CALayer {
                var ticks = 0
                func start(with other: ClockLayer) {
                    nonisolated(unsafe) let timerTarget = self
                    _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in timerTarget.tick(timer) }
                    nonisolated(unsafe) let timerTarget2 = other
                    let mirror = Timer(timeInterval: 1, repeats: true) { timer in timerTarget2.tick(timer) }
                    RunLoop.main.add(mirror, forMode: .common)
                }
                private func tick(_ timer: Timer) { ticks += 1 }
            }
            """)
        XCTAssertTrue(
            ported.reportLines.contains(
                "Clock.swift:4: Timer.scheduledTimer -> _ = Timer.scheduledTimer (Apple's Foundation lets scheduledTimer's timer go unread and swift-corelibs-foundation warns; the timer runs from the run loop either way)"),
            ported.reportLines.joined(separator: "\n"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testALayerMadeMainActorForItsLinkKeepsThePropertiesItsCopyInitializerReadsUnisolated() {
        // init(layer:) stays nonisolated (presentation copies are made off the main actor
        // too): the vars it reads from the layer it copies are nonisolated(unsafe), not the
        // ones it does not read, and not a computed one.
        let source = """
            final class Wave: CAShapeLayer {
                private var link: CADisplayLink?
                private var phase: CGFloat = 0
                var amplitude: CGFloat = 12
                var speed: CGFloat = 1
                var doubled: CGFloat { amplitude * 2 }
                override init() { super.init() }
                override init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? Wave { phase = other.phase; amplitude = other.amplitude; _ = other.doubled }
                }
                required init?(coder: NSCoder) { fatalError() }
                func start() { link = CADisplayLink(target: self, selector: #selector(tick)) }
                @objc func tick() { phase += speed }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            @MainActor
            final class Wave: CAShapeLayer {
                private var link: CADisplayLink?
                private nonisolated(unsafe) var phase: CGFloat = 0
                nonisolated(unsafe) var amplitude: CGFloat = 12
                var speed: CGFloat = 1
                var doubled: CGFloat { amplitude * 2 }
                override init() { super.init() }
                required init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? Wave { phase = other.phase; amplitude = other.amplitude; _ = other.doubled }
                }
                required init?(coder: NSCoder) { fatalError() }
                func start() { link = CADisplayLink { link in self.tick() } }
                func tick() { phase += speed }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAMainActorLayersAddedCopyInitializerAndObservedPropertiesStayUnisolated() {
        // The init(layer:) the command adds (the class declares its own initializer) reads the
        // properties without initial values: those are nonisolated(unsafe) too. An observed one
        // is, where its observer uses only such properties and the class's lets (then unchecked
        // as well); one whose observer calls a method of the class is reported, as the copy
        // cannot read it. A layout reading a let the main actor keeps moves to the main actor.
        let source = """
            final class Pulse: CALayer {
                private let ring = CAShapeLayer()
                private let dot = CALayer()
                var tint: CGColor {
                    didSet { ring.strokeColor = tint }
                }
                var speed: CGFloat {
                    didSet { restart() }
                }
                private var link: CADisplayLink?
                init(tint: CGColor) {
                    self.tint = tint
                    speed = 1
                    super.init()
                }
                required init?(coder: NSCoder) { fatalError() }
                override func layoutSublayers() {
                    super.layoutSublayers()
                    dot.frame = bounds
                }
                func restart() { link = CADisplayLink(target: self, selector: #selector(tick)) }
                @objc func tick() {}
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                private nonisolated(unsafe) let ring = CAShapeLayer()
                private let dot = CALayer()
                nonisolated(unsafe) var tint: CGColor {
                    didSet { ring.strokeColor = tint }
                }
                var speed: CGFloat {
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                override func layoutSublayers() {
                    super.layoutSublayers()
                    nonisolated(unsafe) let mainActorLayer = self
                    MainActor.assumeIsolated {
                        mainActorLayer.layOutOnMainActor()
                    }
                }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                required init(layer: Any) {
                    let copied = layer as! Pulse
                    self.tint = copied.tint
                    self.speed = copied.speed
            """), ported.ported)
        XCTAssertEqual(
            ported.reportLines.filter { $0.contains("nonisolated(unsafe)") }.map { String($0.prefix(28)) },
            ["Source.swift:2: let -> nonis", "Source.swift:4: var -> nonis"])
        // The copy cannot read `speed` there: a person moves its observer's work.
        XCTAssertEqual(ported.notes.map { "\($0.line): \($0.construct)" }, ["7: var"])
        assertSecondRunChangesNothing([ported])
    }

    func testAMainActorLayersOverridesCallTheClassesMethodsAsTheMainActorsFromAMethodOfTheirOwn() {
        // init() and layoutSublayers() override nonisolated methods; the statements after their
        // super calls that use the class's methods (now the main actor's) or make the link move to
        // a private method, called on the main actor through an unchecked reference.
        let source = """
            import UIKit

            final class WaveLayer: CAShapeLayer {
                private var phase: CGFloat = 0
                private var link: CADisplayLink?

                override init() {
                    super.init()
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link?.add(to: .main, forMode: .common)
                }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    updatePath()
                }

                @objc private func step() {
                    phase += 0.1
                    updatePath()
                }

                private func updatePath() {
                    let p = CGMutablePath()
                    p.move(to: CGPoint(x: 0, y: bounds.midY))
                    p.addLine(to: CGPoint(x: bounds.width, y: bounds.midY + sin(phase) * 10))
                    path = p
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import Lamina

            @MainActor
            final class WaveLayer: CAShapeLayer {
                private var phase: CGFloat = 0
                private var link: CADisplayLink?

                override init() {
                    super.init()
                    nonisolated(unsafe) let mainActorLayer = self
                    MainActor.assumeIsolated {
                        mainActorLayer.setUpOnMainActor()
                    }
                }

                /// The work of `init()`, on the main actor.
                private func setUpOnMainActor() {
                    link = CADisplayLink { link in self.step() }
                    link?.add(to: .main, forMode: .common)
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    nonisolated(unsafe) let mainActorLayer = self
                    MainActor.assumeIsolated {
                        mainActorLayer.layOutOnMainActor()
                    }
                }

                /// The work of each layout, on the main actor.
                private func layOutOnMainActor() {
                    updatePath()
                }

                private func step() {
                    phase += 0.1
                    updatePath()
                }

                private func updatePath() {
                    let p = CGMutablePath()
                    p.move(to: CGPoint(x: 0, y: bounds.midY))
                    p.addLine(to: CGPoint(x: bounds.width, y: bounds.midY + sin(phase) * 10))
                    path = p
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testWorkMovedToTheMainActorKeepsItsCommentsAndTheOtherEditsRemovals() {
        // The statements moved to the main actor's method are the ported ones: the statements
        // other edits remove (first, inside or last) are gone there too, and the comments and
        // blank lines between them stay.
        let source = """
            import UIKit

            final class RingView: UIView {
                let ring = CAShapeLayer()
                var link: CADisplayLink?

                func start() {
                    link = CADisplayLink(target: self, selector: #selector(tick))
                    link?.add(to: .main, forMode: .common)
                }

                @objc func tick() { ring.strokeEnd += 0.01 }

                override func layoutSubviews() {
                    super.layoutSubviews()
                    translatesAutoresizingMaskIntoConstraints = false
                    // Keep the ring centred.
                    ring.position = CGPoint(x: bounds.midX, y: bounds.midY)
                    invalidateIntrinsicContentSize()

                    tick()
                    invalidateIntrinsicContentSize()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                /// The work of each layout, on the main actor.
                private func layOutOnMainActor() {
                    // Keep the ring centred.
                    ring.position = CGPoint(x: bounds.midX, y: bounds.midY)

                    tick()
                }

            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("translatesAutoresizingMaskIntoConstraints"), ported.ported)
        XCTAssertFalse(ported.ported.contains("invalidateIntrinsicContentSize"), ported.ported)
        assertSecondRunChangesNothing([ported])
    }

    func testAMainActorLayersRemovalFromItsSuperlayerStopsItsLinkOnTheMainActor() {
        // removeFromSuperlayer() overrides a nonisolated method; the link the class keeps is
        // the main actor's.
        let source = """
            import UIKit

            final class WaveView: UIView {
                private var link: CADisplayLink?

                func start() {
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link?.add(to: .main, forMode: .common)
                }

                @objc private func step() {}

                override func removeFromSuperview() {
                    super.removeFromSuperview()
                    link?.invalidate()
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                override func removeFromSuperlayer() {
                    super.removeFromSuperlayer()
                    nonisolated(unsafe) let mainActorLayer = self
                    MainActor.assumeIsolated {
                        mainActorLayer.removeOnMainActor()
                    }
                }

                /// The work of each removal from the superlayer, on the main actor.
                private func removeOnMainActor() {
                    link?.invalidate()
                }
            """), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testAMainActorLayersDrawingReadsItsPropertiesAsTheMainActorsWithItsContextHandedOn() {
        // draw(in:) overrides a nonisolated method; the class's properties are the main actor's
        // once the class is (Swift's verdict: "main actor-isolated property 'phase' can not be
        // referenced from a nonisolated context"); Lamina draws on the main actor.
        let source = """
            final class WaveLayer: CALayer {
                private var phase: CGFloat = 0

                override func draw(in context: CGContext) {
                    super.draw(in: context)
                    context.move(to: CGPoint(x: 0, y: bounds.midY + sin(phase) * 10))
                    context.strokePath()
                }

                func start() {
                    CADisplayLink(target: self, selector: #selector(step)).add(to: .main, forMode: .common)
                }

                @objc private func step() {
                    phase += 0.1
                    setNeedsDisplay()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            @MainActor
            final class WaveLayer: CALayer {
                private var phase: CGFloat = 0

                override func draw(in context: CGContext) {
                    super.draw(in: context)
                    nonisolated(unsafe) let mainActorLayer = self
                    nonisolated(unsafe) let mainActorContext = context
                    MainActor.assumeIsolated {
                        mainActorLayer.drawOnMainActor(in: mainActorContext)
                    }
                }

                /// The drawing, on the main actor.
                private func drawOnMainActor(in context: CGContext) {
                    context.move(to: CGPoint(x: 0, y: bounds.midY + sin(phase) * 10))
                    context.strokePath()
                }

                func start() {
                    CADisplayLink { link in self.step() }.add(to: .main, forMode: .common)
                }

                private func step() {
                    phase += 0.1
                    setNeedsDisplay()
                }
            }
            """)
    }
}
