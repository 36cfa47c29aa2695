import SwiftSyntax

/// A type's stored `UIRectCorner` property used only to choose the corners of
/// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`, made to hold the Core Animation
/// corner set Linux has, `CACornerMask`:
///
/// ```swift
/// var corners: UIRectCorner = .allCorners      var corners: CACornerMask = [.layerMinXMinYCorner, …]
/// path = UIBezierPath(roundedRect: bounds,  →   path = <the rounded rectangle, each corner
///     byRoundingCorners: corners, …).cgPath         rounded where `corners` holds it>
/// badge.corners = [.topLeft]                    badge.corners = [.layerMinXMinYCorner]
/// ```
///
/// In a layer's y-down space, as UIKit's, top-left is `.layerMinXMinYCorner` (Apple's
/// documentation of `maskedCorners`). The property is given only corners named in the source
/// (where declared, assigned on `self` or on a value declared of its type, or in its struct's
/// memberwise initializations) or copies from another value of its type (`init(layer:)`), and
/// read only as such a rounded rectangle's corners (``RoundedCornersPath`` writes the path). A
/// property used otherwise, given other corners, or named by another ported file with its type
/// is left for a person.
final class RectCornerPropertyRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let (type, values) = Self.property(node) else { return .visitChildren }
        let name = node.bindings.first?.pattern.trimmedDescription ?? ""
        let reason = "UIKit does not exist on Linux; '\(name)' only chooses the corners of a rounded rectangle, so it holds the CACornerMask of those corners (top-left is .layerMinXMinYCorner in a y-down layer, as maskedCorners says)"
        file.replace(type, with: "CACornerMask", kind: .uikitValue, reason: reason)
        for (value, mask) in values { file.replace(value, with: mask, kind: .uikitValue, reason: reason) }
        return .visitChildren
    }

    /// The property's type, and each value it is given with the mask written for it; nil for a
    /// declaration this pass does not write.
    static func property(_ node: VariableDeclSyntax) -> (type: TypeSyntax, values: [(ExprSyntax, String)])? {
        guard node.bindings.count == 1, let binding = node.bindings.first, binding.isStored,
            let type = binding.typeAnnotation?.type, type.trimmedDescription == "UIRectCorner",
            let references = StoredPropertyReferences(of: node, isOptional: false), references.bindings.isEmpty,
            references.reads.allSatisfy(RectCornerParameterRewriter.isRoundedCorners)
        else { return nil }
        var values: [(ExprSyntax, String)] = []
        for value in [binding.initializer?.value].compactMap({ $0 }) + references.assignments.map(\.value) + references.memberwiseValues {
            guard let names = RoundedCornersPath.cornerNames(value) else { return nil }
            values.append((value, RectCornerParameterRewriter.mask(names)))
        }
        return (type, values)
    }

    /// Whether `expression` names a corner property this pass writes (`corners`, `self.corners`,
    /// `badge.corners` on a value declared of its type), which then holds a `CACornerMask`.
    static func isWrittenProperty(_ expression: ExprSyntax) -> Bool {
        guard let declaration = StoredPropertyReferences.declaration(namedBy: expression), declaration.parent?.is(MemberBlockItemSyntax.self) == true else { return false }
        return property(declaration) != nil
    }
}
