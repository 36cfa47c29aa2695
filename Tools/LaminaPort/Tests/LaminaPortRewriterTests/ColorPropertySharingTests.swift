import LaminaPortRewriter
import XCTest

/// An instance colour property the command writes as a `CGColor`, used from other files:
/// those uses are written with it, or it is left everywhere — never written in one file only,
/// which would leave the others asking a `CGColor` for its `cgColor`.
final class ColorPropertySharingTests: XCTestCase {
    private let badge = Porter.Source(path: "Badge.swift", text: """
        import UIKit

        class BadgeLayer: CALayer {
            var tint: UIColor = .systemRed {
                didSet { backgroundColor = tint.cgColor }
            }
            var ring: UIColor?
            var stops: [UIColor] = [.red, .orange]
        }
        """)

    private let writtenBadge = """
        import QuartzCore

        class BadgeLayer: CALayer {
            var tint: CGColor = CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1) {
                didSet { backgroundColor = tint }
            }
            var ring: CGColor?
            var stops: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)]
        }
        """

    func testUsesOnValuesDeclaredOfThePropertysTypeAreWrittenInTheirFiles() {
        let scene = Porter.Source(path: "Scene.swift", text: """
            final class Scene {
                let badge = BadgeLayer()
                let halo = CAShapeLayer()
                func build(_ gradient: CAGradientLayer) {
                    badge.tint = .systemGreen
                    halo.strokeColor = badge.tint.cgColor
                    halo.shadowColor = self.badge.tint.withAlphaComponent(0.5).cgColor
                    halo.fillColor = badge.ring?.cgColor
                    gradient.colors = badge.stops.map { $0.cgColor }
                }
                func mirror(of other: BadgeLayer?) -> CGColor? {
                    let copy = other as? BadgeLayer
                    return copy?.tint.cgColor
                }
            }
            """)
        let files = Porter(sources: [badge, scene], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, writtenBadge)
        XCTAssertEqual(files[1].ported, """
            final class Scene {
                let badge = BadgeLayer()
                let halo = CAShapeLayer()
                func build(_ gradient: CAGradientLayer) {
                    badge.tint = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
                    halo.strokeColor = badge.tint
                    halo.shadowColor = self.badge.tint.copy(alpha: 0.5)!
                    halo.fillColor = badge.ring
                    gradient.colors = badge.stops
                }
                func mirror(of other: BadgeLayer?) -> CGColor? {
                    let copy = other as? BadgeLayer
                    return copy?.tint
                }
            }
            """)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        let again = Porter(sources: files.map { Porter.Source(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), files.map(\.ported), "a second run changes nothing")
    }

    func testSubclassesAndExtensionsInOtherFilesUseThePropertyAsTheirOwn() {
        let big = Porter.Source(path: "Big.swift", text: """
            final class BigBadge: BadgeLayer {
                func flash() {
                    borderColor = tint.cgColor
                    shadowColor = ring?.cgColor
                }
                func shade(tint: UIColor) { borderColor = tint.cgColor }
            }

            extension BadgeLayer {
                func glow() { shadowColor = self.tint.cgColor }
            }

            func paint(_ big: BigBadge?) { big?.ring = .green }
            """)
        let files = Porter(sources: [badge, big], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, writtenBadge)
        XCTAssertEqual(files[1].ported, """
            final class BigBadge: BadgeLayer {
                func flash() {
                    borderColor = tint
                    shadowColor = ring
                }
                func shade(tint: CGColor) { borderColor = tint }
            }

            extension BadgeLayer {
                func glow() { shadowColor = self.tint }
            }

            func paint(_ big: BigBadge?) { big?.ring = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
            """, "the parameter named tint is the function's own, written by its own rule")
    }

    func testAMemberOfThatNameOnAValueOfUnstatedTypeLeavesThePropertyEverywhere() {
        let other = Porter.Source(path: "Other.swift", text: """
            func firstTint(_ badges: Set<BadgeLayer>) -> CGColor? {
                badges.first?.tint.cgColor
            }
            """)
        let files = Porter(sources: [badge, other], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("var tint: UIColor = .systemRed"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("didSet { backgroundColor = tint.cgColor }"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("var ring: CGColor?"), "another property is written as before")
        XCTAssertEqual(files[1].ported, other.text)
        XCTAssertEqual(files[0].notes.map(\.construct), ["UIColor"], "the property left is reported")
    }

    func testAUseInAnotherFileThatIsNotItsCGColorLeavesTheProperty() {
        let log = Porter.Source(path: "Log.swift", text: """
            func log(_ badge: BadgeLayer) {
                print(badge.tint)
            }
            """)
        let files = Porter(sources: [badge, log], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("var tint: UIColor = .systemRed"), files[0].ported)
        XCTAssertEqual(files[1].ported, log.text)
        XCTAssertEqual(files[0].notes.map(\.construct), ["UIColor"])
    }

    func testMembersOfThatNameInAFileNotNamingTheTypeAreAnotherTypes() {
        let palette = Porter.Source(path: "Palette.swift", text: """
            func shade(_ layer: CAShapeLayer, colours: Any) {
                let palette = colours as! Palette
                layer.fillColor = palette.tint.cgColor
                layer.strokeColor = (colours as AnyObject).tint.cgColor
            }
            """)
        let files = Porter(sources: [badge, palette], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, writtenBadge)
        XCTAssertEqual(files[1].ported, palette.text)
    }

    func testAnEnumsComputedColourIsWrittenWhereAnotherFileUsesIt() {
        let level = Porter.Source(path: "Level.swift", text: """
            enum Level {
                case low, high
                var color: UIColor { self == .low ? .systemGreen : .systemRed }
            }
            """)
        let meter = Porter.Source(path: "Meter.swift", text: """
            func fill(_ bar: CALayer, level: Level) { bar.backgroundColor = level.color.cgColor }
            """)
        let files = Porter(sources: [level, meter], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            enum Level {
                case low, high
                var color: CGColor { self == .low ? CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1) : CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1) }
            }
            """)
        XCTAssertEqual(files[1].ported, "func fill(_ bar: CALayer, level: Level) { bar.backgroundColor = level.color }")
    }

    private let ringStyle = Porter.Source(path: "RingStyle.swift", text: """
        struct RingStyle {
            var color: UIColor
            var width: CGFloat = 4
        }
        func makeRing(style: RingStyle) -> CAShapeLayer {
            let ring = CAShapeLayer()
            ring.strokeColor = style.color.cgColor
            return ring
        }
        let bold = makeRing(style: RingStyle(color: .systemPink, width: 6))
        """)

    func testAStructsColourPropertyIsPassedCGColorsInItsMemberwiseInitializations() {
        let other = Porter.Source(path: "Other.swift", text: "let thin = makeRing(style: RingStyle(color: UIColor.gray))\n")
        let files = Porter(sources: [ringStyle, other], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            struct RingStyle {
                var color: CGColor
                var width: CGFloat = 4
            }
            func makeRing(style: RingStyle) -> CAShapeLayer {
                let ring = CAShapeLayer()
                ring.strokeColor = style.color
                return ring
            }
            let bold = makeRing(style: RingStyle(color: CGColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1), width: 6))
            """)
        XCTAssertEqual(files[1].ported, "let thin = makeRing(style: RingStyle(color: CGColor(gray: 0.5, alpha: 1)))\n")
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
    }

    func testAColourArraysElementsPassedToAStructsMemberwiseInitializationAreItsCGColors() {
        let source = """
            struct Confetto {
                let color: UIColor
                let side: CGFloat
            }
            final class ConfettiLayer: CAEmitterLayer {
                func makeCells() -> [CAEmitterCell] {
                    let colors: [UIColor] = [.red, .purple]
                    return colors.map { Confetto(color: $0, side: 8) }.map { confetto in
                        let cell = CAEmitterCell()
                        cell.color = confetto.color.cgColor
                        return cell
                    }
                }
            }
            """
        let files = Porter(sources: [.init(path: "Confetti.swift", text: source)], addsMissingImports: false).port()
        // UIKit's red is (1, 0, 0) and its purple (0.5, 0, 0.5): UIColor's class properties' documentation.
        XCTAssertEqual(files[0].ported, """
            struct Confetto {
                let color: CGColor
                let side: CGFloat
            }
            final class ConfettiLayer: CAEmitterLayer {
                func makeCells() -> [CAEmitterCell] {
                    let colors: [CGColor] = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)]
                    return colors.map { Confetto(color: $0, side: 8) }.map { confetto in
                        let cell = CAEmitterCell()
                        cell.color = confetto.color
                        return cell
                    }
                }
            }
            """)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(files)
    }

    func testAColourArraysElementsPassedToAStructThatKeepsItsColourLeaveBoth() {
        let source = """
            struct Confetto {
                let color: UIColor
            }
            func hues() -> [Confetto] {
                let colors: [UIColor] = [.red, .purple]
                return colors.map { Confetto(color: $0) }
            }
            func name(of confetto: Confetto) -> String {
                confetto.color.accessibilityName
            }
            """
        let files = Porter(sources: [.init(path: "Confetti.swift", text: source)], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, source)
        XCTAssertEqual(files[0].notes.map(\.construct), ["UIColor"])
    }

    func testAMemberwiseInitializationPassingAnotherColourLeavesTheProperty() {
        let other = Porter.Source(path: "Other.swift", text: "func themed(_ theme: Theme) -> RingStyle { RingStyle(color: theme.accent) }\n")
        let files = Porter(sources: [ringStyle, other], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("var color: UIColor"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("RingStyle(color: .systemPink, width: 6)"), files[0].ported)
        XCTAssertEqual(files[1].ported, other.text)
        XCTAssertEqual(files[0].notes.map(\.construct), ["UIColor"])
    }
    func testAStaticColourOtherFilesReadThroughItsTypeIsWrittenWithThoseReads() {
        // The colours an app names in one place, read by its layers in other files.
        let palette = Porter.Source(path: "Palette.swift", text: """
            import UIKit

            struct Palette {
                static let accent = UIColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)
                static let track = UIColor.lightGray
            }
            """)
        let ring = Porter.Source(path: "Ring.swift", text: """
            import UIKit

            final class RingLayer: CAShapeLayer {
                override init() {
                    super.init()
                    strokeColor = Palette.accent.cgColor
                    fillColor = Palette.track.withAlphaComponent(0.5).cgColor
                }

                required init?(coder: NSCoder) {
                    super.init(coder: coder)
                }
            }
            """)
        let files = Porter(sources: [palette, ring], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            import QuartzCore

            struct Palette {
                static let accent = CGColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)
                static let track = CGColor(gray: 2 / 3, alpha: 1)
            }
            """)
        XCTAssertTrue(files[1].ported.contains("""
                    strokeColor = Palette.accent
                    fillColor = Palette.track.copy(alpha: 0.5)!
            """), files[1].ported)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(files)

        // Read otherwise in the other file (handed on as UIKit's colour), it is left in both.
        let tinted = Porter.Source(path: "Ring.swift", text: ring.text.replacingOccurrences(
            of: "strokeColor = Palette.accent.cgColor", with: "strokeColor = Palette.accent.cgColor; let tint: UIColor = Palette.accent"))
        let left = Porter(sources: [palette, tinted], addsMissingImports: false).port()
        XCTAssertTrue(left[0].ported.contains("static let accent = UIColor(red: 1, green: 0.2, blue: 0.4, alpha: 1)"), left[0].ported)
        XCTAssertTrue(left[1].ported.contains("strokeColor = Palette.accent.cgColor"), left[1].ported)
    }
    func testAStructsColourPropertyReadOnElementsAndPassedToAColourParameterElsewhereIsTheCGColorInEachFile() {
        // The entry's colour is read in a third file on values whose type that file spells out
        // through the array they come from (its first element forced, an element by index, the
        // element a closure takes, an untyped copy's element), and passed to a colour
        // parameter of a second file: each is taken to be written while the other is checked.
        let entry = Porter.Source(path: "Entry.swift", text: """
            import UIKit

            struct ChartEntry {
                let value: CGFloat
                let color: UIColor
            }
            """)
        let segment = Porter.Source(path: "Segment.swift", text: """
            import UIKit

            final class SegmentLayer: CAShapeLayer {
                init(color: UIColor, end: CGFloat) {
                    super.init()
                    strokeColor = color.cgColor
                    strokeEnd = end
                }
                required init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        let chart = Porter.Source(path: "Chart.swift", text: """
            import UIKit

            final class ChartLayer: CALayer {
                func configure(entries: [ChartEntry]) {
                    var rest = entries
                    let first = rest.first!
                    rest = Array(rest.dropFirst())
                    addSublayer(SegmentLayer(color: first.color, end: first.value))
                    rest.forEach { entry in
                        addSublayer(SegmentLayer(color: entry.color, end: entry.value))
                    }
                    addSublayer(SegmentLayer(color: entries[entries.count - 1].color, end: 1))
                    addSublayer(SegmentLayer(color: .white, end: 1))
                }
            }
            """)
        let files = Porter(sources: [entry, segment, chart], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("    let color: CGColor\n"), files[0].ported)
        XCTAssertTrue(files[1].ported.contains("    init(color: CGColor, end: CGFloat) {"), files[1].ported)
        XCTAssertTrue(files[1].ported.contains("        strokeColor = color\n"), files[1].ported)
        XCTAssertEqual(files[2].ported, chart.text.replacingOccurrences(of: "import UIKit", with: "import QuartzCore")
            .replacingOccurrences(of: "SegmentLayer(color: .white", with: "SegmentLayer(color: CGColor(gray: 1, alpha: 1)"))
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(files)

        // Read otherwise in the third file, the property is left in every file, and so is the
        // parameter it is passed to.
        let logged = Porter.Source(path: "Chart.swift", text: chart.text.replacingOccurrences(of: "let first = rest.first!\n", with: "let first = rest.first!\n        print(first.color)\n"))
        let left = Porter(sources: [entry, segment, logged], addsMissingImports: false).port()
        XCTAssertTrue(left[0].ported.contains("    let color: UIColor\n"), left[0].ported)
        XCTAssertTrue(left[1].ported.contains("    init(color: UIColor, end: CGFloat) {"), left[1].ported)
    }
    func testAColourPropertyOfATextLayerExtensionIsWrittenWhereAnotherFileSetsIt() {
        // The extension's property bridges the layer's own CGColor; another file's text layer
        // is given a system colour through it.
        let helpers = Porter.Source(path: "TextLayer+Color.swift", text: """
            import Cocoa

            extension CATextLayer {
                var color: NSColor? {
                    get { foregroundColor == nil ? nil : NSColor(cgColor: foregroundColor!) }
                    set { foregroundColor = newValue?.cgColor }
                }
            }
            """)
        let timer = Porter.Source(path: "TimerLayer.swift", text: """
            import Cocoa

            final class TimerLayer: CALayer {
                var label: CATextLayer?
                func refresh() {
                    label?.color = NSColor.labelColor
                }
            }
            """)
        let files = Porter(sources: [helpers, timer], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("    var color: CGColor? {"), files[0].ported)
        XCTAssertTrue(files[1].ported.contains("        label?.color = CGColor(red: 0, green: 0, blue: 0, alpha: 0.85)\n"), files[1].ported)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(files)

        // Read otherwise there, it is left in both files.
        let shown = Porter.Source(path: "TimerLayer.swift", text: timer.text.replacingOccurrences(of: "label?.color = NSColor.labelColor", with: "print(label?.color as Any)"))
        let left = Porter(sources: [helpers, shown], addsMissingImports: false).port()
        XCTAssertTrue(left[0].ported.contains("    var color: NSColor? {"), left[0].ported)
    }
    func testAStaticFunctionsCallsOnAnotherTypeOfTheSameFunctionNameAreNotItsCalls() {
        // `Logger.fill(_:color:)` takes a string: its calls pass no colour, and are not calls of
        // `Painter.fill(_:color:)`, whose colour parameter takes the CGColor.
        let painter = Porter.Source(path: "Painter.swift", text: """
            import UIKit

            enum Painter {
                static func fill(_ layer: CALayer, color: UIColor) {
                    layer.backgroundColor = color.cgColor
                }
            }
            """)
        let logger = Porter.Source(path: "Logger.swift", text: """
            enum Logger {
                static func fill(_ text: String, color: String) {
                    print(text, color)
                }
            }
            """)
        let scene = Porter.Source(path: "Scene.swift", text: """
            import UIKit

            func paint(_ layer: CALayer) {
                Painter.fill(layer, color: .red)
                Logger.fill("filled", color: "red")
            }
            """)
        let files = Porter(sources: [painter, logger, scene], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("static func fill(_ layer: CALayer, color: CGColor) {"), files[0].ported)
        XCTAssertTrue(files[2].ported.contains("Painter.fill(layer, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))"), files[2].ported)
        XCTAssertTrue(files[2].ported.contains("Logger.fill(\"filled\", color: \"red\")"), files[2].ported)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
    }
}
