import LaminaPortRewriter
import XCTest

/// An initializer's colour, image, font and path parameters, written as a function's are:
/// its calls name its type (`DotLayer(color: …)`), and only the calls whose labels it takes
/// are its own (another initializer of the type is not).
final class InitializerParameterTests: XCTestCase {
    func testAnInitializersParametersTakeTheCoreGraphicsValuesItsCallsPass() {
        let layers = Porter.Source(path: "Layers.swift", text: """
            final class DotLayer: CAShapeLayer {
                override init() {
                    super.init()
                }
                init(color: UIColor, outline: UIBezierPath, font: UIFont) {
                    super.init()
                    fillColor = color.cgColor
                    path = outline.cgPath
                    bounds = outline.bounds
                    let label = CATextLayer()
                    label.font = font
                    label.fontSize = font.pointSize
                    addSublayer(label)
                }
                init(sprite: UIImage) {
                    super.init()
                    contents = sprite.cgImage
                }
                required init(layer: Any) {
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            let plain = DotLayer()
            let red = DotLayer(color: .systemRed, outline: UIBezierPath(ovalIn: .zero), font: .systemFont(ofSize: 9))
            """)
        let scene = Porter.Source(path: "Scene.swift", text: """
            let hero = DotLayer(sprite: UIImage(named: "hero")!)
            """)
        let ported = Porter(sources: [layers, scene], addsMissingImports: false).port()
        XCTAssertEqual(ported[0].ported, """
            final class DotLayer: CAShapeLayer {
                override init() {
                    super.init()
                }
                init(color: CGColor, outline: CGPath, font: CTFont) {
                    super.init()
                    fillColor = color
                    path = outline
                    bounds = outline.boundingBox
                    let label = CATextLayer()
                    label.font = font
                    label.fontSize = CTFontGetSize(font)
                    addSublayer(label)
                }
                init(sprite: CGImage) {
                    super.init()
                    contents = sprite
                }
                required init(layer: Any) {
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            let plain = DotLayer()
            let red = DotLayer(color: CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1), outline: CGPath(ellipseIn: .zero, transform: nil), font: CTFontCreateUIFontForLanguage(.system, 9, nil)!)
            """)
        XCTAssertEqual(ported[1].ported, """
            import ImageIO
            let hero = DotLayer(sprite: ((Bundle.main.url(forResource: "hero", withExtension: "png") ?? Bundle.main.url(forResource: "hero", withExtension: nil)).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })!)
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [])
        let again = Porter(sources: ported.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), ported.map(\.ported), "a second run changes nothing")
    }

    func testASuperclassInitializerCalledBySuperInitTakesWhatTheSubclassPasses() {
        // `super.init(fill:)` calls the superclass's initializer, and `self.init(…)` the type's
        // own: their arguments are written with its parameter, a subclass's parameter passed
        // on with them.
        let source = """
            class BadgeLayer: CALayer {
                init(fill: UIColor) {
                    super.init()
                    backgroundColor = fill.cgColor
                }
                convenience init(alert: Bool) {
                    self.init(fill: .systemRed)
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class TintedBadgeLayer: BadgeLayer {
                init(tint: UIColor) {
                    super.init(fill: tint)
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            let info = TintedBadgeLayer(tint: .systemBlue)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            class BadgeLayer: CALayer {
                init(fill: CGColor) {
                    super.init()
                    backgroundColor = fill
                }
                convenience init(alert: Bool) {
                    self.init(fill: CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1))
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class TintedBadgeLayer: BadgeLayer {
                init(tint: CGColor) {
                    super.init(fill: tint)
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            let info = TintedBadgeLayer(tint: CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1))
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnInitializerCalledWithAColourItDoesNotWriteKeepsItsParameter() {
        let source = """
            final class DotLayer: CALayer {
                init(color: UIColor) {
                    super.init()
                    backgroundColor = color.cgColor
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            let brand = DotLayer(color: UIColor(named: "Brand")!)
            """
        XCTAssertTrue(Porter.port(source).ported.contains("init(color: UIColor)"), Porter.port(source).ported)
    }
}
