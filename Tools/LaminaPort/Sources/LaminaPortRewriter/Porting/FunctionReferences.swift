import SwiftSyntax

/// A file's functions and their calls, found by name, for the passes that rewrite a
/// parameter together with the arguments the file passes for it.
enum FunctionReferences {
    /// The calls in `root` of a function or method named `name` (`name(…)`, `x.name(…)`).
    static func calls(of name: String, in root: Syntax) -> [FunctionCallExprSyntax] {
        final class Calls: SyntaxVisitor {
            let name: String
            var found: [FunctionCallExprSyntax] = []
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if FunctionReferences.calledName(node) == name { found.append(node) }
                return .visitChildren
            }
        }
        let calls = Calls(name: name)
        calls.walk(root)
        return calls.found
    }

    /// The functions declared in `root` named `name`.
    static func functions(named name: String?, in root: Syntax) -> [FunctionDeclSyntax] {
        final class Functions: SyntaxVisitor {
            let name: String?
            var found: [FunctionDeclSyntax] = []
            init(name: String?) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.name.text == name { found.append(node) }
                return .visitChildren
            }
        }
        let functions = Functions(name: name)
        functions.walk(root)
        return functions.found
    }

    /// The function `parameter` belongs to, and the expression each of the file's calls of it
    /// passes for the parameter; nil for a parameter of something else (a closure, an
    /// initializer) or when a call does not pass every argument under the function's labels.
    static func argumentsPassed(for parameter: FunctionParameterSyntax) -> (function: FunctionDeclSyntax, arguments: [ExprSyntax])? {
        guard let list = parameter.parent?.as(FunctionParameterListSyntax.self),
            let function = list.parent?.parent?.parent?.as(FunctionDeclSyntax.self),
            let index = list.firstIndex(where: { $0.id == parameter.id })
        else { return nil }
        let labels = list.map { $0.firstName.text }
        let position = list.distance(from: list.startIndex, to: index)
        var arguments: [ExprSyntax] = []
        for call in calls(of: function.name.text, in: parameter.root) {
            guard call.arguments.map({ $0.label?.text ?? "_" }) == labels else { return nil }
            arguments.append(Array(call.arguments)[position].expression)
        }
        return (function, arguments)
    }

    /// The name a call calls: `f` in `f(…)` and `x.f(…)`.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}
