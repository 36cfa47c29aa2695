import SwiftSyntax

/// A function or method giving back a UIKit or AppKit colour (or an array of them) only to
/// have its `CGColor` taken, written to give back that `CGColor`:
///
/// ```swift
/// func tint(for progress: CGFloat) -> UIColor {       func tint(for progress: CGFloat) -> CGColor {
///     progress > 0.5 ? .systemGreen : .systemRed   →      progress > 0.5 ? CGColor(…) : CGColor(…)
/// }                                                    }
/// ring.strokeColor = tint(for: p).cgColor              ring.strokeColor = tint(for: p)
/// func stops() -> [UIColor] { [.red, .blue] }          func stops() -> [CGColor] { [CGColor(…), CGColor(…)] }
/// gradient.colors = stops().map { $0.cgColor }         gradient.colors = stops()
/// ```
///
/// Every value it gives back is a colour the command writes, or a colour variable or
/// parameter it writes; no other function of the ported files has its name and labels (a
/// protocol's requirement, an override); its name is only called, in its own file, and every
/// call is a use
/// ``ColorVariableRewriter`` writes: its `cgColor`, a colour passed for a colour parameter
/// written, kept in a colour variable written (`let colour = blend(a, b)`), or read for its
/// components. Otherwise the function is left for a person, as the report says.
extension ColorVariableRewriter {
    struct ColourFunction {
        /// Whether it gives back an array of colours (`[UIColor]`).
        var isArray: Bool
        /// The colours given back, and the CGColors written for them.
        var results: [Colour]
        /// What each call is used as.
        var uses: [Use]
    }

    /// Writes `node` when it is a colour function this pass writes, with its calls.
    func writeColourFunction(_ node: FunctionDeclSyntax) {
        guard let function = Self.colourFunction(node), let returned = node.signature.returnClause?.type else { return }
        let reason =
            function.isArray
            ? "UIKit and AppKit do not exist on Linux; '\(node.name.text)' only gives back colours whose CGColors are taken, so it gives back those CGColors"
            : "UIKit and AppKit do not exist on Linux; '\(node.name.text)' only gives back a colour whose CGColor is taken, so it gives back that CGColor"
        file.replace(returned, with: function.isArray ? "[CGColor]" : "CGColor", kind: .uikitValue, reason: reason)
        for colour in function.results { file.replace(colour.expression, with: colour.cgColor, kind: .uikitValue, reason: reason) }
        for use in function.uses { apply(use, name: node.name.text, reason: reason) }
    }

    /// The function `node` when it gives back colours the command writes, to calls whose
    /// every use it writes (see above); nil otherwise.
    static func colourFunction(_ node: FunctionDeclSyntax) -> ColourFunction? {
        guard let returned = node.signature.returnClause?.type else { return nil }
        let isArray = returned.as(ArrayTypeSyntax.self).map { colorTypeNames.contains($0.element.trimmedDescription) } ?? false
        guard isArray || colorTypeNames.contains(returned.trimmedDescription), node.genericParameterClause == nil, !node.isInAppleOnlyConditional, let body = node.body,
            let callable = FunctionReferences.Callable(node), let found = ReturnStatements.results(of: body.statements),
            isOnlyCalled(node)
        else { return nil }
        // The only function of its name and labels in the ported files: a protocol's
        // requirement, another type's function or an override would have to change with it.
        let labels = CallSignature(callable.parameters).labels
        let namesakes = (FunctionReferences.index.functions[callable.name] ?? []).filter { CallSignature($0.parameters).labels == labels }
        guard namesakes.count == 1, !node.modifiers.contains(where: { $0.name.text == "override" }) else { return nil }
        let calls = FunctionReferences.calls(of: callable)
        // A call in another file is that file's to write.
        guard calls.allSatisfy({ $0.root.id == node.root.id }) else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([node.id])) {
            var results: [Colour] = []
            for result in found {
                if let colours = colours(result, isArray: isArray, implicitMember: true) {
                    results += colours
                } else if !isWrittenColour(result) && !isWrittenParameter(result, isArray: isArray) {
                    return nil
                }
            }
            var uses: [Use] = []
            for call in calls {
                guard let use = use(of: ExprSyntax(call), isArray: isArray) else { return nil }
                uses.append(use)
            }
            return ColourFunction(isArray: isArray, results: results, uses: uses)
        }
    }

    /// The function declaration whose results include `expression` (a value it gives back).
    static func colourFunction(returning expression: ExprSyntax) -> FunctionDeclSyntax? {
        var current = expression.parent
        while let ancestor = current {
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(AccessorBlockSyntax.self) { return nil }
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                guard let body = function.body, ReturnStatements.results(of: body.statements)?.contains(where: { $0.id == expression.id }) == true
                else { return nil }
                return function
            }
            current = ancestor.parent
        }
        return nil
    }

    /// Whether `call` calls a colour function this pass writes (the only one of its name and
    /// labels in its file's type, or file).
    static func callsWrittenColourFunction(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = FunctionReferences.calledName(call) else { return false }
        let candidates = (FunctionReferences.index.functions[name] ?? []).filter {
            $0.root.id == call.root.id && $0.isCalled(by: call)
        }
        guard candidates.count == 1, let function = candidates.first?.signature.parent?.as(FunctionDeclSyntax.self),
            let returned = function.signature.returnClause?.type, colorTypeNames.contains(returned.trimmedDescription)
        else { return false }
        return assumedWritten.contains(function.id) || colourFunction(function) != nil
    }

    /// Whether every reference to `function`'s name in its file is a call (a function named
    /// without a call — handed on, or mapped — would be handed on as UIKit's).
    private static func isOnlyCalled(_ function: FunctionDeclSyntax) -> Bool {
        let name = function.name.text
        for token in NameReferences.tokens(name, in: function.root) where token.id != function.name.id {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let named: ExprSyntax =
                reference.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.id == reference.id ? ExprSyntax($0) : nil }
                ?? ExprSyntax(reference)
            guard let call = named.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == named.id else { return false }
        }
        return true
    }
}
