import Foundation
import QuartzCore
import TestSupport
import XCTest

// Layer subclasses in Swift 5 style: mutable and constant statics, a convenience
// initializer, stored properties that redraw on change, getter/setter overrides.
//
// The one edit Lamina needs is `required init(layer: Any)` where Apple code writes
// `override init(layer: Any)` (see the porting guide).

/// Vertical stripes, one per palette colour; the selected one is framed in black.
class SwatchLayer: CALayer {
    static let palette: [CGColor] = [
        CGColor(red: 1, green: 0, blue: 0, alpha: 1),
        CGColor(red: 0, green: 1, blue: 0, alpha: 1),
        CGColor(red: 0, green: 0, blue: 1, alpha: 1),
    ]
    static let stripeWidth: CGFloat = 10
    static let selectionColor = CGColor(gray: 0, alpha: 1)
    static var drawCount = 0

    var selectedIndex: Int = 0 {
        didSet { setNeedsDisplay() }
    }

    override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: SwatchLayer.stripeWidth * CGFloat(SwatchLayer.palette.count), height: 10)
        setNeedsDisplay()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        if let swatch = layer as? SwatchLayer {
            selectedIndex = swatch.selectedIndex
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func defaultValue(forKey key: String) -> Any? {
        if key == "borderWidth" {
            return 1
        }
        return super.defaultValue(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        SwatchLayer.drawCount += 1
        for (index, color) in SwatchLayer.palette.enumerated() {
            let stripe = CGRect(x: CGFloat(index) * SwatchLayer.stripeWidth, y: 0, width: SwatchLayer.stripeWidth, height: bounds.height)
            ctx.setFillColor(color)
            ctx.fill(stripe)
            if index == selectedIndex {
                ctx.setStrokeColor(SwatchLayer.selectionColor)
                ctx.setLineWidth(2)
                ctx.stroke(stripe.insetBy(dx: 1, dy: 1))
            }
        }
    }
}

/// A card with a title and an icon, laid out by the layer itself.
class CardLayer: CALayer {
    static let padding: CGFloat = 8
    static let iconSize: CGFloat = 16

    let titleLayer = CATextLayer()
    let iconLayer = CALayer()
    var removalCount = 0

    convenience init(title: String) {
        self.init()
        titleLayer.string = title
    }

    override init() {
        super.init()
        iconLayer.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        titleLayer.fontSize = 14
        addSublayer(iconLayer)
        addSublayer(titleLayer)
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var backgroundColor: CGColor? {
        get { return super.backgroundColor }
        set {
            super.backgroundColor = newValue
            shadowColor = newValue
        }
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        let padding = CardLayer.padding
        let size = CardLayer.iconSize
        iconLayer.frame = CGRect(x: padding, y: (bounds.height - size) / 2, width: size, height: size)
        titleLayer.frame = CGRect(x: padding * 2 + size, y: padding,
                                  width: bounds.width - padding * 3 - size, height: bounds.height - padding * 2)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "bounds" {
            return nil
        }
        return super.action(forKey: event)
    }

    override class func defaultAction(forKey event: String) -> CAAction? {
        if event == "backgroundColor" {
            let animation = CABasicAnimation(keyPath: event)
            animation.duration = 0.6
            animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
            return animation
        }
        return super.defaultAction(forKey: event)
    }

    override func removeFromSuperlayer() {
        removalCount += 1
        removeAllAnimations()
        super.removeFromSuperlayer()
    }
}

class CustomLayerSubclassTests: XCTestCase {
    func testStaticsAndDefaultsConfigureTheSwatch() {
        let swatch = SwatchLayer()
        XCTAssertEqual(swatch.bounds, CGRect(x: 0, y: 0, width: 30, height: 10))
        XCTAssertEqual(swatch.borderWidth, 1, "from defaultValue(forKey:)")
        XCTAssertEqual(SwatchLayer.defaultValue(forKey: "borderWidth") as? Int, 1)
        XCTAssertEqual(CALayer().borderWidth, 0)
    }

    func testTheSwatchDrawsItsPaletteAndRedrawsOnSelection() {
        let swatch = SwatchLayer()
        swatch.borderWidth = 0
        SwatchLayer.drawCount = 0
        CATransaction.begin()
        swatch.selectedIndex = 2
        CATransaction.commit()
        XCTAssertEqual(SwatchLayer.drawCount, 1)
        guard let bytes = swatch.snapshotBytes(width: 30, height: 10) else {
            return XCTFail("no snapshot")
        }
        XCTAssertEqual(bytes.pixel(x: 5, y: 5, width: 30), [255, 0, 0, 255])
        XCTAssertEqual(bytes.pixel(x: 15, y: 5, width: 30), [0, 255, 0, 255])
        XCTAssertEqual(bytes.pixel(x: 25, y: 5, width: 30), [0, 0, 255, 255])
        XCTAssertEqual(bytes.pixel(x: 20, y: 5, width: 30), [0, 0, 0, 255], "the selection frame")
        XCTAssertEqual(bytes.pixel(x: 10, y: 5, width: 30), [0, 255, 0, 255], "no frame on the green stripe")
    }

    func testTheCardLaysOutItsSublayers() {
        let card = CardLayer(title: "Inbox")
        card.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
        card.layoutIfNeeded()
        XCTAssertEqual(card.iconLayer.frame, CGRect(x: 8, y: 12, width: 16, height: 16))
        XCTAssertEqual(card.titleLayer.frame, CGRect(x: 32, y: 8, width: 160, height: 24))
        XCTAssertEqual(card.titleLayer.string as? String, "Inbox")
    }

    func testAGetterAndSetterOverrideOfBackgroundColor() {
        let card = CardLayer()
        let teal = CGColor(red: 0, green: 0.5, blue: 0.5, alpha: 1)
        card.backgroundColor = teal
        XCTAssertEqual(card.backgroundColor, teal)
        XCTAssertEqual(card.shadowColor, teal)
        card.setValue(CGColor(gray: 1, alpha: 1), forKey: "backgroundColor")
        XCTAssertEqual(card.shadowColor, CGColor(gray: 1, alpha: 1))
    }

    func testTheCardsActionsOverrideAndExtendCALayers() {
        let window = WindowStandIn()
        defer { window.close() }
        let card = CardLayer(title: "Inbox")
        CATransaction.begin()
        window.rootLayer.addSublayer(card)
        CATransaction.commit()
        CATransaction.begin()
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        card.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        card.opacity = 0.5
        CATransaction.commit()
        XCTAssertNil(card.animation(forKey: "bounds"), "nil from action(forKey:): no action")
        XCTAssertEqual(card.animation(forKey: "backgroundColor")?.duration, 0.6)
        XCTAssertEqual(card.animation(forKey: "backgroundColor")?.timingFunction, CAMediaTimingFunction(name: .easeOut))
        XCTAssertEqual(card.animation(forKey: "opacity")?.duration, 0.25)
        card.removeFromSuperlayer()
        XCTAssertEqual(card.removalCount, 1)
        XCTAssertNil(card.animationKeys(), "the override removed them first")
        XCTAssertNil(card.superlayer)
    }

    func testPresentationCopiesAreSwatchesWithTheSelection() {
        let swatch = SwatchLayer()
        swatch.selectedIndex = 1
        CATransaction.flush()
        let copy = swatch.presentation()
        XCTAssertNotNil(copy)
        XCTAssertEqual(copy?.selectedIndex, 1)
    }
}
