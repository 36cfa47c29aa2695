import SwiftSyntax

/// AppKit's animation context, which groups changes as Core Animation's transaction does and
/// sets the transaction's duration, timing function and completion with its own, written as
/// that transaction:
///
/// ```swift
/// NSAnimationContext.runAnimationGroup({ context in       do {
///     context.duration = 0.5                                  CATransaction.begin()
///     context.timingFunction = curve              →           CATransaction.setCompletionBlock({ done() })
///     ring.strokeEnd = 1                                      CATransaction.setAnimationDuration(0.5)
/// }, completionHandler: { done() })                           CATransaction.setAnimationTimingFunction(curve)
///                                                             ring.strokeEnd = 1
///                                                             CATransaction.commit()
///                                                         }
/// ```
///
/// `NSAnimationContext.beginGrouping()` is `CATransaction.begin()`, `endGrouping()`
/// `CATransaction.commit()`, and `NSAnimationContext.current.duration = d` (its
/// `timingFunction`, its `completionHandler`) the transaction's. Layers animate their changes
/// in it as they do on macOS, where the context's group is a transaction; the layers the command
/// writes for views do not, as a view's own layer does not. Left for a person: a group that
/// lets views animate implicitly (`allowsImplicitAnimation = true`), that uses views' animator
/// proxies (`view.animator().alphaValue = 0`), or that uses its context otherwise.
final class AnimationContextRewriter: PortingPass {
    private static let reason =
        "AppKit does not exist on Linux; its animation context groups changes in a Core Animation transaction and sets the transaction's duration, timing and completion, which the transaction does itself"

    /// The context's properties and the transaction's setters they are.
    static let setters = [
        "duration": "CATransaction.setAnimationDuration", "timingFunction": "CATransaction.setAnimationTimingFunction",
        "completionHandler": "CATransaction.setCompletionBlock",
    ]

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, Self.isContextStatement(node) else { return .visitChildren }
        guard let written = Self.written(node) else {
            file.note(
                node.item,
                why: "AppKit's animation context does not exist on Linux, and this group lets views animate implicitly, uses their animator proxies or uses its context otherwise",
                todo: "run the layer changes in a CATransaction (begin, setAnimationDuration, commit)")
            return .visitChildren
        }
        switch written {
        case .call(let function, let argument):
            file.replace(node.item, with: "\(function)(\(argument.map { file.placeholder(for: $0) } ?? ""))", kind: .uikitValue, reason: Self.reason)
        case .group(let group):
            let indentation = node.statementIndentation
            var lines = ["do {", "    CATransaction.begin()"]
            if let completion = group.completion {
                lines.append("    CATransaction.setCompletionBlock(\(file.placeholder(for: file.trimmedRange(completion), indentingLinesBy: "    ")))")
            }
            for (statement, setter, value) in group.settings {
                file.replace(statement.item, with: "\(setter)(\(file.placeholder(for: value)))", kind: .uikitValue, reason: Self.reason)
            }
            let statements = group.changes.statements
            if !statements.isEmpty { lines.append("    " + file.placeholder(for: statements)) }
            lines += ["    CATransaction.commit()", "}"]
            file.replace(
                node, with: lines.enumerated().map { $0.offset == 0 ? $0.element : indentation + $0.element }.joined(separator: "\n"),
                kind: .uikitValue, reason: Self.reason)
        }
        // Groups nested in its closures (one started in a completion) are written too.
        return .visitChildren
    }

    /// What a statement using the animation context becomes.
    enum Written {
        /// The statement written as a call of the transaction's (`CATransaction.begin`), with
        /// the value set as its argument, if any.
        case call(String, ExprSyntax?)
        /// A `runAnimationGroup` call, written as a transaction.
        case group(Group)
    }

    /// The parts of `runAnimationGroup(_:completionHandler:)`.
    struct Group {
        var changes: ClosureExprSyntax
        var completion: ClosureExprSyntax?
        /// The statements setting the context's properties, with the setters and the values.
        var settings: [(CodeBlockItemSyntax, String, ExprSyntax)]
    }

    /// Whether `node` is a statement of this pass's: it starts with `NSAnimationContext.`.
    private static func isContextStatement(_ node: CodeBlockItemSyntax) -> Bool {
        node.item.firstToken(viewMode: .sourceAccurate)?.text == "NSAnimationContext"
    }

    /// Whether `node` (`NSAnimationContext`) is in a statement this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        guard let statement = node.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }), isContextStatement(statement),
            statement.item.firstToken(viewMode: .sourceAccurate)?.position == node.position
        else { return false }
        return written(statement) != nil
    }

    /// What `node` becomes, or nil for a use of the context this pass leaves.
    static func written(_ node: CodeBlockItemSyntax) -> Written? {
        // `NSAnimationContext.beginGrouping()`, `.endGrouping()`, `.runAnimationGroup(…)`.
        if let call = node.item.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.base?.trimmedDescription == "NSAnimationContext"
        {
            switch access.declName.baseName.text {
            case "beginGrouping" where call.arguments.isEmpty && call.trailingClosure == nil: return .call("CATransaction.begin", nil)
            case "endGrouping" where call.arguments.isEmpty && call.trailingClosure == nil: return .call("CATransaction.commit", nil)
            case "runAnimationGroup": return group(call).map { .group($0) }
            default: return nil
            }
        }
        // `NSAnimationContext.current.duration = 0.5`.
        guard let sequence = node.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(AssignmentExprSyntax.self), let target = sequence.elements.first?.as(MemberAccessExprSyntax.self),
            let setter = setters[target.declName.baseName.text], let value = sequence.elements.last,
            ["NSAnimationContext.current", "NSAnimationContext.current()"].contains(target.base?.trimmedDescription)
        else { return nil }
        return .call(setter, value)
    }

    /// The parts of `runAnimationGroup(changes, completionHandler:)` (the closures as arguments
    /// or trailing, the completion nil or left out), or nil where the changes use the context
    /// other than to set its duration, timing function or completion, or animate views.
    private static func group(_ call: FunctionCallExprSyntax) -> Group? {
        var closures = Array(call.arguments).map { ($0.label?.text ?? "_", $0.expression) }
        if let trailing = call.trailingClosure {
            closures.append((closures.isEmpty ? "_" : "completionHandler", ExprSyntax(trailing)))
        }
        for extra in call.additionalTrailingClosures { closures.append((extra.label.text, ExprSyntax(extra.closure))) }
        guard let first = closures.first, first.0 == "_", let changes = first.1.as(ClosureExprSyntax.self), closures.count <= 2 else { return nil }
        var completion: ClosureExprSyntax?
        if closures.count == 2 {
            let (label, value) = closures[1]
            guard label == "completionHandler" else { return nil }
            if !value.is(NilLiteralExprSyntax.self) {
                guard let closure = value.as(ClosureExprSyntax.self), closure.signature == nil else { return nil }
                completion = closure
            }
        }
        // The context: `{ context in`, `{ (context) in`, `{ _ in`.
        var name: String?
        if let signature = changes.signature {
            guard signature.capture == nil, signature.effectSpecifiers == nil, signature.returnClause == nil else { return nil }
            if let shorthand = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self), shorthand.count == 1 {
                name = shorthand.first?.name.text
            } else if let clause = signature.parameterClause?.as(ClosureParameterClauseSyntax.self), clause.parameters.count == 1 {
                name = clause.parameters.first?.firstName.text
            } else {
                return nil
            }
        }
        if name == "_" { name = nil }
        var settings: [(CodeBlockItemSyntax, String, ExprSyntax)] = []
        for statement in changes.statements {
            guard let name, let sequence = statement.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                Array(sequence.elements)[1].is(AssignmentExprSyntax.self), let target = sequence.elements.first?.as(MemberAccessExprSyntax.self),
                target.base?.trimmedDescription == name, let value = sequence.elements.last
            else { continue }
            guard let setter = setters[target.declName.baseName.text] else { return nil }
            settings.append((statement, setter, value))
        }
        // Any other use of the context, `$0`, or a view's animator proxy is left.
        let set = Set(settings.map { $0.0.id })
        for statement in changes.statements where !set.contains(statement.id) {
            for token in statement.tokens(viewMode: .sourceAccurate) {
                if token.tokenKind == .dollarIdentifier("$0") || token.text == "animator" { return nil }
                if let name, token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName {
                    return nil
                }
            }
        }
        return Group(changes: changes, completion: completion, settings: settings)
    }
}
