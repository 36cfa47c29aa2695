import Foundation
import QuartzCore
import TestSupport
import XCTest

// Layer subclasses as iOS and macOS code writes them: shared constants in `static let`s, a
// custom property kept by key-value coding, drawing, layout and actions overridden.
//
// The one edit Lamina needs is `required init(layer: Any)` where Apple code writes
// `override init(layer: Any)` (see the porting guide).

/// A horizontal meter whose `progress` (0…1) is drawn with `draw(in:)` and animates.
final class MeterLayer: CALayer {
    static let fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let trackColor = CGColor(gray: 1, alpha: 1)
    static let defaultProgress: CGFloat = 0.5

    /// Kept by key-value coding, so presentation copies and animations see it.
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    /// A plain stored property, copied into the presentation copy by `init(layer:)`.
    var caption = ""
    private(set) var drawCount = 0

    override init() {
        super.init()
        backgroundColor = MeterLayer.trackColor
        needsDisplayOnBoundsChange = true
    }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? MeterLayer {
            caption = other.caption
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "progress": return defaultProgress
        case "cornerRadius": return CGFloat(4)
        default: return super.defaultValue(forKey: key)
        }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    override func draw(in ctx: CGContext) {
        drawCount += 1
        let level = min(max(progress, 0), 1)
        ctx.setFillColor(MeterLayer.fillColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

/// A traffic light: three lamps in a housing, laid out by `layoutSublayers()`.
final class TrafficLightLayer: CALayer {
    static let lampColors: [CGColor] = [
        CGColor(red: 1, green: 0, blue: 0, alpha: 1),
        CGColor(red: 1, green: 1, blue: 0, alpha: 1),
        CGColor(red: 0, green: 1, blue: 0, alpha: 1),
    ]
    static let spacing: CGFloat = 4
    static let housingColor = CGColor(gray: 0, alpha: 1)

    private(set) var lamps: [CALayer] = []
    /// Called when the light is taken down, before it leaves its superlayer.
    var onRemove: ((CALayer?) -> Void)?

    override init() {
        super.init()
        backgroundColor = TrafficLightLayer.housingColor
        for color in TrafficLightLayer.lampColors {
            let lamp = CALayer()
            lamp.backgroundColor = color
            addSublayer(lamp)
            lamps.append(lamp)
        }
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        let side = bounds.width - 2 * TrafficLightLayer.spacing
        for (index, lamp) in lamps.enumerated() {
            let y = TrafficLightLayer.spacing + CGFloat(index) * (side + TrafficLightLayer.spacing)
            lamp.frame = CGRect(x: TrafficLightLayer.spacing, y: y, width: side, height: side)
        }
    }

    override func removeFromSuperlayer() {
        onRemove?(superlayer)
        super.removeFromSuperlayer()
    }
}

/// A layer showing a shared two-colour image, scaled up without smoothing.
final class StripesLayer: CALayer {
    /// Red on the left, blue on the right: made once, shared by every instance.
    static let stripes: CGImage? = {
        guard
            let ctx = CGContext(
                data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 8,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        return ctx.makeImage()
    }()

    override init() {
        super.init()
        contents = StripesLayer.stripes
        contentsGravity = .resize
        magnificationFilter = .nearest
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A selection highlight: its border follows its background colour at half strength, and
/// its fades are slow.
final class HighlightLayer: CALayer {
    static let fadeDuration: CFTimeInterval = 1

    override var backgroundColor: CGColor? {
        didSet { borderColor = backgroundColor?.copy(alpha: 0.5) }
    }

    override class func defaultAction(forKey event: String) -> CAAction? {
        guard event == "opacity" else { return super.defaultAction(forKey: event) }
        let fade = CABasicAnimation(keyPath: event)
        fade.duration = fadeDuration
        return fade
    }
}

final class LayerSubclassTests: XCTestCase {
    func testDefaultValueForKeyGivesTheSubclassDefaults() {
        let meter = MeterLayer()
        XCTAssertEqual(meter.progress, 0.5)
        XCTAssertEqual(meter.value(forKey: "progress") as? CGFloat, 0.5)
        XCTAssertEqual(meter.cornerRadius, 4)
        XCTAssertEqual(CALayer().cornerRadius, 0)
        XCTAssertEqual(MeterLayer.defaultValue(forKey: "progress") as? CGFloat, 0.5)
        XCTAssertEqual(MeterLayer.defaultValue(forKey: "opacity") as? Float, 1, "super's defaults stay")
    }

    func testStaticConstantsConfigureEveryInstance() {
        let light = TrafficLightLayer()
        XCTAssertEqual(light.lamps.map { $0.backgroundColor }, TrafficLightLayer.lampColors)
        XCTAssertEqual(light.sublayers?.count, 3)
        XCTAssertEqual(light.backgroundColor, CGColor(gray: 0, alpha: 1))
        XCTAssertTrue(StripesLayer().contents as? CGImage === StripesLayer.stripes)
    }

    func testLayoutSublayersPlacesTheLamps() {
        let light = TrafficLightLayer()
        light.bounds = CGRect(x: 0, y: 0, width: 20, height: 52)
        light.layoutIfNeeded()
        // side = 20 − 2 × 4 = 12; y = 4, 4 + 16, 4 + 32.
        XCTAssertEqual(light.lamps.map { $0.frame }, [
            CGRect(x: 4, y: 4, width: 12, height: 12),
            CGRect(x: 4, y: 20, width: 12, height: 12),
            CGRect(x: 4, y: 36, width: 12, height: 12),
        ])
    }

    func testDrawInContextDrawsTheCustomProperty() throws {
        let meter = MeterLayer()
        CATransaction.begin()
        meter.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        meter.cornerRadius = 0
        meter.progress = 0.25
        CATransaction.commit()
        XCTAssertEqual(meter.drawCount, 1, "drawn once, by the commit")
        let snapshot = try XCTUnwrap(LayerSnapshot(of: meter, width: 20, height: 10))
        XCTAssertEqual(snapshot.pixel(x: 4, y: 5), [0, 0, 255, 255], "the filled quarter")
        XCTAssertEqual(snapshot.pixel(x: 5, y: 5), [255, 255, 255, 255], "the track")
    }

    func testAStaticImageIsTheContentsOfEveryInstance() throws {
        let stripes = StripesLayer()
        stripes.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let snapshot = try XCTUnwrap(LayerSnapshot(of: stripes, width: 20, height: 10))
        XCTAssertEqual(snapshot.pixel(x: 0, y: 0), [255, 0, 0, 255])
        XCTAssertEqual(snapshot.pixel(x: 9, y: 9), [255, 0, 0, 255])
        XCTAssertEqual(snapshot.pixel(x: 10, y: 0), [0, 0, 255, 255])
        XCTAssertEqual(snapshot.pixel(x: 19, y: 9), [0, 0, 255, 255])
    }

    func testPresentationCopiesAreOfTheSubclassWithItsFields() throws {
        let meter = MeterLayer()
        meter.caption = "Battery"
        CATransaction.begin()
        meter.progress = 0.75
        CATransaction.commit()
        let copy = try XCTUnwrap(meter.presentation())
        XCTAssertTrue(type(of: copy) == MeterLayer.self)
        XCTAssertEqual(copy.caption, "Battery")
        XCTAssertEqual(copy.progress, 0.75)
        XCTAssertTrue(copy.model() === meter)
    }

    func testACustomActionAnimatesTheCustomPropertyFromWhereItIs() throws {
        let window = WindowStandIn()
        defer { window.close() }
        let meter = MeterLayer()
        CATransaction.begin()
        meter.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        window.rootLayer.addSublayer(meter)
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        meter.progress = 1
        CATransaction.commit()
        let animation = try XCTUnwrap(meter.animation(forKey: "progress") as? CABasicAnimation)
        XCTAssertEqual(animation.fromValue as? CGFloat, 0.5, "from the default on screen")
        XCTAssertEqual(animation.duration, 2)
        window.advance(by: 1)
        XCTAssertEqual(meter.presentation()?.progress, 0.75)
        window.advance(by: 1)
        XCTAssertEqual(meter.presentation()?.progress, 1)
        XCTAssertNil(meter.animation(forKey: "progress"))
    }

    func testAnOverriddenBackgroundColorObservesEveryWayItIsSet() {
        let highlight = HighlightLayer()
        highlight.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(highlight.borderColor, CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        highlight.setValue(CGColor(red: 0, green: 0, blue: 1, alpha: 1), forKey: "backgroundColor")
        XCTAssertEqual(highlight.borderColor, CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    func testAClassDefaultActionReplacesTheImplicitAnimation() throws {
        let window = WindowStandIn()
        defer { window.close() }
        let highlight = HighlightLayer()
        CATransaction.begin()
        window.rootLayer.addSublayer(highlight)
        CATransaction.commit()
        CATransaction.begin()
        highlight.opacity = 0
        highlight.position = CGPoint(x: 10, y: 10)
        CATransaction.commit()
        XCTAssertEqual(highlight.animation(forKey: "opacity")?.duration, 1, "the class's own")
        XCTAssertEqual(highlight.animation(forKey: "position")?.duration, 0.25, "CALayer's")
    }

    func testAnOverriddenRemoveFromSuperlayerRunsBeforeTheRemoval() {
        let parent = CALayer()
        parent.name = "corner"
        let light = TrafficLightLayer()
        parent.addSublayer(light)
        var removedFrom: String?
        light.onRemove = { removedFrom = $0?.name }
        light.removeFromSuperlayer()
        XCTAssertEqual(removedFrom, "corner")
        XCTAssertNil(light.superlayer)
        XCTAssertEqual(parent.sublayers?.count ?? 0, 0)
    }
}
