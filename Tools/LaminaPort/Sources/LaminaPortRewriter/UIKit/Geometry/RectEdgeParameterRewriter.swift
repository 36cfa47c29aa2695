import SwiftSyntax

/// A function's `UIRectEdge` parameter used only to choose one edge — the subject of a
/// `switch` whose cases name single edges, or compared with one — made to take the edge Core
/// Graphics names, `CGRectEdge`:
///
/// ```swift
/// func addBorder(edge: UIRectEdge, …) {          func addBorder(edge: CGRectEdge, …) {
///     switch edge {                                  switch edge {
///     case .top: …                         →         case .minYEdge: …
///     case .left, .right: …                          case .minXEdge, .maxXEdge: …
///     default: break                                 }
///     }                                          }
/// }
/// layer.addBorder(edge: .bottom, …)              layer.addBorder(edge: .maxYEdge, …)
/// ```
///
/// In a layer's y-down space, as UIKit's, the top is `.minYEdge` and the bottom `.maxYEdge`.
/// A `default` doing nothing (`break`) goes where the cases name all four edges, as it could
/// not be reached. Every call in the ported files must pass every argument, and for this one a
/// single edge named in the source (`.top`, `UIRectEdge.left`) or such a parameter of its own
/// function. A parameter the body does not switch over, compare or pass on, one used
/// otherwise (`edge.contains(.top)`, a `default` that does more than
/// `break` after all four edges), or passed something else (`.all`, `[.top, .bottom]`), is left
/// for a person.
final class RectEdgeParameterRewriter: ParameterTypePass<RectEdgeParameterRewriter.Parameter> {
    init(file: PortingSourceFile) {
        super.init(
            file: file, type: "CGRectEdge", takes: "a CGRectEdge", parameter: Self.parameter,
            reason: { "UIKit does not exist on Linux; '\($0.name)' only chooses one edge, so it takes the CGRectEdge of that edge (the top is .minYEdge in a y-down layer, as in UIKit)" })
    }

    /// A `default: break` that can no longer be reached goes.
    override func wrote(_ parameter: Parameter, reason: String) {
        for unreachable in parameter.removed { file.remove(unreachable, kind: .uikitValue, reason: reason) }
    }

    struct Parameter: RetypedParameter {
        var name: String
        /// The edges the body names, and what each becomes.
        var uses: [(Syntax, String)]
        /// `default: break` cases that can no longer be reached.
        var removed: [SwitchCaseSyntax]
        /// The edges the calls pass for it (in every ported file), and what each becomes.
        var arguments: [(ExprSyntax, String)]
    }

    /// UIKit's single edges and the `CGRectEdge` member of each, in a y-down layer.
    static let edges: [String: String] = ["top": "minYEdge", "bottom": "maxYEdge", "left": "minXEdge", "right": "maxXEdge"]

    /// The edge parameters taken to be written while one's arguments are checked.
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        guard node.type.trimmedDescription == "UIRectEdge", node.ellipsis == nil, node.defaultValue == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([node.id])) { () -> Parameter? in
            var uses: [(Syntax, String)] = []
            var removed: [SwitchCaseSyntax] = []
            var forwarded = false
            for reference in references where !reference.isMemberName {
                if let (written, unreachable) = switchedEdges(on: reference) {
                    uses += written
                    removed += unreachable
                } else if let written = comparedEdge(reference) {
                    uses.append(written)
                } else if isPassedToWrittenParameter(reference) {
                    forwarded = true
                } else {
                    return nil
                }
            }
            var arguments: [(ExprSyntax, String)] = []
            for argument in passed {
                if let edge = edge(argument) {
                    arguments.append((argument, "." + edge))
                } else if !isWrittenParameter(argument) {
                    return nil
                }
            }
            // A parameter the body never looks at says nothing of how many edges it takes.
            guard !uses.isEmpty || forwarded else { return nil }
            return Parameter(name: name, uses: uses, removed: removed, arguments: arguments)
        }
    }

    /// The `CGRectEdge` member for a single edge named in the source (`.top`,
    /// `UIRectEdge.top`); nil for anything else.
    static func edge(_ expression: ExprSyntax) -> String? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
            access.base == nil || access.base?.trimmedDescription == "UIRectEdge"
        else { return nil }
        return edges[access.declName.baseName.text]
    }

    /// The edges of the `switch` over `reference` and what each becomes, with a `default`
    /// that can no longer be reached; nil when `reference` is not the subject of a switch whose
    /// cases name single edges (a `default` doing only `break` beside them).
    private static func switchedEdges(on reference: DeclReferenceExprSyntax) -> ([(Syntax, String)], [SwitchCaseSyntax])? {
        guard let switchExpression = reference.parent?.as(SwitchExprSyntax.self), switchExpression.subject.id == ExprSyntax(reference).id
        else { return nil }
        var written: [(Syntax, String)] = []
        var named: Set<String> = []
        var defaults: [SwitchCaseSyntax] = []
        for element in switchExpression.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { return nil }
            switch switchCase.label {
            case .default:
                defaults.append(switchCase)
            case .case(let label):
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                        let member = edge(pattern.expression)
                    else { return nil }
                    written.append((Syntax(pattern.expression), "." + member))
                    named.insert(member)
                }
            }
        }
        guard named.count == edges.count else { return (written, []) }
        // Every edge named: a `default` is unreachable; one that only breaks goes.
        for unreachable in defaults {
            guard unreachable.statements.count == 1, unreachable.statements.first?.item.is(BreakStmtSyntax.self) == true else { return nil }
        }
        return (written, defaults)
    }

    /// `edge == .top` (`!=`, either side; also beside `&&` and `||`): the edge compared with
    /// and what it becomes.
    private static func comparedEdge(_ reference: DeclReferenceExprSyntax) -> (Syntax, String)? {
        guard let sequence = reference.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.id == ExprSyntax(reference).id }) else { return nil }
        func isComparison(_ at: Int) -> Bool {
            elements.indices.contains(at) && ["==", "!="].contains(elements[at].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        }
        let other: ExprSyntax
        if isComparison(index + 1), elements.indices.contains(index + 2) {
            other = elements[index + 2]
        } else if isComparison(index - 1), index >= 2 {
            other = elements[index - 2]
        } else {
            return nil
        }
        guard let member = edge(other) else { return nil }
        return (Syntax(other), "." + member)
    }

    /// Whether this pass writes `parameter` (or takes it to be written while checking it).
    static func isWritten(_ parameter: FunctionParameterSyntax) -> Bool {
        assumedWritten.contains(parameter.id) || self.parameter(parameter) != nil
    }

    /// Whether `expression` names an edge parameter of the function around it that this pass
    /// writes (which then holds a `CGRectEdge`).
    static func isWrittenParameter(_ expression: ExprSyntax) -> Bool {
        NameReferences.parameter(namedBy: expression).map(isWritten) ?? false
    }

    /// Whether `reference` is passed (as the whole argument) for an edge parameter this pass
    /// writes, of a function declared in the ported files.
    private static func isPassedToWrittenParameter(_ reference: DeclReferenceExprSyntax) -> Bool {
        FunctionReferences.isPassed(reference, toParameter: parameter(receiving:), writtenBy: isWritten)
    }

    /// Whether `node` is written by this pass: in a parameter's type, an edge its body names
    /// (a `switch` case, a comparison), or an edge passed for such a parameter.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        if FunctionReferences.isInWrittenArgument(node, receiving: parameter(receiving:), written: { parameter($0)?.arguments.map(\.0) }) {
            return true
        }
        var current = node.parent
        while let ancestor = current {
            if let declared = ancestor.as(FunctionParameterSyntax.self) { return parameter(declared) != nil }
            if let item = ancestor.as(SwitchCaseItemSyntax.self),
                let subject = item.parent?.parent?.parent?.as(SwitchCaseSyntax.self)?.parent?.parent?.as(SwitchExprSyntax.self)?.subject,
                case .declared(let declared)? = subject.as(DeclReferenceExprSyntax.self).flatMap({ NameReferences.parameter(named: $0.baseName.text, around: $0) })
            {
                return parameter(declared) != nil
            }
            if ancestor.is(CodeBlockItemSyntax.self) || ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// The edge parameter of a function declared in the ported files that `argument` is passed for.
    private static func parameter(receiving argument: LabeledExprSyntax) -> FunctionParameterSyntax? {
        FunctionReferences.parameter(receiving: argument) { $0.type.trimmedDescription == "UIRectEdge" }
    }
}
