import UIKit

/// Three dots that fade out, then call a completion after the fade, as a loading indicator's
/// stop method does.

final class DelayedCompletionDotsLayer: CAReplicatorLayer {
    private let dot = CALayer()

    override init() {
        super.init()
        dot.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = UIColor.white.cgColor
        addSublayer(dot)
        instanceCount = 3
        instanceTransform = CATransform3DMakeTranslation(14, 0, 0)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func stop(_ completion: (() -> Void)? = nil) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.2)
        dot.opacity = 0
        CATransaction.commit()
        if let done = completion {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: done)
        }
    }
}
