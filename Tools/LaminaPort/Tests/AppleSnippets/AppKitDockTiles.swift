import AppKit

/// A row of dock-style tiles on macOS: each tile's icon is an NSImage given straight to its
/// layer's contents, as AppKit's layers take it, and sized from the image.
final class DockTileLayer: CALayer {
    var icon: NSImage? {
        didSet {
            contents = icon
            setNeedsLayout()
        }
    }

    override init() {
        super.init()
        contentsGravity = .resizeAspect
        cornerRadius = 8
        backgroundColor = NSColor(calibratedWhite: 1, alpha: 0.15).cgColor
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func showBadge(_ badge: NSImage) {
        let badgeLayer = CALayer()
        badgeLayer.contents = badge
        badgeLayer.frame = CGRect(x: bounds.maxX - 14, y: bounds.maxY - 14, width: badge.size.width, height: badge.size.height)
        addSublayer(badgeLayer)
    }
}

func makeDockRow(names: [String]) -> CALayer {
    let row = CALayer()
    var x: CGFloat = 0
    for name in names {
        let tile = DockTileLayer()
        tile.frame = CGRect(x: x, y: 0, width: 48, height: 48)
        tile.icon = NSImage(named: NSImage.Name(name))
        row.addSublayer(tile)
        x += 56
    }
    let trash = NSImage(named: "Trash")
    let trashLayer = CALayer()
    trashLayer.contents = trash
    trashLayer.frame = CGRect(origin: CGPoint(x: x, y: 0), size: trash?.size ?? CGSize(width: 48, height: 48))
    row.addSublayer(trashLayer)
    if let badge = NSImage(named: "Badge") {
        (row.sublayers?.first as? DockTileLayer)?.showBadge(badge)
    }
    return row
}
