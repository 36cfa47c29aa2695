import SwiftSyntax

/// `CADisplayLink(target: self, selector: #selector(step))` → Lamina's closure form,
/// `CADisplayLink { link in self.step(link) }`: selectors need the Objective-C runtime.
/// Lamina's display link follows one window's frames; made without one, as here, it follows
/// the application's window, as Apple's follows the main display. The closure holds the
/// target strongly, as Apple's link holds its target. Every other `#selector` is reported:
/// each needs a closure the API at hand offers.
final class DisplayLinkRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.calledExpression.trimmedDescription == "CADisplayLink", node.arguments.count == 2,
            node.trailingClosure == nil, !node.isInAppleOnlyConditional
        else { return .visitChildren }
        let arguments = Array(node.arguments)
        guard arguments[0].label?.text == "target", arguments[1].label?.text == "selector",
            let selector = arguments[1].expression.as(MacroExpansionExprSyntax.self), selector.macroName.text == "selector",
            let method = selector.arguments.first.flatMap({ Self.method(in: $0.expression) })
        else { return .visitChildren }
        let target = arguments[0].expression.trimmedDescription
        let call: String
        if let labels = method.labels ?? parameterLabels(ofMethodNamed: method.name, near: node) {
            switch labels.count {
            case 0: call = "\(target).\(method.name)()"
            case 1: call = "\(target).\(method.name)(\(labels[0] == "_" ? "" : labels[0] + ": ")link)"
            default:
                file.note(node, why: "the selector's method takes more than the display link", todo: "call it from `CADisplayLink(window:handler:)`'s closure")
                return .skipChildren
            }
        } else {
            call = "\(target).\(method.name)(link)"
            file.note(
                selector, why: "the method \(method.name) is not declared in this file, so it is assumed to take the link",
                todo: "check the call in the display link's closure")
        }
        let replacement = "CADisplayLink { link in \(call) }"
        file.replace(
            node, with: replacement, kind: .displayLink,
            reason: "selectors need the Objective-C runtime; Lamina's CADisplayLink calls a closure for each frame of the application's window")
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector", !node.isInAppleOnlyConditional else { return .visitChildren }
        file.note(
            node, why: "selectors need the Objective-C runtime",
            todo: "pass a closure instead (Timer.scheduledTimer(withTimeInterval:repeats:block:), a Window's frame or event callbacks)")
        return .skipChildren
    }

    /// The method a selector names, with its argument labels when the selector spells them.
    private static func method(in expression: ExprSyntax) -> (name: String, labels: [String]?)? {
        let name: DeclReferenceExprSyntax
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference
        } else if let access = expression.as(MemberAccessExprSyntax.self) {
            name = access.declName
        } else {
            return nil
        }
        let labels = name.argumentNames.map { $0.arguments.map { $0.name.text } }
        return (name.baseName.text, labels)
    }

    /// The argument labels of the method named `name` in the enclosing type (or the file).
    private func parameterLabels(ofMethodNamed name: String, near node: some SyntaxProtocol) -> [String]? {
        var scope: Syntax = Syntax(file.tree)
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ClassDeclSyntax.self) || ancestor.is(ExtensionDeclSyntax.self) || ancestor.is(StructDeclSyntax.self) {
                scope = ancestor
                break
            }
            current = ancestor.parent
        }
        let finder = FunctionFinder(name: name)
        finder.walk(scope)
        if finder.found == nil, scope != Syntax(file.tree) { finder.walk(file.tree) }
        return finder.found?.signature.parameterClause.parameters.map { $0.firstName.text }
    }

    private final class FunctionFinder: SyntaxVisitor {
        let name: String
        var found: FunctionDeclSyntax?
        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if found == nil, node.name.text == name { found = node }
            return .skipChildren
        }
    }
}
