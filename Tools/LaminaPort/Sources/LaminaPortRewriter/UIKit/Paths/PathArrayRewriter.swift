import SwiftSyntax

/// An array of UIKit paths only read for its paths' `CGPath`s, made to hold the `CGPath`s:
///
/// ```swift
/// let shapes = [UIBezierPath(ovalIn: r),           let shapes = [CGPath(ellipseIn: r, transform: nil),
///               UIBezierPath(rect: r)]                           CGPath(rect: r, transform: nil)]
/// morph.values = shapes.map { $0.cgPath }     →    morph.values = shapes
/// layer.path = shapes[0].cgPath                    layer.path = shapes[0]
/// ```
///
/// The array is a local constant or variable (its uses the statements after it in its block)
/// or a type's stored property (its references in its file, ``StoredPropertyReferences``),
/// declared `[UIBezierPath]` (or `[NSBezierPath]`) or given an array literal without a type
/// written. Every value it is given — its initial value, each assignment, each `append` — is
/// an array literal (or path) of shapes ``UIKitValueRewriter`` writes, or an empty literal.
/// Its reads must be `map { $0.cgPath }` (`map(\.cgPath)`: the array itself), an element's
/// `cgPath` (`shapes[i]`, `shapes.first?`, `shapes.last!`, `shapes.randomElement()?`), its
/// `count`, `isEmpty` or `indices`, or a `for` loop whose element is read as a path property
/// is (``PathPropertyRewriter``: `cgPath`, `bounds`, …). An array used otherwise, given
/// another path, or whose name is declared again there is left for a person.
final class PathArrayRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let array = Self.array(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit does not exist on Linux; '\(array.name)' is only read for its paths' CGPaths, so it holds the CGPaths"
        for (syntax, written) in array.edits { file.replace(syntax, with: written, kind: .uikitValue, reason: reason) }
        return .visitChildren
    }

    struct PathArray {
        var name: String
        /// Its type, the paths given to it and its reads that change, and what is written for each.
        var edits: [(Syntax, String)]
        /// The values given to it (array literals, appended paths), all written.
        var values: [ExprSyntax]
    }

    static let pathTypes: Set<String> = ["UIBezierPath", "NSBezierPath"]

    /// The path array `node` declares, when it is one this pass writes.
    static func array(_ node: VariableDeclSyntax) -> PathArray? {
        guard node.bindings.count == 1, let binding = node.bindings.first, binding.isStored,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        let name = pattern.identifier.text
        var edits: [(Syntax, String)] = []
        var values: [ExprSyntax] = []
        if let annotation = binding.typeAnnotation?.type {
            guard let element = annotation.as(ArrayTypeSyntax.self)?.element, pathTypes.contains(element.trimmedDescription) else { return nil }
            edits.append((Syntax(element), "CGPath"))
        }
        if let value = binding.initializer?.value {
            guard let written = elements(of: value), !written.isEmpty || binding.typeAnnotation != nil else { return nil }
            edits += written
            values.append(value)
        } else if binding.typeAnnotation == nil {
            return nil
        }
        let isProperty = node.parent?.is(MemberBlockItemSyntax.self) == true
        guard let (reads, given) = StoredPropertyReferences.readsAndValues(of: node, named: name) else { return nil }
        for value in given {
            guard let written = elements(of: value) else { return nil }
            edits += written
            values.append(value)
        }
        for read in reads {
            // Either side of a copy from another value of its type (`init(layer:)`).
            if isProperty, DeclaredType.isPropertyCopy(read) { continue }
            guard let use = use(of: read) else { return nil }
            edits += use.edits
            values += use.appended
        }
        return PathArray(name: name, edits: edits, values: values)
    }

    /// The edits for an array literal of shapes ``UIKitValueRewriter`` writes (each shape
    /// written as its `CGPath`); nil for another value.
    private static func elements(of value: ExprSyntax) -> [(Syntax, String)]? {
        guard let literal = value.as(ArrayExprSyntax.self) else { return nil }
        var edits: [(Syntax, String)] = []
        for element in literal.elements {
            guard let written = UIKitValueRewriter.path(element.expression) else { return nil }
            edits.append((Syntax(element.expression), written))
        }
        return edits
    }

    /// The edits a read of the array needs, and the paths it appends; nil for a use this pass
    /// does not write.
    private static func use(of reference: ExprSyntax) -> (edits: [(Syntax, String)], appended: [ExprSyntax])? {
        let name = reference.trimmedDescription
        // `for shape in name { … shape.cgPath … }`.
        if let loop = reference.parent?.as(ForStmtSyntax.self), loop.sequence.id == reference.id {
            guard loop.whereClause == nil, let element = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let references = NameReferences.find(element, in: [Syntax(loop.body)])
            else { return nil }
            var edits: [(Syntax, String)] = []
            for read in references where !read.isMemberName {
                guard let edit = PathPropertyRewriter.use(of: ExprSyntax(read), isOptional: false) else { return nil }
                if let edit { edits.append(edit) }
            }
            return (edits, [])
        }
        // `name[i].cgPath`.
        if let subscripted = reference.parent?.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == reference.id {
            guard let access = cgPath(of: ExprSyntax(subscripted)) else { return nil }
            return ([(Syntax(access), subscripted.trimmedDescription)], [])
        }
        guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
            access.declName.argumentNames == nil
        else { return nil }
        let call = access.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == access.id ? $0 : nil }
        switch access.declName.baseName.text {
        case "map":
            guard let call, isMapToCGPaths(call) else { return nil }
            return ([(Syntax(call), name)], [])
        case "count", "isEmpty", "indices":
            return call == nil ? ([], []) : nil
        case "first", "last":
            return call == nil ? element(ExprSyntax(access)) : nil
        case "randomElement":
            guard let call, call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
            return element(ExprSyntax(call))
        case "append":
            guard let call, call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first,
                argument.label == nil, let written = UIKitValueRewriter.path(argument.expression)
            else { return nil }
            return ([(Syntax(argument.expression), written)], [argument.expression])
        default:
            return nil
        }
    }

    /// `element?.cgPath` or `element!.cgPath` on an optional element (`name.first`): the
    /// element itself (with its `!`, or its `?` where the chain goes on).
    private static func element(_ optional: ExprSyntax) -> (edits: [(Syntax, String)], appended: [ExprSyntax])? {
        var unwrap = ""
        let base: ExprSyntax
        if let chained = optional.parent?.as(OptionalChainingExprSyntax.self) {
            (base, unwrap) = (ExprSyntax(chained), "?")
        } else if let forced = optional.parent?.as(ForceUnwrapExprSyntax.self) {
            (base, unwrap) = (ExprSyntax(forced), "!")
        } else {
            return nil
        }
        guard let access = cgPath(of: base) else { return nil }
        let chainGoesOn = access.parent?.as(MemberAccessExprSyntax.self)?.base?.id == access.id
        return ([(Syntax(access), optional.trimmedDescription + (unwrap == "?" && !chainGoesOn ? "" : unwrap))], [])
    }

    /// The `value.cgPath` access around `value`, or nil.
    private static func cgPath(of value: ExprSyntax) -> MemberAccessExprSyntax? {
        guard let access = value.parent?.as(MemberAccessExprSyntax.self), access.base?.id == value.id,
            access.declName.baseName.text == "cgPath", access.declName.argumentNames == nil,
            access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != access.id
        else { return nil }
        return access
    }

    /// Whether `call` is `map { $0.cgPath }` or `map(\.cgPath)`.
    private static func isMapToCGPaths(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.additionalTrailingClosures.isEmpty else { return false }
        let transform: ExprSyntax
        if let closure = call.trailingClosure, call.arguments.isEmpty {
            transform = ExprSyntax(closure)
        } else if call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil {
            transform = argument.expression
        } else {
            return false
        }
        return ["{$0.cgPath}", "\\.cgPath"].contains(transform.trimmedDescription.filter { !$0.isWhitespace })
    }

    /// Whether `node` (a use of `UIBezierPath`) is in an array this pass writes: its type, or
    /// a path given to it.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<10 {
            guard let ancestor = current else { return false }
            if let declaration = ancestor.as(VariableDeclSyntax.self) { return array(declaration) != nil }
            // A value given to it: `name = [ … ]`, `name.append(…)`.
            if let value = ancestor.as(ExprSyntax.self), let declaration = givenArray(value) {
                return array(declaration)?.values.contains { $0.id == value.id } == true
            }
            current = ancestor.parent
        }
        return false
    }

    /// The declaration of the array `value` is given to (`name = value`, `name.append(value)`),
    /// a local or a property of the type around it; nil for another value.
    private static func givenArray(_ value: ExprSyntax) -> VariableDeclSyntax? {
        let target: ExprSyntax
        if let assigned = value.assignmentTarget {
            target = assigned
        } else if let argument = value.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "append",
            let base = access.base
        {
            target = base
        } else {
            return nil
        }
        return NameReferences.variable(referencedBy: target)
    }
}
