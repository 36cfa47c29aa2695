import Foundation
import Lamina

/// The layers of the hit-testing window, in window coordinates (origin top-left).
///
/// - `red`    (100,100)–(500,400)
/// - `green`  (300,250)–(700,550): added after red, so it is above red where they overlap
/// - `blue`   (600,150)–(900,450): added first of all but `zPosition` 1, so above green
/// - `hidden` (950,100)–(1200,350): hidden, never hit (a press there is `none`)
/// - `inner`  (150,150)–(250,250): a sublayer of red
/// - `mover`  (100,580)–(300,700): orange; a press on it moves it (an implicit animation)
///   to (1000,580)–(1200,700), and back on the next press
///
/// A press on the bare background (the root layer) is reported as `none`.
@MainActor
enum HitTestingScene {
    static func build(in root: CALayer) -> [CALayer] {
        root.backgroundColor = CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1)
        let blue = layer("blue", CGRect(x: 600, y: 150, width: 300, height: 300), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        blue.zPosition = 1
        let red = layer("red", CGRect(x: 100, y: 100, width: 400, height: 300), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let green = layer("green", CGRect(x: 300, y: 250, width: 400, height: 300), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        let hidden = layer("hidden", CGRect(x: 950, y: 100, width: 250, height: 250), CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        hidden.isHidden = true
        let inner = layer("inner", CGRect(x: 50, y: 50, width: 100, height: 100), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        red.addSublayer(inner)
        let mover = layer("mover", CGRect(x: 100, y: 580, width: 200, height: 120), CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        for sublayer in [blue, red, green, hidden, mover] { root.addSublayer(sublayer) }
        return [blue, red, green, hidden, inner, mover]
    }

    /// The two places the mover travels between (its frame's left edge).
    static let moverStops: (CGFloat, CGFloat) = (100, 1000)

    /// Sends `mover` to its other stop with an implicit animation lasting `duration`
    /// seconds: only the model value is set; the layer's action animates it. `arrived` runs
    /// once the animation is over (the transaction's completion block). Returns the new left
    /// edge.
    static func toggle(_ mover: CALayer, duration: CFTimeInterval, arrived: @escaping @MainActor () -> Void) -> CGFloat {
        let target = mover.frame.minX == moverStops.0 ? moverStops.1 : moverStops.0
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setCompletionBlock(arrived)
        mover.position.x = target + mover.bounds.width / 2
        CATransaction.commit()
        return target
    }

    private static func layer(_ name: String, _ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    static func describe(_ layer: CALayer) -> String {
        let frame = layer.frame
        let parent = layer.superlayer?.name.map { " in \($0)" } ?? ""
        return "\(layer.name ?? "unnamed") frame=\(format(frame.minX)),\(format(frame.minY)),\(format(frame.width)),\(format(frame.height))\(parent) zPosition=\(format(layer.zPosition)) hidden=\(layer.isHidden)"
    }

    /// A coordinate as an integer when it is one, else with up to two decimals.
    static func format(_ value: CGFloat) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(format: "%.2f", Double(value))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
