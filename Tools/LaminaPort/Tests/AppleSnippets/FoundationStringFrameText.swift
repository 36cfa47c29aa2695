import UIKit
import CoreText

/// Text kept as an NSString, edited through Core Foundation's attributed string calls and laid
/// out in a frame with its attributes passed as the frame's too, as older Core Text code does.

final class FoundationStringFrameTextView: UIView {
    var text: NSString = "Core Text lays out this paragraph in the view's bounds."

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let attributes: [NSAttributedString.Key: Any] = [
            .font: CTFontCreateWithName("Helvetica" as CFString, 16, nil),
            .foregroundColor: UIColor.darkGray.cgColor,
        ]
        let attributed = CFAttributedStringCreateMutable(kCFAllocatorDefault, 0)!
        CFAttributedStringReplaceString(attributed, CFRangeMake(0, 0), text)
        CFAttributedStringSetAttributes(attributed, CFRangeMake(0, CFStringGetLength(text)), attributes as CFDictionary, true)
        context.textMatrix = .identity
        context.translateBy(x: 0, y: bounds.height)
        context.scaleBy(x: 1, y: -1)
        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
        let path = CGPath(rect: bounds.insetBy(dx: 8, dy: 8), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, attributes as CFDictionary)
        CTFrameDraw(frame, context)

        let captionAttributes = [NSAttributedString.Key.font: UIFont.boldSystemFont(ofSize: 11), .foregroundColor: UIColor.gray]
        let caption = CTLineCreateWithAttributedString(NSAttributedString(string: "Caption", attributes: captionAttributes))
        context.textPosition = CGPoint(x: 8, y: 4)
        CTLineDraw(caption, context)
    }
}
