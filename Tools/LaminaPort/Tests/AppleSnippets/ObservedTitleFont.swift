import UIKit

/// A title layer whose font property updates the layer when set, and measures its text at a
/// larger copy of that font.
final class ObservedTitleLayer: CATextLayer {
    var titleFont: UIFont = UIFont(name: "Avenir-Heavy", size: 18) ?? .boldSystemFont(ofSize: 18) {
        didSet {
            font = titleFont
            fontSize = titleFont.pointSize
        }
    }

    override init() {
        super.init()
        alignmentMode = .center
        isWrapped = true
        font = titleFont
        fontSize = titleFont.pointSize
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func headlineHeight(for text: String) -> CGFloat {
        let big = titleFont.withSize(24)
        string = NSAttributedString(string: text, attributes: [.font: big, .foregroundColor: UIColor.white.cgColor])
        return ceil(big.lineHeight)
    }
}
