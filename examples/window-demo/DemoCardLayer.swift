import Foundation
import Lamina

/// A card of the demo: to assistive technologies, a button named by its colour whose value
/// counts how often it was activated (each activation prints `window-demo: card NAME
/// activated` and nudges the card up and back).
final class DemoCardLayer: CALayer {
    /// How many times an assistive technology activated the card.
    private var activations = 0

    /// Makes the card an accessible button named `label`.
    func describe(as label: String) {
        isAccessibilityElement = true
        accessibilityLabel = label
        accessibilityTraits = .button
        accessibilityHint = "Counts its activations"
        accessibilityValue = "Activated 0 times"
    }

    override func accessibilityActivate() -> Bool {
        activations += 1
        accessibilityValue = activations == 1 ? "Activated 1 time" : "Activated \(activations) times"
        writeLine("window-demo: card \(name ?? "") activated")
        let nudge = CABasicAnimation(keyPath: "position.y")
        nudge.byValue = -12
        nudge.duration = 0.2
        nudge.autoreverses = true
        add(nudge, forKey: "nudge")
        return true
    }
}
