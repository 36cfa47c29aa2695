import SwiftSyntax

/// Where a local name, property or parameter is used in a scope, for the passes that rewrite
/// a value together with its uses.
enum NameReferences {
    /// Where the uses of what `node` declares can be: the statements after it in its block
    /// for a local, or (where `properties` allows) the whole file for a property, whose uses
    /// include other instances' and other files may add. Nil for a declaration elsewhere.
    static func scope(of node: some SyntaxProtocol, properties: Bool = false) -> [Syntax]? {
        if node.parent?.is(MemberBlockItemSyntax.self) == true {
            guard properties, let root = node.root.as(SourceFileSyntax.self) else { return nil }
            return [Syntax(root)]
        }
        return statements(after: node)
    }

    /// The local declaration of `name` that `node` sees: the last statement before it, in the
    /// innermost block around it that has one, declaring `name` (as its first binding).
    static func declaration(of name: String, before node: some SyntaxProtocol) -> VariableDeclSyntax? {
        var current = node.parent
        while let ancestor = current {
            if let list = ancestor.as(CodeBlockItemListSyntax.self) {
                let found = list.last { item in
                    item.position < node.position
                        && item.item.as(VariableDeclSyntax.self)?.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                }
                if let declaration = found?.item.as(VariableDeclSyntax.self) { return declaration }
            }
            current = ancestor.parent
        }
        return nil
    }

    /// A parameter a name refers to: a function's or initializer's, or a closure's (with its
    /// type when written).
    enum Parameter {
        case declared(FunctionParameterSyntax)
        case closure(TypeSyntax?)
    }

    /// The parameter `name` that `node` sees: the nearest function, initializer or closure
    /// around it (inside its type) declaring one of that name — a nested function or closure
    /// sees the outer one's. Nil when none does.
    static func parameter(named name: String, around node: some SyntaxProtocol) -> Parameter? {
        var current = node.parent
        while let ancestor = current {
            let declared =
                ancestor.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? ancestor.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let found = declared?.first(where: { ($0.secondName ?? $0.firstName).text == name }) { return .declared(found) }
            if let clause = ancestor.as(ClosureExprSyntax.self)?.signature?.parameterClause {
                if let typed = clause.as(ClosureParameterClauseSyntax.self),
                    let found = typed.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name })
                {
                    return .closure(found.type)
                }
                if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self), shorthand.contains(where: { $0.name.text == name }) {
                    return .closure(nil)
                }
            }
            if ancestor.is(MemberBlockSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// The function's or initializer's parameter `value` names alone (`icon` in `self.icon = icon`).
    static func parameter(namedBy value: ExprSyntax) -> FunctionParameterSyntax? {
        guard let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case .declared(let parameter)? = parameter(named: reference.baseName.text, around: reference)
        else { return nil }
        return parameter
    }

    /// The tokens of `root` (a node of a file being ported, or any tree) whose text is `text`,
    /// in source order: an identifier's or keyword's, from the index of the files being
    /// ported where `root` is a whole file of them; otherwise any token's, found by a walk.
    static func tokens(_ text: String, in root: Syntax) -> [TokenSyntax] {
        if root.is(SourceFileSyntax.self), let file = FunctionReferences.index.tokens[root.id] { return file[text] ?? [] }
        return root.tokens(viewMode: .sourceAccurate).filter { $0.text == text }
    }

    /// The variable and property declarations in `root` binding `name`.
    static func variableDeclarations(named name: String?, in root: Syntax) -> [VariableDeclSyntax] {
        // A whole ported file's, from the index of the files being ported.
        if let name, root.is(SourceFileSyntax.self), let file = FunctionReferences.index.variables[root.id] { return file[name] ?? [] }
        final class Declarations: SyntaxVisitor {
            let name: String?
            var found: [VariableDeclSyntax] = []
            init(name: String?) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                    found.append(node)
                }
                return .visitChildren
            }
        }
        let declarations = Declarations(name: name)
        declarations.walk(root)
        return declarations.found
    }

    /// The variable `name` names at `node`: the local declared before it
    /// (``declaration(of:before:)``), else the property of the type around it
    /// (``property(named:around:)``).
    static func variable(named name: String, seenFrom node: some SyntaxProtocol) -> VariableDeclSyntax? {
        declaration(of: name, before: node) ?? property(named: name, around: node)
    }

    /// The variable `expression` names: `name` (``variable(named:seenFrom:)``) or `self.name`
    /// (the property); nil for another expression.
    static func variable(referencedBy expression: ExprSyntax) -> VariableDeclSyntax? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return variable(named: reference.baseName.text, seenFrom: expression)
        }
        guard let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" else { return nil }
        return property(named: access.declName.baseName.text, around: expression)
    }

    /// The property `name` of the type declaration around `node` (its first binding), in the
    /// declaration's own members — in an extension, else in the extended class's or struct's
    /// when the same file declares it.
    static func property(named name: String, around node: some SyntaxProtocol) -> VariableDeclSyntax? {
        func declared(in members: MemberBlockSyntax) -> VariableDeclSyntax? {
            members.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first {
                $0.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            }
        }
        var current = node.parent
        while let ancestor = current {
            if let members = ancestor.as(MemberBlockSyntax.self) {
                if let found = declared(in: members) { return found }
                // In an extension, the stored properties are the extended type's (in the same file).
                guard let extended = members.parent?.as(ExtensionDeclSyntax.self),
                    let type = typeMemberBlock(named: extended.extendedType.trimmedDescription, in: node.root)
                else { return nil }
                return declared(in: type)
            }
            current = ancestor.parent
        }
        return nil
    }

    /// The members of the class or struct named `name` that `root` declares, if one does.
    static func typeMemberBlock(named name: String, in root: Syntax) -> MemberBlockSyntax? {
        guard let declaration = typeDeclaration(named: name, in: root) else { return nil }
        return declaration.as(ClassDeclSyntax.self)?.memberBlock ?? declaration.as(StructDeclSyntax.self)?.memberBlock
    }

    /// The class or struct named `name` that `root` declares (the first), if one does.
    static func typeDeclaration(named name: String, in root: Syntax) -> Syntax? {
        final class Finder: SyntaxVisitor {
            let name: String
            var found: Syntax?
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.name.text == name { found = Syntax(node) }
                return found == nil ? .visitChildren : .skipChildren
            }
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.name.text == name { found = Syntax(node) }
                return found == nil ? .visitChildren : .skipChildren
            }
        }
        let finder = Finder(name: name)
        finder.walk(root)
        return finder.found
    }

    /// The shorthand optional bindings of `name` in `scope` (`if let tint { … }`, `guard let
    /// tint`), which bind it to itself with no initializer to find among its references.
    static func shorthandBindings(of name: String, in scope: [Syntax]) -> [OptionalBindingConditionSyntax] {
        scope.flatMap { $0.tokens(viewMode: .sourceAccurate) }.compactMap { token in
            guard token.text == name, let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                let condition = pattern.parent?.as(OptionalBindingConditionSyntax.self), condition.initializer == nil
            else { return nil }
            return condition
        }
    }

    /// Where an optional binding's name is seen: the `if`'s body, or the statements after the
    /// `guard`; nil for another condition (a `while`).
    static func scope(of condition: OptionalBindingConditionSyntax) -> [Syntax]? {
        if let ifExpression = condition.parent?.parent?.parent?.as(IfExprSyntax.self) { return [Syntax(ifExpression.body)] }
        if let guardStatement = condition.parent?.parent?.parent?.as(GuardStmtSyntax.self) {
            return statements(after: guardStatement)
        }
        return nil
    }

    /// The optional binding of `name` that `node` sees: in the conditions of an `if` whose
    /// body holds it, or of a `guard` before it in a block around it — the nearest, within the
    /// function or closure around `node`. Nil when none binds the name.
    static func optionalBinding(named name: String, around node: some SyntaxProtocol) -> OptionalBindingConditionSyntax? {
        func binding(in conditions: ConditionElementListSyntax) -> OptionalBindingConditionSyntax? {
            conditions.lazy.compactMap { $0.condition.as(OptionalBindingConditionSyntax.self) }
                .last { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        var child = Syntax(node)
        var current = node.parent
        while let ancestor = current {
            if let conditional = ancestor.as(IfExprSyntax.self), conditional.body.id == child.id, let found = binding(in: conditional.conditions) {
                return found
            }
            if let list = ancestor.as(CodeBlockItemListSyntax.self) {
                let guarded = list.last { item in
                    item.position < child.position && item.item.as(GuardStmtSyntax.self).flatMap { binding(in: $0.conditions) } != nil
                }
                if let found = guarded?.item.as(GuardStmtSyntax.self).flatMap({ binding(in: $0.conditions) }) { return found }
            }
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(ClosureExprSyntax.self) || ancestor.is(InitializerDeclSyntax.self)
                || ancestor.is(AccessorBlockSyntax.self)
            {
                return nil
            }
            child = ancestor
            current = ancestor.parent
        }
        return nil
    }

    /// For `token` naming a function's or initializer's parameter (its inner name): the body
    /// in which the name alone is that parameter, hiding a property of the name (nil inside
    /// for one without a body); nil for another token.
    static func bodyHidden(byParameter token: TokenSyntax) -> Syntax?? {
        guard let parameter = token.parent?.as(FunctionParameterSyntax.self), (parameter.secondName ?? parameter.firstName).id == token.id
        else { return nil }
        return .some(FunctionReferences.callable(declaring: parameter)?.body.map(Syntax.init))
    }

    /// Whether `reference`, a name alone (not a member), is in one of the `hidden` bodies.
    static func isHidden(_ reference: DeclReferenceExprSyntax, in hidden: [Syntax]) -> Bool {
        !reference.isMemberName && hidden.contains { $0.position <= reference.position && reference.endPosition <= $0.endPosition }
    }

    /// The statements after `node` in its block; nil when it is not a statement of one.
    static func statements(after node: some SyntaxProtocol) -> [Syntax]? {
        guard let item = node.parent?.as(CodeBlockItemSyntax.self), let scope = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        // The list's own items (a syntax collection's `filter` makes a new, detached collection,
        // whose positions are not the file's).
        return Array(scope).filter { $0.position > item.position }.map { Syntax($0) }
    }

    /// The references to `name` in `scope` — each expression spelling it, members of that
    /// name on other values (`other.name`, ``DeclReferenceExprSyntax/isMemberName``) included,
    /// argument labels not. Nil when `name` is declared again there (a variable, a closure's or
    /// a function's parameter) other than by `declaration`: the uses are then not all its.
    ///
    /// With `parametersHide` (for a property), a function's or initializer's parameter of that
    /// name is not a declaration again: the name alone in its body is the parameter, and is not
    /// among the references (`self.name` is). With `rebindingsHide` (for an optional value), an
    /// optional binding of the name to itself (`if let tint = tint`, `guard let tint = tint`) is
    /// not a declaration again: the name it binds, where it binds it, is the binding's, and is
    /// not among the references (the binding's initializer is; the shorthand `if let tint`
    /// has none, ``shorthandBindings(of:in:)`` finds it). With `propertyOf` (the type of
    /// the property `name` names), another type's property of the name is not a declaration
    /// again: the name alone and `self.name` in that type's bodies (declaration and
    /// extensions) are its own.
    static func find(
        _ name: String, in scope: [Syntax], except declaration: SyntaxIdentifier? = nil, parametersHide: Bool = false,
        rebindingsHide: Bool = false, propertyOf ownType: String? = nil
    ) -> [DeclReferenceExprSyntax]? {
        var references: [DeclReferenceExprSyntax] = []
        let tokens = scope.flatMap { $0.tokens(viewMode: .sourceAccurate) }.filter { $0.text == name }
        // Another type's property of the name: its type's bodies are its own.
        let otherBodies = ownType.map { bodiesOfOtherTypes(declaring: name, among: tokens, besides: $0, in: scope) } ?? []
        var hidden: [Syntax] = otherBodies
        for token in tokens {
            if let pattern = token.parent?.as(IdentifierPatternSyntax.self) {
                if pattern.id == declaration { continue }
                if isInside(pattern, otherBodies) { continue }
                if rebindingsHide, let condition = pattern.parent?.as(OptionalBindingConditionSyntax.self), condition.typeAnnotation == nil,
                    condition.initializer.map({ initializer in
                        initializer.value.as(DeclReferenceExprSyntax.self).map { $0.baseName.text == name && $0.argumentNames == nil } ?? false
                    }) ?? true,
                    let bound = self.scope(of: condition)
                {
                    hidden += bound
                    continue
                }
                return nil
            }
            if parametersHide, let body = bodyHidden(byParameter: token) {
                guard let body else { return nil }
                hidden.append(body)
                continue
            }
            if let reference = token.parent?.as(DeclReferenceExprSyntax.self), isHidden(reference, in: hidden) { continue }
            // `self.name` in another type declaring the name: its own.
            if let access = token.parent?.parent?.as(MemberAccessExprSyntax.self), access.declName.id == token.parent?.id,
                ["self", "Self"].contains(access.base?.trimmedDescription ?? ""), isInside(access, otherBodies)
            {
                continue
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

extension NameReferences {
    /// The names `node` declares in itself: its locals and loop variables (identifier patterns)
    /// and its closures' parameters.
    static func declaredNames(in node: some SyntaxProtocol) -> Set<String> {
        Set(
            node.tokens(viewMode: .sourceAccurate).filter { token in
                token.parent?.is(IdentifierPatternSyntax.self) == true || token.parent?.is(ClosureShorthandParameterSyntax.self) == true
                    || token.parent?.is(ClosureParameterSyntax.self) == true
            }.map(\.text))
    }
}

extension NameReferences {
    /// The member blocks (declarations and extensions, in `scope`) of the types other than
    /// `ownType` that declare a property `name` (one of `tokens`, the name's tokens in
    /// `scope`): there the name alone is that type's property, not `ownType`'s.
    static func bodiesOfOtherTypes(declaring name: String, among tokens: [TokenSyntax], besides ownType: String, in scope: [Syntax]) -> [Syntax] {
        let others = otherTypesDeclaring(name, among: tokens, besides: ownType)
        guard !others.isEmpty else { return [] }
        // Not one holding `ownType`'s own body (a type nested in it).
        let own = typeBodies(named: [ownType], in: scope)
        return typeBodies(named: others, in: scope).filter { body in !own.contains { isInside($0, [body]) } }
    }

    /// Whether `node` is inside one of `bodies`.
    static func isInside(_ node: some SyntaxProtocol, _ bodies: [Syntax]) -> Bool {
        bodies.contains { $0.position <= node.position && node.endPosition <= $0.endPosition }
    }

    /// The types other than `ownType` that declare a property `name` (one of `tokens`).
    private static func otherTypesDeclaring(_ name: String, among tokens: [TokenSyntax], besides ownType: String) -> Set<String> {
        var types: Set<String> = []
        for token in tokens {
            guard let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                let variable = pattern.parent?.parent?.parent?.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true,
                let type = variable.enclosingTypeName, type != ownType
            else { continue }
            types.insert(type)
        }
        return types
    }

    /// The member blocks of the declarations and extensions of the types named `names` in `scope`.
    private static func typeBodies(named names: Set<String>, in scope: [Syntax]) -> [Syntax] {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            var bodies: [Syntax] = []
            init(names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
                if let type = node.parent.flatMap(Self.name), names.contains(type) {
                    bodies.append(Syntax(node))
                    return .skipChildren
                }
                return .visitChildren
            }
            static func name(_ declaration: Syntax) -> String? {
                declaration.as(ClassDeclSyntax.self)?.name.text ?? declaration.as(StructDeclSyntax.self)?.name.text
                    ?? declaration.as(EnumDeclSyntax.self)?.name.text ?? declaration.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
            }
        }
        let finder = Finder(names: names)
        for node in scope { finder.walk(node) }
        return finder.bodies
    }
}

extension DeclReferenceExprSyntax {
    /// Whether this is the member name of an access on another value (`other.name`).
    var isMemberName: Bool {
        guard let access = parent?.as(MemberAccessExprSyntax.self) else { return false }
        return access.declName.id == id
    }
}
