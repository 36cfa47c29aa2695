import SwiftSyntax

/// An extension of `NSBezierPath` (or `UIBezierPath`) whose only members turn the path into a
/// `CGPath` — the conversion macOS code carried before AppKit had `cgPath`, walking the path's
/// elements — goes: on Linux the path is built as the `CGMutablePath` it makes
/// (``BezierPathBuilderRewriter``), so the conversion is the path itself.
///
/// ```swift
/// extension NSBezierPath {
///     var cgPathValue: CGPath {                    (removed)
///         let path = CGMutablePath()
///         …                                  →
///         return path
///     }
/// }
/// shape.path = bezier.cgPathValue                  shape.path = bezier
/// ```
///
/// Every member must be a computed property of type `CGPath` or a method without parameters
/// returning one; an extension with any other member is left for a person. A use of a member
/// on a path the command writes (one built step by step, or `NSBezierPath(ovalIn: r)` and the
/// other shapes ``UIKitValueRewriter`` writes) becomes the path; a use on any other value is
/// left with the type's report.
final class PathConversionExtensionRewriter: PortingPass {
    /// A conversion member: its name, and whether it is a method (called with `()`).
    struct Member: Sendable, Hashable {
        var name: String
        var isMethod: Bool
    }

    static let pathTypes: Set<String> = ["NSBezierPath", "UIBezierPath"]

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard Self.members(node) != nil, !node.isInAppleOnlyConditional else { return .visitChildren }
        file.remove(
            node, kind: .uikitValue,
            reason: "UIKit and AppKit do not exist on Linux; the path is built as the CGMutablePath it makes, so its conversion to a CGPath is the path itself")
        return .skipChildren
    }

    /// The conversion members of `node`, when it extends a path type with nothing else.
    static func members(_ node: ExtensionDeclSyntax) -> [Member]? {
        guard pathTypes.contains(node.extendedType.trimmedDescription), node.genericWhereClause == nil,
            node.inheritanceClause == nil, !node.memberBlock.members.isEmpty
        else { return nil }
        var found: [Member] = []
        for item in node.memberBlock.members {
            guard let member = member(item) else { return nil }
            found.append(member)
        }
        return found
    }

    /// The conversion `item` declares: a computed instance property of type `CGPath`, or an
    /// instance method without parameters returning one; nil for another member. (An extension
    /// with other members that ``PathExtensionRewriter`` writes drops these the same way.)
    static func member(_ item: MemberBlockItemSyntax) -> Member? {
        if let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first, binding.initializer == nil, binding.accessorBlock != nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            isCGPath(binding.typeAnnotation?.type), !variable.modifiers.isTypeMember
        {
            return Member(name: name, isMethod: false)
        }
        if let function = item.decl.as(FunctionDeclSyntax.self), function.signature.parameterClause.parameters.isEmpty,
            function.genericParameterClause == nil, isCGPath(function.signature.returnClause?.type),
            function.signature.effectSpecifiers == nil, !function.modifiers.isTypeMember
        {
            return Member(name: function.name.text, isMethod: true)
        }
        return nil
    }

    private static func isCGPath(_ type: TypeSyntax?) -> Bool {
        type?.trimmedDescription == "CGPath"
    }

    /// Whether `node` is inside an extension this pass removes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        node.enclosingExtension.map { members($0) != nil } ?? false
    }

    /// The conversion `access` (`path.cgPathValue`, or the method it calls) reads, when it is
    /// one the ported files declare: the expression to replace with the path (the call, for a
    /// method).
    static func conversion(_ access: MemberAccessExprSyntax) -> ExprSyntax? {
        let name = access.declName.baseName.text
        let declared = PortingContext.currentPathConversions
        if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id {
            guard declared.contains(Member(name: name, isMethod: true)), call.arguments.isEmpty, call.trailingClosure == nil
            else { return nil }
            return ExprSyntax(call)
        }
        return declared.contains(Member(name: name, isMethod: false)) ? ExprSyntax(access) : nil
    }
}
