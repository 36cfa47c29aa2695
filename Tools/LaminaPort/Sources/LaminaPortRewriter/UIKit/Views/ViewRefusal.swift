import SwiftSyntax

/// Why a view pass leaves a class to a person, for the report: the first reason a plan meets.
final class ViewRefusal {
    private(set) var reason: String?

    /// Reports `node`, a class the pass leaves, at its name: the view or controller (`what`) is
    /// not written as a layer, for the first reason recorded (a generic class, refused before
    /// any, records none), and what a person can do (`todo`).
    func report(_ node: ClassDeclSyntax, as what: String, todo: String, in file: PortingSourceFile) {
        file.note(node.name, why: "\(what) is not written as a layer: \(reason ?? "it is a generic class")", todo: todo)
    }

    /// Records `reason` (unless one was recorded first) and gives nil: `return refusal.refuse(…)`.
    func refuse<T>(_ reason: @autoclosure () -> String) -> T? {
        if self.reason == nil { self.reason = reason() }
        return nil
    }
}

extension Optional where Wrapped == ViewRefusal {
    /// Records `reason` where a refusal is being explained, and gives nil.
    func refuse<T>(_ reason: @autoclosure () -> String) -> T? {
        switch self {
        case .some(let refusal): return refusal.refuse(reason())
        case .none: return nil
        }
    }
}
