import SwiftSyntax

/// A UIKit path property only read as a path, made to hold the `CGPath`:
///
/// ```swift
/// private var ringPath = UIBezierPath()           private var ringPath: CGPath = CGMutablePath()
/// ringPath = UIBezierPath(ovalIn: r)        →     ringPath = CGPath(ellipseIn: r, transform: nil)
/// shape.path = ringPath.cgPath                    shape.path = ringPath
/// let box = ringPath.bounds                       let box = ringPath.boundingBox
/// ```
///
/// The property is a type's stored property (observers allowed) declared `UIBezierPath`,
/// `UIBezierPath?` or `UIBezierPath!`, or given a path without a type written. Every value it
/// is given — its initial value and each assignment — is an empty path (`UIBezierPath()`,
/// `CGMutablePath()` then) or a shape ``UIKitValueRewriter`` writes. Its references in
/// its file (``StoredPropertyReferences``), and an optional binding's local, are only read as a
/// path: `cgPath` (the path), `bounds` (`boundingBox`), `isEmpty`, `currentPoint`, `contains(p)`
/// (both fill by the nonzero rule where the path was given no other).
///
/// A property whose every value is an empty path and that its code builds step by step holds
/// a `CGMutablePath`, built as a local path is (``BezierPathBuilderRewriter``):
///
/// ```swift
/// var outline: UIBezierPath!                var outline: CGMutablePath!
/// outline = UIBezierPath()                  outline = CGMutablePath()
/// outline.move(to: a)                 →     outline.move(to: a)
/// outline.addArc(withCenter: c, …,          outline.addArc(center: c, …,
///     clockwise: true)                          clockwise: false)
/// outline.close()                           outline.closeSubpath()
/// ```
///
/// A path drawn, given line settings or passed on, given another path, or that the
/// references cannot follow is left for a person.
final class PathPropertyRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let property = Self.property(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason =
            property.changes.isEmpty
            ? "UIKit does not exist on Linux; '\(property.name)' is only read as a path, so it holds the CGPath"
            : "UIKit does not exist on Linux; '\(property.name)' is built step by step and read as a path, so it holds a CGMutablePath"
        for (syntax, written) in property.edits { file.replace(syntax, with: written, kind: .uikitValue, reason: reason) }
        for change in property.changes { BezierPathBuilderRewriter.write(change, path: property.name, in: file) }
        return .visitChildren
    }

    struct Property {
        var name: String
        /// Its type, the values given to it and its reads that change, and what is written for each.
        var edits: [(Syntax, String)]
        /// The values given to it that are written (its initial value, assignments).
        var values: [ExprSyntax]
        /// The calls that build it step by step, written as ``BezierPathBuilderRewriter`` writes a
        /// local path's.
        var changes: [BezierPathBuilderRewriter.Use] = []
    }

    /// The path property `node` declares, when it is one this pass writes.
    static func property(_ node: VariableDeclSyntax) -> Property? {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, node.bindings.count == 1, let binding = node.bindings.first,
            binding.isStored, let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        var edits: [(Syntax, String)] = []
        var values: [ExprSyntax] = []
        var isOptional = false
        // Where the type is written: the annotation's, or the pattern given one.
        var typeNode: Syntax?
        if let annotation = binding.typeAnnotation?.type {
            let wrapped = annotation.as(OptionalTypeSyntax.self)?.wrappedType ?? annotation.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
            guard (wrapped ?? annotation).trimmedDescription == "UIBezierPath" else { return nil }
            isOptional = wrapped != nil
            typeNode = Syntax(wrapped ?? annotation)
        }
        if let value = binding.initializer?.value, !(isOptional && value.is(NilLiteralExprSyntax.self)) {
            guard let written = path(value) else { return nil }
            // Untyped, the type is the UIKit path's, whatever the value's own.
            if binding.typeAnnotation == nil { typeNode = Syntax(pattern) }
            edits.append((Syntax(value), written))
            values.append(value)
        } else if binding.typeAnnotation == nil {
            return nil
        }
        guard let typeNode, let references = StoredPropertyReferences(of: node, isOptional: isOptional), let bound = references.bindingReads()
        else { return nil }
        let name = pattern.identifier.text
        // Each reference reads the path or builds it; a read is written once it is known
        // whether the path is built in place (its `cgPath` is then a copy).
        var reads: [(ExprSyntax, Bool)] = []
        var changes: [BezierPathBuilderRewriter.Use] = []
        for (read, optional) in references.reads.map({ ($0, isOptional) }) + bound.map({ ($0, false) }) {
            if use(of: read, isOptional: optional) != nil {
                reads.append((read, optional))
            } else if let change = change(of: read, path: name) {
                changes.append(change)
            } else {
                return nil
            }
        }
        for (read, optional) in reads {
            guard let edit = use(of: read, isOptional: optional, snapshot: !changes.isEmpty) else { return nil }
            if let edit { edits.append(edit) }
        }
        for value in references.assignments.map(\.value) + references.memberwiseValues {
            guard let written = path(value) else { return nil }
            edits.append((Syntax(value), written))
            values.append(value)
        }
        // Built in place, it holds a CGMutablePath, which every value must then be.
        let type = changes.isEmpty ? "CGPath" : "CGMutablePath"
        if !changes.isEmpty, !values.allSatisfy({ path($0) == "CGMutablePath()" }) { return nil }
        edits.append((typeNode, typeNode.is(IdentifierPatternSyntax.self) ? "\(name): \(type)" : type))
        return Property(name: name, edits: edits, values: values, changes: changes)
    }

    /// The step that `reference` (a read of the property, `outline` or `self.outline`) builds
    /// the path by, as ``BezierPathBuilderRewriter/methodUse(_:member:path:appKit:isBuiltPath:)``
    /// writes it: `move(to:)`, `addLine(to:)`, the curves, `addArc(withCenter:…)`, `close()`.
    /// Nil for another use.
    private static func change(of reference: ExprSyntax, path: String) -> BezierPathBuilderRewriter.Use? {
        let base = reference.parent.flatMap { $0.as(OptionalChainingExprSyntax.self).map(ExprSyntax.init) ?? $0.as(ForceUnwrapExprSyntax.self).map(ExprSyntax.init) } ?? reference
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id,
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
            call.trailingClosure == nil,
            let use = BezierPathBuilderRewriter.methodUse(call, member: access.declName.baseName, path: path, appKit: false)
        else { return nil }
        switch use {
        case .same, .renamed, .relabeled, .arc: return use
        default: return nil
        }
    }

    /// The `CGPath` written for a value given to the property, or nil for a value this pass
    /// does not write.
    private static func path(_ value: ExprSyntax) -> String? {
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            call.calledExpression.trimmedDescription == "UIBezierPath"
        {
            return "CGMutablePath()"
        }
        return UIKitValueRewriter.path(value)
    }

    /// The edit a read of the path needs (nil inside: none), or nil for a use this pass does not
    /// write: `name.cgPath` (`?.cgPath`, `!.cgPath`), `bounds`, `isEmpty`, `currentPoint`,
    /// `contains(p)`. With `snapshot` (a path built in place), `cgPath` is an immutable copy
    /// (`name.copy()!`), as UIKit's is: a layer given it keeps the path as it was, whatever is
    /// added to the property's path later.
    static func use(of reference: ExprSyntax, isOptional: Bool, snapshot: Bool = false) -> (Syntax, String)?? {
        var base = reference
        var unwrap = ""
        if let chained = reference.parent?.as(OptionalChainingExprSyntax.self) {
            base = ExprSyntax(chained)
            unwrap = "?"
        } else if let forced = reference.parent?.as(ForceUnwrapExprSyntax.self) {
            base = ExprSyntax(forced)
            unwrap = "!"
        }
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id, access.declName.argumentNames == nil
        else { return nil }
        let isCalled = access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == access.id
        switch (access.declName.baseName.text, isCalled) {
        case ("cgPath", false):
            // `path?.cgPath` is the optional path itself, unless the chain goes on (`?.cgPath.boundingBox`).
            let chainGoesOn = access.parent?.as(MemberAccessExprSyntax.self)?.base?.id == access.id
            if snapshot {
                guard !(unwrap == "?" && chainGoesOn) else { return nil }
                return .some((Syntax(access), reference.trimmedDescription + unwrap + (unwrap == "?" ? ".copy()" : ".copy()!")))
            }
            return .some((Syntax(access), reference.trimmedDescription + (unwrap == "?" && !chainGoesOn ? "" : unwrap)))
        case ("bounds", false): return .some((Syntax(access.declName), "boundingBox"))
        case ("isEmpty", false), ("currentPoint", false): return .some(nil)
        case ("contains", true) where access.parent?.as(FunctionCallExprSyntax.self)?.arguments.count == 1: return .some(nil)
        default: return nil
        }
    }

    /// Whether `node` (a use of `UIBezierPath`) is in a property this pass writes: its type, or
    /// a value given to it.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        StoredPropertyReferences.isInWrittenProperty(node) { property($0)?.values }
    }
}
