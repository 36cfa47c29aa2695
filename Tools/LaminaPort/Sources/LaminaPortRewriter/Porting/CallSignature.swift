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
        arguments(for: labels) != nil
    }

    /// For each parameter, the index of the argument a call with `labels` passes for it (nil
    /// for a defaulted one it leaves out); nil when such a call does not call this.
    func arguments(for labels: [String]) -> [Int?]? {
        var next = 0
        var passed: [Int?] = []
        for parameter in parameters {
            if next < labels.count, labels[next] == parameter.label {
                passed.append(next)
                next += 1
            } else if parameter.hasDefault {
                passed.append(nil)
            } else {
                return nil
            }
        }
        return next == labels.count ? passed : nil
    }
}
