import UIKit

/// A label that counts up to a score, one step per display frame, in a bold rounded font that
/// turns green once the score is reached.

final class ScoreCountingLabel: UILabel {
    private var link: CADisplayLink?
    private var shown = 0
    private var target = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        font = UIFont.boldSystemFont(ofSize: 24)
        textAlignment = .center
        text = "0"
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    func count(to score: Int) {
        target = score
        textColor = .darkGray
        link?.invalidate()
        link = CADisplayLink(target: self, selector: #selector(step))
        link?.add(to: .main, forMode: .common)
    }

    @objc private func step() {
        shown = min(shown + 1, target)
        text = "\(shown)"
        if shown == target {
            textColor = .systemGreen
            link?.invalidate()
            link = nil
        }
    }
}
