import SwiftSyntax

/// What an AppKit view that only hosts layers says that a UIKit view does not, for
/// ``ViewClassRewriter``, which writes such a view as a layer too:
///
/// ```swift
/// class Spinner: NSView {                                class Spinner: CALayer {
///     override init(frame frameRect: NSRect) {               init(frame frameRect: NSRect) {
///         super.init(frame: frameRect)               →           super.init()
///                                                                self.frame = frameRect
///                                                                isGeometryFlipped = true
///         wantsLayer = true                                      (removed)
///         layer?.addSublayer(arc)                                self.addSublayer(arc)
///     }                                                      }
///     override var wantsUpdateLayer: Bool { true }           (removed)
///     override func updateLayer() { … }                      override func display() { … }
///     override func layout() { super.layout() … }            override func layoutSublayers() { super.layoutSublayers() … }
/// }                                                      }
/// ```
///
/// An AppKit view's y axis points up, from its bottom-left corner, unless it is flipped
/// (`override var isFlipped: Bool { true }`); Lamina's layers point y down as iOS's do, so the
/// layer of a view that is not flipped is made with `isGeometryFlipped = true` (its sublayers
/// then placed from its bottom, its drawing given a y-up context, as on macOS), and a flipped
/// one is not. AppKit calls `updateLayer()` where a view that wants it is displayed, and
/// displays a new view: it is the layer's `display()`, and a new layer is marked for display.
/// `wantsLayer = true`, `layerContentsRedrawPolicy = …` and `layerUsesCoreImageFilters = true`
/// go (a layer is one, and applies its filters), and so does a plain layer to host (`layer =
/// CALayer()`: the view written as a layer is that layer);
/// `needsDisplay = true` is `setNeedsDisplay()` and `needsLayout = true` `setNeedsLayout()`.
/// `prepareForInterfaceBuilder()`, which only Interface Builder calls, is a method of the layer.
/// `acceptsFirstMouse(for:)` answering `true` goes: Lamina hands every click to the layer.
/// `draw(_ dirtyRect: NSRect)` is the layer's `draw(in ctx:)`, as a UIKit view's `draw(_:)` is,
/// AppKit's current context there (`NSGraphicsContext.current?.cgContext`) being `ctx`, whose y
/// axis points up as the view's does. A view backed by another layer class (`override func
/// makeBackingLayer() -> CALayer { GradientLayer() }`) is a subclass of it, as a UIKit view whose
/// `layerClass` names one is. Its mouse methods and tracking areas are the layer's pointer events
/// (``AppKitMouseInput``). A view an initializer makes host a layer of one of Core Animation's
/// classes (`layer = CAShapeLayer()`, or a local made so and set up first) is a subclass of that
/// class, the local being the layer itself. A view that replaces its layer otherwise (`layer =
/// gradient` in a method), handles other events or overrides anything else is left.
enum AppKitViews {
    /// What an overriding member of an AppKit view becomes.
    enum Member {
        /// It goes (`wantsUpdateLayer`); `flipped` tells what an `isFlipped` override returns.
        case removed(flipped: Bool?)
        /// It is the layer's method of this name (`updateLayer()` → `display()`).
        case renamed(String)
        /// It stays a method of the layer, without `override` (`prepareForInterfaceBuilder()`).
        case plainMethod
        /// It goes, for this reason (`acceptsFirstMouse(for:)` answering true: Lamina does so).
        case removedAsLaminaDoes(String)
    }

    /// Why `override func acceptsFirstMouse(for event: NSEvent?) -> Bool { true }` goes.
    static let firstMouseReason =
        "Lamina hands a click to the layer under the pointer whether or not it activates the window, as AppKit does for a view that accepts the first mouse"

    /// AppKit's view methods and the layer's methods they are.
    static let renamedMethods = ["updateLayer": "display", "layout": "layoutSublayers"]

    /// What `decl`, an overriding member of an AppKit view, becomes; nil for one the command
    /// does not write.
    static func member(_ decl: DeclSyntax) -> Member? {
        if let variable = decl.as(VariableDeclSyntax.self) {
            guard variable.bindings.count == 1, let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                binding.typeAnnotation?.type.trimmedDescription == "Bool", let value = constantGetter(binding)
            else { return nil }
            switch (name, value) {
            case ("wantsUpdateLayer", true): return .removed(flipped: nil)
            case ("isFlipped", _): return .removed(flipped: value)
            default: return nil
            }
        }
        // `override func acceptsFirstMouse(for event: NSEvent?) -> Bool { true }`.
        if let function = decl.as(FunctionDeclSyntax.self), function.name.text == "acceptsFirstMouse",
            function.signature.parameterClause.parameters.map(\.firstName.text) == ["for"],
            function.signature.returnClause?.type.trimmedDescription == "Bool", constantAnswer(function.body?.statements) == true
        {
            return .removedAsLaminaDoes(firstMouseReason)
        }
        guard let function = decl.as(FunctionDeclSyntax.self), function.signature.parameterClause.parameters.isEmpty,
            function.signature.returnClause == nil, function.body != nil
        else { return nil }
        if let renamed = renamedMethods[function.name.text] { return .renamed(renamed) }
        if function.name.text == "prepareForInterfaceBuilder" { return .plainMethod }
        return nil
    }

    /// The Boolean literal a getter-only property returns (`{ true }`, `{ return false }`).
    private static func constantGetter(_ binding: PatternBindingSyntax) -> Bool? {
        constantAnswer(binding.getterBody)
    }

    /// The Boolean literal a body of one statement answers (`true`, `return false`).
    private static func constantAnswer(_ body: CodeBlockItemListSyntax?) -> Bool? {
        guard let body, body.count == 1, let item = body.first else { return nil }
        let value = item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
        guard let literal = value?.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// Why a statement setting what only an AppKit view has goes.
    static let removalReason = "a layer is a layer, and redraws when told"

    /// Why `prepareForInterfaceBuilder()` stays without `override`.
    static let interfaceBuilderReason = "only Interface Builder calls it: a method of the layer"

    /// Why `layer = CALayer()` goes: the view, written as a layer, is the layer it hosts.
    static let hostedLayerReason = "the view hosts a plain layer; written as a layer, it is that layer"

    /// Why `layerUsesCoreImageFilters = true` goes.
    static let coreImageFiltersReason = "Lamina's layers apply their Core Image filters without being asked"

    /// The statements of `members` that set what only an AppKit view has: `wantsLayer = true`,
    /// `layerContentsRedrawPolicy = …`, `layerUsesCoreImageFilters = true` and a plain layer to
    /// host (`layer = CALayer()`) go; `needsDisplay = true` and `needsLayout = true` are the
    /// layer's calls. The statements, what each becomes (nil: it goes) and why; nil where such
    /// a property is set or read otherwise (`wantsLayer = false`, `layer = gradient`).
    ///
    /// `hosting`: the layer an initializer makes the view host (`layer = CAShapeLayer()`, or a
    /// local made so there and set up before, `let ring = CAShapeLayer(); …; layer = ring`),
    /// whose assignment goes: the class written as a layer is a subclass of its class, and the
    /// local is the layer itself. A second one, or one made elsewhere, is a replaced layer (nil).
    static func statements(
        in members: [Syntax], hosting: inout HostedLayer?
    ) -> [(statement: CodeBlockItemSyntax, written: String?, reason: String)]? {
        final class Finder: SyntaxVisitor {
            var found: [(statement: CodeBlockItemSyntax, written: String?, reason: String)]? = []
            var hosted: HostedLayer?
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.baseName.text
                let names = ["wantsLayer", "layerContentsRedrawPolicy", "layerUsesCoreImageFilters", "needsDisplay", "needsLayout", "layer"]
                guard found != nil, names.contains(name) else {
                    return .visitChildren
                }
                // `self.wantsLayer` or `wantsLayer`; another value's is its own.
                var use = ExprSyntax(node)
                if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
                    guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return .visitChildren }
                    use = ExprSyntax(access)
                }
                let value = use.assignedValue?.trimmedDescription
                let statement = use.parent?.parent?.parent?.as(CodeBlockItemSyntax.self)
                // `layer` read (`layer?.addSublayer`) is ViewMembers'; assigned another layer
                // than a plain one to host, the view replaces it.
                if name == "layer" {
                    guard let value else { return .visitChildren }
                    if value == "CALayer()", let statement {
                        found?.append((statement, nil, AppKitViews.hostedLayerReason))
                    } else if hosted == nil, let statement, let layer = AppKitViews.hostedLayer(assignedTo: use, in: statement) {
                        found?.append((statement, nil, "the view hosts a \(layer.layerClass); written as a layer, it is that layer, of that class"))
                        hosted = layer
                    } else {
                        found = nil
                    }
                    return .visitChildren
                }
                guard let statement, let value else {
                    found = nil
                    return .visitChildren
                }
                switch (name, value) {
                case ("wantsLayer", "true"), ("layerContentsRedrawPolicy", _): found?.append((statement, nil, AppKitViews.removalReason))
                case ("layerUsesCoreImageFilters", "true"): found?.append((statement, nil, AppKitViews.coreImageFiltersReason))
                case ("needsDisplay", "true"): found?.append((statement, "setNeedsDisplay()", AppKitViews.removalReason))
                case ("needsLayout", "true"): found?.append((statement, "setNeedsLayout()", AppKitViews.removalReason))
                default: found = nil
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for member in members { finder.walk(member) }
        hosting = finder.hosted
        return finder.found
    }

    /// A layer of one of Core Animation's classes that an initializer makes the view host.
    struct HostedLayer {
        /// Its class.
        var layerClass: String
        /// The value of the local it was made in (`CAShapeLayer()` of `let ring = CAShapeLayer()`),
        /// if it was: the layer itself.
        var localValue: ExprSyntax?
    }

    /// The layer `use` (`layer`, `self.layer`), assigned in `statement` of an initializer's body,
    /// is given when it is a new layer of one of Core Animation's classes (`CAShapeLayer()`), or
    /// a `let` made so earlier in that body, after `super.init(…)`; nil otherwise.
    static func hostedLayer(assignedTo use: ExprSyntax, in statement: CodeBlockItemSyntax) -> HostedLayer? {
        guard let value = use.assignedValue, let list = statement.parent?.as(CodeBlockItemListSyntax.self),
            list.parent?.as(CodeBlockSyntax.self)?.parent?.is(InitializerDeclSyntax.self) == true
        else { return nil }
        func newLayerClass(_ expression: ExprSyntax) -> String? {
            guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
                let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                ViewClassRewriter.isCoreAnimationLayerClass(name)
            else { return nil }
            return name
        }
        if let layerClass = newLayerClass(value) { return HostedLayer(layerClass: layerClass) }
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        // The local becomes `self`, which it may be only after the superclass is initialized.
        guard let initialized = list.first(where: { $0.item.trimmedDescription.hasPrefix("super.init(") })?.position else { return nil }
        for item in list where item.position > initialized && item.position < statement.position {
            guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let),
                variable.bindings.count == 1, let binding = variable.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, binding.typeAnnotation == nil,
                let made = binding.initializer?.value, let layerClass = newLayerClass(made)
            else { continue }
            return HostedLayer(layerClass: layerClass, localValue: made)
        }
        return nil
    }
}
