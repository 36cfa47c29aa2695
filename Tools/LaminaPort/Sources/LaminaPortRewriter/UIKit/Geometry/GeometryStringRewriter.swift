import SwiftSyntax

/// A point, size or rectangle read from its string form — UIKit's `NSCoder.cgPoint(for:)`,
/// `cgSize(for:)` and `cgRect(for:)`, AppKit's `NSPointFromString`, `NSSizeFromString` and
/// `NSRectFromString` — written as a closure called in place that reads the numbers of
/// `"{x, y}"`, `"{w, h}"` or `"{{x, y}, {w, h}}"`:
///
/// ```swift
/// NSCoder.cgPoint(for: text)
///   →  { (string: String) -> CGPoint in let n = string.split(whereSeparator: { !"0123456789.+-eE".contains($0) }).compactMap { Double($0) };
///          return n.count == 2 ? CGPoint(x: n[0], y: n[1]) : .zero }(text)
/// ```
///
/// (on one line). As UIKit's, a string that does not hold the numbers gives the zero value.
/// The argument keeps its text.
final class GeometryStringRewriter: PortingPass {
    /// The geometry each function reads, by its name as written: the type and its fields.
    static let readers: [String: (type: String, fields: [String])] = [
        "NSCoder.cgPoint": ("CGPoint", ["x", "y"]), "NSPointFromString": ("CGPoint", ["x", "y"]),
        "NSCoder.cgSize": ("CGSize", ["width", "height"]), "NSSizeFromString": ("CGSize", ["width", "height"]),
        "NSCoder.cgRect": ("CGRect", ["x", "y", "width", "height"]), "NSRectFromString": ("CGRect", ["x", "y", "width", "height"]),
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (reading, argument) = Self.reading(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit and AppKit do not exist on Linux; the \(reading.type) is read from the string's numbers as UIKit reads it (zero where they are not there)"
        let fields = reading.fields.enumerated().map { "\($0.element): n[\($0.offset)]" }.joined(separator: ", ")
        let opening = "{ (string: String) -> \(reading.type) in let n = string.split(whereSeparator: { !\"0123456789.+-eE\".contains($0) }).compactMap { Double($0) }; "
            + "return n.count == \(reading.fields.count) ? \(reading.type)(\(fields)) : .zero }("
        let whole = file.trimmedRange(node), value = file.trimmedRange(argument)
        file.replace(whole.lowerBound..<value.lowerBound, with: opening, kind: .uikitValue, reason: reason)
        file.replace(value.upperBound..<whole.upperBound, with: ")", kind: .uikitValue, reason: reason)
        return .visitChildren
    }

    /// The geometry `call` reads and its string argument, when it is one of ``readers``.
    static func reading(_ call: FunctionCallExprSyntax) -> ((type: String, fields: [String]), ExprSyntax)? {
        guard call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first,
            let reading = readers[call.calledExpression.trimmedDescription]
        else { return nil }
        let isUIKit = call.calledExpression.is(MemberAccessExprSyntax.self)
        guard argument.label?.text == (isUIKit ? "for" : nil) else { return nil }
        return (reading, argument.expression)
    }
}
