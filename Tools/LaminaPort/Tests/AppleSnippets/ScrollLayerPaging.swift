import UIKit

/// A vertical list in a scroll layer, paged by code.
final class PagedList {
    let scrollLayer = CAScrollLayer()
    private let rowHeight: CGFloat = 44

    init(frame: CGRect, rows: Int) {
        scrollLayer.frame = frame
        scrollLayer.scrollMode = .vertically
        scrollLayer.masksToBounds = true
        for row in 0..<rows {
            let cell = CALayer()
            cell.frame = CGRect(x: 0, y: CGFloat(row) * rowHeight, width: frame.width, height: rowHeight - 1)
            cell.backgroundColor = CGColor(gray: row % 2 == 0 ? 0.95 : 0.9, alpha: 1)
            scrollLayer.addSublayer(cell)
        }
    }

    func scroll(toRow row: Int) {
        scrollLayer.scroll(to: CGPoint(x: 0, y: CGFloat(row) * rowHeight))
    }

    func reveal(row: Int) {
        let cell = scrollLayer.sublayers?[row]
        cell?.scrollRectToVisible(cell?.bounds ?? .zero)
        _ = cell?.visibleRect
    }
}
