import QuartzCore
import TestSupport
import XCTest

/// The JJCircleLayer: a `progress` property that redraws the arc when it changes.
private final class CircleLayer: CALayer {
    @CAManaged("progress") var progress: CGFloat = 0
    @CAManaged("label") var label: String? = nil
    var drawnProgress: [CGFloat] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "progress" { return true }
        return super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        drawnProgress.append(progress)
        ctx.setLineWidth(5)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.addArc(
            center: CGPoint(x: bounds.width / 2, y: bounds.height / 2), radius: bounds.width / 2 - 6,
            startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }
}

/// A subclass with a managed property whose default comes from defaultValue(forKey:).
private final class ThemedLayer: CALayer {
    @CAManaged("lineWidth") var lineWidth: CGFloat = 1
    /// A plain stored property: copied only by init(layer:).
    var tag = 0

    override init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ThemedLayer {
            tag = other.tag
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "lineWidth" ? 2.5 : super.defaultValue(forKey: key)
    }
}

/// Counts needsDisplay(forKey:) calls (asked once, not per change).
private final class CountingLayer: CALayer {
    nonisolated(unsafe) static var asked: [String] = []
    @CAManaged("level") var level = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        asked.append(key)
        return key == "level"
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CAManagedTests: XCTestCase {
    func testManagedPropertyIsReadableAndWritableByKey() async throws {
        let layer = CircleLayer()
        XCTAssertEqual(layer.progress, 0)
        XCTAssertEqual(layer.value(forKey: "progress") as? CGFloat, 0)
        layer.progress = 0.25
        XCTAssertEqual(layer.value(forKey: "progress") as? CGFloat, 0.25)
        layer.setValue(0.75, forKey: "progress")
        XCTAssertEqual(layer.progress, 0.75)
        layer.setValue(1, forKeyPath: "progress")
        XCTAssertEqual(layer.progress, 1)
        XCTAssertNil(layer.label)
        layer.label = "half"
        XCTAssertEqual(layer.value(forKey: "label") as? String, "half")
        layer.label = nil
        XCTAssertNil(layer.label)
    }

    // needsDisplayForKey("progress") makes a change of progress redraw the layer.
    func testChangingProgressMarksRedisplayAndRedraws() async throws {
        commitEarlierTestsChanges()
        let layer = CircleLayer()
        layer.frame = CGRect(x: 100, y: 200, width: 200, height: 200)
        layer.backgroundColor = CGColor(gray: 0.8, alpha: 1)
        CATransaction.flush()
        XCTAssertEqual(layer.drawnProgress, [])
        layer.progress = 0.5
        XCTAssertTrue(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(layer.drawnProgress, [0.5])
        layer.setValue(1.0, forKey: "progress")
        XCTAssertTrue(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(layer.drawnProgress, [0.5, 1])
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 200)
        // The full circle passes through the top middle (radius 94 around (100, 100)).
        XCTAssertEqual(image.pixel(x: 100, y: 6)?.blue, 255)
        XCTAssertEqual(image.pixel(x: 100, y: 100)?.alpha, 0)
        // Other keys do not redraw.
        layer.position = .zero
        CATransaction.flush()
        XCTAssertEqual(layer.drawnProgress.count, 2)
    }

    // needsDisplayForKey is asked once per key, not on every change.
    func testNeedsDisplayForKeyIsAskedOncePerKey() async throws {
        CountingLayer.asked = []
        let a = CountingLayer(), b = CountingLayer()
        a.level = 1
        a.level = 2
        b.level = 3
        a.opacity = 0.5
        b.opacity = 0.4
        XCTAssertEqual(CountingLayer.asked.filter { $0 == "level" }.count, 1)
        XCTAssertEqual(CountingLayer.asked.filter { $0 == "opacity" }.count, 1)
        XCTAssertTrue(b.needsDisplay())
    }

    func testDefaultsComeFromClassThenDeclaration() async throws {
        let themed = ThemedLayer()
        XCTAssertEqual(themed.lineWidth, 2.5)
        XCTAssertEqual(themed.value(forKey: "lineWidth") as? Double, 2.5)
        let circle = CircleLayer()
        XCTAssertEqual(circle.value(forKey: "progress") as? CGFloat, 0)
        circle.style = ["progress": 0.1]
        XCTAssertEqual(circle.progress, 0.1)
    }

    // initWithLayer: copies a subclass's fields into the presentation copy; managed
    // properties follow every commit.
    func testPresentationCopiesSubclassFields() async throws {
        commitEarlierTestsChanges()
        let layer = ThemedLayer()
        layer.tag = 7
        layer.lineWidth = 4
        CATransaction.flush()
        let presentation = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presentation.tag, 7)
        XCTAssertEqual(presentation.lineWidth, 4)
        layer.lineWidth = 9
        CATransaction.flush()
        XCTAssertTrue(layer.presentation() === presentation)
        XCTAssertEqual(presentation.lineWidth, 9)
        XCTAssertEqual(presentation.value(forKey: "lineWidth") as? CGFloat, 9)
    }
}
