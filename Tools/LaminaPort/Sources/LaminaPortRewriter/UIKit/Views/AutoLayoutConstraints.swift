import SwiftSyntax

/// Auto Layout constraints that pin a view of a view controller or view written as a layer
/// (``ViewControllerClassRewriter``, ``ViewClassRewriter``) to the controller's view or to the
/// view itself, written as Core Animation's layer constraints, which the holder's
/// `CAConstraintLayoutManager` applies at each of its layouts, as Auto Layout places the view
/// at each layout:
///
/// ```swift
/// ring.translatesAutoresizingMaskIntoConstraints = false    (removed)
/// NSLayoutConstraint.activate([                             self.layoutManager = CAConstraintLayoutManager()
///     ring.centerXAnchor.constraint(                        ring.addConstraint(CAConstraint(attribute: .midX,
///         equalTo: view.centerXAnchor),               →         relativeTo: "superlayer", attribute: .midX))
///     ring.widthAnchor.constraint(equalToConstant: 120),    ring.addConstraint(CAConstraint(attribute: .width,
/// ])                                                            relativeTo: "superlayer", attribute: .width, scale: 0, offset: 120))
/// ```
///
/// A constraint is `view.anchor.constraint(equalTo: holder.anchor)`, with a `constant:` (the
/// constraint's offset) and, for a width or height, a `multiplier:` (its scale), or
/// `view.widthAnchor.constraint(equalToConstant: c)`; activated in `NSLayoutConstraint.activate([…])`
/// or by `.isActive = true`. The anchors are the edges, centres and sizes: `leading` and `left`
/// are the minimum x (left to right, as Lamina lays out), `trailing` and `right` the maximum,
/// `top` the minimum y and `bottom` the maximum (y down, as UIKit's). The holder is the
/// controller's `view` or the view itself, or its `safeAreaLayoutGuide` (a Lamina window has no
/// unsafe area: its edges). A constraint to another view the holder constrains
/// (`label.topAnchor.constraint(equalTo: ring.bottomAnchor, constant: 8)`) reads that view's
/// layer by its name, which is set to the name that holds it (`ring.name = "ring"`) where code
/// gives it no name of its own. Constraints of a view to itself (an aspect ratio),
/// inequalities, priorities, layout margins and constraints kept in variables are left, and the
/// holder with them.
enum AutoLayoutConstraints {
    /// Core Animation's attribute for each anchor.
    static let attributes: [String: String] = [
        "leadingAnchor": "minX", "leftAnchor": "minX", "trailingAnchor": "maxX", "rightAnchor": "maxX", "centerXAnchor": "midX",
        "topAnchor": "minY", "bottomAnchor": "maxY", "centerYAnchor": "midY", "widthAnchor": "width", "heightAnchor": "height",
    ]

    /// The anchors of a size.
    private static let dimensions: Set<String> = ["widthAnchor", "heightAnchor"]

    /// The edits writing the constraint statements of `members` (a controller's or view's own):
    /// `container` spells the holder (`view`, `self.view` in a controller; `self`, and anchors
    /// named alone, in a view). The statements are among `replaced`.
    static func edits(in members: [MemberBlockItemSyntax], container: [String]) -> ViewInput.Edits {
        final class Finder: SyntaxVisitor {
            var items: [CodeBlockItemSyntax] = []
            override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                items.append(node)
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for member in members { finder.walk(member) }
        var result = ViewInput.Edits()
        // The views named in the current run of constraint statements.
        var named: Set<String> = []
        for item in finder.items {
            guard let statement = written(item, container: container) else { continue }
            result.replaced.append(Syntax(item))
            if statement.lines.isEmpty {
                result.removed.append((Syntax(item), "Lamina's layers have no autoresizing constraints: the layer is placed by its own constraints"))
                continue
            }
            // The holder lays its layers out by their constraints: said before each run of them.
            let previous = item.parent?.as(CodeBlockItemListSyntax.self).flatMap { list in
                Array(list).last { $0.position < item.position }
            }
            let follows = previous.map { written($0, container: container)?.lines.isEmpty == false } ?? false
            if !follows { named = [] }
            // The views read as siblings go by their names.
            let naming = statement.siblings.filter { named.insert($0).inserted }.map { "\($0).name = \"\(plainName($0))\"" }
            let all = (follows ? [] : ["self.layoutManager = CAConstraintLayoutManager()"]) + naming + statement.lines
            result.edits.append((Syntax(item), all.joined(separator: "\n" + item.statementIndentation)))
        }
        return result
    }

    /// The name a view held as `ring` or `self.ring` is given: `ring`.
    private static func plainName(_ view: String) -> String {
        view.hasPrefix("self.") ? String(view.dropFirst(5)) : view
    }

    /// A statement written: the lines written for it (none: it goes), and the views its
    /// constraints read as siblings, as written (`ring`, `self.ring`).
    struct Statement {
        var lines: [String]
        var siblings: [String] = []
    }

    /// Whether `node` is in a statement ``edits(in:container:)`` writes.
    static func isWritten(_ node: some SyntaxProtocol, container: [String]) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let item = ancestor.as(CodeBlockItemSyntax.self), written(item, container: container) != nil { return true }
            if ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// The statements `item` is written as: none for `view.translatesAutoresizingMaskIntoConstraints
    /// = false` (it goes), the constraints added for an activation; nil for another statement.
    static func written(_ item: CodeBlockItemSyntax, container: [String]) -> Statement? {
        // `ring.translatesAutoresizingMaskIntoConstraints = false`.
        if let (target, value) = item.item.as(SequenceExprSyntax.self)?.elements.simpleAssignment,
            let access = target.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "translatesAutoresizingMaskIntoConstraints",
            let base = access.base, constrainedView(base, container: container) != nil, value.trimmedDescription == "false"
        {
            return Statement(lines: [])
        }
        var constraints: [ExprSyntax] = []
        if let (target, value) = item.item.as(SequenceExprSyntax.self)?.elements.simpleAssignment,
            let access = target.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "isActive",
            value.trimmedDescription == "true", let base = access.base
        {
            // `ring.widthAnchor.constraint(equalToConstant: 40).isActive = true`.
            constraints = [base]
        } else if let call = item.item.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "NSLayoutConstraint.activate", call.trailingClosure == nil,
            call.arguments.count == 1, let array = call.arguments.first?.expression.as(ArrayExprSyntax.self), !array.elements.isEmpty
        {
            // `NSLayoutConstraint.activate([…])`.
            constraints = array.elements.map(\.expression)
        } else {
            return nil
        }
        var statement = Statement(lines: [])
        for expression in constraints {
            guard let (line, sibling) = constraint(expression, container: container) else { return nil }
            statement.lines.append(line)
            if let sibling, !statement.siblings.contains(sibling) {
                // Read by a name that code does not give it otherwise.
                guard !namesItself(sibling, around: item) else { return nil }
                statement.siblings.append(sibling)
            }
        }
        return statement
    }

    /// Whether the class around `node` reads or sets the name of the view held as `view`
    /// (`ring.name`, `self.ring.layer.name`).
    private static func namesItself(_ view: String, around node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let members = ancestor.as(MemberBlockSyntax.self) {
                return members.tokens(viewMode: .sourceAccurate).contains { token in
                    guard token.text == "name", let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                        access.declName.baseName.id == token.id
                    else { return false }
                    // `ring.name`, `ring.layer.name`, through `self` or not.
                    var base = access.base?.trimmedDescription ?? ""
                    if base.hasSuffix(".layer") { base.removeLast(6) }
                    return base == plainName(view) || base == "self." + plainName(view)
                }
            }
            current = ancestor.parent
        }
        return false
    }

    /// The `addConstraint(_:)` call written for the constraint `expression` makes, and the
    /// view it reads as a sibling, if any; or nil.
    private static func constraint(_ expression: ExprSyntax, container: [String]) -> (String, sibling: String?)? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let method = call.calledExpression.as(MemberAccessExprSyntax.self), method.declName.baseName.text == "constraint",
            let anchorAccess = method.base?.as(MemberAccessExprSyntax.self), let view = anchorAccess.base,
            let constrained = constrainedView(view, container: container),
            let attribute = attributes[anchorAccess.declName.baseName.text]
        else { return nil }
        let anchor = anchorAccess.declName.baseName.text
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        let made: String
        var sibling: String?
        switch labels {
        case ["equalToConstant"] where dimensions.contains(anchor):
            made = "CAConstraint(attribute: .\(attribute), relativeTo: \"superlayer\", attribute: .\(attribute), scale: 0, offset: \(arguments[0].expression.trimmedDescription))"
        case ["equalTo"], ["equalTo", "constant"], ["equalTo", "multiplier"], ["equalTo", "multiplier", "constant"]:
            // The holder's anchor, or another view's (a sibling, read by its layer's name).
            let source: (anchor: String, sibling: String?)
            if let anchor = holderAnchor(arguments[0].expression, container: container) {
                source = (anchor, nil)
            } else if let (view, anchor) = siblingAnchor(arguments[0].expression, container: container), plainName(view) != plainName(constrained) {
                source = (anchor, view)
            } else {
                return nil
            }
            guard dimensions.contains(source.anchor) == dimensions.contains(anchor), let sourceAttribute = attributes[source.anchor],
                !labels.contains("multiplier") || dimensions.contains(anchor)
            else { return nil }
            sibling = source.sibling
            let multiplier = labels.contains("multiplier") ? arguments[1].expression.trimmedDescription : nil
            let constant = labels.last == "constant" ? arguments.last?.expression.trimmedDescription : nil
            let relative = source.sibling.map(plainName) ?? "superlayer"
            var made_ = "CAConstraint(attribute: .\(attribute), relativeTo: \"\(relative)\", attribute: .\(sourceAttribute)"
            if let multiplier { made_ += ", scale: \(multiplier), offset: \(constant ?? "0")" } else if let constant { made_ += ", offset: \(constant)" }
            made = made_ + ")"
        default:
            return nil
        }
        return ("\(constrained).addConstraint(\(made))", sibling)
    }

    /// The view and anchor of another view's anchor `expression` is (`ring.bottomAnchor`,
    /// `self.ring.bottomAnchor`), or nil.
    private static func siblingAnchor(_ expression: ExprSyntax, container: [String]) -> (view: String, anchor: String)? {
        guard let access = expression.as(MemberAccessExprSyntax.self), attributes[access.declName.baseName.text] != nil, let base = access.base,
            let view = constrainedView(base, container: container)
        else { return nil }
        return (view, access.declName.baseName.text)
    }

    /// The view a constraint constrains, as written (`ring`, `self.ring`): a name, or one of
    /// the holder's properties through `self`, not the holder itself.
    private static func constrainedView(_ view: ExprSyntax, container: [String]) -> String? {
        // A local of the holder's name (`let view = UIView()` in a closure making a property).
        if let reference = view.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            !container.contains(reference.baseName.text) || ViewMembers.isLocal(reference.baseName.text, at: reference),
            reference.baseName.tokenKind != .keyword(.self)
        {
            return reference.baseName.text
        }
        if let access = view.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self",
            !container.contains(view.trimmedDescription), access.declName.argumentNames == nil
        {
            return view.trimmedDescription
        }
        return nil
    }

    /// The anchor of the holder `expression` is (`view.centerXAnchor`,
    /// `view.safeAreaLayoutGuide.topAnchor`; in a view `centerXAnchor` alone, `self.topAnchor`),
    /// or nil.
    private static func holderAnchor(_ expression: ExprSyntax, container: [String]) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), container.contains(""), attributes[reference.baseName.text] != nil {
            return reference.baseName.text
        }
        guard let access = expression.as(MemberAccessExprSyntax.self), attributes[access.declName.baseName.text] != nil, var base = access.base
        else { return nil }
        if let guide = base.as(MemberAccessExprSyntax.self), guide.declName.baseName.text == "safeAreaLayoutGuide" {
            guard let holder = guide.base else { return container.contains("") ? access.declName.baseName.text : nil }
            base = holder
        } else if let guide = base.as(DeclReferenceExprSyntax.self), guide.baseName.text == "safeAreaLayoutGuide" {
            return container.contains("") ? access.declName.baseName.text : nil
        }
        if let reference = base.as(DeclReferenceExprSyntax.self), ViewMembers.isLocal(reference.baseName.text, at: reference) { return nil }
        return container.contains(base.trimmedDescription) ? access.declName.baseName.text : nil
    }
}
