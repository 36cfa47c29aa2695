import SwiftSyntax

/// An attributes dictionary kept in a name declared without a type, given the type attributed
/// strings take:
///
/// ```swift
/// let attributes = [NSAttributedString.Key.font: font, .foregroundColor: ink]
///     →  let attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key.font: font, .foregroundColor: ink]
/// ```
///
/// Swift infers `[NSAttributedString.Key: NSObject]` for it on Apple platforms, UIKit's fonts
/// and colours being objects. Ported, they are a `CTFont` and a `CGColor`, which Swift does not
/// join (`heterogeneous collection literal could only be inferred to '[NSAttributedString.Key :
/// Any]'; add explicit type annotation`). A dictionary of one entry, one of another key type
/// (Core Text's `kCTFontAttributeName`), and a name declared with its type are left.
final class AttributeDictionaryTypeRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, node.bindings.count == 1, let binding = node.bindings.first, binding.typeAnnotation == nil,
            binding.pattern.is(IdentifierPatternSyntax.self), let dictionary = binding.initializer?.value.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content, elements.count > 1,
            elements.allSatisfy({ Self.isAttributeKey($0.key) }),
            elements.contains(where: { $0.key.as(MemberAccessExprSyntax.self)?.base != nil })
        else { return .visitChildren }
        let end = file.trimmedRange(binding.pattern).upperBound
        file.insert(
            ": [NSAttributedString.Key: Any]", at: end, after: file.trimmedRange(binding.pattern), kind: .uikitValue,
            reason: "Apple's Swift infers [NSAttributedString.Key: NSObject], UIKit's fonts and colours being objects; ported, a CTFont and a CGColor have no common type Swift infers")
        return .visitChildren
    }

    /// Whether `key` names an attributed-string key: `NSAttributedString.Key.font` (or Swift
    /// 4's `NSAttributedStringKey.font`), or `.font` beside such keys.
    static func isAttributeKey(_ key: ExprSyntax) -> Bool {
        guard let access = key.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil else { return false }
        guard let base = access.base else { return true }
        return ["NSAttributedString.Key", "NSAttributedStringKey"].contains(base.trimmedDescription)
    }
}
