import UIKit

/// Emitter cells whose images are loaded first and checked, as sample code loads particle images.
func emitterCellsFromBundle(data: Data) -> [CAEmitterCell] {
    let star = UIImage(named: "star")
    let heart: UIImage? = UIImage(named: "heart.png", in: .main, compatibleWith: nil)
    let dot = UIImage(named: "dot")!
    let stars = CAEmitterCell()
    stars.contents = star?.cgImage
    let hearts = CAEmitterCell()
    hearts.contents = heart?.cgImage
    let dots = CAEmitterCell()
    dots.contents = dot.cgImage
    guard let decoded = UIImage(data: data) else { return [stars, hearts, dots] }
    let confetti = CAEmitterCell()
    confetti.contents = decoded.cgImage
    if let photo = UIImage(contentsOfFile: "/tmp/photo.jpg") {
        confetti.contents = photo.cgImage
    }
    return [stars, hearts, dots, confetti]
}
