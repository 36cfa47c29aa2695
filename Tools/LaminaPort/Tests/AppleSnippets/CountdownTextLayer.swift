import UIKit

/// A countdown in a text layer, ticked by a block timer, and a flash on a one-shot timer.
final class CountdownTextLayer: CATextLayer {
    private var remaining = 10
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] timer in
            guard let self = self else { return timer.invalidate() }
            self.remaining -= 1
            self.string = "\(self.remaining)"
            if self.remaining == 0 { timer.invalidate() }
        }
    }

    func flash() {
        let flashTimer = Timer(timeInterval: 0.2, repeats: false, block: { _ in
            self.opacity = self.opacity == 1 ? 0.3 : 1
        })
        RunLoop.main.add(flashTimer, forMode: .common)
    }
}
