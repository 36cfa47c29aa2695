import Foundation
import CoreText
import Quartz

/// A macOS caption strip: `import Quartz`, an attributed string built with Core Foundation's
/// calls over the string's `CFStringGetLength`, and sublayers given the screen's scale through a
/// local.

final class CaptionStripLayer: CALayer {
    private let lines = [CALayer(), CALayer()]

    var captions: [String] = [] { didSet { setNeedsDisplay() } }

    override init() {
        super.init()
        let scale = NSScreen.main?.backingScaleFactor ?? 2
        for line in lines {
            line.contentsScale = scale
            addSublayer(line)
        }
        contentsScale = scale
        isGeometryFlipped = true
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    override func draw(in ctx: CGContext) {
        var y: CGFloat = 4
        for caption in captions {
            let text = caption as CFString
            let attributed = CFAttributedStringCreateMutable(kCFAllocatorDefault, 0)!
            CFAttributedStringReplaceString(attributed, CFRangeMake(0, 0), text)
            let whole = CFRangeMake(0, CFStringGetLength(text))
            CFAttributedStringSetAttribute(attributed, whole, kCTFontAttributeName, CTFontCreateWithName("Menlo" as CFString, 11, nil))
            CFAttributedStringSetAttribute(attributed, whole, kCTForegroundColorAttributeName, NSColor.white.cgColor)
            let line = CTLineCreateWithAttributedString(attributed)
            var ascent: CGFloat = 0
            var descent: CGFloat = 0
            _ = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
            ctx.saveGState()
            ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
            ctx.textPosition = CGPoint(x: 6, y: y + ascent)
            CTLineDraw(line, ctx)
            ctx.restoreGState()
            y += ascent + descent + 2
        }
    }
}
