import SwiftSyntax

/// A `UIView` (or `NSView`) extension whose members work only on the view's layer and its
/// geometry — the shimmer, shake, border and corner helpers much Apple code carries — written as
/// the same members on `CALayer`, the layer the view would have been backed by:
///
/// ```swift
/// extension UIView {                                extension CALayer {
///     func startShimmering() {                          func startShimmering() {
///         let gradient = CAGradientLayer()                  let gradient = CAGradientLayer()
///         gradient.frame = bounds               →           gradient.frame = bounds
///         layer.mask = gradient                             self.mask = gradient
///     }                                                 }
/// }                                                 }
/// ```
///
/// A property that only forwards to the layer's property of the same name and type (the
/// `@IBInspectable var cornerRadius` of many extensions) goes: the layer has it itself.
/// A view's `layer` is the layer itself (`layer`, `self.layer`, AppKit's `layer?` and `layer!`
/// become `self`); its `bounds`, `frame` and `isHidden` are the layer's, its `center` the
/// layer's `position` and `clipsToBounds` its `masksToBounds` (UIKit forwards each to its layer
/// so), and `setNeedsLayout()`, `layoutIfNeeded()` and `setNeedsDisplay()` the layer's own.
/// Members the extension declares may call one another. An extension that uses any other
/// member of the view (`superview`, `addSubview`, `backgroundColor`, `transform`, `alpha`, …),
/// uses `self` otherwise, or declares a member named as one of the view's, is left for a person,
/// as are its callers, which hold views. A local, parameter or `if let` named as a view member
/// (`let alpha = …`) is that local where it is seen.
///
/// A `UILabel` extension alike extends `PlainLabelLayer`, the layer UIKit's labels become
/// (``PlainLabels``), which the command then adds to the ported files if no file has it: its
/// members may use a label's too (`text`, `font` and `textColor` given values the command
/// writes).
final class ViewExtensionRewriter: PortingPass {
    private static let reason =
        "UIKit and AppKit do not exist on Linux, nor views; the extension uses only its view's layer and geometry, so it extends CALayer, the layer the view is backed by"

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let written = Self.edits(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        if node.extendedType.trimmedDescription == "UILabel" {
            file.replace(
                node.extendedType, with: PlainLabels.layerClass, kind: .uikitValue,
                reason: "UIKit does not exist on Linux, nor labels; the extension uses only its label's layer, geometry and text, so it extends the layer labels become")
            PlainLabels.declare(after: node, in: file)
        } else {
            file.replace(node.extendedType, with: "CALayer", kind: .uikitValue, reason: Self.reason)
        }
        ViewMembers.apply(written.edits, removing: [], in: file, reason: Self.reason)
        for item in written.removed {
            file.removeMember(item, kind: .uikitValue, reason: "the layer has this property itself, which the view's only forwarded to")
        }
        return .visitChildren
    }

    /// Whether `node` (a use of `UIView` or `NSView`) is the type of an extension this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<3 {
            guard let ancestor = current else { break }
            if let extended = ancestor.as(ExtensionDeclSyntax.self) {
                return extended.extendedType.trimmedDescription == node.trimmedDescription && edits(extended) != nil
            }
            current = ancestor.parent
        }
        // In a property that goes (`borderColor: UIColor?` forwarding to the layer's).
        guard let (member, owner) = ViewMembers.forwardingMember(around: node), let extended = owner.as(ExtensionDeclSyntax.self)
        else { return false }
        return edits(extended)?.removed.contains { $0.id == member.id } ?? false
    }

    /// The edits that write the extension's members on `CALayer`, or nil for an extension this
    /// pass leaves.
    static func edits(_ node: ExtensionDeclSyntax) -> (edits: [(Syntax, String)], removed: [MemberBlockItemSyntax])? {
        let extended = node.extendedType.trimmedDescription
        guard ["UIView", "NSView", "UILabel"].contains(extended), node.genericWhereClause == nil, node.inheritanceClause == nil else {
            return nil
        }
        // A label's own members, which the layer labels become has.
        let inherited = extended == "UILabel" ? PlainLabels.ancestor.members : []
        var declared: Set<String> = []
        var removed: [MemberBlockItemSyntax] = []
        for member in node.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                declared.insert(function.name.text)
            } else if let variable = member.decl.as(VariableDeclSyntax.self), ViewMembers.isLayerForwarding(variable) {
                // `@IBInspectable var cornerRadius: CGFloat { get { layer.cornerRadius } set { … } }`.
                removed.append(member)
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                    declared.insert(name)
                }
            } else {
                // Initializers (a view's are UIKit's), nested types, subscripts.
                return nil
            }
        }
        // A member named as one of the layer's would clash with it on `CALayer`.
        guard declared.isDisjoint(with: ViewMembers.layerPropertyNames.union(inherited)),
            var edits = ViewMembers.edits(
                in: node.memberBlock, declared: declared, selfAlone: false, skipped: Set(removed.map(\.id)), inherited: inherited)
        else { return nil }
        if extended == "UILabel" {
            guard let own = PlainLabels.ownMemberEdits(in: node.memberBlock) else { return nil }
            edits += own
        }
        return (edits, removed)
    }
}
