import SwiftSyntax

/// `colors as CFArray`, `options as CFDictionary`, … → `colors`, `options`: on Linux there is
/// no toll-free bridging to Core Foundation types, and Lamina's CoreGraphics takes the Swift
/// types where Apple's takes these (`CGGradient(colorsSpace:colors:locations:)` takes
/// `[CGColor]`, `CGDataProvider` takes `Data`). `as CFString` and `as CFTypeRef` compile
/// (Lamina's `CFString` is `String`, `CFTypeRef` is `AnyObject`) and stay. Conditional casts
/// (`as?`, `as!`) to these types are reported. `kCTFontAttributeName as NSAttributedString.Key`
/// (a Core Text attribute name, a `CFString`, bridged through `NSString` on Apple platforms)
/// → `NSAttributedString.Key(kCTFontAttributeName)`: Lamina's `CFString` is `String`, which
/// only the key's initializer turns into a key.
final class BridgingCastRewriter: PortingPass {
    static let unbridgedTypes: Set<String> = [
        "CFArray", "CFMutableArray", "CFDictionary", "CFMutableDictionary", "CFData", "CFMutableData", "CFNumber",
        "CFURL", "CFError", "CFSet", "CFMutableSet",
    ]

    /// The key types a `CFString` bridges to on Apple platforms through `NSString`.
    static let stringKeyTypes: Set<String> = ["NSAttributedString.Key", "NSAttributedStringKey"]

    /// `operand as NSAttributedString.Key` (the cast's own text from `operand` to `type`) →
    /// `NSAttributedString.Key(operand)`.
    private func replaceKeyCast(operand: some SyntaxProtocol, type: some SyntaxProtocol) {
        let operandRange = file.trimmedRange(operand)
        let range = operandRange.lowerBound..<type.endPositionBeforeTrailingTrivia.utf8Offset
        file.replace(
            range, with: "NSAttributedString.Key(\(file.source(operandRange)))", kind: .bridgingCast,
            reason: "Linux has no bridging from CFString to NSAttributedString.Key; the key's initializer takes the String")
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .skipChildren }
        let elements = Array(node.elements)
        // `name as NSAttributedString.Key` alone (a dictionary key, an argument).
        if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
            let type = elements[2].as(TypeExprSyntax.self), Self.stringKeyTypes.contains(type.type.trimmedDescription)
        {
            replaceKeyCast(operand: elements[0], type: type)
            return .skipChildren
        }
        for (index, element) in elements.enumerated() {
            guard let cast = element.as(UnresolvedAsExprSyntax.self), index + 1 < elements.count, index > 0,
                let type = elements[index + 1].as(TypeExprSyntax.self),
                Self.unbridgedTypes.contains(type.type.trimmedDescription)
            else { continue }
            if cast.questionOrExclamationMark != nil {
                file.note(
                    cast.parent ?? Syntax(cast),
                    why: "\(type.type.trimmedDescription) is a Core Foundation type Linux does not bridge to",
                    todo: "cast to the Swift type instead ([Any], [String: Any], Data, NSNumber, URL)")
                continue
            }
            // Remove ` as CFArray` from the end of the operand before it.
            let start = elements[index - 1].endPositionBeforeTrailingTrivia.utf8Offset
            let end = type.endPositionBeforeTrailingTrivia.utf8Offset
            let operand = file.trimmedRange(elements[index - 1])
            file.replace(
                start..<end, with: "", kind: .bridgingCast,
                reason: "Linux has no bridging to \(type.type.trimmedDescription); Lamina's APIs take the Swift value",
                shown: (operand.lowerBound..<end, file.source(operand)))
        }
        return .visitChildren
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil, Self.stringKeyTypes.contains(node.type.trimmedDescription),
            !node.isInAppleOnlyConditional
        {
            replaceKeyCast(operand: node.expression, type: node.type)
            return .skipChildren
        }
        guard Self.unbridgedTypes.contains(node.type.trimmedDescription), !node.isInAppleOnlyConditional else { return .visitChildren }
        if node.questionOrExclamationMark != nil {
            file.note(
                node, why: "\(node.type.trimmedDescription) is a Core Foundation type Linux does not bridge to",
                todo: "cast to the Swift type instead ([Any], [String: Any], Data, NSNumber, URL)")
        } else {
            let start = node.expression.endPositionBeforeTrailingTrivia.utf8Offset
            let operand = file.trimmedRange(node.expression)
            let end = node.endPositionBeforeTrailingTrivia.utf8Offset
            file.replace(
                start..<end, with: "", kind: .bridgingCast,
                reason: "Linux has no bridging to \(node.type.trimmedDescription); Lamina's APIs take the Swift value",
                shown: (operand.lowerBound..<end, file.source(operand)))
        }
        return .visitChildren
    }
}
