import SwiftSyntax

/// A function's `UIFont.Weight` (or `NSFont.Weight`) parameter that the body uses only as the
/// weight of a system font, made to take the weight as the `CGFloat` Core Text's weight trait
/// takes:
///
/// ```swift
/// init(size: CGFloat, weight: UIFont.Weight) {               init(size: CGFloat, weight: CGFloat) {
///     font = UIFont.systemFont(ofSize: size, weight: weight)  →   font = CTFontCreateWithFontDescriptor(…[kCTFontWeightTrait: weight]…)
/// }                                                          }
/// Label(size: 14, weight: .semibold)                         Label(size: 14, weight: 0.3)
/// ```
///
/// UIKit's named weights are the values of Core Text's weight trait (`UIFont.Weight.semibold`
/// is 0.3, as ``UIFontRewriter/weights`` lists them), and a weight's `rawValue` is that value.
/// The body's uses are the `weight:` of `systemFont(ofSize:weight:)`,
/// `monospacedDigitSystemFont(ofSize:weight:)` or `monospacedSystemFont(ofSize:weight:)`
/// (``UIFontRewriter`` writes the font with the parameter as its weight) and `rawValue`; the
/// calls in the ported files, and a default, pass named weights. A parameter used or passed
/// otherwise is left for a person.
final class FontWeightParameterRewriter: ParameterTypePass<FontWeightParameterRewriter.Parameter> {
    static let weightTypes: Set<String> = ["UIFont.Weight", "NSFont.Weight"]

    init(file: PortingSourceFile) {
        super.init(
            file: file, type: "CGFloat", takes: "a CGFloat weight", parameter: Self.parameter,
            reason: { "UIKit and AppKit do not exist on Linux; '\($0.name)' is only a system font's weight, the value Core Text's weight trait takes (UIKit's named weights are those values)" })
    }

    /// The parameter, its `rawValue` uses (the weight itself), and the default and the weights
    /// the calls pass (in every ported file) with their values.
    typealias Parameter = RetypedParameterEdits

    /// Whether `node` (`UIFont` in `UIFont.Weight`) is in the type of a parameter this pass
    /// writes, or in a weight passed for one (`UIFont.Weight.bold`).
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current, !ancestor.is(CodeBlockSyntax.self) {
            if let parameter = ancestor.as(FunctionParameterSyntax.self) {
                return node.position >= parameter.type.position && node.endPosition <= parameter.type.endPosition && self.parameter(parameter) != nil
            }
            if let value = ancestor.as(ExprSyntax.self), ancestor.parent?.is(LabeledExprSyntax.self) == true,
                let parameter = FunctionReferences.parameter(receiving: value), self.parameter(parameter) != nil
            {
                return true
            }
            current = ancestor.parent
        }
        return false
    }

    /// The system font methods that take a weight.
    static let weightedFonts: Set<String> = ["systemFont", "monospacedDigitSystemFont", "monospacedSystemFont"]

    /// The parameter `value` names, when it is one this pass writes (a font's weight ``UIFontRewriter`` writes with it).
    static func writtenParameter(_ value: ExprSyntax) -> String? {
        guard let declared = NameReferences.parameter(namedBy: value), parameter(declared) != nil else { return nil }
        return value.trimmedDescription
    }

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        guard weightTypes.contains(node.type.trimmedDescription), node.ellipsis == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        var uses: [(Syntax, String)] = []
        for reference in references where !reference.isMemberName {
            // `weight.rawValue`: the weight itself.
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(reference).id,
                access.declName.baseName.text == "rawValue"
            {
                uses.append((Syntax(access), name))
                continue
            }
            // `UIFont.systemFont(ofSize: s, weight: weight)`.
            guard let argument = reference.parent?.as(LabeledExprSyntax.self), argument.label?.text == "weight",
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let method = call.calledExpression.as(MemberAccessExprSyntax.self), weightedFonts.contains(method.declName.baseName.text),
                call.arguments.map({ $0.label?.text ?? "_" }) == ["ofSize", "weight"]
            else { return nil }
        }
        var arguments: [(ExprSyntax, String)] = []
        for value in [node.defaultValue?.value].compactMap({ $0 }) + passed {
            guard let weight = UIFontRewriter.namedWeight(value) else { return nil }
            arguments.append((value, weight))
        }
        return Parameter(name: name, uses: uses, arguments: arguments)
    }
}
