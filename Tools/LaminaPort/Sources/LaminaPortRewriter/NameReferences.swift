import SwiftSyntax

/// Where a local name, property or parameter is used in a scope, for the passes that rewrite
/// a value together with its uses.
enum NameReferences {
    /// The references to `name` in `scope` — each expression spelling it, members of that
    /// name on other values (`other.name`, ``DeclReferenceExprSyntax/isMemberName``) included,
    /// argument labels not. Nil when `name` is declared again there (a variable, a closure's or
    /// a function's parameter) other than by `declaration`: the uses are then not all its.
    static func find(_ name: String, in scope: [Syntax], except declaration: SyntaxIdentifier? = nil) -> [DeclReferenceExprSyntax]? {
        var references: [DeclReferenceExprSyntax] = []
        for token in scope.flatMap({ $0.tokens(viewMode: .sourceAccurate) }) where token.text == name {
            if let pattern = token.parent?.as(IdentifierPatternSyntax.self) {
                if pattern.id == declaration { continue }
                return nil
            }
            if token.parent?.is(ClosureShorthandParameterSyntax.self) == true || token.parent?.is(ClosureParameterSyntax.self) == true
                || token.parent?.is(FunctionParameterSyntax.self) == true
            {
                return nil
            }
            if let reference = token.parent?.as(DeclReferenceExprSyntax.self) { references.append(reference) }
        }
        return references
    }
}

extension DeclReferenceExprSyntax {
    /// Whether this is the member name of an access on another value (`other.name`).
    var isMemberName: Bool {
        guard let access = parent?.as(MemberAccessExprSyntax.self) else { return false }
        return access.declName.id == id
    }
}
