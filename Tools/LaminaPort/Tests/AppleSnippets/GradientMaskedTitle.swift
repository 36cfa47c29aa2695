import UIKit

/// A gradient seen through a text layer used as its mask, its colours animated.

func makeGradientTitle(_ title: String, frame: CGRect) -> CAGradientLayer {
    let gradient = CAGradientLayer()
    gradient.frame = frame
    gradient.colors = [UIColor.systemPink.cgColor, UIColor.systemPurple.cgColor, UIColor.systemBlue.cgColor]
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)

    let text = CATextLayer()
    text.frame = gradient.bounds
    text.string = title
    text.font = UIFont.systemFont(ofSize: 32, weight: .heavy)
    text.fontSize = 32
    text.alignmentMode = .center
    text.foregroundColor = UIColor.black.cgColor
    text.contentsScale = UIScreen.main.scale
    gradient.mask = text

    let shift = CABasicAnimation(keyPath: "colors")
    shift.fromValue = gradient.colors
    shift.toValue = [UIColor.systemBlue.cgColor, UIColor.systemPink.cgColor, UIColor.systemPurple.cgColor]
    shift.duration = 2
    shift.autoreverses = true
    shift.repeatCount = .greatestFiniteMagnitude
    gradient.add(shift, forKey: "colors")
    return gradient
}
