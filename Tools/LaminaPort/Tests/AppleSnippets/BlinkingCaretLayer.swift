import UIKit

/// A text caret that blinks on a timer of queued blocks, holding itself weakly.
final class BlinkingCaretLayer: CALayer {
    private var isBlinking = false

    override init() {
        super.init()
        backgroundColor = UIColor.systemBlue.cgColor
        bounds = CGRect(x: 0, y: 0, width: 2, height: 20)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startBlinking() {
        isBlinking = true
        scheduleBlink()
    }

    func stopBlinking() {
        isBlinking = false
        opacity = 1
    }

    private func scheduleBlink() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
            guard let self = self, self.isBlinking else { return }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            self.opacity = self.opacity == 0 ? 1 : 0
            CATransaction.commit()
            self.scheduleBlink()
        }
    }
}
