import UIKit

/// A text layer that centres its one line vertically, measuring the font it was given and
/// the attributed string it shows.

final class VerticallyCenteredTextLayer: CATextLayer {
    override func draw(in ctx: CGContext) {
        let lineHeight: CGFloat
        if let attributed = string as? NSAttributedString {
            lineHeight = attributed.size().height
        } else {
            lineHeight = (font?.ascender ?? fontSize) - (font?.descender ?? 0)
        }
        ctx.saveGState()
        ctx.translateBy(x: 0, y: (bounds.height - lineHeight) / 2)
        super.draw(in: ctx)
        ctx.restoreGState()
    }
}

final class TitleLayer: CATextLayer {
    private let title: String

    init(title: String) {
        self.title = title
        super.init()
        string = title
        font = UIFont.boldSystemFont(ofSize: 17)
        fontSize = 17
        alignmentMode = .center
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    var capHeight: CGFloat { font?.capHeight ?? 0 }
}
