import UIKit

/// Confetti whose cells pick one of an array of image literals at random, as a much-copied
/// confetti tutorial does; a second emitter makes one cell per image in a loop.
class ConfettiLiteralCell: CAEmitterCell {
    var images = [#imageLiteral(resourceName: "Box"), #imageLiteral(resourceName: "Triangle"), #imageLiteral(resourceName: "Circle")]

    override init() {
        super.init()
        setup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setup()
    }

    func setup() {
        contents = images[Int(arc4random_uniform(UInt32(images.count)))].cgImage
        color = UIColor(red: randomComponent(), green: randomComponent(), blue: randomComponent(), alpha: 1).cgColor
        birthRate = 4
        lifetime = 10
        velocity = 100
        velocityRange = 100
        spin = 4
        scale = 0.25
        scaleRange = 0.7
        emissionLongitude = CGFloat(Double.pi)
        emissionRange = 0.75
    }

    func randomComponent() -> CGFloat {
        return CGFloat(arc4random_uniform(255)) / 255
    }
}

func makeStreamerEmitter(width: CGFloat) -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: width / 2, y: -10)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: width, height: 1)
    let streamers: [UIImage] = [UIImage(named: "streamer-red")!, UIImage(named: "streamer-blue")!]
    var cells: [CAEmitterCell] = []
    for streamer in streamers {
        let cell = CAEmitterCell()
        cell.contents = streamer.cgImage
        cell.birthRate = 6
        cell.lifetime = 8
        cell.velocity = 120
        cells.append(cell)
    }
    let sparkle = CAEmitterCell()
    sparkle.contents = streamers.randomElement()?.cgImage
    sparkle.birthRate = streamers.isEmpty ? 0 : 2
    emitter.emitterCells = cells + [ConfettiLiteralCell(), sparkle]
    return emitter
}
