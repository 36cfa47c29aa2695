import SwiftSyntax

/// What a call of a function or initializer must say: each parameter's argument label (`_`
/// for none) and whether it has a default value (a call may leave it out).
struct CallSignature: Sendable, Hashable {
    struct Parameter: Sendable, Hashable {
        var label: String
        var hasDefault: Bool
    }
    var parameters: [Parameter]

    /// The signature of a declaration with `parameters`.
    init(_ parameters: FunctionParameterListSyntax) {
        self.parameters = parameters.map { Parameter(label: $0.firstName.text, hasDefault: $0.defaultValue != nil) }
    }

    /// The argument labels, in order.
    var labels: [String] { parameters.map(\.label) }

    /// Whether a call with `labels` calls this: its labels in order, defaulted ones left out
    /// or not.
    func isCalled(with labels: [String]) -> Bool {
        var remaining = labels[...]
        for parameter in parameters {
            if remaining.first == parameter.label {
                remaining = remaining.dropFirst()
            } else if !parameter.hasDefault {
                return false
            }
        }
        return remaining.isEmpty
    }
}
