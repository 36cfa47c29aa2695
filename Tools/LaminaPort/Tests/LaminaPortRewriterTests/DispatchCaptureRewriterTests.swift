import LaminaPortRewriter
import XCTest

final class DispatchCaptureRewriterTests: XCTestCase {
    func testSelfCapturedByADispatchQueuesClosureIsReadThroughOneUncheckedReferenceABlock() {
        // That the capture is refused, and the unchecked reference accepted, is the Swift
        // compiler's verdict in Swift 6 mode, whole-module compiled (its region check does not run
        // when only type-checking); the corpus snippets BackgroundPulseLayer, BlinkingCaretLayer
        // and CountdownTextLayer check it by compiling.
        // A layer's queue closures (nested ones, `execute:` and trailing forms, a later call in
        // an inner block) read one unchecked reference; an unowned capture and a main-actor
        // class's closures are left.
        let source = """
            import UIKit

            final class RippleLayer: CAReplicatorLayer {
                private let group = CAAnimationGroup()

                override init() {
                    super.init()
                    DispatchQueue.global(qos: .userInitiated).async {
                        self.buildGroup()
                        DispatchQueue.main.async {
                            self.add(self.group, forKey: "ripple")
                        }
                    }
                }

                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                func fade(after delay: TimeInterval) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: {
                        self.opacity = 0
                    })
                    if delay > 1 {
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) {
                            self.removeFromSuperlayer()
                        }
                    }
                }

                func fadeUnowned() {
                    DispatchQueue.main.async { [unowned self] in
                        self.opacity = 0
                    }
                }

                private func buildGroup() {
                    group.duration = 1
                }
            }

            @MainActor
            final class Badge {
                let layer = CALayer()
                func pop() {
                    DispatchQueue.main.async {
                        self.layer.opacity = 1
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class RippleLayer: CAReplicatorLayer {
                private let group = CAAnimationGroup()

                override init() {
                    super.init()
                    nonisolated(unsafe) let uncheckedSelf = self
                    DispatchQueue.global(qos: .userInitiated).async {
                        uncheckedSelf.buildGroup()
                        DispatchQueue.main.async {
                            uncheckedSelf.add(uncheckedSelf.group, forKey: "ripple")
                        }
                    }
                }

                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }

                func fade(after delay: TimeInterval) {
                    nonisolated(unsafe) let uncheckedSelf = self
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: {
                        uncheckedSelf.opacity = 0
                    })
                    if delay > 1 {
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) {
                            uncheckedSelf.removeFromSuperlayer()
                        }
                    }
                }

                func fadeUnowned() {
                    DispatchQueue.main.async { [unowned self] in
                        self.opacity = 0
                    }
                }

                private func buildGroup() {
                    group.duration = 1
                }
            }

            @MainActor
            final class Badge {
                let layer = CALayer()
                func pop() {
                    DispatchQueue.main.async {
                        self.layer.opacity = 1
                    }
                }
            }
            """)
        XCTAssertEqual(ported.changes.filter { $0.kind == .dispatchCapture }.count, 7, "two references and five uses")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAWeakSelfCaptureReadsOneWeakUncheckedReferenceUnlessTheBodyNamesMembersAlone() {
        // The weak reference lets the layer go as the weak capture did; `hide()` alone, after
        // `guard let self`, would capture the method's `self` once written, so that closure is left.
        let source = """
            import UIKit

            final class BlinkLayer: CALayer {
                func blink(after delay: TimeInterval) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
                        self?.opacity = 0
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) { [weak self] in
                        guard let self = self else { return }
                        self.opacity = 1
                        self.hide()
                    }
                }

                func blinkImplicitly() {
                    DispatchQueue.main.async { [weak self] in
                        guard let self else { return }
                        hide()
                    }
                }

                func hide() {
                    isHidden = true
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class BlinkLayer: CALayer {
                func blink(after delay: TimeInterval) {
                    nonisolated(unsafe) weak let weakSelf = self
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
                        weakSelf?.opacity = 0
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) {
                        guard let weakSelf = weakSelf else { return }
                        weakSelf.opacity = 1
                        weakSelf.hide()
                    }
                }

                func blinkImplicitly() {
                    DispatchQueue.main.async { [weak self] in
                        guard let self else { return }
                        hide()
                    }
                }

                func hide() {
                    isHidden = true
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testATimersBlockCapturingSelfReadsTheUncheckedReferenceAsAQueuesClosureDoes() {
        // A timer's block is @Sendable too, in its trailing and `block:` forms.
        let source = """
            import UIKit

            final class CountdownLayer: CATextLayer {
                private var remaining = 10
                private var timer: Timer?

                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] timer in
                        guard let self = self else { return timer.invalidate() }
                        self.remaining -= 1
                        self.string = "\\(self.remaining)"
                        if self.remaining == 0 { timer.invalidate() }
                    }
                }

                func flash() {
                    let flashTimer = Timer(timeInterval: 0.2, repeats: false, block: { _ in
                        self.opacity = self.opacity == 1 ? 0.3 : 1
                    })
                    RunLoop.main.add(flashTimer, forMode: .common)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class CountdownLayer: CATextLayer {
                private var remaining = 10
                private var timer: Timer?

                func start() {
                    nonisolated(unsafe) weak let weakSelf = self
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        guard let weakSelf = weakSelf else { return timer.invalidate() }
                        weakSelf.remaining -= 1
                        weakSelf.string = "\\(weakSelf.remaining)"
                        if weakSelf.remaining == 0 { timer.invalidate() }
                    }
                }

                func flash() {
                    nonisolated(unsafe) let uncheckedSelf = self
                    let flashTimer = Timer(timeInterval: 0.2, repeats: false, block: { _ in
                        uncheckedSelf.opacity = uncheckedSelf.opacity == 1 ? 0.3 : 1
                    })
                    RunLoop.main.add(flashTimer, forMode: .common)
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testALayerMadeBeforeTheCallOrPassedInIsReadThroughAnUncheckedReference() {
        // Swift 6's language mode refuses a local or parameter of a class that is not Sendable
        // captured by a dispatch queue's @Sendable closure ("sending 'redLayer' risks causing
        // data races"), on Apple platforms too; the corpus snippet DelayedColorChangeLayer checks
        // by compiling that the written code is accepted.
        let source = """
            import UIKit

            func flash(_ target: CAShapeLayer, in host: CALayer) {
                let redLayer = CALayer()
                var counter = CALayer()
                let delay = 1.0
                host.addSublayer(redLayer)
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
                    let anim = CABasicAnimation(keyPath: "backgroundColor")
                    anim.fromValue = redLayer.backgroundColor
                    redLayer.add(anim, forKey: "")
                    target.strokeEnd = 1
                    target.sublayers?.forEach { redLayer in redLayer.opacity = 1 }
                    DispatchQueue.main.async {
                        redLayer.removeFromSuperlayer()
                    }
                }
                DispatchQueue.global().async { [redLayer] in
                    redLayer.opacity = 0
                }
                DispatchQueue.main.async {
                    counter.opacity = 0
                }
                counter = CALayer()
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                host.addSublayer(redLayer)
                nonisolated(unsafe) let uncheckedRedLayer = redLayer
                nonisolated(unsafe) let uncheckedTarget = target
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
                    let anim = CABasicAnimation(keyPath: "backgroundColor")
                    anim.fromValue = uncheckedRedLayer.backgroundColor
                    uncheckedRedLayer.add(anim, forKey: "")
                    uncheckedTarget.strokeEnd = 1
                    uncheckedTarget.sublayers?.forEach { redLayer in redLayer.opacity = 1 }
                    DispatchQueue.main.async {
                        uncheckedRedLayer.removeFromSuperlayer()
                    }
                }
                DispatchQueue.global().async { [redLayer] in
                    redLayer.opacity = 0
                }
                DispatchQueue.main.async {
                    counter.opacity = 0
                }
            """), ported.ported)
        // A variable is left, and reported: the closure reads what it holds when it runs.
        XCTAssertEqual(ported.notes.map(\.construct), ["counter"], "\(ported.notes)")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnOptionalLayerOrOneCastToIsReadThroughAnUncheckedReference() {
        // An optional of a class that is not Sendable is not Sendable either: Swift 6's language
        // mode refuses it captured by a @Sendable closure as it refuses the class itself.
        let source = """
            func fadeOut(_ ring: CAShapeLayer?, in host: CALayer) {
                let glow = host.sublayers?.first as? CAShapeLayer
                let mask: CALayer? = host.mask
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    ring?.opacity = 0
                    glow?.opacity = 0
                    mask?.removeFromSuperlayer()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func fadeOut(_ ring: CAShapeLayer?, in host: CALayer) {
                let glow = host.sublayers?.first as? CAShapeLayer
                let mask: CALayer? = host.mask
                nonisolated(unsafe) let uncheckedRing = ring
                nonisolated(unsafe) let uncheckedGlow = glow
                nonisolated(unsafe) let uncheckedMask = mask
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    uncheckedRing?.opacity = 0
                    uncheckedGlow?.opacity = 0
                    uncheckedMask?.removeFromSuperlayer()
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testALayerAnOptionalBindingLooksUpIsReadThroughAnUncheckedReference() {
        // `guard let` and `if let` bind constants; the element type of the dictionary or array
        // (of optionals) looked up says the class. An Int looked up the same way is Sendable
        // and stays.
        let source = """
            final class GridLayer: CALayer {
                var cells: [String: CALayer] = [:]
                var columns: [CAShapeLayer?] = []
                var counts: [String: Int] = [:]

                func retire(_ key: String) {
                    guard let cell = self.cells[key] else { return }
                    guard let count = counts[key] else { return }
                    if let first = columns[0] {
                        Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                            cell.removeFromSuperlayer()
                            first.opacity = Float(count)
                        }
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    if let first = columns[0] {
                        nonisolated(unsafe) let uncheckedCell = cell
                        nonisolated(unsafe) let uncheckedFirst = first
                        _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                            uncheckedCell.removeFromSuperlayer()
                            uncheckedFirst.opacity = Float(count)
                        }
            """), ported.ported)
        assertSecondRunChangesNothing([ported])
    }

    func testAViewsLayerInAQueuesClosureIsTheUncheckedReferenceOnceTheViewIsALayer() {
        // The view's layer is the layer itself once the view is written as one, so the closure
        // captures `self`, which Swift 6 refuses as above (checked by compiling the probe this
        // came from: "sending 'self' risks causing data races").
        let source = """
            import UIKit

            class CheckmarkView: UIView {
                override class var layerClass: AnyClass { CAShapeLayer.self }

                func show(_ end: CGFloat) {
                    let layer = self.layer as! CAShapeLayer
                    layer.lineWidth = 2
                    DispatchQueue.main.async {
                        layer.strokeEnd = end
                    }
                }

                func hide() {
                    DispatchQueue.main.async {
                        self.layer.opacity = 0
                        (self.layer as! CAShapeLayer).strokeEnd = 0
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func hide() {
                    nonisolated(unsafe) let uncheckedSelf = self
                    DispatchQueue.main.async {
                        uncheckedSelf.opacity = 0
                        (uncheckedSelf).strokeEnd = 0
                    }
                }
            """), ported.ported)
        // A local named `layer` (the cast above) is the local, captured as one.
        XCTAssertTrue(ported.ported.contains("""
                    nonisolated(unsafe) let uncheckedLayer = layer
                    DispatchQueue.main.async {
                        uncheckedLayer.strokeEnd = end
                    }
            """), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
    func testAFunctionValueHandedToAQueueIsCalledThroughAnUncheckedReference() {
        // A completion parameter is not @Sendable, which a queue's closures are: Swift 6's mode
        // refuses handing it over (on Apple platforms too), Swift 5's let it. The compiler's
        // verdict on the written code is the corpus's (DelayedCompletionDots).
        let source = """
            import UIKit

            final class DotsLayer: CALayer {
                func stop(_ completion: (() -> Void)? = nil) {
                    if let done = completion {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: done)
                    }
                }

                func finish(then next: @escaping () -> Void) {
                    DispatchQueue.main.async(execute: next)
                }

                func later(_ work: @escaping @Sendable () -> Void) {
                    DispatchQueue.main.async(execute: work)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    if let done = completion {
                        nonisolated(unsafe) let uncheckedDone = done
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: { uncheckedDone() })
                    }
                }

                func finish(then next: @escaping () -> Void) {
                    nonisolated(unsafe) let uncheckedNext = next
                    DispatchQueue.main.async(execute: { uncheckedNext() })
                }

                func later(_ work: @escaping @Sendable () -> Void) {
                    DispatchQueue.main.async(execute: work)
                }
            """), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testALocalOrFunctionValueHandedOverTwiceInABlockIsDeclaredUncheckedOnce() {
        // Two declarations of one name in a block would not compile ("invalid redeclaration");
        // the later call reads the reference declared for the earlier one.
        let source = """
            import UIKit

            final class DotsLayer: CALayer {
                func stop(_ done: @escaping () -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: done)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.4, execute: done)
                }

                func flash(_ other: CALayer) {
                    DispatchQueue.main.async { other.opacity = 0 }
                    DispatchQueue.main.async { other.opacity = 1 }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                func stop(_ done: @escaping () -> Void) {
                    nonisolated(unsafe) let uncheckedDone = done
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: { uncheckedDone() })
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.4, execute: { uncheckedDone() })
                }

                func flash(_ other: CALayer) {
                    nonisolated(unsafe) let uncheckedOther = other
                    DispatchQueue.main.async { uncheckedOther.opacity = 0 }
                    DispatchQueue.main.async { uncheckedOther.opacity = 1 }
                }
            """), ported.ported)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
}
