// Rounded clips: 200 cards made as Apple code makes them — a 64×64 container with
// cornerRadius 10 and masksToBounds, a background colour and a 1-point border, holding an
// image sublayer across its top (past both top corners) and a plain badge poking past its top
// right corner — each moving +40 points and back with an eased, staggered, sub-pixel motion
// (`position.x`, 0.5 s, autoreversing) at 1280×720; a variant where each card turns and
// scales instead (`transform.rotation.z` 0 → 0.3, `transform.scale` 1 → 1.2); and one where
// the cards rest and each badge slides −40 points along the card's top and back. Each scene drawn
// twice in the same run, interleaved: with the clip applied as coverage while the card's
// sublayers are composited one by one, against the card drawn by cairo as one group image
// (resampled while it moves, drawn again once it rests).

import ExampleScenes
import Foundation
@_spi(Benchmarking) import QuartzCore

/// What moves in the clipped cards scene.
enum ClippedCardsMotion: String, CaseIterable {
    /// Each card moves.
    case moving
    /// Each card turns and scales.
    case turning = "turning and scaling"
    /// The cards rest; each badge slides inside its card.
    case inside = "at rest, each with its badge sliding inside"
}

/// The image across a card's top: 64×24 pixels, a horizontal ramp of blues.
@MainActor
func clippedCardImage() throws -> CGImage {
    let (width, height) = (64, 24)
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            bytes[i] = UInt8(160 + x)
            bytes[i + 1] = UInt8(90 + 2 * y)
            bytes[i + 2] = UInt8(40 + x / 2)
        }
    }
    return try CGImage(width: width, height: height, bytesPerRow: width * 4, premultipliedBGRA: bytes)
}

@MainActor
func makeClippedCards(count: Int, width: Int, height: Int, motion: ClippedCardsMotion) throws -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
    let image = try clippedCardImage()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let begin = CACurrentMediaTime()
    for i in 0..<count {
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        card.position = gridCentre(i, count: count, width: width, height: height)
        card.cornerRadius = 10
        card.masksToBounds = true
        card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        card.borderWidth = 1
        card.borderColor = CGColor(red: 0.7, green: 0.72, blue: 0.78, alpha: 1)
        let header = CALayer()
        header.frame = CGRect(x: 0, y: 0, width: 64, height: 24)
        header.contents = image
        card.addSublayer(header)
        let badge = CALayer()
        badge.frame = CGRect(x: 46, y: -6, width: 24, height: 24)
        badge.cornerRadius = 12
        badge.backgroundColor = CGColor(red: 0.9, green: 0.25 + 0.2 * Double(i % 3), blue: 0.3, alpha: 1)
        card.addSublayer(badge)
        var animations: [CABasicAnimation] = []
        var animated = card
        switch motion {
        case .moving:
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = card.position.x
            move.toValue = card.position.x + 40
            animations = [move]
        case .turning:
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0.0
            turn.toValue = 0.3
            let scale = CABasicAnimation(keyPath: "transform.scale")
            scale.fromValue = 1.0
            scale.toValue = 1.2
            animations = [turn, scale]
        case .inside:
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = badge.position.x
            slide.toValue = badge.position.x - 40
            animations = [slide]
            animated = badge
        }
        for (index, animation) in animations.enumerated() {
            EasedTiming.pace(animation, layer: i, begin: begin)
            animated.add(animation, forKey: "motion\(index)")
        }
        root.addSublayer(card)
    }
    CATransaction.commit()
    return root
}

@MainActor
func runClippedCardsScene(rounds: Int, framesPerRound: Int) throws {
    let (width, height, count) = (1280, 720, 200)
    for motion in ClippedCardsMotion.allCases {
        func scene(_ drawing: CARenderer.RoundedClipDrawing) throws -> AnimatedScene {
            let scene = AnimatedScene(
                root: try makeClippedCards(count: count, width: width, height: height, motion: motion), width: width,
                height: height, shadowsFromCachedImages: true)
            scene.renderer.roundedClips = drawing
            return scene
        }
        let scenes = try [scene(.coverage), scene(.groups), scene(.coverageUnlessAnimatedWhole)]
        let times = try interleavedFrameTimes(scenes, rounds: rounds, framesPerRound: framesPerRound)
        print(String(format: "%d rounded clipping cards %@ (eased, sub-pixel), 1280×720: clips as coverage %.2f ms/frame on one "
                     + "thread (%.2f on two), each card a cairo group image %.2f (%.2f): %.2f× (%.2f×); "
                     + "the default (coverage unless the card itself is animated) %.2f (%.2f)",
                     count, motion.rawValue, times[0].one, times[0].two, times[1].one, times[1].two,
                     times[0].one / times[1].one, times[0].two / times[1].two, times[2].one, times[2].two))
        print(String(format: "  cached pixels: %.1f MB (clips as coverage) against %.1f MB (group images); groups drawn: %d against %d",
                     Double(scenes[0].renderer.cachedBitmapBytes) / 1e6, Double(scenes[1].renderer.cachedBitmapBytes) / 1e6,
                     scenes[0].renderer.rasterisedGroupCount, scenes[1].renderer.rasterisedGroupCount))
    }
}
