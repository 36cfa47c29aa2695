import LaminaPortRewriter
import XCTest

/// UIKit's pan recognizers on views and controllers written as layers: the layer's pointer and
/// touch events drive the pan class the command adds, and call the recognizer's method.
final class PanGesturesTests: XCTestCase {
    func testAControllersPanRecognizerPropertyIsDrivenByTheLayersEvents() throws {
        let ported = Porter.port("""
            import UIKit

            final class CubeViewController: UIViewController {
                lazy var panGesture: UIPanGestureRecognizer = {
                    let gesture = UIPanGestureRecognizer(target: self, action: #selector(self.rotate(_:)))
                    return gesture
                }()
                let cube = CATransformLayer()
                var spin: CGFloat = 0

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.addSublayer(cube)
                    view.addGestureRecognizer(panGesture)
                }

                @objc func rotate(_ recognizer: UIPanGestureRecognizer) {
                    switch recognizer.state {
                    case .began, .changed:
                        let moved = recognizer.translation(in: view)
                        cube.sublayerTransform = CATransform3DMakeRotation((spin + moved.x) / 100, 0, 1, 0)
                    case .ended:
                        spin += recognizer.translation(in: self.view).x + recognizer.velocity(in: view).x / 10
                        recognizer.setTranslation(.zero, in: view)
                    default:
                        break
                    }
                }
            }
            """)
        let text = ported.ported
        XCTAssertTrue(text.contains("""
                func viewDidLoad() {
                    self.addSublayer(cube)
                }

                func rotate(_ recognizer: PanGesture) {
                    switch recognizer.state {
                    case .began, .changed:
                        let moved = recognizer.translation(in: self)
                        cube.sublayerTransform = CATransform3DMakeRotation((spin + moved.x) / 100, 0, 1, 0)
                    case .ended:
                        spin += recognizer.translation(in: self).x + recognizer.velocity(in: self).x / 10
                        recognizer.setTranslation(.zero, in: self)
            """), text)
        XCTAssertFalse(text.contains("panGesture"), "the property holding the recognizer goes, with its addition:\n\(text)")
        XCTAssertTrue(text.contains("""
                    case .pressed(button: 0x110):
                        pointerIsDown = true
                        panTracker.press(at: event.location, timestamp: event.timestamp)
                    case .moved where pointerIsDown:
                        if panTracker.move(to: event.location, timestamp: event.timestamp) {
                            rotate(panTracker)
                        }
                    case .released(button: 0x110) where pointerIsDown:
                        pointerIsDown = false
                        if panTracker.release(at: event.location, timestamp: event.timestamp) {
                            rotate(panTracker)
                        }
            """), text)
        // A touch point drives the pan alone: a second one down does not restart it.
        XCTAssertTrue(text.contains("""
                    switch event.phase {
                    case .began:
                        if panTouchID == nil {
                            panTouchID = event.touchID
                            panTracker.press(at: event.location, timestamp: event.timestamp)
                        }
                    case .moved:
                        if event.touchID == panTouchID, panTracker.move(to: event.location, timestamp: event.timestamp) {
                            rotate(panTracker)
                        }
                    case .ended:
                        if event.touchID == panTouchID {
                            panTouchID = nil
                            if panTracker.release(at: event.location, timestamp: event.timestamp) {
                                rotate(panTracker)
                            }
                        }
                    case .cancelled:
                        if event.touchID == panTouchID {
                            panTouchID = nil
                            if panTracker.cancel() {
                                rotate(panTracker)
                            }
                        }
                    }
            """), text)
        XCTAssertEqual(ported.notes.map(\.construct), ["CubeViewController"], "only the note on showing the controller")
        assertSecondRunChangesNothing([ported])

        // The class the command adds is the one Lamina's own tests run, word for word.
        let start = try XCTUnwrap(text.range(of: "/// UIKit's pan gesture recognizer, as a Lamina window's"))
        // (Its closing brace is the first at the start of a line.)
        let end = try XCTUnwrap(text.range(of: "\n}", range: start.upperBound..<text.endIndex))
        let laminaTest = try laminaTestFile("PanGestureTests.swift")
        XCTAssertTrue(laminaTest.contains(text[start.lowerBound..<end.upperBound]), String(text[start.lowerBound..<end.upperBound]))
    }

    func testAViewsPanAndTapTellAPanFromATapAndTheClassIsAddedOnce() {
        let dial = Porter.Source(path: "Dial.swift", text: """
            import UIKit

            final class DialView: UIView {
                let knob = CAShapeLayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(knob)
                    addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(turn(_:))))
                    let tap = UITapGestureRecognizer(target: self, action: #selector(reset))
                    addGestureRecognizer(tap)
                }

                required init?(coder: NSCoder) { fatalError() }

                @objc private func turn(_ pan: UIPanGestureRecognizer) {
                    guard pan.state == .changed else { return }
                    knob.position = pan.location(in: self)
                }

                @objc private func reset() {
                    knob.position = CGPoint(x: bounds.midX, y: bounds.midY)
                }
            }
            """)
        let slider = Porter.Source(path: "Slider.swift", text: """
            import UIKit

            final class SliderView: UIView {
                let thumb = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(thumb)
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(drag))
                    addGestureRecognizer(pan)
                }

                required init?(coder: NSCoder) { fatalError() }

                @objc func drag() {
                    thumb.opacity = 0.5
                }
            }
            """)
        let files = Porter(sources: [dial, slider], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("""
                private func turn(_ pan: PanGesture) {
                    guard pan.state == .changed else { return }
                    knob.position = pan.location(in: self)
                }
            """), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("""
                        if panTracker.release(at: event.location, timestamp: event.timestamp) {
                            turn(panTracker)
                        } else {
                            reset()
                        }
            """), files[0].ported)
        XCTAssertTrue(files[1].ported.contains("""
                        if panTracker.move(to: event.location, timestamp: event.timestamp) {
                            drag()
                        }
            """), files[1].ported)
        let declared = files.map { $0.ported.components(separatedBy: "final class PanGesture {").count - 1 }
        XCTAssertEqual(declared.reduce(0, +), 1, "the class is added to one file")
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(files)
    }

    func testAPanHandlerUsingTheRecognizerOtherwiseLeavesTheView() {
        let source = """
            import UIKit

            final class CardView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(drag(_:))))
                }

                required init?(coder: NSCoder) { fatalError() }

                @objc func drag(_ pan: UIPanGestureRecognizer) {
                    pan.view?.center = pan.location(in: superview)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("final class CardView: UIView {"), ported.ported)
        XCTAssertEqual(
            ported.notes.first?.why,
            "the view is not written as a layer: it uses a gesture recognizer other than a tap or one pan on itself that calls a method")

        // Two pan recognizers on one view are left too.
        let twice = Porter.port(source.replacingOccurrences(
            of: "pan.view?.center = pan.location(in: superview)", with: "_ = pan.translation(in: self)"
        ).replacingOccurrences(
            of: "    }\n\n    required", with: "        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(fling)))\n    }\n\n    @objc func fling() {}\n\n    required"))
        XCTAssertTrue(twice.ported.contains("addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(fling)))"), twice.ported)
        XCTAssertTrue(twice.ported.contains("final class CardView: UIView {"), twice.ported)
    }
}
