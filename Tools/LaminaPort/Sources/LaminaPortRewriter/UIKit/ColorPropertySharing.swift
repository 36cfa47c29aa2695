import SwiftSyntax

/// An instance colour property that other ported files use, written there too:
///
/// ```swift
/// // Badge.swift                                 // Scene.swift
/// final class BadgeLayer: CALayer {              let badge = BadgeLayer()
///     var tint: UIColor = .systemRed {           badge.tint = .systemGreen        → CGColor(…)
///         didSet { backgroundColor =             halo.strokeColor =
///             tint.cgColor }                          badge.tint.cgColor          → badge.tint
///     }                                          extension BadgeLayer {
/// }                                                  func glow() { shadowColor = tint.cgColor }  → tint
///                                                }
/// ```
///
/// The property may be a type's, or one an extension of a Core Animation class declares
/// (`extension CATextLayer { var color: NSColor? { … } }`), which the class's values in
/// other files have.
///
/// A file that names the property's type (or a class descending from it) may use the
/// property on a value of that type — `badge.tint` where `badge` is declared one
/// (``DeclaredType``), `tint` inside the type's extensions and subclasses. Each such use must
/// be one the pass writes (its `cgColor`, an assignment of colours it writes, …), and a member
/// of that name on a value whose type the file does not spell out may be the property too:
/// either way the property is left, in every file, for a person. A file that does not name the
/// type has no value of it, so its members of that name are another type's (`gradient.colors`).
/// A struct's stored property is passed colours in its memberwise initializations too
/// (`RingStyle(color: .systemPink)`), in every file.
///
/// A static colour property (`struct Palette { static let accent = UIColor.systemPink }`, the
/// colours an app names in one place) is written alike where other files read it through its
/// type (`Palette.accent.cgColor` → `Palette.accent`); one named there alone, in the type's
/// extensions, is left.
extension ColorVariableRewriter {
    struct SharedProperty: Sendable, Hashable {
        /// The type declaring the property and the classes descending from it.
        var types: Set<String>
        var typeName: String
        var name: String
        var isArray: Bool
        var isOptional: Bool
        /// The root of the file declaring it, whose own pass writes its uses there.
        var declaringFile: SyntaxIdentifier
        /// Whether it is a stored property of a struct initialized memberwise
        /// (`RingStyle(color: .red)`), whose initializations pass it colours.
        var memberwise = false
        /// Whether it is a static (or class) property, read through its type (`Palette.accent`).
        var isStatic = false

        var key: String { "\(typeName).\(name)" }
    }

    /// The shared instance colour properties: those written, with their uses in other files,
    /// and those left (by ``SharedProperty/key``).
    struct SharedProperties: Sendable {
        var written: [SharedProperty] = []
        var left: Set<String> = []
        /// Before the shared properties are resolved, the instance colour properties (by
        /// ``SharedProperty/key``, of each type and the classes descending from it) that their
        /// own files' passes could write: the colour parameters they are passed to are first
        /// resolved taking them to be written (``isWrittenSharedPropertyRead(_:isArray:)``).
        var assumed: [String: Bool]?
    }

    /// The instance colour properties of `trees` whose own file's pass could write them,
    /// by `Type.name` for the type and each class descending from it, and whether each is an
    /// array.
    static func candidateSharedProperties(in trees: [SourceFileSyntax], subclasses: (String) -> Set<String>) -> [String: Bool] {
        var found: [String: Bool] = [:]
        for declaration in instanceProperties(in: trees).map(\.declaration) {
            guard let typeName = declaration.enclosingTypeName, !declaration.modifiers.isTypeMember, let variable = variable(declaration)
            else { continue }
            for type in subclasses(typeName).union([typeName]) { found["\(type).\(variable.name)"] = variable.isArray }
        }
        return found
    }

    /// Whether `expression` reads a shared colour property the command writes on a value
    /// declared of its type (`entry.color`, `arcs[i].strokeColor`), as a colour parameter's
    /// argument (an array one for an array parameter): once ported, the `CGColor` itself.
    static func isWrittenSharedPropertyRead(_ expression: ExprSyntax, isArray: Bool) -> Bool {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil, let base = access.base,
            base.trimmedDescription != "self", let type = DeclaredType.of(base)
        else { return false }
        let name = access.declName.baseName.text
        let shared = PortingContext.currentSharedColorProperties
        if let assumed = shared.assumed { return assumed["\(type).\(name)"] == isArray }
        return shared.written.contains { $0.types.contains(type) && $0.name == name && $0.isArray == isArray && !$0.isStatic }
    }

    /// Decides which instance colour properties of `trees` other files use, and whether those
    /// uses let them be written. `subclasses` gives a class and the ported classes descending
    /// from it.
    static func resolveSharedProperties(in trees: [SourceFileSyntax], subclasses: (String) -> Set<String>) -> SharedProperties {
        $isResolvingSharedProperties.withValue(true) { findSharedProperties(in: trees, subclasses: subclasses) }
    }

    /// Whether the shared properties are being resolved: a static property other files read is
    /// then checked as if it were written (``resolveSharedProperties(in:subclasses:)`` decides).
    @TaskLocal static var isResolvingSharedProperties = false

    /// The properties the types of `trees` declare (and their extensions of Core Animation's
    /// classes), static ones too, with the file of each.
    private static func instanceProperties(in trees: [SourceFileSyntax]) -> [(declaration: VariableDeclSyntax, file: SourceFileSyntax)] {
        final class Properties: SyntaxVisitor {
            var found: [VariableDeclSyntax] = []
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.parent?.is(MemberBlockItemSyntax.self) == true, !node.isInAppleOnlyConditional,
                    let type = node.parent?.parent?.parent?.parent,
                    type.is(ClassDeclSyntax.self) || type.is(StructDeclSyntax.self) || type.is(EnumDeclSyntax.self)
                        || type.as(ExtensionDeclSyntax.self).map({ PortingContext.layerClasses.contains($0.extendedType.trimmedDescription) }) == true
                {
                    found.append(node)
                }
                return .skipChildren
            }
        }
        return trees.flatMap { tree in
            let properties = Properties(viewMode: .sourceAccurate)
            properties.walk(tree)
            return properties.found.map { ($0, tree) }
        }
    }

    private static func findSharedProperties(in trees: [SourceFileSyntax], subclasses: (String) -> Set<String>) -> SharedProperties {
        var result = SharedProperties()
        for (declaration, tree) in instanceProperties(in: trees) {
            guard let typeName = declaration.enclosingTypeName, let variable = variable(declaration) else { continue }
            let property = SharedProperty(
                types: subclasses(typeName).union([typeName]), typeName: typeName, name: variable.name, isArray: variable.isArray,
                isOptional: variable.isOptional, declaringFile: tree.id,
                memberwise: StoredPropertyReferences.memberwiseStruct(of: declaration) != nil, isStatic: declaration.modifiers.isTypeMember)
            var used = false
            var written = true
            let structure = StoredPropertyReferences.memberwiseStruct(of: declaration)
            for other in trees where other.id != tree.id {
                guard let references = references(to: property, in: other) else {
                    written = false
                    break
                }
                let initialized = structure.map { StoredPropertyReferences.memberwiseArguments(for: property.name, of: $0, in: other) } ?? []
                used = used || !references.isEmpty || !initialized.isEmpty
                if references.contains(where: { use(of: $0, isArray: property.isArray, isOptional: property.isOptional) == nil })
                    || initialized.contains(where: { memberwiseUse($0, isArray: property.isArray, isOptional: property.isOptional) == nil })
                {
                    written = false
                    break
                }
            }
            if !written {
                result.left.insert(property.key)
            } else if used {
                result.written.append(property)
            }
        }
        return result
    }

    /// The uses of `property` in `file` (another file than its own): `value.name` where `value`
    /// is declared of its type, and `name` inside the type's extensions and subclasses there.
    /// Nil when a member of that name is on a value whose type the file does not spell out.
    static func references(to property: SharedProperty, in file: SourceFileSyntax) -> [ExprSyntax]? {
        let tokens = file.tokens(viewMode: .sourceAccurate)
        guard tokens.contains(where: { property.types.contains($0.text) }) else { return [] }
        if property.isStatic { return staticReferences(to: property, in: tokens) }
        var references: [ExprSyntax] = []
        for token in tokens where token.text == property.name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { continue }
            if reference.isMemberName, let access = reference.parent?.as(MemberAccessExprSyntax.self) {
                // `.name` alone is a static member.
                guard let base = access.base else { continue }
                if let type = DeclaredType.of(base) {
                    if property.types.contains(type) { references.append(ExprSyntax(access)) }
                    continue
                }
                // `Type.name` is a static member too.
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true { continue }
                return nil
            }
            guard let type = reference.enclosingTypeName, property.types.contains(type),
                NameReferences.declaration(of: property.name, before: reference) == nil,
                NameReferences.parameter(named: property.name, around: reference) == nil
            else { continue }
            references.append(ExprSyntax(reference))
        }
        return references
    }

    /// The reads of the static `property` among `tokens` (another file's): `Type.name`, and
    /// `Self.name` in the type's extensions. Nil when the name alone is read in one of them,
    /// where the static property may be meant.
    private static func staticReferences(to property: SharedProperty, in tokens: TokenSequence) -> [ExprSyntax]? {
        var references: [ExprSyntax] = []
        for token in tokens where token.text == property.name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { continue }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                guard let base = access.base?.as(DeclReferenceExprSyntax.self) else { continue }
                let type = base.baseName.text == "Self" ? reference.enclosingTypeName : base.baseName.text
                if let type, property.types.contains(type) { references.append(ExprSyntax(access)) }
                continue
            }
            if let type = reference.enclosingTypeName, property.types.contains(type),
                NameReferences.declaration(of: property.name, before: reference) == nil,
                NameReferences.parameter(named: property.name, around: reference) == nil
            {
                return nil
            }
        }
        return references
    }

    /// Whether `value` is a colour assigned to a shared property in this file
    /// (`badge.tint = .systemGreen`), written with it.
    static func assignsSharedProperty(_ value: ExprSyntax) -> Bool {
        guard let root = value.root.as(SourceFileSyntax.self) else { return false }
        for property in PortingContext.currentSharedColorProperties.written where property.declaringFile != root.id {
            for reference in references(to: property, in: root) ?? [] {
                guard case .assigned(let colours)? = use(of: reference, isArray: property.isArray, isOptional: property.isOptional) else {
                    continue
                }
                if colours.contains(where: { $0.expression.id == value.id }) { return true }
            }
        }
        return false
    }

    /// Records the edits of the uses in `file` of the shared properties other files declare.
    func writeSharedPropertyUses(in node: SourceFileSyntax) {
        for property in PortingContext.currentSharedColorProperties.written where property.declaringFile != node.id {
            let initialized = property.memberwise ? StoredPropertyReferences.memberwiseArguments(for: property.name, of: property.typeName, in: node) : []
            for value in initialized where !value.isInAppleOnlyConditional {
                guard let use = Self.memberwiseUse(value, isArray: property.isArray, isOptional: property.isOptional) else { continue }
                apply(use, name: property.name, reason: UIKitValueRewriter.reason(
                    for: value, "UIKit and AppKit do not exist on Linux; '\(property.key)' holds a CGColor, as its declaration is written"))
            }
            for reference in Self.references(to: property, in: node) ?? [] where !reference.isInAppleOnlyConditional {
                guard let use = Self.use(of: reference, isArray: property.isArray, isOptional: property.isOptional) else { continue }
                let reason = UIKitValueRewriter.reason(
                    for: reference.parent ?? Syntax(reference),
                    "UIKit and AppKit do not exist on Linux; '\(property.key)' holds a CGColor, as its declaration is written")
                apply(use, name: property.name, reason: reason)
            }
        }
    }
}
