import Cocoa

/// A macOS view whose knob follows clicks and drags, and whose track lights up while the
/// pointer is over it, through a tracking area of its bounds.

final class AppKitHoverKnobView: NSView {
    private let track = CAShapeLayer()
    private let knob = CALayer()
    private var trackingArea: NSTrackingArea?

    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        wantsLayer = true
        track.fillColor = NSColor.lightGray.cgColor
        knob.backgroundColor = NSColor.white.cgColor
        knob.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
        knob.cornerRadius = 9
        layer?.addSublayer(track)
        layer?.addSublayer(knob)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layout() {
        super.layout()
        track.path = CGPath(roundedRect: bounds.insetBy(dx: 2, dy: bounds.height / 2 - 3), cornerWidth: 3, cornerHeight: 3, transform: nil)
        knob.position = CGPoint(x: bounds.minX + 11, y: bounds.midY)
    }

    override func updateTrackingAreas() {
        super.updateTrackingAreas()
        if let trackingArea = trackingArea {
            removeTrackingArea(trackingArea)
        }
        let area = NSTrackingArea(rect: bounds, options: [.mouseEnteredAndExited, .activeInKeyWindow], owner: self, userInfo: nil)
        addTrackingArea(area)
        trackingArea = area
    }

    override func mouseEntered(with event: NSEvent) {
        track.fillColor = NSColor.systemBlue.cgColor
    }

    override func mouseExited(with event: NSEvent) {
        track.fillColor = NSColor.lightGray.cgColor
    }

    override func mouseDown(with event: NSEvent) {
        moveKnob(to: convert(event.locationInWindow, from: nil))
    }

    override func mouseDragged(with event: NSEvent) {
        moveKnob(to: convert(event.locationInWindow, from: nil))
    }

    private func moveKnob(to point: NSPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        knob.position = CGPoint(x: min(max(point.x, bounds.minX + 11), bounds.maxX - 11), y: bounds.midY)
        CATransaction.commit()
    }
}
