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
/// A view's `layer` is the layer itself (`layer`, `self.layer`, AppKit's `layer?` and `layer!`
/// become `self`); its `bounds`, `frame` and `isHidden` are the layer's, its `center` the
/// layer's `position` and `clipsToBounds` its `masksToBounds` (UIKit forwards each to its layer
/// so), and `setNeedsLayout()`, `layoutIfNeeded()` and `setNeedsDisplay()` the layer's own.
/// Members the extension declares may call one another. An extension that uses any other
/// member of the view (`superview`, `addSubview`, `backgroundColor`, `transform`, `alpha`, …),
/// uses `self` otherwise, or declares a member named as one of the view's, is left for a person,
/// as are its callers, which hold views. A local, parameter or `if let` named as a view member
/// (`let alpha = …`) is that local where it is seen.
final class ViewExtensionRewriter: PortingPass {
    private static let reason =
        "UIKit and AppKit do not exist on Linux, nor views; the extension uses only its view's layer and geometry, so it extends CALayer, the layer the view is backed by"

    /// The view members an extension may use, and what each is on the layer (nil: the same).
    static let layerMembers: [String: String?] = [
        "bounds": nil, "frame": nil, "isHidden": nil, "setNeedsLayout": nil, "layoutIfNeeded": nil, "setNeedsDisplay": nil,
        "center": "position", "clipsToBounds": "masksToBounds",
    ]

    /// View members an extension may not use: they have no counterpart on the layer, or one of
    /// another type (`backgroundColor` is a `UIColor`, `transform` an affine transform, `alpha`
    /// a `CGFloat`, `mask` a view).
    static let viewOnlyMembers: Set<String> = [
        "superview", "subviews", "addSubview", "insertSubview", "removeFromSuperview", "bringSubviewToFront", "sendSubviewToBack",
        "window", "tintColor", "transform", "backgroundColor", "alpha", "mask", "contentMode", "isUserInteractionEnabled",
        "gestureRecognizers", "addGestureRecognizer", "removeGestureRecognizer", "traitCollection", "safeAreaInsets",
        "layoutMargins", "constraints", "addConstraint", "addConstraints", "translatesAutoresizingMaskIntoConstraints",
        "sizeThatFits", "sizeToFit", "convert", "point", "hitTest", "viewWithTag", "tag", "draw", "snapshotView",
        "drawHierarchy", "layoutSubviews", "intrinsicContentSize", "contentScaleFactor", "isOpaque", "clearsContextBeforeDrawing",
        "wantsLayer", "needsDisplay", "needsLayout", "animator", "autoresizingMask", "accessibilityLabel",
    ]

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let edits = Self.edits(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(node.extendedType, with: "CALayer", kind: .uikitValue, reason: Self.reason)
        for (target, text) in edits { file.replace(target, with: text, kind: .uikitValue, reason: Self.reason) }
        return .visitChildren
    }

    /// Whether `node` (a use of `UIView` or `NSView`) is the type of an extension this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<3 {
            guard let ancestor = current else { return false }
            if let extended = ancestor.as(ExtensionDeclSyntax.self) {
                return extended.extendedType.trimmedDescription == node.trimmedDescription && edits(extended) != nil
            }
            current = ancestor.parent
        }
        return false
    }

    /// The edits that write the extension's members on `CALayer`, or nil for an extension this
    /// pass leaves.
    static func edits(_ node: ExtensionDeclSyntax) -> [(Syntax, String)]? {
        let extended = node.extendedType.trimmedDescription
        guard extended == "UIView" || extended == "NSView", node.genericWhereClause == nil, node.inheritanceClause == nil else {
            return nil
        }
        var declared: Set<String> = []
        for member in node.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                declared.insert(function.name.text)
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
        let viewNames = Set(layerMembers.keys).union(viewOnlyMembers).union(["layer"])
        guard declared.isDisjoint(with: viewNames) else { return nil }
        var edits: [(Syntax, String)] = []
        for token in node.memberBlock.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.self) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // `self.member`: a view member or one of the extension's.
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else { return nil }
                let name = access.declName.baseName.text
                if declared.contains(name) { continue }
                guard let written = member(ExprSyntax(access), named: name) else { return nil }
                edits += written
                continue
            }
            guard case .identifier(let name) = token.tokenKind, viewNames.contains(name),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { continue }
            // `other.frame`: another value's member; `self.frame` was written with `self`.
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { continue }
            // A local of that name (`let alpha = …`), a parameter or an `if let` binding.
            if isLocal(name, at: reference) { continue }
            guard let written = member(ExprSyntax(reference), named: name) else { return nil }
            edits += written
        }
        return edits
    }

    /// Whether `name` at `reference` is a local constant or variable declared before it, a
    /// parameter of a function or closure around it, or bound by an `if let`/`guard let` it sees.
    private static func isLocal(_ name: String, at reference: DeclReferenceExprSyntax) -> Bool {
        if NameReferences.declaration(of: name, before: reference) != nil { return true }
        if NameReferences.optionalBinding(named: name, around: reference) != nil { return true }
        var current = reference.parent
        while let ancestor = current {
            if let function = ancestor.as(FunctionDeclSyntax.self),
                function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
            {
                return true
            }
            if let closure = ancestor.as(ClosureExprSyntax.self), let signature = closure.signature {
                if let names = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self), names.contains(where: { $0.name.text == name }) {
                    return true
                }
                if let parameters = signature.parameterClause?.as(ClosureParameterClauseSyntax.self),
                    parameters.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
                {
                    return true
                }
            }
            current = ancestor.parent
        }
        return false
    }

    /// The edits for a use of the view's member `name` (`use` is `name` or `self.name`): none
    /// for a member the layer has of that name; nil for a member the layer does not have.
    private static func member(_ use: ExprSyntax, named name: String) -> [(Syntax, String)]? {
        if name == "layer" {
            // AppKit's optional layer: `layer?.mask`, `layer!.mask`.
            if let chained = use.parent?.as(OptionalChainingExprSyntax.self) { return [(Syntax(chained), "self")] }
            if let forced = use.parent?.as(ForceUnwrapExprSyntax.self) { return [(Syntax(forced), "self")] }
            return [(Syntax(use), "self")]
        }
        guard let entry = layerMembers[name] else { return nil }
        guard let layerName = entry else { return [] }
        if let access = use.as(MemberAccessExprSyntax.self) { return [(Syntax(access.declName), layerName)] }
        return [(Syntax(use), layerName)]
    }
}
