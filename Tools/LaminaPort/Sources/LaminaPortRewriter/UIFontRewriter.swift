import SwiftSyntax

/// UIKit and AppKit fonts that Core Animation code hands to a text layer or an attributed
/// string, written as the Core Text fonts Lamina's text layers and `CTLine`s take:
///
/// - `UIFont.systemFont(ofSize: s)` → `CTFontCreateUIFontForLanguage(.system, s, nil)!`, and
///   `UIFont.boldSystemFont(ofSize: s)` → `CTFontCreateUIFontForLanguage(.emphasizedSystem, s, nil)!`
///   (the system font, as on Apple platforms; the function returns nil only for `.none`);
/// - `UIFont(name: n, size: s)!` → `CTFontCreateWithName(n as CFString, s, nil)` (a font not
///   installed falls back to a similar one, where UIKit's initializer gives nil: only the
///   force-unwrapped form is written).
///
/// `NSFont` alike. Other fonts (`preferredFont(forTextStyle:)`, weights, an optional
/// `UIFont(name:size:)`) are reported with the first use of `UIFont` in the file.
final class UIFontRewriter: PortingPass {
    static let fontTypes: Set<String> = ["UIFont", "NSFont"]

    override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.font(ExprSyntax(node)), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(node, with: replacement, kind: .uikitValue, reason: Self.reason)
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.font(ExprSyntax(node)), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(node, with: replacement, kind: .uikitValue, reason: Self.reason)
        return .skipChildren
    }

    private static let reason = "UIKit and AppKit do not exist on Linux; the font is written as the CTFont text layers and attributed strings take"

    /// The Core Text expression for a font expression, if it is one this pass writes.
    static func font(_ expression: ExprSyntax) -> String? {
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            guard let call = unwrap.expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), fontTypes.contains(callee.baseName.text),
                call.arguments.map({ $0.label?.text ?? "_" }) == ["name", "size"]
            else { return nil }
            let values = call.arguments.map(\.expression.trimmedDescription)
            return "CTFontCreateWithName(\(values[0]) as CFString, \(values[1]), nil)"
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base?.as(DeclReferenceExprSyntax.self), fontTypes.contains(base.baseName.text),
            call.arguments.count == 1, call.arguments.first?.label?.text == "ofSize",
            let size = call.arguments.first?.expression.trimmedDescription
        else { return nil }
        switch access.declName.baseName.text {
        case "systemFont": return "CTFontCreateUIFontForLanguage(.system, \(size), nil)!"
        case "boldSystemFont": return "CTFontCreateUIFontForLanguage(.emphasizedSystem, \(size), nil)!"
        default: return nil
        }
    }
}
