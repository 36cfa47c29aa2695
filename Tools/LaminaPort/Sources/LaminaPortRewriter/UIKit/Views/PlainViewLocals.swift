import SwiftSyntax

/// UIKit's plain views and labels that a function outside any type makes in locals and uses
/// only as their layers — the view a listing makes to show a corner radius or a mask — written
/// as a controller's are (``PlainViews``, ``PlainLabels``):
///
/// ```swift
/// func roundedBox() {                                  func roundedBox() {
///     let box = UIView(frame: rect)                        let box = PlainViewLayer(frame: rect)
///     box.backgroundColor = UIColor.orange         →       box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
///     box.layer.cornerRadius = 60                          box.cornerRadius = 60
/// }                                                    }
/// ```
///
/// The layer classes are added to the file after the first such function. A function whose
/// view is passed on, returned, or used for a member its layer lacks is left, and the report
/// names `UIView` as it does for any code using it.
final class PlainViewLocalsRewriter: PortingPass {
    private static let reason =
        "UIKit does not exist on Linux; the plain view (or label) is only used as its layer, so it is that layer, which does not animate its own changes as a view's layer does not"

    /// The outermost function around `node` (or `node` itself) when no type is around it.
    private static func freeFunction(around node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        var found: FunctionDeclSyntax?
        var current: Syntax? = Syntax(node)
        while let ancestor = current {
            if ancestor.is(MemberBlockSyntax.self) { return nil }
            if let function = ancestor.as(FunctionDeclSyntax.self) { found = function }
            current = ancestor.parent
        }
        return found
    }

    /// Whether `node` (`UIView` or `UILabel`, made or written as a local's type) is written by
    /// this pass.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        guard let function = freeFunction(around: node), !function.isInAppleOnlyConditional,
            let (edits, _) = PlainViews.localEdits(in: function)
        else { return false }
        return edits.contains { $0.0.position <= node.position && node.endPosition <= $0.0.endPosition }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A function outside any type (a free function, and what it nests).
        guard Self.freeFunction(around: node)?.id == node.id else { return .skipChildren }
        guard !node.isInAppleOnlyConditional, let (edits, kinds) = PlainViews.localEdits(in: node) else { return .skipChildren }
        for (target, written) in edits { file.replace(target, with: written, kind: .uikitValue, reason: Self.reason) }
        // After the file's statement holding the function.
        var outermost = Syntax(node)
        while let parent = outermost.parent, !(parent.is(CodeBlockItemListSyntax.self) && parent.parent?.is(SourceFileSyntax.self) == true) {
            outermost = parent
        }
        if kinds.contains(.view) { PlainViews.declare(after: outermost, in: file) }
        if kinds.contains(.label) { PlainLabels.declare(after: outermost, in: file) }
        return .skipChildren
    }
}
