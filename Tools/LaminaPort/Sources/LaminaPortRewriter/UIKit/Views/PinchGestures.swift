import SwiftSyntax

/// UIKit's pinch gesture recognizer on a view or view controller written as a layer
/// (``ViewInput``): the touchpad's pinches over the layer drive a `PinchGesture`, a class the
/// command adds once to the ported files with the recognizer's own names, and call the method
/// the recognizer called, with it:
///
/// ```swift
/// view.addGestureRecognizer(UIPinchGestureRecognizer(          (removed: a touchpad pinch over the
///     target: self, action: #selector(zoom(_:))))                layer calls zoom(_:) as it goes)
/// @objc func zoom(_ pinch: UIPinchGestureRecognizer) {   →     @objc func zoom(_ pinch: PinchGesture) {
///     box.transform = CATransform3DScale(                           box.transform = CATransform3DScale(
///         box.transform, pinch.scale, pinch.scale, 1)                   box.transform, pinch.scale, pinch.scale, 1)
///     pinch.scale = 1                                               pinch.scale = 1
/// ```
///
/// The method takes nothing, or the recognizer, which it uses only for its `state`, its
/// `scale` (read, or set: UIKit measures from the scale set, as the class does), its
/// `velocity` and its `location(in:)` in the view (the layer itself, `self`) or in the window
/// (`nil`). One pinch recognizer a type. Lamina reports a touchpad's pinches
/// (`GestureEvent`); a touchscreen's two touches do not drive the class.
enum PinchGestures {
    /// The class the recognizer becomes.
    static let className = "PinchGesture"

    static let reason =
        "UIKit's gesture recognizers do not exist on Linux; the layer's touchpad pinches drive a PinchGesture, which has the pinch recognizer's state and measures"

    /// The edits for a method a pinch recognizer calls (its recognizer as a `PinchGesture`, the
    /// view it locates in as the layer), and whether it takes the recognizer; nil when it uses
    /// the recognizer otherwise.
    static func handler(_ function: FunctionDeclSyntax, view: [String]) -> (ViewInput.Edits, takesRecognizer: Bool)? {
        RecognizerHandlers.handler(
            function, view: view, recognizerType: "UIPinchGestureRecognizer", className: className, readMembers: ["state", "velocity"],
            setMembers: ["scale"], locatingMembers: ["location"])
    }

    /// Adds ``declaration`` to `file` after `node`, where no ported file declares the class and
    /// no file ported before this one was given it.
    static func declare(after node: some SyntaxProtocol, in file: PortingSourceFile) {
        guard file.context.declaresGestureClass(className) else { return }
        file.insert(lines: declaration, afterLineOf: node, kind: .uikitValue, reason: reason)
    }

    /// The layer's members that drive the pinch and call `call` (the method's call), unindented.
    static func handlerLines(calling call: String) -> [String] {
        [
            "/// UIKit's pinch recognizer on the view, which the touchpad's pinches over the layer drive.",
            "private let pinchTracker = \(className)()",
            "",
            "/// UIKit's pinches on the view: the window's touchpad pinches that reach the layer.",
            "@MainActor func handleGestureEvent(_ event: GestureEvent) -> Bool {",
            "    guard pinchTracker.track(event) else { return false }",
            "    \(call)",
            "    return true",
            "}",
        ]
    }

    /// The class the command adds, unindented.
    static let declaration: [String] = [
        "/// UIKit's pinch gesture recognizer, as a Lamina window's touchpad pinches make it: two or",
        "/// more fingers pinching on the touchpad with the pointer over the layer begin a pinch, each",
        "/// move of theirs changes it, and lifting them ends it (a pinch the compositor takes over is",
        "/// cancelled). The layer that owns it calls its method at each. A touchscreen's touches do",
        "/// not drive it.",
        "final class \(className) {",
        "    /// UIKit's gesture recognizer states; a pinch goes through `began`, `changed` and `ended`.",
        "    enum State {",
        "        case possible, began, changed, ended, cancelled, failed",
        "        /// A discrete gesture's recognized state, which is `ended`.",
        "        static let recognized = State.ended",
        "    }",
        "",
        "    /// Where the pinch is. Default `possible`: no pinch has begun.",
        "    private(set) var state = State.possible",
        "",
        "    /// The distance between the fingers relative to what it was when the pinch began, or",
        "    /// when the scale was last set, times the scale set. Default 1; setting it (to 1, say)",
        "    /// measures from the fingers' distance then, as UIKit's recognizer does.",
        "    var scale: CGFloat {",
        "        get { given * spread / reference }",
        "        set { (given, reference) = (newValue, spread) }",
        "    }",
        "",
        "    /// How fast the scale changed over the last 100 milliseconds, in scale factor a second.",
        "    var velocity: CGFloat {",
        "        guard let first = samples.first, let last = samples.last, last.time != first.time else { return 0 }",
        "        return given * (last.spread - first.spread) / reference / (CGFloat(last.time &- first.time) / 1000)",
        "    }",
        "",
        "    /// Where the pointer is, in `layer`'s coordinates (the window's for nil).",
        "    func location(in layer: CALayer?) -> CGPoint {",
        "        layer?.convert(current, from: nil) ?? current",
        "    }",
        "",
        "    /// The fingers' distance relative to the start (the gesture's own scale), the distance",
        "    /// the scale set measures from, the scale set, and where the pointer is.",
        "    private var spread: CGFloat = 1",
        "    private var reference: CGFloat = 1",
        "    private var given: CGFloat = 1",
        "    private var current = CGPoint.zero",
        "    /// The spreads of the last 100 milliseconds, with the compositor's times.",
        "    private var samples: [(spread: CGFloat, time: UInt32)] = []",
        "",
        "    /// A touchpad gesture over the layer; whether it began, changed, ended or cancelled a pinch.",
        "    func track(_ event: GestureEvent) -> Bool {",
        "        guard event.kind == .pinch else { return false }",
        "        switch event.phase {",
        "        case .began:",
        "            (state, reference, given, samples) = (.began, event.scale, 1, [])",
        "        case .changed:",
        "            guard state == .began || state == .changed else { return false }",
        "            state = .changed",
        "        case .ended, .cancelled:",
        "            guard state == .began || state == .changed else { return false }",
        "            state = event.phase == .ended ? .ended : .cancelled",
        "        }",
        "        current = event.location",
        "        spread = event.scale",
        "        samples.append((event.scale, event.timestamp))",
        "        samples.removeAll { event.timestamp &- $0.time > 100 }",
        "        return true",
        "    }",
        "}",
    ]
}
