import XCTest

@testable import QuartzCore

/// A shape or text layer's snapshot shows what its getters answer, however the values got
/// there: unset, set by property, set by key as another number type, set to nil, inherited
/// from a style, or overridden by an app's subclass.
final class SubclassSnapshotValueTests: XCTestCase {
    private let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)

    func testAnUntouchedShapeLayerSnapshotsApplesDefaults() throws {
        let layer = CAShapeLayer()
        layer.path = circle
        let shape = try XCTUnwrap(layer.makeRenderTree().shape)
        XCTAssertEqual(shape.fillColor, CGColor.black)
        XCTAssertNil(shape.strokeColor)
        XCTAssertEqual(shape.fillRule, .nonZero)
        XCTAssertEqual(shape.strokeStart, 0)
        XCTAssertEqual(shape.strokeEnd, 1)
        XCTAssertEqual(shape.lineWidth, 1)
        XCTAssertEqual(shape.miterLimit, 10)
        XCTAssertEqual(shape.lineCap, .butt)
        XCTAssertEqual(shape.lineJoin, .miter)
        XCTAssertEqual(shape.lineDashPhase, 0)
        XCTAssertEqual(shape.lineDashPattern, [])
        XCTAssertEqual(shape.path, CARenderPath(circle))
    }

    func testShapeValuesSetByPropertyByKeyAndToNil() throws {
        let layer = CAShapeLayer()
        layer.path = circle
        layer.fillColor = nil
        layer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setValue(Float(0.25), forKey: "strokeEnd")
        layer.setValue(3, forKey: "lineWidth")
        layer.lineCap = .round
        layer.lineDashPattern = [4, 2]
        let shape = try XCTUnwrap(layer.makeRenderTree().shape)
        XCTAssertNil(shape.fillColor, "set to nil")
        XCTAssertEqual(shape.strokeColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(shape.strokeEnd, 0.25, "a Float set by key")
        XCTAssertEqual(shape.lineWidth, 3, "an Int set by key")
        XCTAssertEqual(shape.lineCap, .round)
        XCTAssertEqual(shape.lineDashPattern, [4, 2])
        XCTAssertEqual(shape.miterLimit, 10, "unset")
    }

    func testAShapeLayerWithoutAPathOrWithANilPathDrawsNoShape() {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.makeRenderTree().shape)
        layer.path = circle
        layer.path = nil
        XCTAssertNil(layer.makeRenderTree().shape)
    }

    func testAStyledOrSubclassedShapeLayerSnapshotsWhatItsGettersAnswer() throws {
        let styled = CAShapeLayer()
        styled.path = circle
        styled.style = ["lineWidth": CGFloat(5), "fillColor": CGColor.white]
        let shape = try XCTUnwrap(styled.makeRenderTree().shape)
        XCTAssertEqual(shape.lineWidth, 5)
        XCTAssertEqual(shape.fillColor, CGColor.white)

        let thick = ThickShapeLayer()
        thick.path = circle
        XCTAssertEqual(try XCTUnwrap(thick.makeRenderTree().shape).lineWidth, 7, "the subclass's default")
        XCTAssertEqual(try XCTUnwrap(thick.makeRenderTree().shape).strokeEnd, 0.5, "the subclass's getter")
    }

    func testTextValuesUntouchedAndSet() throws {
        let layer = CATextLayer()
        layer.string = "Hi"
        let untouched = try XCTUnwrap(layer.makeRenderTree().text)
        XCTAssertEqual(untouched.runs.first?.fontSize, 36)
        XCTAssertEqual(untouched.runs.first?.foregroundColor, CGColor.white)
        XCTAssertEqual(untouched.runs.first?.fontName, CATextLayer.defaultFontName)
        XCTAssertFalse(untouched.isWrapped)
        XCTAssertEqual(untouched.truncationMode, .none)
        XCTAssertEqual(untouched.alignmentMode, .natural)

        layer.setValue(20, forKey: "fontSize")
        layer.font = "DejaVu Sans Bold" as CFString
        layer.foregroundColor = nil
        layer.isWrapped = true
        layer.alignmentMode = .center
        let set = try XCTUnwrap(layer.makeRenderTree().text)
        XCTAssertEqual(set.runs.first?.fontSize, 20, "an Int set by key")
        XCTAssertEqual(set.runs.first?.fontName, "DejaVu Sans Bold")
        XCTAssertNil(set.runs.first?.foregroundColor, "set to nil")
        XCTAssertTrue(set.isWrapped)
        XCTAssertEqual(set.alignmentMode, .center)

        layer.font = nil
        XCTAssertEqual(try XCTUnwrap(layer.makeRenderTree().text).runs.first?.fontName, CATextLayer.defaultFontName)
        layer.string = nil
        XCTAssertNil(layer.makeRenderTree().text)
    }

    func testAStyledOrSubclassedTextLayerSnapshotsWhatItsGettersAnswer() throws {
        let styled = CATextLayer()
        styled.string = "Hi"
        styled.style = ["fontSize": CGFloat(11)]
        XCTAssertEqual(try XCTUnwrap(styled.makeRenderTree().text).runs.first?.fontSize, 11)
        let big = BigTextLayer()
        big.string = "Hi"
        XCTAssertEqual(try XCTUnwrap(big.makeRenderTree().text).runs.first?.fontSize, 50)
    }
}

private final class ThickShapeLayer: CAShapeLayer {
    override class func defaultValue(forKey key: String) -> Any? {
        key == "lineWidth" ? CGFloat(7) : super.defaultValue(forKey: key)
    }
    override var strokeEnd: CGFloat {
        get { 0.5 }
        set { super.strokeEnd = newValue }
    }
}

private final class BigTextLayer: CATextLayer {
    override var fontSize: CGFloat {
        get { 50 }
        set { super.fontSize = newValue }
    }
}
