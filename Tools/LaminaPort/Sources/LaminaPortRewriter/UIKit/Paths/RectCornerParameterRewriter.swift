import SwiftSyntax

/// A function's `UIRectCorner` parameter used only to choose the corners of
/// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`, made to take the Core Animation
/// corner set Linux has, `CACornerMask`:
///
/// ```swift
/// func roundCorners(_ corners: UIRectCorner,          func roundCorners(_ corners: CACornerMask,
///                   radius: CGFloat) {                                  radius: CGFloat) {
///     let path = UIBezierPath(roundedRect: bounds,    →      let path = <the rounded rectangle, each
///         byRoundingCorners: corners, …)                         corner rounded where `corners` holds it>
/// }                                                   }
/// layer.roundCorners([.topLeft, .topRight], …)        layer.roundCorners([.layerMinXMinYCorner,
///                                                         .layerMaxXMinYCorner], …)
/// ```
///
/// In a layer's y-down space, as UIKit's, top-left is `.layerMinXMinYCorner` (Apple's
/// documentation of `maskedCorners`). Every use in the body must be the corners of such a
/// rounded rectangle (which ``RoundedCornersPath`` writes), and every call in the file must
/// pass every argument, and for this one corners named in the source (`[.topLeft]`,
/// `.allCorners`, `UIRectCorner.bottomRight`) or such a parameter of its own function. A
/// parameter used otherwise, or passed something else, is left for a person.
final class RectCornerParameterRewriter: ParameterTypePass<RectCornerParameterRewriter.Parameter> {
    init(file: PortingSourceFile) {
        super.init(
            file: file, type: "CACornerMask", takes: "a CACornerMask", parameter: Self.parameter,
            reason: { "UIKit does not exist on Linux; '\($0.name)' only chooses the corners of a rounded rectangle, so it takes the CACornerMask of those corners (top-left is .layerMinXMinYCorner in a y-down layer, as maskedCorners says)" })
    }

    struct Parameter: RetypedParameter {
        var name: String
        /// The corners the calls pass for it (in every ported file), and the masks written for them.
        var arguments: [(ExprSyntax, String)]
        /// The body's uses stay: a `CACornerMask` is an option set of corners too.
        var uses: [(Syntax, String)] { [] }
    }

    /// UIKit's corners and the `CACornerMask` member for each, in a y-down layer.
    static let maskCorners: [String: String] = [
        "topLeft": "layerMinXMinYCorner", "topRight": "layerMaxXMinYCorner", "bottomLeft": "layerMinXMaxYCorner",
        "bottomRight": "layerMaxXMaxYCorner",
    ]

    /// The corner parameters taken to be written while one's arguments are checked.
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        guard node.type.trimmedDescription == "UIRectCorner", node.ellipsis == nil, node.defaultValue == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([node.id])) { () -> Parameter? in
            for reference in references where !reference.isMemberName {
                guard isRoundedCorners(reference) || isPassedToWrittenParameter(reference) else { return nil }
            }
            var arguments: [(ExprSyntax, String)] = []
            for argument in passed {
                if let names = RoundedCornersPath.cornerNames(argument) {
                    arguments.append((argument, mask(names)))
                } else if !isWrittenParameter(argument) {
                    return nil
                }
            }
            return Parameter(name: name, arguments: arguments)
        }
    }

    /// The `CACornerMask` literal holding `corners` (UIKit's names), in UIKit's order.
    static func mask(_ corners: Set<String>) -> String {
        let ordered = ["topLeft", "topRight", "bottomLeft", "bottomRight"].filter(corners.contains)
        return "[" + ordered.compactMap { maskCorners[$0].map { "." + $0 } }.joined(separator: ", ") + "]"
    }

    /// Whether `reference` is the corners of `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
    static func isRoundedCorners(_ reference: some ExprSyntaxProtocol) -> Bool {
        guard let argument = reference.parent?.as(LabeledExprSyntax.self), argument.expression.id == reference.id,
            argument.label?.text == "byRoundingCorners", let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return call.calledExpression.trimmedDescription == "UIBezierPath"
            && call.arguments.map({ $0.label?.text ?? "_" }) == ["roundedRect", "byRoundingCorners", "cornerRadii"]
    }

    /// Whether `expression` names a corner parameter of the function around it that this pass
    /// writes (which then holds a `CACornerMask`).
    static func isWrittenParameter(_ expression: ExprSyntax) -> Bool {
        NameReferences.parameter(namedBy: expression).map(isWritten) ?? false
    }

    /// Whether this pass writes `parameter` (or takes it to be written while checking it).
    static func isWritten(_ parameter: FunctionParameterSyntax) -> Bool {
        assumedWritten.contains(parameter.id) || self.parameter(parameter) != nil
    }

    /// Whether `reference` is passed (as the whole argument) for a corner parameter this pass
    /// writes, of a function declared in the file.
    private static func isPassedToWrittenParameter(_ reference: DeclReferenceExprSyntax) -> Bool {
        FunctionReferences.isPassed(reference, toParameter: parameter(receiving:), writtenBy: isWritten)
    }

    /// Whether `node` is in corners passed for a corner parameter this pass writes (which writes them).
    static func rewritesArgument(_ node: some SyntaxProtocol) -> Bool {
        FunctionReferences.isInWrittenArgument(node, receiving: parameter(receiving:)) { parameter($0)?.arguments.map(\.0) }
    }

    /// The corner parameter of a function declared in the ported files that `argument` is passed for.
    private static func parameter(receiving argument: LabeledExprSyntax) -> FunctionParameterSyntax? {
        FunctionReferences.parameter(receiving: argument) { $0.type.trimmedDescription == "UIRectCorner" }
    }
}
