import SwiftSyntax

/// `abs(x)`, `max(a, b)` and `min(a, b)` inside `extension CGFloat` → `Swift.abs(x)`, … :
/// Foundation's `CGFloat` on Linux has static members of those names, which an unqualified
/// call in the extension finds before Swift's functions (`static member 'abs' cannot be used
/// on instance of type 'CGFloat'`); Apple's `CGFloat` has none that it can find.
final class CGFloatMemberShadowingRewriter: PortingPass {
    static let shadowedFunctions: Set<String> = ["abs", "max", "min"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.shadowedFunctions.contains(callee.baseName.text), callee.argumentNames == nil,
            node.isInCGFloatExtension, !node.isInAppleOnlyConditional
        else { return .visitChildren }
        file.replace(
            callee, with: "Swift.\(callee.baseName.text)", kind: .qualifiedName,
            reason: "Linux's CGFloat has a static \(callee.baseName.text) that an unqualified call in its extension finds first")
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// Whether the node is inside `extension CGFloat` (also spelled `CoreGraphics.CGFloat` or
    /// `Foundation.CGFloat`).
    fileprivate var isInCGFloatExtension: Bool {
        var current = parent
        while let node = current {
            if let decl = node.as(ExtensionDeclSyntax.self) {
                return decl.extendedType.trimmedDescription.split(separator: ".").last == "CGFloat"
            }
            current = node.parent
        }
        return false
    }
}
