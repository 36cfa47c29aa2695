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

    /// The values `body` (a getter's, a function's) gives back: the expressions of its return
    /// statements, or, with none, those of its single expression — each branch of a `switch`,
    /// `if` or `?:` expression that is one (a returned `?:`'s branches too). Nil for a bare
    /// `return` or a body of other statements.
    static func results(of body: CodeBlockItemListSyntax) -> [ExprSyntax]? {
        let returned = expressions(in: body)
        if !returned.isEmpty {
            guard returned.allSatisfy({ $0 != nil }) else { return nil }
            return returned.compactMap { $0 }.flatMap { value in
                TernaryChoice(value) == nil ? [value] : branches(of: value) ?? [value]
            }
        }
        return results(ofBranch: body)
    }

    /// The values an expression gives: a `switch`'s, `if`'s or `?:`'s branches' (each of a
    /// single expression), or the expression itself.
    private static func branches(of expression: ExprSyntax) -> [ExprSyntax]? {
        if let switched = expression.as(SwitchExprSyntax.self) {
            var values: [ExprSyntax] = []
            for case .switchCase(let switchCase) in switched.cases {
                guard let branch = results(ofBranch: switchCase.statements) else { return nil }
                values += branch
            }
            return values
        }
        if let conditional = expression.as(IfExprSyntax.self) {
            guard let then = results(ofBranch: conditional.body.statements) else { return nil }
            switch conditional.elseBody {
            case .codeBlock(let block)?: return results(ofBranch: block.statements).map { then + $0 }
            case .ifExpr(let next)?: return branches(of: ExprSyntax(next)).map { then + $0 }
            case nil: return nil
            }
        }
        // `condition ? value : other`.
        if let choice = TernaryChoice(expression) {
            guard let first = branches(of: choice.value), let second = branches(of: choice.other) else { return nil }
            return first + second
        }
        return [expression]
    }

    /// The values of a body or branch of a single expression: that expression's branches.
    private static func results(ofBranch statements: CodeBlockItemListSyntax) -> [ExprSyntax]? {
        guard statements.count == 1, let only = statements.first else { return nil }
        if let statement = only.item.as(ExpressionStmtSyntax.self) { return branches(of: statement.expression) }
        return only.item.as(ExprSyntax.self).flatMap(branches(of:))
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
