import SwiftSyntax

/// `@objc`, `@objc(name)`, `@nonobjc`, `@objcMembers`, `@NSManaged` and `dynamic`: Swift on
/// Linux has no Objective-C runtime, so `@objc` does not compile and the others mean nothing.
/// They are removed, except that a stored property of a `CALayer` subclass that the layer
/// keeps by key — `@NSManaged`, or `@objc` (or `dynamic` in an `@objcMembers` class) and named
/// as a key somewhere in the code — becomes
/// `@CAManaged("name")`, which keeps it in the layer's key-value store, copies it into
/// presentation layers and lets animations drive it, as `@NSManaged` does on Apple platforms.
final class ObjectiveCAttributeRewriter: PortingPass {
    private static let removedAttributes: Set<String> = ["objc", "nonobjc", "objcMembers", "NSManaged"]

    override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind {
        let attributes = node.compactMap { $0.as(AttributeSyntax.self) }
            .filter { Self.removedAttributes.contains($0.attributeName.trimmedDescription) }
        guard let decl = node.parent, !attributes.isEmpty, !node.isInAppleOnlyConditional else { return .visitChildren }
        // An optional requirement the protocol's visit writes whole.
        if let function = decl.as(FunctionDeclSyntax.self), function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.optional) }),
            let proto = function.parent?.parent?.parent?.parent?.as(ProtocolDeclSyntax.self), OptionalRequirements.writable(proto) != nil
        {
            return .skipChildren
        }
        let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers
        let dynamic = modifiers?.first(where: { $0.name.tokenKind == .keyword(.dynamic) })

        if let variable = decl.as(VariableDeclSyntax.self), let managed = managedProperty(variable, attributes: attributes),
            let marked = managed.attribute
        {
            var rest = attributes
            rest.removeAll { $0.id == marked.id }
            file.replace(
                marked, with: "@CAManaged(\"\(managed.name)\")", kind: .managedProperty,
                reason: "the layer keeps the property by key, copies it into presentation layers and animates it, as @NSManaged does")
            insertInitialValue(managed, of: variable)
            for attribute in rest { removeAttribute(attribute) }
            if let dynamic { file.remove(dynamic, kind: .objectiveCAttribute, reason: "`dynamic` dispatch through the Objective-C runtime does not exist on Linux") }
            return .visitChildren
        }

        // An `@objc` protocol is class-bound; without the attribute it says so itself, so that
        // `weak var delegate: Delegate?` still compiles.
        if let proto = decl.as(ProtocolDeclSyntax.self), attributes.contains(where: { $0.attributeName.trimmedDescription == "objc" }) {
            insertClassBound(proto)
        }
        for attribute in attributes {
            if attribute.attributeName.trimmedDescription == "NSManaged" {
                file.note(
                    attribute, why: "@NSManaged outside a CALayer subclass (Core Data) needs the Objective-C runtime",
                    todo: "store the property yourself (Lamina's @CAManaged exists only on CALayer subclasses)")
                continue
            }
            removeAttribute(attribute)
        }
        if let dynamic { file.remove(dynamic, kind: .objectiveCAttribute, reason: "`dynamic` dispatch through the Objective-C runtime does not exist on Linux") }
        return .visitChildren
    }

    /// An `@objc` protocol whose `optional` requirements give back nothing: requirements with
    /// empty default implementations (``OptionalRequirements``). One with other optional
    /// requirements is left whole: without `@objc` they do not compile, and a default for a
    /// value is a design choice.
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        guard Self.hasOptionalRequirements(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        if let requirements = OptionalRequirements.writable(node) {
            let reason = "optional requirements need the Objective-C runtime; a requirement with an empty default does nothing where an adopter does not implement it, as an unimplemented optional one did"
            // Each requirement without its `@objc` and `optional` (a line of their own goes with them).
            for requirement in requirements {
                let kept = requirement.modifiers.filter { $0.name.tokenKind != .keyword(.optional) }.map(\.trimmedDescription)
                let declaration = file.source(file.trimmedRange(requirement.funcKeyword).lowerBound..<file.trimmedRange(requirement).upperBound)
                file.replace(requirement, with: (kept + [declaration]).joined(separator: " "), kind: .objectiveCAttribute, reason: reason)
            }
            file.insert(lines: OptionalRequirements.defaults(for: requirements, of: node), afterLineOf: node, kind: .objectiveCAttribute, reason: reason)
            return .visitChildren
        }
        file.note(
            node.name, why: "an @objc protocol with optional requirements needs the Objective-C runtime",
            todo: "remove @objc and `optional`, and give the optional requirements default implementations in an extension of the protocol")
        return .skipChildren
    }

    /// `delegate?.gaugeDidFill?(self)` of a requirement written with a default: a plain call.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let mark = OptionalRequirements.optionalCallMark(node),
            OptionalRequirements.callsWrittenRequirement(node)
        else { return .visitChildren }
        file.remove(mark, kind: .objectiveCAttribute, reason: "the requirement has a default implementation now, so every adopter has it")
        return .visitChildren
    }

    /// Whether `proto` declares `optional` requirements, which only `@objc` protocols have.
    private static func hasOptionalRequirements(_ proto: ProtocolDeclSyntax) -> Bool {
        proto.memberBlock.members.contains { member in
            member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.optional) } ?? false
        }
    }

    /// Adds `AnyObject` to the inherited types of `proto`, an `@objc` protocol whose attribute
    /// goes, unless they make it class-bound already.
    private func insertClassBound(_ proto: ProtocolDeclSyntax) {
        let reason = "an @objc protocol is class-bound (only classes adopt it); without @objc, AnyObject keeps it so, as a weak reference to it needs"
        guard let clause = proto.inheritanceClause else {
            let name = file.trimmedRange(proto.name)
            file.insert(": AnyObject", at: name.upperBound, after: name, kind: .objectiveCAttribute, reason: reason)
            return
        }
        let inherited = clause.inheritedTypes.map { $0.type.trimmedDescription }
        guard !inherited.contains(where: { ["AnyObject", "class", "NSObjectProtocol"].contains($0) }), let last = clause.inheritedTypes.last
        else { return }
        let end = file.trimmedRange(last.type)
        file.insert(", AnyObject", at: end.upperBound, after: end, kind: .objectiveCAttribute, reason: reason)
    }

    /// `@IBOutlet` on a property typed by an `@objc` protocol of the file (`@IBOutlet weak var
    /// dataSource: ChartDataSource?`): the protocol loses `@objc`, and an outlet's type must be
    /// an Objective-C one; Linux has no nib to connect the outlet, so the attribute goes.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard node.attributeName.trimmedDescription == "IBOutlet", !node.isInAppleOnlyConditional,
            let variable = node.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let type = variable.bindings.first?.typeAnnotation?.type,
            let root = node.root.as(SourceFileSyntax.self)
        else { return .visitChildren }
        let named = (type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? type)
            .trimmedDescription
        let isObjCProtocol = root.statements.contains { item in
            guard let proto = item.item.as(ProtocolDeclSyntax.self), proto.name.text == named else { return false }
            return proto.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" }
                && (!Self.hasOptionalRequirements(proto) || OptionalRequirements.writable(proto) != nil)
        }
        guard isObjCProtocol else { return .visitChildren }
        file.remove(
            node, kind: .objectiveCAttribute,
            reason: "an outlet's type must be an Objective-C one, and \(named) is no longer @objc; Linux has no nib to connect the outlet")
        return .visitChildren
    }

    /// `dynamic` without an Objective-C attribute on a layer's or animation's member.
    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        guard node.name.tokenKind == .keyword(.dynamic), let modifiers = node.parent,
            let decl = modifiers.parent, let withAttributes = decl.asProtocol(WithAttributesSyntax.self),
            !withAttributes.attributes.contains(where: {
                $0.as(AttributeSyntax.self).map { Self.removedAttributes.contains($0.attributeName.trimmedDescription) } ?? false
            }),
            let typeName = node.enclosingTypeName,
            file.context.isLayerClass(typeName) || file.context.isAnimationClass(typeName),
            !node.isInAppleOnlyConditional
        else { return .skipChildren }
        // In an `@objcMembers` class, `dynamic var` is `@objc dynamic`: kept by key where the code
        // names it as one.
        guard let variable = decl.as(VariableDeclSyntax.self), Self.isInObjCMembersClass(variable),
            let managed = managedProperty(variable, attributes: [], objcMembers: true)
        else {
            file.remove(node, kind: .objectiveCAttribute, reason: "`dynamic` dispatch through the Objective-C runtime does not exist on Linux")
            return .skipChildren
        }
        let reason = "the layer keeps the property by key, copies it into presentation layers and animates it, as @objcMembers' dynamic property is on Apple platforms"
        let attribute = "@CAManaged(\"\(managed.name)\")"
        if variable.attributes.isEmpty, variable.modifiers.first?.id == node.id {
            file.replace(node.name, with: attribute, kind: .managedProperty, reason: reason)
        } else {
            file.remove(node, kind: .objectiveCAttribute, reason: "`dynamic` dispatch through the Objective-C runtime does not exist on Linux")
            let start = file.trimmedRange(variable).lowerBound
            file.insert(attribute + " ", at: start, after: start..<start, kind: .managedProperty, reason: reason)
        }
        insertInitialValue(managed, of: variable)
        return .skipChildren
    }

    /// Whether `variable` is a member of a class declared `@objcMembers`.
    private static func isInObjCMembersClass(_ variable: VariableDeclSyntax) -> Bool {
        guard let type = variable.parent?.parent?.parent?.parent?.as(ClassDeclSyntax.self) else { return false }
        return type.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objcMembers" }
    }

    /// Adds the value a `@CAManaged` property reads while unset, where it needs one.
    private func insertInitialValue(_ managed: ManagedProperty, of variable: VariableDeclSyntax) {
        guard let initialValue = managed.initialValue, let type = variable.bindings.first?.typeAnnotation else { return }
        let range = file.trimmedRange(type)
        file.insert(
            " = \(initialValue)", at: range.upperBound, after: range, kind: .managedProperty,
            reason: "a @CAManaged property declares the value read while it is unset")
    }

    private func removeAttribute(_ attribute: AttributeSyntax) {
        let name = attribute.attributeName.trimmedDescription
        let reason: String
        switch name {
        case "nonobjc": reason = "@nonobjc means nothing without the Objective-C runtime"
        case "objcMembers": reason = "@objcMembers needs the Objective-C runtime"
        default: reason = "@\(name) needs the Objective-C runtime (`Objective-C interoperability is disabled`)"
        }
        file.remove(attribute, kind: .objectiveCAttribute, reason: reason)
    }

    private struct ManagedProperty {
        /// The attribute that becomes `@CAManaged`; nil for `dynamic` in an `@objcMembers` class.
        var attribute: AttributeSyntax?
        var name: String
        /// The initial value to add (nil when the declaration has one, or none can be chosen).
        var initialValue: String?
    }

    /// The `@NSManaged` or key-used `@objc` stored property of a `CALayer` subclass (with
    /// `objcMembers`, a key-used one without either attribute), if this is one.
    private func managedProperty(_ variable: VariableDeclSyntax, attributes: [AttributeSyntax], objcMembers: Bool = false) -> ManagedProperty? {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
            let binding = variable.bindings.first, binding.accessorBlock == nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let typeName = variable.enclosingTypeName, file.context.isLayerClass(typeName),
            variable.parent?.parent?.parent?.parent?.is(ClassDeclSyntax.self) ?? false,
            !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) })
        else { return nil }
        let managed = attributes.first { $0.attributeName.trimmedDescription == "NSManaged" }
        let objc = attributes.first { $0.attributeName.trimmedDescription == "objc" }
        let attribute = managed ?? (file.context.isUsedAsKey(name) ? objc : nil)
        guard attribute != nil || (objcMembers && file.context.isUsedAsKey(name)) else { return nil }
        if binding.initializer != nil { return ManagedProperty(attribute: attribute, name: name, initialValue: nil) }
        // A UIKit or AppKit colour the colour pass writes as a CGColor reads as that type's.
        let isWrittenColor =
            ["UIColor", "NSColor"].contains(binding.typeAnnotation?.type.trimmedDescription ?? "") && ColorVariableRewriter.variable(variable) != nil
        guard let type = binding.typeAnnotation?.type,
            let initialValue = isWrittenColor ? Self.initialValue(for: TypeSyntax(IdentifierTypeSyntax(name: .identifier("CGColor")))) : Self.initialValue(for: type)
        else {
            file.note(
                binding, why: "a @CAManaged property needs the value it reads while unset, and none is known for its type",
                todo: "add `= <initial value>` after the type")
            return ManagedProperty(attribute: attribute, name: name, initialValue: nil)
        }
        return ManagedProperty(attribute: attribute, name: name, initialValue: initialValue)
    }

    /// The value Objective-C gives an unset `@NSManaged` property of a type (zero, `nil`, identity),
    /// or what draws as it does: an unset colour is nil, which Core Animation and Core Graphics
    /// draw as nothing (a clear colour), and an unset path nil, drawn as an empty one.
    static func initialValue(for type: TypeSyntax) -> String? {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "nil" }
        switch type.trimmedDescription {
        case "CGFloat", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
            "UInt64", "CFTimeInterval", "TimeInterval":
            return "0"
        case "Bool": return "false"
        case "CGPoint", "CGSize", "CGRect", "CGVector": return ".zero"
        case "CATransform3D": return "CATransform3DIdentity"
        case "CGAffineTransform": return ".identity"
        case "CGColor": return "CGColor(gray: 0, alpha: 0)"
        case "CGPath": return "CGMutablePath()"
        default: return nil
        }
    }
}
