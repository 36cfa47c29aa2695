import SwiftSyntax

/// A view's or view controller's properties named as one of its layer's (`var duration = 0.3`,
/// `weak var delegate: GaugeDelegate?`), renamed so that the layer class the command writes
/// keeps both: the view's own as `viewDuration` (a controller's `controllerDuration`), the
/// layer's as it was.
///
/// ```swift
/// private var speed = 10.0                 →   private var viewSpeed = 10.0
/// phase += speed                           →   phase += viewSpeed
/// self.speed = speed   (a parameter)       →   self.viewSpeed = speed
/// animation.speed = 2  (another value's)       (unchanged)
/// delegate = self      (in a subclass)     →   viewDelegate = self
/// ```
///
/// Renamed are properties that no ported code outside the type names: where another file names
/// the type and the property, it may do so only in the bodies of a view's subclasses (which
/// inherit the rename, ``ViewClassRewriter/Ancestor/renamed``) and their extensions in their
/// files; the type's file names it as a member (`x.name`) only in the type's body and its
/// extensions. Their uses are the name alone where no local, parameter or binding of that name
/// hides it, and `self.name`. A public property keeps its rename, which code that uses the type
/// from another module must follow (``exposedRenames``).
enum LayerNameClashes {
    /// Whether `variable`, a property `name` of `type`, is named nowhere but in `bodies` (the
    /// type's and its extensions' in the file) and in the bodies of its subclasses in other files:
    /// no other file naming both the type and `name` elsewhere, and the file naming `.name` only
    /// in `bodies`.
    private static func isUnusedElsewhere(
        _ variable: VariableDeclSyntax, named name: String, in type: ClassDeclSyntax, bodies: [Syntax], subclassesFollow: Bool
    ) -> Bool {
        let files = PortingContext.currentReferencingFiles
        let others = (files[name] ?? []).union(files[".\(name)"] ?? []).intersection(files[type.name.text] ?? [])
        for other in others.subtracting([type.root.id]) {
            guard subclassesFollow, let root = PortingContext.currentClassDeclarations.first(where: { $0.root.id == other })?.root,
                isNamedOnlyInSubclasses(name, of: type.name.text, in: root)
            else { return false }
        }
        return !isNamedAsMember(name, in: type.root, outside: bodies)
    }

    /// Whether `root`, another file, names `name` only in the bodies of classes descending from
    /// `type` and their extensions in the file, or alone outside any extension (where it cannot
    /// be the property).
    private static func isNamedOnlyInSubclasses(_ name: String, of type: String, in root: Syntax) -> Bool {
        let bodies = subclassBodies(of: type, in: root)
        if isNamedAsMember(name, in: root, outside: bodies) { return false }
        let ranges = bodies.map { $0.position..<$0.endPosition }
        return !root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                !ranges.contains(where: { $0.contains(token.position) })
            else { return false }
            return reference.ancestorOrSelf(mapping: { $0.as(ExtensionDeclSyntax.self) }) != nil
        }
    }

    /// Whether `root` names `name` as a member of a value (`x.name`) outside `bodies`.
    private static func isNamedAsMember(_ name: String, in root: Syntax, outside bodies: [Syntax]) -> Bool {
        let ranges = bodies.map { $0.position..<$0.endPosition }
        return root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id == reference.id
            else { return false }
            return !ranges.contains { $0.contains(token.position) }
        }
    }

    /// The member blocks of the classes of `root` that descend from `type` (by the ported files'
    /// class declarations), and of their extensions in `root`.
    private static func subclassBodies(of type: String, in root: Syntax) -> [Syntax] {
        let superclasses = PortingContext.currentSuperclasses
        let subclasses = PortingContext.currentClassDeclarations.filter { declaration in
            declaration.root.id == root.id && declaration.name.text != type
                && PortingContext.descends(declaration.name.text, from: [type], superclasses: superclasses)
        }
        let names = Set(subclasses.map(\.name.text))
        let extensions = (root.as(SourceFileSyntax.self)?.statements ?? []).compactMap { $0.item.as(ExtensionDeclSyntax.self) }
            .filter { names.contains($0.extendedType.trimmedDescription) }
        return subclasses.map { Syntax($0.memberBlock) } + extensions.map { Syntax($0.memberBlock) }
    }

    /// Whether `variable` of `type` can be named from another module: both public (or open, or
    /// package).
    private static func isExposed(_ variable: VariableDeclSyntax, of type: ClassDeclSyntax) -> Bool {
        let exposed: [Keyword] = [.public, .open, .package]
        func exposes(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { modifier in exposed.contains { modifier.name.tokenKind == .keyword($0) } }
        }
        return exposes(variable.modifiers) && exposes(type.modifiers)
    }

    /// The edits renaming `name` to `newName` in `bodies`: the name alone where no local,
    /// parameter or binding hides it, and `self.name` (`super.name`); not another value's.
    static func referenceEdits(renaming name: String, to newName: String, in bodies: [Syntax]) -> [(Syntax, String)] {
        var edits: [(Syntax, String)] = []
        for body in bodies {
            for token in body.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                    // `self.speed`: the view's; `animation.speed`: another value's.
                    if let base = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind,
                        [.keyword(.self), .keyword(.super)].contains(base)
                    {
                        edits.append((Syntax(reference), newName))
                    }
                    continue
                }
                if ViewMembers.isLocal(name, at: reference) { continue }
                edits.append((Syntax(reference), newName))
            }
        }
        return edits
    }

    /// The renames of `members`' properties named as one of `layerNames`, each to `prefix` and
    /// its name capitalized, with the names renamed (old name to new), and those of them another
    /// module can name; nil when such a property is named elsewhere or a renamed name is taken
    /// in the file. `skipped`: members that go (a property forwarding to the layer's own).
    /// `subclassesFollow`: the type's subclasses in other files rename their uses too.
    static func renames(
        in type: ClassDeclSyntax, extensions: [ExtensionDeclSyntax], layerNames: Set<String>, prefix: String,
        skipped: Set<SyntaxIdentifier> = [], subclassesFollow: Bool = false
    ) -> (edits: [(Syntax, String)], renamed: [String: String], exposed: [String])? {
        // An override of the layer's own property (`override var isHidden`) keeps its name; one
        // of a property the view it inherits renamed is renamed alike, below.
        let inheritedRenames = ViewClassRewriter.candidate(type)??.renamed ?? [:]
        var edits: [(Syntax, String)] = []
        var renamed: [String: String] = [:]
        var exposed: [String] = []
        let bodies = [Syntax(type.memberBlock)] + extensions.map { Syntax($0.memberBlock) }
        for item in type.memberBlock.members where !skipped.contains(item.id) {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), layerNames.contains(pattern.identifier.text) else { continue }
                let name = pattern.identifier.text
                // A type's property is named apart from the layer's instance members.
                if variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) { continue }
                if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }), inheritedRenames[name] == nil { continue }
                let isPrivate = variable.modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
                guard variable.bindings.count == 1, isPrivate || isUnusedElsewhere(variable, named: name, in: type, bodies: bodies, subclassesFollow: subclassesFollow)
                else { return nil }
                let newName = prefix + name.prefix(1).uppercased() + name.dropFirst()
                guard !type.root.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == newName }) else { return nil }
                edits.append((Syntax(pattern.identifier), newName))
                edits += referenceEdits(renaming: name, to: newName, in: bodies)
                renamed[name] = newName
                if isExposed(variable, of: type) { exposed.append(name) }
            }
        }
        return (edits, renamed, exposed)
    }

    /// Notes each public property of `type` the command renamed (`exposed`, with `renamed`):
    /// code in another module that uses it must use the new name.
    static func noteExposedRenames(_ exposed: [String], renamed: [String: String], of type: ClassDeclSyntax, in file: PortingSourceFile) {
        for name in exposed {
            guard let newName = renamed[name],
                let pattern = type.memberBlock.members.lazy.compactMap({ $0.decl.as(VariableDeclSyntax.self) })
                    .flatMap(\.bindings).compactMap({ $0.pattern.as(IdentifierPatternSyntax.self) })
                    .first(where: { $0.identifier.text == name })
            else { continue }
            file.note(
                pattern,
                why: "the layer \(type.name.text) becomes has its own `\(name)`, so the view's public `\(name)` is renamed `\(newName)`; the ported files use the new name",
                todo: "use `\(newName)` in code outside the ported files that sets or reads the view's `\(name)`")
        }
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
