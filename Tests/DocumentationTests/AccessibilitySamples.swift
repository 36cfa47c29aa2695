import Foundation
import Lamina

// The samples of the "Making your app accessible" article. ArticleSampleTests checks that
// each ```swift block of the article appears here verbatim; AccessibilitySampleTests runs them.

@MainActor
enum AccessibilitySamples {
    /// The article's first sample: a play button described to assistive technologies.
    static func playButton(in window: Window) -> CALayer {
        let play = CALayer()
        play.frame = CGRect(x: 20, y: 20, width: 64, height: 64)
        play.isAccessibilityElement = true
        play.accessibilityLabel = "Play"
        play.accessibilityHint = "Plays the current song"
        play.accessibilityTraits = .button
        window.rootLayer.addSublayer(play)
        return play
    }

    /// The article's notifications.
    static func notify(play: CALayer) {
        UIAccessibility.post(notification: .announcement, argument: "Download complete")
        UIAccessibility.post(notification: .layoutChanged, argument: play)
    }

    /// The article's move that animates less when asked.
    static func move(card: CALayer, to target: CGPoint) {
        if UIAccessibility.isReduceMotionEnabled {
            CATransaction.setDisableActions(true)
        }
        card.position = target
    }
}

final class VolumeLayer: CALayer {
    var level = 5

    override var isAccessibilityElement: Bool {
        get { true }
        set {}
    }
    override var accessibilityLabel: String? {
        get { "Volume" }
        set {}
    }
    override var accessibilityValue: String? {
        get { "\(level * 10)%" }
        set {}
    }
    override var accessibilityTraits: UIAccessibilityTraits {
        get { .adjustable }
        set {}
    }
    override func accessibilityIncrement() { level = min(10, level + 1) }
    override func accessibilityDecrement() { level = max(0, level - 1) }
}
