import Cocoa

/// A row of status dots for a macOS sidebar: each dot image is drawn once by focusing an
/// NSImage, with a soft shadowed rim, and handed to its layer.
enum StatusDotImages {
    static func dot(diameter: CGFloat, fill: NSColor) -> NSImage {
        let image = NSImage(size: NSSize(width: diameter + 2, height: diameter + 2))
        image.lockFocus()
        guard let context = NSGraphicsContext.current?.cgContext else {
            image.unlockFocus()
            return image
        }
        NSGraphicsContext.current?.imageInterpolation = .high
        let circle = NSBezierPath(ovalIn: NSRect(x: 1, y: 1, width: diameter, height: diameter))
        NSGraphicsContext.saveGraphicsState()
        context.setShadow(offset: CGSize(width: 0, height: -0.5), blur: 1, color: NSColor(calibratedWhite: 0, alpha: 0.3).cgColor)
        fill.setFill()
        circle.fill()
        NSGraphicsContext.restoreGraphicsState()
        NSColor(calibratedWhite: 1, alpha: 0.6).setStroke()
        circle.lineWidth = 0.5
        circle.stroke()
        image.unlockFocus()
        return image
    }
}

final class StatusDotsLayer: CALayer {
    private let fills: [NSColor] = [.systemGreen, .systemYellow, .systemRed]

    func layoutDots() {
        sublayers?.forEach { $0.removeFromSuperlayer() }
        var x: CGFloat = 0
        for fill in fills {
            let image = StatusDotImages.dot(diameter: 10, fill: fill)
            let dot = CALayer()
            dot.contents = image
            dot.frame = CGRect(origin: CGPoint(x: x, y: 0), size: image.size)
            addSublayer(dot)
            x += image.size.width + 4
        }
    }
}
