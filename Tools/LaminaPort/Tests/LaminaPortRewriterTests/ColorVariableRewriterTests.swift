import LaminaPortRewriter
import XCTest

final class ColorVariableRewriterTests: XCTestCase {
    func testAColourPropertyThatOnlyHandsOnItsCGColorHoldsTheCGColor() {
        let source = """
            import UIKit

            final class Pulse: CALayer {
                var tint: UIColor = .systemRed {
                    didSet { borderColor = tint.cgColor }
                }
                func reset(_ other: Pulse) {
                    tint = UIColor.white
                    other.tint = .black
                    backgroundColor = self.tint.cgColor
                }
            }
            """
        let ported = Porter.port(source, path: "Pulse.swift")
        // systemRed's light components: Apple's Human Interface Guidelines (255, 59, 48).
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class Pulse: CALayer {
                var tint: CGColor = CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1) {
                    didSet { borderColor = tint }
                }
                func reset(_ other: Pulse) {
                    tint = CGColor(gray: 1, alpha: 1)
                    other.tint = CGColor(gray: 0, alpha: 1)
                    backgroundColor = self.tint
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testALocalColourAndAnArrayOfColoursMappedToCGColors() {
        let source = """
            func paint(_ gradient: CAGradientLayer, ring: CAShapeLayer) {
                let accent = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
                ring.strokeColor = accent.cgColor
                var stops: [UIColor] = [.red,
                                        UIColor.orange.withAlphaComponent(0.5)]
                gradient.colors = stops.map { $0.cgColor }
                stops = [.blue, .green]
                gradient.colors = stops.map(\\.cgColor)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func paint(_ gradient: CAGradientLayer, ring: CAShapeLayer) {
                let accent = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
                ring.strokeColor = accent
                var stops: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                        CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)]
                gradient.colors = stops
                stops = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
                gradient.colors = stops
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAColourUsedOtherwiseOrDeclaredAgainIsLeftForAPerson() {
        let passedOn = """
            let tint = UIColor.red
            layer.borderColor = tint.cgColor
            apply(tint)
            """
        XCTAssertEqual(Porter.port(passedOn).ported, passedOn)
        XCTAssertEqual(Porter.port(passedOn).notes.map(\.construct), ["UIColor"])

        let resolved = """
            let tint = UIColor.red
            layer.borderColor = tint.resolvedColor(with: darkTraits).cgColor
            """
        XCTAssertEqual(Porter.port(resolved).ported, resolved)

        let shadowed = """
            func f(_ layer: CALayer) {
                let tint = UIColor.red
                layer.borderColor = tint.cgColor
                layers.forEach { tint in tint.draw() }
            }
            """
        XCTAssertEqual(Porter.port(shadowed).ported, shadowed)

        // A computed property whose setter uses the new colour otherwise than for its CGColor.
        let computed = """
            final class Badge: CALayer {
                var tint: UIColor {
                    get { .red }
                    set { borderColor = newValue.cgColor; record(newValue) }
                }
                func f() { borderColor = tint.cgColor }
            }
            """
        XCTAssertEqual(Porter.port(computed).ported.contains("var tint: UIColor {"), true)

        let assignedOther = """
            final class Badge: CALayer {
                var tint: UIColor = .red
                func f(_ color: UIColor) { tint = color; borderColor = tint.cgColor }
            }
            func g(_ badge: Badge) { badge.f(UIColor(named: "Brand")!) }
            """
        XCTAssertEqual(Porter.port(assignedOther).ported.contains("var tint: UIColor = .red"), true)
    }

    func testAnotherTypesPropertyOfTheSameNameIsNotTaken() {
        let source = """
            final class Sheen {
                let gradient = CAGradientLayer()
                var colors: [UIColor] = [.white, .black] {
                    didSet { gradient.colors = colors.map { $0.cgColor } }
                }
            }
            """
        XCTAssertEqual(Porter.port(source).ported, """
            final class Sheen {
                let gradient = CAGradientLayer()
                var colors: [CGColor] = [CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 1)] {
                    didSet { gradient.colors = colors }
                }
            }
            """)
    }

    func testAnArrayOfColoursUsedByElementOrInALoopHoldsCGColors() {
        let source = """
            func cells(_ emitter: CAEmitterLayer) {
                let palette: [UIColor] = [.red, .green]
                var made: [CAEmitterCell] = []
                for colour in palette {
                    let cell = CAEmitterCell()
                    cell.color = colour.cgColor
                    made.append(cell)
                }
                emitter.backgroundColor = palette[0].cgColor
                emitter.borderColor = palette.randomElement()?.cgColor
                emitter.shadowColor = palette.last!.cgColor
                if palette.isEmpty || palette.count > 2 { return }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func cells(_ emitter: CAEmitterLayer) {
                let palette: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
                var made: [CAEmitterCell] = []
                for colour in palette {
                    let cell = CAEmitterCell()
                    cell.color = colour
                    made.append(cell)
                }
                emitter.backgroundColor = palette[0]
                emitter.borderColor = palette.randomElement()
                emitter.shadowColor = palette.last!
                if palette.isEmpty || palette.count > 2 { return }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        let drawn = "let palette: [UIColor] = [.red]\nfor colour in palette { colour.setFill() }\n"
        XCTAssertEqual(Porter.port(drawn).ported, drawn, "a colour of the loop used otherwise leaves the array")
    }

    func testAnArrayOfColoursGoneThroughInEnumeratedPairsHoldsCGColors() {
        // The pair's second is the element: in a `for` pattern, or a closure's second parameter.
        let source = """
            func cells(_ emitter: CAEmitterLayer) {
                let palette: [UIColor] = [.red, .green]
                emitter.emitterCells = palette.enumerated().map { index, colour in
                    let cell = CAEmitterCell()
                    cell.name = "spark\\(index)"
                    cell.color = colour.cgColor
                    return cell
                }
                for (index, colour) in palette.enumerated() where index > 0 {
                    emitter.emitterCells?[index].color = colour.cgColor
                }
                [UIColor.blue, .white].enumerated().forEach { (index, colour) in
                    emitter.sublayers?[index].borderColor = colour.cgColor
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func cells(_ emitter: CAEmitterLayer) {
                let palette: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
                emitter.emitterCells = palette.enumerated().map { index, colour in
                    let cell = CAEmitterCell()
                    cell.name = "spark\\(index)"
                    cell.color = colour
                    return cell
                }
                for (index, colour) in palette.enumerated() where index > 0 {
                    emitter.emitterCells?[index].color = colour
                }
                [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(gray: 1, alpha: 1)].enumerated().forEach { (index, colour) in
                    emitter.sublayers?[index].borderColor = colour
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // A closure naming no parameters may read `$0.element`: the array is left, and reported.
        let shorthand = "let palette: [UIColor] = [.red]\nlet cgs = palette.enumerated().map { $0.element.cgColor }\n"
        XCTAssertEqual(Porter.port(shorthand).ported, shorthand.replacingOccurrences(of: "import UIKit\n", with: ""))
        XCTAssertEqual(Porter.port(shorthand).notes.map(\.construct), ["UIColor"])
    }

    func testAColourParameterUsedOnlyForItsCGColorTakesACGColor() {
        let source = """
            extension CALayer {
                func applyShadow(color: UIColor = .black, radius: CGFloat = 4) {
                    shadowColor = color.cgColor
                    shadowRadius = radius
                }
            }
            func style(_ layer: CALayer) {
                layer.applyShadow(color: UIColor.gray.withAlphaComponent(0.4))
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            extension CALayer {
                func applyShadow(color: CGColor = CGColor(gray: 0, alpha: 1), radius: CGFloat = 4) {
                    shadowColor = color
                    shadowRadius = radius
                }
            }
            func style(_ layer: CALayer) {
                layer.applyShadow(color: CGColor(gray: 0.5, alpha: 0.4))
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // A caller passing a colour it keeps as UIKit's (a parameter it uses otherwise), or a
        // body using it otherwise: left.
        let passedOn = "func tint(color: UIColor) { layer.borderColor = color.cgColor }\nfunc f(c: UIColor) { tint(color: c); print(c) }\n"
        XCTAssertTrue(Porter.port(passedOn).ported.hasPrefix("func tint(color: UIColor)"))
        let drawn = "func tint(color: UIColor) { color.setFill() }\n"
        XCTAssertEqual(Porter.port(drawn).ported, drawn)
    }

    func testAColourParameterWithoutALabelTakesACGColorFromTheArgumentInItsPlace() {
        // The argument in the parameter's place, in this file and another ported one; a colour
        // variable passed there is written with it.
        let badges = Porter.Source(path: "Badges.swift", text: """
            func makeBadge(_ color: UIColor, size: CGFloat) -> CALayer {
                let badge = CALayer()
                badge.backgroundColor = color.cgColor
                badge.bounds.size = CGSize(width: size, height: size)
                return badge
            }
            func tinted(_ color: UIColor, _ alpha: CGFloat) -> CGColor {
                return color.withAlphaComponent(alpha).cgColor
            }
            let red = makeBadge(.systemRed, size: 8)
            """)
        let scene = Porter.Source(path: "Scene.swift", text: """
            func scene() -> [CALayer] {
                let accent = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
                let shade = CALayer()
                shade.backgroundColor = tinted(.black, 0.3)
                return [makeBadge(accent, size: 12), shade]
            }
            """)
        let ported = Porter(sources: [badges, scene], addsMissingImports: false).port()
        XCTAssertEqual(ported[0].ported, """
            func makeBadge(_ color: CGColor, size: CGFloat) -> CALayer {
                let badge = CALayer()
                badge.backgroundColor = color
                badge.bounds.size = CGSize(width: size, height: size)
                return badge
            }
            func tinted(_ color: CGColor, _ alpha: CGFloat) -> CGColor {
                return color.copy(alpha: alpha)!
            }
            let red = makeBadge(CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1), size: 8)
            """)
        XCTAssertEqual(ported[1].ported, """
            func scene() -> [CALayer] {
                let accent = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
                let shade = CALayer()
                shade.backgroundColor = tinted(CGColor(gray: 0, alpha: 1), 0.3)
                return [makeBadge(accent, size: 12), shade]
            }
            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [])
        let again = Porter(sources: ported.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), ported.map(\.ported), "a second run changes nothing")

        // A call leaving out a defaulted argument passes the others in their places, as Swift
        // matches them (the colour is the first); one passing another colour in that place
        // leaves the parameter.
        let defaulted = """
            func dot(_ color: UIColor, size: CGFloat = 4) -> CALayer {
                let dot = CALayer()
                dot.backgroundColor = color.cgColor
                return dot
            }
            let a = dot(.red)
            """
        XCTAssertEqual(Porter.port(defaulted).ported, """
            func dot(_ color: CGColor, size: CGFloat = 4) -> CALayer {
                let dot = CALayer()
                dot.backgroundColor = color
                return dot
            }
            let a = dot(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            """)
        let other = """
            func dot(_ color: UIColor) -> CALayer {
                let dot = CALayer()
                dot.backgroundColor = color.cgColor
                return dot
            }
            let a = dot(.red)
            let b = dot(UIColor(named: "Brand")!)
            """
        XCTAssertTrue(Porter.port(other).ported.hasPrefix("func dot(_ color: UIColor)"), Porter.port(other).ported)
    }

    func testAColourParameterStoredInAColourPropertyIsACGColorOnBothSides() {
        // In the initializer, `pulseColor` alone is the parameter and `self.pulseColor` the
        // property; each is taken to be written while the other is checked.
        let source = """
            final class PulseLayer: CALayer {
                var pulseColor: UIColor {
                    didSet { backgroundColor = pulseColor.cgColor }
                }
                init(pulseColor: UIColor) {
                    self.pulseColor = pulseColor
                    super.init()
                    borderColor = pulseColor.cgColor
                }
                func recolor(_ color: UIColor) { pulseColor = color }
                override init(layer: Any) {
                    pulseColor = (layer as! PulseLayer).pulseColor
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            let pulse = PulseLayer(pulseColor: .systemTeal)
            func calm(_ layer: PulseLayer) { layer.recolor(.systemGray) }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class PulseLayer: CALayer {
                var pulseColor: CGColor {
                    didSet { backgroundColor = pulseColor }
                }
                init(pulseColor: CGColor) {
                    self.pulseColor = pulseColor
                    super.init()
                    borderColor = pulseColor
                }
                func recolor(_ color: CGColor) { pulseColor = color }
                required init(layer: Any) {
                    pulseColor = (layer as! PulseLayer).pulseColor
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            let pulse = PulseLayer(pulseColor: CGColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1))
            func calm(_ layer: PulseLayer) { layer.recolor(CGColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1)) }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // A caller passing a colour the command does not write leaves both.
        let named = source.replacingOccurrences(of: "layer.recolor(.systemGray)", with: "layer.recolor(UIColor(named: \"Calm\")!)")
        XCTAssertTrue(Porter.port(named).ported.contains("var pulseColor: UIColor"), Porter.port(named).ported)
        XCTAssertTrue(Porter.port(named).ported.contains("init(pulseColor: UIColor)"), Porter.port(named).ported)
    }

    func testAnOptionalColourParameterTakesAnOptionalCGColor() {
        // `color?.cgColor` is the optional CGColor; nil passed or defaulted stays nil.
        let source = """
            final class SpinnerLayer: CAShapeLayer {
                private var color: UIColor!
                private var glow: UIColor?

                convenience init(color: UIColor? = UIColor.black, glow: UIColor? = nil) {
                    self.init()
                    self.color = color
                    self.glow = glow
                    strokeColor = self.color.cgColor
                    shadowColor = glow?.cgColor
                }
            }
            let plain = SpinnerLayer(glow: nil)
            let lit = SpinnerLayer(color: .white, glow: .yellow)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class SpinnerLayer: CAShapeLayer {
                private var color: CGColor!
                private var glow: CGColor?

                convenience init(color: CGColor? = CGColor(gray: 0, alpha: 1), glow: CGColor? = nil) {
                    self.init()
                    self.color = color
                    self.glow = glow
                    strokeColor = self.color
                    shadowColor = glow
                }
            }
            let plain = SpinnerLayer(glow: nil)
            let lit = SpinnerLayer(color: CGColor(gray: 1, alpha: 1), glow: CGColor(red: 1, green: 1, blue: 0, alpha: 1))
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Used otherwise (unwrapped with a fallback), it is left, and so are its callers.
        let fallback = Porter.port(source.replacingOccurrences(of: "shadowColor = glow?.cgColor", with: "shadowColor = (glow ?? .red).cgColor"))
        XCTAssertTrue(fallback.ported.contains("glow: UIColor? = nil"), fallback.ported)
        XCTAssertTrue(fallback.ported.contains("glow: .yellow)"), fallback.ported)
    }

    func testAnOptionalColourParameterBoundByTheShorthandIfLetTakesAnOptionalCGColor() {
        // `if let glow { … }` binds the parameter to itself with no initializer; the colour's
        // uses in its body are followed as `if let glow = glow`'s are.
        let source = """
            final class HaloLayer: CAShapeLayer {
                func light(_ glow: UIColor?) {
                    if let glow {
                        shadowColor = glow.cgColor
                    }
                }
            }
            HaloLayer().light(.yellow)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class HaloLayer: CAShapeLayer {
                func light(_ glow: CGColor?) {
                    if let glow {
                        shadowColor = glow
                    }
                }
            }
            HaloLayer().light(CGColor(red: 1, green: 1, blue: 0, alpha: 1))
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A use of the bound colour the command does not write leaves the parameter.
        let other = Porter.port(source.replacingOccurrences(of: "shadowColor = glow.cgColor", with: "name = glow.accessibilityName"))
        XCTAssertTrue(other.ported.contains("_ glow: UIColor?"), other.ported)
    }

    func testAnOptionalColourParameterBoundAndStoredInAColourPropertyTakesAnOptionalCGColor() {
        // `if let fill = fill` unwraps the optional colour; stored in a colour property the
        // command writes, it is that property's CGColor. The method sits in an extension,
        // where `self.fill` is the class's stored property.
        let source = """
            final class PulseLayer: CAShapeLayer {
                var pulseColor = UIColor.orange
                var rings = 3
            }

            extension PulseLayer {
                func set(fill: UIColor? = UIColor.orange, rings: Int? = nil) {
                    if let fill = fill { self.pulseColor = fill }
                    if let rings = rings { self.rings = rings }
                }

                func tint(_ colour: UIColor?) {
                    guard let chosen = colour else { return }
                    pulseColor = chosen
                    strokeColor = chosen.cgColor
                }

                func start() {
                    fillColor = pulseColor.cgColor
                }
            }
            let pulse = PulseLayer()
            pulse.set(fill: .red, rings: 4)
            pulse.tint(nil)
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class PulseLayer: CAShapeLayer {
                var pulseColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                var rings = 3
            }

            extension PulseLayer {
                func set(fill: CGColor? = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), rings: Int? = nil) {
                    if let fill = fill { self.pulseColor = fill }
                    if let rings = rings { self.rings = rings }
                }

                func tint(_ colour: CGColor?) {
                    guard let chosen = colour else { return }
                    pulseColor = chosen
                    strokeColor = chosen
                }

                func start() {
                    fillColor = pulseColor
                }
            }
            let pulse = PulseLayer()
            pulse.set(fill: CGColor(red: 1, green: 0, blue: 0, alpha: 1), rings: 4)
            pulse.tint(nil)
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Bound and used otherwise (compared), the parameter is left, and so is the property.
        let compared = Porter.port(source.replacingOccurrences(of: "if let fill = fill { self.pulseColor = fill }", with: "if let fill = fill, fill != .red { self.pulseColor = fill }"))
        XCTAssertTrue(compared.ported.contains("func set(fill: UIColor? = UIColor.orange"), compared.ported)
        XCTAssertTrue(compared.ported.contains("var pulseColor = UIColor.orange"), compared.ported)
    }

    func testAColourArrayParameterStoredInAPropertyCopiedWithAFallbackHoldsCGColors() {
        // The array parameter and the array property it is stored in are written together; the
        // copy in init(layer:) falls back on an empty array, which stands.
        let source = """
            final class DotsLayer: CALayer {
                private let dotColors: [UIColor]
                init(colors: [UIColor] = [.systemGray, .white]) {
                    dotColors = colors
                    super.init()
                    for (index, color) in colors.enumerated() {
                        let dot = CALayer()
                        dot.backgroundColor = color.cgColor
                        dot.frame.origin.x = CGFloat(index) * 14
                        addSublayer(dot)
                    }
                }
                override init(layer: Any) {
                    dotColors = (layer as? DotsLayer)?.dotColors ?? []
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
                func restyle() { sublayers?.first?.borderColor = dotColors.first?.cgColor }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class DotsLayer: CALayer {
                private let dotColors: [CGColor]
                init(colors: [CGColor] = [CGColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1), CGColor(gray: 1, alpha: 1)]) {
                    dotColors = colors
                    super.init()
                    for (index, color) in colors.enumerated() {
                        let dot = CALayer()
                        dot.backgroundColor = color
                        dot.frame.origin.x = CGFloat(index) * 14
                        addSublayer(dot)
                    }
                }
                required init(layer: Any) {
                    dotColors = (layer as? DotsLayer)?.dotColors ?? []
                    super.init(layer: layer)
                }
                required init?(coder: NSCoder) { fatalError() }
                func restyle() { sublayers?.first?.borderColor = dotColors.first }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // A fallback that is a colour (which would need writing too): left.
        let fallback = source.replacingOccurrences(of: "?? []", with: "?? [.red]")
        XCTAssertTrue(Porter.port(fallback).ported.contains("private let dotColors: [UIColor]"), Porter.port(fallback).ported)
    }

    func testAColourParameterSetInAKnownContextTakesACGColor() {
        // Set as the fill colour in a renderer's context: that context's fill colour is it.
        let source = """
            func dot(diameter: CGFloat, color: UIColor) -> CGImage? {
                let renderer = UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter))
                return renderer.image { ctx in
                    color.setFill()
                    ctx.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: diameter, height: diameter))
                }.cgImage
            }
            let spark = dot(diameter: 8, color: .systemPink)
            """
        let ported = Porter.port(source)
        let lines = ported.ported.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.first, "func dot(diameter: CGFloat, color: CGColor) -> CGImage? {")
        XCTAssertTrue(lines.contains("ctx.setFillColor(color)"), ported.ported)
        XCTAssertEqual(lines.last, "let spark = dot(diameter: 8, color: CGColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1))")
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testColoursOfArraysAndVariablesPassedToAColourParameterAreCGColorsOnBothSides() {
        // The array is written only if the parameter is, and the parameter only if every
        // caller passes a colour that is written: both are, together.
        let source = """
            final class Confetti {
                let palette: [UIColor] = [.red, .blue]
                func piece(color: UIColor) -> CAEmitterCell {
                    let cell = CAEmitterCell()
                    cell.color = color.cgColor
                    return cell
                }
                func cells() -> [CAEmitterCell] {
                    let colors: [UIColor] = [.systemRed, .systemBlue]
                    var all = colors.map { color in piece(color: color) }
                    all += palette.map { piece(color: $0) }
                    for tint in colors { all.append(piece(color: tint)) }
                    let accent = UIColor.orange
                    all.append(piece(color: accent))
                    all.append(piece(color: .white))
                    return all
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Confetti {
                let palette: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
                func piece(color: CGColor) -> CAEmitterCell {
                    let cell = CAEmitterCell()
                    cell.color = color
                    return cell
                }
                func cells() -> [CAEmitterCell] {
                    let colors: [CGColor] = [CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1), CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)]
                    var all = colors.map { color in piece(color: color) }
                    all += palette.map { piece(color: $0) }
                    for tint in colors { all.append(piece(color: tint)) }
                    let accent = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                    all.append(piece(color: accent))
                    all.append(piece(color: CGColor(gray: 1, alpha: 1)))
                    return all
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // An array used otherwise (given an alpha) is left, and so the parameter its colours
        // reach, and so the other array passed to it.
        let mixed = """
            func piece(color: UIColor) -> CGColor { color.cgColor }
            let colors: [UIColor] = [.red, .blue]
            let faded = colors.map { $0.withAlphaComponent(0.5) }
            let pieces = colors.map { piece(color: $0) }
            let others: [UIColor] = [.green]
            let more = others.map { piece(color: $0) }
            """
        XCTAssertEqual(Porter.port(mixed).ported, mixed)
    }

    func testAColourGivenAnAlphaForItsCGColorIsTheCGColorsCopyWithThatAlpha() {
        // UIKit's withAlphaComponent replaces the alpha, as CGColor's copy(alpha:) does.
        let source = """
            func addPulse(to layer: CALayer, color: UIColor) {
                layer.backgroundColor = color.withAlphaComponent(0.3).cgColor
                layer.borderColor = color.cgColor
            }
            final class Glow: CALayer {
                var tint: UIColor = .white {
                    didSet { shadowColor = tint.withAlphaComponent(0.6).cgColor }
                }
            }
            func pulse(_ layer: CALayer) { addPulse(to: layer, color: .black) }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func addPulse(to layer: CALayer, color: CGColor) {
                layer.backgroundColor = color.copy(alpha: 0.3)!
                layer.borderColor = color
            }
            final class Glow: CALayer {
                var tint: CGColor = CGColor(gray: 1, alpha: 1) {
                    didSet { shadowColor = tint.copy(alpha: 0.6)! }
                }
            }
            func pulse(_ layer: CALayer) { addPulse(to: layer, color: CGColor(gray: 0, alpha: 1)) }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnArrayOfColoursParameterTakesCGColorsFromLiteralsAndWrittenArrays() {
        let source = """
            extension CAGradientLayer {
                func apply(colors: [UIColor] = [.white, .black]) {
                    self.colors = colors.map { $0.cgColor }
                    if colors.count > 2 { locations = nil }
                }
            }
            func banner(_ layer: CAGradientLayer) {
                layer.apply(colors: [.red, UIColor(white: 0.5, alpha: 1)])
                let sunset: [UIColor] = [.orange]
                layer.apply(colors: sunset)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            extension CAGradientLayer {
                func apply(colors: [CGColor] = [CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 1)]) {
                    self.colors = colors
                    if colors.count > 2 { locations = nil }
                }
            }
            func banner(_ layer: CAGradientLayer) {
                layer.apply(colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(gray: 0.5, alpha: 1)])
                let sunset: [CGColor] = [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)]
                layer.apply(colors: sunset)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // A caller passing an array the command does not write leaves the parameter.
        let other = "func apply(colors: [UIColor]) -> [Any] { colors.map { $0.cgColor } }\nlet a = apply(colors: theme.colors)\n"
        XCTAssertEqual(Porter.port(other).ported, other)
    }

    func testAnArrayLiteralOfColoursGoneThroughForTheirCGColorsHoldsCGColors() {
        // A loop or a map over colours written in place: the colours are CGColors when each is
        // only handed on as one (for a colour parameter the command writes, or `.cgColor`).
        let source = """
            func cell(color: UIColor) -> CAEmitterCell {
                let cell = CAEmitterCell()
                cell.color = color.cgColor
                return cell
            }
            func cells(_ ring: CALayer) -> [CAEmitterCell] {
                var all: [CAEmitterCell] = []
                for color in [UIColor.red, .blue] { all.append(cell(color: color)) }
                all += [UIColor.white].map { cell(color: $0) }
                for tint in [UIColor.black] { ring.borderColor = tint.cgColor }
                for kept in [UIColor.black] { print(kept) }
                return all
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func cell(color: CGColor) -> CAEmitterCell {
                let cell = CAEmitterCell()
                cell.color = color
                return cell
            }
            func cells(_ ring: CALayer) -> [CAEmitterCell] {
                var all: [CAEmitterCell] = []
                for color in [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)] { all.append(cell(color: color)) }
                all += [CGColor(gray: 1, alpha: 1)].map { cell(color: $0) }
                for tint in [CGColor(gray: 0, alpha: 1)] { ring.borderColor = tint }
                for kept in [UIColor.black] { print(kept) }
                return all
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], "the colour printed is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnArrayOfColourPropertiesHoldsTheirCGColors() {
        // A palette's array of its own colours: each a CGColor, so the array holds them.
        let source = """
            enum Palette {
                static let primary = UIColor(red: 0.36, green: 0.31, blue: 0.91, alpha: 1)
                static let accent = UIColor.systemPink
                static let gradient: [UIColor] = [primary, accent, .white]
            }
            func hero(_ layer: CAGradientLayer) {
                layer.colors = Palette.gradient.map { $0.cgColor }
                layer.borderColor = Palette.accent.cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            enum Palette {
                static let primary = CGColor(red: 0.36, green: 0.31, blue: 0.91, alpha: 1)
                static let accent = CGColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1)
                static let gradient: [CGColor] = [primary, accent, CGColor(gray: 1, alpha: 1)]
            }
            func hero(_ layer: CAGradientLayer) {
                layer.colors = Palette.gradient
                layer.borderColor = Palette.accent
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // An element used otherwise leaves the array, and the element, as they are.
        let printed = source.replacingOccurrences(of: "layer.borderColor = Palette.accent.cgColor", with: "print(Palette.accent)")
        XCTAssertTrue(Porter.port(printed).ported.contains("static let gradient: [UIColor] = [primary, accent, .white]"))
    }

    func testAnArrayMappedThroughAFunctionTakingAColourHoldsCGColors() {
        // `colors.map(makeCell)` hands each colour to the function's colour parameter: the
        // array and the parameter are written together.
        let source = """
            final class Confetti {
                private let colors: [UIColor] = [.systemRed, .systemBlue]
                private let kept: [UIColor] = [.black]

                func cells() -> [CAEmitterCell] {
                    colors.map(makeCell) + colors.map(self.makeCell)
                }

                private func makeCell(color: UIColor) -> CAEmitterCell {
                    let cell = CAEmitterCell()
                    cell.color = color.cgColor
                    return cell
                }

                func tinted() -> [CAEmitterCell] { kept.map(paint) }

                private func paint(_ color: UIColor) -> CAEmitterCell {
                    print(color)
                    return CAEmitterCell()
                }
            }
            """
        let ported = Porter.port(source)
        let lines = ported.ported.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines[1], "private let colors: [CGColor] = [CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1), CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)]")
        XCTAssertEqual(lines[2], "private let kept: [UIColor] = [.black]", "a colour the function does not only hand on leaves its array")
        XCTAssertEqual(lines[6], "private func makeCell(color: CGColor) -> CAEmitterCell {")
        XCTAssertEqual(lines[8], "cell.color = color")
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testALoopOverTuplesHoldsCGColorsInThePartItUsesOnlyAsOne() {
        // Each tuple's colour part is a CGColor when the loop's name for it is only handed on as
        // one; the other parts, and a part a name uses otherwise, stay as they are.
        let source = """
            func paint(_ front: CALayer, _ back: CALayer) {
                for (face, color) in [(front, UIColor.systemIndigo), (back, .systemOrange)] {
                    face.backgroundColor = color.cgColor
                    face.borderColor = color.withAlphaComponent(0.5).cgColor
                }
                for (face, kept) in [(front, UIColor.black)] { print(face, kept) }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func paint(_ front: CALayer, _ back: CALayer) {
                for (face, color) in [(front, CGColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1)), (back, CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1))] {
                    face.backgroundColor = color
                    face.borderColor = color.copy(alpha: 0.5)!
                }
                for (face, kept) in [(front, UIColor.black)] { print(face, kept) }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], "the colour printed is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourPropertyAnotherFileNamesIsLeftRatherThanBrokenThere() {
        // Another file's `print(Theme.accent)` is a use the command does not write: were the
        // property written alone, that file would ask a CGColor for its cgColor. (Read only
        // for its `cgColor` there, it is written in both files: ColorPropertySharingTests.)
        let theme = Porter.Source(path: "Theme.swift", text: """
            enum Theme {
                static let accent = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
                static let local = UIColor.red
                static func paint(_ layer: CALayer) { layer.borderColor = local.cgColor }
            }
            """)
        let ring = Porter.Source(path: "Ring.swift", text: "func ring(_ shape: CAShapeLayer) { shape.strokeColor = Theme.accent.cgColor; print(Theme.accent) }\n")
        let files = Porter(sources: [theme, ring], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            enum Theme {
                static let accent = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
                static let local = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                static func paint(_ layer: CALayer) { layer.borderColor = local }
            }
            """)
        XCTAssertEqual(files[1].ported, ring.text)
        XCTAssertEqual(files[0].notes.map(\.construct), ["UIColor"], "the property left is reported")
    }

    func testTwoTypesColourPropertiesOfOneNameAreEachTheirOwn() {
        // The struct's `color`, read on the elements of an array made as `[PieItem]()`, and the
        // layer's own `color`: each type's name is its own, and a colour derived from one by a
        // colour extension the command writes may be a text colour attribute.
        let source = """
            import UIKit

            extension UIColor {
                func contrasting() -> UIColor {
                    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
                    getRed(&r, green: &g, blue: &b, alpha: &a)
                    return r + g + b > 1.5 ? .black : .white
                }
            }

            struct PieItem {
                let color: UIColor
            }

            final class PieLayer: CAShapeLayer {
                var items = [PieItem]()
                var color: UIColor = .white

                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(color.cgColor)
                    for item in self.items {
                        ctx.setFillColor(item.color.cgColor)
                        let label = NSAttributedString(string: "%", attributes: [.foregroundColor: item.color.contrasting()])
                        print(label)
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            struct PieItem {
                let color: CGColor
            }

            final class PieLayer: CAShapeLayer {
                var items = [PieItem]()
                var color: CGColor = CGColor(gray: 1, alpha: 1)

                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(color)
                    for item in self.items {
                        ctx.setFillColor(item.color)
                        let label = NSAttributedString(string: "%", attributes: [.foregroundColor: item.color.contrasting()])
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // The struct's colour used otherwise too stays UIKit's, and its `cgColor` read with it:
        // `item`, an element of `[PieItem]()`, is no layer, whose own colour is written.
        let printed = Porter.port(source.replacingOccurrences(of: "print(label)", with: "print(label, item.color)"))
        XCTAssertTrue(printed.ported.contains("let color: UIColor"), printed.ported)
        XCTAssertTrue(printed.ported.contains("ctx.setFillColor(item.color.cgColor)"), printed.ported)
        XCTAssertTrue(printed.ported.contains("var color: CGColor = CGColor(gray: 1, alpha: 1)"), printed.ported)
    }

    func testAnOptionalColourPropertyHoldsAnOptionalCGColor() {
        let source = """
            final class Ring: CAShapeLayer {
                var ringColor: UIColor? {
                    didSet { strokeColor = ringColor?.cgColor }
                }
                func reset() {
                    ringColor = nil
                    ringColor = .systemOrange
                    fillColor = ringColor!.cgColor
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Ring: CAShapeLayer {
                var ringColor: CGColor? {
                    didSet { strokeColor = ringColor }
                }
                func reset() {
                    ringColor = nil
                    ringColor = CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)
                    fillColor = ringColor!
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAColourChosenByAConditionIsWrittenInBothBranches() {
        let source = """
            final class Toggle: CALayer {
                var tint: UIColor = .red {
                    didSet { backgroundColor = tint.cgColor }
                }
                func set(on: Bool) { tint = on ? .systemGreen : UIColor.gray }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Toggle: CALayer {
                var tint: CGColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) {
                    didSet { backgroundColor = tint }
                }
                func set(on: Bool) { tint = on ? CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1) : CGColor(gray: 0.5, alpha: 1) }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAColourChosenByAConditionInParenthesesForItsCGColorIsTheCGColorChosen() {
        // `(condition ? a : b).cgColor`, both branches colour properties written (of a value
        // declared of their struct): the parenthesised choice is the CGColor.
        let source = """
            struct BarStyle {
                var barColor: UIColor = .systemIndigo
                var highlight: UIColor = .systemOrange
            }
            final class BarsLayer: CALayer {
                var barStyle = BarStyle()
                var values: [CGFloat] = []
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let top = values.max() ?? 0
                    for (index, value) in values.enumerated() {
                        sublayers?[index].backgroundColor = (value == top ? barStyle.highlight : barStyle.barColor).cgColor
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct BarStyle {
                var barColor: CGColor = CGColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1)
                var highlight: CGColor = CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)
            }
            final class BarsLayer: CALayer {
                var barStyle = BarStyle()
                var values: [CGFloat] = []
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let top = values.max() ?? 0
                    for (index, value) in values.enumerated() {
                        sublayers?[index].backgroundColor = (value == top ? barStyle.highlight : barStyle.barColor)
                    }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // The other branch a colour made in place: written there as its CGColor.
        let literal = Porter.port(source.replacingOccurrences(of: ": barStyle.barColor).cgColor", with: ": UIColor.gray).cgColor"))
        XCTAssertTrue(literal.ported.contains("var highlight: CGColor"), literal.ported)
        XCTAssertTrue(literal.ported.contains("backgroundColor = (value == top ? barStyle.highlight : CGColor(gray: 0.5, alpha: 1))"), literal.ported)
        XCTAssertEqual(literal.notes.map(\.construct), [])
    }

    func testAColourChosenAgainstOneMadeInPlaceOrGivenItsOwnAlphaStaysACGColor() {
        // `(isDark ? accent : UIColor.gray).cgColor` is the choice between the CGColors, the
        // colour made in place written as its own; `ink = ink.withAlphaComponent(0.9)` replaces
        // the alpha as `copy(alpha:)` does.
        let source = """
            final class ThemedLayer: CALayer {
                var isDark = false
                var accent: UIColor = .systemOrange

                func apply() {
                    var ink: UIColor = isDark ? .white : .black
                    if isDark { ink = ink.withAlphaComponent(0.9) }
                    borderColor = ink.cgColor
                    shadowColor = (isDark ? accent : UIColor.gray).cgColor
                    backgroundColor = (isDark ? .darkGray : accent).cgColor
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class ThemedLayer: CALayer {
                var isDark = false
                var accent: CGColor = CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)

                func apply() {
                    var ink: CGColor = (isDark ? CGColor(gray: 1, alpha: 1) : CGColor(gray: 0, alpha: 1))
                    if isDark { ink = ink.copy(alpha: 0.9)! }
                    borderColor = ink
                    shadowColor = (isDark ? accent : CGColor(gray: 0.5, alpha: 1))
                    backgroundColor = (isDark ? CGColor(gray: 1 / 3, alpha: 1) : accent)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // Another colour written, given an alpha, is that CGColor's copy too.
        let other = source.replacingOccurrences(of: "ink = ink.withAlphaComponent(0.9)", with: "ink = accent.withAlphaComponent(0.9)")
        XCTAssertTrue(Porter.port(other).ported.contains("if isDark { ink = accent.copy(alpha: 0.9)! }"), Porter.port(other).ported)
        // A colour derived otherwise (resolved for traits, which Linux has none of) leaves it.
        let resolved = source.replacingOccurrences(of: "ink = ink.withAlphaComponent(0.9)", with: "ink = ink.withAlphaComponent(0.9).resolvedColor(with: traits)")
        XCTAssertTrue(Porter.port(resolved).ported.contains("var ink: UIColor = isDark ? .white : .black"), Porter.port(resolved).ported)
    }

    func testAComputedColourPropertyGivesBackCGColors() {
        let source = """
            enum Presence {
                case online, away, offline

                var color: UIColor {
                    switch self {
                    case .online: return .systemGreen
                    case .away: return UIColor(white: 0.6, alpha: 1)
                    case .offline: return .clear
                    }
                }
                var ringColor: UIColor { self == .offline ? .lightGray : color }
                static var brand: UIColor { UIColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1) }
                var stops: [UIColor] { [.red, UIColor.blue] }
                var glow: UIColor? {
                    if self == .away { nil } else { .yellow }
                }
            }

            func dot(_ presence: Presence, gradient: CAGradientLayer, shape: CAShapeLayer) {
                gradient.backgroundColor = presence.color.cgColor
                gradient.borderColor = presence.ringColor.cgColor
                gradient.shadowColor = Presence.brand.cgColor
                gradient.colors = presence.stops.map { $0.cgColor }
                shape.fillColor = presence.glow?.cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            enum Presence {
                case online, away, offline

                var color: CGColor {
                    switch self {
                    case .online: return CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
                    case .away: return CGColor(gray: 0.6, alpha: 1)
                    case .offline: return CGColor(gray: 0, alpha: 0)
                    }
                }
                var ringColor: CGColor { self == .offline ? CGColor(gray: 2 / 3, alpha: 1) : color }
                static var brand: CGColor { CGColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1) }
                var stops: [CGColor] { [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)] }
                var glow: CGColor? {
                    if self == .away { nil } else { CGColor(red: 1, green: 1, blue: 0, alpha: 1) }
                }
            }

            func dot(_ presence: Presence, gradient: CAGradientLayer, shape: CAShapeLayer) {
                gradient.backgroundColor = presence.color
                gradient.borderColor = presence.ringColor
                gradient.shadowColor = Presence.brand
                gradient.colors = presence.stops
                shape.fillColor = presence.glow
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAComputedColourPropertyGivingBackAnotherColourIsLeft() {
        let source = """
            struct Palette {
                var accent: UIColor { UIColor(named: "Accent") ?? .blue }
                var base: UIColor { .black }
                var muted: UIColor { base.withAlphaComponent(0.5) }
            }
            func paint(_ layer: CALayer, palette: Palette) {
                layer.borderColor = palette.accent.cgColor
                layer.backgroundColor = palette.muted.cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"])
    }

    func testAPropertyUsedOtherwiseThroughItsTypeOrAValueOfItIsLeft() {
        // `Palette.stops` is this static property, `other.tint` (other declared a Ring) this
        // instance property: used otherwise (sliced, printed), each is left as it is.
        let source = """
            enum Palette {
                static let stops: [UIColor] = [.systemPink, .systemPurple]
            }
            final class Ring: CALayer {
                var tint: UIColor = .red
                func cycle(_ gradient: CAGradientLayer, index: Int) {
                    gradient.colors = Palette.stops.map { $0.cgColor }
                    let shifted = Array(Palette.stops[index...] + Palette.stops[..<index])
                    gradient.colors = shifted.map(\\.cgColor)
                }
                func match(_ other: Ring) {
                    borderColor = tint.cgColor
                    print(other.tint)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("static let stops: [UIColor] = [.systemPink, .systemPurple]"), ported.ported)
        XCTAssertTrue(ported.ported.contains("var tint: UIColor = .red"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"])
    }

    func testAColourPropertyCopiedFromAnotherLayerOfItsTypeStaysACGColor() {
        // init(layer:) copies the property from the layer it copies: a CGColor either side.
        let source = """
            final class Wave: CAShapeLayer {
                var barColor: UIColor = .systemTeal {
                    didSet { fillColor = barColor.cgColor }
                }
                var edge: UIColor = .white
                override init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? Wave { barColor = other.barColor }
                    guard let copied = layer as? Wave else { return }
                    self.edge = copied.edge
                    strokeColor = edge.cgColor
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Wave: CAShapeLayer {
                var barColor: CGColor = CGColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1) {
                    didSet { fillColor = barColor }
                }
                var edge: CGColor = CGColor(gray: 1, alpha: 1)
                required init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? Wave { barColor = other.barColor }
                    guard let copied = layer as? Wave else { return }
                    self.edge = copied.edge
                    strokeColor = edge
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAColourPropertyGivenAnotherColourPropertyIsACGColorOnBothSides() {
        // `graphColor = Self.defaultGraphColor`: both hold the colour only to hand its CGColor
        // on, so both hold that CGColor, and the assignment copies it.
        let source = """
            final class GraphLayer: CAShapeLayer {
                static let defaultGraphColor: UIColor = .black
                let accent = UIColor.red
                var graphColor: UIColor {
                    didSet { strokeColor = graphColor.cgColor }
                }
                var fill: UIColor = .blue
                init(frame: CGRect) {
                    graphColor = GraphLayer.defaultGraphColor
                    super.init()
                }
                func reset() {
                    fill = accent
                    graphColor = Self.defaultGraphColor
                    fillColor = fill.cgColor
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                static let defaultGraphColor: CGColor = CGColor(gray: 0, alpha: 1)
                let accent = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                var graphColor: CGColor {
                    didSet { strokeColor = graphColor }
                }
                var fill: CGColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                init(frame: CGRect) {
                    graphColor = GraphLayer.defaultGraphColor
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    fill = accent
                    graphColor = Self.defaultGraphColor
                    fillColor = fill
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // The other colour used otherwise (handed to a function) leaves both.
        let left = Porter.port(source.replacingOccurrences(of: "fillColor = fill.cgColor", with: "fillColor = fill.cgColor\n        print(Self.defaultGraphColor)"))
        XCTAssertTrue(left.ported.contains("static let defaultGraphColor: UIColor = .black"), left.ported)
        XCTAssertTrue(left.ported.contains("var graphColor: UIColor {"), left.ported)
    }

    func testAnElementOfAColourArrayGivenToAColourPropertyIsTheCGColorOnBothSides() {
        let source = """
            final class SliceLayer: CALayer {
                var fill: UIColor = .red
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(fill.cgColor)
                    ctx.fill(bounds)
                }
            }

            final class PieLayer: CALayer {
                private let palette = [UIColor.systemBlue, UIColor.systemGreen]

                func show(values: [CGFloat], colors: [UIColor]) {
                    for (index, _) in values.enumerated() {
                        let slice = SliceLayer()
                        slice.fill = colors[index % colors.count]
                        addSublayer(slice)
                    }
                    let first = SliceLayer()
                    first.fill = palette[0]
                    addSublayer(first)
                }
            }

            func chart(_ pie: PieLayer) {
                pie.show(values: [1, 2], colors: [.red, .orange])
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class SliceLayer: CALayer {
                var fill: CGColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(fill)
                    ctx.fill(bounds)
                }
            }

            final class PieLayer: CALayer {
                private let palette = [CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1), CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)]

                func show(values: [CGFloat], colors: [CGColor]) {
                    for (index, _) in values.enumerated() {
                        let slice = SliceLayer()
                        slice.fill = colors[index % colors.count]
                        addSublayer(slice)
                    }
                    let first = SliceLayer()
                    first.fill = palette[0]
                    addSublayer(first)
                }
            }

            func chart(_ pie: PieLayer) {
                pie.show(values: [1, 2], colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)])
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // The property used otherwise: the array and the property are left.
        let other = source.replacingOccurrences(of: "ctx.setFillColor(fill.cgColor)", with: "ctx.setFillColor(fill.cgColor)\n        _ = fill.accessibilityName")
        let left = Porter.port(other)
        XCTAssertTrue(left.ported.contains("func show(values: [CGFloat], colors: [UIColor])"), left.ported)
        XCTAssertTrue(left.ported.contains("var fill: UIColor = .red"), left.ported)
    }

    func testAnElementOfAColourArrayPassedForAColourParameterIsTheCGColorOnBothSides() {
        // `face(…, colors[0])` in a function of its own or nested in the one holding the array:
        // the array and the parameter are written together.
        let source = """
            func cube(side: CGFloat) -> CATransformLayer {
                let cube = CATransformLayer()
                let colors: [UIColor] = [.red, .green]
                func face(_ transform: CATransform3D, _ color: UIColor) -> CALayer {
                    let layer = CALayer()
                    layer.backgroundColor = color.withAlphaComponent(0.8).cgColor
                    layer.transform = transform
                    return layer
                }
                cube.addSublayer(face(CATransform3DMakeTranslation(0, 0, side), colors[0]))
                cube.addSublayer(wall(colors[1]))
                return cube
            }

            func wall(_ color: UIColor) -> CALayer {
                let layer = CALayer()
                layer.borderColor = color.cgColor
                return layer
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func cube(side: CGFloat) -> CATransformLayer {
                let cube = CATransformLayer()
                let colors: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
                func face(_ transform: CATransform3D, _ color: CGColor) -> CALayer {
                    let layer = CALayer()
                    layer.backgroundColor = color.copy(alpha: 0.8)!
                    layer.transform = transform
                    return layer
                }
                cube.addSublayer(face(CATransform3DMakeTranslation(0, 0, side), colors[0]))
                cube.addSublayer(wall(colors[1]))
                return cube
            }

            func wall(_ color: CGColor) -> CALayer {
                let layer = CALayer()
                layer.borderColor = color
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A parameter used otherwise: the array it is given an element of is left with it.
        let other = source.replacingOccurrences(of: "layer.borderColor = color.cgColor", with: "layer.borderColor = color.cgColor\n    print(color)")
        let left = Porter.port(other)
        XCTAssertTrue(left.ported.contains("let colors: [UIColor] = [.red, .green]"), left.ported)
        XCTAssertTrue(left.ported.contains("func wall(_ color: UIColor) -> CALayer {"), left.ported)
    }

    func testAStructsColourPassedToItsInitializerWithoutItsTypeIsWritten() {
        // `.init(…)` where the context gives the struct (an array of it) is its memberwise
        // initializer: the colour passed is the CGColor its property now holds. So is
        // `Bar.init(…)`.
        let source = """
            import UIKit

            struct Bar {
                let height: CGFloat
                let color: UIColor
            }

            final class BarsLayer: CALayer {
                var bars: [Bar] = [.init(height: 0.2, color: .red), Bar.init(height: 1, color: .yellow)]

                func draw(_ bar: Bar, in frame: CGRect) {
                    let layer = CALayer()
                    layer.frame = frame
                    layer.backgroundColor = bar.color.cgColor
                    addSublayer(layer)
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                var bars: [Bar] = [.init(height: 0.2, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)), Bar.init(height: 1, color: CGColor(red: 1, green: 1, blue: 0, alpha: 1))]
            """), ported)
        XCTAssertTrue(ported.contains("    let color: CGColor\n}"), ported)
        XCTAssertTrue(ported.contains("layer.backgroundColor = bar.color\n"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported, "a second run changes nothing")
    }

    func testAStructsColourPropertyIsNotAnotherTypesMemberOfItsName() {
        // `fillColor = nil` in a shape layer is the layer's own property, not the style's.
        let source = """
            struct ChartStyle {
                var fillColor: UIColor = UIColor.systemBlue.withAlphaComponent(0.2)
            }

            final class ChartLayer: CAShapeLayer {
                var chartStyle = ChartStyle()
                let area = CAShapeLayer()
                func apply() {
                    area.fillColor = chartStyle.fillColor.cgColor
                    fillColor = nil
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct ChartStyle {
                var fillColor: CGColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 0.2)
            }

            final class ChartLayer: CAShapeLayer {
                var chartStyle = ChartStyle()
                let area = CAShapeLayer()
                func apply() {
                    area.fillColor = chartStyle.fillColor
                    fillColor = nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        // A class's property is inherited: the name alone in a subclass is the property.
        let inherited = """
            class TintedLayer: CALayer {
                var tint: UIColor = .red
                func apply() { backgroundColor = tint.cgColor }
            }

            final class PulsingLayer: TintedLayer {
                func pulse() { tint = randomTint() }
            }
            """
        let left = Porter.port(inherited)
        XCTAssertTrue(left.ported.contains("var tint: UIColor = .red"), left.ported)
    }

    func testAColourSetInBranchesAndChosenWithACopyOfItselfAtAnotherAlphaIsACGColor() {
        // A `let` given its colour in each branch of a switch, then chosen against its own copy
        // at another alpha (UIColor's withAlphaComponent is CGColor's copy(alpha:)), or a copy
        // against a colour made in place.
        let source = """
            final class Meter: CALayer {
                override func draw(in ctx: CGContext) {
                    for index in 0..<12 {
                        let color: NSColor
                        switch index {
                        case ..<8: color = .systemGreen
                        default: color = NSColor(calibratedRed: 1, green: 0, blue: 0, alpha: 1)
                        }
                        ctx.setFillColor((index < 4 ? color : color.withAlphaComponent(0.15)).cgColor)
                        ctx.setStrokeColor((index < 4 ? color.withAlphaComponent(0.5) : NSColor.gray).cgColor)
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Meter: CALayer {
                override func draw(in ctx: CGContext) {
                    for index in 0..<12 {
                        let color: CGColor
                        switch index {
                        case ..<8: color = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
                        default: color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                        }
                        ctx.setFillColor((index < 4 ? color : color.copy(alpha: 0.15)!))
                        ctx.setStrokeColor((index < 4 ? color.copy(alpha: 0.5)! : CGColor(gray: 0.5, alpha: 1)))
                    }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourArrayReorderedBeforeItsCGColorsAreTakenIsAnArrayOfThoseCGColors() {
        // `reversed()`, `prefix(_:)` and the like give a slice or a reversed collection of
        // CGColors; a layer's colours (and an animation's values) take an array, as the map gave.
        let source = """
            extension CALayer {
                func addBorder(colors: [UIColor], width: CGFloat = 2) {
                    let gradient = CAGradientLayer()
                    gradient.colors = colors.map(\\.cgColor)
                    let swap = CABasicAnimation(keyPath: "colors")
                    swap.fromValue = colors.prefix(2).map { $0.cgColor }
                    swap.toValue = colors.reversed().map { $0.cgColor }
                    gradient.add(swap, forKey: nil)
                    addSublayer(gradient)
                }
            }

            func decorate(_ card: CALayer) {
                let stops: [UIColor] = [.red, .tintColor]
                card.addBorder(colors: [.red, .blue])
                let gradient = CAGradientLayer()
                gradient.colors = stops.shuffled().map(\\.cgColor)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            extension CALayer {
                func addBorder(colors: [CGColor], width: CGFloat = 2) {
                    let gradient = CAGradientLayer()
                    gradient.colors = colors
                    let swap = CABasicAnimation(keyPath: "colors")
                    swap.fromValue = Array(colors.prefix(2))
                    swap.toValue = Array(colors.reversed())
                    gradient.add(swap, forKey: nil)
                    addSublayer(gradient)
                }
            }

            func decorate(_ card: CALayer) {
                let stops: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)]
                card.addBorder(colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
                let gradient = CAGradientLayer()
                gradient.colors = stops.shuffled()
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testADictionaryOfColoursReadForItsElementsCGColorsHoldsCGColors() {
        let source = """
            enum Status { case ok, warning, error }

            final class StatusBadge: CALayer {
                private var colors: [Status: UIColor] = [.ok: .systemGreen, .warning: UIColor.orange]
                var status: Status = .ok {
                    didSet { backgroundColor = colors[status]?.cgColor }
                }
                func alarm() {
                    self.colors[.error] = .red
                    borderColor = self.colors[.error]!.cgColor
                }
            }

            func kept(_ badge: StatusBadge) {
                let hues: [String: UIColor] = ["sky": .blue]
                print(hues.count)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            enum Status { case ok, warning, error }

            final class StatusBadge: CALayer {
                private var colors: [Status: CGColor] = [.ok: CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1), .warning: CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)]
                var status: Status = .ok {
                    didSet { backgroundColor = colors[status] }
                }
                func alarm() {
                    self.colors[.error] = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    borderColor = self.colors[.error]!
                }
            }

            func kept(_ badge: StatusBadge) {
                let hues: [String: UIColor] = ["sky": .blue]
                print(hues.count)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], "the dictionary used otherwise is left, and reported")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourResolvedForTheLightAppearanceIsTheColourWrittenAlready() {
        // Every UIKit colour is written as its light appearance, so resolving it for the light
        // (or the current) traits changes nothing; resolving it for the dark ones is left.
        let source = """
            func dot(color: UIColor = .label) -> CALayer {
                let dot = CALayer()
                dot.backgroundColor = color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).cgColor
                dot.borderColor = UIColor.separator.resolvedColor(with: .current).cgColor
                return dot
            }
            func night(_ layer: CALayer) {
                layer.backgroundColor = UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func dot(color: CGColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)) -> CALayer {
                let dot = CALayer()
                dot.backgroundColor = color
                dot.borderColor = CGColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
                return dot
            }
            func night(_ layer: CALayer) {
                layer.backgroundColor = UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor", "UITraitCollection"])
    }

    func testAnArrayLiteralOfColourVariablesMappedToCGColorsIsTheArrayOfThem() {
        let source = """
            final class Skeleton: CAGradientLayer {
                override init() {
                    super.init()
                    let base = UIColor(white: 0.88, alpha: 1)
                    let highlight = UIColor(white: 0.95, alpha: 1)
                    colors = [base, highlight, base].map { $0.cgColor }
                    borderColor = base.cgColor
                }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Skeleton: CAGradientLayer {
                override init() {
                    super.init()
                    let base = CGColor(gray: 0.88, alpha: 1)
                    let highlight = CGColor(gray: 0.95, alpha: 1)
                    colors = [base, highlight, base]
                    borderColor = base
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourPropertyGivenAsATextColourAttributeHoldsTheCGColorCoreTextReads() {
        let source = """
            import UIKit

            final class MarqueeLayer: CALayer {
                private let textLayer = CATextLayer()
                var textColor: UIColor = .black
                var outline = UIColor(white: 0.2, alpha: 1)

                func show(_ text: String) {
                    let string = NSMutableAttributedString(string: text, attributes: [.foregroundColor: textColor])
                    string.addAttribute(.strokeColor, value: outline, range: NSRange(location: 0, length: string.length))
                    textLayer.string = string
                    borderColor = outline.cgColor
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class MarqueeLayer: CALayer {
                private let textLayer = CATextLayer()
                var textColor: CGColor = CGColor(gray: 0, alpha: 1)
                var outline = CGColor(gray: 0.2, alpha: 1)

                func show(_ text: String) {
                    let string = NSMutableAttributedString(string: text, attributes: [.foregroundColor: textColor])
                    string.addAttribute(.strokeColor, value: outline, range: NSRange(location: 0, length: string.length))
                    textLayer.string = string
                    borderColor = outline
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourPropertyGivenForAnAttributeThatIsNotAColourIsLeft() {
        let source = """
            import UIKit

            final class Caption: CALayer {
                var tint: UIColor = .black
                func attributes() -> [NSAttributedString.Key: Any] { [.link: tint] }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("var tint: UIColor = .black"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"])
    }

    func testAProtocolRequirementsColourParameterIsWrittenWithItsImplementations() {
        // Each animation type implements the requirement and hands the colour to a shape; the
        // requirement takes the CGColor its implementations take, so the types keep conforming.
        let protocolFile = """
            import UIKit

            protocol IndicatorAnimation {
                func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor)
            }

            enum IndicatorShape {
                case circle
                func layerWith(size: CGSize, color: UIColor) -> CALayer {
                    let layer = CAShapeLayer()
                    layer.fillColor = color.cgColor
                    return layer
                }
            }

            """
        let animations = (1...6).map { index in
            """
            import UIKit

            final class Animation\(index): IndicatorAnimation {
                func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
                    layer.addSublayer(circle(size: size, color: color))
                }

                func circle(size: CGSize, color: UIColor) -> CALayer {
                    IndicatorShape.circle.layerWith(size: size, color: color)
                }
            }

            """
        }
        let sources = [Porter.Source(path: "Protocol.swift", text: protocolFile)]
            + animations.enumerated().map { Porter.Source(path: "Animation\($0.offset + 1).swift", text: $0.element) }
        let ported = Porter(sources: sources, addsMissingImports: false).port()
        XCTAssertTrue(ported[0].ported.contains("func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor)"), ported[0].ported)
        XCTAssertTrue(ported[0].ported.contains("func layerWith(size: CGSize, color: CGColor) -> CALayer"), ported[0].ported)
        XCTAssertTrue(ported[0].ported.contains("layer.fillColor = color\n"), ported[0].ported)
        for file in ported.dropFirst() {
            XCTAssertTrue(file.ported.contains("func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {"), file.ported)
            XCTAssertTrue(file.ported.contains("func circle(size: CGSize, color: CGColor) -> CALayer {"), file.ported)
        }
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing(ported)

        // An implementation that uses its colour otherwise leaves the requirement and every
        // implementation as they are (the types would no longer conform).
        let other = Porter.Source(path: "Other.swift", text: """
            import UIKit

            final class Odd: IndicatorAnimation {
                func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
                    layer.backgroundColor = color.withAlphaComponent(0.5).cgColor.copy(alpha: 0.2)
                    layer.contents = color
                }
            }

            """)
        let left = Porter(sources: sources + [other], addsMissingImports: false).port()
        XCTAssertTrue(left[0].ported.contains("func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor)"), left[0].ported)
        for file in left.dropFirst() {
            XCTAssertTrue(file.ported.contains("func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor)"), file.ported)
        }
    }

    func testAnImplicitlyUnwrappedColourSetOnAnotherLayerFromAParameterHoldsTheCGColor() {
        let source = """
            final class ArcLayer: CAShapeLayer {
                var lineColor: UIColor!
                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(lineColor.cgColor)
                }
            }
            final class ArcHost: CALayer {
                private var arcLayer: ArcLayer!
                func setup(_ lineColor: UIColor) {
                    arcLayer = ArcLayer()
                    arcLayer.lineColor = lineColor
                    addSublayer(arcLayer)
                }
            }
            func makeArc(_ host: ArcHost) { host.setup(.systemBlue) }
            """
        let ported = Porter.port(source, path: "Arc.swift")
        // systemBlue's light components: Apple's Human Interface Guidelines (0, 122, 255).
        XCTAssertEqual(ported.ported, """
            final class ArcLayer: CAShapeLayer {
                var lineColor: CGColor!
                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(lineColor)
                }
            }
            final class ArcHost: CALayer {
                private var arcLayer: ArcLayer!
                func setup(_ lineColor: CGColor) {
                    arcLayer = ArcLayer()
                    arcLayer.lineColor = lineColor
                    addSublayer(arcLayer)
                }
            }
            func makeArc(_ host: ArcHost) { host.setup(CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)) }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourParameterGivenAsATextColourAttributeTakesStaticAndReadBackColours() {
        let source = """
            import AppKit

            enum Theme {
                static let primary = NSColor(white: 1, alpha: 0.92)
            }

            extension NSAttributedString {
                convenience init(_ string: String, color: NSColor) {
                    self.init(string: string, attributes: [.foregroundColor: color])
                }
            }

            func ellipsis(after text: NSAttributedString) -> NSAttributedString {
                NSAttributedString("…", color: (text.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? NSColor) ?? Theme.primary)
            }
            func title(_ name: String) -> NSAttributedString {
                NSAttributedString(name, color: Theme.primary)
            }
            """
        let ported = Porter.port(source, path: "Text.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            enum Theme {
                static let primary = CGColor(gray: 1, alpha: 0.92)
            }

            extension NSAttributedString {
                convenience init(_ string: String, color: CGColor) {
                    self.init(string: string, attributes: [.foregroundColor: color])
                }
            }

            func ellipsis(after text: NSAttributedString) -> NSAttributedString {
                NSAttributedString("…", color: (text.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? CGColor) ?? Theme.primary)
            }
            func title(_ name: String) -> NSAttributedString {
                NSAttributedString(name, color: Theme.primary)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourBoundFromACastIsTheCGColorAttributesHold() {
        // Lamina's attributed strings hold a CGColor at `.foregroundColor`, as UIKit's hold
        // the UIColor.
        let source = """
            func strokeColor(_ value: Any) -> CGColor {
                if let color = value as? UIColor {
                    return color.cgColor
                } else {
                    return value as! CGColor
                }
            }
            func tint(_ layer: CALayer, _ attributes: [NSAttributedString.Key: Any]) {
                guard let colour = attributes[.foregroundColor] as? NSColor else { return }
                layer.borderColor = colour.withAlphaComponent(0.5).cgColor
            }
            func named(_ value: Any) -> String {
                guard let color = value as? UIColor else { return "" }
                return color.accessibilityName
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func strokeColor(_ value: Any) -> CGColor {
                if let color = value as? CGColor {
                    return color
                } else {
                    return value as! CGColor
                }
            }
            func tint(_ layer: CALayer, _ attributes: [NSAttributedString.Key: Any]) {
                guard let colour = attributes[.foregroundColor] as? CGColor else { return }
                layer.borderColor = colour.copy(alpha: 0.5)!
            }
            func named(_ value: Any) -> String {
                guard let color = value as? UIColor else { return "" }
                return color.accessibilityName
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIColor"], "the colour used otherwise is left, and reported")
        assertSecondRunChangesNothing([ported])
    }

    func testAnImplicitlyUnwrappedColourArrayPropertyHoldsCGColors() {
        // `[UIColor]!`, given its colours after the layer is made and read as the array itself
        // (a confetti layer's palette, one emitter cell per colour).
        let source = """
            public final class ConfettiLayer: CALayer {
                public var colors: [UIColor]!

                func setUp() {
                    colors = [UIColor(red: 0.95, green: 0.40, blue: 0.27, alpha: 1.0), UIColor(white: 1, alpha: 0.5)]
                }

                func cells() -> [CAEmitterCell] {
                    var cells: [CAEmitterCell] = []
                    for color in colors {
                        let cell = CAEmitterCell()
                        cell.color = color.cgColor
                        cells.append(cell)
                    }
                    return cells
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("public var colors: [CGColor]!"), ported.ported)
        XCTAssertTrue(
            ported.ported.contains("colors = [CGColor(red: 0.95, green: 0.40, blue: 0.27, alpha: 1.0), CGColor(gray: 1, alpha: 0.5)]"),
            ported.ported)
        XCTAssertTrue(ported.ported.contains("cell.color = color\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
        // Set to nil somewhere, it is an optional the command does not write: left.
        let cleared = Porter.port(source.replacingOccurrences(of: "    func cells()", with: "    func clear() { colors = nil }\n\n    func cells()"))
        XCTAssertTrue(cleared.ported.contains("public var colors: [UIColor]!"), cleared.ported)
    }

    func testAColourPropertyBridgingAStoredCGColorGivesAndTakesTheCGColor() {
        // An AppKit spinner keeps its fins' colour as a CGColor and offers it as an NSColor:
        // the getter makes the NSColor from the CGColor, the setter stores the new colour's.
        let source = """
            import Cocoa

            final class SpinnerLayer: CALayer {
                var foreColor: CGColor?
                var fins: [CALayer] = []

                var color: NSColor? {
                    get {
                        if let aColor = foreColor {
                            return NSColor(cgColor: aColor)
                        }
                        return nil
                    }
                    set(newColor) {
                        foreColor = newColor?.cgColor
                        for fin in fins {
                            fin.backgroundColor = newColor?.cgColor
                        }
                    }
                }

                func reset() {
                    color = .black
                    borderColor = color?.cgColor
                }
            }

            extension CATextLayer {
                var textColor: NSColor? {
                    get { return foregroundColor == nil ? nil : NSColor(cgColor: foregroundColor!) }
                    set { foregroundColor = newValue?.cgColor }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class SpinnerLayer: CALayer {
                var foreColor: CGColor?
                var fins: [CALayer] = []

                var color: CGColor? {
                    get {
                        if let aColor = foreColor {
                            return aColor
                        }
                        return nil
                    }
                    set(newColor) {
                        foreColor = newColor
                        for fin in fins {
                            fin.backgroundColor = newColor
                        }
                    }
                }

                func reset() {
                    color = CGColor(gray: 0, alpha: 1)
                    borderColor = color
                }
            }

            extension CATextLayer {
                var textColor: CGColor? {
                    get { return foregroundColor == nil ? nil : foregroundColor! }
                    set { foregroundColor = newValue }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
        // A setter that uses the new colour otherwise (here, compares it) is left.
        let compared = Porter.port(source.replacingOccurrences(of: "            foreColor = newColor?.cgColor\n", with: "            if newColor == .red { return }\n            foreColor = newColor?.cgColor\n"))
        XCTAssertTrue(compared.ported.contains("    var color: NSColor? {"), compared.ported)
        XCTAssertTrue(compared.notes.map(\.construct).contains("NSColor"), "\(compared.notes)")
    }

    func testAnOptionalColourBoundForItsCGColorOrAWrittenParameterIsTheCGColor() {
        // A bound colour is the optional's value (Swift's `guard let`/`if let`), so where the
        // colour is only handed on as its `cgColor` (UIKit's documentation of `UIColor.cgColor`),
        // holding the CGColor itself hands on the same value; the expected text is that rewrite.
        let source = """
            import Cocoa

            final class RippleLayer: CAShapeLayer {
                func ripple(color: NSColor, at point: CGPoint) {
                    fillColor = color.cgColor
                    position = point
                }
            }

            final class Holder {
                var rippleColor: NSColor?
                var edgeColor: NSColor?
                let wave = RippleLayer()

                func tap(at point: CGPoint) {
                    guard let color = rippleColor else { return }
                    wave.ripple(color: color, at: point)
                    if let edge = self.edgeColor {
                        wave.strokeColor = edge.cgColor
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("func ripple(color: CGColor, at point: CGPoint) {\n        fillColor = color\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("    var rippleColor: CGColor?\n    var edgeColor: CGColor?\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    guard let color = rippleColor else { return }
                    wave.ripple(color: color, at: point)
                    if let edge = self.edgeColor {
                        wave.strokeColor = edge
                    }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // The bound colour used otherwise (compared) leaves the property.
        let compared = Porter.port(source.replacingOccurrences(of: "wave.strokeColor = edge.cgColor", with: "print(edge == .red)"))
        XCTAssertTrue(compared.ported.contains("var edgeColor: NSColor?"), compared.ported)
    }
}
