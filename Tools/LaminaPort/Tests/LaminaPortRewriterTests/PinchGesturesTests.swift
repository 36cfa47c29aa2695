import LaminaPortRewriter
import XCTest

/// UIKit's pinch recognizers on views and controllers written as layers: the layer's touchpad
/// pinches drive the pinch class the command adds, and call the recognizer's method.
final class PinchGesturesTests: XCTestCase {
    func testAControllersPanAndPinchKeptInPropertiesAreDrivenByTheLayersEvents() throws {
        // The recognizers are made in a private extension and kept in optional properties that
        // nothing else reads; the properties go with them.
        let source = """
            import UIKit

            class CubeViewController: UIViewController {
                var cube = CATransformLayer()
                var panRecognizer: UIPanGestureRecognizer?
                var pinchRecognizer: UIPinchGestureRecognizer?
                var zoom: CGFloat = 1

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.addSublayer(cube)
                    setUpGestures()
                }
            }

            private extension CubeViewController {
                func setUpGestures() {
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
                    panRecognizer = pan
                    view.addGestureRecognizer(pan)
                    let pinch = UIPinchGestureRecognizer(target: self, action: #selector(handlePinch(_:)))
                    self.pinchRecognizer = pinch
                    view.addGestureRecognizer(pinch)
                }

                @objc
                func handlePan(_ gesture: UIPanGestureRecognizer) {
                    let moved = gesture.translation(in: view)
                    cube.transform = CATransform3DMakeRotation(moved.x / 90, 0, 1, 0)
                }

                @objc
                func handlePinch(_ gesture: UIPinchGestureRecognizer) {
                    switch gesture.state {
                    case .changed:
                        zoom *= gesture.scale
                        gesture.scale = 1
                        cube.position = gesture.location(in: view)
                    case .ended:
                        zoom += gesture.velocity / 10
                    default:
                        return
                    }
                    cube.sublayerTransform = CATransform3DMakeScale(zoom, zoom, zoom)
                }
            }
            """
        let ported = Porter.port(source)
        let text = ported.ported
        XCTAssertTrue(text.contains("""
            class CubeViewController: CALayer, PointerEventHandling, TouchEventHandling, GestureEventHandling {
                var cube = CATransformLayer()
                var zoom: CGFloat = 1
            """), text)
        XCTAssertTrue(text.contains("""
                func handlePinch(_ gesture: PinchGesture) {
                    switch gesture.state {
                    case .changed:
                        zoom *= gesture.scale
                        gesture.scale = 1
                        cube.position = gesture.location(in: self)
            """), text)
        XCTAssertTrue(text.contains("""
                @MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {
                    if pinchTracker.track(event) {
                        if pinchTracker.state == .began, panTracker.cancel() {
                            handlePan(panTracker)
                        }
                        if pinchTracker.state == .ended || pinchTracker.state == .cancelled { panTouchID = nil }
                        handlePinch(pinchTracker)
                        return true
                    }
                    if pinchTracker.followsTwoTouches { return true }
                    switch event.phase {
                    case .began:
                        if panTouchID == nil {
            """), "the touch points go to the pinch first, which cancels the pan it interrupts:\n\(text)")
        XCTAssertTrue(text.contains("""
                /// UIKit's pinch recognizer on the view, which the touchpad's pinches over the layer and two
                /// touch points on it drive.
                private let pinchTracker = PinchGesture()

                /// UIKit's pinches on the view: the window's touchpad pinches that reach the layer.
                @MainActor func handleGestureEvent(_ event: GestureEvent) -> Bool {
                    guard pinchTracker.track(event) else { return false }
                    handlePinch(pinchTracker)
                    return true
                }
            """), text)
        XCTAssertFalse(text.contains("Recognizer"), "the recognizers and the properties keeping them go:\n\(text)")
        XCTAssertEqual(ported.notes.map(\.construct), ["CubeViewController"], "only the note on showing the controller")
        assertSecondRunChangesNothing([ported])

        // The class the command adds is the one Lamina's own tests run, word for word.
        let start = try XCTUnwrap(text.range(of: "/// UIKit's pinch gesture recognizer, as a Lamina window's"))
        let end = try XCTUnwrap(text.range(of: "\n}", range: start.upperBound..<text.endIndex))
        let laminaTest = try laminaTestFile("PinchGestureTests.swift")
        XCTAssertTrue(laminaTest.contains(text[start.lowerBound..<end.upperBound]), String(text[start.lowerBound..<end.upperBound]))

        // Another file naming the property may read the recognizer there: the controller is left.
        let read = Porter(
            sources: [
                Porter.Source(path: "CubeViewController.swift", text: source),
                Porter.Source(path: "Settings.swift", text: "import UIKit\n\nfunc lockZoom(of cube: CubeViewController) {\n    cube.pinchRecognizer?.isEnabled = false\n}\n"),
            ],
            addsMissingImports: false
        ).port()
        XCTAssertTrue(read[0].ported.contains("class CubeViewController: UIViewController {"), read[0].ported)
    }

    func testAViewWithOnlyAPinchTakesOnlyTouchesAndTheTouchpadsGesturesAndTheClassIsAddedOnce() {
        let photo = Porter.Source(path: "Photo.swift", text: """
            import UIKit

            final class PhotoView: UIView {
                let picture = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(picture)
                    addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(zoom(_:))))
                }

                required init?(coder: NSCoder) { fatalError() }

                @objc private func zoom(_ pinch: UIPinchGestureRecognizer) {
                    picture.transform = CATransform3DScale(picture.transform, pinch.scale, pinch.scale, 1)
                    pinch.scale = 1
                }
            }
            """)
        let map = Porter.Source(path: "Map.swift", text: """
            import UIKit

            final class MapView: UIView {
                let tiles = CALayer()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(tiles)
                    let pinch = UIPinchGestureRecognizer(target: self, action: #selector(zoom))
                    addGestureRecognizer(pinch)
                }

                required init?(coder: NSCoder) { fatalError() }

                @objc func zoom() {
                    tiles.opacity = 0.5
                }
            }
            """)
        let files = Porter(sources: [photo, map], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("final class PhotoView: CALayer, TouchEventHandling, GestureEventHandling {"), files[0].ported)
        XCTAssertFalse(files[0].ported.contains("handlePointerEvent"), "no pointer handler for a pinch alone:\n\(files[0].ported)")
        // Touch points that are not the pinch's go on to the layers under it.
        XCTAssertTrue(files[0].ported.contains("""
                @MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {
                    guard pinchTracker.track(event) else { return false }
                    zoom(pinchTracker)
                    return true
                }
            """), files[0].ported)
        XCTAssertTrue(files[1].ported.contains("    zoom()\n"), files[1].ported)
        let declarations = files.map { $0.ported.components(separatedBy: "final class PinchGesture {").count - 1 }
        XCTAssertEqual(declarations, [1, 0], "the class is added once to the files")
        XCTAssertEqual(files.flatMap { $0.notes.map(\.construct) }, [])
        assertSecondRunChangesNothing(files)

        // A recognizer used otherwise (its `view`, a rotation's angle) leaves the view, and so
        // does a property keeping it that something else reads.
        for changed in [
            photo.text.replacingOccurrences(of: "pinch.scale = 1", with: "pinch.view?.alpha = 1"),
            photo.text.replacingOccurrences(
                of: "    addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: #selector(zoom(_:))))",
                with: "    let pinch = UIPinchGestureRecognizer(target: self, action: #selector(zoom(_:)))\n        pinchRecognizer = pinch\n        addGestureRecognizer(pinch)\n        print(pinchRecognizer as Any)")
                .replacingOccurrences(of: "let picture = CALayer()", with: "let picture = CALayer()\n    var pinchRecognizer: UIPinchGestureRecognizer?"),
        ] {
            XCTAssertNotEqual(changed, photo.text)
            let left = Porter(sources: [Porter.Source(path: "Photo.swift", text: changed)], addsMissingImports: false).port()
            XCTAssertTrue(left[0].ported.contains("final class PhotoView: UIView {"), left[0].ported)
        }
    }
}
