import SwiftSyntax

/// `condition ? value : other` as the parser leaves it before operators are folded: a
/// sequence whose last two elements are the `? value :` and the other value, its condition
/// the elements before them (any operators binding tighter than the choice).
struct TernaryChoice {
    /// The elements before the `?`.
    let condition: [ExprSyntax]
    /// The value chosen when the condition holds.
    let value: ExprSyntax
    /// The value chosen otherwise.
    let other: ExprSyntax

    /// The choice `expression` is, or nil for any other expression (one whose choice is
    /// itself inside an assignment or another choice's condition).
    init?(_ expression: ExprSyntax) {
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
            let ternary = Array(sequence.elements).dropLast().last?.as(UnresolvedTernaryExprSyntax.self),
            !sequence.elements.dropLast(2).contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) || $0.is(AssignmentExprSyntax.self) }),
            let other = sequence.elements.last
        else { return nil }
        condition = Array(sequence.elements.dropLast(2))
        value = ternary.thenExpression
        self.other = other
    }

    /// The choice assigned in `list` (`target = condition ? value : other`, unparenthesized),
    /// or nil for another sequence.
    init?(assignedIn list: ExprListSyntax) {
        let elements = Array(list)
        guard elements.count >= 5, elements[1].is(AssignmentExprSyntax.self),
            let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
            !elements[2..<(elements.count - 2)].contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) || $0.is(AssignmentExprSyntax.self) }),
            let other = elements.last
        else { return nil }
        condition = Array(elements[2..<(elements.count - 2)])
        value = ternary.thenExpression
        self.other = other
    }

    /// The choice `expression` holds in parentheses (`(condition ? value : other)`), or that
    /// `expression` is without them.
    init?(parenthesized expression: ExprSyntax) {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            self.init(only.expression)
        } else {
            self.init(expression)
        }
    }

    /// The condition's source text, without the white space around it.
    var conditionText: String { condition.trimmedSourceText }
}
