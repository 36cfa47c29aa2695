import SwiftSyntax

/// The space Swift 5 allowed between a modifier's name and its parenthesis, removed:
///
/// ```swift
/// private (set) var value: Float = 0           →   private(set) var value: Float = 0
/// ```
///
/// Swift 6's language mode refuses the space (`extraneous whitespace between attribute name
/// and '('`), as it does on Apple platforms; Swift 5's mode warns. The meaning is the same
/// either way. An attribute written so (`@available (iOS 13.0, *)`) is refused by the parser
/// the command reads Swift with, as by Swift 6: the file is reported as not parsing, at the
/// attribute.
final class ModifierSpacingRewriter: PortingPass {
    private static let reason = "Swift 6's language mode refuses a space between a modifier's name and its parenthesis (as on Apple platforms); the meaning is the same"

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if let detail = node.detail { closeUp(node.name, detail.leftParen) }
        return .visitChildren
    }

    /// Removes the spaces between `name` and `leftParen` (nothing else lies between them).
    private func closeUp(_ name: some SyntaxProtocol, _ leftParen: TokenSyntax) {
        guard !leftParen.isInAppleOnlyConditional else { return }
        let end = file.trimmedRange(name).upperBound
        let start = file.trimmedRange(leftParen).lowerBound
        guard start > end, file.source(end..<start).allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
        let whole = file.trimmedRange(name).lowerBound..<file.trimmedRange(leftParen).upperBound
        file.replace(
            end..<start, with: "", kind: .modifierSpacing, reason: Self.reason,
            shown: (whole, file.source(file.trimmedRange(name)) + "("))
    }
}
