import SwiftSyntax

/// `#keyPath(CALayer.isHidden)` and `#keyPath(position)` → the key string (`"hidden"`,
/// `"position"`): `#keyPath` needs the Objective-C runtime. Properties of Core Animation's
/// classes (and of the ported classes descending from them) get Apple's key names.
final class KeyPathRewriter: PortingPass {
    /// The names of a key path written as `Type.member.member` or `member`, without backticks;
    /// nil for anything else.
    static func components(of expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return [reference.baseName.text.trimmingCharacters(in: "`")]
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
            access.declName.argumentNames == nil, let head = components(of: base)
        {
            return head + [access.declName.baseName.text.trimmingCharacters(in: "`")]
        }
        return nil
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "keyPath" else { return .visitChildren }
        guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
            node.trailingClosure == nil, var components = Self.components(of: argument.expression)
        else {
            file.note(
                node, why: "this #keyPath is not a plain property path, and #keyPath needs the Objective-C runtime",
                todo: "write the key path as a string of Objective-C property names")
            return .skipChildren
        }
        var typeName: String? = nil
        if components.count > 1, let first = components.first?.first, first.isUppercase {
            typeName = components.removeFirst()
        }
        let hasAppleKeys = typeName.map(file.context.hasAppleKeys) ?? (node.enclosingTypeName.map(file.context.hasAppleKeys) ?? true)
        let keys = hasAppleKeys ? components.map(AppleKeyNames.key(forSwiftName:)) : components
        file.replace(
            node, with: "\"\(keys.joined(separator: "."))\"", kind: .keyPath,
            reason: "#keyPath needs the Objective-C runtime; the string is the key it names")
        return .skipChildren
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
