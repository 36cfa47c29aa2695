import UIKit
import CoreText

/// A countdown whose digits do not shift as they change: the font's tabular figures, asked
/// for with a font feature, in a text layer and in attributed text drawn with Core Text.
final class CountdownLayer: CATextLayer {
    private static func tabularFont(_ name: String, size: CGFloat) -> CTFont {
        let base = CTFontCreateWithName(name as CFString, size, nil)
        let descriptor = CTFontDescriptorCreateCopyWithFeature(
            CTFontCopyFontDescriptor(base), kNumberSpacingType as CFNumber, kMonospacedNumbersSelector as CFNumber)
        return CTFontCreateWithFontDescriptor(descriptor, size, nil)
    }

    var remaining: Int = 90 {
        didSet { string = String(format: "%02d:%02d", remaining / 60, remaining % 60) }
    }

    override init() {
        super.init()
        font = Self.tabularFont("AvenirNext-DemiBold", size: 32)
        fontSize = 32
        alignmentMode = .center
        foregroundColor = UIColor.white.cgColor
        contentsScale = UIScreen.main.scale
        string = "01:30"
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Old-style figures through the feature settings attribute, as a font descriptor's
/// dictionary spells them.
func oldStyleFigures(_ text: String, size: CGFloat) -> NSAttributedString {
    let attributes: [CFString: Any] = [
        kCTFontFamilyNameAttribute: "Georgia",
        kCTFontFeatureSettingsAttribute: [
            [kCTFontFeatureTypeIdentifierKey: kNumberCaseType, kCTFontFeatureSelectorIdentifierKey: kLowerCaseNumbersSelector],
            [kCTFontOpenTypeFeatureTag: "zero", kCTFontOpenTypeFeatureValue: 1],
        ],
    ]
    let font = CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes(attributes as CFDictionary), size, nil)
    return NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: UIColor.darkGray.cgColor])
}

/// A stopwatch label whose digits keep their places as they change.
func makeStopwatchLabel() -> CATextLayer {
    let label = CATextLayer()
    label.font = UIFont.monospacedDigitSystemFont(ofSize: 24, weight: .semibold)
    label.fontSize = 24
    label.string = "00:00.0"
    label.alignmentMode = .right
    return label
}
