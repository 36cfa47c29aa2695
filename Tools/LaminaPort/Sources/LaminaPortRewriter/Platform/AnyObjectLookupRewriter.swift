import SwiftSyntax

/// A property looked up on `AnyObject` — `(layer as AnyObject).startAngle`, which
/// `init(layer:)` copies after `if layer is SliceLayer` — written as a cast to the type
/// around it, which declares the property:
///
/// ```swift
/// startAngle = (layer as AnyObject).startAngle   →   startAngle = (layer as! SliceLayer).startAngle
/// ```
///
/// Looking a member up on `AnyObject` needs the Objective-C runtime (Linux's Swift has no
/// such lookup). On Apple platforms the lookup of a property the object lacks gives nil,
/// which the implicitly unwrapped result traps on when it is used as a value; the forced cast
/// traps as well where the object is not of the type. A member that is not a stored or
/// computed property of the type around it (a method, another type's property) is left and
/// reported.
final class AnyObjectLookupRewriter: PortingPass {
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        guard let (cast, type) = Self.lookup(node) else {
            if Self.isAnyObjectLookup(node) {
                file.note(
                    node, why: "looking a member up on AnyObject needs the Objective-C runtime, and '\(node.declName.baseName.text)' is not a property of the type around it",
                    todo: "cast to the type that declares it (as? or as!) before using it")
            }
            return .visitChildren
        }
        file.replace(
            cast, with: "as! \(type)", kind: .bridgingCast,
            reason: "looking a member up on AnyObject needs the Objective-C runtime; '\(node.declName.baseName.text)' is a property of \(type), the type around it")
        return .visitChildren
    }

    /// Whether `access` looks its member up on `(x as AnyObject)`.
    static func isAnyObjectLookup(_ access: MemberAccessExprSyntax) -> Bool {
        anyObjectCast(in: access) != nil
    }

    /// The text of `as AnyObject` in `(x as AnyObject).name` (its UTF-8 range) and the type
    /// around it, when that type declares a property `name`; nil otherwise.
    static func lookup(_ access: MemberAccessExprSyntax) -> (cast: Range<Int>, type: String)? {
        guard access.declName.argumentNames == nil, let cast = anyObjectCast(in: access), let type = access.enclosingTypeName,
            NameReferences.property(named: access.declName.baseName.text, around: access) != nil
        else { return nil }
        return (cast, type)
    }

    /// The UTF-8 range of `as AnyObject` when `access`'s base is `(x as AnyObject)`; nil otherwise.
    private static func anyObjectCast(in access: MemberAccessExprSyntax) -> Range<Int>? {
        guard let tuple = access.base?.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil, let sequence = only.expression.as(SequenceExprSyntax.self), sequence.elements.count == 3
        else { return nil }
        let elements = Array(sequence.elements)
        guard let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
            let target = elements[2].as(TypeExprSyntax.self), target.type.trimmedDescription == "AnyObject"
        else { return nil }
        return PortingSourceFile.trimmedRange(cast).lowerBound..<PortingSourceFile.trimmedRange(target).upperBound
    }

    /// The type `(x as AnyObject).name` is written as a cast to (``lookup(_:)``), given its
    /// base `(x as AnyObject)`; nil for another expression.
    static func castType(ofBase base: ExprSyntax) -> String? {
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id else { return nil }
        return lookup(access)?.type
    }
}
