import LaminaPortRewriter
import XCTest

/// UIKit's plain labels a view or view controller makes are written as `PlainLabelLayer`s,
/// layers with UILabel's names and defaults (Apple's UILabel documentation: the system font at
/// 17 points, one line truncated at its tail, the text centred vertically in the bounds).
final class PlainLabelsTests: XCTestCase {
    private let controller = """
        import UIKit

        final class ProgressViewController: UIViewController {
            let track = CAShapeLayer()
            let percentageLabel: UILabel = {
                let label = UILabel()
                label.text = "Start"
                label.textAlignment = .center
                label.font = UIFont.boldSystemFont(ofSize: 32)
                label.textColor = .white
                return label
            }()

            override func viewDidLoad() {
                super.viewDidLoad()
                view.layer.addSublayer(track)
                view.addSubview(percentageLabel)
                percentageLabel.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            }

            func update(_ fraction: CGFloat) {
                track.strokeEnd = fraction
                percentageLabel.text = "\\(Int(fraction * 100))%"
            }
        }
        """

    func testALabelAPropertysClosureMakesIsALabelLayerWithUILabelsNames() {
        let ported = Porter.port(controller)
        XCTAssertTrue(ported.ported.contains("""
                let percentageLabel: PlainLabelLayer = {
                    let label = PlainLabelLayer()
                    label.text = "Start"
                    label.textAlignment = .center
                    label.font = CTFontCreateUIFontForLanguage(.emphasizedSystem, 32, nil)!
                    label.textColor = CGColor(gray: 1, alpha: 1)
                    return label
                }()
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        self.addSublayer(percentageLabel)\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        percentageLabel.text = \"\\(Int(fraction * 100))%\"\n"), ported.ported)
        // The class, once, with a label's defaults.
        XCTAssertEqual(ported.ported.components(separatedBy: "class PlainLabelLayer: CALayer {").count - 1, 1)
        XCTAssertTrue(ported.ported.contains("    var font: CTFont = CTFontCreateUIFontForLanguage(.system, 17, nil)! {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        textLayer.truncationMode = .end\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("textLayer.frame = CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)"))
        XCTAssertEqual(ported.notes.map(\.construct), ["ProgressViewController"], "only how to show the controller is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAViewsLabelsInLocalsAndPropertiesAreLabelLayersDeclaredOnceForAllFiles() {
        let badge = Porter.Source(path: "BadgeView.swift", text: """
            import UIKit

            final class BadgeView: UIView {
                let caption = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 20))

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    caption.font = UIFont(name: "Avenir Next", size: 12)
                    caption.numberOfLines = 0
                    caption.alpha = 0.8
                    addSubview(caption)
                    let count = UILabel()
                    count.text = "3"
                    count.sizeToFit()
                    count.center = CGPoint(x: bounds.midX, y: bounds.midY)
                    addSubview(count)
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }
            """)
        let ported = Porter(sources: [Porter.Source(path: "Progress.swift", text: controller), badge], addsMissingImports: false).port()
        XCTAssertTrue(ported[1].ported.contains("""
                let caption = PlainLabelLayer(frame: CGRect(x: 0, y: 0, width: 80, height: 20))

                init(frame: CGRect) {
                    super.init()
                    self.frame = frame
                    caption.font = CTFontCreateWithName("Avenir Next" as CFString, 12, nil)
                    caption.numberOfLines = 0
                    caption.opacity = Float(0.8)
                    addSublayer(caption)
                    let count = PlainLabelLayer()
                    count.text = "3"
                    count.sizeToFit()
                    count.position = CGPoint(x: bounds.midX, y: bounds.midY)
                    addSublayer(count)
                }
            """), ported[1].ported)
        // Declared in the first file that needs it: the class is internal, for the properties.
        XCTAssertTrue(ported[0].ported.contains("\nclass PlainLabelLayer: CALayer {"))
        XCTAssertFalse(ported[1].ported.contains("class PlainLabelLayer"), ported[1].ported)
        XCTAssertEqual(ported[1].notes.map(\.construct), [])
    }

    func testASubclassOfUILabelIsASubclassOfTheLabelLayer() {
        // A counting label: UILabel's text, colour and font set on itself.
        let ported = Porter.port("""
            import UIKit

            final class CountingLabel: UILabel {
                var current = 0

                func step(to value: Int) {
                    current = value
                    text = String(value)
                    self.textColor = .red
                    font = .monospacedDigitSystemFont(ofSize: 20, weight: .regular)
                    sizeToFit()
                }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
            final class CountingLabel: PlainLabelLayer {
                var current = 0

                func step(to value: Int) {
                    current = value
                    text = String(value)
                    self.textColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("\nclass PlainLabelLayer: CALayer {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        // A colour the command cannot read whole leaves it.
        let chosen = Porter.port("""
            import UIKit

            final class SignLabel: UILabel {
                func show(_ value: Int) { textColor = value < 0 ? .red : .black }
            }
            """)
        XCTAssertTrue(chosen.ported.contains("final class SignLabel: UILabel {"), chosen.ported)

        // One that draws its text itself is left, with the reason.
        let drawing = Porter.port("""
            import UIKit

            final class InsetLabel: UILabel {
                override func drawText(in rect: CGRect) {
                    super.drawText(in: rect.insetBy(dx: 4, dy: 4))
                }
            }
            """)
        XCTAssertTrue(drawing.ported.contains("final class InsetLabel: UILabel {"), drawing.ported)
        XCTAssertEqual(
            drawing.notes.first?.why,
            "the view is not written as a layer: it overrides drawText(…), a view method the command does not write on its layer")
    }

    func testASubclassOfUILabelReadingItsFontAndColourInAnExtensionAndSizingItselfIsALabelLayer() {
        // Its font's metrics are Core Text's, its colour's `cgColor` the colour itself, in the
        // class and in its extension in the file; its intrinsic size stays a property of its own.
        let ported = Porter.port("""
            import UIKit

            final class DigitsLabel: UILabel {
                private var size: CGSize?
                override var intrinsicContentSize: CGSize {
                    return size ?? .zero
                }
                func digitHeight() -> CGFloat { font.lineHeight }
            }

            private extension DigitsLabel {
                func makeDigit(_ digit: String) -> CATextLayer {
                    let digitLayer = CATextLayer()
                    digitLayer.string = digit
                    digitLayer.font = font
                    digitLayer.fontSize = font.pointSize
                    digitLayer.foregroundColor = textColor.cgColor
                    size = digitLayer.preferredFrameSize()
                    return digitLayer
                }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
            final class DigitsLabel: PlainLabelLayer {
                private var size: CGSize?
                var intrinsicContentSize: CGSize {
                    return size ?? .zero
                }
                func digitHeight() -> CGFloat { (CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)) }
            }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
            private extension DigitsLabel {
                func makeDigit(_ digit: String) -> CATextLayer {
                    let digitLayer = CATextLayer()
                    digitLayer.string = digit
                    digitLayer.font = font
                    digitLayer.fontSize = CTFontGetSize(font)
                    digitLayer.foregroundColor = textColor
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAUILabelExtensionExtendsTheLabelLayer() {
        let source = """
            import UIKit

            extension UILabel {
                func shake() {
                    let shake = CABasicAnimation(keyPath: "position.x")
                    shake.fromValue = center.x - 4
                    shake.toValue = center.x + 4
                    shake.autoreverses = true
                    layer.add(shake, forKey: "shake")
                }

                func markDone() {
                    text = "Done"
                    textColor = .systemGreen
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
            extension PlainLabelLayer {
                func shake() {
                    let shake = CABasicAnimation(keyPath: "position.x")
                    shake.fromValue = position.x - 4
                    shake.toValue = position.x + 4
                    shake.autoreverses = true
                    self.add(shake, forKey: "shake")
                }

                func markDone() {
                    text = "Done"
                    textColor = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
                }
            }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("\nclass PlainLabelLayer: CALayer {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])

        // One using a label member the layer lacks is left.
        for member in ["lineBreakMode = .byWordWrapping", "self.baselineAdjustment = .alignCenters", "shadowColor = .black"] {
            let left = Porter.port(source.replacingOccurrences(of: "text = \"Done\"", with: member))
            XCTAssertTrue(left.ported.contains("extension UILabel {"), "\(member): \(left.ported)")
        }
    }

    func testALabelThatShrinksItsFontToFitKeepsUILabelsAutoshrinking() throws {
        // UIKit documents that a one-line label with `adjustsFontSizeToFitWidth` draws text too
        // wide for it in a smaller font, down to `minimumScaleFactor` of its size (0, the
        // default, not at all). The label layer does the same; Lamina's own tests run the class
        // the command writes, word for word (Tests/LaminaTests/PlainLabelLayerTests.swift).
        let ported = Porter.port("""
            import UIKit

            final class GaugeView: UIView {
                lazy var valueLabel: UILabel = {
                    let label = UILabel()
                    label.textAlignment = .center
                    label.adjustsFontSizeToFitWidth = true
                    label.minimumScaleFactor = 0.5
                    return label
                }()

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addSubview(valueLabel)
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
                lazy var valueLabel: PlainLabelLayer = {
                    let label = PlainLabelLayer()
                    label.textAlignment = .center
                    label.adjustsFontSizeToFitWidth = true
                    label.minimumScaleFactor = 0.5
                    return label
                }()
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        let start = try XCTUnwrap(ported.ported.range(of: "/// UIKit's plain label, written as a layer"))
        let end = try XCTUnwrap(ported.ported.range(of: "\n}\n", range: start.upperBound..<ported.ported.endIndex))
        let laminaTest = try laminaTestFile("PlainLabelLayerTests.swift")
        XCTAssertTrue(laminaTest.contains(ported.ported[start.lowerBound..<end.upperBound]), String(ported.ported[start.lowerBound..<end.upperBound]))
    }

    func testALabelGivenAColourOrFontPropertyTheCommandWritesTakesItsCoreGraphicsOrCoreTextValue() {
        // `label.textColor = waveColor`: the view's colour property, written as a CGColor, is
        // what the label layer's textColor takes; `label.font = valueFont` likewise a CTFont.
        let ported = Porter.port("""
            import UIKit

            final class WaveView: UIView {
                var waveColor: UIColor = .systemBlue
                private let percentColor = UIColor(white: 0.2, alpha: 1)
                var valueFont = UIFont.systemFont(ofSize: 20)

                lazy var wordLabel: UILabel = {
                    let label = UILabel()
                    label.textColor = waveColor
                    label.font = valueFont
                    return label
                }()
                private let percentLabel = UILabel(frame: .zero)

                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addSubview(wordLabel)
                    addSubview(percentLabel)
                    percentLabel.textColor = percentColor
                    layer.borderColor = waveColor.cgColor
                }

                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        XCTAssertTrue(ported.ported.contains("""
                var waveColor: CGColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
                private let percentColor = CGColor(gray: 0.2, alpha: 1)
                var valueFont = CTFontCreateUIFontForLanguage(.system, 20, nil)!

                lazy var wordLabel: PlainLabelLayer = {
                    let label = PlainLabelLayer()
                    label.textColor = waveColor
                    label.font = valueFont
                    return label
                }()
                private let percentLabel = PlainLabelLayer(frame: .zero)
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("        percentLabel.textColor = percentColor\n        self.borderColor = waveColor\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A colour the command leaves (handed on elsewhere) leaves the label and its view, the use named.
        let left = Porter.port("""
            import UIKit

            final class WaveView: UIView {
                var waveColor: UIColor = .systemBlue
                let label = UILabel()
                func configure() {
                    addSubview(label)
                    label.textColor = waveColor
                    print(waveColor)
                }
            }
            """)
        XCTAssertTrue(left.ported.contains("final class WaveView: UIView {"), left.ported)
        XCTAssertTrue(left.notes.contains { $0.why.hasSuffix("or holds otherwise (`label.textColor = waveColor`)") }, "\(left.notes.map(\.why))")
    }

    func testALabelUsedForWhatTheCommandDoesNotWriteLeavesItsViewWithTheReason() {
        for use in [
            "caption.baselineAdjustment = .alignCenters",
            "caption.textColor = UIColor(named: \"Accent\")",
            "caption.font = fonts[0]",
            "caption.lineBreakMode = .byWordWrapping",
            "register(caption)",
        ] {
            let ported = Porter.port("""
                import UIKit

                final class BadgeView: UIView {
                    let caption = UILabel()
                    var fonts: [UIFont] = []

                    func configure() {
                        addSubview(caption)
                        \(use)
                    }

                    func register(_ label: UILabel) {}
                }
                """)
            XCTAssertTrue(ported.ported.contains("final class BadgeView: UIView {"), "\(use): \(ported.ported)")
            XCTAssertTrue(ported.ported.contains("let caption = UILabel()"), "\(use): \(ported.ported)")
            XCTAssertFalse(ported.ported.contains("PlainLabelLayer"), use)
        }
    }
}
