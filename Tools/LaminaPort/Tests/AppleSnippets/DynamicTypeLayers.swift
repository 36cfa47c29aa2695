import UIKit

/// Text layers styled with text styles and font weights, as apps that follow Dynamic Type write them.
func dynamicTypeLabels() -> [CATextLayer] {
    let title = CATextLayer()
    title.font = UIFont.preferredFont(forTextStyle: .largeTitle)
    title.fontSize = 34
    title.string = "Title"
    let headline = CATextLayer()
    headline.string = NSAttributedString(string: "Headline", attributes: [
        .font: UIFont.preferredFont(forTextStyle: .headline), .foregroundColor: UIColor.label,
    ])
    let body = CATextLayer()
    body.string = NSAttributedString(string: "Body", attributes: [
        .font: UIFont.preferredFont(forTextStyle: UIFont.TextStyle.body),
        .foregroundColor: UIColor.secondaryLabel,
    ])
    let medium = CATextLayer()
    medium.font = UIFont.systemFont(ofSize: 15, weight: .medium)
    let light = CATextLayer()
    light.font = UIFont.systemFont(ofSize: 13, weight: UIFont.Weight.light)
    return [title, headline, body, medium, light]
}
