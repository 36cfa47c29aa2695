import SwiftSyntax

// Assignments as the parser leaves them, before operators are folded: `target = value` is a
// sequence of three expressions, the middle one `=`.

extension ExprListSyntax {
    /// The target and the value of the assignment `target = value` this sequence is; nil for
    /// another sequence (a longer one: `target = a ?? b`).
    var simpleAssignment: (target: ExprSyntax, value: ExprSyntax)? {
        guard count == 3, let target = first, let value = last, dropFirst().first?.is(AssignmentExprSyntax.self) == true else { return nil }
        return (target, value)
    }
}

extension SyntaxProtocol {
    /// Whether this expression is assigned to: the first of a sequence whose next element is
    /// `=` (`name = …`, `x.name = …`, whatever the value).
    var isAssignmentTarget: Bool {
        guard let list = parent?.as(ExprListSyntax.self), list.first?.id == id else { return false }
        return list.dropFirst().first?.is(AssignmentExprSyntax.self) == true
    }

    /// The value this expression is given in `self = value`; nil where it is not the target of
    /// such an assignment.
    var assignedValue: ExprSyntax? {
        guard let (target, value) = parent?.as(ExprListSyntax.self)?.simpleAssignment, target.id == id else { return nil }
        return value
    }

    /// The target this expression is given to in `target = self`; nil where it is not the
    /// value of such an assignment.
    var assignmentTarget: ExprSyntax? {
        guard let (target, value) = parent?.as(ExprListSyntax.self)?.simpleAssignment, value.id == id else { return nil }
        return target
    }
}
