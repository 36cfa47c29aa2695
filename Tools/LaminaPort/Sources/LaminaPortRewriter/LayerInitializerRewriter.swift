import SwiftSyntax

/// `override init(layer: Any)` → `required init(layer: Any)`: Lamina's `CALayer` declares
/// `init(layer:)` required (it copies subclasses into presentation layers through it), and
/// Swift needs `required` on every override of a required initializer (`required override`
/// compiles with a warning that `override` is implied, so `override` goes there too). A layer
/// subclass that declares its own designated initializer but no `init(layer:)` is reported:
/// it must copy its own stored properties, which only a person can write.
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
            file.note(
                node.name,
                why: "a layer subclass that declares a designated initializer inherits no init(layer:), and Lamina needs it to make presentation copies",
                todo: "add `required init(layer: Any) { super.init(layer: layer) }`, copying the class's own stored properties from `layer as? \(node.name.text)`")
        }
        return .visitChildren
    }
}
