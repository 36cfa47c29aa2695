import SwiftSyntax

/// The references to a type's stored property in its file, for the passes that change the
/// property's type (an image or path kept only for its Core Graphics value):
///
/// - each read of it — `name`, `self.name`, or `other.name` where `other` is declared of its
///   type (``DeclaredType``);
/// - each value assigned to it, other than `nil` or a copy from another value of its type
///   (`image = other.image` in `init(layer:)`), which stand as they are;
/// - each optional binding of it (`if let name = name`, `guard let shown = self.name`,
///   `if let name { … }`), with the local it binds and where that local is seen;
/// - for a struct's stored property, the values its memberwise initializations pass for it
///   (`nil` for an optional one stands).
///
/// Comparisons with `nil` stand as they are too; in a function or initializer with a parameter
/// of its name (`init(icon: UIImage) { self.icon = icon }`), the name alone is the parameter.
/// Another type's property of the name is not followed: in that type's bodies the name alone
/// is its own. Nil when the property cannot be followed: its name declared again in its file
/// (a closure's parameter, another variable), a member of that name on a
/// value whose type the file does not spell out, or another ported file naming both the
/// property's name and its type (which may use it, as the file's pass cannot write), unless
/// the property is `private` or `fileprivate`.
struct StoredPropertyReferences {
    var reads: [ExprSyntax] = []
    var assignments: [(target: ExprSyntax, value: ExprSyntax)] = []
    var bindings: [(local: String, scope: [Syntax])] = []
    /// The values its struct's memberwise initializations in the file pass for it
    /// (`Item(icon: UIImage(named: "star"))`).
    var memberwiseValues: [ExprSyntax] = []

    /// Whether `base` spells a type (`NSAttributedString.Key`, `UIColor`): each of its names
    /// capitalized, as Swift's conventions write types and not values.
    static func namesType(_ base: ExprSyntax) -> Bool {
        if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text.first?.isUppercase == true }
        guard let access = base.as(MemberAccessExprSyntax.self), let inner = access.base else { return false }
        return access.declName.baseName.text.first?.isUppercase == true && namesType(inner)
    }

    init?(of declaration: VariableDeclSyntax, isOptional: Bool) {
        guard declaration.parent?.is(MemberBlockItemSyntax.self) == true, declaration.bindings.count == 1,
            let pattern = declaration.bindings.first?.pattern.as(IdentifierPatternSyntax.self),
            let ownType = declaration.enclosingTypeName, let root = declaration.root.as(SourceFileSyntax.self)
        else { return nil }
        let name = pattern.identifier.text
        let owner = declaration.parent?.parent?.parent?.parent
        let isValueTypeProperty = owner?.is(StructDeclSyntax.self) == true || owner?.is(EnumDeclSyntax.self) == true
        // A file that does not name the type has no value of it (unless through a subclass
        // declared elsewhere); no other file can name a private or file-private property.
        let files = PortingContext.currentReferencingFiles
        let others = (files[name] ?? []).union(files[".\(name)"] ?? []).intersection(files[ownType] ?? [])
        let isFilePrivate = declaration.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
        guard isFilePrivate || others.subtracting([root.id]).isEmpty else { return nil }
        guard let given = Self.memberwiseValues(of: declaration, isOptional: isOptional) else { return nil }
        memberwiseValues = given

        func isProperty(_ value: ExprSyntax) -> Bool {
            if let reference = value.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
            guard let access = value.as(MemberAccessExprSyntax.self), access.declName.baseName.text == name, let base = access.base else {
                return false
            }
            return ["self", "Self", ownType].contains(base.trimmedDescription)
        }
        // The bodies where a parameter of that name hides the property, and those of other
        // types declaring a property of the name (there the name alone is theirs).
        var shadowing: [Syntax] = []
        let tokens = NameReferences.tokens(name, in: Syntax(root))
        let otherTypes = NameReferences.bodiesOfOtherTypes(declaring: name, among: tokens, besides: ownType, in: [Syntax(root)])
        for token in tokens {
            guard let parent = token.parent else { continue }
            // There, the name alone and `self.name` are the other type's (`column.name` may be this one).
            if NameReferences.isInside(token, otherTypes) {
                let access = parent.as(DeclReferenceExprSyntax.self).flatMap { $0.isMemberName ? $0.parent?.as(MemberAccessExprSyntax.self) : nil }
                if access.map({ ["self", "Self"].contains($0.base?.trimmedDescription ?? "") }) ?? true { continue }
            }
            if let declared = parent.as(IdentifierPatternSyntax.self) {
                if declared.id == pattern.id { continue }
                // `if let name = name`, `guard let name = self.name`, `if let name { … }`.
                guard isOptional, let condition = declared.parent?.as(OptionalBindingConditionSyntax.self),
                    condition.initializer.map({ isProperty($0.value) }) ?? true, let scope = NameReferences.scope(of: condition)
                else { return nil }
                bindings.append((name, scope))
                continue
            }
            guard let reference = parent.as(DeclReferenceExprSyntax.self) else {
                // A function's or initializer's parameter of that name (`init(icon: UIImage)`):
                // the name in its body is the parameter, `self.name` the property.
                if parent.is(FunctionParameterSyntax.self), let hidden = NameReferences.bodyHidden(byParameter: token) {
                    guard let body = hidden else { return nil }
                    shadowing.append(body)
                    continue
                }
                // A closure's parameter of that name, or another's: not followed.
                if parent.is(FunctionParameterSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self)
                    || parent.is(ClosureParameterSyntax.self) || parent.is(EnumCaseParameterSyntax.self)
                {
                    return nil
                }
                continue
            }
            if NameReferences.isHidden(reference, in: shadowing) { continue }
            let target: ExprSyntax
            if reference.isMemberName, let access = reference.parent?.as(MemberAccessExprSyntax.self) {
                guard let base = access.base else { return nil }
                let declared = DeclaredType.of(base)
                if !["self", "Self", ownType].contains(base.trimmedDescription) && declared != ownType {
                    // A type's static member (`NSAttributedString.Key.font`): not an instance's property.
                    if Self.namesType(base) { continue }
                    // A struct's or enum's property (no other type inherits it): another type's
                    // member of that name (`layer.font`, `layer` declared a `CATextLayer`). On
                    // a value whose type is not spelled out, or a class's, not followed.
                    guard declared != nil, isValueTypeProperty else { return nil }
                    continue
                }
                target = ExprSyntax(access)
            } else {
                target = ExprSyntax(reference)
            }
            // A binding's value: the local bound (of another name) is followed in its scope.
            if let condition = target.parent?.parent?.as(OptionalBindingConditionSyntax.self), condition.initializer?.value.id == target.id {
                guard isOptional, let local = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let scope = NameReferences.scope(of: condition)
                else { return nil }
                if local != name { bindings.append((local, scope)) }
                continue
            }
            // The bound local of that name, where it is seen.
            if target.is(DeclReferenceExprSyntax.self), bindings.contains(where: { binding in
                binding.local == name && binding.scope.contains { $0.position <= target.position && target.endPosition <= $0.endPosition }
            }) {
                continue
            }
            // Either side of a copy from another value of its type.
            if DeclaredType.isPropertyCopy(target) { continue }
            // `name == nil`, `name != nil` (alone, or beside `&&`, `||` or an assignment).
            if isOptional, NilComparison.isComparedWithNil(target) { continue }
            if let list = target.parent?.as(ExprListSyntax.self), list.count == 3, let value = list.last, list.first?.id == target.id {
                let operation = Array(list)[1]
                // `name = nil`.
                if isOptional, value.is(NilLiteralExprSyntax.self), operation.is(AssignmentExprSyntax.self) { continue }
                if operation.is(AssignmentExprSyntax.self) {
                    assignments.append((target, value))
                    continue
                }
            }
            reads.append(target)
        }
    }

    /// The reads of each binding's local in its scope; nil when one is declared again there.
    func bindingReads() -> [ExprSyntax]? {
        var reads: [ExprSyntax] = []
        for binding in bindings {
            guard let references = NameReferences.find(binding.local, in: binding.scope) else { return nil }
            reads += references.filter { !$0.isMemberName }.map { ExprSyntax($0) }
        }
        return reads
    }

    /// The property `value` is stored in: of the type around it, `self.tint = tint` or
    /// `tint = colour` (another name than the value's); or of the type another value is
    /// declared of, `arc.tint = colour` (`arc` declared an `ArcLayer`); nil for another use.
    static func property(storing value: ExprSyntax) -> VariableDeclSyntax? {
        guard let target = value.assignmentTarget else { return nil }
        let name: String
        if let access = target.as(MemberAccessExprSyntax.self) {
            guard let base = access.base else { return nil }
            if base.trimmedDescription != "self" { return property(accessedBy: access) }
            name = access.declName.baseName.text
        } else if let plain = target.as(DeclReferenceExprSyntax.self), plain.baseName.text != value.trimmedDescription {
            name = plain.baseName.text
        } else {
            return nil
        }
        return NameReferences.property(named: name, around: value)
    }

    /// Whether `node` is in a property a pass writes — its declaration, or a value given to it
    /// (`target = value`, or an argument of its struct's memberwise initialization) — where
    /// `written` gives the values a property the pass writes is given (nil for one it leaves).
    static func isInWrittenProperty(_ node: some SyntaxProtocol, written: (VariableDeclSyntax) -> [ExprSyntax]?) -> Bool {
        // A value a memberwise initialization passes for it (`Item(icon: UIImage(named: "x"))`).
        var enclosing = node.parent
        for _ in 0..<6 {
            guard let ancestor = enclosing else { break }
            if let argument = ancestor.as(LabeledExprSyntax.self) {
                guard let label = argument.label?.text, let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.is(DeclReferenceExprSyntax.self)
                else { break }
                if declarations(named: label, in: node.root).contains(where: { written($0)?.contains { $0.id == argument.expression.id } == true }) {
                    return true
                }
                break
            }
            enclosing = ancestor.parent
        }
        var current = node.parent
        for _ in 0..<6 {
            guard let ancestor = current else { break }
            if let declaration = ancestor.as(VariableDeclSyntax.self) { return written(declaration) != nil }
            current = ancestor.parent
        }
        guard let (name, value) = assignment(around: node) else { return false }
        return declarations(named: name, in: node.root).contains { written($0)?.contains { $0.id == value.id } == true }
    }

    /// The reads of a local or a stored property (not optional) named `name` that `node`
    /// declares, and the values given to it: for a local, its references in the statements
    /// after it, each `name = value` a value given; for a property, its references in its file
    /// (``init(of:isOptional:)``: assignments and memberwise values given). Nil when they
    /// cannot be followed, or a property is bound by `if let`.
    static func readsAndValues(of node: VariableDeclSyntax, named name: String) -> (reads: [ExprSyntax], values: [ExprSyntax])? {
        if node.parent?.is(MemberBlockItemSyntax.self) == true {
            guard let references = StoredPropertyReferences(of: node, isOptional: false), references.bindings.isEmpty else { return nil }
            return (references.reads, references.assignments.map(\.value) + references.memberwiseValues)
        }
        guard let scope = NameReferences.scope(of: node), let references = NameReferences.find(name, in: scope) else { return nil }
        var reads: [ExprSyntax] = []
        var values: [ExprSyntax] = []
        for reference in references where !reference.isMemberName {
            if let value = reference.assignedValue {
                values.append(value)
            } else {
                reads.append(ExprSyntax(reference))
            }
        }
        return (reads, values)
    }

    /// The variable or property `expression` names: `name`, `self.name`
    /// (``NameReferences/variable(referencedBy:)``), or `other.name` on a value declared of a
    /// type (``property(accessedBy:)``); nil for another expression.
    static func declaration(namedBy expression: ExprSyntax) -> VariableDeclSyntax? {
        NameReferences.variable(referencedBy: expression) ?? expression.as(MemberAccessExprSyntax.self).flatMap(property(accessedBy:))
    }

    /// The one stored property `access` names (`self.name`, or `other.name` on a value declared
    /// of a type), of its type in its file; nil for none or several.
    static func property(accessedBy access: MemberAccessExprSyntax) -> VariableDeclSyntax? {
        guard let base = access.base, let type = base.trimmedDescription == "self" ? access.enclosingTypeName : DeclaredType.of(base)
        else { return nil }
        let declarations = declarations(named: access.declName.baseName.text, in: access.root).filter { $0.enclosingTypeName == type }
        return declarations.count == 1 ? declarations.first : nil
    }

    /// The static property `value` names as `Type.name` (`Theme.primary`), declared in its
    /// file by a type of that name; nil for another expression.
    static func staticProperty(namedBy value: ExprSyntax) -> VariableDeclSyntax? {
        guard let access = value.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
            let named = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, named.first?.isUppercase == true,
            // `Self.accent`: the type the code is in.
            let type = named == "Self" ? value.enclosingTypeName : named
        else { return nil }
        let found = declarations(named: access.declName.baseName.text, in: value.root).filter {
            $0.enclosingTypeName == type && $0.modifiers.isTypeMember
        }
        return found.count == 1 ? found.first : nil
    }

    /// The stored properties named `name` of the types in `root`.
    static func declarations(named name: String, in root: Syntax) -> [VariableDeclSyntax] {
        NameReferences.variableDeclarations(named: name, in: root).filter { $0.parent?.is(MemberBlockItemSyntax.self) == true }
    }
    /// The values the memberwise initializations in its file pass for a struct's stored
    /// property `declaration` (`nil` for an optional one stands); none for another property,
    /// and nil for a struct another ported file names, which may be initialized there.
    static func memberwiseValues(of declaration: VariableDeclSyntax, isOptional: Bool) -> [ExprSyntax]? {
        guard let structure = memberwiseStruct(of: declaration),
            let name = declaration.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return [] }
        let typeName = structure.name.text
        guard (PortingContext.currentReferencingFiles[typeName] ?? []).subtracting([declaration.root.id]).isEmpty else { return nil }
        return memberwiseArguments(for: name, of: structure, in: declaration.root).filter { !(isOptional && $0.is(NilLiteralExprSyntax.self)) }
    }

    /// ``memberwiseArguments(for:of:in:properties:)`` for `structure`, its stored properties
    /// the labels an initialization without a type may use.
    static func memberwiseArguments(for name: String, of structure: StructDeclSyntax, in root: some SyntaxProtocol) -> [ExprSyntax] {
        let properties = Set(
            structure.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.filter { variable in
                variable.bindings.allSatisfy { $0.isStored }
            }.flatMap(\.bindings).compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
        return memberwiseArguments(for: name, of: structure.name.text, in: root, properties: properties)
    }

    /// The struct `node` is a stored property of, when the struct declares no initializer
    /// of its own (so Swift makes its memberwise one).
    static func memberwiseStruct(of node: VariableDeclSyntax) -> StructDeclSyntax? {
        guard let structure = node.parent?.parent?.parent?.parent?.as(StructDeclSyntax.self),
            !structure.memberBlock.members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) }),
            node.bindings.first?.isStored == true
        else { return nil }
        return structure
    }

    /// The values `root`'s memberwise initializations of the struct `typeName`
    /// (`RingStyle(color: …)`, `RingStyle.init(color: …)`) pass for its property `name`. With
    /// `properties` (the struct's stored properties), `.init(…)` without a type (where the
    /// context gives it: `let styles: [RingStyle] = [.init(color: .red)]`) counts too when each
    /// of its labels is one of them, `name` among them.
    static func memberwiseArguments(
        for name: String, of typeName: String, in root: some SyntaxProtocol, properties: Set<String>? = nil
    ) -> [ExprSyntax] {
        let named = (FunctionReferences.index.calls[typeName] ?? []).filter { call in
            call.root.id == root.root.id && call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == typeName
        }
        let initialized = (FunctionReferences.index.calls["init"] ?? []).filter { call in
            guard call.root.id == root.root.id, let access = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
            if let base = access.base { return base.trimmedDescription == typeName }
            guard let properties else { return false }
            let labels = call.arguments.map { $0.label?.text }
            return labels.contains(name) && labels.allSatisfy { $0.map(properties.contains) ?? false }
        }
        return (named + initialized).compactMap { call in call.arguments.first { $0.label?.text == name }?.expression }
    }

    /// The property an assignment around `node` gives a value to, and that value: `node` is in
    /// `value` of `target = value` (`self.target`, `other.target`). Looks up to `depth` levels.
    static func assignment(around node: some SyntaxProtocol, depth: Int = 8) -> (name: String, value: ExprSyntax)? {
        var current = node.parent
        for _ in 0..<depth {
            guard let ancestor = current else { return nil }
            if ancestor.is(VariableDeclSyntax.self) || ancestor.is(CodeBlockItemSyntax.self) { return nil }
            if let (target, value) = ancestor.as(ExprListSyntax.self)?.simpleAssignment, value.position <= node.position {
                let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                return name.map { ($0, value) }
            }
            current = ancestor.parent
        }
        return nil
    }
}
