import AppKit

/// A macOS transparency grid and a rounded count badge, both drawn by NSImage drawing handlers
/// and shown as layer contents.
final class TransparencyGridLayer: CALayer {
    static let checkerTile = NSImage(size: NSSize(width: 16, height: 16), flipped: false) { rect in
        NSColor.white.setFill()
        rect.fill()
        NSColor(calibratedWhite: 0.85, alpha: 1).setFill()
        NSRect(x: 0, y: 0, width: 8, height: 8).fill()
        NSRect(x: 8, y: 8, width: 8, height: 8).fill()
        return true
    }

    private let countBadge = CALayer()

    func countBadgeImage(for count: Int) -> NSImage {
        let text = count > 99 ? "99+" : "\(count)"
        let font = NSFont.boldSystemFont(ofSize: 11)
        let width = max(18, (text as NSString).size(withAttributes: [.font: font]).width + 10)
        return NSImage(size: NSSize(width: width, height: 18), flipped: true) { bounds in
            NSColor.systemRed.setFill()
            NSBezierPath(roundedRect: bounds, xRadius: 9, yRadius: 9).fill()
            let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: NSColor.white]
            (text as NSString).draw(in: bounds.insetBy(dx: 5, dy: 2), withAttributes: attributes)
            return true
        }
    }

    func configure(count: Int) {
        contents = Self.checkerTile
        contentsGravity = .topLeft
        let badge = countBadgeImage(for: count)
        countBadge.contents = badge
        countBadge.frame = CGRect(origin: CGPoint(x: bounds.maxX - badge.size.width, y: 0), size: badge.size)
        if countBadge.superlayer == nil { addSublayer(countBadge) }
    }
}
