import SwiftSyntax

/// A `UIGraphicsImageRendererFormat` made in a local only to be given a scale and opacity and
/// passed to image renderers (``ImageRendererRewriter``), which draw into bitmap `CGContext`s of
/// that scale and opacity:
///
/// ```swift
/// let format = UIGraphicsImageRendererFormat()     (removed)
/// format.scale = 2                                 (removed)
/// format.opaque = true                             (removed)
/// let renderer = UIGraphicsImageRenderer(size: s, format: format)
/// ```
///
/// Made with `UIGraphicsImageRendererFormat()`, `.default()` or `.preferred()` (1 pixel a point
/// and not opaque unless set; Linux has no main screen whose scale they would take); its
/// `preferredRange` and `prefersExtendedRange` settings go, as Lamina's contexts are sRGB. A
/// scale read from the screen (`UIScreen.main.scale`, a trait collection's `displayScale`) is
/// 1, as for image contexts. A format used any other way is left for a person.
struct RendererFormat {
    var scale = "1"
    var opaque = "false"
    /// The statements that set it.
    var settings: [CodeBlockItemSyntax] = []
    /// The `UIGraphicsImageRenderer(…, format:)` calls it is passed to.
    var renderers: [FunctionCallExprSyntax] = []

    static let makers: Set<String> = [
        "UIGraphicsImageRendererFormat()", "UIGraphicsImageRendererFormat.default()", "UIGraphicsImageRendererFormat.preferred()",
    ]

    /// The format `node` declares, when it is one the command writes.
    static func declared(by node: VariableDeclSyntax) -> RendererFormat? {
        guard node.bindings.count == 1, let binding = node.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let value = binding.initializer?.value, makers.contains(value.trimmedDescription),
            binding.typeAnnotation == nil || binding.typeAnnotation?.type.trimmedDescription == "UIGraphicsImageRendererFormat",
            let block = node.parent?.parent, let scope = NameReferences.statements(after: node),
            let references = NameReferences.find(pattern.identifier.text, in: scope)
        else { return nil }
        var format = RendererFormat()
        for reference in references where !reference.isMemberName {
            if let argument = reference.parent?.as(LabeledExprSyntax.self), argument.label?.text == "format",
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.trimmedDescription == "UIGraphicsImageRenderer"
            {
                format.renderers.append(call)
                continue
            }
            // `format.scale = 2`, a statement of the declaration's own block.
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
                let assigned = access.assignedValue?.trimmedDescription,
                let statement = access.parent?.parent?.parent?.as(CodeBlockItemSyntax.self), statement.parent?.id == block.id
            else { return nil }
            switch access.declName.baseName.text {
            case "scale":
                let fromScreen = assigned.contains("UIScreen") || assigned.contains("displayScale")
                format.scale = fromScreen ? "1" : assigned
            case "opaque": format.opaque = assigned
            case "preferredRange", "prefersExtendedRange": break
            default: return nil
            }
            format.settings.append(statement)
        }
        return format
    }

    /// The format `expression` (a renderer's `format:` argument) names, when it is one the
    /// command writes.
    static func passed(_ expression: ExprSyntax) -> RendererFormat? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let declaration = NameReferences.declaration(of: name, before: expression)
        else { return nil }
        return declared(by: declaration)
    }
}
