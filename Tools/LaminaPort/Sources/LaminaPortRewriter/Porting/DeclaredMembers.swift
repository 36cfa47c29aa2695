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

extension ClassDeclSyntax {
    /// The extensions of the class at the top level of its file.
    var sameFileExtensions: [ExtensionDeclSyntax] {
        guard let root = root.as(SourceFileSyntax.self) else { return [] }
        return root.statements.compactMap { $0.item.as(ExtensionDeclSyntax.self) }.filter {
            $0.extendedType.trimmedDescription == name.text
        }
    }
}
