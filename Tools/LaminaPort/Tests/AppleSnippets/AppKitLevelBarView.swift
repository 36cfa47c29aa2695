import Cocoa

/// A macOS level meter view that fills its bar in AppKit's current context and outlines it.

final class AppKitLevelBarView: NSView {
    var level: CGFloat = 0.5

    override func draw(_ dirtyRect: NSRect) {
        super.draw(dirtyRect)
        guard let context = NSGraphicsContext.current?.cgContext else { return }
        context.setFillColor(NSColor.systemGreen.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
        NSGraphicsContext.current?.cgContext.setStrokeColor(NSColor.black.cgColor)
        NSGraphicsContext.current!.cgContext.stroke(dirtyRect.insetBy(dx: 0.5, dy: 0.5))
    }
}
