import SwiftSyntax

/// The members of a view that its layer has, for the passes that write view code as layer
/// code (``ViewExtensionRewriter``, ``ViewClassRewriter``): UIKit forwards a view's geometry to
/// its layer, so `bounds`, `frame` and `isHidden` are the layer's, `center` its `position` and
/// `clipsToBounds` its `masksToBounds`; `layer` is the layer itself.
enum ViewMembers {
    /// The view members the layer has, and what each is called on the layer (nil: the same).
    static let layerMembers: [String: String?] = [
        "bounds": nil, "frame": nil, "isHidden": nil, "setNeedsLayout": nil, "layoutIfNeeded": nil, "setNeedsDisplay": nil,
        "isOpaque": nil, "center": "position", "clipsToBounds": "masksToBounds", "contentScaleFactor": "contentsScale",
    ]

    /// View members the layer does not have: they have no counterpart on the layer, or one of
    /// another type (`transform` is an affine transform, `alpha` a `CGFloat`, `mask` a view;
    /// `backgroundColor` a `UIColor`, which is written only where it is given a colour the
    /// command writes as a `CGColor`).
    static let viewOnlyMembers: Set<String> = [
        "superview", "subviews", "addSubview", "insertSubview", "removeFromSuperview", "bringSubviewToFront", "sendSubviewToBack",
        "window", "tintColor", "transform", "backgroundColor", "alpha", "mask", "contentMode", "isUserInteractionEnabled",
        "gestureRecognizers", "addGestureRecognizer", "removeGestureRecognizer", "traitCollection", "safeAreaInsets",
        "layoutMargins", "constraints", "addConstraint", "addConstraints", "translatesAutoresizingMaskIntoConstraints",
        "sizeThatFits", "sizeToFit", "convert", "point", "hitTest", "viewWithTag", "tag", "draw", "snapshotView",
        "drawHierarchy", "layoutSubviews", "intrinsicContentSize", "clearsContextBeforeDrawing",
        "wantsLayer", "needsDisplay", "needsLayout", "animator", "autoresizingMask", "accessibilityLabel",
    ]

    /// Every view member name the passes know, `layer` included.
    static let viewNames = Set(layerMembers.keys).union(viewOnlyMembers).union(["layer"])

    /// The edits that write the view members used in `members` (a view extension's or view
    /// class's body) as the layer's, or nil when one has no counterpart on the layer, one of
    /// the type's own members (`declared`) is named as a view member, or `self` is used other
    /// than for a member (unless `selfAlone` allows it: a class's instance is the layer).
    /// `layerClass`: the class the layer is (`layer as! CAGradientLayer` is the layer itself).
    static func edits(
        in members: MemberBlockSyntax, declared: Set<String>, selfAlone: Bool, layerClass: String = "CALayer"
    ) -> [(Syntax, String)]? {
        guard declared.isDisjoint(with: viewNames) else { return nil }
        var edits: [(Syntax, String)] = []
        for token in members.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.self) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // `CAGradientLayer.self`: a type's metatype.
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { continue }
                // `self.member`: a view member or one of the type's own; `self` alone where allowed.
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else {
                    if selfAlone { continue }
                    return nil
                }
                let name = access.declName.baseName.text
                if declared.contains(name) { continue }
                guard let written = member(ExprSyntax(access), named: name, layerClass: layerClass) else { return nil }
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
            guard let written = member(ExprSyntax(reference), named: name, layerClass: layerClass) else { return nil }
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
            let parameters = ancestor.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? ancestor.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters, parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) {
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
    private static func member(_ use: ExprSyntax, named name: String, layerClass: String) -> [(Syntax, String)]? {
        if name == "layer" {
            // `layer as! CAGradientLayer` (the layer class): the layer itself; `as?` an optional of it.
            if let list = use.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self), list.count == 3,
                list.first?.id == use.id, let cast = list.dropFirst().first?.as(UnresolvedAsExprSyntax.self),
                list.last?.as(TypeExprSyntax.self)?.type.trimmedDescription == layerClass
            {
                switch cast.questionOrExclamationMark?.tokenKind {
                case .exclamationMark?: return [(Syntax(sequence), "self")]
                case .postfixQuestionMark?, .infixQuestionMark?: return [(Syntax(sequence), "Optional(self)")]
                default: return [(Syntax(sequence), "self")]
                }
            }
            // AppKit's optional layer: `layer?.mask`, `layer!.mask`.
            if let chained = use.parent?.as(OptionalChainingExprSyntax.self) { return [(Syntax(chained), "self")] }
            if let forced = use.parent?.as(ForceUnwrapExprSyntax.self) { return [(Syntax(forced), "self")] }
            return [(Syntax(use), "self")]
        }
        // `backgroundColor = .clear`: the layer's takes the CGColor of a colour the command writes.
        if name == "backgroundColor" {
            guard let value = use.assignedValue, let color = UIKitValueRewriter.color(value, implicitMember: true) else { return nil }
            return [(Syntax(value), color)]
        }
        guard let entry = layerMembers[name] else { return nil }
        guard let layerName = entry else { return [] }
        if let access = use.as(MemberAccessExprSyntax.self) { return [(Syntax(access.declName), layerName)] }
        return [(Syntax(use), layerName)]
    }
}
