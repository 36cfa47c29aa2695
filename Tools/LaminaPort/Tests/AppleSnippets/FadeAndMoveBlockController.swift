import UIKit

/// A view controller that fades and moves a plain view in UIKit animation blocks, with a
/// linear curve and a completion that removes it.

final class FadeAndMoveBlockController: UIViewController {
    private let card = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))

    override func viewDidLoad() {
        super.viewDidLoad()
        card.backgroundColor = .systemTeal
        card.layer.cornerRadius = 12
        view.addSubview(card)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        card.center = view.center
        UIView.animate(withDuration: 0.8, delay: 0, options: [.curveLinear]) {
            self.card.center = CGPoint(x: self.card.center.x, y: self.card.center.y - 100)
        }
        UIView.animate(withDuration: 0.4, animations: {
            self.card.alpha = 0.3
        }, completion: { finished in
            if finished {
                self.card.removeFromSuperview()
            }
        })
    }
}
