import SwiftSyntax

/// `override init(layer: Any)` → `required init(layer: Any)`: Lamina's `CALayer` declares
/// `init(layer:)` required (it copies subclasses into presentation layers through it), and
/// Swift needs `required` on every override of a required initializer (`required override`
/// compiles with a warning that `override` is implied, so `override` goes there too). A layer
/// subclass that declares its own designated initializer inherits no `init(layer:)`: when each
/// of its stored properties has an initial value (or it has none), the command adds one that
/// calls `super.init(layer:)` (a presentation copy then holds those initial values, which is
/// what Apple's Objective-C runtime gives a Swift subclass that does not copy); otherwise it
/// is reported, as copying the properties is for a person to write.
final class LayerInitializerRewriter: PortingPass {
    static func isLayerCopyInitializer(_ node: InitializerDeclSyntax) -> Bool {
        let parameters = node.signature.parameterClause.parameters
        return parameters.count == 1 && parameters.first?.firstName.text == "layer" && node.optionalMark == nil
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isLayerCopyInitializer(node), !node.isInAppleOnlyConditional,
            let overrideModifier = node.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
        else { return .skipChildren }
        if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.required) }) {
            file.remove(overrideModifier, kind: .layerInitializer, reason: "`required` implies `override` (the compiler warns about both)")
        } else {
            file.replace(
                overrideModifier, with: "required", kind: .layerInitializer,
                reason: "Lamina's CALayer declares init(layer:) required: it makes presentation copies through it")
        }
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard file.context.isLayerClass(node.name.text), !node.isInAppleOnlyConditional else { return .visitChildren }
        let initializers = node.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let designated = initializers.filter { initializer in
            !initializer.modifiers.contains { $0.name.tokenKind == .keyword(.convenience) }
                && !(initializer.signature.parameterClause.parameters.first?.firstName.text == "coder")
                && !Self.isLayerCopyInitializer(initializer)
        }
        if !designated.isEmpty, !initializers.contains(where: Self.isLayerCopyInitializer) {
            if Self.storedPropertiesAllHaveInitialValues(node.memberBlock), let last = designated.last {
                addLayerCopyInitializer(after: last, in: node)
                return .visitChildren
            }
            file.note(
                node.name,
                why: "a layer subclass that declares a designated initializer inherits no init(layer:), and Lamina needs it to make presentation copies",
                todo: "add `required init(layer: Any) { super.init(layer: layer) }`, copying the class's own stored properties from `layer as? \(node.name.text)`")
        }
        return .visitChildren
    }

    /// Whether every stored instance property of the class starts with a value: an
    /// initializer, `lazy`, an optional `var` (nil), or `@NSManaged` (ported to `@CAManaged`).
    static func storedPropertiesAllHaveInitialValues(_ members: MemberBlockSyntax) -> Bool {
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let modifiers = variable.modifiers.map(\.name.tokenKind)
            if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { continue }
            if modifiers.contains(.keyword(.lazy)) { continue }
            // `@NSManaged` properties become `@CAManaged` ones, kept by key with a declared start.
            if variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "NSManaged" }) {
                continue
            }
            let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock, Self.isComputed(accessors) { continue }
                if binding.initializer != nil { continue }
                let type = binding.typeAnnotation?.type
                let optional = type?.is(OptionalTypeSyntax.self) == true || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
                if isVar && optional { continue }
                return false
            }
        }
        return true
    }

    /// Whether an accessor block computes the value (a getter) rather than observing it.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return !list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    private func addLayerCopyInitializer(after initializer: InitializerDeclSyntax, in node: ClassDeclSyntax) {
        let indent = file.indentation(of: initializer)
        let unit = indent.count > file.indentation(of: node).count
            ? String(indent.dropFirst(file.indentation(of: node).count)) : "    "
        let anchor = file.trimmedRange(initializer)
        let text = "\n\n\(indent)required init(layer: Any) {\n\(indent)\(unit)super.init(layer: layer)\n\(indent)}"
        file.replace(
            anchor.upperBound..<anchor.upperBound, with: text, kind: .layerInitializer,
            reason: "a layer subclass that declares a designated initializer inherits no init(layer:), and Lamina makes presentation copies through it; its stored properties start with their initial values in the copy",
            shown: (node.name.positionAfterSkippingLeadingTrivia.utf8Offset..<node.name.endPositionBeforeTrailingTrivia.utf8Offset,
                "\(node.name.text) { required init(layer: Any) { super.init(layer: layer) } }"))
    }
}
