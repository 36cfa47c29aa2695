import SwiftSyntax

/// Initializers Apple's Foundation has and swift-corelibs-foundation lacks, written with the
/// one both have, and a result Apple's Foundation lets go unread that swift-corelibs-foundation
/// does not (`Timer.scheduledTimer(…)`, which warns when its timer is not kept):
///
/// ```swift
/// var text = NSAttributedString()          →  var text = NSAttributedString(string: "")
/// let result = NSMutableAttributedString() →  let result = NSMutableAttributedString(string: "")
/// private var timer = Timer()              →  private var timer = Timer(timeInterval: 0, repeats: false) { _ in }
/// Timer.scheduledTimer(withTimeInterval: 1,   →  _ = Timer.scheduledTimer(withTimeInterval: 1,
///     repeats: false) { _ in … }                      repeats: false) { _ in … }
/// ```
final class FoundationInitializerRewriter: PortingPass {
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let call = node.item.as(FunctionCallExprSyntax.self), !node.isInAppleOnlyConditional,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "scheduledTimer",
            ["Timer", "Foundation.Timer"].contains(access.base?.trimmedDescription ?? "")
        else { return .visitChildren }
        let start = file.trimmedRange(node).lowerBound
        file.replace(
            start..<start, with: "_ = ", kind: .foundationInitializer,
            reason: "Apple's Foundation lets scheduledTimer's timer go unread and swift-corelibs-foundation warns; the timer runs from the run loop either way",
            shown: (file.trimmedRange(call.calledExpression), "_ = \(call.calledExpression.trimmedDescription)"))
        return .visitChildren
    }

    /// Each type whose empty initializer Linux lacks, the arguments of the one it has, and why
    /// they make what the empty one does.
    static let emptyInitializers: [String: (arguments: String, why: String)] = [
        "NSAttributedString": ("string: \"\"", "an empty string makes the same value"),
        "NSMutableAttributedString": ("string: \"\"", "an empty string makes the same value"),
        // Apple's `Timer()` (NSObject's `init`) is a timer no run loop has: the placeholder a
        // property holds until a scheduled timer replaces it, invalidated at no cost.
        "Timer": (
            "timeInterval: 0, repeats: false, block: { _ in }",
            "a timer that is never scheduled, and would do nothing if it were, stands for the placeholder it makes"
        ),
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
        guard let type = called?.baseName.text, let (arguments, why) = Self.emptyInitializers[type] else { return .visitChildren }
        file.replace(
            node, with: "\(node.calledExpression.trimmedDescription)(\(arguments))", kind: .foundationInitializer,
            reason: "swift-corelibs-foundation's \(type) has no empty initializer; \(why)")
        return .skipChildren
    }
}
