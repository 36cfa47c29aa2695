import SwiftSyntax

/// The drawing helpers of a view written as a layer (``ViewClassRewriter``): its own methods
/// that its `draw(_:)` calls to draw, directly or through another helper, and that nothing else
/// calls. UIKit's current context in them is the one `draw(_:)` draws in, which the layer's
/// `draw(in ctx:)` names; each helper takes it as a parameter, and its calls pass it on:
///
/// ```swift
/// override func draw(_ rect: CGRect) {         override func draw(in ctx: CGContext) {
///     drawTrack()                         →        drawTrack(in: ctx)
/// }                                            }
/// private func drawTrack() {                   private func drawTrack(in ctx: CGContext) {
///     UIColor.gray.setStroke()                     ctx.setStrokeColor(CGColor(gray: 0.5, alpha: 1))
///     track.stroke()                               …
/// }                                            }
/// ```
///
/// A method draws when it uses UIKit's or AppKit's current context: a colour's `setFill()`,
/// `setStroke()` or `set()`, a path's `fill()`, `stroke()` or `addClip()`, a string's or
/// image's `draw(…)`, `UIRectFill(_:)` and its kin, `UIGraphicsGetCurrentContext()` or
/// `NSGraphicsContext`. A method `draw(_:)` calls that does not draw (and calls no helper that
/// does) is left as it is. One that something else calls too, that is declared more than once,
/// that already has a parameter labelled `in` or names `ctx`, or that is called in another way
/// (as a value, with a trailing closure), or that such a method calls, is no helper: its
/// drawing is left for a person, and reported at the method.
enum DrawingHelpers {
    /// The method calls by which a method draws into the current context.
    private static let drawingMembers: Set<String> = ["fill", "stroke", "setFill", "setStroke", "set", "addClip", "draw"]

    /// The functions by which a method draws into the current context.
    private static let drawingFunctions: Set<String> = [
        "UIGraphicsGetCurrentContext", "UIRectFill", "UIRectFillUsingBlendMode", "UIRectFrame", "UIRectFrameUsingBlendMode",
        "NSGraphicsContext", "NSRectFill", "NSRectFillUsingOperation", "NSFrameRect",
    ]

    /// What the view's `draw(_:)` calls to draw: the helpers, which take the context, and the
    /// methods that draw but cannot take it, whose drawing is left.
    struct Analysis {
        /// The edits that give the helpers the context (``analysis(of:drawing:)``).
        var edits: [(Syntax, String)]
        var helpers: Set<SyntaxIdentifier>
        var unwritten: [FunctionDeclSyntax]
    }

    /// The helpers of `node`, a view class whose `draw(_:)` is `drawing`, and the edits that give
    /// each the context: `(in ctx: CGContext)` last among its parameters, `in: ctx` last among its
    /// calls' arguments (the calls are in `draw(in ctx:)` and in other helpers, where `ctx` is
    /// that); and the drawing methods that are no helpers.
    static func analysis(of node: ClassDeclSyntax, drawing: FunctionDeclSyntax) -> Analysis {
        var result = Analysis(edits: [], helpers: [], unwritten: [])
        for (function, calls) in drawingMethods(of: node, drawing: drawing) {
            guard let calls else {
                result.unwritten.append(function)
                continue
            }
            result.helpers.insert(function.id)
            let clause = function.signature.parameterClause
            result.edits.append((Syntax(clause.rightParen), clause.parameters.isEmpty ? "in ctx: CGContext)" : ", in ctx: CGContext)"))
            for call in calls {
                guard let rightParen = call.rightParen else { continue }
                result.edits.append((Syntax(rightParen), call.arguments.isEmpty ? "in: ctx)" : ", in: ctx)"))
            }
        }
        return result
    }

    /// The methods `drawing` reaches that draw or call one that does: for a helper, the calls
    /// that pass it the context; nil for one that cannot take it (called otherwise too, by a
    /// method that cannot take it, or with a parameter labelled `in` or a name `ctx` of its own).
    private static func drawingMethods(
        of node: ClassDeclSyntax, drawing: FunctionDeclSyntax
    ) -> [(function: FunctionDeclSyntax, calls: [FunctionCallExprSyntax]?)] {
        let methods = node.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        var byName: [String: FunctionDeclSyntax] = [:]
        var repeated: Set<String> = []
        for method in methods where method.id != drawing.id {
            if byName.updateValue(method, forKey: method.name.text) != nil { repeated.insert(method.name.text) }
        }
        // The methods `draw(_:)` reaches, and the calls each is reached by.
        var reached: [String: [FunctionCallExprSyntax]] = [:]
        var pending = [drawing]
        var visited: Set<SyntaxIdentifier> = []
        while let function = pending.popLast() {
            guard visited.insert(function.id).inserted, let body = function.body else { continue }
            for call in ownCalls(in: body) where byName[call.name] != nil && !repeated.contains(call.name) {
                reached[call.name, default: []].append(call.call)
                if let callee = byName[call.name] { pending.append(callee) }
            }
        }
        // Those that draw, or call one that does.
        var drawingNames = Set(reached.keys.filter { name in byName[name].map(draws) ?? false })
        var grew = true
        while grew {
            grew = false
            for name in reached.keys where !drawingNames.contains(name) {
                guard let body = byName[name]?.body else { continue }
                if ownCalls(in: body).contains(where: { drawingNames.contains($0.name) }) {
                    drawingNames.insert(name)
                    grew = true
                }
            }
        }
        // Those that can take the context: called only as `draw(_:)` and the helpers call them.
        let root = Syntax(node.root)
        var eligible = drawingNames.filter { name in
            guard let function = byName[name], function.body != nil, takesContext(function), let calls = reached[name] else { return false }
            return calls.count == referenceCount(of: name, in: root)
        }
        var shrank = true
        while shrank {
            shrank = false
            for name in eligible {
                let callers = (reached[name] ?? []).map { $0.ancestorOrSelf { $0.as(FunctionDeclSyntax.self) } }
                if callers.contains(where: { caller in caller.map { $0.id != drawing.id && !eligible.contains($0.name.text) } ?? true }) {
                    eligible.remove(name)
                    shrank = true
                }
            }
        }
        return drawingNames.sorted().compactMap { name in
            guard let function = byName[name] else { return nil }
            return (function, eligible.contains(name) ? reached[name] ?? [] : nil)
        }
    }

    /// The calls of the class's own methods in `body`, by name: `name(…)` and `self.name(…)`,
    /// with parentheses and no trailing closure (others are not counted, and so make the method
    /// no helper).
    private static func ownCalls(in body: CodeBlockSyntax) -> [(name: String, call: FunctionCallExprSyntax)] {
        final class Finder: SyntaxVisitor {
            var calls: [(name: String, call: FunctionCallExprSyntax)] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.rightParen != nil, node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty else { return .visitChildren }
                if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
                    calls.append((reference.baseName.text, node))
                } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.base?.is(DeclReferenceExprSyntax.self) == true,
                    access.base?.trimmedDescription == "self", access.declName.argumentNames == nil
                {
                    calls.append((access.declName.baseName.text, node))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.calls
    }

    /// Whether `function`'s body draws into the current context itself.
    private static func draws(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            if drawingFunctions.contains(name) { return true }
            guard drawingMembers.contains(name), let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                access.declName.baseName.id == token.id, let call = access.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            return call.calledExpression.id == ExprSyntax(access).id
        }
    }

    /// Whether `function` can take the context: no parameter of its is labelled `in`, and
    /// nothing in it is named `ctx`.
    private static func takesContext(_ function: FunctionDeclSyntax) -> Bool {
        let parameters = function.signature.parameterClause.parameters
        guard !parameters.contains(where: { $0.firstName.text == "in" }) else { return false }
        return !function.tokens(viewMode: .sourceAccurate).contains { $0.text == "ctx" }
    }

    /// How many times `name` is referred to in `root`, its declarations aside.
    private static func referenceCount(of name: String, in root: Syntax) -> Int {
        root.tokens(viewMode: .sourceAccurate).filter { token in
            token.text == name && (token.parent?.is(DeclReferenceExprSyntax.self) ?? false)
        }.count
    }
}
