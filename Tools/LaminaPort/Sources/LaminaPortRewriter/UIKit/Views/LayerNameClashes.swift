import SwiftSyntax

/// A view's or view controller's private properties named as one of its layer's (`private var
/// duration = 0.3`, `private var speed = 10.0`), renamed so that the layer class the command
/// writes keeps both: the view's own as `viewDuration` (a controller's `controllerDuration`),
/// the layer's as it was.
///
/// ```swift
/// private var speed = 10.0                 →   private var viewSpeed = 10.0
/// phase += speed                           →   phase += viewSpeed
/// self.speed = speed   (a parameter)       →   self.viewSpeed = speed
/// animation.speed = 2  (another value's)       (unchanged)
/// ```
///
/// Only `private` and `fileprivate` stored or computed properties are renamed: code in other
/// files cannot name them. Their uses are the name alone where no local, parameter or binding of
/// that name hides it, and `self.name`, in the type's body and its extensions in the file.
enum LayerNameClashes {
    /// The renames of `members`' private properties named as one of `layerNames`, each to
    /// `prefix` and its name capitalized, with the names renamed; nil when such a property is
    /// not private or a renamed name is taken in the file. `skipped`: members that go (a
    /// property forwarding to the layer's own).
    static func renames(
        in type: ClassDeclSyntax, extensions: [ExtensionDeclSyntax], layerNames: Set<String>, prefix: String,
        skipped: Set<SyntaxIdentifier> = []
    ) -> (edits: [(Syntax, String)], renamed: Set<String>)? {
        var edits: [(Syntax, String)] = []
        var renamed: Set<String> = []
        let bodies = [Syntax(type.memberBlock)] + extensions.map { Syntax($0.memberBlock) }
        for item in type.memberBlock.members where !skipped.contains(item.id) {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), layerNames.contains(pattern.identifier.text) else { continue }
                let name = pattern.identifier.text
                // A type's property is named apart from the layer's instance members.
                if variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) { continue }
                let isPrivate = variable.modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
                guard isPrivate, variable.bindings.count == 1 else { return nil }
                let newName = prefix + name.prefix(1).uppercased() + name.dropFirst()
                guard !type.root.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == newName }) else { return nil }
                edits.append((Syntax(pattern.identifier), newName))
                for body in bodies {
                    for token in body.tokens(viewMode: .sourceAccurate) where token.text == name {
                        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                            // `self.speed`: the view's; `animation.speed`: another value's.
                            if access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                                edits.append((Syntax(reference), newName))
                            }
                            continue
                        }
                        if ViewMembers.isLocal(name, at: reference) { continue }
                        edits.append((Syntax(reference), newName))
                    }
                }
                renamed.insert(name)
            }
        }
        return (edits, renamed)
    }
}
