import SwiftSyntax

/// UIKit's pinch gesture recognizer on a view or view controller written as a layer
/// (``ViewInput``): the touchpad's pinches over the layer, and two touch points on it, drive a
/// `PinchGesture`, a class the command adds once to the ported files with the recognizer's own
/// names, and call the method the recognizer called, with it:
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
/// (`nil`). One pinch recognizer a type. A touchpad's pinches come as Lamina's `GestureEvent`s;
/// on a touchscreen, two touch points on the layer begin a pinch when one moves, and its scale is
/// their distance relative to the start. A pan on the layer that a pinch interrupts is cancelled.
enum PinchGestures {
    /// The class the recognizer becomes.
    static let className = "PinchGesture"

    static let reason =
        "UIKit's gesture recognizers do not exist on Linux; the layer's touchpad pinches and touches drive a PinchGesture, which has the pinch recognizer's state and measures"

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

    /// The layer's members that drive the pinch and call `call` (the method's call),
    /// unindented: the tracker and the touchpad gestures' handler, and, where the layer handles
    /// no other touches (`touches`), the touch points' handler.
    static func handlerLines(calling call: String, touches: Bool) -> [String] {
        var lines = [
            "/// UIKit's pinch recognizer on the view, which the touchpad's pinches over the layer and two",
            "/// touch points on it drive.",
            "private let pinchTracker = \(className)()",
            "",
            "/// UIKit's pinches on the view: the window's touchpad pinches that reach the layer.",
            "@MainActor func handleGestureEvent(_ event: GestureEvent) -> Bool {",
            "    guard pinchTracker.track(event) else { return false }",
            "    \(call)",
            "    return true",
            "}",
        ]
        if touches {
            lines += [
                "",
                "/// UIKit's pinches on the view: two of the window's touch points on the layer.",
                "@MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {",
                "    guard pinchTracker.track(event) else { return false }",
                "    \(call)",
                "    return true",
                "}",
            ]
        }
        return lines
    }

    /// The statements a touch handler that also drives a pan or touches starts with: the pinch
    /// takes the touch point's event when it is one of the pinch's, cancelling a pan it
    /// interrupts (`panCall`, the pan method's call), and a second point down is the pinch's,
    /// not a touch of its own.
    static func touchLines(calling call: String, panCall: String?) -> [String] {
        var lines = ["if pinchTracker.track(event) {"]
        if let panCall {
            // The pan it interrupts is cancelled; once it is over, the next touch point down
            // starts a pan again.
            lines += [
                "    if pinchTracker.state == .began, panTracker.cancel() {", "        \(panCall)", "    }",
                "    if pinchTracker.state == .ended || pinchTracker.state == .cancelled { panTouchID = nil }",
            ]
        }
        return lines + ["    \(call)", "    return true", "}", "if pinchTracker.followsTwoTouches { return true }"]
    }

    /// The class the command adds, unindented.
    static let declaration: [String] = [
        "/// UIKit's pinch gesture recognizer, as a Lamina window's touchpad pinches and touches make",
        "/// it: two or more fingers pinching on the touchpad with the pointer over the layer, or two",
        "/// touch points on the layer one of which moves, begin a pinch, each move of theirs changes",
        "/// it, and lifting them (one of the two points) ends it; a pinch the compositor takes over is",
        "/// cancelled. The layer that owns it calls its method at each.",
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
        "    /// Whether two touch points are down on the layer: the pinch's, not touches of their own.",
        "    var followsTwoTouches: Bool { touches.count == 2 }",
        "",
        "    /// Where the pointer is (between the two touch points), in `layer`'s coordinates (the",
        "    /// window's for nil).",
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
        "    /// The touch points on the layer, by ID, and their distance when the pinch began.",
        "    private var touches: [Int32: CGPoint] = [:]",
        "    private var startDistance: CGFloat = 1",
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
        "        record(event.scale, at: event.timestamp)",
        "        return true",
        "    }",
        "",
        "    /// A touch point's event on the layer; whether it began, changed, ended or cancelled a",
        "    /// pinch. Two points down begin one when either moves (a third is not followed).",
        "    func track(_ event: TouchEvent) -> Bool {",
        "        switch event.phase {",
        "        case .began:",
        "            if touches.count < 2 { touches[event.touchID] = event.location }",
        "            return false",
        "        case .moved:",
        "            guard touches[event.touchID] != nil else { return false }",
        "            touches[event.touchID] = event.location",
        "            let points = Array(touches.values)",
        "            guard points.count == 2 else { return false }",
        "            let distance = hypot(points[1].x - points[0].x, points[1].y - points[0].y)",
        "            if state == .began || state == .changed {",
        "                state = .changed",
        "            } else {",
        "                guard distance > 0 else { return false }",
        "                (state, startDistance, reference, given, samples) = (.began, distance, 1, 1, [])",
        "            }",
        "            current = CGPoint(x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2)",
        "            record(distance / startDistance, at: event.timestamp)",
        "            return true",
        "        case .ended, .cancelled:",
        "            guard touches.removeValue(forKey: event.touchID) != nil, state == .began || state == .changed else { return false }",
        "            state = event.phase == .ended ? .ended : .cancelled",
        "            return true",
        "        }",
        "    }",
        "",
        "    private func record(_ value: CGFloat, at time: UInt32) {",
        "        spread = value",
        "        samples.append((value, time))",
        "        samples.removeAll { time &- $0.time > 100 }",
        "    }",
        "}",
    ]
}
