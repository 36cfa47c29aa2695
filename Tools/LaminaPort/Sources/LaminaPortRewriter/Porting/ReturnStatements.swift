import SwiftSyntax

/// The return statements of a body, for the passes that change what a function, closure or
/// property returns.
enum ReturnStatements {
    /// The expression of each return statement in `body` (nil for a bare `return`), not
    /// counting those of closures, functions and accessors nested in it.
    static func expressions(in body: some SyntaxProtocol) -> [ExprSyntax?] {
        let returns = ReturnFinder(viewMode: .sourceAccurate)
        returns.walk(body)
        return returns.expressions
    }
}

/// Collects ``ReturnStatements/expressions(in:)``.
private final class ReturnFinder: SyntaxVisitor {
    var expressions: [ExprSyntax?] = []
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        expressions.append(node.expression)
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
