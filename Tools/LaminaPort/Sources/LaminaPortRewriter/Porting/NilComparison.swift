import SwiftSyntax

/// A comparison of a value with `nil`, read from the unfolded expression list the parser
/// gives (`image != nil`, `nil == image`).
enum NilComparison {
    /// The operators that bind less tightly than `==` and `!=`, which may stand next to a
    /// comparison without taking one of its sides: `a && image != nil`, `x = image == nil`.
    private static let looserOperators: Set<String> = ["&&", "||"]

    /// Whether `value` is one side of a comparison with `nil`: all that is asked of it is
    /// whether it holds a value.
    static func isComparedWithNil(_ value: ExprSyntax) -> Bool {
        guard let list = value.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == value.id }) else { return false }
        func comparison(_ element: ExprSyntax) -> Bool {
            ["==", "!="].contains(element.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        }
        func looser(_ element: ExprSyntax) -> Bool {
            element.is(AssignmentExprSyntax.self) || element.is(UnresolvedTernaryExprSyntax.self)
                || looserOperators.contains(element.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        }
        // `value != nil`, then nothing or a looser operator; before it, nothing or a looser one.
        if index + 2 < elements.count, comparison(elements[index + 1]), elements[index + 2].is(NilLiteralExprSyntax.self),
            index + 3 == elements.count || looser(elements[index + 3]), index == 0 || looser(elements[index - 1])
        {
            return true
        }
        // `nil != value`, the same way round.
        if index >= 2, comparison(elements[index - 1]), elements[index - 2].is(NilLiteralExprSyntax.self),
            index - 2 == 0 || looser(elements[index - 3]), index + 1 == elements.count || looser(elements[index + 1])
        {
            return true
        }
        return false
    }
}
