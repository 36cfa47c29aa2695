import SwiftSyntax

/// UIKit edge insets kept in a name (a local, or a type's stored property) and only read for
/// their four sides or to inset a rectangle, written as a tuple labelled as UIKit's fields:
///
/// ```swift
/// var insets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
///   →  var insets: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) = (top: 4, left: 8, bottom: 4, right: 8)
/// insets.left + insets.right                →  insets.left + insets.right
/// textLayer.frame = bounds.inset(by: insets) →  textLayer.frame = <EdgeInsetsRewriter's rectangle>(bounds, insets.top, insets.left, insets.bottom, insets.right)
/// ```
///
/// The name is declared `UIEdgeInsets` (or AppKit's `NSEdgeInsets`) or given insets without a
/// type written. Each value it is given — its initial value, each assignment — is
/// `UIEdgeInsets(top:left:bottom:right:)` (`.init(top:…)` where the type is written), or
/// `.zero`. Its reads must be a side (`insets.top`, which may also be set), the insets given to
/// `CGRect.inset(by:)` (the rectangle UIKit's `UIEdgeInsetsInsetRect` makes), or a copy from
/// another value of its type in `init(layer:)` (`?? .zero` after it, that fallback written). Insets used otherwise (passed on, compared) or
/// given other insets are left for a person.
final class EdgeInsetsVariableRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let insets = Self.insets(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit does not exist on Linux; '\(insets.name)' is only read for its sides, so it is a tuple of them, labelled as UIKit's fields"
        for (range, written) in insets.edits { file.replace(range, with: written, kind: .uikitValue, reason: reason) }
        return .skipChildren
    }

    static let tupleType = "(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)"
    static let zero = "(top: 0, left: 0, bottom: 0, right: 0)"
    static let insetsTypes: Set<String> = ["UIEdgeInsets", "NSEdgeInsets"]

    struct Insets {
        var name: String
        /// The source ranges the pass changes and what each becomes.
        var edits: [(Range<Int>, String)]
        /// The values given to it, each written.
        var values: [ExprSyntax]
    }

    /// The insets `node` declares, when they are ones this pass writes.
    static func insets(_ node: VariableDeclSyntax) -> Insets? {
        guard node.bindings.count == 1, let binding = node.bindings.first, binding.isStored,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        let name = pattern.identifier.text
        var edits: [(Range<Int>, String)] = []
        var values: [ExprSyntax] = []
        if let annotation = binding.typeAnnotation?.type {
            guard insetsTypes.contains(annotation.trimmedDescription) else { return nil }
            edits.append((PortingSourceFile.trimmedRange(annotation), tupleType))
        }
        if let value = binding.initializer?.value {
            guard let written = written(value, typed: binding.typeAnnotation != nil) else { return nil }
            if binding.typeAnnotation == nil { edits.append((PortingSourceFile.trimmedRange(pattern), "\(name): \(tupleType)")) }
            edits += written
            values.append(value)
        } else if binding.typeAnnotation == nil {
            return nil
        }
        let isProperty = node.parent?.is(MemberBlockItemSyntax.self) == true
        guard let (reads, given) = StoredPropertyReferences.readsAndValues(of: node, named: name) else { return nil }
        for value in given {
            guard let written = written(value, typed: true) else { return nil }
            edits += written
            values.append(value)
        }
        var fallbacks: Set<SyntaxIdentifier> = []
        for read in reads {
            if isProperty, DeclaredType.isPropertyCopy(read) { continue }
            // `padding = (layer as? T)?.padding ?? .zero`: the fallback written.
            if isProperty, let fallback = copyFallback(around: read, name: name, ownType: node.enclosingTypeName) {
                guard fallbacks.insert(fallback.id).inserted else { continue }
                guard let written = written(fallback, typed: true) else { return nil }
                edits += written
                continue
            }
            guard let use = use(of: read) else { return nil }
            edits += use
        }
        return Insets(name: name, edits: edits, values: values)
    }

    /// The fallback of a copy from another value of the type around it that `read` is either
    /// side of — `name = (layer as? T)?.name ?? fallback` in `init(layer:)` — or nil.
    private static func copyFallback(around read: ExprSyntax, name: String, ownType: String?) -> ExprSyntax? {
        guard let list = read.parent?.as(ExprListSyntax.self), list.count == 5, let ownType else { return nil }
        let elements = Array(list)
        guard elements[1].is(AssignmentExprSyntax.self), elements[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            read.id == elements[0].id || read.id == elements[2].id
        else { return nil }
        let target = elements[0]
        let targetName = target.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? target.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
        guard targetName == name, let source = elements[2].as(MemberAccessExprSyntax.self), source.declName.baseName.text == name,
            let base = source.base
        else { return nil }
        // `(layer as? T)?.name`: the optional chain's base.
        let value = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
        return DeclaredType.of(value) == ownType ? elements[4] : nil
    }

    /// The edits that make `value` the tuple: `UIEdgeInsets(top: a, …)` loses its type's name
    /// (`.init` where `typed`), `.zero` is the tuple of zeros; nil for another value.
    private static func written(_ value: ExprSyntax, typed: Bool) -> [(Range<Int>, String)]? {
        // Swift 4's `UIEdgeInsetsMake(top, left, bottom, right)`: the sides labelled.
        if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "UIEdgeInsetsMake",
            let sides = EdgeInsetsRewriter.sides(of: call)
        {
            return [(PortingSourceFile.trimmedRange(call.calledExpression), "")]
                + zip(["top", "left", "bottom", "right"], sides).map { label, side in
                    let start = PortingSourceFile.trimmedRange(side).lowerBound
                    return (start..<start, "\(label): ")
                }
        }
        if let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.arguments.map({ $0.label?.text ?? "_" }) == ["top", "left", "bottom", "right"]
        {
            let callee = call.calledExpression.trimmedDescription
            let named = insetsTypes.contains(callee) || insetsTypes.contains(where: { callee == $0 + ".init" })
            guard named || (typed && callee == ".init") else { return nil }
            return [(PortingSourceFile.trimmedRange(call.calledExpression), "")]
        }
        let text = value.trimmedDescription
        if insetsTypes.contains(where: { text == $0 + ".zero" }) || text == "NSEdgeInsetsZero" || (typed && text == ".zero") {
            return [(PortingSourceFile.trimmedRange(value), zero)]
        }
        return nil
    }

    /// The edits a read of the insets needs (none for a side), or nil for another use.
    private static func use(of reference: ExprSyntax) -> [(Range<Int>, String)]? {
        // `insets.top` (read or set).
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
            ["top", "left", "bottom", "right"].contains(access.declName.baseName.text), access.declName.argumentNames == nil,
            access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != access.id
        {
            return []
        }
        // `rect.inset(by: insets)`.
        guard let call = reference.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            let (rect, insets) = EdgeInsetsRewriter.insetCall(call), insets.id == reference.id
        else { return nil }
        let name = reference.trimmedDescription
        let sides = ["top", "left", "bottom", "right"].map { "\(name).\($0)" }.joined(separator: ", ")
        // The rectangle's text stays (with the edits other passes make in it).
        let whole = PortingSourceFile.trimmedRange(call)
        return [
            (whole.lowerBound..<PortingSourceFile.trimmedRange(rect).lowerBound, EdgeInsetsRewriter.insetting),
            (PortingSourceFile.trimmedRange(rect).upperBound..<whole.upperBound, ", \(sides))"),
        ]
    }

    /// Whether `node` (a use of `UIEdgeInsets`) is in insets this pass writes: their type, or a
    /// value given to them.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<8 {
            guard let ancestor = current else { return false }
            if let declaration = ancestor.as(VariableDeclSyntax.self) { return insets(declaration) != nil }
            if let (target, value) = ancestor.as(ExprListSyntax.self)?.simpleAssignment {
                guard let declaration = NameReferences.variable(referencedBy: target) else { return false }
                return insets(declaration)?.values.contains { $0.id == value.id } == true
            }
            current = ancestor.parent
        }
        return false
    }
}
