import SwiftSyntax

/// File-scope constants the ported files declare only in `#if` clauses Linux skips, one for
/// each Apple platform:
///
/// ```swift
/// #if os(iOS)
/// let screenScale = UIScreen.main.scale
/// let resignNotification = UIApplication.didEnterBackgroundNotification
/// #elseif os(macOS)
/// let screenScale = NSScreen.main?.backingScaleFactor ?? 2
/// let resignNotification = NSApplication.didResignActiveNotification
/// #endif
/// ```
///
/// Linux compiles none of those declarations, so the code using the name does not compile
/// either. Where every value the name is given means the same to a pass (the screen's scale, an
/// application lifecycle notification), the pass treats the use as it treats the value written
/// out: a statement it removes for that value goes with the use, and nothing else on Linux
/// names the constant.
enum AppleOnlyConstants {
    /// The values the constant `reference` names is given in the ported files' clauses Linux
    /// skips; nil when the name is a local, a parameter, a binding or a property, or is declared
    /// anywhere Linux compiles (or not at file scope, or more than once in a clause).
    static func values(namedBy expression: ExprSyntax) -> [ExprSyntax]? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil, !reference.isMemberName
        else { return nil }
        let name = reference.baseName.text
        let declarations = FunctionReferences.index.variables.values.flatMap { $0[name] ?? [] }
        guard !declarations.isEmpty,
            declarations.allSatisfy({ $0.isInAppleOnlyConditional && isFileScope($0) && $0.bindingSpecifier.tokenKind == .keyword(.let) })
        else { return nil }
        // The name is not hidden where it is used.
        if let local = NameReferences.declaration(of: name, before: reference), !declarations.contains(where: { $0.id == local.id }) {
            return nil
        }
        guard NameReferences.parameter(named: name, around: reference) == nil, NameReferences.optionalBinding(named: name, around: reference) == nil
        else { return nil }
        var values: [ExprSyntax] = []
        for declaration in declarations {
            guard declaration.bindings.count == 1, let value = declaration.bindings.first?.initializer?.value else { return nil }
            values.append(value)
        }
        return values
    }

    /// Whether `declaration` is at file scope, in `#if` clauses or not.
    private static func isFileScope(_ declaration: VariableDeclSyntax) -> Bool {
        var current = declaration.parent
        while let node = current {
            if node.is(SourceFileSyntax.self) { return true }
            guard node.is(CodeBlockItemSyntax.self) || node.is(CodeBlockItemListSyntax.self) || node.is(IfConfigClauseSyntax.self)
                || node.is(IfConfigClauseListSyntax.self) || node.is(IfConfigDeclSyntax.self)
            else { return false }
            current = node.parent
        }
        return false
    }
}
