import SwiftSyntax

/// A function or variable a type's body declares, by name (one for each of a variable's
/// bindings), with the member's modifiers.
struct DeclaredMember {
    let name: String
    let isFunction: Bool
    let modifiers: DeclModifierListSyntax

    /// Whether the member is the type's (`static` or `class`), not its instances'.
    var isStatic: Bool { modifiers.contains { ["static", "class"].contains($0.name.text) } }

    /// Whether the member overrides its superclass's.
    var isOverride: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.override) } }

    /// The functions and variables `members` declares, in order.
    static func all(in members: MemberBlockSyntax) -> [DeclaredMember] {
        members.members.flatMap { item -> [DeclaredMember] in
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                return [DeclaredMember(name: function.name.text, isFunction: true, modifiers: function.modifiers)]
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return [] }
            return variable.bindings.compactMap { binding in
                binding.pattern.as(IdentifierPatternSyntax.self).map {
                    DeclaredMember(name: $0.identifier.text, isFunction: false, modifiers: variable.modifiers)
                }
            }
        }
    }
}

extension DeclaredMember {
    /// The full names of the instance members `members` declares, as Swift tells members
    /// apart: a function's with its argument labels (`pulse(around:)`), a property's alone.
    static func instanceSignatures(in members: MemberBlockSyntax) -> Set<String> {
        var signatures: Set<String> = []
        for item in members.members {
            let modifiers = item.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
            if modifiers?.contains(where: { ["static", "class"].contains($0.name.text) }) == true { continue }
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
                signatures.insert("\(function.name.text)(\(labels))")
            } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { signatures.insert(name) }
                }
            }
        }
        return signatures
    }
}

extension SyntaxProtocol {
    /// The class whose code the node is in, with no other type (a struct, an enum, an actor, a
    /// protocol, an extension) between; through closures where `throughClosures` says so, else
    /// nil inside one.
    func enclosingClass(throughClosures: Bool) -> ClassDeclSyntax? {
        var current = parent
        while let ancestor = current {
            if let declaration = ancestor.as(ClassDeclSyntax.self) { return declaration }
            if ancestor.is(StructDeclSyntax.self) || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self)
                || ancestor.is(ExtensionDeclSyntax.self) || ancestor.is(ProtocolDeclSyntax.self)
                || (!throughClosures && ancestor.is(ClosureExprSyntax.self))
            {
                return nil
            }
            current = ancestor.parent
        }
        return nil
    }
}

extension ClassDeclSyntax {
    /// The extensions of the class at the top level of its file.
    var sameFileExtensions: [ExtensionDeclSyntax] {
        guard let root = root.as(SourceFileSyntax.self) else { return [] }
        return root.statements.compactMap { $0.item.as(ExtensionDeclSyntax.self) }.filter {
            $0.extendedType.trimmedDescription == name.text
        }
    }

    /// The class's body and its extensions' at the top level of its file.
    var bodiesInFile: [Syntax] {
        [Syntax(memberBlock)] + sameFileExtensions.map { Syntax($0.memberBlock) }
    }

    /// The members of the class's body and of its extensions at the top level of its file.
    var membersInFile: [MemberBlockItemSyntax] {
        Array(memberBlock.members) + sameFileExtensions.flatMap { Array($0.memberBlock.members) }
    }
}

extension ExtensionDeclSyntax {
    /// The class this extension extends when its file declares it at file scope, whose
    /// extensions in the file ``ClassDeclSyntax/sameFileExtensions`` gives.
    var sameFileClass: ClassDeclSyntax? {
        guard let root = root.as(SourceFileSyntax.self), parent?.parent?.parent?.is(SourceFileSyntax.self) == true else { return nil }
        let name = extendedType.trimmedDescription
        return root.statements.lazy.compactMap { $0.item.as(ClassDeclSyntax.self) }.first { $0.name.text == name }
    }
}
