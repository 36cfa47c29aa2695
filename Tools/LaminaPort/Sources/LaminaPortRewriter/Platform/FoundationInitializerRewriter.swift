import SwiftSyntax

/// Initializers Apple's Foundation has and swift-corelibs-foundation lacks, written with the
/// one both have:
///
/// ```swift
/// var text = NSAttributedString()          →  var text = NSAttributedString(string: "")
/// let result = NSMutableAttributedString() →  let result = NSMutableAttributedString(string: "")
/// ```
final class FoundationInitializerRewriter: PortingPass {
    /// Each type whose empty initializer Linux lacks, and the arguments of the one it has.
    static let emptyInitializers: [String: String] = [
        "NSAttributedString": "string: \"\"", "NSMutableAttributedString": "string: \"\"",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.arguments.isEmpty, node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty,
            !node.isInAppleOnlyConditional
        else { return .visitChildren }
        // `NSAttributedString()` and `NSAttributedString.init()`.
        let called =
            node.calledExpression.as(DeclReferenceExprSyntax.self)
            ?? node.calledExpression.as(MemberAccessExprSyntax.self).flatMap { access in
                access.declName.baseName.text == "init" ? access.base?.as(DeclReferenceExprSyntax.self) : nil
            }
        guard let type = called?.baseName.text, let arguments = Self.emptyInitializers[type] else { return .visitChildren }
        file.replace(
            node, with: "\(node.calledExpression.trimmedDescription)(\(arguments))", kind: .foundationInitializer,
            reason: "swift-corelibs-foundation's \(type) has no empty initializer; an empty string makes the same value")
        return .skipChildren
    }
}
