import SwiftSyntax

/// UIKit's plain views that a view controller makes and uses only as their layers — the box or
/// dot most animation samples move — written as layers that, like a view's own layer, do not
/// animate their own changes:
///
/// ```swift
/// let circle = UIView()                                  let circle = PlainViewLayer()
/// circle.frame = CGRect(x: 0, y: 0, width: 50, height: 50)   circle.frame = CGRect(…)
/// circle.layer.cornerRadius = 25                   →     circle.cornerRadius = 25
/// circle.backgroundColor = .lightGray                    circle.backgroundColor = CGColor(gray: 2 / 3, alpha: 1)
/// view.addSubview(circle)                                self.addSublayer(circle)
/// circle.layer.add(animation, forKey: nil)               circle.add(animation, forKey: nil)
/// ```
///
/// A view made with `UIView()` or `UIView(frame: r)` and held in a local or in one of the
/// controller's stored properties (its type `UIView` or unsaid; a property's type is written
/// `CALayer`), or by a property a closure makes (`let box: UIView = { let view = UIView(); …;
/// return view }()`), is a `PlainViewLayer`, a private `CALayer` subclass the command adds to the file
/// (``declaration(inBlocks:)``) whose
/// `action(forKey:)` gives no action: UIKit's view, its layer's delegate, gives none outside its
/// animation blocks, so its frame, colour and opacity change at once there too. Its `layer` is
/// itself, its members the layer's as ``ViewMembers`` says (`center` its `position`,
/// `clipsToBounds` its `masksToBounds`), a colour the command writes its `backgroundColor`'s
/// `CGColor`, `alpha` set its `opacity` (`Float(…)`), `addSubview(_:)` of another such view
/// `addSublayer(_:)`, and `removeFromSuperview()` `removeFromSuperlayer()`. Its
/// `view.addSubview(_:)` is the controller's (``ViewControllerClassRewriter``).
///
/// Plain labels (`UILabel()`) are found and written the same way, as ``PlainLabels`` says.
///
/// So is one an optional property of the controller's (`var label: UILabel!`, `private var box:
/// UIView?`, with no initial value) is given once (`label = UILabel(frame: r)`): the property is
/// then a `CALayer!` or `CALayer?` (a `PlainLabelLayer!` for a label), its uses through `?` and
/// `!` the layer's (`addSubview(box!)` adding it).
///
/// Nil (the controller left for a person) where such a view is held otherwise (in an array, a
/// property given views more than once), passed on other than to `addSubview(_:)`, or used
/// for a member its layer lacks (`transform`, `tag`, gestures, `UIView.animate`).
enum PlainViews {
    /// The class the views become.
    static let layerClass = "PlainViewLayer"

    /// The class the command adds to a file where it writes plain views; `inBlocks`: the files
    /// run UIKit animation blocks, which its layers answer (``ViewMembers/actionMembers(inBlocks:)``).
    static func declaration(inBlocks: Bool) -> [String] {
        [
            "/// UIKit's plain view, written as the layer it hosts: like a view's own layer, it does not",
            "/// animate changes to itself (UIKit's view, its delegate, gives it no action outside its",
            "/// animation blocks).",
            "private final class \(layerClass): CALayer {",
            "    /// A layer with `frame` as its frame, as `UIView(frame:)` makes a view.",
            "    convenience init(frame: CGRect) {",
            "        self.init()",
            "        self.frame = frame",
            "    }",
            "",
        ] + (inBlocks ? ViewMembers.actionMembers(inBlocks: true).dropFirst(2) : ViewMembers.actionMembers(inBlocks: false).dropFirst(1)).map { "    " + $0 } + ["}"]
    }

    /// One plain view: the name holding it and the declaration that makes it.
    struct Holder {
        var name: String
        var pattern: IdentifierPatternSyntax
        /// The call making it; nil for a storyboard's outlet.
        var call: FunctionCallExprSyntax?
        /// Where it is used: the statements after a local, or the controller's members.
        var scope: [Syntax]
        var kind: Kind
        /// For a property a closure makes (`let title: UILabel = { let label = UILabel(); …;
        /// return label }()`), the closure's local that holds it.
        var local: VariableDeclSyntax? = nil
    }

    /// A plain view, or a plain label (``PlainLabels``).
    enum Kind {
        case view, label

        /// UIKit's class.
        var uikitClass: String { self == .view ? "UIView" : "UILabel" }
        /// The class it becomes.
        var layerClass: String { self == .view ? PlainViews.layerClass : PlainLabels.layerClass }
    }

    /// Whether `call` makes a plain view: `UIView()` or `UIView(frame: r)`.
    static func isPlainView(_ call: FunctionCallExprSyntax) -> Bool { kind(made: call) == .view }

    /// What `call` makes: a plain view (`UIView()`, `UIView(frame: r)`) or a plain label
    /// (`UILabel()`, `UILabel(frame: r)`), or nil.
    static func kind(made call: FunctionCallExprSyntax) -> Kind? {
        let callee = call.calledExpression.trimmedDescription
        guard call.trailingClosure == nil, call.arguments.isEmpty || call.arguments.map({ $0.label?.text ?? "_" }) == ["frame"] else {
            return nil
        }
        switch callee {
        case "UIView", "UIView.init": return .view
        case "UILabel", "UILabel.init": return .label
        default: return nil
        }
    }

    /// The plain view held by the local or property `declaration`, if it holds one; a
    /// property only where `controller` (the class declaring it) is given.
    static func holder(declaredBy declaration: VariableDeclSyntax, in controller: ClassDeclSyntax?) -> Holder? {
        guard declaration.bindings.count == 1, let binding = declaration.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), binding.accessorBlock == nil,
            let initial = binding.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return nil }
        // A property a closure makes: the closure's local that holds the view, returned.
        var local: VariableDeclSyntax?
        var call = initial
        if let closure = initial.calledExpression.as(ClosureExprSyntax.self), initial.arguments.isEmpty,
            declaration.parent?.is(MemberBlockItemSyntax.self) == true
        {
            guard let made = madeInClosure(closure) else { return nil }
            (local, call) = made
        }
        guard let kind = kind(made: call),
            binding.typeAnnotation == nil || binding.typeAnnotation?.type.trimmedDescription == kind.uikitClass
        else { return nil }
        let scope: [Syntax]
        if let item = declaration.parent?.as(MemberBlockItemSyntax.self) {
            guard let controller else { return nil }
            // A property a closure makes is used outside its closure, whose local may share its name.
            scope = local == nil ? controller.bodiesInFile : controller.membersInFile.filter { $0.id != item.id }.map(Syntax.init)
        } else if let after = NameReferences.statements(after: declaration) {
            scope = after
        } else {
            return nil
        }
        return Holder(name: pattern.identifier.text, pattern: pattern, call: call, scope: scope, kind: kind, local: local)
    }

    /// What a storyboard's outlet holds when it is a plain view or label: `@IBOutlet weak var
    /// box: UIView!` (AppKit's `NSView`, `UILabel`, `!` or `?`, `weak` or not, with no value or
    /// accessor), and its type's `!` or `?`; nil for another outlet. (An AppKit view's optional
    /// `layer?` is the layer: `box.layer?.cornerRadius` is `box?.cornerRadius`.)
    static func outletKind(_ declaration: VariableDeclSyntax) -> (kind: Kind, unwrapping: String)? {
        guard let outlet = storyboardOutlet(declaration) else { return nil }
        switch outlet.wrapped.trimmedDescription {
        case "UIView", "NSView": return (.view, outlet.unwrapping)
        case "UILabel": return (.label, outlet.unwrapping)
        default: return nil
        }
    }

    /// A storyboard's outlet, `@IBOutlet weak var box: T!` (`?`, `weak` or not, with no value
    /// or accessor): its name, `T`, and its type's `!` or `?`; nil for another declaration.
    static func storyboardOutlet(_ declaration: VariableDeclSyntax) -> (name: String, wrapped: TypeSyntax, unwrapping: String)? {
        guard declaration.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet" }),
            declaration.bindingSpecifier.tokenKind == .keyword(.var), declaration.bindings.count == 1, let binding = declaration.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, binding.initializer == nil,
            binding.accessorBlock == nil, let type = binding.typeAnnotation?.type
        else { return nil }
        if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return (name, implicit.wrappedType, "!") }
        if let optional = type.as(OptionalTypeSyntax.self) { return (name, optional.wrappedType, "?") }
        return nil
    }

    /// `outlet` written as a property of `type` the controller makes with `value`, no longer
    /// `weak` (the controller holds it), its other modifiers kept: `var box: CALayer! =
    /// PlainViewLayer()`.
    static func outletProperty(_ outlet: VariableDeclSyntax, name: String, type: String, value: String) -> String {
        let modifiers = outlet.modifiers.filter { $0.name.tokenKind != .keyword(.weak) }.map(\.trimmedDescription)
        return (modifiers + ["var \(name): \(type) = \(value)"]).joined(separator: " ")
    }

    /// The local holding a plain view or label that `closure` makes, configures and returns
    /// (`{ let label = UILabel(); label.text = "0"; return label }`), and the call making it.
    private static func madeInClosure(_ closure: ClosureExprSyntax) -> (VariableDeclSyntax, FunctionCallExprSyntax)? {
        guard closure.signature == nil, let first = closure.statements.first?.item.as(VariableDeclSyntax.self),
            first.bindings.count == 1, let binding = first.bindings.first, binding.typeAnnotation == nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), kind(made: call) != nil,
            let last = closure.statements.last?.item.as(ReturnStmtSyntax.self),
            last.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        else { return nil }
        return (first, call)
    }

    /// Whether `reference` is the `return name` that ends a closure making a plain view
    /// property (``madeInClosure(_:)``).
    private static func isReturnedByMakingClosure(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let statement = reference.parent?.as(ReturnStmtSyntax.self), let item = statement.parent?.as(CodeBlockItemSyntax.self),
            let closure = item.parent?.parent?.as(ClosureExprSyntax.self), closure.statements.last?.id == item.id
        else { return false }
        return madeInClosure(closure) != nil
    }

    /// The calls in `nodes` that make a plain view or label (``kind(made:)``), in order.
    private static func makingCalls(in nodes: [Syntax]) -> [FunctionCallExprSyntax] {
        final class Finder: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if PlainViews.kind(made: node) != nil { calls.append(node) }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for node in nodes { finder.walk(node) }
        return finder.calls
    }

    /// The edits writing the plain views the controller's `members` make, and the `UIView`
    /// tokens they write; nil when one is made or used as the command cannot write.
    /// `constraintHolder`: how the view or controller's code names the view its Auto Layout
    /// constraints pin to (``AutoLayoutConstraints``), whose statements write the views' uses.
    /// `outlets`: the controller's storyboard outlets to plain views or labels
    /// (``outletKind(_:)``), written as properties made with the layer.
    /// `unwritten`: where it gives nil, the code that leaves the views (a use, or a view made
    /// and held otherwise), as the report shows it.
    static func edits(
        in members: [MemberBlockItemSyntax], of controller: ClassDeclSyntax, constraintHolder: [String],
        outlets: [VariableDeclSyntax] = [], unwritten: inout String?
    ) -> (edits: [(Syntax, String)], written: Set<SyntaxIdentifier>, names: Set<String>, kinds: Set<Kind>)? {
        var edits: [(Syntax, String)] = []
        var written: Set<SyntaxIdentifier> = []
        var holders: [Holder] = []
        // Outlets: `@IBOutlet weak var box: UIView!` → `var box: CALayer! = PlainViewLayer()`.
        for outlet in outlets {
            guard let (kind, unwrapping) = outletKind(outlet), let binding = outlet.bindings.first,
                let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
            else { return nil }
            holders.append(Holder(name: pattern.identifier.text, pattern: pattern, call: nil, scope: controller.bodiesInFile, kind: kind))
            let type = (kind == .view ? "CALayer" : kind.layerClass) + unwrapping
            edits.append((Syntax(outlet), outletProperty(outlet, name: pattern.identifier.text, type: type, value: "\(kind.layerClass)()")))
            written.formUnion(outlet.tokens(viewMode: .sourceAccurate).map(\.id))
        }
        for call in makingCalls(in: members.map(Syntax.init)) {
            // A controller's `view = UIView()` in its `loadView()`, which goes
            // (``ViewControllerClassRewriter/plainViewLoaded(by:kit:)``).
            if let sequence = call.parent?.parent?.as(SequenceExprSyntax.self), let view = sequence.elements.first,
                ["view", "self.view"].contains(view.trimmedDescription),
                ViewControllerClassRewriter.plainViewLoaded(by: view, kit: call.calledExpression.trimmedDescription == "NSView" ? .appKit : .uiKit) != nil
            {
                written.formUnion(call.tokens(viewMode: .sourceAccurate).map(\.id))
                continue
            }
            // An optional property given the view once (`label = UILabel(frame: r)`).
            if let (property, holder) = assignedHolder(call, in: controller) {
                holders.append(holder)
                edits.append((Syntax(call.calledExpression), holder.kind.layerClass))
                written.formUnion(call.calledExpression.tokens(viewMode: .sourceAccurate).map(\.id))
                if let type = property.bindings.first?.typeAnnotation?.type {
                    let unwrapping = type.is(OptionalTypeSyntax.self) ? "?" : "!"
                    edits.append((Syntax(type), (holder.kind == .view ? "CALayer" : holder.kind.layerClass) + unwrapping))
                    written.formUnion(type.tokens(viewMode: .sourceAccurate).map(\.id))
                }
                continue
            }
            guard let declaration = call.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self),
                let holder = holder(declaredBy: declaration, in: controller), holder.call?.id == call.id
            else {
                unwritten = Self.shown(ExprSyntax(call))
                return nil
            }
            holders.append(holder)
            let callee = call.calledExpression
            edits.append((Syntax(callee), holder.kind.layerClass))
            written.formUnion(callee.tokens(viewMode: .sourceAccurate).map(\.id))
            // The property a closure makes with this local holds it too.
            var typed = [(declaration, declaration.parent?.is(MemberBlockItemSyntax.self) == true)]
            if let closure = declaration.parent?.parent?.parent?.as(ClosureExprSyntax.self),
                let property = closure.parent?.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self),
                let made = Self.holder(declaredBy: property, in: controller), made.local?.id == declaration.id
            {
                holders.append(made)
                typed.append((property, true))
            }
            for (declared, isProperty) in typed {
                // A view property is a `CALayer` (the class is private to the file); a label's the class.
                let typeName = holder.kind == .view && isProperty ? "CALayer" : holder.kind.layerClass
                if let type = declared.bindings.first?.typeAnnotation?.type {
                    edits.append((Syntax(type), typeName))
                    written.formUnion(type.tokens(viewMode: .sourceAccurate).map(\.id))
                } else if isProperty, holder.kind == .view, declared.id == declaration.id, let pattern = declared.bindings.first?.pattern {
                    edits.append((Syntax(pattern), pattern.trimmedDescription + ": " + typeName))
                }
            }
        }
        let names = Set(holders.map(\.name))
        for holder in holders {
            guard let uses = useEdits(holder, holders: names, constraintHolder: constraintHolder, unwritten: &unwritten) else { return nil }
            edits += uses
        }
        return (edits, written, names, Set(holders.map(\.kind)))
    }

    /// The property holding the plain view or label `call` makes, where `call` is the value of
    /// the one assignment to it (`label = UILabel(frame: r)`, `self.box = UIView()`) and it is
    /// a stored `var` of the controller's declared optional (`var label: UILabel!`, `private var
    /// box: UIView?`) with no initial value; and the holder. Nil for another call.
    private static func assignedHolder(_ call: FunctionCallExprSyntax, in controller: ClassDeclSyntax) -> (VariableDeclSyntax, Holder)? {
        guard let kind = kind(made: call), let sequence = call.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.last?.id == ExprSyntax(call).id, Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
            sequence.parent?.is(CodeBlockItemSyntax.self) == true, let target = sequence.elements.first
        else { return nil }
        let name: String
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            guard !ViewMembers.isLocal(reference.baseName.text, at: reference) else { return nil }
            name = reference.baseName.text
        } else if let access = target.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            name = access.declName.baseName.text
        } else {
            return nil
        }
        guard let property = controller.memberBlock.members.compactMap({ $0.decl.as(VariableDeclSyntax.self) }).first(where: {
            $0.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }), property.bindingSpecifier.tokenKind == .keyword(.var), property.bindings.count == 1, let binding = property.bindings.first,
            binding.initializer == nil, binding.accessorBlock == nil, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let type = binding.typeAnnotation?.type,
            (type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? type.as(OptionalTypeSyntax.self)?.wrappedType)?
                .trimmedDescription == kind.uikitClass
        else { return nil }
        // Given a view once only.
        let assignments = controller.bodiesInFile.flatMap { $0.tokens(viewMode: .sourceAccurate) }.filter { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            let use = reference.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.id == reference.id ? ExprSyntax($0) : nil } ?? ExprSyntax(reference)
            return use.isAssignmentTarget
        }
        guard assignments.count == 1 else { return nil }
        return (property, Holder(name: name, pattern: pattern, call: call, scope: controller.bodiesInFile, kind: kind))
    }

    /// Whether `property`, a stored property of `controller`'s, is an optional one given a
    /// plain view or label once (``assignedHolder(_:in:)``).
    static func isAssignedHolder(_ property: VariableDeclSyntax, in controller: ClassDeclSyntax) -> Bool {
        controller.bodiesInFile.flatMap { $0.tokens(viewMode: .sourceAccurate) }.contains { token in
            guard ["UIView", "UILabel"].contains(token.text), let call = token.parent?.parent?.as(FunctionCallExprSyntax.self) ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            return assignedHolder(call, in: controller)?.0.id == property.id
        }
    }

    /// Whether `use` is the target of the assignment that gives `holder` its view.
    private static func isAssignmentMaking(_ use: ExprSyntax, _ holder: Holder) -> Bool {
        guard let sequence = use.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.first?.id == use.id else { return false }
        return holder.call.map { sequence.elements.last?.id == ExprSyntax($0).id } ?? false
    }

    /// The calls in `members`, a view's own, that add one of the plain views `holders` holds
    /// to the view (`addSubview(box)`, `self.addSubview(self.box)`), each written to add it as
    /// a sublayer of the layer the view becomes.
    static func additions(in members: [MemberBlockItemSyntax], holders: Set<String>) -> [(call: FunctionCallExprSyntax, edit: (Syntax, String))] {
        // (`addSubview(box!)` of an optional one.)
        ViewMembers.subviewAdditions(in: members).filter { holders.contains($0.name) }.map { ($0.call, $0.edit) }
    }

    /// The edits writing the plain views and labels that the locals of `function`, a function
    /// outside any type, hold (`let box = UIView(frame: r)`), and the kinds written; nil when
    /// one is made or used as the command cannot write (passed on, returned, held otherwise),
    /// or where the function makes none.
    static func localEdits(in function: FunctionDeclSyntax) -> (edits: [(Syntax, String)], kinds: Set<Kind>)? {
        guard let body = function.body else { return nil }
        let calls = makingCalls(in: [Syntax(body)])
        guard !calls.isEmpty else { return nil }
        var edits: [(Syntax, String)] = []
        var holders: [Holder] = []
        for call in calls {
            guard let declaration = call.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self),
                let holder = holder(declaredBy: declaration, in: nil), holder.call?.id == call.id
            else { return nil }
            holders.append(holder)
            edits.append((Syntax(call.calledExpression), holder.kind.layerClass))
            if let type = declaration.bindings.first?.typeAnnotation?.type { edits.append((Syntax(type), holder.kind.layerClass)) }
        }
        let names = Set(holders.map(\.name))
        for holder in holders {
            var unwritten: String?
            guard let uses = useEdits(holder, holders: names, constraintHolder: [], unwritten: &unwritten) else { return nil }
            edits += uses
        }
        return (edits, Set(holders.map(\.kind)))
    }

    /// Adds ``declaration(inBlocks:)`` to `file` after `node`, the first class (or function)
    /// there that makes plain views (once a file).
    static func declare(after node: some SyntaxProtocol, in file: PortingSourceFile) {
        guard file.declaresOnce(layerClass) else { return }
        file.insert(
            lines: declaration(inBlocks: file.context.usesViewAnimationBlocks), afterLineOf: node,
            kind: .uikitValue, reason: "UIKit's plain views are layers that, as a view's own layer, do not animate their own changes")
    }

    /// The edits for the uses of `holder`'s view; nil for one the command cannot write.
    /// `holders`: the names holding plain views (which `addSubview(_:)` may add).
    private static func useEdits(
        _ holder: Holder, holders: Set<String>, constraintHolder: [String], unwritten: inout String?
    ) -> [(Syntax, String)]? {
        guard let references = NameReferences.find(holder.name, in: holder.scope, except: holder.pattern.id) else {
            unwritten = "`\(holder.name)` declared again where it is used"
            return nil
        }
        var edits: [(Syntax, String)] = []
        for reference in references {
            var use = ExprSyntax(reference)
            if reference.isMemberName {
                // `self.circle`: the controller's property; `other.circle`: another value's.
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self),
                    access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                else { continue }
                use = ExprSyntax(access)
            }
            // Returned by the closure that makes a property holding it, or given it.
            if isReturnedByMakingClosure(reference) || isAssignmentMaking(use, holder) { continue }
            // In Auto Layout constraints, which its layer's constraints stand for (not a
            // label's: Auto Layout sizes a label to its text where its constraints do not, and
            // Core Animation's constraints leave a layer's size as it is).
            if holder.kind == .view, AutoLayoutConstraints.isWritten(use, container: constraintHolder) { continue }
            // Added to another view: that view's `addSubview(_:)` says (an optional one forced,
            // `addSubview(box!)`).
            let added = use.parent?.as(ForceUnwrapExprSyntax.self).map(ExprSyntax.init) ?? use
            if let argument = added.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
                (call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
                    ?? call.calledExpression.as(DeclReferenceExprSyntax.self))?.baseName.text == "addSubview"
            {
                continue
            }
            // An optional one's member through `?` or `!` (`caption?.text`): the same member.
            if let unwrapped = use.parent?.as(OptionalChainingExprSyntax.self).map(ExprSyntax.init)
                ?? use.parent?.as(ForceUnwrapExprSyntax.self).map(ExprSyntax.init)
            {
                use = unwrapped
            }
            guard let access = use.parent?.as(MemberAccessExprSyntax.self), access.base?.id == use.id,
                let written = holder.kind == .label
                    ? PlainLabels.memberEdits(access, of: use) ?? memberEdits(access, of: use, holders: [])
                    : memberEdits(access, of: use, holders: holders)
            else {
                unwritten = Self.shown(use)
                return nil
            }
            edits += written
        }
        return edits
    }

    /// Why a view or controller making plain views or labels is left, naming the code that
    /// leaves them where it is known.
    static func refusal(_ unwritten: String?) -> String {
        "it makes a plain view or label (`UIView()`, `UILabel()`) that it uses for more than the command writes, or holds otherwise"
            + (unwritten.map { " (\($0))" } ?? "")
    }

    /// `use` as the report shows it: its statement, or itself where that is long.
    private static func shown(_ use: ExprSyntax) -> String {
        let statement = use.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) })?.trimmedDescription ?? use.trimmedDescription
        return "`" + (statement.contains("\n") || statement.count > 80 ? use.trimmedDescription : statement) + "`"
    }

    /// The edits for `access`, a member of the plain view `view`; nil for a member its layer lacks.
    static func memberEdits(_ access: MemberAccessExprSyntax, of view: ExprSyntax, holders: Set<String>) -> [(Syntax, String)]? {
        let name = access.declName.baseName.text
        switch name {
        case "layer":
            return [(Syntax(access), view.trimmedDescription)]
        case "alpha":
            guard let value = ExprSyntax(access).assignedValue else { return nil }
            return [(Syntax(access.declName), "opacity"), (Syntax(value), "Float(\(value.trimmedDescription))")]
        case "removeFromSuperview":
            return [(Syntax(access.declName), "removeFromSuperlayer")]
        case "addSubview":
            guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
                call.arguments.count == 1, let added = call.arguments.first?.expression.trimmedDescription,
                holders.contains(added.hasPrefix("self.") ? String(added.dropFirst(5)) : added)
            else { return nil }
            return [(Syntax(access.declName), "addSublayer")]
        case "transform":
            return nil
        default:
            // A colour given to its background, a member its layer has (`center` its `position`).
            return ViewMembers.member(ExprSyntax(access), named: name, layerClass: "CALayer")
        }
    }
}
