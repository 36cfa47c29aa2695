import UIKit
import CoreText

/// A caption sized to its text, measured with Core Text through UIKit's toll-free bridge from
/// UIFont to CTFont.
enum BridgedCaption {
    static func typographicWidth(of text: String, font: UIFont) -> CGFloat {
        let ctFont = font as CTFont
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: ctFont]))
        return ceil(CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)))
    }

    static func makeLayer(_ text: String) -> CATextLayer {
        let font = UIFont.preferredFont(forTextStyle: .footnote)
        let layer = CATextLayer()
        layer.font = font as CTFont
        layer.fontSize = font.pointSize
        layer.string = text
        layer.frame = CGRect(x: 0, y: 0, width: typographicWidth(of: text, font: font), height: ceil(font.lineHeight))
        return layer
    }
}
