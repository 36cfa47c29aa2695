import SwiftSyntax

/// The ported files' functions and initializers and their calls, found by name, for the passes
/// that rewrite a parameter together with the arguments its calls pass for it.
enum FunctionReferences {
    /// A function, or an initializer, which calls name by its type (`DotLayer(color: …)`).
    struct Callable: Sendable {
        /// The function's name, or the initializer's type's.
        var name: String
        var signature: FunctionSignatureSyntax
        var body: CodeBlockSyntax?
        /// For a function, whether it is the type's (`static` or `class`), and the type (or the
        /// extended type) declaring it.
        var isTypeMember = false
        var owner: String?

        init?(_ declaration: some SyntaxProtocol) {
            if let function = declaration.as(FunctionDeclSyntax.self) {
                (name, signature, body) = (function.name.text, function.signature, function.body)
                (isTypeMember, owner) = (function.modifiers.isTypeMember, function.enclosingTypeName)
            } else if let initializer = declaration.as(InitializerDeclSyntax.self), let type = initializer.enclosingTypeName {
                (name, signature, body) = (type, initializer.signature, initializer.body)
            } else {
                return nil
            }
        }

        var parameters: FunctionParameterListSyntax { signature.parameterClause.parameters }
        var root: Syntax { signature.root }

        /// Whether `call` (of its name) passes arguments this signature takes — and, called on a
        /// type named (`NSBezierPath.circle(…)`), whether this is a function of that type's (or of
        /// a class it descends from): another type's function of the name is not called.
        func isCalled(by call: FunctionCallExprSyntax) -> Bool {
            if let base = FunctionReferences.namedType(calledOn: call), owner != nil {
                guard isTypeMember, let owner, PortingContext.descends(base, from: [owner], superclasses: PortingContext.currentSuperclasses)
                else { return false }
            }
            return CallSignature(parameters).isCalled(with: call.arguments.map { $0.label?.text ?? "_" })
        }
    }

    /// The type a call is made on by name (`CAShapeLayer` in `CAShapeLayer.circle(…)`; not
    /// `Self` or a value).
    static func namedType(calledOn call: FunctionCallExprSyntax) -> String? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self),
            base.argumentNames == nil, base.baseName.text.first?.isUppercase == true, base.baseName.text != "Self"
        else { return nil }
        return base.baseName.text
    }

    /// The function or initializer declaring `parameter`.
    static func callable(declaring parameter: FunctionParameterSyntax) -> Callable? {
        parameter.parent?.parent?.parent?.parent.flatMap { Callable($0) }
    }

    /// The functions and initializers the ported files declare and the calls they make, by
    /// name: a function declared in one file is called from the others.
    struct Index: Sendable {
        var functions: [String: [Callable]] = [:]
        var calls: [String: [FunctionCallExprSyntax]] = [:]
        /// Each file's variable and property declarations, by file and by a name they bind, in
        /// source order (``NameReferences/variableDeclarations(named:in:)`` asks for them
        /// often: a walk of the whole file each time made porting many files slow).
        var variables: [SyntaxIdentifier: [String: [VariableDeclSyntax]]] = [:]
        /// Each file's identifier and keyword tokens, by file and by text, in source order
        /// (``NameReferences/tokens(_:in:)``).
        var tokens: [SyntaxIdentifier: [String: [TokenSyntax]]] = [:]

        init(_ files: [SourceFileSyntax] = []) {
            final class Collector: SyntaxVisitor {
                var functions: [String: [Callable]] = [:]
                var calls: [String: [FunctionCallExprSyntax]] = [:]
                var variables: [String: [VariableDeclSyntax]] = [:]
                var tokens: [String: [TokenSyntax]] = [:]
                override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                    switch token.tokenKind {
                    case .identifier, .keyword, .dollarIdentifier: tokens[token.text, default: []].append(token)
                    default: break
                    }
                    return .visitChildren
                }
                override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                    var names: Set<String> = []
                    for binding in node.bindings {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
                    }
                    for name in names { variables[name, default: []].append(node) }
                    return .visitChildren
                }
                override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                    if let callable = Callable(node) { functions[callable.name, default: []].append(callable) }
                    return .visitChildren
                }
                override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
                    if let callable = Callable(node) { functions[callable.name, default: []].append(callable) }
                    return .visitChildren
                }
                override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                    if let name = FunctionReferences.calledName(node) { calls[name, default: []].append(node) }
                    return .visitChildren
                }
            }
            let collector = Collector(viewMode: .sourceAccurate)
            for file in files {
                (collector.variables, collector.tokens) = ([:], [:])
                collector.walk(file)
                variables[file.id] = collector.variables
                tokens[file.id] = collector.tokens
            }
            (functions, calls) = (collector.functions, collector.calls)
        }
    }

    /// The ported files' functions and calls, while the passes run.
    @TaskLocal static var index = Index()

    /// The calls of `function`: those of its name in its own file, and in every other ported
    /// file that declares no function of that name the call may call itself, whose arguments
    /// its parameters take (another initializer of the type, an overload with other labels, is
    /// not called).
    static func calls(of function: Callable) -> [FunctionCallExprSyntax] {
        let root = function.root.id
        return (index.calls[function.name] ?? []).filter { call in
            guard function.isCalled(by: call) else { return false }
            return call.root.id == root || !(index.functions[function.name] ?? []).contains { $0.root.id == call.root.id && $0.isCalled(by: call) }
        }
    }

    /// The functions (or initializers) `call` may call: those of its name whose parameters take
    /// its arguments, in its own file, or, where that file declares none of the name that it
    /// may call (`shimmer.configure(text:font:)` in a controller declaring its own
    /// `configure(with:font:)`), in the other ported files.
    static func declarations(calledBy call: FunctionCallExprSyntax) -> [Callable] {
        guard let name = FunctionReferences.calledName(call) else { return [] }
        let called = (index.functions[name] ?? []).filter { $0.isCalled(by: call) }
        let own = called.filter { $0.root.id == call.root.id }
        return own.isEmpty ? called : own
    }

    /// The parameters `argument` may be passed for in the functions its call may call: those of
    /// its label, or for an argument without one, the parameter in its place where the call
    /// passes every argument.
    static func parameters(receiving argument: LabeledExprSyntax) -> [FunctionParameterSyntax] {
        guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return [] }
        let declarations = FunctionReferences.declarations(calledBy: call)
        if let label = argument.label?.text {
            return declarations.flatMap { Array($0.parameters).filter { $0.firstName.text == label } }
        }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard let position = call.arguments.firstIndex(where: { $0.id == argument.id }).map({ call.arguments.distance(from: call.arguments.startIndex, to: $0) })
        else { return [] }
        return declarations.compactMap { function in
            let parameters = Array(function.parameters)
            return parameters.map(\.firstName.text) == labels ? parameters[position] : nil
        }
    }

    /// The one parameter `value`, passed as a whole argument, may be passed for
    /// (``parameters(receiving:)``); nil when it is not an argument, or may be passed for none
    /// or several.
    static func parameter(receiving value: some SyntaxProtocol) -> FunctionParameterSyntax? {
        guard let argument = value.parent?.as(LabeledExprSyntax.self), argument.expression.id == value.id else { return nil }
        let parameters = parameters(receiving: argument)
        return parameters.count == 1 ? parameters.first : nil
    }

    /// The one parameter `argument` may be passed for (``parameters(receiving:)``) among those
    /// `accepts` takes (a pass's parameter type); nil for none or several.
    static func parameter(receiving argument: LabeledExprSyntax, where accepts: (FunctionParameterSyntax) -> Bool) -> FunctionParameterSyntax? {
        let candidates = parameters(receiving: argument).filter(accepts)
        return candidates.count == 1 ? candidates.first : nil
    }

    /// Whether `reference` is passed, as the whole argument, for a parameter `isWritten` says a
    /// pass writes: `receiving` gives the parameter an argument is passed for (nil for one the
    /// pass does not take).
    static func isPassed(
        _ reference: DeclReferenceExprSyntax, toParameter receiving: (LabeledExprSyntax) -> FunctionParameterSyntax?,
        writtenBy isWritten: (FunctionParameterSyntax) -> Bool
    ) -> Bool {
        guard let argument = reference.parent?.as(LabeledExprSyntax.self), argument.expression.id == reference.id else { return false }
        return receiving(argument).map(isWritten) ?? false
    }

    /// Whether `node` is inside the argument around it that a pass writes for the parameter it
    /// is passed for: `receiving` gives that parameter (nil for one the pass does not take),
    /// `written` the arguments the pass writes for a parameter (nil where it leaves it).
    static func isInWrittenArgument(
        _ node: some SyntaxProtocol, receiving: (LabeledExprSyntax) -> FunctionParameterSyntax?,
        written: (FunctionParameterSyntax) -> [ExprSyntax]?
    ) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let argument = ancestor.as(LabeledExprSyntax.self) {
                guard let parameter = receiving(argument), let arguments = written(parameter) else { return false }
                return arguments.contains { $0.id == argument.expression.id }
            }
            if ancestor.is(CodeBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// The parameters of the function `call` calls when it is declared in another ported file
    /// (one function of its name there), for the passes that write the arguments its file
    /// passes.
    static func parametersDeclaredElsewhere(calledBy call: FunctionCallExprSyntax) -> [FunctionParameterSyntax] {
        let declarations = declarations(calledBy: call)
        guard declarations.count == 1, let function = declarations.first, function.root.id != call.root.id else { return [] }
        return Array(function.parameters)
    }

    /// The function or initializer `parameter` belongs to, and the expression each of its calls
    /// (in the ported files, ``calls(of:)``) passes for the parameter; nil for a parameter of
    /// something else (a subscript) or when a call does not pass every argument under the
    /// function's labels.
    static func argumentsPassed(for parameter: FunctionParameterSyntax) -> (function: Callable, arguments: [ExprSyntax])? {
        guard let list = parameter.parent?.as(FunctionParameterListSyntax.self), let function = callable(declaring: parameter),
            let index = list.firstIndex(where: { $0.id == parameter.id })
        else { return nil }
        let signature = CallSignature(list)
        let position = list.distance(from: list.startIndex, to: index)
        var arguments: [ExprSyntax] = []
        for call in calls(of: function) {
            // A call leaving out a defaulted parameter passes its default (which the passes
            // check with the declaration).
            guard let passed = signature.arguments(for: call.arguments.map { $0.label?.text ?? "_" }) else { return nil }
            if let argument = passed[position] { arguments.append(Array(call.arguments)[argument].expression) }
        }
        return (function, arguments)
    }

    /// The name a call calls: `f` in `f(…)` and `x.f(…)`.
    /// `self.init(…)` calls an initializer of the type around it, `super.init(…)` one of its
    /// class's superclass (the first type it inherits): their name is that type's, as an
    /// initializer's is.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init",
            let base = access.base?.trimmedDescription, base == "self" || base == "super"
        {
            guard base == "super" else { return call.enclosingTypeName }
            var current = call.parent
            while let node = current {
                if let declaration = node.as(ClassDeclSyntax.self) {
                    return declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
                }
                current = node.parent
            }
            return nil
        }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}
