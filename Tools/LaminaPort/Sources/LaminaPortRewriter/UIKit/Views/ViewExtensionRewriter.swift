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
/// Members the extension declares may call one another, and enums, structs and type aliases
/// nested in it are nested in `CALayer`'s. An extension that uses any other
/// member of the view (`superview`, `addSubview`, `backgroundColor`, `transform`, `alpha`, …),
/// uses `self` otherwise, or declares a member named as one of the view's (or as an instance
/// member of a layer class in the ported files, which could not override it), is left for a person,
/// as are its callers, which hold views. A local, parameter or `if let` named as a view member
/// (`let alpha = …`) is that local where it is seen.
///
/// An extension of one of UIKit's or AppKit's other view classes (`extension UIButton` with
/// `flash()`, `pulsate()` and `shake()` animating the button's layer) alike extends `CALayer`,
/// whose layer stands for the button: it may not use the class's own members (`titleLabel`,
/// `isEnabled`, `image`), nor declare a member that an extension of another view class in the
/// ported files declares too (both would be `CALayer`'s).
///
/// A `UILabel` extension alike extends `PlainLabelLayer`, the layer UIKit's labels become
/// (``PlainLabels``), which the command then adds to the ported files if no file has it: its
/// members may use a label's too (`text`, `font` and `textColor` given values the command
/// writes).
final class ViewExtensionRewriter: PortingPass {
    private static let reason =
        "UIKit and AppKit do not exist on Linux, nor views; the extension uses only its view's layer and geometry, so it extends CALayer, the layer the view is backed by"

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        let refusal = ViewRefusal()
        guard let written = Self.edits(node, refusal: refusal) else {
            if let reason = refusal.reason {
                file.note(
                    node.extendedType, why: "the extension is not written on CALayer: \(reason)",
                    todo: "change that by hand (the porting guide says what an extension written on CALayer may use), then run the command again")
            }
            return .visitChildren
        }
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
    static func edits(_ node: ExtensionDeclSyntax, refusal: ViewRefusal? = nil) -> (edits: [(Syntax, String)], removed: [MemberBlockItemSyntax])? {
        let extended = node.extendedType.trimmedDescription
        if controllerClasses.contains(extended) {
            return controllerExtensionEdits(node, refusal: refusal).map { ($0, []) }
        }
        guard ["UIView", "NSView", "UILabel"].contains(extended) || otherViewClasses.contains(extended), node.genericWhereClause == nil,
            node.inheritanceClause == nil
        else {
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
            } else if member.decl.is(EnumDeclSyntax.self) || member.decl.is(StructDeclSyntax.self) || member.decl.is(TypeAliasDeclSyntax.self) {
                // A type nested in the extension (`enum Direction` of a shimmer's), which
                // `CALayer`'s extension nests alike.
                continue
            } else {
                // Initializers (a view's are UIKit's), nested classes, subscripts.
                return refusal.refuse("it declares a member the command does not write on CALayer (\(member.decl.kind))")
            }
        }
        // A member named as one of the layer's would clash with it on `CALayer`, and so would one
        // named as a member a layer class of the ported files declares (it could not override it).
        guard declared.isDisjoint(with: ViewMembers.layerPropertyNames.union(inherited)) else { return nil }
        if let clash = clash(of: node, checkingOtherExtensions: otherViewClasses.contains(extended)) { return refusal.refuse(clash) }
        guard var edits = ViewMembers.edits(
            in: node.memberBlock, declared: declared, selfAlone: false, skipped: Set(removed.map(\.id)), refusal: refusal, inherited: inherited)
        else { return nil }
        if extended == "UILabel" {
            guard let own = PlainLabels.ownMemberEdits(in: node.memberBlock) else { return nil }
            edits += own
        }
        if otherViewClasses.contains(extended) {
            // The class's own members: a layer has none of them.
            guard declared.isDisjoint(with: otherViewClassMembers) else { return nil }
            if let own = ownMemberUse(node.memberBlock) {
                return refusal.refuse("it uses `\(own)`, a member of \(extended)'s that a layer does not have")
            }
        }
        return (edits, removed)
    }

    /// Why `node`, an extension written on `CALayer`, could not be: a member it declares that a
    /// layer class of the ported files declares too (which it could not override there), or,
    /// `checkingOtherExtensions`, that an extension of another view or controller class declares
    /// too (both would be `CALayer`'s); nil where none clashes.
    private static func clash(of node: ExtensionDeclSyntax, checkingOtherExtensions: Bool) -> String? {
        let signatures = DeclaredMember.instanceSignatures(in: node.memberBlock)
        let named = { (names: Set<String>) in names.sorted().map { "`\($0)`" }.joined(separator: ", ") }
        let layerClashes = signatures.intersection(PortingContext.currentLayerClassMembers)
        if !layerClashes.isEmpty {
            return "it declares \(named(layerClashes)), which a layer class of the ported files declares too, and could not override on CALayer"
        }
        guard checkingOtherExtensions else { return nil }
        let extended = node.extendedType.trimmedDescription
        let elsewhere = PortingContext.currentViewExtensionMembers.filter { $0.key != extended }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let clashes = signatures.intersection(elsewhere)
        return clashes.isEmpty ? nil : "it declares \(named(clashes)), which an extension of another view class declares too: both would be CALayer's"
    }

    /// UIKit's and AppKit's view controller classes, whose extensions are written on `CALayer`
    /// when they use only the controller's view as its layer.
    static let controllerClasses: Set<String> = ["UIViewController", "NSViewController"]

    /// The edits that write an extension of `UIViewController` (or `NSViewController`) on
    /// `CALayer`, the layer a controller becomes (``ViewControllerClassRewriter``): its view's
    /// members are the layer's as in the controller (`view.layer` the layer itself,
    /// `view.bounds` its bounds, `view.center` its position), and the view passed for a view parameter that takes the
    /// layer (``ViewParameterRewriter``) is the layer. Nil (with the reason) where the extension
    /// uses a controller member the layer lacks, the view otherwise, or `self` alone, declares
    /// an initializer, a nested type or a name the layer or a layer class of the ported files
    /// has, or one an extension of a view class declares too.
    private static func controllerExtensionEdits(_ node: ExtensionDeclSyntax, refusal: ViewRefusal?) -> [(Syntax, String)]? {
        guard node.genericWhereClause == nil, node.inheritanceClause == nil else { return nil }
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
                return refusal.refuse("it declares a member the command does not write (\(member.decl.kind))")
            }
        }
        let kit = ViewControllerClassRewriter.Kit(superclass: node.extendedType.trimmedDescription) ?? .uiKit
        let controllerMembers = ViewControllerClassRewriter.controllerMembers(kit)
        let clashing = declared.intersection(ViewMembers.layerPropertyNames.union(controllerMembers))
        guard clashing.isEmpty else {
            return refusal.refuse("it declares \(clashing.sorted().map { "`\($0)`" }.joined(separator: ", ")), named as a layer's or a controller's own")
        }
        if let clash = clash(of: node, checkingOtherExtensions: true) { return refusal.refuse(clash) }
        var edits: [(Syntax, String)] = []
        for token in node.memberBlock.tokens(viewMode: .sourceAccurate) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var use = ExprSyntax(reference)
            if token.tokenKind == .keyword(.self) {
                // `self.view`, `self.method()`: a member; `self` alone is the controller.
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == use.id { continue }
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { continue }
                return refusal.refuse("it uses `self` other than for its members")
            }
            guard case .identifier(let name) = token.tokenKind, controllerMembers.contains(name) else { continue }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                // `other.view`: another value's; `self.view` the controller's.
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                use = ExprSyntax(access)
            } else if ViewMembers.isLocal(name, at: reference) {
                continue
            }
            guard name == "view" else { return refusal.refuse("it uses `\(name)`, a controller member the layer does not have") }
            if ViewParameterRewriter.isPassedToWrittenParameter(use) {
                edits.append((Syntax(use), "self"))
                continue
            }
            guard let written = ViewControllerClassRewriter.viewMember(use, in: nil) else {
                let member = use.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                return refusal.refuse(member.map { "it uses `view.\($0)`, which the command does not write on the layer" } ?? "it uses the controller's `view` other than for its members")
            }
            edits += written
        }
        return edits
    }

    /// UIKit's and AppKit's view classes, other than `UIView`, `NSView` and `UILabel`, whose
    /// extensions are written on `CALayer` when they use only the layer and geometry.
    static let otherViewClasses: Set<String> = [
        "UIButton", "UIControl", "UIImageView", "UITextField", "UITextView", "UISwitch", "UISlider", "UIStackView", "UIScrollView",
        "UIActivityIndicatorView", "UIProgressView", "UISegmentedControl", "UITableViewCell", "UICollectionViewCell",
        "UIVisualEffectView", "NSButton", "NSControl", "NSImageView", "NSTextField",
    ]

    /// The view classes whose extensions this pass may write, for the names their members declare.
    static var extendedViewClasses: Set<String> { otherViewClasses.union(["UIView", "NSView", "UILabel"]).union(controllerClasses) }

    /// Members of those classes that a layer does not have (and that `UIView` does not have either).
    static let otherViewClassMembers: Set<String> = [
        // Controls and buttons.
        "isEnabled", "isSelected", "isHighlighted", "state", "addTarget", "removeTarget", "sendActions", "sendAction", "allTargets",
        "actions", "titleLabel", "imageView", "setTitle", "title", "setTitleColor", "titleColor", "setImage", "image", "setBackgroundImage",
        "backgroundImage", "setAttributedTitle", "attributedTitle", "currentTitle", "currentImage", "currentTitleColor", "configuration",
        "setNeedsUpdateConfiguration", "contentEdgeInsets", "titleEdgeInsets", "imageEdgeInsets", "buttonType", "menu",
        "showsMenuAsPrimaryAction", "contentHorizontalAlignment", "contentVerticalAlignment", "isTracking", "isTouchInside",
        "adjustsImageWhenHighlighted", "showsTouchWhenHighlighted", "target", "action", "bezelStyle", "setButtonType",
        // Image views.
        "highlightedImage", "animationImages", "animationDuration", "animationRepeatCount", "startAnimating", "stopAnimating",
        "isAnimating", "preferredSymbolConfiguration", "imageScaling", "imageAlignment",
        // Text fields and views.
        "text", "attributedText", "placeholder", "attributedPlaceholder", "font", "textColor", "textAlignment", "delegate", "isEditing",
        "isSecureTextEntry", "keyboardType", "returnKeyType", "borderStyle", "leftView", "rightView", "clearButtonMode", "stringValue",
        "isEditable", "isBezeled", "isBordered", "drawsBackground", "selectedRange", "textContainer", "textContainerInset",
        // Switches, sliders, progress, segments, spinners.
        "isOn", "setOn", "onTintColor", "thumbTintColor", "value", "setValue", "minimumValue", "maximumValue", "minimumTrackTintColor",
        "maximumTrackTintColor", "isContinuous", "progress", "setProgress", "progressTintColor", "trackTintColor", "selectedSegmentIndex",
        "numberOfSegments", "insertSegment", "removeSegment", "style", "color", "hidesWhenStopped",
        // Stack and scroll views, cells.
        "arrangedSubviews", "addArrangedSubview", "removeArrangedSubview", "insertArrangedSubview", "axis", "spacing", "distribution",
        "alignment", "contentOffset", "setContentOffset", "contentSize", "contentInset", "isScrollEnabled", "isPagingEnabled", "zoomScale",
        "setZoomScale", "scrollRectToVisible", "contentView", "textLabel", "detailTextLabel", "accessoryType", "accessoryView",
        "selectionStyle", "reuseIdentifier", "prepareForReuse", "effect",
    ]

    /// The first of the class's own members (``otherViewClassMembers``, but for those `allowed`)
    /// that `members` name on their own or through `self` (not a local, parameter or binding of
    /// that name), if any.
    static func ownMemberUse(_ members: MemberBlockSyntax, allowing allowed: Set<String> = []) -> String? {
        members.tokens(viewMode: .sourceAccurate).first { token in
            guard case .identifier(let name) = token.tokenKind, otherViewClassMembers.contains(name), !allowed.contains(name),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { return false }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                return access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            }
            return !ViewMembers.isLocal(name, at: reference)
        }?.text
    }
}
