import SwiftSyntax

/// UIKit's pan gesture recognizer on a view or view controller written as a layer
/// (``ViewInput``): the layer's pointer and touch events drive a `PanGesture`, a class the
/// command adds once to the ported files with the recognizer's own names, and call the method
/// the recognizer called, with it:
///
/// ```swift
/// view.addGestureRecognizer(UIPanGestureRecognizer(            (removed: a press or touch that moves
///     target: self, action: #selector(rotate(_:))))             10 points begins a pan, and calls rotate(_:))
/// @objc func rotate(_ pan: UIPanGestureRecognizer) {     →     @objc func rotate(_ pan: PanGesture) {
///     let moved = pan.translation(in: view)                         let moved = pan.translation(in: self)
///     …                                                             …
/// ```
///
/// The method takes nothing, or the recognizer, which it uses only for its `state` and its
/// `translation(in:)`, `setTranslation(_:in:)`, `location(in:)` and `velocity(in:)` in the view
/// (the layer itself, `self`) or in the window (`nil`). One pan recognizer a type.
enum PanGestures {
    /// The class the recognizer becomes.
    static let className = "PanGesture"

    /// The recognizer's members a handler may use, with the view (or `nil`) as their `in:`.
    private static let locatingMembers: Set<String> = ["translation", "setTranslation", "location", "velocity"]

    private static let reason =
        "UIKit's gesture recognizers do not exist on Linux; the layer's pointer and touch events drive a PanGesture, which has the pan recognizer's state and measures"

    /// The edits for a method a pan recognizer calls (its recognizer as a `PanGesture`, the view
    /// it measures in as the layer), and whether it takes the recognizer; nil when it uses the
    /// recognizer otherwise (its `view`, a measure in another view, passed on).
    static func handler(_ function: FunctionDeclSyntax, view: [String]) -> (ViewInput.Edits, takesRecognizer: Bool)? {
        RecognizerHandlers.handler(
            function, view: view, recognizerType: "UIPanGestureRecognizer", className: className, readMembers: ["state"],
            setMembers: [], locatingMembers: locatingMembers)
    }

    /// Adds ``declaration`` to `file` after `node`, where no ported file declares the class and
    /// no file ported before this one was given it.
    static func declare(after node: some SyntaxProtocol, in file: PortingSourceFile) {
        guard file.context.declaresGestureClass(className) else { return }
        file.insert(lines: declaration, afterLineOf: node, kind: .uikitValue, reason: reason)
    }

    /// The class the command adds, unindented.
    static let declaration: [String] = [
        "/// UIKit's pan gesture recognizer, as a Lamina window's pointer and touch events make it: a",
        "/// press of the primary button, or a touch, that moves 10 points or more from where it went",
        "/// down begins a pan, each move after that changes it, and letting go ends it (a touch",
        "/// cancelled cancels it). The layer that owns it calls its method at each. Apple does not",
        "/// document how far UIKit waits before a pan begins: 10 points is this class's choice.",
        "final class \(className) {",
        "    /// UIKit's gesture recognizer states; a pan goes through `began`, `changed` and `ended`.",
        "    enum State {",
        "        case possible, began, changed, ended, cancelled, failed",
        "        /// A discrete gesture's recognized state, which is `ended`.",
        "        static let recognized = State.ended",
        "    }",
        "",
        "    /// How far a press or touch moves before the pan begins, in points: a choice, not a",
        "    /// figure Apple documents. Change it to suit the app.",
        "    static let minimumDistance: CGFloat = 10",
        "",
        "    /// Where the pan is. Default `possible`: no pan has begun since the press or touch.",
        "    private(set) var state = State.possible",
        "    /// Where the press went down (moved by `setTranslation(_:in:)`), and where it is, in the",
        "    /// window's content coordinates.",
        "    private var origin = CGPoint.zero",
        "    private var current = CGPoint.zero",
        "    /// The positions of the last 100 milliseconds, with the compositor's times.",
        "    private var samples: [(point: CGPoint, time: UInt32)] = []",
        "",
        "    /// How far the press has moved since it went down, in `layer`'s coordinates (the",
        "    /// window's for nil).",
        "    func translation(in layer: CALayer?) -> CGPoint {",
        "        let from = point(origin, in: layer), to = point(current, in: layer)",
        "        return CGPoint(x: to.x - from.x, y: to.y - from.y)",
        "    }",
        "",
        "    /// Makes the translation in `layer`'s coordinates `translation` from here on.",
        "    func setTranslation(_ translation: CGPoint, in layer: CALayer?) {",
        "        let to = point(current, in: layer)",
        "        let from = CGPoint(x: to.x - translation.x, y: to.y - translation.y)",
        "        origin = layer?.convert(from, to: nil) ?? from",
        "    }",
        "",
        "    /// Where the press is, in `layer`'s coordinates (the window's for nil).",
        "    func location(in layer: CALayer?) -> CGPoint {",
        "        point(current, in: layer)",
        "    }",
        "",
        "    /// How fast the press moved over its last 100 milliseconds, in `layer`'s points a second.",
        "    func velocity(in layer: CALayer?) -> CGPoint {",
        "        guard let last = samples.last, let first = samples.first, last.time != first.time else { return .zero }",
        "        let from = point(first.point, in: layer), to = point(last.point, in: layer)",
        "        let seconds = CGFloat(last.time &- first.time) / 1000",
        "        return CGPoint(x: (to.x - from.x) / seconds, y: (to.y - from.y) / seconds)",
        "    }",
        "",
        "    private func point(_ point: CGPoint, in layer: CALayer?) -> CGPoint {",
        "        layer?.convert(point, from: nil) ?? point",
        "    }",
        "",
        "    private func record(_ point: CGPoint, at time: UInt32) {",
        "        current = point",
        "        samples.append((point, time))",
        "        samples.removeAll { time &- $0.time > 100 }",
        "    }",
        "",
        "    /// A press or touch went down at `point`.",
        "    func press(at point: CGPoint, timestamp: UInt32) {",
        "        state = .possible",
        "        origin = point",
        "        samples = []",
        "        record(point, at: timestamp)",
        "    }",
        "",
        "    /// The press moved to `point`; whether the pan began or changed.",
        "    func move(to point: CGPoint, timestamp: UInt32) -> Bool {",
        "        record(point, at: timestamp)",
        "        switch state {",
        "        case .possible:",
        "            guard hypot(point.x - origin.x, point.y - origin.y) >= Self.minimumDistance else { return false }",
        "            state = .began",
        "        case .began, .changed:",
        "            state = .changed",
        "        default:",
        "            return false",
        "        }",
        "        return true",
        "    }",
        "",
        "    /// The press was let go at `point`; whether that ended a pan.",
        "    func release(at point: CGPoint, timestamp: UInt32) -> Bool {",
        "        guard state == .began || state == .changed else {",
        "            state = .possible",
        "            return false",
        "        }",
        "        record(point, at: timestamp)",
        "        state = .ended",
        "        return true",
        "    }",
        "",
        "    /// The touch was cancelled; whether that cancelled a pan.",
        "    func cancel() -> Bool {",
        "        guard state == .began || state == .changed else {",
        "            state = .possible",
        "            return false",
        "        }",
        "        state = .cancelled",
        "        return true",
        "    }",
        "}",
    ]
}
