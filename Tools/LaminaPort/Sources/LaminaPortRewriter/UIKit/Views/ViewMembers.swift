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
    /// command writes as a `CGColor`; `alpha` and `transform` only where set or read whole).
    static let viewOnlyMembers: Set<String> = [
        "superview", "subviews", "addSubview", "insertSubview", "removeFromSuperview", "bringSubviewToFront", "sendSubviewToBack",
        "window", "tintColor", "transform", "backgroundColor", "alpha", "mask", "contentMode", "isUserInteractionEnabled",
        "gestureRecognizers", "addGestureRecognizer", "removeGestureRecognizer", "traitCollection", "safeAreaInsets",
        "layoutMargins", "constraints", "addConstraint", "addConstraints", "translatesAutoresizingMaskIntoConstraints",
        "sizeThatFits", "sizeToFit", "convert", "point", "hitTest", "viewWithTag", "tag", "draw", "snapshotView",
        "drawHierarchy", "layoutSubviews", "intrinsicContentSize", "clearsContextBeforeDrawing",
        "wantsLayer", "layerUsesCoreImageFilters", "needsDisplay", "needsLayout", "animator", "autoresizingMask", "accessibilityLabel",
        "addTrackingArea", "removeTrackingArea", "trackingAreas", "updateTrackingAreas",
        "widthAnchor", "heightAnchor", "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor", "topAnchor", "bottomAnchor",
        "centerXAnchor", "centerYAnchor", "firstBaselineAnchor", "lastBaselineAnchor", "safeAreaLayoutGuide", "layoutMarginsGuide",
    ]

    /// View members only AppKit's views have: a UIKit view may declare them as its own.
    static let appKitOnlyMembers: Set<String> = [
        "wantsLayer", "layerUsesCoreImageFilters", "needsDisplay", "needsLayout", "animator", "addTrackingArea", "removeTrackingArea",
        "trackingAreas", "updateTrackingAreas",
    ]

    /// View members only UIKit's views have (NSView has no `tintColor`, `alpha` or
    /// `backgroundColor`): an AppKit view may declare them as its own.
    static let uiKitOnlyMembers: Set<String> = [
        "tintColor", "traitCollection", "contentMode", "isUserInteractionEnabled", "snapshotView", "drawHierarchy", "layoutSubviews",
        "sizeThatFits", "clearsContextBeforeDrawing", "alpha", "transform", "mask", "backgroundColor", "center", "contentScaleFactor",
    ]

    /// The statements of `members` that tell Auto Layout the view's own intrinsic size changed
    /// (`invalidateIntrinsicContentSize()`, `self.…`), which a layer has no Auto Layout to tell.
    static func ownIntrinsicSizeInvalidations(in members: [Syntax]) -> [CodeBlockItemSyntax] {
        statements(in: members) { item in
            guard let call = item.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
            return isOwnMember(call.calledExpression, named: "invalidateIntrinsicContentSize")
        }
    }

    /// Whether `variable` is a view's own `intrinsicContentSize` (`override var
    /// intrinsicContentSize: CGSize { … }`, a getter): kept as a property of the layer, which
    /// Auto Layout never asks. (One reading the view's, `super.intrinsicContentSize`, leaves
    /// the class: the layer has no such member.)
    static func isOwnIntrinsicSize(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindings.count == 1, let binding = variable.bindings.first else { return false }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "intrinsicContentSize" && binding.getterBody != nil
            && binding.initializer == nil
    }

    /// The statements of `members` that set the view's own
    /// `translatesAutoresizingMaskIntoConstraints` (`translatesAutoresizingMaskIntoConstraints =
    /// false`, `self.…`), which a layer does not have.
    static func ownConstraintTranslations(in members: [Syntax]) -> [CodeBlockItemSyntax] {
        statements(in: members) { item in
            guard let (target, value) = item.as(SequenceExprSyntax.self)?.elements.simpleAssignment,
                ["false", "true"].contains(value.trimmedDescription)
            else { return nil }
            return isOwnMember(target, named: "translatesAutoresizingMaskIntoConstraints")
        }
    }

    /// The statements of `members` that give the view its own fixed size with Auto Layout
    /// (`widthAnchor.constraint(equalToConstant: 100).isActive = true`, `self.heightAnchor…`, or
    /// such constraints alone in `NSLayoutConstraint.activate([…])`), and the lines that set the
    /// layer's bounds to that size, which Auto Layout would give the view.
    static func ownSizeConstraints(in members: [Syntax]) -> [(statement: CodeBlockItemSyntax, lines: [String])] {
        func sizeLine(_ constraint: ExprSyntax) -> String? {
            guard let call = constraint.as(FunctionCallExprSyntax.self), call.trailingClosure == nil, call.arguments.count == 1,
                let argument = call.arguments.first, argument.label?.text == "equalToConstant",
                let method = call.calledExpression.as(MemberAccessExprSyntax.self), method.declName.baseName.text == "constraint",
                let anchor = method.base
            else { return nil }
            for (name, dimension) in [("widthAnchor", "width"), ("heightAnchor", "height")] where isOwnMember(anchor, named: name) {
                return "bounds.size.\(dimension) = \(argument.expression.trimmedDescription)"
            }
            return nil
        }
        // The lines a statement is written as: one constraint activated, or only such ones.
        func lines(of item: Syntax) -> [String]? {
            if let (target, value) = item.as(SequenceExprSyntax.self)?.elements.simpleAssignment,
                let access = target.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "isActive", let base = access.base
            {
                return value.trimmedDescription == "true" ? sizeLine(base).map { [$0] } : nil
            }
            guard let call = item.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "NSLayoutConstraint.activate",
                call.trailingClosure == nil, call.arguments.count == 1, let array = call.arguments.first?.expression.as(ArrayExprSyntax.self),
                !array.elements.isEmpty
            else { return nil }
            let written = array.elements.compactMap { sizeLine($0.expression) }
            return written.count == array.elements.count ? written : nil
        }
        return statements(in: members) { lines(of: $0) != nil ? true : nil }.compactMap { item in
            lines(of: Syntax(item.item)).map { (item, $0) }
        }
    }

    /// Whether `expression` is the view's own member `name`: alone or read through `self`.
    static func isOwnMember(_ expression: ExprSyntax, named name: String) -> Bool {
        expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            || (expression.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == name && $0.base?.trimmedDescription == "self" } ?? false)
    }

    /// The statements in `members` that `matches` says are wanted (true), looking no deeper into
    /// a statement it says something of (true or false), and into the others (nil).
    private static func statements(in members: [Syntax], where matches: @escaping (Syntax) -> Bool?) -> [CodeBlockItemSyntax] {
        final class Finder: SyntaxVisitor {
            let matches: (Syntax) -> Bool?
            var found: [CodeBlockItemSyntax] = []
            init(matches: @escaping (Syntax) -> Bool?) {
                self.matches = matches
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                guard let matched = matches(Syntax(node.item)) else { return .visitChildren }
                if matched { found.append(node) }
                return .skipChildren
            }
        }
        let finder = Finder(matches: matches)
        for member in members { finder.walk(member) }
        return finder.found
    }

    /// Whether `variable` is a view property that only forwards to its layer's property of the
    /// same name (`var cornerRadius: CGFloat { get { layer.cornerRadius } set { layer.cornerRadius
    /// = newValue } }`, or a stored one with `didSet { layer.cornerRadius = cornerRadius }`): the
    /// layer has that property itself, so the view's goes. A UIKit colour property forwards its
    /// `cgColor` (`layer.borderColor = newValue?.cgColor`), its getter reading the layer's colour
    /// back; the layer's takes the `CGColor` the command writes for a colour.
    static func isLayerForwarding(_ variable: VariableDeclSyntax, layerClass: String? = nil, layerClassMembers: Set<String> = []) -> Bool {
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            layerPropertyNames.contains(name) || layerClassMembers.contains(name),
            let accessors = binding.accessorBlock?.accessors
        else { return false }
        // `layer.name`, `self.layer.name` (AppKit's optional layer: `layer?.name`, `layer!.name`);
        // the layer cast to its layer class, `(layer as! GaugeLayer).name`.
        let casts = layerClass.map { ["(layer as! \($0))", "(self.layer as! \($0))", "(layer as? \($0))?", "(self.layer as? \($0))?"] } ?? []
        func isLayerProperty(_ expression: ExprSyntax?) -> Bool {
            guard let access = expression?.as(MemberAccessExprSyntax.self), access.declName.baseName.text == name,
                access.declName.argumentNames == nil, let base = access.base
            else { return false }
            return (["layer", "self.layer", "layer?", "self.layer?", "layer!", "self.layer!"] + casts).contains(base.trimmedDescription)
        }
        // `return layer.name` or `layer.name`.
        func reads(_ items: CodeBlockItemListSyntax?) -> Bool {
            guard let items, items.count == 1, let item = items.first?.item else { return false }
            return isLayerProperty(item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self))
        }
        // A colour property (`borderColor: UIColor?`) forwards its colour's `cgColor`, and reads
        // the layer's back as a UIKit colour however it likes.
        let isColor = ["backgroundColor", "borderColor", "shadowColor"].contains(name)
            && ["UIColor", "UIColor?", "UIColor!", "NSColor", "NSColor?", "NSColor!"].contains(binding.typeAnnotation?.type.trimmedDescription ?? "")
        // `layer.name = value`, where `value` is `newValue` or the property itself (its
        // `cgColor` for a colour); beside it, AppKit's `wantsLayer = true`, which a layer is.
        func writes(_ items: CodeBlockItemListSyntax?, value: Set<String>) -> Bool {
            let statements = (items.map(Array.init) ?? []).filter { item in
                guard let assignment = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self)?.elements.simpleAssignment else { return true }
                return !(["wantsLayer", "self.wantsLayer"].contains(assignment.0.trimmedDescription) && assignment.1.trimmedDescription == "true")
            }
            guard statements.count == 1, let expression = statements.first?.item.as(ExprSyntax.self),
                let list = expression.as(SequenceExprSyntax.self)?.elements, let (target, assigned) = list.simpleAssignment
            else { return false }
            let given = isColor ? Set(value.flatMap { ["\($0).cgColor", "\($0)?.cgColor", "\($0)!.cgColor"] }) : value
            return isLayerProperty(target) && given.contains(assigned.trimmedDescription)
        }
        // A colour's getter: any that reads the layer's colour.
        func readsColor(_ items: CodeBlockItemListSyntax?) -> Bool {
            guard isColor, let items else { return false }
            return items.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
        }
        switch accessors {
        case .getter(let items):
            return reads(items)
        case .accessors(let list):
            let kinds = list.map { $0.accessorSpecifier.text }
            if kinds.sorted() == ["get", "set"] {
                return list.allSatisfy { accessor in
                    accessor.accessorSpecifier.text == "get"
                        ? reads(accessor.body?.statements) || readsColor(accessor.body?.statements)
                        : writes(accessor.body?.statements, value: [accessor.parameters?.name.text ?? "newValue"])
                }
            }
            if kinds == ["didSet"], let observer = list.first {
                return writes(observer.body?.statements, value: [name, "self.\(name)"])
            }
            return false
        }
    }

    /// The property forwarding to the layer's (``isLayerForwarding(_:)``) that `node` is in, as
    /// a member of its type's body, and the type (an extension or class), if any.
    static func forwardingMember(around node: some SyntaxProtocol) -> (MemberBlockItemSyntax, Syntax)? {
        var current = node.parent
        while let ancestor = current {
            if let variable = ancestor.as(VariableDeclSyntax.self), let item = variable.parent?.as(MemberBlockItemSyntax.self) {
                guard isLayerForwarding(variable), let owner = item.parent?.parent?.parent else { return nil }
                return (item, owner)
            }
            current = ancestor.parent
        }
        return nil
    }

    /// `CALayer`'s properties and methods.
    static let layerPropertyNames: Set<String> = [
        "bounds", "position", "frame", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "opacity",
        "isHidden", "mask", "masksToBounds", "contents", "contentsRect", "contentsCenter", "contentsGravity", "contentsScale",
        "contentsFormat", "backgroundColor", "cornerRadius", "cornerCurve", "maskedCorners", "borderWidth", "borderColor",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "name", "delegate", "style", "actions",
        "sublayers", "superlayer", "speed", "duration", "beginTime", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "display", "draw", "layoutSublayers", "needsDisplay", "model", "presentation", "filters",
        "backgroundFilters", "compositingFilter", "isOpaque", "isGeometryFlipped", "isDoubleSided", "allowsEdgeAntialiasing",
        "allowsGroupOpacity", "shouldRasterize", "rasterizationScale", "minificationFilter", "magnificationFilter",
        "needsDisplayOnBoundsChange", "drawsAsynchronously", "edgeAntialiasingMask", "layoutManager", "preferredFrameSize",
        "action", "add", "animation", "animationKeys", "removeAnimation", "removeAllAnimations", "addSublayer",
        "insertSublayer", "replaceSublayer", "removeFromSuperlayer", "hitTest", "contains", "render", "setNeedsDisplay",
        "setNeedsLayout", "layoutIfNeeded", "convert",
    ]

    /// The argument labels of `CALayer`'s methods, by base name (`_` for none).
    static let layerMethodLabels: [String: Set<[String]>] = [
        "display": [[]], "draw": [["in"]], "layoutSublayers": [[]], "needsDisplay": [[], ["forKey"]], "model": [[]],
        "presentation": [[]], "preferredFrameSize": [[]], "action": [["forKey"]], "add": [["_", "forKey"]],
        "animation": [["forKey"]], "animationKeys": [[]], "removeAnimation": [["forKey"]], "removeAllAnimations": [[]],
        "addSublayer": [["_"]], "insertSublayer": [["_", "at"], ["_", "below"], ["_", "above"]], "replaceSublayer": [["_", "with"]],
        "removeFromSuperlayer": [[]], "hitTest": [["_"]], "contains": [["_"]], "render": [["in"]], "setNeedsDisplay": [[], ["_"]],
        "setNeedsLayout": [[]], "layoutIfNeeded": [[]], "convert": [["_", "from"], ["_", "to"]],
    ]

    /// Whether `function` shares its base name with one of `CALayer`'s methods but not its
    /// argument labels (`func animation()` beside `animation(forKey:)`): an overload of its own,
    /// which a layer subclass may declare and call as it is.
    static func isOverloadOfLayerMethod(_ function: FunctionDeclSyntax) -> Bool {
        guard let labels = layerMethodLabels[function.name.text] else { return false }
        return !labels.contains(function.signature.parameterClause.parameters.map(\.firstName.text))
    }

    /// The tokens of `members` (an array: a syntax collection's own `filter` makes detached
    /// copies, whose positions are not the file's) outside the code `replaced` (what other edits
    /// write whole: a touch method's parameters, a tap recognizer added).
    /// (A key path's names, `#keyPath(backgroundColor)`, are not uses: the key path pass writes
    /// them as the key string.)
    static func tokens(of members: [MemberBlockItemSyntax], outside replaced: [Syntax]) -> [TokenSyntax] {
        let ranges = replaced.map { $0.positionAfterSkippingLeadingTrivia..<$0.endPositionBeforeTrailingTrivia }
        return members.flatMap { $0.tokens(viewMode: .sourceAccurate) }.filter { token in
            !ranges.contains { $0.contains(token.positionAfterSkippingLeadingTrivia) } && !token.isInKeyPathMacro
        }
    }

    /// A view adding a view to itself: `addSubview(box)`, `self.addSubview(self.box)`,
    /// `addSubview(box!)`.
    struct SubviewAddition {
        var call: FunctionCallExprSyntax
        /// The name of the view added.
        var name: String
        /// Whether it is named as the view's member (`self.box`), not possibly a local.
        var isMember: Bool
        /// The edit writing the call as the layer's `addSublayer(_:)`.
        var edit: (Syntax, String)
    }

    /// The calls in `members` (a view's own, and its extensions' in its file) adding a view to
    /// the view, by name, in source order.
    static func subviewAdditions(in members: [MemberBlockItemSyntax]) -> [SubviewAddition] {
        final class Finder: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let callee = node.calledExpression
                if callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "addSubview"
                    || (callee.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "addSubview" && $0.base?.trimmedDescription == "self" } ?? false)
                {
                    calls.append(node)
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for member in members { finder.walk(member) }
        return finder.calls.compactMap { call in
            guard call.arguments.count == 1, call.trailingClosure == nil, var expression = call.arguments.first?.expression else { return nil }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
            let callee = call.calledExpression
            let edit = (Syntax(callee), callee.is(MemberAccessExprSyntax.self) ? "self.addSublayer" : "addSublayer")
            if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
                return SubviewAddition(call: call, name: reference.baseName.text, isMember: false, edit: edit)
            }
            if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
                return SubviewAddition(call: call, name: member.declName.baseName.text, isMember: true, edit: edit)
            }
            return nil
        }
    }

    /// Whether `node` lies in one of the nodes a view pass's plan writes (`edits`) or removes.
    static func isWritten(_ node: some SyntaxProtocol, by edits: [(Syntax, String)], removing removed: [(Syntax, String)]) -> Bool {
        (edits.map(\.0) + removed.map(\.0)).contains {
            $0.positionAfterSkippingLeadingTrivia <= node.positionAfterSkippingLeadingTrivia
                && node.endPositionBeforeTrailingTrivia <= $0.endPositionBeforeTrailingTrivia
        }
    }

    /// Makes a view pass's edits (each node written once, `reason` given) and removals (a member
    /// with its line, another node alone), each with its own reason.
    static func apply(_ edits: [(Syntax, String)], removing removed: [(Syntax, String)], in file: PortingSourceFile, reason: String) {
        var written: Set<SyntaxIdentifier> = []
        for (target, text) in edits where written.insert(target.id).inserted {
            let text = fillingMovedText(text, in: file)
            // An assignment's value moved into the text keeps the edits made inside it.
            if text.contains(assignedValueMark), let list = target.as(SequenceExprSyntax.self)?.elements, list.count > 2,
                let first = list.dropFirst(2).first, let last = list.last
            {
                let value = file.placeholder(for: file.trimmedRange(first).lowerBound..<file.trimmedRange(last).upperBound)
                file.replace(target, with: text.split(separator: assignedValueMark, omittingEmptySubsequences: false).joined(separator: value), kind: .uikitValue, reason: reason)
                continue
            }
            file.replace(target, with: text, kind: .uikitValue, reason: reason)
        }
        for (node, why) in removed {
            if let member = node.as(MemberBlockItemSyntax.self) {
                file.removeMember(member, kind: .uikitValue, reason: why)
            } else {
                file.remove(node, kind: .uikitValue, reason: why)
            }
        }
    }

    /// Inserts `lines` (members, unindented; empty ones stay blank) before the closing brace of
    /// `node`, a class the view passes write, at its members' indentation where they start lines
    /// of their own (else the class's and four spaces), with one edit and `reason`.
    /// In a `public` or `open` class, the methods added that override the layer's or meet a
    /// protocol's requirement are `public`, and so are required initializers in an `open` one,
    /// as Swift needs them to be.
    static func insert(_ lines: [String], before node: ClassDeclSyntax, in file: PortingSourceFile, reason: String) {
        let isPublic = node.modifiers.isPublicOrOpen
        let isOpen = node.modifiers.contains { $0.name.tokenKind == .keyword(.open) }
        let lines = lines.map { line in
            // (After an actor attribute: `@MainActor public func handlePointerEvent(_:)`.)
            let attribute = line.drop { $0 == " " }.hasPrefix("@MainActor ") ? "@MainActor " : ""
            let code = line.drop { $0 == " " }.dropFirst(attribute.count)
            let needsPublic = (isPublic && (code.hasPrefix("override func ") || code.hasPrefix("func "))) || (isOpen && code.hasPrefix("required init"))
            guard needsPublic else { return line }
            return String(line.prefix(line.count - code.count - attribute.count)) + attribute + "public " + code
        }
        let close = file.trimmedRange(node.memberBlock.rightBrace)
        let lineStart = file.lineStart(before: close.lowerBound)
        let firstMember = node.memberBlock.members.first.map { file.trimmedRange($0).lowerBound }
        let indentation =
            firstMember.flatMap { start in
                let lineStart = file.lineStart(before: start)
                return lineStart > 0 && file.source((lineStart - 1)..<lineStart) == "\n" ? file.source(lineStart..<start) : nil
            } ?? file.indentation(of: node) + "    "
        let added = lines.map { $0.isEmpty ? "" : indentation + $0 }
        if lineStart > 0, file.source((lineStart - 1)..<lineStart) == "\n" {
            // The brace on a line of its own: the members go on the lines before it.
            file.insert("\n" + added.map { $0 + "\n" }.joined(), at: lineStart, after: close, kind: .uikitValue, reason: reason)
        } else {
            file.insert("\n" + added.joined(separator: "\n") + "\n", at: close.lowerBound, after: close, kind: .uikitValue, reason: reason)
        }
    }

    /// The `action(forKey:)` a layer written for a view declares: no action, as a view gives its
    /// own layer none, but (where the files run UIKit animation blocks, `inBlocks`) in such a
    /// block, the block's animation for the key (``ViewAnimationBlockRewriter``).
    /// The `action(forKey:)` of a view written as a subclass of a layer class that answers
    /// actions itself (`layerClass`): that class answers first, as a layer's own
    /// `action(forKey:)` does before it asks its delegate; where it finds nothing, the view, its
    /// delegate, gives no action (`NSNull()`, which also stops the implicit animation) — or, in
    /// a UIKit animation block, the block's.
    static func actionMembers(inBlocks: Bool, deferringTo layerClass: String) -> [String] {
        guard inBlocks else {
            return [
                "/// Changes to the layer itself animate as \(layerClass)'s `action(forKey:)` says, and otherwise not, as a",
                "/// view's own layer's do not (the view, its delegate, gives them no action).",
                "override func action(forKey event: String) -> (any CAAction)? {",
                "    super.action(forKey: event) ?? NSNull()",
                "}",
            ]
        }
        return [
            "/// Changes to the layer itself animate as \(layerClass)'s `action(forKey:)` says, and otherwise only in a",
            "/// UIKit animation block, as a view's own layer's do: with the block's timing (its duration and curve, or its spring).",
            "override func action(forKey event: String) -> (any CAAction)? {",
            "    if let answer = super.action(forKey: event) { return answer }",
        ] + blockAnimation(otherwise: "NSNull()") + [
            "}",
        ]
    }

    /// The `action(forKey:)` of a view written as a layer that answers its layer's actions as
    /// its delegate (`delegateAction(for:forKey:)`): that answer first, as a layer asks its
    /// delegate first, then the layer's own search. With `asksUIKit`, UIKit's view's own answer
    /// too (`uikitViewAction(forKey:)`): in a UIKit animation block, the block's animation of
    /// the key; otherwise no action (`NSNull()`).
    static func delegateActionMembers(asksUIKit: Bool) -> [String] {
        var lines = [
            "/// The view's answer as its layer's delegate, delegateAction(for:forKey:), comes first, as a layer asks",
            "/// its delegate first; where it gives none, the layer's own search.",
            "override func action(forKey event: String) -> (any CAAction)? {",
            "    delegateAction(for: self, forKey: event) ?? super.action(forKey: event)",
            "}",
        ]
        if asksUIKit {
            lines += [
                "",
                "/// What UIKit's view answers its layer for `event`: in a UIKit animation block, the block's animation",
                "/// of that key; otherwise no action.",
                "private func uikitViewAction(forKey event: String) -> (any CAAction)? {",
            ] + blockAnimation(otherwise: "NSNull()") + [
                "}",
            ]
        }
        return lines
    }

    /// The body lines giving the current UIKit animation block's animation for `event`, a copy
    /// with `event` as its key path, or `otherwise` outside a block.
    private static func blockAnimation(otherwise: String) -> [String] {
        [
            "    guard let block = CATransaction.value(forKey: \"\(ViewAnimationBlockRewriter.transactionKey)\") as? CABasicAnimation,",
            "        let animation = block.copy() as? CABasicAnimation",
            "    else { return \(otherwise) }",
            "    animation.keyPath = event",
            "    return animation",
        ]
    }

    static func actionMembers(inBlocks: Bool) -> [String] {
        guard inBlocks else {
            return [
                "/// Changes to the layer itself do not animate, as a view's own layer's do not.",
                "override func action(forKey event: String) -> (any CAAction)? {",
                "    nil",
                "}",
            ]
        }
        return [
            "/// Changes to the layer itself animate only in a UIKit animation block, as a view's own",
            "/// layer's do: with the block's timing (its duration and curve, or its spring).",
            "override func action(forKey event: String) -> (any CAAction)? {",
        ] + blockAnimation(otherwise: "nil") + [
            "}",
        ]
    }

    /// The edits for `target = <a colour>`, `target` a view's `backgroundColor`: the layer's
    /// (`written`, else the target as it is) takes the `CGColor` the command writes for the
    /// colour, or for each colour of an unparenthesized choice (`backgroundColor = isOn ? .green
    /// : .gray`). Nil where `target` is not so assigned, or the colour is not one the command writes.
    static func backgroundColorAssignment(_ target: ExprSyntax, writtenAs written: String?) -> [(Syntax, String)]? {
        if let list = target.parent?.as(ExprListSyntax.self), list.first?.id == target.id, let choice = TernaryChoice(assignedIn: list),
            let sequence = list.parent?.as(SequenceExprSyntax.self)
        {
            guard let chosen = UIKitValueRewriter.chosenColor(choice, implicitMember: true) else { return nil }
            return [(Syntax(sequence), "\(written ?? target.trimmedDescription) = \(chosen.dropFirst().dropLast())")]
        }
        guard let value = target.assignedValue else { return nil }
        guard let color = UIKitValueRewriter.color(value, implicitMember: true) else {
            // A colour variable or property the command writes as its CGColor (`backgroundColor
            // = fill`): the CGColor itself.
            guard ColorVariableRewriter.isWrittenColour(value) else { return nil }
            return written.map { [(Syntax(target), $0)] } ?? []
        }
        return (written.map { [(Syntax(target), $0)] } ?? []) + [(Syntax(value), color)]
    }

    /// Stands in an edit's text for the value of the assignment the edit replaces.
    static let assignedValueMark = "\u{2}assigned value\u{2}"

    /// Stands in an edit's text for the text of `range` (statements the edit moves out of the
    /// block around them), with the edits inside it made and each line after the first up to
    /// `outdent` spaces less indented (``apply(_:removing:in:reason:)``).
    static func movedText(_ range: Range<Int>, outdentingBy outdent: Int) -> String {
        "\u{2}moved \(range.lowerBound) \(range.upperBound) \(outdent)\u{2}"
    }

    /// `text` with each ``movedText(_:outdentingBy:)`` mark replaced by the file's placeholder
    /// for its range.
    private static func fillingMovedText(_ text: String, in file: PortingSourceFile) -> String {
        guard text.contains("\u{2}moved ") else { return text }
        return text.split(separator: "\u{2}", omittingEmptySubsequences: false).enumerated().map { index, part in
            guard index % 2 == 1 else { return String(part) }
            let numbers = part.split(separator: " ").dropFirst().compactMap { Int($0) }
            guard part.hasPrefix("moved "), numbers.count == 3, numbers[0] <= numbers[1] else { return "\u{2}\(part)\u{2}" }
            return file.placeholder(for: numbers[0]..<numbers[1], outdentingLinesBy: numbers[2])
        }.joined()
    }

    /// Every view member name the passes know, `layer` included.
    static let viewNames = Set(layerMembers.keys).union(viewOnlyMembers).union(["layer"])

    /// The edits that write the view members used in `members` (a view extension's or view
    /// class's body) as the layer's, or nil when one has no counterpart on the layer, one of
    /// the type's own members (`declared`) is named as a view member, or `self` is used other
    /// than for a member (unless `selfAlone` allows it: a class's instance is the layer).
    /// `layerClass`: the class the layer is (`layer as! CAGradientLayer` is the layer itself).
    /// `skipped`: members that go (properties forwarding to the layer's own), whose uses of the
    /// view are not written; `replaced`: code other edits replace whole (a touch method's
    /// parameters, a tap recognizer added).
    static func edits(
        in members: MemberBlockSyntax, declared: Set<String>, selfAlone: Bool, layerClass: String = "CALayer",
        skipped: Set<SyntaxIdentifier> = [], replaced: [Syntax] = [], refusal: ViewRefusal? = nil, inherited: Set<String> = [],
        isAppKit: Bool? = nil, windowFlag: String? = nil
    ) -> [(Syntax, String)]? {
        // A UIKit view's own `animator` (AppKit's views have one) is its own, and an AppKit
        // view's own `tintColor` (UIKit's have one); an extension's members may be either kit's.
        let viewNames = isAppKit.map { Self.viewNames.subtracting($0 ? uiKitOnlyMembers : appKitOnlyMembers) } ?? Self.viewNames
        guard declared.isDisjoint(with: viewNames) else {
            return refusal.refuse("it declares \(declared.intersection(viewNames).sorted().map { "`\($0)`" }.joined(separator: ", ")), named as a view member")
        }
        // The members of the written class it inherits are its own too (a label's `sizeToFit()`).
        let declared = declared.union(inherited)
        var edits: [(Syntax, String)] = []
        for token in tokens(of: Array(members.members).filter { !skipped.contains($0.id) }, outside: replaced) {
            if token.tokenKind == .keyword(.self) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // `CAGradientLayer.self`: a type's metatype.
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id { continue }
                // `self.member`: a view member or one of the type's own; `self` alone where allowed,
                // or captured weakly and bound for its members (`[weak self] in guard let strongSelf
                // = self`).
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else {
                    if selfAlone || isBoundForMembers(reference) { continue }
                    return refusal.refuse("it uses `self` other than for its members")
                }
                let name = access.declName.baseName.text
                if declared.contains(name) { continue }
                // `self.init(frame: f)` in a convenience initializer: the class's own, which stays.
                if name == "init", declaresInitializer(calledBy: access, in: members) { continue }
                guard let written = member(ExprSyntax(access), named: name, layerClass: layerClass, windowFlag: windowFlag) else {
                    return refusal.refuse(unwritten(ExprSyntax(access), named: name))
                }
                edits += written
                continue
            }
            guard case .identifier(let name) = token.tokenKind, viewNames.contains(name),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { continue }
            // `other.frame`: another value's member; `self.frame` was written with `self`. In a
            // class, a closure's weak `self` (`self?.layer`, `self!.frame`) and a name bound to it
            // (`guard let strongSelf = self`) are the instance too.
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                guard let base = access.base, isInstance(base), !declared.contains(name),
                    let written = instanceMember(access, named: name, base: base)
                else { continue }
                edits += written
                continue
            }
            // A local of that name (`let alpha = …`), a parameter or an `if let` binding.
            if isLocal(name, at: reference) { continue }
            // A member of the written class it inherits (a label's `sizeToFit()`).
            if inherited.contains(name) { continue }
            guard let written = member(ExprSyntax(reference), named: name, layerClass: layerClass, windowFlag: windowFlag) else {
                return refusal.refuse(unwritten(ExprSyntax(reference), named: name))
            }
            edits += written
        }
        return edits
    }

    /// Whether `reference`, `self` alone, is only captured or bound for its members: an item of
    /// a closure's capture list (`[weak self]`, `[unowned self]`), or the value a name is bound to
    /// (`guard let strongSelf = self`, `if let self`) that the code around reads only members of
    /// (`strongSelf.layer`), as `self?.member` reads them. In an extension, `self` handed on
    /// whole would be the layer where a view was taken.
    private static func isBoundForMembers(_ reference: DeclReferenceExprSyntax) -> Bool {
        if reference.parent?.is(ClosureCaptureSyntax.self) == true { return true }
        guard let clause = reference.parent?.as(InitializerClauseSyntax.self),
            let binding = clause.parent?.as(OptionalBindingConditionSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let scope = binding.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self).map(Syntax.init) ?? $0.as(CodeBlockSyntax.self).map(Syntax.init) })
        else { return false }
        return scope.tokens(viewMode: .sourceAccurate).allSatisfy { token in
            guard token.text == name, let use = token.parent?.as(DeclReferenceExprSyntax.self) else { return true }
            // `strongSelf.member`, or the binding's own shorthand value (`if let self`).
            if let access = use.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(use).id { return true }
            return use.parent?.as(InitializerClauseSyntax.self)?.id == clause.id
        }
    }

    /// Whether `base` is the instance other than as `self`: `self?`, `self!`, or a name an
    /// `if let`/`guard let` binds to `self` (`guard let strongSelf = self`, `if let self`).
    private static func isInstance(_ base: ExprSyntax) -> Bool {
        if let chained = base.as(OptionalChainingExprSyntax.self)?.expression ?? base.as(ForceUnwrapExprSyntax.self)?.expression {
            return chained.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
        guard let reference = base.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind,
            let binding = NameReferences.optionalBinding(named: name, around: reference)
        else { return false }
        return binding.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// The edits for the view member `name` read through the instance as `base`
    /// (``isInstance(_:)``): the layer itself for `layer` (`self?.layer.opacity` →
    /// `self?.opacity`, `strongSelf.layer` → `strongSelf`), the layer's name for a member it
    /// has under another (`center`), a colour given to `backgroundColor` as a `CGColor`; none
    /// for a member it has; nil for the others (`alpha`), which are left.
    private static func instanceMember(_ access: MemberAccessExprSyntax, named name: String, base: ExprSyntax) -> [(Syntax, String)]? {
        if name == "layer" {
            // Followed by a member: the base with its `?` or `!`; alone, the instance (optional
            // in a weak closure, as the view's layer read so was).
            if let outer = access.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == ExprSyntax(access).id {
                return [(Syntax(access), base.trimmedDescription)]
            }
            let value = base.as(OptionalChainingExprSyntax.self)?.expression.trimmedDescription ?? base.trimmedDescription
            return [(Syntax(access), value)]
        }
        // `alpha` and `transform` are written through `self.`, which this base is not.
        if name == "alpha" || name == "transform" { return nil }
        // The layer's members, and a colour given to `backgroundColor`, as through `self`.
        return member(ExprSyntax(access), named: name, layerClass: "CALayer")
    }

    /// Why the use `use` of the view member `name` leaves the view: the use, in its statement.
    private static func unwritten(_ use: ExprSyntax, named name: String) -> String {
        if name == "init" {
            let labels = use.parent?.as(FunctionCallExprSyntax.self)?.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() ?? ""
            return "it calls the view's own `self.init(\(labels))`, which its layer does not have"
        }
        let statement = use.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) })?.trimmedDescription ?? use.trimmedDescription
        let shown = statement.contains("\n") || statement.count > 80 ? use.trimmedDescription : statement
        return "it uses `\(name)` (`\(shown)`), a view member the command does not write on its layer"
    }

    /// Whether `access`, `self.init` called, calls an initializer `members` declare (by its
    /// argument labels), which the layer class keeps.
    private static func declaresInitializer(calledBy access: MemberAccessExprSyntax, in members: MemberBlockSyntax) -> Bool {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return members.members.contains { item in
            item.decl.as(InitializerDeclSyntax.self).map { CallSignature($0.signature.parameterClause.parameters).isCalled(with: labels) } ?? false
        }
    }

    /// Whether `name` at `reference` is a local constant or variable declared before it, a
    /// parameter of a function or closure around it, a `for`-`in` loop's variable around it, or
    /// bound by an `if let`/`guard let` it sees; `global`, a declaration of the file's own, is
    /// not one.
    static func isLocal(_ name: String, at reference: DeclReferenceExprSyntax, besides global: VariableDeclSyntax? = nil) -> Bool {
        if let declaration = NameReferences.declaration(of: name, before: reference), declaration.id != global?.id { return true }
        if NameReferences.optionalBinding(named: name, around: reference) != nil { return true }
        var current = reference.parent
        var child = Syntax(reference)
        while let ancestor = current {
            // `for layer in sublayers { layer.removeFromSuperlayer() }`: the loop's variable in
            // its body and `where` clause (not in the sequence it walks).
            if let loop = ancestor.as(ForStmtSyntax.self), child.id != loop.sequence.id,
                loop.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name && $0.parent?.is(IdentifierPatternSyntax.self) == true })
            {
                return true
            }
            child = ancestor
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

    /// The edits for a use of the view's member `name` (`use` is `name` or `self.name`, or
    /// another view's `box.name`): none for a member the layer has of that name; nil for a
    /// member the layer does not have. `windowFlag`: the layer's flag that says it is shown
    /// (``windowComparison(_:flag:)``), where it has one.
    static func member(_ use: ExprSyntax, named name: String, layerClass: String, windowFlag: String? = nil) -> [(Syntax, String)]? {
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
            // The same cast assigned to a name of the class's own (`emitter = layer as?
            // CAEmitterLayer`): the name given the layer itself.
            if let list = use.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self), list.count == 5 {
                let elements = Array(list)
                let target = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? elements[0].as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
                if let target, !viewNames.contains(target), elements[1].is(AssignmentExprSyntax.self), elements[2].id == use.id,
                    let cast = elements[3].as(UnresolvedAsExprSyntax.self), elements[4].as(TypeExprSyntax.self)?.type.trimmedDescription == layerClass
                {
                    let value = [.postfixQuestionMark, .infixQuestionMark].contains(cast.questionOrExclamationMark?.tokenKind) ? "Optional(self)" : "self"
                    return [(Syntax(sequence), "\(elements[0].trimmedDescription) = \(value)")]
                }
            }
            // AppKit's optional layer: `layer?.mask`, `layer!.mask`; a chain whose optional
            // value is bound or defaulted (`guard let p = layer?.position`) stays optional.
            if let chained = use.parent?.as(OptionalChainingExprSyntax.self) {
                return [(Syntax(chained), isReadAsOptional(chained) ? "Optional(self)?" : "self")]
            }
            if let forced = use.parent?.as(ForceUnwrapExprSyntax.self) { return [(Syntax(forced), "self")] }
            // AppKit's optional layer bound (`guard let layer = layer else { return }`): an optional of it.
            if use.parent?.as(InitializerClauseSyntax.self)?.parent?.is(OptionalBindingConditionSyntax.self) == true {
                return [(Syntax(use), "Optional(self)")]
            }
            return [(Syntax(use), "self")]
        }
        // `backgroundColor = .clear`: the layer's takes the CGColor of a colour the command writes.
        if name == "backgroundColor" { return backgroundColorAssignment(use, writtenAs: nil) }
        if name == "alpha" || name == "transform" { return opacityOrTransform(use, named: name) }
        if name == "autoresizingMask" { return autoresizingMask(use) }
        // `removeFromSuperview()`: the view's layer leaves its superlayer with it; the layer
        // the view becomes leaves its own. `superview == nil`: whether it is in a tree, which
        // its superlayer tells (the superview's layer, or the window's).
        if name == "removeFromSuperview" || (name == "superview" && NilComparison.isComparedWithNil(use)) {
            let layerName = name == "superview" ? "superlayer" : "removeFromSuperlayer"
            if name == "removeFromSuperview" {
                guard let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id, call.arguments.isEmpty,
                    call.trailingClosure == nil
                else { return nil }
            }
            if let access = use.as(MemberAccessExprSyntax.self) { return [(Syntax(access.declName), layerName)] }
            return [(Syntax(use), layerName)]
        }
        if name == "window" { return windowFlag.flatMap { windowComparison(use, flag: $0) } }
        guard let entry = layerMembers[name] else { return nil }
        guard let layerName = entry else { return [] }
        if let access = use.as(MemberAccessExprSyntax.self) { return [(Syntax(access.declName), layerName)] }
        return [(Syntax(use), layerName)]
    }

    /// `window != nil` (`self.window == nil`, `nil != window`), the whole of a condition or
    /// value, in a view whose layer calls its `didMoveToWindow()`: `flag` (`!flag`), the
    /// layer's flag that it has been laid out and not removed since, set as it calls the method
    /// (UIKit calls it as the view is put in a window and as it leaves one, `window` then nil).
    /// Nil for another use of `window`.
    private static func windowComparison(_ use: ExprSyntax, flag: String) -> [(Syntax, String)]? {
        guard NilComparison.isComparedWithNil(use), let list = use.parent?.as(ExprListSyntax.self), list.count == 3,
            let sequence = list.parent?.as(SequenceExprSyntax.self),
            let comparison = list.first(where: { $0.is(BinaryOperatorExprSyntax.self) })?.as(BinaryOperatorExprSyntax.self)
        else { return nil }
        return [(Syntax(sequence), comparison.operator.text == "!=" ? flag : "!" + flag)]
    }

    /// Whether the optional chain `chained` starts (`layer?.position`, `layer?.sublayers?.first`)
    /// is read as an optional: bound by `if let`/`guard let`, or defaulted with `??`.
    private static func isReadAsOptional(_ chained: OptionalChainingExprSyntax) -> Bool {
        var top = Syntax(chained)
        while let parent = top.parent,
            parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(SubscriptCallExprSyntax.self)
        {
            top = parent
        }
        if top.parent?.as(InitializerClauseSyntax.self)?.parent?.is(OptionalBindingConditionSyntax.self) == true { return true }
        guard let list = top.parent?.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == top.id }) else { return false }
        let next = list.index(after: index)
        return next != list.endIndex && list[next].trimmedDescription == "??"
    }

    /// The view's `alpha`, its layer's `opacity` (a `Float`), and its `transform`, its layer's
    /// affine transform (UIKit keeps both on the layer): `alpha = a` → `opacity = Float(a)`,
    /// `alpha` read → `CGFloat(opacity)`; `transform = t` → `setAffineTransform(t)`, `transform`
    /// read → `affineTransform()`. Nil where one is changed otherwise (`alpha += 0.1`).
    private static func opacityOrTransform(_ use: ExprSyntax, named name: String) -> [(Syntax, String)]? {
        let qualifier = use.is(MemberAccessExprSyntax.self) ? "self." : ""
        if use.isAssignmentTarget {
            // The value: all after `=` (`alpha = faded ? 1 : 0.5` is one unfolded sequence),
            // with the edits inside it (``apply(_:removing:in:reason:)``).
            guard let sequence = use.parent?.parent?.as(SequenceExprSyntax.self) else { return nil }
            let value = assignedValueMark
            if name == "alpha" {
                return [(Syntax(sequence), "\(qualifier)opacity = Float(\(value))")]
            }
            return [(Syntax(sequence), "\(qualifier)setAffineTransform(\(value))")]
        }
        // Read, not changed in place (`alpha -= 0.1`, `transform.tx = 4`).
        if let list = use.parent?.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == use.id }),
            list.index(after: index) != list.endIndex, list[list.index(after: index)].is(BinaryOperatorExprSyntax.self),
            list[list.index(after: index)].trimmedDescription.hasSuffix("=")
        {
            return nil
        }
        if let access = use.parent?.as(MemberAccessExprSyntax.self), access.base?.id == use.id, access.assignedValue != nil { return nil }
        return [(Syntax(use), name == "alpha" ? "CGFloat(\(qualifier)opacity)" : "\(qualifier)affineTransform()")]
    }

    /// UIKit's autoresizing options and the layer's of the same bit, which name the same edge
    /// in Lamina's y-down layers as in UIKit's views (`flexibleTopMargin`, the margin above,
    /// is `layerMinYMargin`).
    static let autoresizingOptions = [
        "flexibleLeftMargin": "layerMinXMargin", "flexibleWidth": "layerWidthSizable", "flexibleRightMargin": "layerMaxXMargin",
        "flexibleTopMargin": "layerMinYMargin", "flexibleHeight": "layerHeightSizable", "flexibleBottomMargin": "layerMaxYMargin",
    ]

    /// `autoresizingMask = [.flexibleWidth, .flexibleHeight]` (a set, or one option): the
    /// layer's mask of the same options (``autoresizingOptions``), which Core Animation applies
    /// as its superlayer's bounds change, as UIKit applies the view's as its superview's do.
    /// UIKit shares a change among an axis's flexible parts in proportion to their lengths,
    /// Core Animation evenly: a mask with more than one flexible part along an axis is left, as
    /// is a mask read or given otherwise. Nil for those.
    private static func autoresizingMask(_ use: ExprSyntax) -> [(Syntax, String)]? {
        guard use.isAssignmentTarget, let sequence = use.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let value = sequence.elements.last
        else { return nil }
        let options: [ExprSyntax]
        if let array = value.as(ArrayExprSyntax.self) {
            options = array.elements.map(\.expression)
        } else {
            options = [value]
        }
        var edits: [(Syntax, String)] = []
        var axes: [String] = []
        for option in options {
            guard let access = option.as(MemberAccessExprSyntax.self),
                access.base == nil || ["UIView.AutoresizingMask", "UIViewAutoresizing"].contains(access.base?.trimmedDescription ?? ""),
                let written = autoresizingOptions[access.declName.baseName.text]
            else { return nil }
            axes.append(written.contains("X") || written.contains("Width") ? "x" : "y")
            edits.append((Syntax(option), "." + written))
        }
        guard axes.filter({ $0 == "x" }).count <= 1, axes.filter({ $0 == "y" }).count <= 1 else { return nil }
        return edits
    }

    /// Whether `members` (a class's or extension's body) use the view's own member `name`
    /// (alone, or through `self`), not a local of that name.
    static func usesOwnMember(_ name: String, in members: Syntax) -> Bool {
        !ownMemberUses(name, in: members).isEmpty
    }

    /// The uses in `members` of the view's own member `name`: the name alone (not a local of
    /// that name) and `self.name`, in order.
    static func ownMemberUses(_ name: String, in members: Syntax) -> [ExprSyntax] {
        members.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id else {
                return isLocal(name, at: reference) ? nil : ExprSyntax(reference)
            }
            return access.base?.trimmedDescription == "self" ? ExprSyntax(access) : nil
        }
    }
}

extension TokenSyntax {
    /// Whether the token is in a `#keyPath(…)` expression.
    fileprivate var isInKeyPathMacro: Bool {
        var current = parent
        while let node = current {
            if let macro = node.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "keyPath" }
            if node.is(MemberBlockItemSyntax.self) || node.is(CodeBlockItemSyntax.self) { return false }
            current = node.parent
        }
        return false
    }
}
