import CoreGraphics
import Foundation
import Lamina
import XCTest

// UIKit's plain label as the porting command writes it (the class below is the command's, word
// for word; a test of the command checks that it still writes this text).

/// UIKit's plain label, written as a layer that draws its text as a label does: in the
/// system font at 17 points, black, on one line cut at its end unless told otherwise,
/// centred vertically in its bounds. Like a view's own layer, it does not animate changes
/// to itself (UIKit's view, its delegate, gives it no action outside an animation block).
class PlainLabelLayer: CALayer {
    /// The layer that draws the text, laid out in the label's bounds.
    private let textLayer = PlainLabelTextLayer()

    /// The text drawn. Default nil.
    var text: String? {
        didSet { textLayer.string = text; setNeedsLayout() }
    }

    /// Styled text drawn instead of ``text``. Default nil.
    var attributedText: NSAttributedString? {
        didSet { textLayer.string = attributedText ?? text.map { $0 as Any }; setNeedsLayout() }
    }

    /// The font. Default the system font at 17 points, UILabel's.
    var font: CTFont = CTFontCreateUIFontForLanguage(.system, 17, nil)! {
        didSet { textLayer.font = font; textLayer.fontSize = CTFontGetSize(font); setNeedsLayout() }
    }

    /// The colour of the text. Default black, UILabel's.
    var textColor: CGColor = CGColor(gray: 0, alpha: 1) {
        didSet { textLayer.foregroundColor = textColor }
    }

    /// How lines are aligned. Default natural.
    var textAlignment: NSTextAlignment = .natural {
        didSet { textLayer.alignmentMode = Self.alignmentMode(textAlignment) }
    }

    /// 1 (the default) draws one line cut at its end; another number wraps the text.
    var numberOfLines = 1 {
        didSet { textLayer.isWrapped = numberOfLines != 1; setNeedsLayout() }
    }

    /// Whether a text of one line wider than the label is drawn in a smaller font, down to
    /// ``minimumScaleFactor`` of its size, to fit. Default false.
    var adjustsFontSizeToFitWidth = false {
        didSet { setNeedsLayout() }
    }

    /// The smallest multiple of the font's size that ``adjustsFontSizeToFitWidth`` draws
    /// the text in. Default 0: the text is not made smaller.
    var minimumScaleFactor: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }

    override init() {
        super.init()
        setUpText()
    }

    /// A label with `frame` as its frame, as `UILabel(frame:)` makes one.
    init(frame: CGRect) {
        super.init()
        setUpText()
        self.frame = frame
    }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpText()
    }

    private func setUpText() {
        textLayer.font = font
        textLayer.fontSize = CTFontGetSize(font)
        textLayer.foregroundColor = textColor
        textLayer.truncationMode = .end
        addSublayer(textLayer)
    }

    /// Sizes the label to its text, its origin kept, as UILabel's `sizeToFit()` does (one
    /// line as wide as it needs; wrapped lines in the label's width).
    func sizeToFit() {
        textLayer.fontSize = CTFontGetSize(font)
        let size = textSize(inWidth: numberOfLines == 1 ? Self.unlimited : bounds.width)
        frame.size = CGSize(width: numberOfLines == 1 ? size.width : bounds.width, height: size.height)
        setNeedsLayout()
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        textLayer.fontSize = fittedFontSize()
        // The text's height in the label's width, centred vertically as a label centres it.
        let height = min(textSize(inWidth: bounds.width).height, bounds.height)
        textLayer.frame = CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)
    }

    /// The size the text is drawn at: the font's, or where ``adjustsFontSizeToFitWidth`` asks
    /// for it, the size at which one line of the text is as wide as the label, but not less
    /// than ``minimumScaleFactor`` of the font's (styled text keeps its own fonts).
    private func fittedFontSize() -> CGFloat {
        let size = CTFontGetSize(font)
        textLayer.fontSize = size
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, minimumScaleFactor > 0, attributedText == nil, bounds.width > 0
        else { return size }
        let width = textSize(inWidth: Self.unlimited).width
        guard width > bounds.width else { return size }
        return size * max(min(minimumScaleFactor, 1), bounds.width / width)
    }

    /// A width or height no text reaches.
    private static let unlimited: CGFloat = 100_000

    /// The size of the text laid out in `width`.
    private func textSize(inWidth width: CGFloat) -> CGSize {
        let frame = textLayer.frame
        textLayer.bounds.size = CGSize(width: width, height: Self.unlimited)
        defer { textLayer.frame = frame }
        return textLayer.preferredFrameSize()
    }

    override func action(forKey event: String) -> (any CAAction)? {
        nil
    }

    private static func alignmentMode(_ alignment: NSTextAlignment) -> CATextLayerAlignmentMode {
        switch alignment {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .justified: return .justified
        default: return .natural
        }
    }
}

/// The text layer a plain label draws with, which does not animate its layout.
private final class PlainLabelTextLayer: CATextLayer {
    override func action(forKey event: String) -> (any CAAction)? {
        nil
    }
}

@MainActor
final class PlainLabelLayerTests: XCTestCase {
    private let text = "Temperature in the greenhouse"

    /// The width of one line of `text` in the system font at `size`, measured by Core Text's
    /// line, not by the label's text layer.
    private func lineWidth(_ string: String, size: CGFloat) -> CGFloat {
        let font = CTFontCreateUIFontForLanguage(.system, size, nil)!
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: string, attributes: [.font: font]))
        return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
    }

    /// A laid-out label `width` points wide showing `text`, and the font size its text layer draws at.
    private func drawnFontSize(width: CGFloat, adjusts: Bool, minimumScaleFactor: CGFloat, attributed: Bool = false) throws -> CGFloat {
        let label = PlainLabelLayer(frame: CGRect(x: 0, y: 0, width: width, height: 30))
        if attributed {
            label.attributedText = NSAttributedString(string: text)
        } else {
            label.text = text
        }
        label.adjustsFontSizeToFitWidth = adjusts
        label.minimumScaleFactor = minimumScaleFactor
        label.layoutIfNeeded()
        let textLayer = try XCTUnwrap(label.sublayers?.first as? CATextLayer)
        return textLayer.fontSize
    }

    func testAOneLineLabelTooNarrowForItsTextDrawsItInAFontThatFits() async throws {
        // UIKit documents that the label reduces the font size until the text fits.
        let full = lineWidth(text, size: 17)
        XCTAssertGreaterThan(full, 150)
        let size = try drawnFontSize(width: 150, adjusts: true, minimumScaleFactor: 0.5)
        // The line then fits the label, short of it by less than the point the text layer
        // rounds its measured width up to.
        XCTAssertLessThanOrEqual(lineWidth(text, size: size), 150)
        XCTAssertGreaterThan(lineWidth(text, size: size), 149)
        XCTAssertLessThan(size, 17 * 150 / full)
    }

    func testTheFontIsMadeNoSmallerThanTheMinimumScaleFactorAllows() async throws {
        XCTAssertEqual(try drawnFontSize(width: 20, adjusts: true, minimumScaleFactor: 0.5), 8.5, accuracy: 1e-9)
    }

    func testAScaleFactorOfZeroATextThatFitsOrNoAutoshrinkingKeepTheFontsSize() async throws {
        // UIKit: "If you specify a value of 0 for this property, the label doesn't scale the text down."
        XCTAssertEqual(try drawnFontSize(width: 150, adjusts: true, minimumScaleFactor: 0), 17)
        XCTAssertEqual(try drawnFontSize(width: 500, adjusts: true, minimumScaleFactor: 0.5), 17)
        XCTAssertEqual(try drawnFontSize(width: 150, adjusts: false, minimumScaleFactor: 0.5), 17)
    }

    func testSizeToFitSizesTheLabelToItsTextInItsFontsOwnSizeNotTheShrunkOne() async throws {
        let label = PlainLabelLayer(frame: CGRect(x: 0, y: 0, width: 150, height: 30))
        label.text = text
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.layoutIfNeeded()
        label.sizeToFit()
        // In whole points, as UILabel's sizes that fit its text are.
        XCTAssertEqual(label.bounds.width, lineWidth(text, size: 17).rounded(.up))
    }
}
