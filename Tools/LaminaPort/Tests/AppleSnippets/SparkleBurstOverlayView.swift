import UIKit
import Darwin

/// A burst of sparkles over the screen that touches pass through: the view's layer is an
/// emitter, set up once the view is in a superview, and the view removes itself after the
/// burst.

final class SparkleBurstOverlayView: UIView {
    private var emitter: CAEmitterLayer!

    override class var layerClass: AnyClass {
        return CAEmitterLayer.self
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        emitter = self.layer as? CAEmitterLayer
        emitter.emitterShape = .circle
        emitter.renderMode = .additive
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        guard superview != nil else { return }
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
        emitter.emitterSize = CGSize(width: 20, height: 20)
        let cell = CAEmitterCell()
        cell.birthRate = 120
        cell.lifetime = 1.2
        cell.velocity = 160
        cell.emissionRange = CGFloat(Darwin.acos(-1.0) * 2)
        cell.scale = 0.1
        cell.color = UIColor.yellow.cgColor
        emitter.emitterCells = [cell]
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
            self.emitter.birthRate = 0
            self.removeFromSuperview()
        }
    }
}
