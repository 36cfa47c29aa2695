import SwiftSyntax

/// A function's `UIFont` (or `NSFont`) parameter that the body uses only to give text its font
/// and size, made to take the Core Text font:
///
/// ```swift
/// func label(_ text: String, font: UIFont) -> CATextLayer {      func label(_ text: String, font: CTFont) -> CATextLayer {
///     layer.font = font                                   →          layer.font = font
///     layer.fontSize = font.pointSize                                layer.fontSize = CTFontGetSize(font)
/// }                                                              }
/// label("Hi", font: .boldSystemFont(ofSize: 14))                 label("Hi", font: CTFontCreateUIFontForLanguage(.emphasizedSystem, 14, nil)!)
/// ```
///
/// An optional parameter (`UIFont?`) takes `CTFont?`, and may be passed `nil` too.
///
/// The body's uses are those ``FontVariableRewriter`` allows for a font kept in a name. The
/// file's calls must pass every argument, and this one (and its default, if any) as a font
/// ``UIFontRewriter`` writes (`.systemFont(ofSize:)` without its type too) or a font variable
/// or property ``FontVariableRewriter`` writes, or another font parameter this pass writes,
/// passed on (each taken to be written while the other is checked) — the calls in the
/// other ported files too, which their own passes write. A parameter used otherwise, or passed
/// something else in any file, is left for a person.
final class FontParameterRewriter: ParameterTypePass<FontParameterRewriter.Parameter> {
    init(file: PortingSourceFile) {
        super.init(
            file: file, type: "CTFont", takes: "a CTFont", parameter: Self.parameter,
            reason: { "UIKit and AppKit do not exist on Linux; '\($0.name)' only gives text its font, so it takes the CTFont text layers and attributed strings take (in every ported file's calls)" })
    }

    /// The parameter, its uses, and the default and the fonts the calls pass for it (in every
    /// ported file) with the Core Text fonts written for them.
    typealias Parameter = RetypedParameterEdits

    /// The parameters taken to be written while one's uses are checked.
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// Whether `value` is a font parameter this pass writes (one stored in a font property).
    static func isWrittenParameter(_ value: ExprSyntax) -> Bool {
        guard let declared = NameReferences.parameter(namedBy: value) else { return false }
        return isWritten(declared)
    }

    /// Whether this pass writes `parameter` (or takes it to be written while checking it).
    static func isWritten(_ parameter: FunctionParameterSyntax) -> Bool {
        assumedWritten.contains(parameter.id) || self.parameter(parameter) != nil
    }

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        // `UIFont`, or `UIFont?` (which takes `CTFont?`).
        let optional = node.type.as(OptionalTypeSyntax.self)?.wrappedType
        guard UIFontRewriter.fontTypes.contains((optional ?? node.type).trimmedDescription), node.ellipsis == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        // Stored in a font property, it is taken to be written while the property is checked.
        let found = $assumedWritten.withValue(assumedWritten.union([node.id])) {
            FontVariableRewriter.uses(of: name, in: [Syntax(body)], isOptional: optional != nil)
        }
        guard let uses = found else { return nil }
        var arguments: [(ExprSyntax, String)] = []
        for value in [node.defaultValue?.value].compactMap({ $0 }) + passed {
            if optional != nil, value.is(NilLiteralExprSyntax.self) { continue }
            // A font variable or property written (`let titleFont = UIFont.boldSystemFont(…)`):
            // already the Core Text font.
            if FontVariableRewriter.isWrittenFontName(value) { continue }
            // Another font parameter written, passed on (`size(usingFont: font)` in a function
            // taking a font): already the Core Text font.
            if Self.isWrittenParameter(value) { continue }
            // `(value as? UIFont) ?? fallback`: the cast is to the Core Text font attributes hold.
            if let cast = FontVariableRewriter.readBackFont(value) {
                arguments.append((ExprSyntax(cast), "CTFont"))
                continue
            }
            guard let written = UIFontRewriter.font(value, implicitMember: true) else { return nil }
            arguments.append((value, written))
        }
        return Parameter(name: name, uses: uses.map { (Syntax($0.0), $0.1) }, arguments: arguments)
    }
}
