import SwiftSyntax

/// A font metric read off a text layer's `font` — a `CFTypeRef` that Apple code treats as the
/// `UIFont` or `NSFont` it set — written as the Core Text call the font answers it with:
///
/// ```swift
/// (font?.ascender ?? fontSize) - (font?.descender ?? 0)
///     →   ((font as? CTFont).map { CTFontGetAscent($0) } ?? fontSize)
///         - ((font as? CTFont).map { -CTFontGetDescent($0) } ?? 0)
/// layer.font!.lineHeight   →   (CTFontGetAscent(layer.font as! CTFont) + … )
/// ```
///
/// Reading a `UIFont` member off the untyped `font` is a member lookup on `AnyObject`, which
/// needs the Objective-C runtime. A `UIFont` or `NSFont` is a `CTFont` (they are toll-free
/// bridged), and Lamina's text layers hold fonts set as `CTFont`s, so the metric is the
/// Core Text function's: `descender` is negative (below the baseline), `CTFontGetDescent`'s
/// distance positive; `lineHeight` is ascent, descent and leading. A font set by name (a
/// string), which has no such member, gives nil as the lookup does on Apple platforms, and
/// the forced form traps as the lookup's implicitly unwrapped result does. The `font` is a
/// text layer's where it is `font` or `self.font` in a class descending from `CATextLayer`
/// (and not a local or parameter), or `layer.font` of a value the source declares as one.
final class TextLayerFontMetricsRewriter: PortingPass {
    /// Each `UIFont`/`NSFont` member and the Core Text expression of it for a font `f`.
    static let metrics: [String: @Sendable (String) -> String] = [
        "ascender": { "CTFontGetAscent(\($0))" },
        "descender": { "-CTFontGetDescent(\($0))" },
        "capHeight": { "CTFontGetCapHeight(\($0))" },
        "xHeight": { "CTFontGetXHeight(\($0))" },
        "leading": { "CTFontGetLeading(\($0))" },
        "lineHeight": { "(CTFontGetAscent(\($0)) + CTFontGetDescent(\($0)) + CTFontGetLeading(\($0)))" },
        "pointSize": { "CTFontGetSize(\($0))" },
        "fontName": { "(CTFontCopyPostScriptName(\($0)) as String)" },
        "familyName": { "(CTFontCopyFamilyName(\($0)) as String)" },
    ]

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, node.declName.argumentNames == nil,
            let metric = Self.metrics[node.declName.baseName.text], let base = node.base
        else { return .visitChildren }
        let font: ExprSyntax
        let optional: Bool
        if let chained = base.as(OptionalChainingExprSyntax.self) {
            (font, optional) = (chained.expression, true)
        } else if let forced = base.as(ForceUnwrapExprSyntax.self) {
            (font, optional) = (forced.expression, false)
        } else {
            return .visitChildren
        }
        guard isTextLayerFont(font) else { return .visitChildren }
        let text = font.trimmedDescription
        let written: String
        if optional {
            // A chain that goes on (`font?.pointSize.rounded()`) goes on from the optional.
            let continues = node.parent?.is(MemberAccessExprSyntax.self) == true
            written = "(\(text) as? CTFont).map { \(metric("$0")) }" + (continues ? "?" : "")
        } else {
            written = metric("(\(text) as! CTFont)")
        }
        file.replace(
            node, with: written, kind: .uikitValue,
            reason: "looking '\(node.declName.baseName.text)' up on a text layer's untyped font needs the Objective-C runtime; a UIFont or NSFont is a CTFont, and this is the Core Text metric")
        return .skipChildren
    }

    /// Whether `expression` is a text layer's `font`: `font` or `self.font` inside a class
    /// descending from `CATextLayer` (not a local or parameter of that name), or `x.font`
    /// where the source declares `x` a text layer.
    private func isTextLayerFont(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            guard reference.baseName.text == "font", NameReferences.declaration(of: "font", before: expression) == nil,
                NameReferences.parameter(named: "font", around: expression) == nil,
                NameReferences.optionalBinding(named: "font", around: expression) == nil
            else { return false }
            return expression.enclosingTypeName.map(file.context.isTextLayer) ?? false
        }
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
            access.declName.baseName.text == "font", let owner = access.base
        else { return false }
        if owner.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return expression.enclosingTypeName.map(file.context.isTextLayer) ?? false
        }
        return DeclaredType.of(owner).map(file.context.isTextLayer) ?? false
    }
}
