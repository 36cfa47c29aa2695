// Scenes the examples share: what an app written as a new user would write, animated as
// apps animate.

import Foundation
import QuartzCore

/// A card as an app builds one: rounded corners, a shadow with a `shadowPath`, a
/// `CAGradientLayer` clipped to the corners and a `CATextLayer` title, wobbling by a few
/// degrees forever (`transform.rotation.z`, eased, autoreversing). Card `i` of a grid of six
/// columns, 205 × 135 points apart.
@MainActor
public func makeWobblingCard(_ i: Int, in root: CALayer) {
    let size = CGSize(width: 180, height: 110)
    let card = CALayer()
    card.bounds = CGRect(origin: .zero, size: size)
    card.position = CGPoint(x: 120 + (i % 6) * 205, y: 90 + (i / 6) * 135)
    card.cornerRadius = 12
    card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    card.shadowOpacity = 0.35
    card.shadowRadius = 8
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)

    let gradient = CAGradientLayer()
    gradient.frame = card.bounds
    gradient.colors = [
        CGColor(red: 0.25, green: 0.45, blue: 0.95, alpha: 1), CGColor(red: 0.55, green: 0.2, blue: 0.8, alpha: 1),
    ]
    gradient.cornerRadius = 12
    gradient.masksToBounds = true
    card.addSublayer(gradient)

    let title = CATextLayer()
    title.frame = CGRect(x: 14, y: 12, width: size.width - 28, height: 24)
    title.string = "Card \(i + 1)"
    title.fontSize = 17
    title.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    card.addSublayer(title)

    let wobble = CABasicAnimation(keyPath: "transform.rotation.z")
    wobble.fromValue = -0.05
    wobble.toValue = 0.05
    wobble.duration = 0.6 + Double(i % 7) * 0.05
    wobble.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    wobble.autoreverses = true
    wobble.repeatCount = .infinity
    card.add(wobble, forKey: "wobble")
    root.addSublayer(card)
}


/// Where item `i` of `count` 64×64 items sits (its centre) in a grid spread over
/// `width × height` points, leaving 40 points on the right for the items' motion: the
/// placement the eased scenes share with the peer benchmark's GTK 4 and Qt Quick programs
/// (`examples/peer-benchmark`), which place item `i` at this centre less 32 points.
public func gridCentre(_ i: Int, count: Int, width: Int, height: Int) -> CGPoint {
    let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
    let rows = max(1, (count + columns - 1) / columns)
    let spanX = Double(max(width - 112, 1)), spanY = Double(max(height - 64, 1))
    return CGPoint(
        x: 32 + (Double(i % columns) / Double(columns) * spanX).rounded(.down),
        y: 32 + (Double(i / columns) / Double(rows) * spanY).rounded(.down))
}

/// Layer `i` of `count` rounded (radius 8), bordered (2 points), translucent (opacity 0.8)
/// 64×64 layers spread over `width × height` points, moving 40 points along x and back
/// forever (`position.x`, 0.5 s each way, ease-in-ease-out, phases staggered): every frame
/// lands on sub-pixel positions.
@MainActor
public func makeEasedLayer(_ i: Int, count: Int, width: Int, height: Int, in root: CALayer) {
    let (layer, move) = makeMovingSquare(i, count: count, width: width, height: height, alpha: 1)
    layer.borderWidth = 2
    layer.opacity = 0.8
    move.timeOffset = Double(i % 50) / 100
    layer.add(move, forKey: "move")
    root.addSublayer(layer)
}

/// Layer `i` of `count` in the peer benchmark's scene (`examples/peer-benchmark`, drawn the
/// same way by GTK 4 and Qt Quick there): a 64×64 layer with rounded corners (radius 8), a
/// 1-point border and translucent colours (alpha 0.8 in the background and border colours,
/// opacity 1), at ``gridCentre(_:count:width:height:)``, moving 40 points along x and back
/// forever (`position.x`, 0.5 s each way, ease-in-ease-out, a period of 1 s), its start
/// delayed by `(i % 50) / 100` s through `beginTime`: every frame lands on sub-pixel
/// positions and neighbours are out of phase.
@MainActor
public func makePeerBenchmarkLayer(_ i: Int, count: Int, width: Int, height: Int, in root: CALayer) {
    let (layer, move) = makeMovingSquare(i, count: count, width: width, height: height, alpha: 0.8)
    layer.borderWidth = 1
    move.beginTime = CACurrentMediaTime() + Double(i % 50) / 100
    layer.add(move, forKey: "move")
    root.addSublayer(layer)
}

/// What the eased scenes' layers share: layer `i` of `count`, 64×64 at
/// ``gridCentre(_:count:width:height:)``, rounded (radius 8), in colour `i` and a dark border
/// colour (both with `alpha`), and its move, not yet added: 40 points along x and back
/// forever (`position.x`, 0.5 s each way, ease-in-ease-out).
@MainActor
private func makeMovingSquare(
    _ i: Int, count: Int, width: Int, height: Int, alpha: CGFloat
) -> (CALayer, CABasicAnimation) {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
    layer.position = gridCentre(i, count: count, width: width, height: height)
    layer.backgroundColor = CGColor(
        red: Double(i % 7) / 7, green: Double(i % 5) / 5, blue: Double(i % 3) / 3, alpha: alpha)
    layer.cornerRadius = 8
    layer.borderColor = CGColor(red: 0.13, green: 0.13, blue: 0.13, alpha: alpha)
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = layer.position.x
    move.toValue = layer.position.x + 40
    move.duration = 0.5
    move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    move.autoreverses = true
    move.repeatCount = .infinity
    return (layer, move)
}
