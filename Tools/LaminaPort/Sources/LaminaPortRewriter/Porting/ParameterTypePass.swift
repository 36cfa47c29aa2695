import SwiftSyntax

/// What a pass that makes a parameter take another type knows of one parameter it writes.
protocol RetypedParameter {
    var name: String { get }
    /// Each use in the function's body that changes, and what is written for it.
    var uses: [(Syntax, String)] { get }
    /// The default and the values the calls pass for it (in every ported file), and what each
    /// becomes.
    var arguments: [(ExprSyntax, String)] { get }
}

/// A parameter written with its uses and the arguments passed for it, and nothing else.
struct RetypedParameterEdits: RetypedParameter {
    var name: String
    var uses: [(Syntax, String)]
    var arguments: [(ExprSyntax, String)]
}

/// A pass that makes a function's parameter of a UIKit or AppKit type take the type its body
/// needs (a `CGPath` for a path only read as one, a `CTFont` for a font only given to text):
/// the parameter's type, its uses and the values its own file's calls pass, and, in the other
/// ported files, the values their calls pass (``PortingPass/writeArguments(in:of:takes:)``).
/// Each subclass says which parameters it writes and why.
class ParameterTypePass<Parameter: RetypedParameter>: PortingPass {
    /// The type the parameters take, and how the reasons name it (`"a CGPath"`).
    private let type: String
    private let takes: String
    private let find: (FunctionParameterSyntax) -> Parameter?
    private let reason: (Parameter) -> String

    /// `parameter` says whether a parameter is one the pass writes, `reason` why.
    init(
        file: PortingSourceFile, type: String, takes: String, parameter: @escaping (FunctionParameterSyntax) -> Parameter?,
        reason: @escaping (Parameter) -> String
    ) {
        (self.type, self.takes, find, self.reason) = (type, takes, parameter, reason)
        super.init(file: file)
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let parameter = find(node) else { return .visitChildren }
        let why = reason(parameter)
        // An optional parameter a pass writes takes its type as an optional.
        let type = node.type.is(OptionalTypeSyntax.self) ? self.type + "?" : self.type
        writeParameter(node, as: type, uses: parameter.uses, arguments: parameter.arguments, reason: why)
        wrote(parameter, reason: why)
        return .skipChildren
    }

    /// Edits a written parameter needs besides its type, uses and arguments (none here).
    func wrote(_ parameter: Parameter, reason: String) {}

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        writeArguments(in: node, of: { self.find($0).map { ($0.name, $0.arguments) } }, takes: takes)
        return .visitChildren
    }
}
