import SwiftSyntax

/// A `UIView` subclass that only hosts layers — a progress ring, a gradient or
/// a spinner view that builds sublayers, lays them out and animates them — written as a
/// `CALayer` subclass, the layer a Lamina window shows:
///
/// ```swift
/// class RingView: UIView {                          class RingView: CALayer {
///     let ring = CAShapeLayer()                         let ring = CAShapeLayer()
///     override init(frame: CGRect) {                    init(frame: CGRect) {
///         super.init(frame: frame)              →           super.init()
///                                                           self.frame = frame
///         layer.addSublayer(ring)                           self.addSublayer(ring)
///     }                                                 }
///     override func layoutSubviews() {                  override func layoutSublayers() {
///         super.layoutSubviews()                            super.layoutSublayers()
///         ring.frame = bounds                               ring.frame = bounds
///     }                                                 }
/// }                                                 }
/// ```
///
/// The view's members are its layer's as ``ViewMembers`` says (`layer` is `self`, in the
/// class and in its extensions in the same file, whose members are the layer's too), and
/// `backgroundColor` takes the `CGColor` of a colour the command writes. `init(frame:)` makes
/// the layer and sets its frame; `super.init(frame: f)` in the class's initializers does the
/// same; `init()` overrides the layer's; `required init?(coder:)` stays (Lamina's `CALayer` declares it). `layoutSubviews()`
/// is the layer's `layoutSublayers()`; the view's answers as its layer's delegate,
/// `layoutSublayers(of:)` and `display(_:)`, are the layer's own `layoutSublayers()` and
/// `display()`, the layer passed being `self`. `draw(_ rect: CGRect)` is the layer's
/// `draw(in ctx: CGContext)`, where UIKit's drawing goes to `ctx` (``UIKitDrawingRewriter``) and
/// `rect` is the bounds; the layer is marked for display when it is made, as a view is (a view
/// that declares no initializer is given `init()` doing so, with the copy and decoding
/// initializers a layer with one of its own needs). A view whose `layerClass` is another layer class
/// (`override class var layerClass: AnyClass { CAGradientLayer.self }`) becomes a subclass of
/// that class, `layer as! CAGradientLayer` its instance itself. The class's other passes
/// then treat it as the layer class it is: the command adds the `init(layer:)` Lamina's
/// presentation copies need.
///
/// `awakeFromNib()` stays a method of the layer, which no nib calls on Linux: it is reported, to
/// be called where the layer is made. The layer's own changes do not animate (its
/// `action(forKey:)` gives none), as a view's own layer's do not: the view, its delegate, gives
/// it no action outside UIKit's animation blocks (inside one, which the command writes as a
/// transaction, the layer answers with the block's animation: ``ViewAnimationBlockRewriter``).
/// Its sublayers animate as they did.
///
/// Its touch methods and the tap recognizers it adds to itself become the layer's event
/// handlers (``ViewInput``); so do an AppKit view's mouse methods, its tracking areas of its
/// bounds gone (``AppKitMouseInput``).
///
/// `didMoveToWindow()` (AppKit's `viewDidMoveToWindow()`), which UIKit calls as the view is
/// put in a window, before its first layout, stays a method of the layer, called once at its
/// first layout (from its `layoutSublayers()`, given one where the view had no layout); so does
/// `didMoveToSuperview()` (`viewDidMoveToSuperview()`), which UIKit calls as the view is added
/// to its superview, called there before `didMoveToWindow()`, as UIKit calls them.
///
/// A plain view it makes and adds to itself (`let container = UIView()`, `addSubview(container)`)
/// is a layer, as a view controller's is (``PlainViews``). A subclass of such a view, in any
/// ported file, is written with it (``Ancestor``): its uses of the view's members are the
/// layer's, its overrides of the view's own members stay, and it inherits the members the
/// command adds to the view.
///
/// Left for a person: a view that overrides anything else (`willMove(toWindow:)`,
/// `intrinsicContentSize`), uses a view member its layer does not have (`addSubview`,
/// `superview`, `alpha` changed in place, gestures other than taps), or declares a member named as
/// one of its layer class's that does more than forward to it. A property that only forwards
/// to its layer's property of the same name (`var cornerRadius` set as `layer.cornerRadius`)
/// goes: the layer has it; one of its own that no other code can reach is renamed, and so is a
/// file constant of such a name the class uses (``LayerNameClashes``). Code
/// elsewhere that holds the view is reported as UIKit's, but for a view controller of the same
/// file that adds it (``ViewControllerClassRewriter``). An AppKit
/// view (`NSView`) that only hosts layers is written so too, its y axis pointing up where it
/// is not flipped, its `updateLayer()` the layer's `display()` and `layout()` its
/// `layoutSublayers()` (``AppKitViews``), its `draw(_ dirtyRect: NSRect)` the layer's
/// `draw(in ctx:)`, AppKit's current context there `ctx` (y up, as the view's is).
final class ViewClassRewriter: PortingPass {
    private static let reason =
        "UIKit and AppKit do not exist on Linux, nor views; the view only hosts layers, so it is the layer a Lamina window shows"

    /// How a view's code names itself in Auto Layout constraints: `self`, or its anchors alone.
    private static let constraintHolder = ["self", ""]

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        // The file's private constants named as a layer property that a written class uses.
        final class Classes: SyntaxVisitor {
            var written: [ClassDeclSyntax] = []
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                if !node.isInAppleOnlyConditional, ViewClassRewriter.plan(node) != nil || ViewControllerClassRewriter.isLayerClass(node) {
                    written.append(node)
                }
                return .visitChildren
            }
        }
        let classes = Classes(viewMode: .sourceAccurate)
        classes.walk(node)
        let renames = LayerNameClashes.fileScopeRenames(in: node, writtenClasses: classes.written)
        ViewMembers.apply(
            renames, removing: [], in: file,
            reason: "in the layer the view becomes, the name alone would be the layer's own property of that name")
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        // A final layer class of this file that a view of another file names as its layer class:
        // the layer written for that view subclasses it.
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true, let view = Self.viewInAnotherFile(subclassing: node) {
            open(node, subclassedBy: "\(view) (in another file)")
        }
        let refusal = ViewRefusal()
        guard let plan = Self.plan(node, refusal: refusal) else {
            if Self.candidate(node) != nil {
                refusal.report(
                    node, as: "the view",
                    todo: "change that by hand (the porting guide says what a view written as a layer may use), then run the command again; or write the view as a CALayer subclass",
                    in: file)
            }
            return .visitChildren
        }
        ViewMembers.apply(plan.edits, removing: plan.removed, in: file, reason: Self.reason)
        LayerNameClashes.noteExposedRenames(plan.exposedRenames, renamed: plan.inherited.renamed, of: node, in: file)
        // Overrides declared in its extensions, moved into the class, as written.
        if !plan.movedOverrides.isEmpty {
            ViewMembers.insert(
                Array(plan.movedOverrides.map { [file.placeholder(for: $0)] }.joined(separator: [""])), before: node, in: file,
                reason: "Swift on Linux overrides only in a class's body, not in an extension (`declarations in extensions cannot override yet`); the override moves into the layer class")
            let moved = Set(plan.movedOverrides.map(\.id))
            let reason = "moved into the layer class, where Swift on Linux lets it override"
            for extensionDecl in node.sameFileExtensions {
                let members = extensionDecl.memberBlock.members
                if !members.isEmpty, members.allSatisfy({ moved.contains($0.id) }) {
                    // Nothing else in it: the extension goes.
                    file.removeMember(extensionDecl.parent?.as(CodeBlockItemSyntax.self).map(Syntax.init) ?? Syntax(extensionDecl), kind: .uikitValue, reason: reason)
                } else {
                    let items = Array(members)
                    for (index, item) in items.enumerated() where moved.contains(item.id) {
                        // The last member takes the blank line before it, which a moved one before
                        // it has taken already.
                        if index == items.count - 1, index > 0, moved.contains(items[index - 1].id) {
                            file.remove(item, kind: .uikitValue, reason: reason, movedElsewhere: true)
                        } else {
                            file.removeMember(item, kind: .uikitValue, reason: reason, movedElsewhere: true)
                        }
                    }
                }
            }
        }
        // A layer class of the file's that the layer subclasses may not be final.
        if let own = Self.ownLayerClass(named: plan.layerClass, in: Syntax(node.root)), own.root.id == node.root.id {
            open(own, subclassedBy: node.name.text)
        }
        // Members the layer needs that the view did not declare, before the closing brace.
        let reason =
            (plan.needsInitializers ? "a new view is marked for display, and so is the new layer; " : "")
            + "a view's layer does not animate its own changes (its view gives it no action outside UIKit's animation blocks); as a layer of its own it would"
        if plan.makesPlainViews { PlainViews.declare(after: node, in: file) }
        if plan.makesPlainLabels { PlainLabels.declare(after: node, in: file) }
        ViewInput.declareGestureClasses(for: plan.taps, after: node, in: file)
        // (A subclass inherits them.)
        if !plan.isSubclass {
            ViewMembers.insert(Self.addedMembers(plan, inBlocks: file.context.usesViewAnimationBlocks), before: node, in: file, reason: reason)
        }
        // Methods its draw(_:) calls to draw that cannot take draw(in:)'s context.
        for method in plan.drawingHelpers?.unwritten ?? [] {
            file.note(
                method.name,
                why: "\(method.name.text)(…) draws into UIKit's current context, which is the layer's draw(in:) context only where draw(_:) calls it, and it is called otherwise too (or cannot take the context as a parameter)",
                todo: "pass the CGContext to it from draw(in:), and draw into it")
        }
        if let awake = plan.awakeFromNib {
            file.note(
                awake.name, why: "Linux has no nibs or storyboards, so nothing calls awakeFromNib() on the layer",
                todo: "call awakeFromNib() where the layer is made, or move its work into init(frame:)")
        }
        for hitTest in plan.flippedHitTests {
            file.note(
                hitTest, why: "the point is in the view's coordinates, which point y up as the layer's sublayers are placed; this layer's hitTest(_:) takes its superlayer's, whose y axis points down in a Lamina window",
                todo: "hand it the point in the superlayer's coordinates (`convert(CGPoint(x: p.x, y: bounds.minY + bounds.maxY - p.y), to: superlayer)`), or hit-test the sublayers with the point as it is (`sublayer.hitTest(p)`)")
        }
        if let update = plan.trackingUpdate {
            file.note(
                update.name, why: "AppKit calls updateTrackingAreas() when the view's visible rectangle changes; nothing calls it on the layer, whose tracking areas are gone",
                todo: "call what it does besides its tracking areas where the layer's bounds change (its layoutSublayers()), or remove it")
        }
        return .visitChildren
    }

    /// The members a written view's layer is given, unindented: `init()` marking a new layer
    /// for display (with the copy and decoding initializers one of its own needs) where the
    /// view draws and declares no initializer, as UIKit marks a new view; and `action(forKey:)`
    /// giving no action, as a view gives its own layer none outside UIKit's animation blocks.
    private static func addedMembers(_ plan: Plan, inBlocks: Bool) -> [String] {
        let made =
            (plan.flipsGeometry ? ["    isGeometryFlipped = true"] : []) + (plan.marksForDisplay ? ["    setNeedsDisplay()"] : [])
        let summary =
            plan.flipsGeometry
            ? "/// A new layer's y axis points up, as an AppKit view's does\(plan.marksForDisplay ? "; it is marked for display, as a new view is" : "")."
            : "/// A new layer is marked for display, as UIKit marks a new view."
        let initializers =
            plan.needsInitializers
            ? [
                summary,
                "override init() {",
                "    super.init()",
            ] + made + [
                "}",
                "",
                "required init(layer: Any) {",
                "    super.init(layer: layer)",
                "}",
                "",
                "required init?(coder: NSCoder) {",
                "    super.init(coder: coder)",
            ] + (plan.flipsGeometry ? ["    isGeometryFlipped = true"] : []) + [
                "}",
                "",
            ] : []
        let input =
            !plan.mouseMethods.isEmpty
            ? AppKitMouseInput.handler(methods: plan.mouseMethods, handingOn: plan.mouseMethodsHandingOn, flipped: plan.flipsGeometry) + [""]
            : plan.handlesInput ? ViewInput.handlers(touches: plan.touches, taps: plan.taps) + [""] : []
        let unchecked = plan.isolatedToMainActor ? "nonisolated(unsafe) " : ""
        let interaction =
            (plan.addsInteractionSwitch
                ? [
                    "/// Whether points hit the layer and its sublayers, as UIKit's `isUserInteractionEnabled` says whether the",
                    "/// view takes touches. The default is true.",
                    "\(unchecked)var \(interactionSwitch) = true",
                    "",
                ] : [])
            + ControlState.members(
                adding: plan.addedControlState, switches: (plan.addsInteractionSwitch ? [interactionSwitch] : []) + (plan.keepsEnabled ? [ControlState.enabled] : []),
                isolated: plan.isolatedToMainActor)
            + (plan.addsTint ? ViewTint.property(observed: plan.observesTint, isolated: plan.isolatedToMainActor) : [])
        var window: [String] = []
        if let hook = plan.windowHooks.last {
            let kit = hook.hasPrefix("view") ? "AppKit" : "UIKit"
            let called =
                plan.windowHooks.count == 2
                ? "/// Whether the layer has been laid out since it was added: \(kit) calls \(plan.windowHooks[0])() and \(hook)() as the view is added to its"
                    + "\n/// superview and put in a window, before its first layout; the layer calls them at its first layout."
                : hook.hasSuffix("MoveToWindow")
                    ? "/// Whether the layer has been laid out since it was added: \(kit) calls \(hook)() as the view is put in a window,\n"
                        + "/// before its first layout; the layer calls it at its first layout."
                    : "/// Whether the layer has been laid out since it was added: \(kit) calls \(hook)() as the view is added to its superview,\n"
                        + "/// before its first layout; the layer calls it at its first layout."
            window = called.split(separator: "\n").map(String.init) + ["\(unchecked)private var \(movedFlag(for: plan.windowHooks)) = false", ""]
            if !plan.overridesRemoval { window += windowHookRemoval(plan.windowHooks, kit: kit, isolated: plan.isolatedToMainActor) }
            if plan.addsLayout {
                window += ["override func layoutSublayers() {", "    super.layoutSublayers()"]
                    + windowHookCall(plan.windowHooks, isolated: plan.isolatedToMainActor).map { "    " + $0 } + ["}", ""]
            }
        }
        let frameless =
            plan.needsFramelessInitializer
            ? [
                "/// A view made without a frame: UIKit's `init()` makes one of zero frame.",
                "override convenience init() {",
                "    self.init(frame: .zero)",
                "}",
                "",
            ] : []
        let action =
            plan.delegatesActions
            ? ViewMembers.delegateActionMembers(asksUIKit: plan.asksUIKitForActions)
            : plan.layerClassAnswersActions
                ? ViewMembers.actionMembers(inBlocks: inBlocks, deferringTo: plan.layerClass) : ViewMembers.actionMembers(inBlocks: inBlocks)
        return initializers + frameless + input + interaction + window + action
    }

    struct Plan {
        /// The layer class the view becomes a subclass of.
        var layerClass: String
        /// Whether that class (one of the ported files') answers `action(forKey:)` itself.
        var layerClassAnswersActions = false
        /// Whether the view answers its layer's actions as its delegate (`action(for:forKey:)`,
        /// written as `delegateAction(for:forKey:)`), and whether that asks UIKit's view's own
        /// answer (`super.action(for:forKey:)`).
        var delegatesActions = false
        var asksUIKitForActions = false
        var edits: [(Syntax, String)]
        /// What goes, and why.
        var removed: [(Syntax, String)]
        /// The view's `awakeFromNib()`, kept as a method of the layer that nothing calls.
        var awakeFromNib: FunctionDeclSyntax?
        /// Whether the view declares no initializer and its layer needs one: to mark it for
        /// display, as UIKit marks a new view that draws, or to flip its geometry.
        var needsInitializers = false
        /// Whether the layer is given UIKit's `init()`, a view of zero frame (``madeWithoutFrame(_:)``).
        var needsFramelessInitializer = false
        /// What the view's `draw(_:)` calls to draw (``DrawingHelpers``), where it draws.
        var drawingHelpers: DrawingHelpers.Analysis?
        /// Whether a new layer is marked for display (the view draws or updates its layer).
        var marksForDisplay = false
        /// Whether the layer's geometry is flipped: an AppKit view's that is not (y up).
        var flipsGeometry = false
        /// The touch methods the view declares, and the methods its tap recognizers call.
        var touches: Set<String> = []
        var taps: [ViewInput.Tap] = []
        /// The AppKit mouse methods the view declares (``AppKitMouseInput``), and those that hand
        /// their event on (`super.mouseDown(with: event)`).
        var mouseMethods: Set<String> = []
        var mouseMethodsHandingOn: Set<String> = []
        /// Whether the layer handles the window's pointer and touch events.
        var handlesInput: Bool { !touches.isEmpty || !taps.isEmpty || !mouseMethods.isEmpty }
        /// The view's `updateTrackingAreas()`, kept as a method of the layer that nothing calls.
        var trackingUpdate: FunctionDeclSyntax?
        /// Its mouse methods' hit tests of its own layer with a point in the view's coordinates
        /// (``AppKitMouseInput/ownLayerHitTests(in:)``), where those are the flipped layer's.
        var flippedHitTests: [FunctionCallExprSyntax] = []
        /// The view's `didMoveToSuperview()` and `didMoveToWindow()` (AppKit's
        /// `viewDidMoveToSuperview()`, `viewDidMoveToWindow()`) it declares, in the order UIKit
        /// calls them, which the layer calls at its first layout; with `addsLayout`, from a
        /// `layoutSublayers()` added for it.
        var windowHooks: [String] = []
        var addsLayout = false
        /// Whether the layer class is isolated to the main actor once ported
        /// (``PortingContext/isMainActorAfterPorting(_:)``):
        /// the flag and calls the layer's nonisolated overrides make for `windowHooks` are then
        /// unchecked and the main actor's.
        var isolatedToMainActor = false
        /// Whether the view overrides `removeFromSuperview()`, whose end calls `windowHooks` as
        /// the layer leaves its superlayer (else the layer is given a removal that does).
        var overridesRemoval = false
        /// Whether the class is a subclass of a view this pass writes (its superclass stays).
        var isSubclass = false
        /// What a subclass of the class inherits from it, once written.
        var inherited: Ancestor
        /// Whether the view makes plain views (``PlainViews``), whose layer class the file is given.
        var makesPlainViews = false
        /// Whether it makes plain labels (``PlainLabels``), whose layer class the files are given.
        var makesPlainLabels = false
        /// Its own properties renamed for the layer's of their name another module can name.
        var exposedRenames: [String] = []
        /// Overrides its extensions in its file declare (`override func layoutSubviews()` in an
        /// extension), moved into the class: Swift on Linux overrides only in a class's body.
        var movedOverrides: [MemberBlockItemSyntax] = []
        /// Whether the layer is given `isUserInteractionEnabled`, which the view sets or reads,
        /// and the hit test that heeds it.
        var addsInteractionSwitch = false
        /// The control's state the layer is given (``ControlState``), and whether the hit test
        /// heeds `isEnabled` (the control uses it, or the layer is given it).
        var addedControlState: [ControlState.Property] = []
        var keepsEnabled = false
        /// Whether the layer is given UIKit's tint (``ViewTint``), and whether setting it calls
        /// the class's `tintColorDidChange()`.
        var addsTint = false
        var observesTint = false
    }

    /// What a subclass of a view this pass writes inherits from it once it is written: the
    /// subclass is written with it, its uses of the view's members being the layer's too.
    struct Ancestor: Sendable {
        /// The layer class the written classes descend from.
        var layerClass: String
        var isAppKit: Bool
        /// Whether a written class the subclass inherits from declares `init(frame:)`.
        var declaresFrameInitializer: Bool
        /// Whether a new layer of the written class is marked for display.
        var marksForDisplay: Bool
        /// The members the written classes declare, which the subclass may use and override.
        var members: Set<String>
        /// Their properties renamed for the layer's of their name (``LayerNameClashes``), old
        /// name to new: the subclass's uses are renamed too.
        var renamed: [String: String] = [:]
    }

    /// What a subclass inherits from `node` once written, or nil when this pass leaves `node`:
    /// `node` a view (`ancestor` nil) or a subclass of a written one.
    static func ancestor(of node: ClassDeclSyntax, inheriting ancestor: Ancestor?) -> Ancestor? {
        guard node.genericParameterClause == nil, !node.isInAppleOnlyConditional,
            let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            ancestor != nil || viewBases.contains(superclass)
        else { return nil }
        return plan(node, ancestor: ancestor)?.inherited
    }

    /// The flag that says the layer has called the view's `didMoveToWindow()` (or, where the
    /// view declares only `didMoveToSuperview()`, that one).
    static func movedFlag(for hooks: [String]) -> String {
        hooks.contains { $0.hasSuffix("MoveToWindow") } ? "hasMovedToWindow" : "hasMovedToSuperview"
    }

    /// The methods UIKit (first) and AppKit call as a view is added to its superview and put in
    /// a window, in that order.
    static func windowHookNames(isAppKit: Bool) -> [String] {
        isAppKit ? ["viewDidMoveToSuperview", "viewDidMoveToWindow"] : ["didMoveToSuperview", "didMoveToWindow"]
    }

    /// The layer's `removeFromSuperlayer()`, which calls `hooks` again, last first, as the
    /// layer leaves its superlayer once they have been called: UIKit calls `didMoveToWindow()`
    /// and then `didMoveToSuperview()` as a view leaves its superview (its `window` and
    /// `superview` nil by then), the reverse of the order it calls them as the view is added.
    /// The layer calls them at its next first layout if it is added again.
    private static func windowHookRemoval(_ hooks: [String], kit: String, isolated: Bool) -> [String] {
        let names = hooks.reversed().map { $0 + "()" }.joined(separator: " and ")
        return [
            "/// \(kit) calls \(names) again as the view leaves its superview; the layer calls \(hooks.count == 1 ? "it" : "them")",
            "/// as it leaves its superlayer.",
            "override func removeFromSuperlayer() {",
            "    super.removeFromSuperlayer()",
        ] + windowHookRemovalCall(hooks, isolated: isolated).map { "    " + $0 } + ["}", ""]
    }

    /// The statements that call `hooks`, last first, where the layer has called them since it
    /// was last added, as it leaves its superlayer.
    private static func windowHookRemovalCall(_ hooks: [String], isolated: Bool) -> [String] {
        let flag = movedFlag(for: hooks)
        return ["if \(flag) {", "    \(flag) = false"] + hookCalls(hooks.reversed(), isolated: isolated).map { "    " + $0 } + ["}"]
    }

    /// The statements that call `hooks` the first time the layer is laid out.
    private static func windowHookCall(_ hooks: [String], isolated: Bool) -> [String] {
        let flag = movedFlag(for: hooks)
        return ["if !\(flag) {", "    \(flag) = true"] + hookCalls(hooks, isolated: isolated).map { "    " + $0 } + ["}"]
    }

    /// Calls of `hooks`, in that order, from a nonisolated override of `CALayer`'s: as the main
    /// actor's where the class is isolated to it (the layer is laid out and removed on the main
    /// thread, where Apple code and Lamina's windows lay out and change layers), through an
    /// unchecked reference, as the display link pass moves a layout's work.
    private static func hookCalls(_ hooks: [String], isolated: Bool) -> [String] {
        guard isolated else { return hooks.map { "\($0)()" } }
        return ["nonisolated(unsafe) let mainActorLayer = self", "MainActor.assumeIsolated {"] + hooks.map { "    mainActorLayer.\($0)()" } + ["}"]
    }

    /// The layer class a view subclass this pass writes becomes a subclass of (for the
    /// context's class tree), or nil.
    static func layerSuperclass(_ node: ClassDeclSyntax) -> String? { plan(node)?.layerClass }

    /// Whether `node` (a use of `UIView`) is the superclass of a view this pass writes, or is in
    /// its touch methods' parameters or the tap recognizers it removes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        var steps = 0
        while let ancestor = current {
            if let declaration = ancestor.as(ClassDeclSyntax.self) {
                if steps < 4, declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == node.trimmedDescription {
                    return plan(declaration) != nil
                }
                guard let plan = plan(declaration) else { break }
                return ViewMembers.isWritten(node, by: plan.edits, removing: plan.removed)
            }
            // In the view's extension in its file, whose members the plan writes too.
            if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
                guard let declaration = extensionDecl.sameFileClass, let plan = plan(declaration) else { break }
                return ViewMembers.isWritten(node, by: plan.edits, removing: plan.removed)
            }
            steps += 1
            current = ancestor.parent
        }
        // In a property that goes (`shadowColor: UIColor?` forwarding to the layer's).
        guard let (member, owner) = ViewMembers.forwardingMember(around: node), let declaration = owner.as(ClassDeclSyntax.self)
        else { return false }
        return plan(declaration)?.removed.contains { $0.0.id == member.id } ?? false
    }

    /// Whether `node` is a view this pass writes whose layer handles the window's pointer and
    /// touch events (its touch methods or tap recognizers).
    static func handlesInput(_ node: ClassDeclSyntax) -> Bool { plan(node)?.handlesInput ?? false }

    /// The members each layer class a view may name as its `layerClass` adds to `CALayer`'s.
    private static let layerClassMemberNames: [String: Set<String>] = [
        "CAShapeLayer": [
            "path", "fillColor", "fillRule", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineCap",
            "lineJoin", "lineDashPhase", "lineDashPattern",
        ],
        "CAGradientLayer": ["colors", "locations", "startPoint", "endPoint", "type"],
        "CATextLayer": ["string", "font", "fontSize", "foregroundColor", "isWrapped", "truncationMode", "alignmentMode"],
        "CAReplicatorLayer": ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "preservesDepth"],
        "CAEmitterLayer": [
            "emitterCells", "emitterPosition", "emitterZPosition", "emitterSize", "emitterShape", "emitterMode", "birthRate",
            "lifetime", "velocity", "scale", "spin", "seed", "renderMode",
        ],
    ]

    /// The view classes a class this pass writes may inherit from directly: UIKit's and AppKit's
    /// views, and UIKit's control, which is a view where its control members go unused.
    static let viewBases: Set<String> = ["UIView", "NSView", "UIControl"]

    /// Whether `node` is a class this pass may write, and what it inherits once written: nil
    /// for another class; `.some(nil)` for a view (`UIView`, `NSView`); the ancestor for a
    /// subclass of UILabel or of a view this pass writes (which the files' context has found:
    /// ``PortingContext/currentViewClasses``).
    static func candidate(_ node: ClassDeclSyntax) -> Ancestor?? {
        guard let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else { return nil }
        if viewBases.contains(superclass) { return .some(nil) }
        if superclass == "UILabel" { return PlainLabels.ancestor }
        guard let ancestor = PortingContext.currentViewClasses[superclass] else { return nil }
        return ancestor
    }

    /// The plan for `node`, a class ``candidate(_:)`` says this pass may write; nil, with the
    /// reason recorded in `refusal`, for one it leaves.
    private static func plan(_ node: ClassDeclSyntax, refusal: ViewRefusal? = nil) -> Plan? {
        guard let ancestor = candidate(node) else { return nil }
        return plan(node, ancestor: ancestor, refusal: refusal)
    }

    private static func plan(_ node: ClassDeclSyntax, ancestor: Ancestor?, refusal: ViewRefusal? = nil) -> Plan? {
        guard node.genericParameterClause == nil, let inherited = node.inheritanceClause?.inheritedTypes.first,
            ancestor != nil || viewBases.contains(inherited.type.trimmedDescription)
        else { return nil }
        // A control that uses none of its control's members (targets, tracking) but the state it
        // keeps (``ControlState``) is a view. (Its own members of those names are its own.)
        let isControl = inherited.type.trimmedDescription == "UIControl"
        if isControl,
            let own = ViewExtensionRewriter.ownMemberUse(
                node.memberBlock, allowing: ControlState.names.union(DeclaredMember.all(in: node.memberBlock).map(\.name)))
        {
            return refusal.refuse("it uses `\(own)`, a member of UIControl's that a layer does not have")
        }
        // The control's state properties it observes, which are its own.
        var observedControlState: Set<String> = []
        let isAppKit = ancestor?.isAppKit ?? (inherited.type.trimmedDescription == "NSView")
        // A subclass may use and override what the written classes it inherits declare.
        let inheritedMembers = ancestor?.members ?? []
        // An AppKit view's y axis points up unless it is flipped (``AppKitViews``).
        var isFlipped = false
        // The view's layout override, and its `didMoveToWindow()` (AppKit's `viewDidMoveToWindow()`).
        var layoutFunction: FunctionDeclSyntax?
        var windowHooks: [String] = []
        // Whether it overrides `removeFromSuperview()` (its layer's `removeFromSuperlayer()`).
        var removal: FunctionDeclSyntax?
        var edits: [(Syntax, String)] = []
        var removed: [(Syntax, String)] = []
        // View members the class declares for itself (``ViewMembers/isOwnIntrinsicSize(_:)``).
        var ownViewMembers: Set<String> = []
        var layerClass = ancestor?.layerClass ?? "CALayer"
        var declared: Set<String> = []
        // Its methods sharing a layer method's name but not its labels (``ViewMembers/isOverloadOfLayerMethod(_:)``).
        var layerMethodOverloads: Set<String> = []
        var draws = false
        var skipped: Set<SyntaxIdentifier> = []
        var awakeFromNib: FunctionDeclSyntax?
        // Whether it overrides UIKit's `tintColorDidChange()` (``ViewTint``).
        var observesTint = false
        // The layer class an override of `layer` types it as.
        var typedLayer: String?
        var drawingHelpers: DrawingHelpers.Analysis?
        var input = ViewInput.Edits()
        var touches: Set<String> = []
        var mouseMethods: Set<String> = [], mouseMethodsHandingOn: Set<String> = []
        var mouseHitTests: [FunctionCallExprSyntax] = []
        var delegatesActions = false, asksUIKitForActions = false
        // Overrides in its extensions in its file, which are the class's (``Plan/movedOverrides``).
        let extensions = node.sameFileExtensions
        let movedOverrides = extensions.flatMap { extensionDecl in
            // (An array of the members themselves: a syntax collection's own `filter` makes a
            // new collection, whose members' positions are not the file's.)
            Array(extensionDecl.memberBlock.members).filter { item in
                (item.decl.is(FunctionDeclSyntax.self) || item.decl.is(VariableDeclSyntax.self))
                    && item.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.override) } == true
            }
        }
        // The layer class it names (`layerClass`, `makeBackingLayer()`), whose own properties one
        // of the view's may forward to (`(layer as! GaugeLayer).level`).
        let namedLayerClass = ancestor != nil ? nil : node.memberBlock.members.lazy.compactMap { item -> String? in
            if let variable = item.decl.as(VariableDeclSyntax.self) { return layerClassOverride(variable) }
            if isAppKit, let function = item.decl.as(FunctionDeclSyntax.self), function.name.text == "makeBackingLayer" { return backingLayerClass(function) }
            return nil
        }.first
        let namedLayerClassMembers = namedLayerClass.map { named in
            (layerClassMemberNames[named] ?? []).union(ownLayerClass(named: named, in: Syntax(node.root)).map { own in
                Set(DeclaredMember.all(in: own.memberBlock).map(\.name))
                    .union(layerClassMemberNames[own.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? ""] ?? [])
            } ?? [])
        } ?? []
        // Its layer class when the ported files declare it, whose members the view's of their
        // names that hand on to them override (``LayerMemberOverrides``): their names, items
        // and the accesses written `super.`.
        let namedOwnLayerClass = namedLayerClass.flatMap { ownLayerClass(named: $0, in: Syntax(node.root)) }
        var overriding: Set<String> = []
        var overridingItems: Set<SyntaxIdentifier> = []
        var overridingAccesses: [Syntax] = []
        for item in Array(node.memberBlock.members) + movedOverrides {
            let decl = item.decl
            let override = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.first { $0.name.tokenKind == .keyword(.override) }
            // `var text: String? { get { stringLayer.text } set { … } }` beside its layer
            // class's `text`: an override of it (one that only forwards goes, below).
            let onlyForwards = decl.as(VariableDeclSyntax.self).map {
                ViewMembers.isLayerForwarding($0, layerClass: namedLayerClass, layerClassMembers: namedLayerClassMembers)
            } ?? false
            if override == nil, !onlyForwards, let own = namedOwnLayerClass,
                let written = LayerMemberOverrides.edits(for: decl, in: node, layerClass: own)
            {
                edits += written
                overridingAccesses += written.dropFirst().map(\.0)
                overridingItems.insert(item.id)
                let name = decl.as(FunctionDeclSyntax.self)?.name.text
                    ?? decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription ?? ""
                overriding.insert(name)
                declared.insert(name)
                continue
            }
            let isOverride = override != nil
            if isAppKit, let override, let member = AppKitViews.member(decl) {
                switch member {
                case .removed(let flipped):
                    // A subclass's own flip would have to reach the layer its ancestor makes.
                    if flipped != nil, ancestor != nil { return refusal.refuse("it overrides isFlipped, where the view it inherits makes the layer") }
                    removed.append((Syntax(item), "a layer is drawn by its own display and places its sublayers as its geometry says"))
                    skipped.insert(item.id)
                    if let flipped { isFlipped = flipped }
                case .renamed(let name):
                    guard let function = decl.as(FunctionDeclSyntax.self) else { return refusal.refuse("it overrides an AppKit member its layer lacks") }
                    edits.append((Syntax(function.name), name))
                    if name == "layoutSublayers" { layoutFunction = function }
                    // Displayed when made, as AppKit displays a new view.
                    if name == "display" { draws = true }
                case .plainMethod:
                    removed.append((Syntax(override), AppKitViews.interfaceBuilderReason))
                case .removedAsLaminaDoes(let reason):
                    removed.append((Syntax(item), reason))
                    skipped.insert(item.id)
                }
                continue
            }
            if let variable = decl.as(VariableDeclSyntax.self) {
                // `var cornerRadius: CGFloat { didSet { layer.cornerRadius = cornerRadius } }`.
                if !isOverride, ViewMembers.isLayerForwarding(variable, layerClass: namedLayerClass, layerClassMembers: namedLayerClassMembers) {
                    removed.append((Syntax(item), "the layer has this property itself, which the view's only forwarded to"))
                    skipped.insert(item.id)
                    continue
                }
                // An override of a property the written classes it inherits declare.
                // (One of a property the written class renamed is renamed as the class's own
                // properties named as the layer's are, below: to the same name.)
                if isOverride, ancestor != nil,
                    variable.bindings.allSatisfy({ $0.pattern.as(IdentifierPatternSyntax.self).map { inheritedMembers.contains($0.identifier.text) } ?? false })
                {
                    continue
                }
                // `override var layer: CAGradientLayer { super.layer as! CAGradientLayer }`: the
                // layer, of its layer class, is `self` (checked against `layerClass` below).
                if isOverride, let typed = typedLayerOverride(variable) {
                    typedLayer = typed
                    removed.append((Syntax(item), "the class is a subclass of the view's layer class: its layer is itself"))
                    skipped.insert(item.id)
                    continue
                }
                // `override var intrinsicContentSize: CGSize { … }`: a property of the layer,
                // which the class's own code may still read (a written class it inherits, which
                // declared it so, is above; a UILabel subclass's layer class has none).
                if isOverride, !inheritedMembers.contains("intrinsicContentSize"), ViewMembers.isOwnIntrinsicSize(variable),
                    let modifier = variable.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
                {
                    removed.append((Syntax(modifier), "CALayer has no intrinsicContentSize: Auto Layout asks a view for it, and a layer has no Auto Layout; the property stays the layer's own"))
                    ownViewMembers.insert("intrinsicContentSize")
                    continue
                }
                // `override var isHidden: Bool { didSet { … } }`: observers of a view property the
                // view keeps on its layer (`isHidden`, `frame`, `bounds`), the layer's own.
                if isOverride, variable.bindings.count == 1, let binding = variable.bindings.first,
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    ["isHidden", "frame", "bounds"].contains(name), binding.accessorBlock != nil, binding.isStored
                {
                    continue
                }
                // `override var isEnabled: Bool { didSet { … } }`: the layer's own property of
                // the control's default.
                if isOverride, isControl, let observing = ControlState.observingOverride(variable) {
                    removed.append((Syntax(observing.override), "CALayer has no \(observing.property.name): the control's state is the layer's own property, of UIControl's default"))
                    edits += observing.edits
                    observedControlState.insert(observing.property.name)
                    declared.insert(observing.property.name)
                    continue
                }
                // `override class var layerClass: AnyClass { CAGradientLayer.self }`.
                if isOverride {
                    guard ancestor == nil, let named = layerClassOverride(variable) else {
                        let name = variable.bindings.first?.pattern.trimmedDescription ?? "a property"
                        if name == "layerClass" {
                            return refusal.refuse(
                                ancestor == nil
                                    ? "its `layerClass` is neither one of Core Animation's layer classes (`CAGradientLayer.self`) nor a layer class of the ported files that a layer may subclass (one without initializers of its own)"
                                    : "it overrides `layerClass`, where the view it inherits makes the layer")
                        }
                        return refusal.refuse("it overrides `\(name)`, a view property the command does not write on its layer")
                    }
                    layerClass = named
                    removed.append((Syntax(item), "the class is a subclass of the view's layer class"))
                    skipped.insert(item.id)
                    continue
                }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                        return refusal.refuse("it declares a property by a pattern (`\(binding.pattern.trimmedDescription)`)")
                    }
                    declared.insert(name)
                }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                // An override of a method the written classes it inherits declare (their
                // `didMoveToWindow()` and `awakeFromNib()` among them) stays one.
                if isOverride, inheritedMembers.contains(function.name.text) { continue }
                if isOverride, function.name.text == "layoutSubviews", function.signature.parameterClause.parameters.isEmpty {
                    // (Beside `layoutSublayers(of:)`, in the class or its extensions, whichever comes first.)
                    guard layoutFunction == nil else { return refusal.refuse("it overrides both layoutSubviews() and layoutSublayers(of:)") }
                    edits.append((Syntax(function.name), "layoutSublayers"))
                    layoutFunction = function
                    continue
                }
                // `override func didMoveToWindow()` (`didMoveToSuperview()`): a method of the
                // layer, called at its first layout.
                if let override, Self.windowHookNames(isAppKit: isAppKit).contains(function.name.text),
                    function.signature.parameterClause.parameters.isEmpty, function.body != nil
                {
                    // Called from the layout of the written class that declares it.
                    guard ancestor == nil else {
                        return refusal.refuse("it overrides \(function.name.text)(), which the view it inherits does not declare")
                    }
                    let moment = function.name.text.hasSuffix("MoveToWindow") ? "put in a window" : "added to its superview"
                    removed.append((Syntax(override), "CALayer has no \(function.name.text)(): the layer calls it at its first layout, as the view is \(moment)"))
                    windowHooks.append(function.name.text)
                    continue
                }
                // `override func awakeFromNib()`: a method of the layer, which no nib calls.
                if isOverride, function.name.text == "awakeFromNib", function.signature.parameterClause.parameters.isEmpty,
                    let modifier = function.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
                {
                    removed.append((Syntax(modifier), "CALayer has no awakeFromNib(): the view's is a method of the layer"))
                    awakeFromNib = function
                    continue
                }
                // `override func touchesBegan(_:with:)`: the layer's pointer and touch events call it.
                if isOverride, ViewInput.isTouchMethod(function),
                    let modifier = function.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
                {
                    // The layer's event handlers are its ancestor's.
                    guard ancestor == nil else { return refusal.refuse("it handles touches, where the view it inherits does not") }
                    guard let written = ViewInput.touchMethod(function, view: ["self"]) else {
                        return refusal.refuse("its \(function.name.text) reads more of its touches than their location")
                    }
                    input.append(written)
                    removed.append((Syntax(modifier), "CALayer has no \(function.name.text): it is a method of the layer, which the layer's pointer and touch events call"))
                    touches.insert(function.name.text)
                    continue
                }
                // `override func mouseDown(with event: NSEvent)`: the layer's pointer events call it.
                if isOverride, isAppKit, AppKitMouseInput.isMouseMethod(function),
                    let modifier = function.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
                {
                    guard ancestor == nil else { return refusal.refuse("it handles the mouse, where the view it inherits does not") }
                    guard let written = AppKitMouseInput.mouseMethod(function) else {
                        return refusal.refuse("its \(function.name.text) reads more of its event than its location in the view")
                    }
                    input.append(written.edits)
                    removed.append((Syntax(modifier), "CALayer has no \(function.name.text): it is a method of the layer, which the layer's pointer events call"))
                    mouseMethods.insert(function.name.text)
                    if written.handsOn { mouseMethodsHandingOn.insert(function.name.text) }
                    mouseHitTests += AppKitMouseInput.ownLayerHitTests(in: function)
                    continue
                }
                // `override func updateTrackingAreas()`: its tracking areas, below.
                if isOverride, isAppKit, ancestor == nil, function.name.text == "updateTrackingAreas", function.signature.parameterClause.parameters.isEmpty {
                    continue
                }
                if isOverride, let drawing = drawingEdits(function) {
                    edits += drawing
                    // The methods it calls to draw take its context (``DrawingHelpers``).
                    let analysis = DrawingHelpers.analysis(of: node, drawing: function)
                    edits += analysis.edits
                    drawingHelpers = analysis
                    draws = true
                    continue
                }
                // `override func point(inside point: CGPoint, with event: UIEvent?) -> Bool`: what
                // hit testing asks the layer, `contains(_:)`.
                if isOverride, let written = containsEdits(function) {
                    edits += written
                    continue
                }
                // `override func makeBackingLayer() -> CALayer { AnimatedLayer() }`: AppKit's
                // `layerClass`, the layer the view is backed by.
                if isOverride, isAppKit, function.name.text == "makeBackingLayer" {
                    guard ancestor == nil, let named = backingLayerClass(function) else {
                        return refusal.refuse(
                            ancestor == nil
                                ? "its `makeBackingLayer()` does more than make one of Core Animation's layer classes (`CAGradientLayer()`) or a layer class of the ported files that a layer may subclass (one without initializers of its own)"
                                : "it overrides `makeBackingLayer()`, where the view it inherits makes the layer")
                    }
                    layerClass = named
                    removed.append((Syntax(item), "the class is a subclass of the layer class the view was backed by"))
                    skipped.insert(item.id)
                    continue
                }
                // `override func action(for layer: CALayer, forKey event: String) -> CAAction?`: the
                // view's answer, as its layer's delegate, which the layer asks first.
                if isOverride, !isAppKit, let written = Self.actionDelegateEdits(function),
                    let modifier = function.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
                {
                    guard ancestor == nil else { return refusal.refuse("it answers its layer's actions, where the view it inherits makes the layer") }
                    edits += written.edits
                    removed.append((Syntax(modifier), "CALayer has no delegate method to override: the view's answer is a method of the layer, which its action(forKey:) asks first"))
                    delegatesActions = true
                    asksUIKitForActions = written.asksUIKit
                    continue
                }
                // `override func layoutSublayers(of layer: CALayer)`: the view's answer, as its
                // layer's delegate, when the layer lays out — the layer's own layout.
                if isOverride, let written = Self.layoutDelegateEdits(function) {
                    guard layoutFunction == nil else { return refusal.refuse("it overrides both layoutSubviews() and layoutSublayers(of:)") }
                    edits += written
                    layoutFunction = function
                    continue
                }
                // `override func display(_ layer: CALayer)`: the view's answer, as its layer's
                // delegate, when the layer displays — the layer's own `display()`.
                if isOverride, let written = Self.displayDelegateEdits(function) {
                    guard ancestor == nil else { return refusal.refuse("it displays its layer, where the view it inherits makes the layer") }
                    edits += written
                    continue
                }
                // `override func removeFromSuperview()`: the layer's `removeFromSuperlayer()`, which
                // the view's calls are (UIKit removes the view's layer with it).
                if isOverride, function.name.text == "removeFromSuperview", function.signature.parameterClause.parameters.isEmpty, ancestor == nil {
                    edits.append((Syntax(function.name), "removeFromSuperlayer"))
                    removal = function
                    continue
                }
                // UIKit's `prepareForInterfaceBuilder()`, which only Interface Builder calls: a
                // method of the layer, as AppKit's is (``AppKitViews``).
                if let override, function.name.text == "prepareForInterfaceBuilder", function.signature.parameterClause.parameters.isEmpty,
                    !inheritedMembers.contains("prepareForInterfaceBuilder")
                {
                    removed.append((Syntax(override), AppKitViews.interfaceBuilderReason))
                    continue
                }
                // UIKit's `tintColorDidChange()`: a method of the layer, called as the tint the
                // layer is given changes (``ViewTint``).
                if let override, !isAppKit, ancestor == nil, function.name.text == ViewTint.changeMethod,
                    function.signature.parameterClause.parameters.isEmpty
                {
                    removed.append((Syntax(override), "CALayer has no tintColorDidChange(): it is a method of the layer, called as its tintColor changes"))
                    observesTint = true
                    continue
                }
                // `traitCollectionDidChange(_:)` whose work waits on the colour appearance changing.
                if !isAppKit, ViewTint.isAppearanceChangeOnly(function) {
                    removed.append((Syntax(item), "Lamina has one appearance, the light one every colour is written for: it never changes, so this work never runs"))
                    skipped.insert(item.id)
                    continue
                }
                if isOverride { return refusal.refuse("it overrides \(function.name.text)(…), a view method the command does not write on its layer") }
                // `func draw(_ lines: [CTLine])` beside UIKit's `draw(_ rect: CGRect)`: the view's
                // own, as it is beside the layer's `draw(in:)`.
                let parameters = function.signature.parameterClause.parameters
                if function.name.text == "draw", parameters.count != 1 || !["CGRect", "NSRect"].contains(parameters.first?.type.trimmedDescription ?? "") {
                    ownViewMembers.insert("draw")
                    continue
                }
                declared.insert(function.name.text)
                // (`func animation()` beside the layer's `animation(forKey:)` is the view's own.)
                if ViewMembers.isOverloadOfLayerMethod(function) { layerMethodOverloads.insert(function.name.text) }
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                let labels = initializer.signature.parameterClause.parameters.map { $0.firstName.text }
                if labels == ["coder"] { continue }
                // `init()`: UIView's is inherited from NSObject, CALayer's is its designated one.
                if labels.isEmpty {
                    if !isOverride { edits.append((Syntax(initializer.initKeyword), "override init")) }
                    continue
                }
                if isOverride {
                    // `override init(frame: CGRect)`: the layer's is a new initializer, which a
                    // subclass of a written class that declares it overrides.
                    guard labels == ["frame"], let modifier = initializer.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
                    else { return refusal.refuse("it overrides init(\(labels.map { $0 + ":" }.joined())), a view initializer") }
                    if ancestor?.declaresFrameInitializer == true { continue }
                    removed.append((Syntax(modifier), "CALayer has no init(frame:): the class's own makes the layer and sets its frame"))
                }
            } else if decl.is(TypeAliasDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || decl.is(StructDeclSyntax.self)
                || decl.is(DeinitializerDeclSyntax.self) || decl.is(SubscriptDeclSyntax.self)
            {
                continue
            } else if let nested = decl.as(ClassDeclSyntax.self) {
                // A class of its own (`private class ShapePoint`), nested in the layer as in the
                // view; a nested view class is written, or left, on its own.
                if let base = nested.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription, Self.viewBases.contains(base) {
                    return refusal.refuse("it declares a view class, \(nested.name.text), inside it")
                }
                continue
            } else {
                return refusal.refuse("it declares a member the command does not write (\(decl.kind))")
            }
        }
        if let typedLayer, typedLayer != layerClass {
            return refusal.refuse("it overrides `layer` as a `\(typedLayer)`, which is not its `layerClass`")
        }
        // Extensions of the class in its file: their members are the layer's too (their
        // overrides were checked with the class's).
        for extensionDecl in extensions {
            for member in DeclaredMember.all(in: extensionDecl.memberBlock) where !member.isOverride {
                declared.insert(member.name)
            }
        }
        // Its private properties named as one of the layer's are renamed (`viewDuration`).
        // A layer class of the file's: its own members too, and its Core Animation base's.
        var layerNames = ViewMembers.layerPropertyNames.union(layerClassMemberNames[layerClass] ?? [])
        if let own = ownLayerClass(named: layerClass, in: Syntax(node.root)) {
            layerNames.formUnion(DeclaredMember.all(in: own.memberBlock).map(\.name))
            layerNames.formUnion(layerClassMemberNames[own.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? ""] ?? [])
        }
        guard let clashes = LayerNameClashes.renames(
            in: node, extensions: extensions, layerNames: layerNames, prefix: "view", skipped: skipped.union(overridingItems),
            subclassesFollow: true)
        else {
            let named = declared.intersection(layerNames).sorted().map { "`\($0)`" }.joined(separator: ", ")
            return refusal.refuse("its property \(named), named as one of its layer's, is named outside the view and its subclasses, so it cannot be renamed")
        }
        edits += clashes.edits
        // The uses of the properties the written classes it inherits renamed.
        let bodies = node.bodiesInFile
        for (name, newName) in (ancestor?.renamed ?? [:]).sorted(by: { $0.key < $1.key }) {
            edits += LayerNameClashes.referenceEdits(renaming: name, to: newName, in: bodies)
        }
        let clashing = declared.subtracting(clashes.renamed.keys).subtracting(layerMethodOverloads).subtracting(overriding)
            .intersection(layerNames.union(ViewInput.addedNames))
        guard clashing.isEmpty else {
            return refusal.refuse("it declares \(clashing.sorted().map { "`\($0)`" }.joined(separator: ", ")), named as its layer's own")
        }
        // Tap recognizers the view adds to itself, and the methods they call.
        guard let (tapEdits, taps) = ViewInput.taps(in: Array(node.memberBlock.members), view: ["self"]),
            taps.isEmpty || ancestor == nil
        else { return refusal.refuse("it uses a gesture recognizer other than a tap or one pan on itself that calls a method") }
        input.append(tapEdits)
        // Auto Layout constraints pinning its views to itself: the layer's constraint layout.
        let ownMembers = Array(node.memberBlock.members).filter { !skipped.contains($0.id) }
        input.append(AutoLayoutConstraints.edits(in: ownMembers, container: Self.constraintHolder))
        edits += input.edits
        removed += input.removed
        // Plain views it makes (`UIView()`) and adds to itself, written as layers.
        var unwrittenPlainUse: String?
        // (In its extensions in the file too: `createViews()` in `extension RingView`.)
        let extensionMembers = extensions.flatMap { Array($0.memberBlock.members) }.filter { item in !movedOverrides.contains { $0.id == item.id } }
        guard
            let plain = PlainViews.edits(
                in: ownMembers + extensionMembers, of: node, constraintHolder: Self.constraintHolder, unwritten: &unwrittenPlainUse)
        else {
            return refusal.refuse(PlainViews.refusal(unwrittenPlainUse))
        }
        edits += plain.edits
        let additions = PlainViews.additions(in: ownMembers + extensionMembers, holders: plain.names)
        edits += additions.map(\.edit)
        // Views of classes written as layers that it adds to itself (`addSubview(tile)`): its
        // sublayers, used as their layers (``WrittenSubviews``).
        let subviews = WrittenSubviews.additions(in: ownMembers + extensionMembers, of: node, container: Self.constraintHolder)
        edits += subviews.edits
        // What an AppKit view sets that a layer is or does by itself (`wantsLayer = true`).
        var appKitStatements: [Syntax] = []
        // The view's own `translatesAutoresizingMaskIntoConstraints = false`: what places the
        // view (its superview's constraints, written or reported where they are made) places
        // the layer, which translates nothing.
        for statement in ViewMembers.ownConstraintTranslations(in: bodies) {
            removed.append((Syntax(statement), "a layer has no Auto Layout of its own to turn off; what places the view places the layer, by its frame or its superlayer's constraints"))
            appKitStatements.append(Syntax(statement))
        }
        // Its own fixed size (`widthAnchor.constraint(equalToConstant: 100).isActive = true`):
        // the layer's bounds, which Auto Layout would give the view.
        for (statement, lines) in ViewMembers.ownSizeConstraints(in: bodies) {
            edits.append((Syntax(statement), lines.joined(separator: "\n" + statement.statementIndentation)))
            appKitStatements.append(Syntax(statement))
        }
        // `invalidateIntrinsicContentSize()`: no Auto Layout asks the layer for its size.
        for statement in ViewMembers.ownIntrinsicSizeInvalidations(in: bodies) {
            removed.append((Syntax(statement), "a layer has no Auto Layout to tell that its intrinsic size changed; what places the view places the layer"))
            appKitStatements.append(Syntax(statement))
        }
        if isAppKit {
            var hosted: AppKitViews.HostedLayer?
            guard let statements = AppKitViews.statements(in: bodies, hosting: &hosted)
            else { return refusal.refuse("it replaces its layer (`layer = …`), or sets `wantsLayer`, `needsDisplay` or `needsLayout` otherwise than to `true`") }
            // `layer = CAShapeLayer()` in an initializer: the view hosts a layer of that class,
            // which the class, written as a layer, is a subclass of.
            if let hosted {
                guard ancestor == nil, layerClass == "CALayer" else {
                    return refusal.refuse("it hosts a `\(hosted.layerClass)`, where its layer is made otherwise (`makeBackingLayer()`, or by the view it inherits)")
                }
                layerClass = hosted.layerClass
                if let local = hosted.localValue { edits.append((Syntax(local), "self")) }
            }
            for (statement, written, reason) in statements {
                if let written {
                    edits.append((Syntax(statement), written))
                } else {
                    removed.append((Syntax(statement), reason))
                }
                appKitStatements.append(Syntax(statement))
            }
        }
        // Its tracking areas, for the mouse methods that need them.
        var trackingUpdate: FunctionDeclSyntax?
        if isAppKit, ancestor == nil {
            guard let tracking = AppKitMouseInput.tracking(in: Array(node.memberBlock.members)) else {
                return refusal.refuse("it adds tracking areas other than of its bounds, or keeps or uses them otherwise than to add and remove them")
            }
            for method in ["mouseEntered", "mouseExited"] where mouseMethods.contains(method) && !tracking.options.contains("mouseEnteredAndExited") {
                return refusal.refuse("it handles \(method)(with:) without a tracking area of its bounds with `.mouseEnteredAndExited`")
            }
            if mouseMethods.contains("mouseMoved"), !tracking.options.contains("mouseMoved") {
                return refusal.refuse("it handles mouseMoved(with:) without a tracking area of its bounds with `.mouseMoved`")
            }
            removed += tracking.removed
            appKitStatements += tracking.replaced
            for item in tracking.removedMembers { skipped.insert(item.id) }
            if tracking.keepsUpdate, let item = tracking.updateOverride, let function = item.decl.as(FunctionDeclSyntax.self),
                let modifier = function.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
            {
                removed.append((Syntax(modifier), "CALayer has no updateTrackingAreas(): the view's is a method of the layer, its tracking areas gone"))
                trackingUpdate = function
            }
        }
        // `isUserInteractionEnabled = false`: the layer is given the property, and a hit test
        // that passes over it while it is false, as UIKit's does over such a view.
        let addsInteractionSwitch =
            !inheritedMembers.contains(Self.interactionSwitch) && bodies.contains { ViewMembers.usesOwnMember(Self.interactionSwitch, in: $0) }
        if addsInteractionSwitch {
            guard ancestor == nil else {
                return refusal.refuse("it uses `\(Self.interactionSwitch)`, which the view it inherits does not")
            }
            guard !declared.contains("hitTest") else { return refusal.refuse("it declares `hitTest`, and uses `\(Self.interactionSwitch)`") }
            ownViewMembers.insert(Self.interactionSwitch)
        }
        // A control's `isEnabled` and `isSelected`, which the layer keeps.
        let usedControlState =
            isControl ? ControlState.used(in: bodies).filter { (property: ControlState.Property) in !observedControlState.contains(property.name) } : []
        let keepsEnabled = usedControlState.contains { $0.name == ControlState.enabled } || observedControlState.contains(ControlState.enabled)
        if keepsEnabled, declared.contains("hitTest") {
            return refusal.refuse("it declares `hitTest`, and uses `\(ControlState.enabled)`")
        }
        ownViewMembers.formUnion(usedControlState.map { $0.name })
        // A UIKit view's tint, read for its CGColor: the layer's own (``ViewTint``).
        let addsTint =
            !isAppKit && !inheritedMembers.contains(ViewTint.name) && !declared.contains(ViewTint.name) && (observesTint || bodies.contains { ViewMembers.usesOwnMember(ViewTint.name, in: $0) })
        var tintReplaced: [Syntax] = []
        if addsTint {
            guard ancestor == nil else { return refusal.refuse("it uses `\(ViewTint.name)`, which the view it inherits does not") }
            switch ViewTint.uses(in: bodies) {
            case .success(let written):
                edits += written.edits
                tintReplaced = written.replaced
            case .failure(let unwritten):
                return refusal.refuse("it uses `\(ViewTint.name)` (`\(unwritten.use.parent?.trimmedDescription ?? unwritten.use.trimmedDescription)`) other than for its CGColor or to set it to a colour the command writes")
            }
            ownViewMembers.insert(ViewTint.name)
        }
        // `window != nil`: whether the layer has called the view's `didMoveToWindow()` and not
        // been removed since.
        let windowFlag = windowHooks.contains { $0.hasSuffix("MoveToWindow") } ? Self.movedFlag(for: windowHooks) : nil
        guard let members = ViewMembers.edits(
            in: node.memberBlock, declared: declared, selfAlone: true, layerClass: layerClass, skipped: skipped,
            replaced: input.replaced + appKitStatements + additions.map { Syntax($0.call) } + subviews.calls.map(Syntax.init) + tintReplaced
                + overridingAccesses, refusal: refusal,
            inherited: inheritedMembers.union(ownViewMembers), isAppKit: isAppKit, windowFlag: windowFlag)
        else { return nil }
        edits += members
        for extensionDecl in extensions {
            guard let members = ViewMembers.edits(
                in: extensionDecl.memberBlock, declared: declared, selfAlone: true, layerClass: layerClass,
                replaced: appKitStatements + additions.map { Syntax($0.call) } + subviews.calls.map(Syntax.init) + tintReplaced,
                refusal: refusal, inherited: inheritedMembers.union(ownViewMembers), isAppKit: isAppKit, windowFlag: windowFlag)
            else { return nil }
            edits += members
        }
        // `super.init(frame: f)` → `super.init()` and the frame set; `super.layoutSubviews()`.
        // (A subclass's layer is made, flipped, by the written class it inherits.)
        let flipsGeometry = isAppKit && !isFlipped && ancestor == nil
        let finder = SuperCallFinder(draws: draws, flipsGeometry: flipsGeometry, ancestor: ancestor, skipped: skipped)
        finder.walk(node.memberBlock)
        for item in movedOverrides { finder.walk(item) }
        guard let superCalls = finder.edits else { return refusal.refuse("it calls a view method on super that its layer does not have") }
        edits += superCalls
        removed += finder.removed
        if ancestor == nil {
            edits.append((Syntax(inherited.type), layerClass + ViewInput.adoptedProtocols(touches: touches, taps: taps, handlesMouse: !mouseMethods.isEmpty)))
        }
        // A subclass of UILabel: of the layer plain labels become, its font and colour written.
        let isLabel = inherited.type.trimmedDescription == "UILabel"
        if isLabel {
            edits.append((Syntax(inherited.type), PlainLabels.layerClass))
            // (In the class and in its extensions in the file, whose members are the layer's too.)
            for members in [node.memberBlock] + node.sameFileExtensions.map(\.memberBlock) {
                guard let own = PlainLabels.ownMemberEdits(in: members) else {
                    return refusal.refuse("it gives its font or text colour a value the command does not write")
                }
                edits += own
            }
        }
        // `didMoveToWindow()` called once, at the first layout (in the view's own, or one added),
        // after `didMoveToSuperview()`, as UIKit calls them.
        var addsLayout = false
        windowHooks = Self.windowHookNames(isAppKit: isAppKit).filter(windowHooks.contains)
        // (Declared so, or made so for a display link the command writes.)
        let isolated = PortingContext.currentMainActorClasses.contains(node.name.text)
        if !windowHooks.isEmpty {
            let flag = Self.movedFlag(for: windowHooks)
            guard !declared.contains(flag) else { return refusal.refuse("it declares `\(flag)`") }
            // The layer calls the hooks again as it leaves its superlayer: at the end of the view's
            // own removal, where it has one (else in one it is given).
            if let removal, let body = removal.body {
                let removalCall = Self.windowHookRemovalCall(windowHooks, isolated: isolated)
                if body.rightBrace.leadingTrivia.contains(where: \.isNewline) {
                    // The brace's line keeps its indentation, which the first statement takes.
                    let indentation = body.statements.first?.statementIndentation ?? removal.statementIndentation + "    "
                    let closing = body.rightBrace.leadingTrivia.description.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                    let calls = removalCall.map { indentation + $0 }.joined(separator: "\n")
                    edits.append((Syntax(body.rightBrace), String(calls.dropFirst(min(closing.count, indentation.count))) + "\n" + closing + "}"))
                } else {
                    // `{ super.removeFromSuperview() }` on one line: the calls on lines of their own.
                    let member = removal.statementIndentation
                    let lines = removalCall.map { member + "    " + $0 }.joined(separator: "\n")
                    edits.append((Syntax(body.rightBrace), "\n" + lines + "\n" + member + "}"))
                }
            }
            if let body = layoutFunction?.body {
                let indentation = body.statements.first?.statementIndentation ?? "        "
                let call = Self.windowHookCall(windowHooks, isolated: isolated).map { indentation + $0 }.joined(separator: "\n")
                edits.append((Syntax(body.leftBrace), "{\n" + call))
            } else {
                addsLayout = true
            }
        }
        let declaresInitializers = node.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        // A subclass that draws where its ancestor does not would need its layer marked for
        // display in initializers that keep the ones it inherits: left.
        if let ancestor, draws, !ancestor.marksForDisplay, !declaresInitializers {
            return refusal.refuse("it draws, where the view it inherits does not, and declares no initializer to mark its layer for display")
        }
        let declaresFrameInitializer = node.memberBlock.members.contains {
            $0.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.map(\.firstName.text) == ["frame"]
        }
        var passedOn = declared.union(inheritedMembers)
        passedOn.formUnion(windowHooks)
        if addsInteractionSwitch { passedOn.insert(Self.interactionSwitch) }
        if addsTint { passedOn.formUnion([ViewTint.name, ViewTint.changeMethod]) }
        passedOn.formUnion(usedControlState.map { $0.name })
        if awakeFromNib != nil { passedOn.insert("awakeFromNib") }
        let inheritedByItsSubclasses = Ancestor(
            layerClass: layerClass, isAppKit: isAppKit,
            declaresFrameInitializer: declaresFrameInitializer || ancestor?.declaresFrameInitializer == true,
            marksForDisplay: draws || ancestor?.marksForDisplay == true, members: passedOn,
            renamed: (ancestor?.renamed ?? [:]).merging(clashes.renamed) { first, _ in first })
        // Its layer class's own `action(forKey:)` asks the view, its delegate, from inside: the
        // two orders of asking are not written.
        let ownClass = ownLayerClass(named: layerClass, in: Syntax(node.root))
        let layerClassAnswersActions = ownClass.map(answersActions) ?? false
        // A public view cannot inherit from a layer class less visible than itself.
        if let ownClass, node.modifiers.isPublicOrOpen, !ownClass.modifiers.isPublicOrOpen {
            return refusal.refuse("it is public, and its layer class \(layerClass) is not: a public class cannot inherit from it")
        }
        if delegatesActions, layerClassAnswersActions {
            return refusal.refuse("it answers its layer's actions as its delegate, and its layer class answers them too, asking the view from its own action(forKey:)")
        }
        return Plan(
            layerClass: layerClass,
            layerClassAnswersActions: layerClassAnswersActions,
            delegatesActions: delegatesActions, asksUIKitForActions: asksUIKitForActions,
            edits: edits, removed: removed, awakeFromNib: awakeFromNib,
            needsInitializers: (draws || flipsGeometry) && !declaresInitializers && ancestor == nil,
            needsFramelessInitializer: ancestor == nil && declaresFrameInitializer && madeWithoutFrame(node), drawingHelpers: drawingHelpers,
            marksForDisplay: draws,
            flipsGeometry: flipsGeometry, touches: touches, taps: taps, mouseMethods: mouseMethods, mouseMethodsHandingOn: mouseMethodsHandingOn, trackingUpdate: trackingUpdate,
            flippedHitTests: flipsGeometry ? mouseHitTests : [],
            windowHooks: windowHooks, addsLayout: addsLayout, isolatedToMainActor: isolated, overridesRemoval: removal != nil,
            isSubclass: ancestor != nil, inherited: inheritedByItsSubclasses, makesPlainViews: plain.kinds.contains(.view),
            makesPlainLabels: plain.kinds.contains(.label) || isLabel, exposedRenames: clashes.exposed, movedOverrides: movedOverrides,
            addsInteractionSwitch: addsInteractionSwitch, addedControlState: usedControlState, keepsEnabled: keepsEnabled,
            addsTint: addsTint, observesTint: observesTint)
    }

    /// UIKit's switch for a view's touches, which the layer is given (``Plan/addsInteractionSwitch``).
    private static let interactionSwitch = "isUserInteractionEnabled"

    /// The edits that write a view's `layoutSublayers(of layer: CALayer)` override — UIKit's
    /// view answers it, as its layer's delegate, when the layer lays out — as the layer's own
    /// `layoutSublayers()`: the parameter is the layer itself (`self`), and
    /// `super.layoutSublayers(of: layer)` the layer's `super.layoutSublayers()` (SuperCallFinder).
    /// Nil for another method.
    private static func layoutDelegateEdits(_ function: FunctionDeclSyntax) -> [(Syntax, String)]? {
        ownLayerDelegateEdits(function, named: "layoutSublayers", label: "of")
    }

    /// The edits that write a view's `display(_ layer: CALayer)`, its answer as its layer's
    /// delegate when the layer displays (in place of drawing), as the layer's own `display()`,
    /// which Core Animation calls where it would ask the delegate: the parameter is the layer
    /// itself, `self`. Nil for another method.
    private static func displayDelegateEdits(_ function: FunctionDeclSyntax) -> [(Syntax, String)]? {
        ownLayerDelegateEdits(function, named: "display", label: "_")
    }

    /// The edits that write a layer delegate method the view answers for its own layer
    /// (`name(label layer: CALayer)`) as the layer's method `name()`: the parameter is `self`
    /// (the argument of a call of the view's inherited one, `super.name(label: layer)`, goes
    /// with the call, which the super calls' pass writes or refuses). Nil for another method.
    private static func ownLayerDelegateEdits(_ function: FunctionDeclSyntax, named method: String, label: String) -> [(Syntax, String)]? {
        let parameters = function.signature.parameterClause.parameters
        guard function.name.text == method, parameters.count == 1, let parameter = parameters.first,
            parameter.firstName.text == label, parameter.type.trimmedDescription == "CALayer", let body = function.body,
            function.signature.returnClause == nil, function.signature.effectSpecifiers == nil
        else { return nil }
        let name = (parameter.secondName ?? parameter.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        let passedToSuper = { (reference: DeclReferenceExprSyntax) in
            reference.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "super.\(method)"
        }
        return [(Syntax(function.signature.parameterClause), "()")]
            + references.filter { !$0.isMemberName && !passedToSuper($0) }.map { (Syntax($0), "self") }
    }

    /// The edits that write a view's `action(for layer: CALayer, forKey event: String)`, its
    /// answer as its layer's delegate, as the layer's `delegateAction(for:forKey:)`, which its
    /// `action(forKey:)` asks first (``ViewMembers/delegateActionMembers(asksUIKit:)``): the
    /// method's own calls to itself (`action(for: layer, forKey: "backgroundColor")`) call it,
    /// and UIKit's view's answer (`super.action(for: layer, forKey: event)`) is
    /// `uikitViewAction(forKey: event)`. Nil for another method.
    private static func actionDelegateEdits(_ function: FunctionDeclSyntax) -> (edits: [(Syntax, String)], asksUIKit: Bool)? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard function.name.text == "action", parameters.map(\.firstName.text) == ["for", "forKey"],
            parameters[0].type.trimmedDescription == "CALayer", let body = function.body
        else { return nil }
        var edits: [(Syntax, String)] = [(Syntax(function.name), "delegateAction")]
        var asksUIKit = false
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "action" {
            guard let name = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let callee = name.parent?.as(MemberAccessExprSyntax.self).map(ExprSyntax.init) ?? ExprSyntax(name)
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
                call.arguments.map({ $0.label?.text ?? "_" }) == ["for", "forKey"], let second = call.arguments.last
            else { continue }
            let base = callee.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
            switch base {
            case nil, "self":
                edits.append((Syntax(name), "delegateAction"))
            case "super":
                // UIKit's view's answer for the key: the layer's own method below.
                edits.append((Syntax(callee), "uikitViewAction"))
                edits.append((Syntax(call.arguments), "forKey: " + ViewMembers.movedText(PortingSourceFile.trimmedRange(second.expression), outdentingBy: 0)))
                asksUIKit = true
            default:
                continue
            }
        }
        return (edits, asksUIKit)
    }

    /// The edits that write a view's `point(inside:with:)` override, which UIKit's hit testing
    /// asks whether a point is in the view, as the layer's `contains(_:)`, which Core
    /// Animation's asks: the point parameter kept, `super.point(inside: p, with: e)` as
    /// `super.contains(p)`; nil for another method, or one reading its event.
    private static func containsEdits(_ function: FunctionDeclSyntax) -> [(Syntax, String)]? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard function.name.text == "point", parameters.map(\.firstName.text) == ["inside", "with"],
            function.signature.returnClause?.type.trimmedDescription == "Bool", let body = function.body
        else { return nil }
        let point = (parameters[0].secondName ?? parameters[0].firstName).text
        let event = (parameters[1].secondName ?? parameters[1].firstName).text
        // `super.point(inside: p, with: e)`.
        var superCalls: [FunctionCallExprSyntax] = []
        for token in body.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.super) {
            guard let access = token.parent?.parent?.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "point",
                let call = access.parent?.as(FunctionCallExprSyntax.self), call.arguments.map({ $0.label?.text ?? "_" }) == ["inside", "with"]
            else { return nil }
            superCalls.append(call)
        }
        // The event is read only in those calls, which go.
        if event != "_" {
            guard let uses = NameReferences.find(event, in: [Syntax(body)]),
                uses.allSatisfy({ use in superCalls.contains { $0.position <= use.position && use.endPosition <= $0.endPosition } })
            else { return nil }
        }
        return [(Syntax(function.name), "contains"), (Syntax(function.signature.parameterClause), "(_ \(point == "_" ? "p" : point): CGPoint)")]
            + superCalls.compactMap { call in call.arguments.first.map { (Syntax(call), "super.contains(\($0.expression.trimmedDescription))") } }
    }

    /// Whether a ported file makes the view without a frame (`RingView()`, and in its own file
    /// `RingView.init()`) while the view declares no `init()` of its own: UIView's makes a view
    /// of zero frame through `init(frame:)`, and the layer, whose class declares
    /// `init(frame:)`, does not inherit `CALayer`'s.
    private static func madeWithoutFrame(_ node: ClassDeclSyntax) -> Bool {
        let declaresInit = node.memberBlock.members.contains {
            $0.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.isEmpty == true
        }
        guard !declaresInit else { return false }
        let name = node.name.text
        // Another file's `RingView()` (a controller's `let ring = RingView()`).
        let madeElsewhere = (FunctionReferences.index.calls[name] ?? []).contains { call in
            call.root.id != node.root.id && call.arguments.isEmpty && call.trailingClosure == nil
                && call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        if madeElsewhere { return true }
        return node.root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            let callee = reference.parent?.as(MemberAccessExprSyntax.self).flatMap { access in
                access.base?.id == ExprSyntax(reference).id && access.declName.baseName.tokenKind == .keyword(.`init`) ? ExprSyntax(access) : nil
            } ?? ExprSyntax(reference)
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { return false }
            return call.arguments.isEmpty && call.trailingClosure == nil
        }
    }

    /// The edits that write UIKit's `override func draw(_ rect: CGRect)` as the layer's
    /// `override func draw(in ctx: CGContext)`, UIKit's current context there being `ctx`
    /// (``DrawingContext``): the rectangle, where the body reads it, is the layer's bounds, all
    /// of which a layer's display redraws. Nil for another function.
    private static func drawingEdits(_ function: FunctionDeclSyntax) -> [(Syntax, String)]? {
        guard isViewDrawing(function), let parameter = function.signature.parameterClause.parameters.first, let body = function.body
        else { return nil }
        var edits: [(Syntax, String)] = [(Syntax(function.signature.parameterClause), "(in ctx: CGContext)")]
        let name = (parameter.secondName ?? parameter.firstName).text
        if let references = NameReferences.find(name, in: [Syntax(body)]), references.contains(where: { !$0.isMemberName }) {
            if let first = body.statements.first, !first.leadingTrivia.contains(where: \.isNewline) {
                // `{ rect.fill() }`: the body on the brace's line.
                edits.append((Syntax(body.leftBrace), "{ let \(name) = bounds;"))
            } else {
                let indentation = body.statements.first?.statementIndentation ?? ""
                edits.append((Syntax(body.leftBrace), "{\n\(indentation)let \(name) = bounds"))
            }
        } else if NameReferences.find(name, in: [Syntax(body)]) == nil {
            return nil
        }
        return edits
    }

    /// Whether `function` is UIKit's `override func draw(_ rect: CGRect)` (AppKit's
    /// `draw(_ dirtyRect: NSRect)`).
    static func isViewDrawing(_ function: FunctionDeclSyntax) -> Bool {
        let parameters = function.signature.parameterClause.parameters
        return function.name.text == "draw" && parameters.count == 1 && parameters.first?.firstName.tokenKind == .wildcard
            && ["CGRect", "NSRect"].contains(parameters.first?.type.trimmedDescription) && function.body != nil
            && function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
    }

    /// Whether `function` is a view's `draw(_:)` this pass writes as the layer's
    /// `draw(in ctx:)`, in which UIKit's current context is `ctx`, or one of the view's drawing
    /// helpers, which take that context as `ctx` (``DrawingHelpers``).
    static func drawsInContext(_ function: FunctionDeclSyntax) -> Bool {
        let owner = function.parent?.parent?.parent?.parent
        // A view's `draw(_:)` in an extension of its file, which moves into the layer class.
        if isViewDrawing(function), let extensionDecl = owner?.as(ExtensionDeclSyntax.self),
            let root = extensionDecl.root.as(SourceFileSyntax.self),
            let declaration = root.statements.lazy.compactMap({ $0.item.as(ClassDeclSyntax.self) })
                .first(where: { $0.name.text == extensionDecl.extendedType.trimmedDescription }),
            let plan = plan(declaration)
        {
            return plan.movedOverrides.contains { $0.decl.id == function.id }
        }
        guard let declaration = owner?.as(ClassDeclSyntax.self),
            isViewDrawing(function) || declaration.memberBlock.members.contains(where: { $0.decl.as(FunctionDeclSyntax.self).map(isViewDrawing) ?? false }),
            let plan = plan(declaration)
        else { return false }
        return isViewDrawing(function) || plan.drawingHelpers?.helpers.contains(function.id) == true
    }

    /// The layer class `override class var layerClass: AnyClass { X.self }` (or `return
    /// X.self`, or a getter) names, or nil for another override.
    private static func layerClassOverride(_ variable: VariableDeclSyntax) -> String? {
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "layerClass",
            variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.class) || $0.name.tokenKind == .keyword(.static) })
        else { return nil }
        guard let access = gottenValue(of: binding)?.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
            let type = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        if isCoreAnimationLayerClass(type) { return type }
        return ownLayerClass(named: type, in: Syntax(variable.root)) != nil ? type : nil
    }

    /// The layer class `override func makeBackingLayer() -> CALayer { X() }` (or `return X()`)
    /// makes, when `X` may be a view's layer class as `layerClass` names one; nil for another
    /// body.
    private static func backingLayerClass(_ function: FunctionDeclSyntax) -> String? {
        guard function.signature.parameterClause.parameters.isEmpty, function.signature.effectSpecifiers == nil,
            function.signature.returnClause?.type.trimmedDescription == "CALayer",
            let statements = function.body?.statements, statements.count == 1, let item = statements.first,
            let call = (item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self))?.as(FunctionCallExprSyntax.self),
            call.arguments.isEmpty, call.trailingClosure == nil,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        if isCoreAnimationLayerClass(type) { return type }
        return ownLayerClass(named: type, in: Syntax(function.root)) != nil ? type : nil
    }

    /// The value a computed property's getter gives in its one statement (`{ X.self }`,
    /// `{ return X.self }`, `{ get { … } }`), or nil.
    private static func gottenValue(of binding: PatternBindingSyntax) -> ExprSyntax? {
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        var statements: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let items): statements = items
        case .accessors(let list):
            guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get) else { return nil }
            statements = getter.body?.statements
        }
        guard let statements, statements.count == 1, let item = statements.first else { return nil }
        return item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
    }

    /// The layer class `override var layer: CAGradientLayer { super.layer as! CAGradientLayer }`
    /// (or `return …`) names: the view's own layer typed as its `layerClass`. Nil for another
    /// property.
    private static func typedLayerOverride(_ variable: VariableDeclSyntax) -> String? {
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "layer",
            let type = binding.typeAnnotation?.type.trimmedDescription,
            let elements = gottenValue(of: binding)?.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
            elements.first?.trimmedDescription == "super.layer",
            elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark?.tokenKind == .exclamationMark,
            elements.last?.trimmedDescription == type
        else { return nil }
        return type
    }

    /// Removes `final` from `layerClass`, of this file, which the layer written for `view`
    /// subclasses.
    private func open(_ layerClass: ClassDeclSyntax, subclassedBy view: String) {
        guard let final = layerClass.modifiers.first(where: { $0.name.tokenKind == .keyword(.final) }),
            let next = final.nextToken(viewMode: .sourceAccurate)
        else { return }
        file.replace(
            file.trimmedRange(final).lowerBound..<file.trimmedRange(next).lowerBound, with: "", kind: .uikitValue,
            reason: "the layer written for the view \(view) subclasses it, as the view made its layer one")
    }

    /// A view of another ported file written as a subclass of `declaration`, a layer class (its
    /// `layerClass`, or the class its `makeBackingLayer()` makes), if any.
    private static func viewInAnotherFile(subclassing declaration: ClassDeclSyntax) -> String? {
        let name = declaration.name.text
        return PortingContext.currentClassDeclarations.first { view in
            // (Once the view classes are resolved, the superclass of a view written as a layer is
            // its layer class.)
            view.root.id != declaration.root.id && PortingContext.currentViewClasses[view.name.text] != nil
                && viewBases.contains(view.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? "")
                && PortingContext.currentSuperclasses[view.name.text] == name
        }?.name.text
    }

    /// Whether `declaration`, a layer class, answers `action(forKey:)` itself.
    static func answersActions(_ declaration: ClassDeclSyntax) -> Bool {
        declaration.memberBlock.members.contains { member in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "action" else { return false }
            return function.signature.parameterClause.parameters.map(\.firstName.text) == ["forKey"]
        }
    }

    /// Whether `name` is one of Core Animation's layer classes (`CAGradientLayer`).
    static func isCoreAnimationLayerClass(_ name: String) -> Bool { name.hasPrefix("CA") && name.hasSuffix("Layer") }

    /// The layer class named `name` that `root`'s file declares at its top level (or another
    /// ported file, whose pass removes its `final`), when a view
    /// written as a layer may subclass it: it inherits from one of Core Animation's layer
    /// classes and declares no initializer but `init()`, `init(layer:)`, `init?(coder:)` and
    /// convenience ones (the layer written for the view is made with `init()`). One answering
    /// `action(forKey:)` itself keeps answering first (``ViewMembers/actionMembers(inBlocks:deferringTo:)``).
    static func ownLayerClass(named name: String, in root: Syntax) -> ClassDeclSyntax? {
        guard let file = root.as(SourceFileSyntax.self) else { return nil }
        let inFile = file.statements.compactMap({ $0.item.as(ClassDeclSyntax.self) }).first(where: { $0.name.text == name })
        let inOtherFile = PortingContext.currentClassDeclarations.first { declaration in
            declaration.name.text == name && declaration.root.id != root.id && declaration.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        }
        guard let declaration = inFile ?? inOtherFile, declaration.genericParameterClause == nil,
            let superclass = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription, isCoreAnimationLayerClass(superclass)
        else { return nil }
        for member in declaration.memberBlock.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) })
            {
                let labels = initializer.signature.parameterClause.parameters.map(\.firstName.text)
                guard [[], ["layer"], ["coder"]].contains(labels) else { return nil }
            }
        }
        return declaration
    }

    /// The edits of the super calls a view subclass makes: `super.init(frame: f)` as a
    /// statement becomes `super.init()` and `self.frame = f` (nothing for `.zero`, a new layer's
    /// frame), `super.layoutSubviews()` the layer's `super.layoutSublayers()`. Nil when
    /// `super` is used otherwise (`super.draw(rect)`, `super.init(frame:)` inside an expression).
    private final class SuperCallFinder: SyntaxVisitor {
        var edits: [(Syntax, String)]? = []
        /// Statements that go (`super.awakeFromNib()`), and why.
        var removed: [(Syntax, String)] = []
        /// Whether the view draws (`draw(_:)`): a new layer is then marked for display, as a
        /// new view is.
        let draws: Bool
        /// Whether a new layer's geometry is flipped (an AppKit view's, y up).
        let flipsGeometry: Bool
        /// What a subclass inherits from the written class it descends from.
        let ancestor: Ancestor?
        /// The members that go whole, whose `super` calls go with them.
        let skipped: Set<SyntaxIdentifier>

        init(draws: Bool, flipsGeometry: Bool, ancestor: Ancestor?, skipped: Set<SyntaxIdentifier>) {
            self.draws = draws
            self.flipsGeometry = flipsGeometry
            self.ancestor = ancestor
            self.skipped = skipped
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
            skipped.contains(node.id) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: SuperExprSyntax) -> SyntaxVisitorContinueKind {
            guard let access = node.parent?.as(MemberAccessExprSyntax.self), let call = access.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == ExprSyntax(access).id
            else {
                edits = nil
                return .skipChildren
            }
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            switch (access.declName.baseName.text, labels) {
            case ("init", ["frame"]) where ancestor?.declaresFrameInitializer == true:
                // The written class's own `init(frame:)`.
                break
            case ("awakeFromNib", []) where ancestor?.members.contains("awakeFromNib") == true,
                ("didMoveToWindow", []) where ancestor?.members.contains("didMoveToWindow") == true,
                ("viewDidMoveToWindow", []) where ancestor?.members.contains("viewDidMoveToWindow") == true,
                ("didMoveToSuperview", []) where ancestor?.members.contains("didMoveToSuperview") == true,
                ("viewDidMoveToSuperview", []) where ancestor?.members.contains("viewDidMoveToSuperview") == true:
                // A method of the written class.
                break
            case ("init", ["frame"]):
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self), let frame = call.arguments.first?.expression else {
                    edits = nil
                    return .skipChildren
                }
                let value = frame.trimmedDescription
                let indentation = "\n" + statement.statementIndentation
                var written = "super.init()"
                if value != ".zero" && value != "CGRect.zero" && value != "NSRect.zero" && value != "NSZeroRect" {
                    written += indentation + "self.frame = \(value)"
                }
                if flipsGeometry { written += indentation + "isGeometryFlipped = true" }
                if draws { written += indentation + "setNeedsDisplay()" }
                edits?.append((Syntax(call), written))
            case ("init", ["coder"]), ("init", []):
                // A decoded or plain AppKit view's layer points y up too.
                if flipsGeometry {
                    guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                        edits = nil
                        return .skipChildren
                    }
                    edits?.append((Syntax(call), call.trimmedDescription + "\n" + statement.statementIndentation + "isGeometryFlipped = true"))
                }
            case ("point", ["inside", "with"])
            where call.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }).map { containsEdits($0) != nil } == true:
                // In a point test written as `contains(_:)`, which writes it.
                break
            case ("layoutSubviews", []), ("layout", []):
                edits?.append((Syntax(access.declName), "layoutSublayers"))
            case ("layoutSublayers", ["of"]):
                // In the layer's delegate answer written as its own layout.
                edits?.append((Syntax(call), "super.layoutSublayers()"))
            case ("display", ["_"]):
                // UIKit's view's own answer as its layer's delegate, which the layer has not.
                edits = nil
            case ("updateLayer", []), ("prepareForInterfaceBuilder", []), ("didMoveToWindow", []), ("viewDidMoveToWindow", []),
                ("didMoveToSuperview", []), ("viewDidMoveToSuperview", []):
                // The view's own: the layer's display draws nothing, Interface Builder is not
                // here, and UIKit's and AppKit's window hooks do nothing.
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                    edits = nil
                    return .skipChildren
                }
                let name = access.declName.baseName.text
                let kit = ["didMoveToWindow", "didMoveToSuperview"].contains(name) ? "UIKit's" : name == "prepareForInterfaceBuilder" ? "The view's" : "AppKit's"
                removed.append((Syntax(statement), "\(kit) \(name)() does nothing the layer needs"))
            case ("removeFromSuperview", []):
                // In the view's `removeFromSuperview()`, the layer's (``Plan``).
                edits?.append((Syntax(access.declName), "removeFromSuperlayer"))
            case (ViewTint.changeMethod, []):
                // In the view's `tintColorDidChange()`, a method of the layer (``ViewTint``).
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                    edits = nil
                    return .skipChildren
                }
                removed.append((Syntax(statement), "CALayer has no tintColorDidChange() to call"))
            case ("awakeFromNib", []):
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                    edits = nil
                    return .skipChildren
                }
                removed.append((Syntax(statement), "CALayer has no awakeFromNib() to call"))
            case (let name, ["with"]) where AppKitMouseInput.mouseMethods.contains(name):
                // `super.mouseDown(with: event)`: AppKit's, which hands the event to the next
                // responder; the layer's handler lets the event go on to its superlayer instead
                // (``AppKitMouseInput/mouseMethod(_:)``).
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                    edits = nil
                    return .skipChildren
                }
                removed.append((Syntax(statement), "CALayer has no \(name) to call"))
            case ("updateTrackingAreas", []):
                // Removed with the view's tracking areas (``AppKitMouseInput``).
                break
            case (let name, ["_", "with"]) where ViewInput.touchMethods.contains(name):
                // `super.touchesBegan(touches, with: event)`: UIKit's, which the layer has not.
                guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else {
                    edits = nil
                    return .skipChildren
                }
                removed.append((Syntax(statement), "CALayer has no \(name) to call"))
            case ("draw", ["_"]):
                // `super.draw(rect)` in a view's drawing: the layer's, in its context.
                edits?.append((Syntax(call), "super.draw(in: ctx)"))
            default:
                // `super.someLayerMethod()` of a member the class does not override stays.
                if ViewMembers.viewNames.contains(access.declName.baseName.text) { edits = nil }
            }
            return .skipChildren
        }
    }
}
