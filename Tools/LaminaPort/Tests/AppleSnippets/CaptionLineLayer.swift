import UIKit
import CoreText

/// A layer subclass that draws an underlined caption with a Core Text line, centred by its optical bounds.

final class CaptionLayer: CALayer {
    var caption = "Hello, Core Text" { didSet { setNeedsDisplay() } }

    override func draw(in ctx: CGContext) {
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 18),
            .foregroundColor: UIColor.darkGray,
            .underlineStyle: NSUnderlineStyle.single.rawValue,
        ]
        let attributed = NSAttributedString(string: caption, attributes: attributes)
        let line = CTLineCreateWithAttributedString(attributed)
        let bounds = CTLineGetBoundsWithOptions(line, .useOpticalBounds)
        ctx.saveGState()
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: self.bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.textPosition = CGPoint(x: (self.bounds.width - bounds.width) / 2, y: 8)
        CTLineDraw(line, ctx)
        ctx.restoreGState()
    }
}
