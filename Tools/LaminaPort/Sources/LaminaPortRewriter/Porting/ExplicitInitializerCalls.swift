import SwiftParser
import SwiftSyntax

/// `UIColor.init(red: …)`, `UIBezierPath.init(ovalIn: …)`: a UIKit or AppKit initializer (or a
/// display link's, whose target and selector the command writes) named with `.init`, which
/// means the same as `UIColor(red: …)`. The command reads each file with those calls spelled as
/// calls of the type, so every pass that writes `UIColor(…)` writes them too; where no pass
/// edits the call's type name, the `.init` is put back, and the file keeps its spelling.
enum ExplicitInitializerCalls {
    /// The UIKit and AppKit types (and Core Animation's display link) whose initializers the
    /// command writes.
    static let typeNames: Set<String> = [
        "UIColor", "NSColor", "UIFont", "NSFont", "UIBezierPath", "NSBezierPath", "UIImage", "NSImage",
        "UIGraphicsImageRenderer", "UIGraphicsImageRendererFormat", "UIEdgeInsets", "NSEdgeInsets", "CADisplayLink",
    ]

    /// A file's text read with those calls spelled as calls of the type.
    struct Spelled {
        /// The text with each `.init` after one of ``typeNames`` taken out.
        var text: String
        var tree: SourceFileSyntax
        /// Where each `.init` was, in `text`: just after the type's name.
        var removals: [Int]
        /// The `.init`s taken out, in the text read.
        var removed: [Range<Int>] = []
    }

    /// `tree` is `text` parsed, where the caller has it.
    static func spelled(_ text: String, tree parsed: SourceFileSyntax? = nil) -> Spelled {
        let tree = parsed ?? Parser.parse(source: text)
        final class Finder: SyntaxVisitor {
            var ranges: [Range<Int>] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.`init`),
                    access.declName.argumentNames == nil, let base = access.base?.as(DeclReferenceExprSyntax.self),
                    ExplicitInitializerCalls.typeNames.contains(base.baseName.text), base.trailingTrivia.isEmpty,
                    access.period.leadingTrivia.isEmpty, access.period.trailingTrivia.isEmpty, access.declName.baseName.trailingTrivia.isEmpty
                {
                    ranges.append(access.period.positionAfterSkippingLeadingTrivia.utf8Offset..<access.endPositionBeforeTrailingTrivia.utf8Offset)
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard !finder.ranges.isEmpty else { return Spelled(text: text, tree: tree, removals: []) }
        var bytes = Array(text.utf8)
        var removals: [Int] = []
        for range in finder.ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) { bytes.removeSubrange(range) }
        // Each removal's place in the shortened text: its offset less the bytes taken out before it.
        var removedBefore = 0
        for range in finder.ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            removals.append(range.lowerBound - removedBefore)
            removedBefore += range.count
        }
        let spelled = String(decoding: bytes, as: UTF8.self)
        return Spelled(text: spelled, tree: Parser.parse(source: spelled), removals: removals, removed: finder.ranges)
    }
}
