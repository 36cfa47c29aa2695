import SwiftSyntax

/// A `UIViewController` (or `NSViewController`) subclass that builds, lays out and animates its
/// view's layers — the shape of most Core Animation samples — written as a `CALayer` subclass,
/// the layer a Lamina window shows in place of the view:
///
/// ```swift
/// class ViewController: UIViewController {          class ViewController: CALayer {
///     let ring = CAShapeLayer()                         let ring = CAShapeLayer()
///     override func viewDidLoad() {                     func viewDidLoad() {
///         super.viewDidLoad()                   →           self.addSublayer(ring)
///         view.layer.addSublayer(ring)                      ring.position = position
///         ring.position = view.center                   }
///     }                                                 // layoutSublayers() calls viewDidLoad()
/// }                                                     // at the first layout with a size
///                                                   }
/// ```
///
/// The view's members are the layer's as ``ViewMembers`` says (`view.layer` and `view` are
/// `self`, `view.center` the `position`), and `view.backgroundColor` takes the `CGColor` of a
/// colour the command writes; `UIScreen.main.bounds`, where a view controller fills the
/// screen, is the layer's bounds. The lifecycle overrides become plain methods without their
/// `super` calls, and the layer's `layoutSublayers()` calls them as UIKit does: at its first
/// layout with a size `viewDidLoad()` and `viewWillAppear(_:)`, at every layout
/// `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`, then, the first time,
/// `viewDidAppear(_:)` (through a method of the main actor's, in a controller of the main
/// actor). The layer's own changes do not animate, as a view's own layer's do not, but in
/// UIKit's animation blocks (``ViewAnimationBlockRewriter``).
/// Status-bar and orientation preferences go: a Lamina window has neither.
/// An AppKit controller's lifecycle methods (`viewDidLoad()`, `viewWillAppear()`,
/// `viewWillLayout()`, `viewDidLayout()`, `viewDidAppear()`) are called alike; its view's y axis
/// points up, so the layer's geometry is flipped (`isGeometryFlipped`) before the view loads;
/// `view.wantsLayer = true`, `view.layerUsesCoreImageFilters = true` and a plain layer to host
/// (`view.layer = CALayer()`) go, `view.layer?` is `self`, and the template's
/// `override var representedObject` is a property of the layer. Touch methods and
/// tap recognizers become the layer's event handlers (``ViewInput``); a view of a class
/// ``ViewClassRewriter`` writes as a layer, added with `view.addSubview(_:)`, is a sublayer,
/// and so is a plain view it makes (`UIView()`), a layer that does not animate its own changes
/// (``PlainViews``).
///
/// A UIKit storyboard's outlet to a plain view or label (`@IBOutlet weak var chart: UIView!`) is
/// a property made with its layer (`var chart: CALayer! = PlainViewLayer()`), added to the
/// controller's layer as the view loads, and reported: the frame and look the storyboard gave
/// it are a person's to write.
///
/// An AppKit storyboard's outlet to a plain `NSView` is written so too. The controller's
/// extensions in its file that hold only plain methods are written with it.
///
/// A storyboard's action (`@IBAction func flip(_ sender: UIButton)`) that does not read its
/// sender is a method of the layer (its sender, if of UIKit's or AppKit's type, an `Any`), and
/// reported: nothing calls it on Linux.
///
/// Left for a person: a controller with other outlets or actions, one that holds other views or
/// interface objects, overrides anything else (trait changes, a `loadView()` giving it another
/// view), uses a controller member the layer does not have (`navigationController`, `present`;
/// `title` is a property the layer is given) or a view member
/// its layer lacks (gestures other than taps), or declares a member named as one of
/// `CALayer`'s (but for a property no other code can reach, renamed: ``LayerNameClashes``).
/// The layer is shown by adding it to a window's root layer with the window's size; that is
/// reported.
final class ViewControllerClassRewriter: PortingPass {
    private static let reason =
        "UIKit and AppKit do not exist on Linux, nor view controllers; the controller only builds its view's layers, so it is the layer a Lamina window shows"

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        let refusal = ViewRefusal()
        guard let plan = Self.plan(node, refusal: refusal) else {
            if Self.isController(node) {
                refusal.report(
                    node, as: "the view controller",
                    todo: "change that by hand (the porting guide says what a controller written as a layer may use), then run the command again; or build its layers in a CALayer subclass",
                    in: file)
            }
            return .visitChildren
        }
        ViewMembers.apply(plan.edits, removing: plan.removed, in: file, reason: Self.reason)
        LayerNameClashes.noteExposedRenames(plan.exposedRenames, renamed: plan.renamed, of: node, in: file)
        let isolated = file.context.isMainActorAfterPorting(node.name.text)
        let reason =
            "UIKit calls a view controller's lifecycle methods as its view loads, appears and is laid out; the layer calls them at its layouts, the first with a size, and does not animate its own changes, as a view's layer does not"
        ViewMembers.insert(
            Self.addedMembers(plan, isolated: isolated, inBlocks: file.context.usesViewAnimationBlocks), before: node, in: file, reason: reason)
        // The controller as the class makes it: `init()` where it declares no initializer of its own.
        let declaresInitializer = node.memberBlock.members.contains {
            guard let initializer = $0.decl.as(InitializerDeclSyntax.self) else { return false }
            return initializer.signature.parameterClause.parameters.map(\.firstName.text) != ["coder"]
        }
        if plan.makesPlainViews { PlainViews.declare(after: node, in: file) }
        if plan.makesPlainLabels { PlainLabels.declare(after: node, in: file) }
        ViewInput.declareGestureClasses(for: plan.taps, after: node, in: file)
        for outlet in plan.outlets {
            let name = outlet.bindings.first?.pattern.trimmedDescription ?? ""
            file.note(
                outlet,
                why: "the storyboard made '\(name)', gave it its frame and look, and added it to the view; Linux has no storyboard, so the layer starts empty, at zero size, in the controller's layer",
                todo: "give '\(name)' what the storyboard gave it where the controller loads: `\(name).frame = CGRect(…)` (and its colour) in viewDidLoad()")
        }
        for action in plan.actions {
            file.note(
                action.name,
                why: "a storyboard's control called \(action.name.text)(…) as it was used; Linux has no storyboard or controls, so nothing calls it",
                todo: "call it where the app should act: from the window's key or pointer events, or from your own code")
        }
        let made = "\(node.name.text)(\(declaresInitializer ? "…" : ""))"
        file.note(
            node.name,
            why: "the view controller is a layer now, and Linux has no app delegate or storyboard to show it",
            todo: "show it in a Lamina window: `let controller = \(made); controller.frame = window.rootLayer.bounds; controller.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]; window.rootLayer.addSublayer(controller)`")
        return .visitChildren
    }

    /// The framework a view controller is of: its superclass.
    enum Kit {
        /// `UIViewController`.
        case uiKit
        /// `NSViewController`, whose view's y axis points up and whose lifecycle methods take
        /// no argument.
        case appKit

        /// The kit of a class inheriting first from `superclass`, or nil for another class.
        init?(superclass: String) {
            switch superclass {
            case "UIViewController": self = .uiKit
            case "NSViewController": self = .appKit
            default: return nil
            }
        }
    }

    /// When the layer calls a lifecycle method.
    enum Phase {
        /// At the first layout with a size, before laying out (the view loads and will appear).
        case appearing
        /// At every layout.
        case layout
        /// At the first layout with a size, after laying out (the view has appeared).
        case appeared
        /// Never: a Lamina window's layer does not disappear or get memory warnings.
        case never
    }

    /// A lifecycle method the framework calls: its name, its argument labels, and when.
    struct LifecycleMethod {
        var name: String
        var labels: [String]
        var phase: Phase
    }

    /// The lifecycle methods each framework calls, in the order it calls them as a view appears.
    static func lifecycle(_ kit: Kit) -> [LifecycleMethod] {
        switch kit {
        case .uiKit:
            return [
                LifecycleMethod(name: "loadView", labels: [], phase: .appearing),
                LifecycleMethod(name: "viewDidLoad", labels: [], phase: .appearing),
                LifecycleMethod(name: "viewWillAppear", labels: ["_"], phase: .appearing),
                LifecycleMethod(name: "viewWillLayoutSubviews", labels: [], phase: .layout),
                LifecycleMethod(name: "viewDidLayoutSubviews", labels: [], phase: .layout),
                LifecycleMethod(name: "viewDidAppear", labels: ["_"], phase: .appeared),
                LifecycleMethod(name: "viewWillDisappear", labels: ["_"], phase: .never),
                LifecycleMethod(name: "viewDidDisappear", labels: ["_"], phase: .never),
                LifecycleMethod(name: "didReceiveMemoryWarning", labels: [], phase: .never),
            ]
        case .appKit:
            return [
                LifecycleMethod(name: "loadView", labels: [], phase: .appearing),
                LifecycleMethod(name: "viewDidLoad", labels: [], phase: .appearing),
                LifecycleMethod(name: "viewWillAppear", labels: [], phase: .appearing),
                LifecycleMethod(name: "viewWillLayout", labels: [], phase: .layout),
                LifecycleMethod(name: "viewDidLayout", labels: [], phase: .layout),
                LifecycleMethod(name: "viewDidAppear", labels: [], phase: .appeared),
                LifecycleMethod(name: "viewWillDisappear", labels: [], phase: .never),
                LifecycleMethod(name: "viewDidDisappear", labels: [], phase: .never),
            ]
        }
    }

    /// Whether `name(labels:)` is one of `kit`'s lifecycle methods.
    static func isLifecycleMethod(_ name: String, labels: [String], in kit: Kit) -> Bool {
        lifecycle(kit).contains { $0.name == name && $0.labels == labels }
    }

    /// Overridden properties that only tell UIKit about the status bar, the home indicator and
    /// rotation, which a Lamina window does not have.
    static let screenPreferences: Set<String> = [
        "prefersStatusBarHidden", "preferredStatusBarStyle", "preferredStatusBarUpdateAnimation", "supportedInterfaceOrientations",
        "preferredInterfaceOrientationForPresentation", "shouldAutorotate", "prefersHomeIndicatorAutoHidden",
    ]

    /// `UIViewController`'s members that a layer does not have.
    private static let uiKitControllerMembers: Set<String> = [
        "view", "viewIfLoaded", "isViewLoaded", "loadView", "title", "navigationController", "navigationItem", "tabBarController",
        "tabBarItem", "splitViewController", "present", "dismiss", "show", "showDetailViewController", "performSegue", "prepare",
        "storyboard", "nibName", "nibBundle", "parent", "children", "addChild", "removeFromParent", "presentingViewController",
        "presentedViewController", "modalPresentationStyle", "modalTransitionStyle", "preferredContentSize", "traitCollection",
        "additionalSafeAreaInsets", "edgesForExtendedLayout", "setNeedsStatusBarAppearanceUpdate", "transitionCoordinator",
        "isEditing", "setEditing", "toolbarItems", "definesPresentationContext", "becomeFirstResponder", "resignFirstResponder",
    ]

    /// The members of `kit`'s view controller that a layer does not have (`NSViewController`'s
    /// those UIKit's shares and its own).
    static func controllerMembers(_ kit: Kit) -> Set<String> {
        switch kit {
        case .uiKit: return uiKitControllerMembers
        case .appKit:
            return uiKitControllerMembers.union([
                "presentAsSheet", "presentAsModalWindow", "presentingViewControllers", "identifier", "undoManager", "nextResponder",
            ])
        }
    }

    /// The stored property that says whether the view has appeared.
    private static let appearedFlag = "viewHasAppeared"

    /// The method a main-actor controller's layout calls on the main actor.
    private static let isolatedLayoutName = "layOutViewOnMainActor"

    /// How a controller's code names its view.
    private static let viewSpellings = ["view", "self.view"]


    /// The members the layer is given: the flag and `layoutSublayers()` calling the lifecycle
    /// methods the controller declares, as UIKit calls them; `action(forKey:)` giving no action.
    /// `isolated`: the class is the main actor's (declared so, or made so for a display link),
    /// its methods with it, while `layoutSublayers()` overrides a nonisolated method; Lamina lays
    /// out a window's layers on the main thread, so the override makes the calls there as the
    /// main actor's (`MainActor.assumeIsolated`), in a method of their own.
    private static func addedMembers(_ plan: Plan, isolated: Bool, inBlocks: Bool) -> [String] {
        func calls(_ phase: Phase) -> [String] {
            lifecycle(plan.kit).filter { $0.phase == phase && plan.lifecycle.contains($0.name) }.map { method in
                "\(method.name)(\(method.labels.isEmpty ? "" : "false"))"
            }
        }
        let appearing = calls(.appearing)
        let layout = calls(.layout)
        let appeared = calls(.appeared)
        var body = [
            "let appearing = !\(appearedFlag) && !bounds.isEmpty",
            "if appearing {",
            "    \(appearedFlag) = true",
        ]
        if plan.kit == .appKit {
            // Before the view loads: what it adds is placed as in an AppKit view.
            body += [
                "    // An AppKit view's y axis points up, from its bottom-left corner.",
                "    isGeometryFlipped = true",
            ]
        }
        if !plan.outlets.isEmpty {
            // A storyboard adds the views its outlets hold to the view before it loads.
            body.append("    // The views the storyboard made, in the view before it loads.")
            for outlet in plan.outlets {
                guard let name = outlet.bindings.first?.pattern.trimmedDescription else { continue }
                let isOptional = outlet.bindings.first?.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
                body.append(isOptional ? "    if let \(name) { addSublayer(\(name)) }" : "    addSublayer(\(name))")
            }
            // A view the storyboard made from its class is woken once every outlet is set.
            for name in plan.wokenOutlets { body.append("    \(name).awakeFromNib()") }
        }
        body += appearing.map { "    " + $0 }
        if plan.constrains {
            // Auto Layout places the views the view loaded with before they first show.
            body += [
                "    // The constraints the view was loaded with place its layers before they first show, as Auto Layout does.",
                "    layoutManager?.layoutSublayers(of: self)",
            ]
        }
        body.append("}")
        body += layout
        if !appeared.isEmpty {
            body.append("if appearing {")
            body += appeared.map { "    " + $0 }
            body.append("}")
        }
        var lines = plan.keepsTitle
            ? [
                "/// The controller's title, as `\(plan.kit == .uiKit ? "UIViewController" : "NSViewController")`'s: a navigation or tab bar shows it on Apple's",
                "/// platforms, and nothing does here. The default is nil.",
                "var title: String?",
                "",
            ] : []
        lines += [
            "/// Whether the view has appeared: the layer's first layout with a size loads and shows it.",
            "private var \(appearedFlag) = false",
            "",
            "/// Calls the view controller's lifecycle methods as \(plan.kit == .uiKit ? "UIKit" : "AppKit") does: loading and showing the view at",
            "/// the first layout with a size, laying it out at every layout.",
            "override func layoutSublayers() {",
            "    super.layoutSublayers()",
        ]
        if isolated {
            // The override is nonisolated; the calls are the main actor's, made through an
            // unchecked reference (a checked `self` could not be sent to the main actor).
            lines += [
                "    nonisolated(unsafe) let controller = self",
                "    MainActor.assumeIsolated {",
                "        controller.\(isolatedLayoutName)()",
                "    }",
                "}",
                "",
                "/// The lifecycle calls of a layout, on the main actor, where Lamina lays out a window's layers.",
                "private func \(isolatedLayoutName)() {",
            ]
        }
        lines += body.map { "    " + $0 }
        lines.append("}")
        if !plan.mouseMethods.isEmpty {
            // (An AppKit controller's layer is flipped: y up, as its view's coordinates.)
            lines += [""] + AppKitMouseInput.handler(methods: plan.mouseMethods, handingOn: plan.mouseMethodsHandingOn, flipped: true)
        } else if plan.handlesInput {
            lines += [""] + ViewInput.handlers(touches: plan.touches, taps: plan.taps)
        }
        lines += [""] + ViewMembers.actionMembers(inBlocks: inBlocks)
        return lines
    }

    struct Plan {
        var kit: Kit
        var edits: [(Syntax, String)]
        var removed: [(Syntax, String)]
        /// The lifecycle methods the controller declares.
        var lifecycle: Set<String>
        /// The touch methods the controller declares, and the methods its tap recognizers call.
        var touches: Set<String> = []
        var taps: [ViewInput.Tap] = []
        /// The AppKit mouse methods it declares (``AppKitMouseInput``), and those that hand their
        /// event on.
        var mouseMethods: Set<String> = []
        var mouseMethodsHandingOn: Set<String> = []
        /// Whether it pins its views by Auto Layout constraints, written as the layer's.
        var constrains = false
        /// Whether the layer handles the window's pointer and touch events.
        var handlesInput: Bool { !touches.isEmpty || !taps.isEmpty || !mouseMethods.isEmpty }
        /// Whether the controller makes plain views (``PlainViews``), whose layer class the
        /// file is given.
        var makesPlainViews = false
        /// Whether it makes plain labels (``PlainLabels``), whose layer class the files are given.
        var makesPlainLabels = false
        /// Its storyboard's outlets to plain views and labels, and to views of classes written as
        /// layers, made with the layer and added to it as the view loads.
        var outlets: [VariableDeclSyntax] = []
        /// The outlets whose class declares `awakeFromNib()`, which a storyboard calls.
        var wokenOutlets: [String] = []
        /// Its storyboard's actions, methods of the layer that nothing calls (``actionEdits(_:)``).
        var actions: [FunctionDeclSyntax] = []
        /// Its properties renamed for the layer's of their name (old name to new), and those of
        /// them another module can name.
        var renamed: [String: String] = [:]
        var exposedRenames: [String] = []
        /// Whether the controller sets or reads its `title`, which the layer is given as a
        /// property of its own.
        var keepsTitle = false
    }

    /// Whether `node` is in code this pass writes or removes: the `UIViewController` a written
    /// controller inherits from, its `UIScreen.main.bounds`, a colour given to its view's
    /// background, a status-bar preference that goes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let declaration = ancestor.as(ClassDeclSyntax.self), let plan = plan(declaration) {
                return ViewMembers.isWritten(node, by: plan.edits, removing: plan.removed)
            }
            // In the controller's extension in its file, whose members the plan writes too.
            if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
                guard let declaration = extensionDecl.sameFileClass, let plan = plan(declaration) else { return false }
                return ViewMembers.isWritten(node, by: plan.edits, removing: plan.removed)
            }
            current = ancestor.parent
        }
        return false
    }

    /// Whether `node` is a controller this pass writes whose layer handles the window's pointer
    /// and touch events (its touch methods or tap recognizers).
    static func handlesInput(_ node: ClassDeclSyntax) -> Bool { plan(node)?.handlesInput ?? false }

    /// Whether `node` is a view controller (a direct subclass of `UIViewController` or
    /// `NSViewController`).
    private static func isController(_ node: ClassDeclSyntax) -> Bool {
        node.inheritanceClause?.inheritedTypes.first.flatMap { Kit(superclass: $0.type.trimmedDescription) } != nil
    }

    /// Whether `node` is a controller this pass writes as a `CALayer` subclass.
    static func isLayerClass(_ node: ClassDeclSyntax) -> Bool { plan(node) != nil }

    private static func plan(_ node: ClassDeclSyntax, refusal: ViewRefusal? = nil) -> Plan? {
        guard node.genericParameterClause == nil, let inherited = node.inheritanceClause?.inheritedTypes.first,
            let kit = Kit(superclass: inherited.type.trimmedDescription)
        else { return nil }
        var edits: [(Syntax, String)] = []
        var removed: [(Syntax, String)] = []
        var declared: Set<String> = []
        var lifecycleDeclared: Set<String> = []
        var skipped: Set<SyntaxIdentifier> = []
        var input = ViewInput.Edits()
        var touchesDeclared: Set<String> = []
        var mouseDeclared: Set<String> = [], mouseHandingOn: Set<String> = []
        var outlets: [VariableDeclSyntax] = []
        // The tokens of the outlets to views of written classes, which their edits write whole.
        var outletTokens: Set<SyntaxIdentifier> = []
        var wokenOutlets: [String] = []
        var actions: [FunctionDeclSyntax] = []
        // The senders' types the actions no longer name.
        var actionSenderTypes: [Syntax] = []
        for item in node.memberBlock.members {
            let decl = item.decl
            // A storyboard's outlet to a plain view or label: a layer the controller makes.
            if let outlet = decl.as(VariableDeclSyntax.self), let (kind, _) = PlainViews.outletKind(outlet),
                kind == .view || kit == .uiKit,
                outlet.bindings.first?.typeAnnotation.map({ $0.type.trimmedDescription.hasPrefix(kit == .uiKit ? "UI" : "NS") }) == true
            {
                outlets.append(outlet)
                declared.formUnion(outlet.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
                continue
            }
            // A storyboard's outlet to a view of a class the command writes as a layer: that
            // layer, which the controller makes.
            if let outlet = decl.as(VariableDeclSyntax.self), let written = Self.writtenViewOutlet(outlet, in: node) {
                outlets.append(outlet)
                edits += written.edits
                outletTokens.formUnion(outlet.tokens(viewMode: .sourceAccurate).map(\.id))
                declared.insert(written.name)
                if written.wakes { wokenOutlets.append(written.name) }
                continue
            }
            // An action a storyboard's control calls, whose sender it does not read: a method of
            // the layer, which nothing calls (reported).
            if let function = decl.as(FunctionDeclSyntax.self), let written = Self.actionEdits(function) {
                edits += written.edits
                removed += written.removed
                actions.append(function)
                actionSenderTypes += written.edits.map(\.0)
            } else if let attributes = decl.asProtocol(WithAttributesSyntax.self)?.attributes,
                attributes.contains(where: { ["IBOutlet", "IBAction", "IBSegueAction"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedDescription) })
            {
                return refusal.refuse("it has outlets or actions, which a storyboard wires (Linux has none)")
            }
            let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers
            let override = modifiers?.first { $0.name.tokenKind == .keyword(.override) }
            // A static member is the type's, named apart from the layer's instance members.
            let isStatic = modifiers?.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) } ?? false
            if let variable = decl.as(VariableDeclSyntax.self) {
                let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                guard names.count == variable.bindings.count else {
                    return refusal.refuse("it declares a property by a pattern (`\(variable.bindings.trimmedDescription)`)")
                }
                // AppKit's `representedObject`, which only the app's own code sets: a property of the layer.
                if let override, kit == .appKit, names == ["representedObject"] {
                    removed.append((Syntax(override), "CALayer has no representedObject: it is a property of the layer, which the app's code sets as it set the controller's"))
                    declared.formUnion(names)
                    continue
                }
                if override != nil {
                    guard names.count == 1, let name = names.first, screenPreferences.contains(name) else {
                        return refusal.refuse("it overrides `\(names.joined(separator: ", "))`, a controller property the command does not write on its layer")
                    }
                    removed.append((Syntax(item), "a Lamina window has no status bar, home indicator or rotation for this to set"))
                    skipped.insert(item.id)
                    continue
                }
                if !isStatic { declared.formUnion(names) }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                let name = function.name.text
                // AppKit's `mouseDown(with:)`, `mouseDragged` and `mouseUp` (a controller, in its
                // view's responder chain, gets the presses its view does not take).
                if let override, kit == .appKit, AppKitMouseInput.isMouseMethod(function), ["mouseDown", "mouseDragged", "mouseUp"].contains(name) {
                    guard let written = AppKitMouseInput.mouseMethod(function, view: viewSpellings) else {
                        return refusal.refuse("its \(name) reads more of its event than its location in the view")
                    }
                    input.append(written.edits)
                    removed.append((Syntax(override), "CALayer has no \(name): it is a method of the layer, which the layer's pointer events call"))
                    mouseDeclared.insert(name)
                    if written.handsOn { mouseHandingOn.insert(name) }
                    continue
                }
                if let override, ViewInput.isTouchMethod(function) {
                    guard let written = ViewInput.touchMethod(function, view: viewSpellings) else {
                        return refusal.refuse("its \(name) reads more of its touches than their location")
                    }
                    input.append(written)
                    removed.append((Syntax(override), "CALayer has no \(name): it is a method of the layer, which the layer's pointer and touch events call"))
                    touchesDeclared.insert(name)
                    continue
                }
                if let override {
                    let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
                    guard isLifecycleMethod(name, labels: labels, in: kit), function.body != nil else {
                        return refusal.refuse("it overrides \(name)(…), a controller method the command does not write on its layer")
                    }
                    removed.append((Syntax(override), "CALayer has no \(name): it is a method of the layer, which the layer's layout calls as \(kit == .uiKit ? "UIKit" : "AppKit") would"))
                    lifecycleDeclared.insert(name)
                    continue
                }
                // (`func animation()` beside the layer's `animation(forKey:)` is the controller's own.)
                if !isStatic, !ViewMembers.isOverloadOfLayerMethod(function) { declared.insert(name) }
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                let labels = initializer.signature.parameterClause.parameters.map { $0.firstName.text }
                // `required init?(coder:)` stays: Lamina's CALayer declares it. Another
                // initializer of the class's own stays, its `super.init(nibName: nil, bundle: nil)` written below.
                if override != nil, labels != ["coder"] {
                    return refusal.refuse("it overrides init(\(labels.map { $0 + ":" }.joined())), a controller initializer")
                }
            } else if decl.is(TypeAliasDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || decl.is(StructDeclSyntax.self)
                || decl.is(DeinitializerDeclSyntax.self) || decl.is(ClassDeclSyntax.self)
            {
                continue
            } else {
                return refusal.refuse("it declares a member the command does not write (\(decl.kind))")
            }
        }
        // Its extensions in the file whose members are all plain methods (no overrides, no
        // storyboard actions): methods of the layer too, their uses of the view written with the
        // class's. (An extension with other members stays as it is.)
        let extensionMethods = node.sameFileExtensions.filter { extensionDecl in
            !extensionDecl.memberBlock.members.isEmpty && extensionDecl.memberBlock.members.allSatisfy { item in
                guard let function = item.decl.as(FunctionDeclSyntax.self) else { return false }
                return !function.modifiers.contains { $0.name.tokenKind == .keyword(.override) } && !function.modifiers.isTypeMember
                    && function.attributes.allSatisfy { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" }
            }
        }.flatMap { Array($0.memberBlock.members) }
        declared.formUnion(extensionMethods.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
        let layerNames = ViewMembers.layerPropertyNames.union(["layoutSublayers", "action", appearedFlag, isolatedLayoutName]).union(ViewInput.addedNames)
        // Its properties named as one of the layer's are renamed (`controllerDuration`).
        guard let clashes = LayerNameClashes.renames(
            in: node, extensions: node.sameFileExtensions, layerNames: ViewMembers.layerPropertyNames, prefix: "controller", skipped: skipped)
        else {
            let named = declared.intersection(ViewMembers.layerPropertyNames).sorted().map { "`\($0)`" }.joined(separator: ", ")
            return refusal.refuse("its property \(named), named as one of a layer's, is named outside the controller, so it cannot be renamed")
        }
        edits += clashes.edits
        let clashing = declared.subtracting(clashes.renamed.keys).intersection(layerNames.union(controllerMembers(kit)))
        guard clashing.isEmpty else {
            return refusal.refuse("it declares \(clashing.sorted().map { "`\($0)`" }.joined(separator: ", ")), named as a layer's or a controller's own")
        }
        // The controller's own code: a nested type's `self` and members are its own.
        let ownMembers = Array(node.memberBlock.members).filter {
            !skipped.contains($0.id) && !$0.decl.is(ClassDeclSyntax.self) && !$0.decl.is(StructDeclSyntax.self) && !$0.decl.is(EnumDeclSyntax.self)
        } + extensionMethods
        // Tap recognizers added to the view, and the methods they call.
        guard let (tapEdits, taps) = ViewInput.taps(in: ownMembers, view: viewSpellings) else {
            return refusal.refuse("it uses a gesture recognizer other than a tap or one pan on its view that calls a method")
        }
        input.append(tapEdits)
        input.replaced += actionSenderTypes
        // Auto Layout constraints pinning its views to the view: the layer's constraint layout.
        let constraints = AutoLayoutConstraints.edits(in: ownMembers, container: viewSpellings)
        input.append(constraints)
        edits += input.edits
        removed += input.removed
        // Plain views it makes (`UIView()`), written as layers.
        var unwrittenPlainUse: String?
        guard
            let plain = PlainViews.edits(
                in: ownMembers, of: node, constraintHolder: viewSpellings, outlets: outlets.filter { PlainViews.outletKind($0) != nil },
                unwritten: &unwrittenPlainUse)
        else {
            return refusal.refuse(PlainViews.refusal(unwrittenPlainUse))
        }
        edits += plain.edits
        // What the input edits replace is not the controller's code any more.
        var keepsTitle = false
        for token in ViewMembers.tokens(of: ownMembers, outside: input.replaced) where !plain.written.contains(token.id) && !outletTokens.contains(token.id) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            // A controller that holds views or other interface objects (`UILabel`, a feedback
            // generator, a window) does more than build layers.
            // An animation block's `UIView` goes with the block (``ViewAnimationBlockRewriter``).
            if name == "UIView", ViewAnimationBlockRewriter.isRewritten(token) { continue }
            // A view (or control) parameter that takes the layer (``ViewParameterRewriter``).
            if ViewParameterRewriter.isRewritten(token) { continue }
            // The plain view `loadView()` gives the controller, which goes (``plainViewLoaded(by:kit:)``).
            if ["UIView", "NSView"].contains(name), let statement = token.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }),
                let view = statement.item.as(SequenceExprSyntax.self)?.elements.first, Self.plainViewLoaded(by: view, kit: kit) != nil
            {
                continue
            }
            // An application lifecycle observer, which goes (``ApplicationLifecycleRewriter``).
            if ["UIApplication", "NSApplication"].contains(name), ApplicationLifecycleRewriter.isRemoved(token) { continue }
            if let parent = token.parent,
                ["UIView", "NSView", "UIApplication", "NSApplication"].contains(name)
                    || (ImportRewriter.frameworkTypes[name] == nil && ImportRewriter.isOtherInterfaceType(name, node: parent))
            {
                return refusal.refuse("it holds or makes `\(name)`, an interface object other than layers")
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if name == "UIScreen" {
                guard isInInstanceCode(reference), let written = screenBounds(reference) else { continue }
                edits.append(written)
                continue
            }
            guard controllerMembers(kit).contains(name) else { continue }
            // `other.title`: another value's member; `self.view` is the controller's.
            let access = reference.parent?.as(MemberAccessExprSyntax.self)
            var use = ExprSyntax(reference)
            if let access, access.declName.id == reference.id {
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                use = ExprSyntax(access)
            } else if ViewMembers.isLocal(name, at: reference) {
                continue
            }
            // `title = "Pulse"`: a property the layer is given (``Plan/keepsTitle``).
            if name == "title" {
                keepsTitle = true
                continue
            }
            // `view = UIView()` in `loadView()`: the layer is the view the controller loads.
            if name == "view", let statement = Self.plainViewLoaded(by: use, kit: kit) {
                removed.append((Syntax(statement), "the controller's view is the layer itself, which a Lamina window shows; it loads no other"))
                continue
            }
            // The view passed for a view parameter that takes the layer: the controller itself.
            if name == "view", ViewParameterRewriter.isPassedToWrittenParameter(use) {
                edits.append((Syntax(use), "self"))
                continue
            }
            // AppKit's `view.wantsLayer = true`: the layer is one.
            if name == "view", let (statement, reason) = layerBackingStatement(use) {
                removed.append((Syntax(statement), reason))
                continue
            }
            guard name == "view", let written = viewMember(use, in: node) else {
                let statement = use.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) })?.trimmedDescription ?? use.trimmedDescription
                let shown = statement.contains("\n") || statement.count > 80 ? use.trimmedDescription : statement
                return refusal.refuse("it uses `\(name)` (`\(shown)`), which the command does not write on its layer")
            }
            edits += written
        }
        let finder = SuperCallFinder(kit: kit)
        for member in ownMembers { finder.walk(member) }
        guard let superCalls = finder.edits else { return refusal.refuse("it calls a controller method on super that its layer does not have") }
        edits += superCalls
        removed += finder.removed
        edits.append((Syntax(inherited.type), "CALayer" + ViewInput.adoptedProtocols(touches: touchesDeclared, taps: taps, handlesMouse: !mouseDeclared.isEmpty)))
        return Plan(
            kit: kit, edits: edits, removed: removed, lifecycle: lifecycleDeclared, touches: touchesDeclared, taps: taps,
            mouseMethods: mouseDeclared, mouseMethodsHandingOn: mouseHandingOn,
            constrains: !constraints.edits.isEmpty,
            makesPlainViews: plain.kinds.contains(.view), makesPlainLabels: plain.kinds.contains(.label), outlets: outlets,
            wokenOutlets: wokenOutlets,
            actions: actions, renamed: clashes.renamed, exposedRenames: clashes.exposed, keepsTitle: keepsTitle)
    }

    /// The edits that make a storyboard action (`@IBAction func flip(_ sender: UIButton)`) a
    /// plain method of the layer: the attribute goes, and a sender of UIKit's or AppKit's type
    /// that the method does not read is `Any` (a view or button the layer, as
    /// ``ViewParameterRewriter`` writes a view parameter). Nil for another method, or an action
    /// reading its sender (a switch's state, a slider's value).
    static func actionEdits(_ function: FunctionDeclSyntax) -> (edits: [(Syntax, String)], removed: [(Syntax, String)])? {
        guard let attribute = function.attributes.first(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBAction" }),
            let body = function.body
        else { return nil }
        let parameters = function.signature.parameterClause.parameters
        guard parameters.count <= 2 else { return nil }
        var edits: [(Syntax, String)] = []
        for parameter in parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            if name != "_" {
                guard let uses = NameReferences.find(name, in: [Syntax(body)]), uses.allSatisfy(\.isMemberName) else { return nil }
            }
            // (A view or control sender that takes the layer is the view parameters' pass's.)
            let type = parameter.type.trimmedDescription
            if !["Any", "AnyObject", "Any?", "AnyObject?"].contains(type), !ViewParameterRewriter.isWritten(parameter) {
                edits.append((Syntax(parameter.type), "Any"))
            }
        }
        return (edits, [(Syntax(attribute), "a storyboard's control called the action; Linux has none, and the method stays the layer's")])
    }

    /// The statement `view = UIView()` (`NSView()`, either made with a `frame:` alone) that
    /// `use`, the controller's `view`, is given in its `loadView()`; nil for another use.
    /// The layer is the controller's view, its frame the one whoever shows it gives it.
    static func plainViewLoaded(by use: ExprSyntax, kit: Kit) -> CodeBlockItemSyntax? {
        guard use.isAssignmentTarget, let sequence = use.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let call = sequence.elements.last?.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == (kit == .uiKit ? "UIView" : "NSView"), call.trailingClosure == nil,
            call.arguments.isEmpty || call.arguments.map({ $0.label?.text ?? "_" }) == ["frame"],
            let statement = sequence.parent?.as(CodeBlockItemSyntax.self),
            statement.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) })?.name.text == "loadView"
        else { return nil }
        return statement
    }

    /// The edits for a use of the controller's `view` (`view` or `self.view`): its layer is
    /// the layer itself, its members the layer's; nil for any other use. `controller`: the
    /// class, whose own views may be added to it (nil in an extension, where none are).
    static func viewMember(_ view: ExprSyntax, in controller: ClassDeclSyntax?) -> [(Syntax, String)]? {
        guard let access = view.parent?.as(MemberAccessExprSyntax.self), access.base?.id == view.id else { return nil }
        let name = access.declName.baseName.text
        let qualified = view.is(MemberAccessExprSyntax.self) ? "self." : ""
        // `view.layer`, AppKit's optional `view.layer?` and `view.layer!` too; another layer
        // given to the view (`view.layer = CAGradientLayer()`) is not the controller's.
        if name == "layer" {
            guard ExprSyntax(access).assignedValue == nil else { return nil }
            return ViewMembers.member(ExprSyntax(access), named: "layer", layerClass: "CALayer")
        }
        if name == "addSubview" { return controller.flatMap { addedSubview(access, in: $0) } }
        if name == "backgroundColor" { return ViewMembers.backgroundColorAssignment(ExprSyntax(access), writtenAs: qualified + "backgroundColor") }
        guard let entry = ViewMembers.layerMembers[name] else { return nil }
        return [(Syntax(access), qualified + (entry ?? name))]
    }

    /// The statement `view.wantsLayer = true`, `view.layerContentsRedrawPolicy = …`,
    /// `view.layerUsesCoreImageFilters = true` or `view.layer = CALayer()` (a plain layer to
    /// host) that `view` (`view` or `self.view`) starts, which an AppKit controller written as
    /// its view's layer does not need, and why.
    private static func layerBackingStatement(_ view: ExprSyntax) -> (CodeBlockItemSyntax, String)? {
        guard let access = view.parent?.as(MemberAccessExprSyntax.self), access.base?.id == view.id,
            let value = ExprSyntax(access).assignedValue?.trimmedDescription,
            let statement = access.parent?.parent?.parent?.as(CodeBlockItemSyntax.self)
        else { return nil }
        switch (access.declName.baseName.text, value) {
        case ("wantsLayer", "true"), ("layerContentsRedrawPolicy", _):
            return (statement, "the layer is one: Lamina's layers need no view to be backed by")
        case ("layerUsesCoreImageFilters", "true"): return (statement, AppKitViews.coreImageFiltersReason)
        case ("layer", "CALayer()"): return (statement, "the view hosts a plain layer; the controller, written as its view's layer, is that layer")
        default: return nil
        }
    }

    /// Whether `node` is in code that runs on an instance of the controller (a method, an
    /// initializer, an accessor, a `lazy` property's value), where `self` is the layer.
    private static func isInInstanceCode(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current, !ancestor.is(MemberBlockItemSyntax.self) {
            let modifiers = ancestor.asProtocol(WithModifiersSyntax.self)?.modifiers
            if modifiers?.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) == true { return false }
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(InitializerDeclSyntax.self) || ancestor.is(DeinitializerDeclSyntax.self)
                || ancestor.is(AccessorBlockSyntax.self)
            {
                return true
            }
            if let variable = ancestor.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true {
                return variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
            }
            current = ancestor.parent
        }
        return false
    }

    /// `view.addSubview(ring)`, where `ring` is a view of a class of the ported files that
    /// ``ViewClassRewriter`` writes as a layer (the controller's stored property, or a local):
    /// the layer's sublayer, `self.addSublayer(ring)`, and its `center` the layer's `position`.
    /// Nil when the view is another, or used for a member its layer does not have.
    private static func addedSubview(_ access: MemberAccessExprSyntax, in controller: ClassDeclSyntax) -> [(Syntax, String)]? {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
            call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil
        else { return nil }
        let expression = argument.expression
        let name: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        // Its declaration: a local before the call, else the controller's property.
        let local = expression.is(DeclReferenceExprSyntax.self) ? NameReferences.declaration(of: name, before: call) : nil
        let property = controller.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first { variable in
            variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        guard let declaration = local ?? property, let binding = declaration.bindings.first else { return nil }
        // A plain view (`UIView()`): a layer, whose uses ``PlainViews`` writes.
        if PlainViews.holder(declaredBy: declaration, in: controller) != nil || PlainViews.isAssignedHolder(declaration, in: controller) {
            return [(Syntax(access), "self.addSublayer")]
        }
        guard let viewClass = WrittenSubviews.viewClass(heldBy: binding, in: Syntax(controller.root)) else { return nil }
        let scope = local.map { Syntax($0.parent?.parent ?? Syntax($0)) } ?? Syntax(controller.memberBlock)
        guard let uses = WrittenSubviews.useEdits(of: name, in: scope, viewClass: viewClass, container: viewSpellings) else { return nil }
        return [(Syntax(access), "self.addSublayer")] + uses
    }

    /// A storyboard's outlet to a view of a class of the ported files that ``ViewClassRewriter``
    /// writes as a layer (`@IBOutlet weak var glow: GlowView!`), written as a property made with
    /// the controller (`var glow: GlowView! = GlowView(frame: .zero)`, no longer `weak`: the
    /// controller holds it), with its uses in the controller (``WrittenSubviews/useEdits(of:in:viewClass:container:)``).
    /// `wakes`: the class declares `awakeFromNib()`, which the storyboard calls.
    ///
    /// A storyboard makes the view with `init(coder:)`; the layer is made as its class's code
    /// makes it, so that initializer must do what the class's `init(frame:)` does after its
    /// `super` call (then `init(frame: .zero)` makes it), or nothing (a class declaring neither
    /// is made with `init()`). Nil for another outlet.
    private static func writtenViewOutlet(
        _ outlet: VariableDeclSyntax, in controller: ClassDeclSyntax
    ) -> (name: String, edits: [(Syntax, String)], wakes: Bool)? {
        guard let (name, wrapped, unwrapping) = PlainViews.storyboardOutlet(outlet) else { return nil }
        let className = wrapped.trimmedDescription
        guard let viewClass = WrittenSubviews.classDeclaration(named: className, in: Syntax(controller.root)),
            let base = viewClass.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription, ViewClassRewriter.viewBases.contains(base),
            ViewClassRewriter.layerSuperclass(viewClass) != nil
        else { return nil }
        // What each initializer does after its `super` call.
        func work(after label: String) -> [String]?? {
            let initializers = viewClass.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
                .filter { $0.signature.parameterClause.parameters.map(\.firstName.text) == [label] }
            guard let initializer = initializers.first else { return .some(nil) }
            guard initializers.count == 1, let statements = initializer.body?.statements, let first = statements.first,
                let call = first.item.as(FunctionCallExprSyntax.self),
                call.calledExpression.trimmedDescription == "super.init", call.arguments.map({ $0.label?.text }) == [label]
            else { return nil }
            return .some(statements.dropFirst().map(\.trimmedDescription))
        }
        guard let fromCoder = work(after: "coder"), let fromFrame = work(after: "frame") else { return nil }
        let made: String
        switch (fromCoder, fromFrame) {
        case (nil, nil): made = "\(className)()"
        case (let coder?, let frame?) where coder == frame: made = "\(className)(frame: .zero)"
        default: return nil
        }
        let scope = Syntax(controller.memberBlock)
        guard var edits = WrittenSubviews.useEdits(of: name, in: scope, viewClass: viewClass, container: viewSpellings) else { return nil }
        edits.append((Syntax(outlet), PlainViews.outletProperty(outlet, name: name, type: className + unwrapping, value: made)))
        let wakes = viewClass.memberBlock.members.contains {
            $0.decl.as(FunctionDeclSyntax.self).map { $0.name.text == "awakeFromNib" && $0.signature.parameterClause.parameters.isEmpty } ?? false
        }
        return (name, edits, wakes)
    }

    /// `UIScreen.main.bounds` in the controller: the screen the controller's view fills, the
    /// layer's bounds. Nil for another use of `UIScreen` (left to the other passes).
    private static func screenBounds(_ reference: DeclReferenceExprSyntax) -> (Syntax, String)? {
        guard let main = reference.parent?.as(MemberAccessExprSyntax.self), main.base?.id == ExprSyntax(reference).id,
            main.declName.baseName.text == "main", let bounds = main.parent?.as(MemberAccessExprSyntax.self),
            bounds.base?.id == ExprSyntax(main).id, bounds.declName.baseName.text == "bounds"
        else { return nil }
        return (Syntax(bounds), "self.bounds")
    }

    /// The controller's `super` calls: a lifecycle method's (`super.viewDidLoad()`) goes, as
    /// the method is the layer's own; `super.init(nibName: nil, bundle: nil)` makes the layer
    /// (`super.init()`); `super.init(coder:)` stays. Nil when `super` is used otherwise.
    private final class SuperCallFinder: SyntaxVisitor {
        var edits: [(Syntax, String)]? = []
        var removed: [(Syntax, String)] = []
        let kit: Kit

        init(kit: Kit) {
            self.kit = kit
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: SuperExprSyntax) -> SyntaxVisitorContinueKind {
            guard let access = node.parent?.as(MemberAccessExprSyntax.self), let call = access.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == ExprSyntax(access).id
            else {
                edits = nil
                return .skipChildren
            }
            let name = access.declName.baseName.text
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            if ViewControllerClassRewriter.isLifecycleMethod(name, labels: labels, in: kit)
                || (ViewInput.touchMethods.contains(name) && labels == ["_", "with"])
                || (kit == .appKit && AppKitMouseInput.mouseMethods.contains(name) && labels == ["with"])
            {
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                    edits = nil
                    return .skipChildren
                }
                removed.append((Syntax(statement), "the layer's \(name) is its own method: CALayer has none to call"))
                return .skipChildren
            }
            switch (name, labels) {
            case ("init", ["coder"]), ("init", []):
                break
            case ("init", ["nibName", "bundle"]):
                edits?.append((Syntax(call), "super.init()"))
            default:
                // `super.someLayerMethod()` of a member the controller does not override stays.
                if !ViewMembers.layerPropertyNames.contains(name) { edits = nil }
            }
            return .skipChildren
        }
    }
}
