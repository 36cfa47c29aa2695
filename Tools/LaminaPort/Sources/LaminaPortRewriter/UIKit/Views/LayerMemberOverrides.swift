import SwiftSyntax

/// A view's member of the name of one its layer class declares — a class of the ported files,
/// which the view written as a layer subclasses — that hands on to it with work of its own,
/// written as the override it becomes:
///
/// ```swift
/// override class var layerClass: AnyClass { StringLayer.self }
/// private var stringLayer: StringLayer { layer as! StringLayer }
///
/// var text: String? {                                override var text: String? {
///     get { stringLayer.text }                           get { super.text }
///     set {                                      →       set {
///         stringLayer.text = newValue                        super.text = newValue
///         bounds.size = stringLayer.bounds.size              bounds.size = stringLayer.bounds.size
///     }                                                  }
/// }                                                  }
/// func animate(repeatCount: Int) {                   override func animate(repeatCount: Int) {
///     stringLayer.animate(repeatCount: repeatCount)      super.animate(repeatCount: repeatCount)
/// }                                                  }
/// ```
///
/// On Apple's platforms the view's member and the layer's are two, the view's calling the
/// layer's; written as a layer, the view's is the override and the layer's its `super`, so the
/// same code runs in the same order. A property overrides one of the same type that can be set
/// as it can; a method one of the same labels, parameter types and result. The layer's member
/// must not be `final`, `private`, `fileprivate` or the type's.
enum LayerMemberOverrides {
    /// The edits writing `decl`, a member of `view`, as an override of `layerClass`'s member of
    /// its name (``LayerMemberOverrides``), or nil where it is not one: no member of the name,
    /// another type or signature, or no use of the layer's through the view's layer.
    static func edits(for decl: DeclSyntax, in view: ClassDeclSyntax, layerClass: ClassDeclSyntax) -> [(Syntax, String)]? {
        let accessors = layerSpellings(in: view, layerClass: layerClass.name.text)
        if let variable = decl.as(VariableDeclSyntax.self) {
            guard variable.bindings.count == 1, let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type,
                binding.initializer == nil, let block = binding.accessorBlock, !isTypeMember(variable.modifiers),
                let own = layerProperty(named: name, in: layerClass),
                own.binding.typeAnnotation?.type.trimmedDescription == type.trimmedDescription,
                isSettable(binding, specifier: variable.bindingSpecifier) == isSettable(own.binding, specifier: own.declaration.bindingSpecifier)
            else { return nil }
            let uses = forwardedUses(of: name, in: Syntax(block), accessors: accessors, layerClass: layerClass.name.text)
            guard !uses.isEmpty else { return nil }
            return [(Syntax(variable.bindingSpecifier), "override var")] + uses.map { (Syntax($0), "super.\(name)") }
        }
        guard let function = decl.as(FunctionDeclSyntax.self), let body = function.body, !isTypeMember(function.modifiers),
            layerMethod(matching: function, in: layerClass) != nil
        else { return nil }
        let uses = forwardedUses(of: function.name.text, in: Syntax(body), accessors: accessors, layerClass: layerClass.name.text)
        guard !uses.isEmpty else { return nil }
        return [(Syntax(function.funcKeyword), "override func")] + uses.map { (Syntax($0), "super.\(function.name.text)") }
    }

    /// How the view names its layer as its layer class: `layer`, `(layer as! StringLayer)`, and
    /// its read-only properties giving that (`var stringLayer: StringLayer { layer as! StringLayer }`).
    private static func layerSpellings(in view: ClassDeclSyntax, layerClass: String) -> Set<String> {
        var spellings: Set<String> = ["layer", "self.layer", "(layer as! \(layerClass))", "(self.layer as! \(layerClass))"]
        for item in view.memberBlock.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let getter = binding.getterBody,
                getter.count == 1, let item = getter.first?.item
            else { continue }
            let value = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
            if ["layer as! \(layerClass)", "self.layer as! \(layerClass)"].contains(value?.trimmedDescription ?? "") {
                spellings.formUnion([name, "self.\(name)"])
            }
        }
        return spellings
    }

    /// The accesses `<layer>.name` in `node`, where `<layer>` is one of `accessors` — a local of
    /// one of their names only where it is bound to the layer as its class (`if let layer =
    /// layer as? StringLayer`).
    private static func forwardedUses(of name: String, in node: Syntax, accessors: Set<String>, layerClass: String) -> [MemberAccessExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
                let base = access.base, accessors.contains(base.trimmedDescription)
            else { return nil }
            if let local = base.as(DeclReferenceExprSyntax.self), ViewMembers.isLocal(local.baseName.text, at: local) {
                let bound = NameReferences.optionalBinding(named: local.baseName.text, around: local)?.initializer?.value
                    ?? NameReferences.declaration(of: local.baseName.text, before: local)?.bindings.first?.initializer?.value
                let casts = ["as?", "as!"].flatMap { ["layer \($0) \(layerClass)", "self.layer \($0) \(layerClass)"] }
                guard let bound, casts.contains(bound.trimmedDescription) else { return nil }
            }
            return access
        }
    }

    /// `layerClass`'s instance property `name`, which a subclass may override.
    private static func layerProperty(named name: String, in layerClass: ClassDeclSyntax) -> (declaration: VariableDeclSyntax, binding: PatternBindingSyntax)? {
        for item in layerClass.memberBlock.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            return isOverridable(variable.modifiers) ? (variable, binding) : nil
        }
        return nil
    }

    /// `layerClass`'s instance method of `function`'s name, labels, parameter types and result.
    private static func layerMethod(matching function: FunctionDeclSyntax, in layerClass: ClassDeclSyntax) -> FunctionDeclSyntax? {
        func shape(_ function: FunctionDeclSyntax) -> [String] {
            function.signature.parameterClause.parameters.map { "\($0.firstName.text):\($0.type.trimmedDescription)" }
                + ["->" + (function.signature.returnClause?.type.trimmedDescription ?? "Void")]
                + [function.signature.effectSpecifiers?.trimmedDescription ?? ""]
        }
        return layerClass.memberBlock.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { method in
            method.name.text == function.name.text && shape(method) == shape(function) && isOverridable(method.modifiers)
                && method.genericParameterClause == nil && function.genericParameterClause == nil
        }
    }

    /// Whether a property can be set: a `var` stored, observed, or with a setter.
    private static func isSettable(_ binding: PatternBindingSyntax, specifier: TokenSyntax) -> Bool {
        guard specifier.tokenKind == .keyword(.var) else { return false }
        switch binding.accessorBlock?.accessors {
        case nil: return true
        case .getter?: return false
        case .accessors(let list)?: return list.contains { ["set", "willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }

    private static func isTypeMember(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
    }

    private static func isOverridable(_ modifiers: DeclModifierListSyntax) -> Bool {
        !isTypeMember(modifiers)
            && !modifiers.contains { [.keyword(.final), .keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
    }
}
