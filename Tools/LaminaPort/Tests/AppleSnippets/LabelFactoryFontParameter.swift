import UIKit

/// A text layer factory taking its font and colour as parameters, called with system fonts.

func makeLabel(_ text: String, font: UIFont, color: UIColor = .darkGray) -> CATextLayer {
    let layer = CATextLayer()
    layer.string = text
    layer.font = font
    layer.fontSize = font.pointSize
    layer.foregroundColor = color.cgColor
    return layer
}

func makeHeader() -> [CATextLayer] {
    [
        makeLabel("Title", font: .boldSystemFont(ofSize: 20), color: .black),
        makeLabel("Subtitle", font: UIFont.systemFont(ofSize: 14), color: .gray),
    ]
}
