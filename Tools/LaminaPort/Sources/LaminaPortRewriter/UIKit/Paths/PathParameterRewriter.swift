import SwiftSyntax

/// A function's `UIBezierPath` (or `NSBezierPath`) parameter that the body only reads as a
/// path, made to take the `CGPath`:
///
/// ```swift
/// func shape(with path: UIBezierPath) -> …  {     func shape(with path: CGPath) -> … {
///     layer.path = path.cgPath                →        layer.path = path
///     layer.bounds = path.bounds                       layer.bounds = path.boundingBox
/// }                                                }
/// let circle = UIBezierPath(ovalIn: r)             let circle = CGMutablePath()
///                                                  circle.addEllipse(in: r)
/// shape(with: circle)                              shape(with: circle)
/// shape(with: UIBezierPath(rect: r))               shape(with: CGPath(rect: r, transform: nil))
/// ```
///
/// Every use in the body is `name.cgPath` (the path), `bounds` (`boundingBox`), `isEmpty`,
/// `currentPoint`, `contains(p)` (both fill by the nonzero rule where the path was not given
/// another), or the path passed on for another parameter this pass writes. Every call in the
/// file passes every argument, and for this one a shape ``UIKitValueRewriter`` writes or a path
/// built step by step that ``BezierPathBuilderRewriter`` writes (a path passed for such a
/// parameter is one of its uses) — the calls in the other ported files too, which their own
/// passes write. A path changed, drawn or passed on otherwise, or passed something else in any
/// file, is left for a person.
final class PathParameterRewriter: ParameterTypePass<PathParameterRewriter.Parameter> {
    init(file: PortingSourceFile) {
        super.init(
            file: file, type: "CGPath", takes: "a CGPath", parameter: Self.parameter,
            reason: { "UIKit and AppKit do not exist on Linux; '\($0.name)' is only read as a path, so it takes the CGPath (in every ported file's calls)" })
    }

    /// The parameter, each use in the body that changes, and the shapes the calls pass for it
    /// (in every ported file) with the CGPaths written for them.
    typealias Parameter = RetypedParameterEdits

    static let pathTypes: Set<String> = ["UIBezierPath", "NSBezierPath"]

    /// The path parameters taken to be written while one's arguments are checked (a path
    /// variable passed for it asks whether its uses, this one among them, are written).
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        guard pathTypes.contains(node.type.trimmedDescription), node.ellipsis == nil, node.defaultValue == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([node.id])) { () -> Parameter? in
            var uses: [(Syntax, String)] = []
            for reference in references where !reference.isMemberName {
                if isPassedToWrittenParameter(reference) { continue }
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
                    access.declName.argumentNames == nil
                else { return nil }
                let isCalled = access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == access.id
                switch (access.declName.baseName.text, isCalled) {
                case ("cgPath", false): uses.append((Syntax(access), name))
                case ("bounds", false): uses.append((Syntax(access.declName), "boundingBox"))
                case ("isEmpty", false), ("currentPoint", false): break
                case ("contains", true) where access.parent?.as(FunctionCallExprSyntax.self)?.arguments.count == 1: break
                default: return nil
                }
            }
            var arguments: [(ExprSyntax, String)] = []
            for argument in passed {
                if let shape = UIKitValueRewriter.path(argument) {
                    arguments.append((argument, shape))
                } else if !isWrittenPath(argument) {
                    return nil
                }
            }
            return Parameter(name: name, uses: uses, arguments: arguments)
        }
    }

    /// Whether `argument` is a path the command writes as a `CGPath` as it stands: a path
    /// built step by step that ``BezierPathBuilderRewriter`` writes, or a path parameter of
    /// the function around it that this pass writes.
    private static func isWrittenPath(_ argument: ExprSyntax) -> Bool {
        guard let reference = argument.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        let name = reference.baseName.text
        if let declaration = NameReferences.declaration(of: name, before: reference) {
            return BezierPathBuilderRewriter.builder(declaration) != nil
        }
        guard case .declared(let parameter)? = NameReferences.parameter(named: name, around: reference) else { return false }
        return isWritten(parameter)
    }

    /// Whether this pass writes `parameter` (or takes it to be written while checking it).
    static func isWritten(_ parameter: FunctionParameterSyntax) -> Bool {
        assumedWritten.contains(parameter.id) || self.parameter(parameter) != nil
    }

    /// Whether `reference` is passed (as the whole argument) for a path parameter this pass
    /// writes, of a function declared in the file.
    static func isPassedToWrittenParameter(_ reference: DeclReferenceExprSyntax) -> Bool {
        FunctionReferences.isPassed(reference, toParameter: parameter(receiving:), writtenBy: isWritten)
    }

    /// Whether `node` is in a shape passed for a path parameter this pass writes (which writes it).
    static func rewritesArgument(_ node: some SyntaxProtocol) -> Bool {
        FunctionReferences.isInWrittenArgument(node, receiving: parameter(receiving:)) { parameter($0)?.arguments.map(\.0) }
    }

    /// The path parameter of a function declared in the ported files that `argument` is passed for.
    private static func parameter(receiving argument: LabeledExprSyntax) -> FunctionParameterSyntax? {
        FunctionReferences.parameter(receiving: argument) { pathTypes.contains($0.type.trimmedDescription) }
    }
}
