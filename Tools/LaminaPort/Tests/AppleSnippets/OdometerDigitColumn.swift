import UIKit

/// One column of an odometer: a scroll layer of centred text layers, one for each digit on the
/// way to the target, scrolled by a bounds animation. The column keeps the font and colour it is
/// given and hands them to each digit's attributed string.

class OdometerDigitColumn {
    private var font: UIFont
    private var textColor: UIColor
    var duration: CFTimeInterval = 2
    let scrollLayer = CAScrollLayer()

    init(frame: CGRect, in superLayer: CALayer, font: UIFont, textColor: UIColor) {
        self.font = font
        self.textColor = textColor
        scrollLayer.frame = frame
        superLayer.addSublayer(scrollLayer)
    }

    func scroll(to digit: Int) {
        scrollLayer.sublayers?.removeAll()
        var offset: CGFloat = 0
        for value in 0...digit {
            let textLayer = makeTextLayer("\(value % 10)")
            textLayer.frame = CGRect(x: 0, y: offset, width: scrollLayer.frame.width, height: scrollLayer.frame.height)
            scrollLayer.addSublayer(textLayer)
            offset += scrollLayer.frame.height
        }
        let scroll = CABasicAnimation(keyPath: "sublayerTransform.translation.y")
        scroll.fromValue = 0
        scroll.toValue = -(offset - scrollLayer.frame.height)
        scroll.duration = duration
        scroll.fillMode = .forwards
        scroll.isRemovedOnCompletion = false
        scroll.timingFunction = CAMediaTimingFunction(name: .easeOut)
        scrollLayer.add(scroll, forKey: "scroll")
    }

    private func makeTextLayer(_ text: String) -> CenteredDigitLayer {
        let layer = CenteredDigitLayer()
        layer.contentsScale = UIScreen.main.scale
        layer.alignmentMode = .center
        layer.string = NSAttributedString(string: text, attributes: [NSAttributedString.Key.foregroundColor: textColor.cgColor, NSAttributedString.Key.font: font])
        return layer
    }
}

private class CenteredDigitLayer: CATextLayer {
    override func draw(in ctx: CGContext) {
        if let attributedString = self.string as? NSAttributedString {
            let yDiff = (bounds.size.height - attributedString.size().height) / 2
            ctx.saveGState()
            ctx.translateBy(x: 0, y: yDiff)
            super.draw(in: ctx)
            ctx.restoreGState()
        }
    }
}
