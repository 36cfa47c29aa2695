/// Why a view pass leaves a class to a person, for the report: the first reason a plan meets.
final class ViewRefusal {
    private(set) var reason: String?

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
