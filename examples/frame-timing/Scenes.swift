import ExampleScenes
import Foundation
import Lamina

/// What the measured window shows: every scene but `input` animates forever, so frames keep
/// coming; `input` draws a frame for each button event, `input-animated` the same pad while
/// frames are drawn continuously.
enum Scene: String, CaseIterable {
    /// Cards with rounded corners, borders and shadows moving, a rotating gradient, a shape
    /// drawing itself and a text label: a bit of everything the render server draws.
    case demo
    /// `--layers` 32×32 rounded layers, each moving back and forth.
    case layers
    /// Nothing moves by itself: a pad filling the window changes colour at every press and
    /// every release of a button or key (injected by a virtual pointer and keyboard on
    /// headless sway, or yours on a desktop), so each such event is answered by one frame.
    case input
    /// The `input` pad while something animates all the time, as in a list app: a bar moved
    /// by a `CADisplayLink` (the main thread commits every frame) and a spinner turned by an
    /// endless animation (the render server evaluates it every frame). An event is shown by
    /// the first frame whose drawing had not started when it came.
    case inputAnimated = "input-animated"
    /// `--layers` rounded, bordered, translucent 64×64 layers moving 40 points back and
    /// forth, eased: sub-pixel positions every frame, as implicit animations land.
    case eased
    /// 30 cards as an app builds them (rounded, a shadow with a path, a clipped gradient, a
    /// title) wobbling by a few degrees.
    case cards
    /// The peer benchmark's scene (`examples/peer-benchmark`, also drawn by GTK 4 and Qt
    /// Quick): `--layers` rounded 64×64 layers with a 1-point border and translucent colours,
    /// spread over 1280×720 points, each moving 40 points and back, eased, its start staggered.
    case peer

    /// The size the window asks for: the peer scene's 1280×720, else 800×600 (a tiling
    /// compositor gives its own size either way).
    var preferredSize: CGSize {
        self == .peer ? CGSize(width: 1280, height: 720) : CGSize(width: 800, height: 600)
    }

    @MainActor
    func build(in window: Window, layers count: Int) {
        let root = window.rootLayer
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        switch self {
        case .demo: Self.buildDemo(in: root)
        case .layers: Self.buildLayers(in: root, count: count)
        case .input, .inputAnimated:
            let pad = InputPad()
            pad.frame = root.bounds
            pad.backgroundColor = InputPad.releasedColor
            pad.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
            root.addSublayer(pad)
            pad.shouldGroupAccessibilityChildren = true
            pad.accessibilityLabel = "Input pad"
            pad.accessibilityHint = "Changes colour at every press and release"
            if self == .inputAnimated { Self.buildMotion(over: pad, in: window) }
        case .eased:
            let size = root.bounds.size
            for i in 0..<count {
                makeEasedLayer(i, count: count, width: Int(max(size.width, 800)), height: Int(max(size.height, 600)), in: root)
            }
        case .cards:
            root.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
            for i in 0..<30 { makeWobblingCard(i, in: root) }  // each card's title labels it
        case .peer:
            // Placed over the peers' 1280×720 whatever size the window has, as they are.
            for i in 0..<count { makePeerBenchmarkLayer(i, count: count, width: 1280, height: 720, in: root) }
        }
        if self == .layers || self == .eased {
            for (index, layer) in (root.sublayers ?? []).enumerated() {
                Self.label(layer, "\(self == .eased ? "Eased" : "Moving") square \(index + 1)", .image)
            }
        }
    }

    /// Makes `layer` an accessibility element named `label`, so a screen reader (or an
    /// AT-SPI client measuring the scene) reads what the scene draws.
    @MainActor
    private static func label(_ layer: CALayer, _ label: String, _ traits: UIAccessibilityTraits, hint: String? = nil) {
        layer.isAccessibilityElement = true
        layer.accessibilityLabel = label
        layer.accessibilityTraits = traits
        layer.accessibilityHint = hint
    }

    /// Whether the scene answers input events (a virtual pointer and keyboard press them on
    /// headless sway).
    var answersInput: Bool { self == .input || self == .inputAnimated }

    /// The continuous motion of the `input-animated` scene: a spinner (an endless animation)
    /// and a bar a display link moves across the top every frame. Neither takes pointer
    /// events: presses reach the pad.
    @MainActor
    private static func buildMotion(over pad: CALayer, in window: Window) {
        let spinner = CALayer()
        spinner.frame = CGRect(x: 40, y: 80, width: 120, height: 120)
        spinner.backgroundColor = CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1)
        spinner.cornerRadius = 16
        pad.addSublayer(spinner)
        label(spinner, "Spinner", .image)
        spinner.add(forever("transform.rotation.z", by: 2 * .pi, duration: 2, reverses: false), forKey: "spin")
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 20, width: 160, height: 24)
        bar.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
        bar.cornerRadius = 12
        pad.addSublayer(bar)
        label(bar, "Moving bar", [.image, .updatesFrequently])
        let link = CADisplayLink(window: window) { link in
            let width = max(pad.bounds.width - 160, 1)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            bar.position.x = 80 + width * (0.5 + 0.5 * sin(link.targetTimestamp * 2))
            CATransaction.commit()
        }
        link.add(to: .main, forMode: .common)
    }

    @MainActor
    private static func buildLayers(in root: CALayer, count: Int) {
        let columns = max(1, Int(Double(count).squareRoot().rounded(.up)))
        for index in 0..<count {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
            layer.position = CGPoint(x: 40 + (index % columns) * 24 % 700, y: 40 + (index / columns) * 24 % 500)
            layer.backgroundColor = CGColor(
                red: Double(index % 7) / 7, green: Double(index % 5) / 5, blue: Double(index % 3) / 3, alpha: 1)
            layer.cornerRadius = 6
            root.addSublayer(layer)
            layer.add(forever("position.x", by: 60, duration: 1), forKey: "move")
        }
    }

    @MainActor
    private static func buildDemo(in root: CALayer) {
        let names = ["Coral card", "Amber card", "Teal card"]
        let colors = [
            CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1), CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1),
            CGColor(red: 0.16, green: 0.70, blue: 0.66, alpha: 1),
        ]
        for (index, color) in colors.enumerated() {
            let card = CALayer()
            card.frame = CGRect(x: 40 + CGFloat(index) * 170, y: 120, width: 150, height: 200)
            card.backgroundColor = color
            card.cornerRadius = 14
            card.borderWidth = 2
            card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.4)
            card.shadowOpacity = 0.5
            card.shadowRadius = 10
            card.shadowOffset = CGSize(width: 0, height: 6)
            root.addSublayer(card)
            label(card, names[index], .image)
            card.add(forever("position.y", by: 80, duration: 1.2 + 0.3 * Double(index)), forKey: "bob")
        }
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 580, y: 130, width: 160, height: 160)
        gradient.colors = [CGColor(red: 0.53, green: 0.40, blue: 0.90, alpha: 1), CGColor(red: 0.2, green: 0.8, blue: 0.9, alpha: 1)]
        gradient.cornerRadius = 20
        root.addSublayer(gradient)
        label(gradient, "Spinning gradient", .image)
        gradient.add(forever("transform.rotation.z", by: 2 * .pi, duration: 3, reverses: false), forKey: "spin")
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 580, y: 360, width: 160, height: 160)
        ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 140, height: 140), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1)
        ring.lineWidth = 10
        root.addSublayer(ring)
        label(ring, "Ring drawing itself", [.image, .updatesFrequently])
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2
        draw.repeatCount = .infinity
        ring.add(draw, forKey: "draw")
        let title = CATextLayer()
        title.frame = CGRect(x: 40, y: 40, width: 700, height: 48)
        title.string = "Lamina frame timing"
        title.fontSize = 32
        title.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(title)
        title.add(forever("opacity", from: 1, to: 0.3, duration: 1.5), forKey: "pulse")
    }

    /// An endless animation of `keyPath` by `by` (there and back unless `reverses` is false).
    @MainActor
    private static func forever(_ keyPath: String, by: CGFloat, duration: Double, reverses: Bool = true) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.byValue = by
        animation.duration = duration
        animation.autoreverses = reverses
        animation.repeatCount = .infinity
        return animation
    }

    @MainActor
    private static func forever(_ keyPath: String, from: CGFloat, to: CGFloat, duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.autoreverses = true
        animation.repeatCount = .infinity
        return animation
    }
}

/// The input scene's pad: one colour while a button or key is held, another after its
/// release; the change is not animated, so the first frame after the event shows it.
@MainActor
final class InputPad: CALayer, PointerEventHandling, KeyEventHandling {
    static let pressedColor = CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1)
    static let releasedColor = CGColor(red: 0.16, green: 0.70, blue: 0.66, alpha: 1)

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        let color: CGColor
        switch event.kind {
        case .pressed: color = Self.pressedColor
        case .released: color = Self.releasedColor
        default: return false
        }
        CATransaction.setDisableActions(true)
        backgroundColor = color
        return true
    }

    func handleKeyEvent(_ event: KeyEvent) -> Bool {
        let color: CGColor
        switch event.kind {
        case .pressed: color = Self.pressedColor
        case .released: color = Self.releasedColor
        case .repeated: return true
        }
        CATransaction.setDisableActions(true)
        backgroundColor = color
        return true
    }
}
