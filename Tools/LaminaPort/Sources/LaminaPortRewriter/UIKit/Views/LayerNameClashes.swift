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
/// Renamed are `private` and `fileprivate` stored or computed properties, which code in other
/// files cannot name, and internal ones of an internal type where no other file that names the
/// type names the property, and the file names it only in the type's body and its extensions.
/// Their uses are the name alone where no local, parameter or binding of that name hides it, and
/// `self.name`, in the type's body and its extensions in the file.
enum LayerNameClashes {
    /// Whether `variable`, an internal property `name` of `type`, is named nowhere but in
    /// `bodies` (the type's and its extensions' in the file): the type and the property internal,
    /// no other file naming both the type and `name`, and the file naming `.name` only there.
    private static func isUnusedElsewhere(_ variable: VariableDeclSyntax, named name: String, in type: ClassDeclSyntax, bodies: [Syntax]) -> Bool {
        let exposed: [Keyword] = [.public, .open, .package]
        let modifiers = Array(variable.modifiers) + Array(type.modifiers)
        guard !modifiers.contains(where: { modifier in exposed.contains { modifier.name.tokenKind == .keyword($0) } }) else { return false }
        let files = PortingContext.currentReferencingFiles
        let others = (files[name] ?? []).union(files[".\(name)"] ?? []).intersection(files[type.name.text] ?? [])
        guard others.subtracting([type.root.id]).isEmpty else { return false }
        let ranges = bodies.map { $0.position..<$0.endPosition }
        return !type.root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id == reference.id
            else { return false }
            return !ranges.contains { $0.contains(token.position) }
        }
    }

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
                guard variable.bindings.count == 1, isPrivate || isUnusedElsewhere(variable, named: name, in: type, bodies: bodies)
                else { return nil }
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

extension LayerNameClashes {
    /// The renames of the file's own `private` and `fileprivate` constants and variables named as
    /// a layer property (`private let duration = 0.25`) that a class written as a layer uses
    /// (`animation.duration = duration`, which in a layer would read its own `duration`), each to
    /// `file` and its name capitalized (`fileDuration`), with its uses in the file: the name alone
    /// where no local, parameter, binding or member of the class around it hides it. None where
    /// the new name is taken in the file.
    static func fileScopeRenames(in file: SourceFileSyntax, writtenClasses: [ClassDeclSyntax]) -> [(Syntax, String)] {
        guard !writtenClasses.isEmpty else { return [] }
        var edits: [(Syntax, String)] = []
        for item in file.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                variable.modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }),
                let pattern = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self),
                ViewMembers.layerPropertyNames.contains(pattern.identifier.text)
            else { continue }
            let name = pattern.identifier.text
            let newName = "file" + name.prefix(1).uppercased() + name.dropFirst()
            guard !file.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == newName }) else { continue }
            var uses: [(Syntax, String)] = []
            var usedInLayer = false
            for token in file.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { continue }
                if ViewMembers.isLocal(name, at: reference, besides: variable) { continue }
                let enclosing = reference.ancestorOrSelf(mapping: { $0.as(ClassDeclSyntax.self) })
                    ?? reference.ancestorOrSelf(mapping: { $0.as(ExtensionDeclSyntax.self) }).flatMap { extensionDecl in
                        writtenClasses.first { $0.name.text == extensionDecl.extendedType.trimmedDescription }
                    }
                if let enclosing {
                    // The class's own member of that name is what the name means there.
                    if DeclaredMember.all(in: enclosing.memberBlock).contains(where: { $0.name == name }) { continue }
                    if writtenClasses.contains(where: { $0.id == enclosing.id }) { usedInLayer = true }
                }
                uses.append((Syntax(reference), newName))
            }
            guard usedInLayer else { continue }
            edits.append((Syntax(pattern.identifier), newName))
            edits += uses
        }
        return edits
    }
}
