import SwiftSyntax

/// The ported files' functions and their calls, found by name, for the passes that rewrite a
/// parameter together with the arguments its calls pass for it.
enum FunctionReferences {
    /// The functions the ported files declare and the calls they make, by name: a function
    /// declared in one file is called from the others.
    struct Index: Sendable {
        var functions: [String: [FunctionDeclSyntax]] = [:]
        var calls: [String: [FunctionCallExprSyntax]] = [:]

        init(_ files: [SourceFileSyntax] = []) {
            final class Collector: SyntaxVisitor {
                var functions: [String: [FunctionDeclSyntax]] = [:]
                var calls: [String: [FunctionCallExprSyntax]] = [:]
                override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                    functions[node.name.text, default: []].append(node)
                    return .visitChildren
                }
                override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                    if let name = FunctionReferences.calledName(node) { calls[name, default: []].append(node) }
                    return .visitChildren
                }
            }
            let collector = Collector(viewMode: .sourceAccurate)
            for file in files { collector.walk(file) }
            (functions, calls) = (collector.functions, collector.calls)
        }
    }

    /// The ported files' functions and calls, while the passes run.
    @TaskLocal static var index = Index()

    /// The calls of `function`: those of its name in its own file, and in every other ported
    /// file that declares no function of that name itself.
    static func calls(of function: FunctionDeclSyntax) -> [FunctionCallExprSyntax] {
        let name = function.name.text
        let root = function.root.id
        let declaringFiles = Set((index.functions[name] ?? []).map { $0.root.id })
        return (index.calls[name] ?? []).filter { $0.root.id == root || !declaringFiles.contains($0.root.id) }
    }

    /// The functions `call` may call: those of its name in its own file, or, where that file
    /// declares none, in the other ported files.
    static func declarations(calledBy call: FunctionCallExprSyntax) -> [FunctionDeclSyntax] {
        guard let name = FunctionReferences.calledName(call) else { return [] }
        let all = index.functions[name] ?? []
        let own = all.filter { $0.root.id == call.root.id }
        return own.isEmpty ? all : own
    }

    /// The parameters of the function `call` calls when it is declared in another ported file
    /// (one function of its name there), for the passes that write the arguments its file
    /// passes.
    static func parametersDeclaredElsewhere(calledBy call: FunctionCallExprSyntax) -> [FunctionParameterSyntax] {
        let declarations = declarations(calledBy: call)
        guard declarations.count == 1, let function = declarations.first, function.root.id != call.root.id else { return [] }
        return Array(function.signature.parameterClause.parameters)
    }

    /// The function `parameter` belongs to, and the expression each of its calls (in the ported
    /// files, ``calls(of:)``) passes for the parameter; nil for a parameter of something else
    /// (a closure, an initializer) or when a call does not pass every argument under the
    /// function's labels.
    static func argumentsPassed(for parameter: FunctionParameterSyntax) -> (function: FunctionDeclSyntax, arguments: [ExprSyntax])? {
        guard let list = parameter.parent?.as(FunctionParameterListSyntax.self),
            let function = list.parent?.parent?.parent?.as(FunctionDeclSyntax.self),
            let index = list.firstIndex(where: { $0.id == parameter.id })
        else { return nil }
        let labels = list.map { $0.firstName.text }
        let position = list.distance(from: list.startIndex, to: index)
        var arguments: [ExprSyntax] = []
        for call in calls(of: function) {
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
