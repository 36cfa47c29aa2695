import SwiftSyntax

/// A file-scope alias of a UIKit or AppKit colour or font that Linux compiles, whose uses the
/// command reads as the type it names (``TypeAliasInlining``), names the type those uses are
/// written as:
///
/// ```swift
/// typealias PlatformColor = NSColor     →     typealias PlatformColor = CGColor
/// typealias Font = UIFont               →     typealias Font = CTFont
/// ```
///
/// An alias in a clause only Apple's platforms compile (`#if os(iOS)`) is left as it is: its
/// uses the passes write no longer name it, and the others are reported as the type's are.
final class PlatformTypeAliasRewriter: PortingPass {
    /// What each kind of type is written as.
    static let written: [String: String] = ["UIColor": "CGColor", "NSColor": "CGColor", "UIFont": "CTFont", "NSFont": "CTFont"]

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let (type, written) = Self.rewrite(node, in: file.context) else { return .skipChildren }
        file.replace(
            type, with: written, kind: .uikitValue,
            reason: "\(type.name.text) is UIKit's or AppKit's, which Linux does not have; the alias's uses are written as \(written == "CGColor" ? "Core Graphics colours" : "Core Text fonts")")
        return .skipChildren
    }

    /// The aliased type and what it is written as, for an alias this pass writes.
    static func rewrite(_ node: TypeAliasDeclSyntax, in context: PortingContext) -> (IdentifierTypeSyntax, String)? {
        guard !node.isInAppleOnlyConditional, let type = node.initializer.value.as(IdentifierTypeSyntax.self),
            context.inlinedAliases[node.name.text] != nil, let written = written[type.name.text]
        else { return nil }
        return (type, written)
    }

    /// Whether `node` (a type's name) is the type of an alias this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol, in context: PortingContext) -> Bool {
        guard let type = node.as(IdentifierTypeSyntax.self) ?? node.parent?.as(IdentifierTypeSyntax.self),
            let alias = type.parent?.parent?.as(TypeAliasDeclSyntax.self)
        else { return false }
        return rewrite(alias, in: context)?.0.id == type.id
    }
}
