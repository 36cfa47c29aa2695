import SwiftSyntax

/// The type of a value where the source spells it out, for passes that follow a member of a
/// ported type into the files that use it.
enum DeclaredType {
    /// The name of the type of `expression`, or nil when the source does not say plainly:
    /// `self` (the enclosing type); a local, parameter or property annotated with a type
    /// (`let badge: Badge`, `_ badge: Badge?`) or given one made in place (`let badge = Badge()`,
    /// `Badge.init(…)`, `x as! Badge`, an element read from an array, `badges.first!`); the
    /// element a loop or a `map` closure binds, of an array declared `[Badge]`; an element read
    /// from such an array (`badges[i]`, `badges.last`) or a dictionary declared `[K: Badge]`;
    /// `self.property`; `Badge()`; any of them with `?` or `!`.
    static func of(_ expression: ExprSyntax) -> String? {
        // `(layer as AnyObject).name`: the type around it, which the lookup is cast to.
        if let cast = AnyObjectLookupRewriter.castType(ofBase: expression) { return cast }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return of(chained.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return of(forced.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return of(only.expression)
        }
        if let made = madeType(expression) { return made }
        if let element = elementRead(expression) { return element }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            let name = reference.baseName.text
            if name == "self" { return expression.enclosingTypeName }
            if let local = NameReferences.declaration(of: name, before: expression) { return type(of: local) }
            if let bound = boundType(of: name, around: expression) { return bound }
            if let element = elementType(boundAs: name, around: expression) { return element }
            if let parameter = parameterType(of: name, around: expression) { return parameter }
            return propertyType(of: name, around: expression)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return propertyType(of: access.declName.baseName.text, around: expression)
        }
        return nil
    }

    /// The type an optional binding that `node` sees gives `name`: `if let name = x as? T { … }`
    /// around it, or `guard let name = x as? T else { … }` before it in its block; or the
    /// element of a collection declared `[T]` or `[K: T]` the binding looks up (`guard let
    /// name = items[key]`, `self.items[i]`).
    static func boundType(of name: String, around node: some SyntaxProtocol) -> String? {
        func bound(in conditions: ConditionElementListSyntax) -> String? {
            for condition in conditions {
                guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                else { continue }
                return binding.typeAnnotation.flatMap { self.name(of: $0.type) }
                    ?? binding.initializer.flatMap { madeType($0.value) ?? lookedUpElementType($0.value) }
            }
            return nil
        }
        var current = node.parent
        var child = Syntax(node)
        while let ancestor = current {
            if let conditional = ancestor.as(IfExprSyntax.self), conditional.body.id == child.id, let type = bound(in: conditional.conditions) {
                return type
            }
            if let list = ancestor.as(CodeBlockItemListSyntax.self) {
                for item in list where item.endPosition <= node.position {
                    if let guarded = item.item.as(GuardStmtSyntax.self), let type = bound(in: guarded.conditions) { return type }
                }
            }
            if ancestor.is(MemberBlockSyntax.self) { return nil }
            child = ancestor
            current = ancestor.parent
        }
        return nil
    }

    /// Whether `reference` (a property, or `other.property`) is one side of a copy of the
    /// property from another value of its type, `name = other.name` (`init(layer:)` copying
    /// the layer it copies), `other` declared of the type around it — or
    /// `name = (layer as? Wave)?.name ?? []` (or `?? nil`), falling back on nothing.
    static func isPropertyCopy(_ reference: ExprSyntax) -> Bool {
        func name(_ side: ExprSyntax) -> String? {
            side.as(DeclReferenceExprSyntax.self)?.baseName.text ?? side.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
        guard let list = reference.parent?.as(ExprListSyntax.self), let target = list.first else { return false }
        let elements = Array(list)
        if elements.count == 5 {
            // `?? []` or `?? nil` after the copied value.
            guard elements[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
                elements[4].is(NilLiteralExprSyntax.self) || elements[4].as(ArrayExprSyntax.self)?.elements.isEmpty == true,
                reference.id == elements[0].id || reference.id == elements[2].id
            else { return false }
        } else if elements.count != 3 {
            return false
        }
        guard elements[1].is(AssignmentExprSyntax.self), let value = elements[2].as(MemberAccessExprSyntax.self),
            let base = value.base, let ownType = reference.enclosingTypeName, name(target) == value.declName.baseName.text,
            target.is(DeclReferenceExprSyntax.self) || target.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "self"
        else { return false }
        return of(base) == ownType
    }

    /// The type a variable declaration (of one name) gives it: its annotation, or the type
    /// its initial value is made as.
    static func type(of declaration: VariableDeclSyntax) -> String? {
        guard declaration.bindings.count == 1, let binding = declaration.bindings.first else { return nil }
        if let annotation = binding.typeAnnotation?.type { return name(of: annotation) }
        return binding.initializer.flatMap { madeType($0.value) ?? elementRead($0.value) }
    }

    /// The element type of an array `expression` reads one element of: `items[i]`,
    /// `items.first`, `items.last`, `items.randomElement()` (with `!` or not), `items` being an
    /// array ``arrayElementType(of:)`` knows — or a dictionary's value (`cells[key]`) annotated
    /// `[K: T]`.
    private static func elementRead(_ expression: ExprSyntax) -> String? {
        var read = expression
        if let forced = read.as(ForceUnwrapExprSyntax.self) { read = forced.expression }
        if let lookup = read.as(SubscriptCallExprSyntax.self), lookup.arguments.count == 1, lookup.trailingClosure == nil {
            return arrayElementType(of: lookup.calledExpression) ?? lookedUpElementType(read)
        }
        if let call = read.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let method = call.calledExpression.as(MemberAccessExprSyntax.self), method.declName.baseName.text == "randomElement",
            let base = method.base
        {
            return arrayElementType(of: base)
        }
        if let access = read.as(MemberAccessExprSyntax.self), ["first", "last"].contains(access.declName.baseName.text),
            access.declName.argumentNames == nil, let base = access.base
        {
            return arrayElementType(of: base)
        }
        return nil
    }

    /// The plain name of a type (`Badge`, `Badge?`, `Badge!`), or nil for a generic, a
    /// collection, a function or a qualified name.
    static func name(of type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return name(of: optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return name(of: unwrapped.wrappedType) }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return nil }
        return identifier.name.text
    }

    /// The type `expression` makes or casts to: `Badge(…)`, `Badge.init(…)`, `x as! Badge`,
    /// `x as? Badge`.
    private static func madeType(_ expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            var called = call.calledExpression
            if let access = called.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base {
                called = base
            }
            guard let reference = called.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
                reference.baseName.text.first?.isUppercase == true
            else { return nil }
            return reference.baseName.text
        }
        if let cast = expression.as(AsExprSyntax.self) { return name(of: cast.type) }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let cast = Array(sequence.elements)[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark != nil,
            let type = sequence.elements.last?.as(TypeExprSyntax.self)
        {
            return name(of: type.type)
        }
        return nil
    }

    /// The element type of the array that the loop or closure around `node` binding `name`
    /// goes through: `for name in items`, `items.map { name in … }` (`forEach`, `compactMap`,
    /// `filter`, `first(where:)`, `contains(where:)`, `$0`), `items` declared `[T]` (annotated,
    /// or given an array literal whose first element is made as `T(…)`).
    private static func elementType(boundAs name: String, around node: some SyntaxProtocol) -> String? {
        var current = node.parent
        var child = Syntax(node)
        while let ancestor = current {
            if let loop = ancestor.as(ForStmtSyntax.self), loop.body.id == child.id || loop.whereClause?.id == child.id,
                loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                return arrayElementType(of: loop.sequence)
            }
            if let closure = ancestor.as(ClosureExprSyntax.self) {
                let parameters: [String]
                switch closure.signature?.parameterClause {
                case nil: parameters = ["$0"]
                case .simpleInput(let shorthand)?: parameters = shorthand.map(\.name.text)
                case .parameterClause(let clause)?:
                    // A typed parameter is the parameter lookup's.
                    guard clause.parameters.allSatisfy({ $0.type == nil }) else { return nil }
                    parameters = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
                }
                if parameters.contains(name) {
                    guard parameters == [name],
                        let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                        let method = call.calledExpression.as(MemberAccessExprSyntax.self), let base = method.base,
                        ["map", "forEach", "compactMap", "flatMap", "filter", "first", "contains", "allSatisfy"].contains(method.declName.baseName.text)
                    else { return nil }
                    return arrayElementType(of: base)
                }
            }
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(MemberBlockSyntax.self) { return nil }
            child = ancestor
            current = ancestor.parent
        }
        return nil
    }

    /// The element type of the array `expression` names (`items`, `self.items`), where it is
    /// declared `[T]`, made empty as `[T]()`, given an array literal whose first element is
    /// made as `T(…)`, or given a copy of another such array (`var rest = entries`).
    private static func arrayElementType(of expression: ExprSyntax) -> String? {
        func element(of declaration: VariableDeclSyntax) -> String? {
            guard declaration.bindings.count == 1, let binding = declaration.bindings.first else { return nil }
            if let annotation = binding.typeAnnotation?.type {
                return annotation.as(ArrayTypeSyntax.self).flatMap { name(of: $0.element) }
            }
            // `[T]()`: the array type called with no arguments.
            if let made = binding.initializer?.value.as(FunctionCallExprSyntax.self), made.arguments.isEmpty, made.trailingClosure == nil,
                let array = made.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
                let elementType = array.elements.first?.expression.as(DeclReferenceExprSyntax.self), elementType.argumentNames == nil,
                elementType.baseName.text.first?.isUppercase == true
            {
                return elementType.baseName.text
            }
            // `var rest = entries`: a copy of another array.
            if let copied = binding.initializer?.value, copied.is(DeclReferenceExprSyntax.self) || copied.is(MemberAccessExprSyntax.self),
                copied.trimmedDescription != binding.pattern.trimmedDescription
            {
                return arrayElementType(of: copied)
            }
            guard let literal = binding.initializer?.value.as(ArrayExprSyntax.self), let first = literal.elements.first else { return nil }
            return madeType(first.expression)
        }
        switch collectionDeclaration(of: expression) {
        case .variable(let declaration)?: return element(of: declaration)
        case .parameter(let parameter)?: return parameter.type.as(ArrayTypeSyntax.self).flatMap { self.name(of: $0.element) }
        case nil: return nil
        }
    }

    /// Where the collection a name (`items`) or a property of `self` (`self.items`) holds is
    /// declared: the local before it, else the parameter around it, else the property of the
    /// type around it.
    private enum CollectionDeclaration {
        case variable(VariableDeclSyntax)
        case parameter(FunctionParameterSyntax)
    }

    private static func collectionDeclaration(of expression: ExprSyntax) -> CollectionDeclaration? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            let name = reference.baseName.text
            if let local = NameReferences.declaration(of: name, before: expression) { return .variable(local) }
            if case .declared(let parameter)? = NameReferences.parameter(named: name, around: expression) { return .parameter(parameter) }
            return NameReferences.property(named: name, around: expression).map(CollectionDeclaration.variable)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            return NameReferences.property(named: access.declName.baseName.text, around: expression).map(CollectionDeclaration.variable)
        }
        return nil
    }

    /// The element type of the collection `expression` looks up with one subscript (`items[key]`,
    /// `self.items[i]`), where that collection is declared `[T]` or `[K: T]` (``collectionDeclaration(of:)``).
    private static func lookedUpElementType(_ expression: ExprSyntax) -> String? {
        guard let lookup = expression.as(SubscriptCallExprSyntax.self), lookup.arguments.count == 1, lookup.trailingClosure == nil else {
            return nil
        }
        let annotation: TypeSyntax?
        switch collectionDeclaration(of: lookup.calledExpression) {
        case .variable(let declaration)?:
            annotation = declaration.bindings.count == 1 ? declaration.bindings.first?.typeAnnotation?.type : nil
        case .parameter(let parameter)?:
            annotation = parameter.type
        case nil:
            annotation = nil
        }
        guard let annotation else { return nil }
        let collection = annotation.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? annotation
        if let array = collection.as(ArrayTypeSyntax.self) { return name(of: array.element) }
        if let dictionary = collection.as(DictionaryTypeSyntax.self) { return name(of: dictionary.value) }
        return nil
    }

    /// The type of the parameter `name` of the function, initializer or closure around `node`
    /// (``NameReferences/parameter(named:around:)``).
    private static func parameterType(of name: String, around node: some SyntaxProtocol) -> String? {
        switch NameReferences.parameter(named: name, around: node) {
        case .declared(let parameter)?: return self.name(of: parameter.type)
        case .closure(let type)?: return type.flatMap(self.name(of:))
        case nil: return nil
        }
    }

    /// The type of the property `name` of the type declaration around `node` (in the same
    /// file).
    private static func propertyType(of name: String, around node: some SyntaxProtocol) -> String? {
        NameReferences.property(named: name, around: node).flatMap(type(of:))
    }
}
