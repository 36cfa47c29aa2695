import UIKit

/// A clock face layer redrawn by a target-selector timer each second, and a blinking colon
/// layer driven by a second timer on the same run loop.
final class ClockTickLayer: CALayer {
    private(set) var seconds = 0
    private var timer: Timer?
    let colon = CALayer()

    override init() {
        super.init()
        colon.backgroundColor = UIColor.label.cgColor
        addSublayer(colon)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func start() {
        timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
        let blink = Timer(timeInterval: 0.5, target: self, selector: #selector(blinkColon), userInfo: nil, repeats: true)
        RunLoop.main.add(blink, forMode: .common)
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }

    @objc private func tick(_ timer: Timer) {
        seconds += 1
        setNeedsDisplay()
    }

    @objc private func blinkColon() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        colon.isHidden.toggle()
        CATransaction.commit()
    }
}
