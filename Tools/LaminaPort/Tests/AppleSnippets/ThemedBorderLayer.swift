import UIKit

/// A card whose border and shadow follow a dark flag: the ink fades a little in the dark, and
/// the shadow takes the accent there and plain gray otherwise.
final class ThemedBorderLayer: CALayer {
    var isDark = false { didSet { applyTheme() } }
    var accent: UIColor = .systemIndigo { didSet { applyTheme() } }

    private func applyTheme() {
        let fill = isDark ? UIColor.black : UIColor.white
        backgroundColor = fill.cgColor
        var ink: UIColor = isDark ? .white : .black
        if isDark { ink = ink.withAlphaComponent(0.9) }
        borderColor = ink.cgColor
        borderWidth = 1
        shadowColor = (isDark ? accent : UIColor.gray).cgColor
        shadowOpacity = 0.3
        shadowRadius = 6
    }
}
