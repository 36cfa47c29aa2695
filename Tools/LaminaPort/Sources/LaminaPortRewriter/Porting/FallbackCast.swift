import SwiftSyntax

/// `(value as? UIFont) ?? fallback` (or without the parentheses, which Swift's precedence makes
/// the same): a value read back as one type (an attribute's, out of an attributed string) or
/// else a fallback. The font and colour passes write the cast to the type Lamina's attributes
/// hold.
struct FallbackCast {
    /// The whole expression.
    var sequence: SequenceExprSyntax
    /// The type cast to.
    var type: TypeExprSyntax
    var fallback: ExprSyntax

    /// `value` read so, cast to one of `types`; nil for another expression.
    init?(_ value: some ExprSyntaxProtocol, castTo types: Set<String>) {
        guard let sequence = value.as(SequenceExprSyntax.self), [3, 5].contains(sequence.elements.count),
            let fallback = sequence.elements.last,
            Array(sequence.elements)[sequence.elements.count - 2].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        else { return nil }
        // The cast: in parentheses, `(value as? UIFont)`, or the first three elements.
        let cast: [ExprSyntax]
        if sequence.elements.count == 5 {
            cast = Array(sequence.elements.prefix(3))
        } else {
            guard let tuple = sequence.elements.first?.as(TupleExprSyntax.self), tuple.elements.count == 1,
                let inner = tuple.elements.first?.expression.as(SequenceExprSyntax.self), inner.elements.count == 3
            else { return nil }
            cast = Array(inner.elements)
        }
        guard cast[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark?.tokenKind == .postfixQuestionMark,
            let type = cast[2].as(TypeExprSyntax.self), types.contains(type.type.trimmedDescription)
        else { return nil }
        (self.sequence, self.type, self.fallback) = (sequence, type, fallback)
    }

    /// The expression read so whose cast's type holds `node` (a type's name), within a few
    /// levels above it.
    static func around(_ node: some SyntaxProtocol, castTo types: Set<String>) -> FallbackCast? {
        var current = node.parent
        for _ in 0..<8 {
            guard let ancestor = current else { return nil }
            if let sequence = ancestor.as(SequenceExprSyntax.self), let read = FallbackCast(sequence, castTo: types),
                read.type.position <= node.position, node.endPosition <= read.type.endPosition
            {
                return read
            }
            current = ancestor.parent
        }
        return nil
    }

    /// The expression read so whose fallback `fallback` is.
    static func withFallback(_ fallback: some ExprSyntaxProtocol, castTo types: Set<String>) -> FallbackCast? {
        guard let sequence = fallback.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.last?.id == fallback.id else {
            return nil
        }
        return FallbackCast(sequence, castTo: types)
    }
}
