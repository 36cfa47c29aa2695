import SwiftSyntax

/// Views of classes ``ViewClassRewriter`` writes as layers, held by a view or view controller
/// written as a layer and added to it (`addSubview(tile)`, `view.addSubview(ring)`): sublayers,
/// used for the members their layers have.
///
/// ```swift
/// let tile = TileView(frame: r)              let tile = TileView(frame: r)
/// addSubview(tile)                     →     addSublayer(tile)
/// tile.center = CGPoint(x: 10, y: 10)        tile.position = CGPoint(x: 10, y: 10)
/// tile.layer.cornerRadius = 4                tile.cornerRadius = 4
/// ```
enum WrittenSubviews {
    /// The classes whose plans are being made, around a view's search for the classes of the
    /// views it adds: a class adding a view of its own class, or of one adding it, is not
    /// taken to be written (its plan would ask for itself).
    @TaskLocal private static var planning: Set<String> = []

    /// The class named `name` declared in `root`, if any.
    static func classDeclaration(named name: String, in root: Syntax) -> ClassDeclSyntax? {
        if let own = NameReferences.typeDeclaration(named: name, in: root)?.as(ClassDeclSyntax.self) { return own }
        // Declared once in another ported file.
        let others = PortingContext.currentClassDeclarations.filter { $0.name.text == name }
        return others.count == 1 ? others.first : nil
    }

    /// The class of the view `binding` holds (declared `TileView`, `TileView!` or `TileView?`, or
    /// given `TileView(…)`), when it is a class of the ported files that ``ViewClassRewriter``
    /// writes as a layer.
    static func viewClass(heldBy binding: PatternBindingSyntax, in root: Syntax) -> ClassDeclSyntax? {
        var type = binding.typeAnnotation?.type.trimmedDescription
            ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
        if type?.hasSuffix(".init") == true { type?.removeLast(5) }
        if type?.hasSuffix("!") == true || type?.hasSuffix("?") == true { type?.removeLast() }
        guard let type, !planning.contains(type), let viewClass = classDeclaration(named: type, in: root) else { return nil }
        return $planning.withValue(planning.union([type])) { ViewClassRewriter.layerSuperclass(viewClass) != nil ? viewClass : nil }
    }

    /// The edits writing the uses of `name`, a view of `viewClass` (a class ``ViewClassRewriter``
    /// writes as a layer), in `scope`: members its layer has, or `center`, its `position`, and
    /// `removeFromSuperview()`, `removeFromSuperlayer()`; uses in Auto Layout constraints pinning
    /// it to `container` (the constraints' pass writes those). Nil when one is of a member its
    /// layer does not have.
    static func useEdits(of name: String, in scope: Syntax, viewClass: ClassDeclSyntax, container: [String]) -> [(Syntax, String)]? {
        let own = Set(DeclaredMember.all(in: viewClass.memberBlock).map(\.name))
        var edits: [(Syntax, String)] = []
        for token in scope.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var use = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                guard member.base?.trimmedDescription == "self" else { continue }
                use = ExprSyntax(member)
            } else if reference.isMemberName {
                continue
            }
            guard let used = use.parent?.as(MemberAccessExprSyntax.self), used.base?.id == use.id else { continue }
            // In Auto Layout constraints, which the controller's layer constraints stand for.
            if AutoLayoutConstraints.isWritten(used, container: container) { continue }
            let member = used.declName.baseName.text
            if member == "center" {
                edits.append((Syntax(used.declName), "position"))
            } else if member == "removeFromSuperview" {
                edits.append((Syntax(used.declName), "removeFromSuperlayer"))
            } else if member == "layer", !own.contains(member), used.declName.argumentNames == nil,
                used.parent?.as(MemberAccessExprSyntax.self)?.base?.id == ExprSyntax(used).id
            {
                // `glow.layer.cornerRadius`: the view's layer is the view written as a layer.
                edits.append((Syntax(used), use.trimmedDescription))
            } else if !own.contains(member), !ViewMembers.layerPropertyNames.contains(member) || ViewMembers.viewOnlyMembers.contains(member) {
                return nil
            }
        }
        return edits
    }

    /// The calls in `members` (a view's own, and its extensions' in its file) adding to the view
    /// a view of a written class that `view` holds in a property or a local (`addSubview(tile)`,
    /// `self.addSubview(self.tile)`, `addSubview(tile!)`), with the edits writing each as the
    /// layer's `addSublayer(_:)` and the view's uses as its layer's. A view used for a member its
    /// layer lacks is not among them (the view's pass then leaves the view).
    static func additions(in members: [MemberBlockItemSyntax], of view: ClassDeclSyntax, container: [String]) -> (calls: [FunctionCallExprSyntax], edits: [(Syntax, String)]) {
        var calls: [FunctionCallExprSyntax] = []
        var edits: [(Syntax, String)] = []
        var written: Set<String> = []
        for addition in ViewMembers.subviewAdditions(in: members) {
            let (call, name) = (addition.call, addition.name)
            let local = addition.isMember ? nil : NameReferences.declaration(of: name, before: call)
            let property = view.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first { variable in
                variable.bindings.count == 1 && variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            }
            guard let declaration = local ?? property, declaration.bindings.count == 1, let binding = declaration.bindings.first,
                let viewClass = $planning.withValue(planning.union([view.name.text]), operation: { viewClass(heldBy: binding, in: Syntax(view.root)) })
            else { continue }
            let added = addition.edit
            // The uses, once for each name (a view added in two places is used the same).
            let key = local.map { "\($0.id)" } ?? name
            if written.contains(key) {
                calls.append(call)
                edits.append(added)
                continue
            }
            let scopes = local.map { [Syntax($0.parent?.parent ?? Syntax($0))] }
                ?? ([Syntax(view.memberBlock)] + view.sameFileExtensions.map { Syntax($0.memberBlock) })
            var uses: [(Syntax, String)] = []
            var usable = true
            for scope in scopes {
                guard let found = useEdits(of: name, in: scope, viewClass: viewClass, container: container) else {
                    usable = false
                    break
                }
                uses += found
            }
            guard usable else { continue }
            written.insert(key)
            calls.append(call)
            edits.append(added)
            edits += uses
        }
        return (calls, edits)
    }
}
