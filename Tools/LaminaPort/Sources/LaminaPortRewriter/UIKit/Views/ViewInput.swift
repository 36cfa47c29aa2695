import SwiftSyntax

/// The touch methods and tap recognizers of a view or view controller written as a layer
/// (``ViewClassRewriter``, ``ViewControllerClassRewriter``): UIKit delivers touches on the view
/// and recognizes taps; the layer handles the pointer and touch events a Lamina window routes
/// to it (`PointerEventHandling`, `TouchEventHandling`), which reach it from its sublayers too,
/// as UIKit's touches on a view without subviews do. In a controller the view is `view`; in a
/// view, `self`:
///
/// ```swift
/// override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
///     guard let touch = touches.first else { return }          func touchesBegan(at touchLocation: CGPoint) {
///     ring.position = touch.location(in: view)          →           ring.position = touchLocation
/// }                                                             }
/// view.addGestureRecognizer(UITapGestureRecognizer(             (removed: a press and release of the primary
///     target: self, action: #selector(restart)))                 button, or a touch lifted, calls restart())
/// ```
///
/// A touch method's body may read its touch's location in the view (`touches.first?.location(in:
/// view)` in a controller, `in: self` in a view, `touches.first!`, `guard let touch = touches.first else { return }`,
/// `if let touch = touches.first { … }` (without `else`: a `do` block, the touch being there) or `let touch =
/// touches.first!` then `touch.location(in: view)`, or `let touch = touches.first` then `touch?.location(in:
/// view)` or `touch!.location(in: view)`); anything else it does with the touches or
/// the event leaves the type for a person. A tap recognizer is one made with `target: self` and
/// a `#selector` of the type's method and added to the view (`view.addGestureRecognizer(_:)`, a
/// view's own `addGestureRecognizer(_:)`), in one statement or two. The method takes nothing, or
/// a recognizer it uses only for the tap's location in the view and to check that the tap was
/// recognized (``tapHandler(_:view:)``). One pan recognizer, made so or held in a property that
/// makes it, calls its method as the layer's events drive the pan class the command adds
/// (``PanGestures``); one pinch recognizer as the layer's touchpad pinches drive the pinch class
/// (``PinchGestures``). A recognizer may also be kept in an optional property given nothing
/// else (`panRecognizer = pan`), which goes with it.
enum ViewInput {
    /// Whether a view or view controller the command writes in `file` handles the window's
    /// pointer and touch events, which Lamina's module declares.
    static func isHandled(in file: SourceFileSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                if !node.isInAppleOnlyConditional, ViewControllerClassRewriter.handlesInput(node) || ViewClassRewriter.handlesInput(node) {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
        }
        guard ["UIView", "NSView", "UIControl"].contains(where: file.description.contains) else { return false }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(file)
        return finder.found
    }

    /// UIKit's touch methods, in the order of a touch.
    static let touchMethods = ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"]

    /// The members a type handling input is given (``handlers(touches:taps:)``).
    static let addedNames: Set<String> = [
        "pointerIsDown", "handlePointerEvent", "handleTouchEvent", "panTracker", "panTouchID", "pinchTracker", "handleGestureEvent",
    ]

    /// The gesture recognizers the command writes, by UIKit's class.
    enum Gesture: Equatable {
        /// A tap: the method is called when a press or touch is let go on the layer.
        case tap
        /// A pan (``PanGestures``): the method is called as the press or touch moves.
        case pan
        /// A pinch (``PinchGestures``): the method is called as a touchpad pinch goes.
        case pinch

        /// Why the recognizer's statements go.
        var reason: String {
            switch self {
            case .tap: ViewInput.tapReason
            case .pan: ViewInput.panReason
            case .pinch: "gesture recognizers and selectors do not exist on Linux; the layer's touchpad pinches call the method as they go"
            }
        }
    }

    static let recognizerClasses: [String: Gesture] = [
        "UITapGestureRecognizer": .tap, "UIPanGestureRecognizer": .pan, "UIPinchGestureRecognizer": .pinch,
    ]

    /// The protocols a type handling `touches` and the gestures of `taps` adopts, as they follow
    /// its superclass (`, PointerEventHandling, TouchEventHandling`; "" for none): the pointer's
    /// and touches' for touches, taps and pans, the touches' and touchpad gestures' for a pinch;
    /// an AppKit type with mouse methods (`handlesMouse`) the mouse's (``AppKitMouseInput``).
    static func adoptedProtocols(touches: Set<String>, taps: [Tap], handlesMouse: Bool) -> String {
        if handlesMouse { return ", " + AppKitMouseInput.protocols }
        let pointer = !touches.isEmpty || taps.contains { $0.gesture != .pinch }
        let pinch = taps.contains { $0.gesture == .pinch }
        let adopted = (pointer ? ["PointerEventHandling"] : []) + (pointer || pinch ? ["TouchEventHandling"] : []) + (pinch ? ["GestureEventHandling"] : [])
        return adopted.map { ", " + $0 }.joined()
    }

    /// Adds to `file`, after `node`, the gesture classes the recognizers of `taps` need
    /// (``PanGestures``, ``PinchGestures``), each once to the ported files.
    static func declareGestureClasses(for taps: [Tap], after node: some SyntaxProtocol, in file: PortingSourceFile) {
        if taps.contains(where: { $0.gesture == .pan }) { PanGestures.declare(after: node, in: file) }
        if taps.contains(where: { $0.gesture == .pinch }) { PinchGestures.declare(after: node, in: file) }
    }

    /// Edits to a view's or controller's code, and the nodes whose text they replace or remove
    /// whole (their names are not the type's).
    struct Edits {
        var edits: [(Syntax, String)] = []
        var removed: [(Syntax, String)] = []
        var replaced: [Syntax] = []

        mutating func append(_ other: Edits) {
            edits += other.edits
            removed += other.removed
            replaced += other.replaced
        }
    }

    private static let touchReason = "UIKit's touches do not exist on Linux; the layer's pointer and touch events call the method with the touch's location in the layer"

    /// Whether `function` is an override of one of UIKit's touch methods.
    static func isTouchMethod(_ function: FunctionDeclSyntax) -> Bool {
        touchMethods.contains(function.name.text) && function.signature.parameterClause.parameters.map(\.firstName.text) == ["_", "with"]
    }

    /// The edits writing `override func touchesBegan(_ touches: Set<UITouch>, with event:
    /// UIEvent?)` as `func touchesBegan(at touchLocation: CGPoint)` (the `override` is the
    /// caller's), its touch's location in the view as `touchLocation`; nil when the body uses
    /// the touches or the event otherwise.
    static func touchMethod(_ function: FunctionDeclSyntax, view: [String]) -> Edits? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard isTouchMethod(function), parameters.count == 2, let body = function.body else { return nil }
        let touches = (parameters[0].secondName ?? parameters[0].firstName).text
        let event = (parameters[1].secondName ?? parameters[1].firstName).text
        var result = Edits()
        result.edits.append((Syntax(function.signature.parameterClause), "(at touchLocation: CGPoint)"))
        result.replaced.append(Syntax(function.signature.parameterClause))
        var bound: [String] = [], optionallyBound: [String] = []
        // `super.touchesBegan(touches, with: event)` goes (the controller's super calls).
        let superCalls = Array(body.statements).filter { item in
            guard let call = item.item.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self) else {
                return false
            }
            return access.base?.is(SuperExprSyntax.self) == true && touchMethods.contains(access.declName.baseName.text)
        }.map { $0.positionAfterSkippingLeadingTrivia..<$0.endPositionBeforeTrailingTrivia }
        for token in body.tokens(viewMode: .sourceAccurate) where !superCalls.contains(where: { $0.contains(token.positionAfterSkippingLeadingTrivia) }) {
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                !reference.isMemberName
            else { continue }
            if name == event { return nil }
            guard name == touches else { continue }
            // `touches.first`, then how its touch is read.
            guard let first = reference.parent?.as(MemberAccessExprSyntax.self), first.base?.id == ExprSyntax(reference).id,
                first.declName.baseName.text == "first"
            else { return nil }
            if let forced = first.parent?.as(ForceUnwrapExprSyntax.self) {
                // `touches.first!.location(in: view)`, or `let touch = touches.first!`.
                if let call = locationCall(on: ExprSyntax(forced), view: view) {
                    result.edits.append((Syntax(call), "touchLocation"))
                    result.replaced.append(Syntax(call))
                } else if let (statement, name) = forcedBinding(forced) {
                    result.removed.append((Syntax(statement), touchReason))
                    result.replaced.append(Syntax(statement))
                    bound.append(name)
                } else {
                    return nil
                }
            } else if let chained = first.parent?.as(OptionalChainingExprSyntax.self) {
                // `touches.first?.location(in: view)`, an optional of the location.
                guard let call = locationCall(on: ExprSyntax(chained), view: view), !(call.parent?.is(MemberAccessExprSyntax.self) ?? false) else { return nil }
                result.edits.append((Syntax(call), "Optional(touchLocation)"))
                result.replaced.append(Syntax(call))
            } else if let (statement, name) = guardBinding(first) {
                result.removed.append((Syntax(statement), touchReason))
                result.replaced.append(Syntax(statement))
                bound.append(name)
            } else if let (conditional, name) = ifBinding(first) {
                // `if let touch = touches.first { … }`: the layer's handler always has its
                // touch, so the block runs as a `do` block.
                let body = PortingSourceFile.trimmedRange(conditional.body)
                result.edits.append((Syntax(conditional), "do " + ViewMembers.movedText(body, outdentingBy: 0)))
                result.replaced.append(Syntax(conditional.conditions))
                bound.append(name)
            } else if let (statement, name) = optionalBinding(first) {
                // `let touch = touches.first`, read as `touch?.location(in: view)`.
                result.removed.append((Syntax(statement), touchReason))
                result.replaced.append(Syntax(statement))
                optionallyBound.append(name)
            } else {
                return nil
            }
        }
        // The bound touch, read only for its location (through `?` or `!` where it is optional).
        for (name, isOptional) in bound.map({ ($0, false) }) + optionallyBound.map({ ($0, true) }) {
            for token in body.tokens(viewMode: .sourceAccurate) {
                guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName else {
                    continue
                }
                var base = ExprSyntax(reference)
                var written = "touchLocation"
                if isOptional {
                    if let chained = reference.parent?.as(OptionalChainingExprSyntax.self) {
                        base = ExprSyntax(chained)
                        written = "Optional(touchLocation)"
                    } else if let forced = reference.parent?.as(ForceUnwrapExprSyntax.self) {
                        base = ExprSyntax(forced)
                    } else {
                        return nil
                    }
                }
                guard let call = locationCall(on: base, view: view), !(isOptional && call.parent?.is(MemberAccessExprSyntax.self) == true) else {
                    return nil
                }
                result.edits.append((Syntax(call), written))
                result.replaced.append(Syntax(call))
            }
        }
        return result
    }

    /// `let touch = touches.first` around `first`: the statement and the name.
    private static func optionalBinding(_ first: MemberAccessExprSyntax) -> (CodeBlockItemSyntax, String)? {
        guard let binding = first.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            binding.typeAnnotation == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let statement = variable.parent?.as(CodeBlockItemSyntax.self)
        else { return nil }
        return (statement, name)
    }

    /// The call `base.location(in: view)` made on `base`, if that is what `base` is used for;
    /// `view`: the spellings of the view.
    private static func locationCall(on base: ExprSyntax, view: [String]) -> FunctionCallExprSyntax? {
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id,
            access.declName.baseName.text == "location", let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(access).id, call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "in", view.contains(argument.expression.trimmedDescription)
        else { return nil }
        return call
    }

    /// `guard let touch = touches.first else { return }` around `first`: the statement and the name.
    private static func guardBinding(_ first: MemberAccessExprSyntax) -> (CodeBlockItemSyntax, String)? {
        guard let binding = first.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let conditions = binding.parent?.parent?.as(ConditionElementListSyntax.self), conditions.count == 1,
            let guardStatement = conditions.parent?.as(GuardStmtSyntax.self),
            guardStatement.body.statements.count == 1, guardStatement.body.statements.first?.item.is(ReturnStmtSyntax.self) == true,
            let statement = guardStatement.parent?.as(CodeBlockItemSyntax.self)
        else { return nil }
        return (statement, name)
    }

    /// `if let touch = touches.first { … }`, its one condition, without an `else`, around
    /// `first`: the `if` and the name.
    private static func ifBinding(_ first: MemberAccessExprSyntax) -> (IfExprSyntax, String)? {
        guard let binding = first.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
            binding.typeAnnotation == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let conditions = binding.parent?.parent?.as(ConditionElementListSyntax.self), conditions.count == 1,
            let conditional = conditions.parent?.as(IfExprSyntax.self), conditional.elseBody == nil,
            conditional.parent?.as(ExpressionStmtSyntax.self)?.parent?.is(CodeBlockItemSyntax.self) == true
                || conditional.parent?.is(CodeBlockItemSyntax.self) == true
        else { return nil }
        return (conditional, name)
    }

    /// `let touch = touches.first!` around `forced`: the statement and the name.
    private static func forcedBinding(_ forced: ForceUnwrapExprSyntax) -> (CodeBlockItemSyntax, String)? {
        guard let binding = forced.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let statement = variable.parent?.as(CodeBlockItemSyntax.self)
        else { return nil }
        return (statement, name)
    }

    fileprivate static let tapReason = "gesture recognizers and selectors do not exist on Linux; the layer's pointer and touch events call the method when a press or touch is let go on it"
    fileprivate static let panReason = "gesture recognizers and selectors do not exist on Linux; the layer's pointer and touch events call the method as a press or touch pans across it"

    /// The method a recognizer call makes (`UITapGestureRecognizer(target: self, action:
    /// #selector(restart))`) calls, and the gesture; nil for another call, or one with another
    /// target or action.
    private static func recognizer(_ call: FunctionCallExprSyntax) -> (method: String, gesture: Gesture)? {
        guard let gesture = recognizerClasses[call.calledExpression.trimmedDescription], call.trailingClosure == nil else { return nil }
        let arguments = Array(call.arguments)
        guard arguments.count == 2, arguments[0].label?.text == "target", arguments[0].expression.trimmedDescription == "self",
            arguments[1].label?.text == "action", let selector = arguments[1].expression.as(MacroExpansionExprSyntax.self),
            selector.macroName.text == "selector", let method = selector.arguments.first.flatMap({ DisplayLinkRewriter.method(in: $0.expression) })
        else { return nil }
        return (method.name, gesture)
    }

    /// The recognizer calls in `node` (``recognizerClasses``).
    private static func recognizerCalls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token -> FunctionCallExprSyntax? in
            guard recognizerClasses[token.text] != nil, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(reference).id
            else { return nil }
            return call
        }
    }

    /// The tap and pan recognizers the statements of `function` add to the view: the statements
    /// go, and the methods the recognizers call. `properties`: the recognizers the type's
    /// properties hold (``recognizerProperties(in:)``), whose additions go too. Nil when a
    /// recognizer is made or added in another way.
    static func tapRecognizers(
        in function: some SyntaxProtocol, view: [String], properties: [String: (method: String, gesture: Gesture)] = [:]
    ) -> (Edits, [(method: String, gesture: Gesture)], heldIn: Set<String>)? {
        var result = Edits()
        var handlers: [(method: String, gesture: Gesture)] = []
        var made: [String: (CodeBlockItemSyntax, (method: String, gesture: Gesture))] = [:]
        func remove(_ statement: CodeBlockItemSyntax, _ gesture: Gesture) {
            result.removed.append((Syntax(statement), gesture.reason))
            result.replaced.append(Syntax(statement))
        }
        for call in recognizerCalls(in: function) {
            // `UITapGestureRecognizer(target: self, action: #selector(restart))`.
            guard let handler = recognizer(call) else { return nil }
            if let added = call.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let statement = addedToView(added, view: view)
            {
                remove(statement, handler.gesture)
                handlers.append(handler)
            } else if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                let statement = variable.parent?.as(CodeBlockItemSyntax.self)
            {
                made[name] = (statement, handler)
            } else {
                return nil
            }
        }
        // `let tap = UITapGestureRecognizer(…)` then `view.addGestureRecognizer(tap)`, the
        // recognizer used for nothing else but being kept in a property (`panRecognizer = pan`,
        // which ``taps(in:view:)`` checks holds nothing else).
        var heldIn: Set<String> = []
        for (name, (statement, handler)) in made {
            var adding: CodeBlockItemSyntax?
            var holding: [CodeBlockItemSyntax] = []
            for token in function.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName else { continue }
                if let (item, property) = keptInProperty(reference) {
                    holding.append(item)
                    heldIn.insert(property)
                    continue
                }
                guard adding == nil, let added = reference.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
                    let item = addedToView(added, view: view)
                else { return nil }
                adding = item
            }
            guard let adding else { return nil }
            remove(statement, handler.gesture)
            remove(adding, handler.gesture)
            for item in holding { remove(item, handler.gesture) }
            handlers.append(handler)
        }
        // `view.addGestureRecognizer(panGesture)` of a property holding one.
        for (name, handler) in properties {
            for token in function.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                let value = reference.parent?.as(MemberAccessExprSyntax.self).map(ExprSyntax.init) ?? ExprSyntax(reference)
                if reference.isMemberName, value.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription != "self" { continue }
                guard let added = value.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
                    let item = addedToView(added, view: view)
                else { return nil }
                remove(item, handler.gesture)
                handlers.append(handler)
            }
        }
        return (result, handlers, heldIn)
    }

    /// The statement `property = recognizer` (or `self.property = recognizer`) that
    /// `reference`, a local recognizer, is the value of, and the property's name.
    private static func keptInProperty(_ reference: DeclReferenceExprSyntax) -> (CodeBlockItemSyntax, String)? {
        guard let sequence = reference.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.last?.id == ExprSyntax(reference).id, Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
            let item = sequence.parent?.as(CodeBlockItemSyntax.self), let target = sequence.elements.first
        else { return nil }
        if let name = target.as(DeclReferenceExprSyntax.self), !ViewMembers.isLocal(name.baseName.text, at: name) {
            return (item, name.baseName.text)
        }
        if let access = target.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            return (item, access.declName.baseName.text)
        }
        return nil
    }

    /// The stored properties of `members` declared to hold a recognizer of a gesture this
    /// command writes, without a value (`var panRecognizer: UIPanGestureRecognizer?`), by name.
    private static func recognizerHolders(in members: [MemberBlockItemSyntax]) -> [String: MemberBlockItemSyntax] {
        var found: [String: MemberBlockItemSyntax] = [:]
        for item in members {
            guard let variable = item.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
                variable.bindings.count == 1, let binding = variable.bindings.first, binding.initializer == nil, binding.accessorBlock == nil,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type
            else { continue }
            let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
            if let wrapped, recognizerClasses[wrapped.trimmedDescription] != nil { found[name] = item }
        }
        return found
    }

    /// The type's stored properties holding a tap or pan recognizer, made where they are
    /// declared (`lazy var pan = UIPanGestureRecognizer(target: self, action: #selector(m))`, or
    /// a closure making one, `{ let g = UIPanGestureRecognizer(…); return g }()`), by name: the
    /// property goes, with the method its recognizer calls. Nil when a property holds one made
    /// otherwise.
    private static func recognizerProperties(in members: [MemberBlockItemSyntax]) -> [String: (item: MemberBlockItemSyntax, handler: (method: String, gesture: Gesture))]? {
        var found: [String: (item: MemberBlockItemSyntax, handler: (method: String, gesture: Gesture))] = [:]
        for item in members {
            guard let variable = item.decl.as(VariableDeclSyntax.self), !recognizerCalls(in: variable).isEmpty else { continue }
            guard variable.bindings.count == 1, let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, var value = binding.initializer?.value
            else { return nil }
            // `{ … }()`: a closure returning the recognizer, named or not.
            if let called = value.as(FunctionCallExprSyntax.self), called.arguments.isEmpty, called.trailingClosure == nil,
                let closure = called.calledExpression.as(ClosureExprSyntax.self), closure.signature == nil
            {
                let statements = Array(closure.statements)
                if statements.count == 1 {
                    value = statements[0].item.as(ReturnStmtSyntax.self)?.expression ?? statements[0].item.as(ExprSyntax.self) ?? value
                } else if statements.count == 2, let local = statements[0].item.as(VariableDeclSyntax.self), local.bindings.count == 1,
                    let localName = local.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    statements[1].item.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription == localName,
                    let made = local.bindings.first?.initializer?.value
                {
                    value = made
                }
            }
            guard let call = value.as(FunctionCallExprSyntax.self), let handler = recognizer(call) else { return nil }
            found[name] = (item, handler)
        }
        return found
    }

    /// A method a tap or pan recognizer calls, as the layer's events call it.
    struct Tap: Equatable {
        /// The method's name.
        var method: String
        /// Whether it takes the tap's location in the layer (``tapHandler(_:view:)``).
        var takesLocation: Bool
        /// The gesture that calls it.
        var gesture: Gesture = .tap
        /// Whether it takes the pan recognizer (``PanGestures/handler(_:view:)``).
        var takesRecognizer = false
        /// The method's call in the event handlers.
        var call: String {
            if gesture == .pan { return takesRecognizer ? "\(method)(panTracker)" : "\(method)()" }
            if gesture == .pinch { return takesRecognizer ? "\(method)(pinchTracker)" : "\(method)()" }
            return takesLocation ? "\(method)(at: touchLocation)" : "\(method)()"
        }
    }

    /// The tap and pan recognizers the functions and initializers of `members` (a type's own) add
    /// to the view, made there or in its properties, and the edits to them and to the methods
    /// they call (``tapRecognizers(in:view:properties:)``, ``tapHandler(_:view:)``,
    /// ``PanGestures/handler(_:view:)``); nil when one is made or handled in another way, or
    /// when more than one pan recognizer is.
    static func taps(in members: [MemberBlockItemSyntax], view: [String]) -> (Edits, [Tap])? {
        var result = Edits()
        var handlers: [(method: String, gesture: Gesture)] = []
        guard let properties = recognizerProperties(in: members) else { return nil }
        let functions = members.filter { $0.decl.is(FunctionDeclSyntax.self) || $0.decl.is(InitializerDeclSyntax.self) }
        var heldIn: Set<String> = []
        for member in functions {
            guard let (written, found, held) = tapRecognizers(in: member, view: view, properties: properties.mapValues(\.handler)) else { return nil }
            result.append(written)
            heldIn.formUnion(held)
            handlers += found.filter { handler in !handlers.contains { $0.method == handler.method && $0.gesture == handler.gesture } }
        }
        // A property only ever given a recognizer removed with it (`var panRecognizer:
        // UIPanGestureRecognizer?`, `panRecognizer = pan`) goes too.
        let holders = recognizerHolders(in: members)
        for name in heldIn.sorted() {
            // Named in another ported file, it may be read there.
            let files = PortingContext.currentReferencingFiles
            guard let holder = holders[name], (files[name] ?? []).union(files[".\(name)"] ?? []).subtracting([holder.root.id]).isEmpty
            else { return nil }
            let removedStatements = result.removed.map(\.0)
            for token in members.flatMap({ $0.tokens(viewMode: .sourceAccurate) }) where token.text == name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if reference.isMemberName, reference.parent?.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription != "self" { continue }
                guard removedStatements.contains(where: { $0.position <= token.position && token.endPosition <= $0.endPosition }) else { return nil }
            }
            result.removed.append((Syntax(holder), "gesture recognizers do not exist on Linux; the property held only the recognizer, which goes"))
            result.replaced.append(Syntax(holder))
        }
        // A property whose recognizer is never added is used otherwise.
        for property in properties.values {
            guard handlers.contains(where: { $0.method == property.handler.method && $0.gesture == property.handler.gesture }) else { return nil }
            result.removed.append((Syntax(property.item), property.handler.gesture.reason))
            result.replaced.append(Syntax(property.item))
        }
        guard handlers.filter({ $0.gesture == .pan }).count <= 1, handlers.filter({ $0.gesture == .pinch }).count <= 1,
            Set(handlers.map(\.method)).count == handlers.count
        else { return nil }
        var taps: [Tap] = []
        for handler in handlers {
            let named = functions.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter { $0.name.text == handler.method }
            guard named.count == 1, let function = named.first else { return nil }
            switch handler.gesture {
            case .tap:
                guard let (written, takesLocation) = tapHandler(function, view: view) else { return nil }
                result.append(written)
                taps.append(Tap(method: handler.method, takesLocation: takesLocation))
            case .pan:
                guard let (written, takesRecognizer) = PanGestures.handler(function, view: view) else { return nil }
                result.append(written)
                taps.append(Tap(method: handler.method, takesLocation: false, gesture: .pan, takesRecognizer: takesRecognizer))
            case .pinch:
                guard let (written, takesRecognizer) = PinchGestures.handler(function, view: view) else { return nil }
                result.append(written)
                taps.append(Tap(method: handler.method, takesLocation: false, gesture: .pinch, takesRecognizer: takesRecognizer))
            }
        }
        return (result, taps)
    }

    /// The statement `view.addGestureRecognizer(…)` that `call` is; `view`: the spellings of
    /// the view (`self` also stands for a view's own bare call).
    private static func addedToView(_ call: FunctionCallExprSyntax, view: [String]) -> CodeBlockItemSyntax? {
        let adds: Bool
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            adds = access.declName.baseName.text == "addGestureRecognizer" && view.contains(access.base?.trimmedDescription ?? "")
        } else {
            adds = call.calledExpression.trimmedDescription == "addGestureRecognizer" && view.contains("self")
        }
        guard adds, call.arguments.count == 1 else { return nil }
        return call.parent?.as(CodeBlockItemSyntax.self)
    }

    /// The edits for a method a tap recognizer calls. One that takes the recognizer and does
    /// not use it takes nothing. One that reads the tap's location in the view
    /// (`sender.location(in: view)`) takes it, in the layer (`func tapped(at tapLocation:
    /// CGPoint)`). A tap is a discrete gesture: UIKit calls the method once, when the tap is
    /// recognized, its recognizer's state `.ended` (`.recognized`). So a check of the state
    /// keeps what runs then: `guard sender.state == .ended else { return }` goes, and
    /// `if sender.state == .ended { … }` without `else` and `switch sender.state { … }` become
    /// the statements that run in `.ended`. Nil when the method uses the recognizer otherwise.
    static func tapHandler(_ function: FunctionDeclSyntax, view: [String]) -> (Edits, takesLocation: Bool)? {
        let parameters = function.signature.parameterClause.parameters
        guard let body = function.body, parameters.count <= 1 else { return nil }
        var result = Edits()
        guard let parameter = parameters.first else { return (result, false) }
        let name = (parameter.secondName ?? parameter.firstName).text
        var takesLocation = false
        if name != "_" {
            for token in body.tokens(viewMode: .sourceAccurate) where token.text == name {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName else { continue }
                if let call = locationCall(on: ExprSyntax(reference), view: view) {
                    result.edits.append((Syntax(call), "tapLocation"))
                    result.replaced.append(Syntax(call))
                    takesLocation = true
                } else if let written = recognizedStateCheck(reading: reference) {
                    result.append(written)
                } else {
                    return nil
                }
            }
            // The name the location is given names nothing else in the method.
            if takesLocation, body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "tapLocation" }) { return nil }
        }
        result.edits.append((Syntax(function.signature.parameterClause), takesLocation ? "(at tapLocation: CGPoint)" : "()"))
        result.replaced.append(Syntax(function.signature.parameterClause))
        return (result, takesLocation)
    }

    private static let recognizedReason =
        "a tap recognizer calls its method once, when the tap is recognized (its state .ended); the layer's events call it then"

    /// The edits for a check of a tap recognizer's state, `recognizer.state` being `reference`'s
    /// (``tapHandler(_:view:)``): a `guard … == .ended` goes, an `if … == .ended` without `else`
    /// and a `switch` on the state become the statements that run in `.ended`. Nil for any other
    /// use of the state, and where those statements could not stand alone (`break`, `fallthrough`).
    private static func recognizedStateCheck(reading reference: DeclReferenceExprSyntax) -> Edits? {
        guard let state = reference.parent?.as(MemberAccessExprSyntax.self), state.base?.id == ExprSyntax(reference).id,
            state.declName.baseName.text == "state"
        else { return nil }
        let recognized: Set<String> = [".ended", ".recognized"]
        let states = recognized.union([".possible", ".began", ".changed", ".cancelled", ".failed"])
        func statement(_ node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
            node.parent?.as(CodeBlockItemSyntax.self) ?? node.parent?.as(ExpressionStmtSyntax.self)?.parent?.as(CodeBlockItemSyntax.self)
        }
        let ran: CodeBlockItemListSyntax
        let item: CodeBlockItemSyntax
        if let switchExpression = state.parent?.as(SwitchExprSyntax.self), switchExpression.subject.id == ExprSyntax(state).id,
            let switchItem = statement(switchExpression)
        {
            // The first case that `.ended` matches, else `default`.
            var matching: SwitchCaseSyntax?
            var fallback: SwitchCaseSyntax?
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self) else { return nil }
                switch switchCase.label {
                case .case(let label):
                    let patterns = label.caseItems.map { $0.pattern.trimmedDescription }
                    guard label.caseItems.allSatisfy({ $0.whereClause == nil }), patterns.allSatisfy(states.contains) else { return nil }
                    if matching == nil, patterns.contains(where: recognized.contains) { matching = switchCase }
                case .default:
                    fallback = switchCase
                }
            }
            guard let running = matching ?? fallback else { return nil }
            ran = running.statements
            item = switchItem
        } else if let sequence = state.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.first?.id == ExprSyntax(state).id,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
            let compared = sequence.elements.last, recognized.contains(compared.trimmedDescription),
            let condition = sequence.parent?.as(ConditionElementSyntax.self), condition.parent?.as(ConditionElementListSyntax.self)?.count == 1
        {
            if let guardStatement = condition.parent?.parent?.as(GuardStmtSyntax.self), let guardItem = guardStatement.parent?.as(CodeBlockItemSyntax.self) {
                ran = []
                item = guardItem
            } else if let ifExpression = condition.parent?.parent?.as(IfExprSyntax.self), ifExpression.elseBody == nil,
                let ifItem = statement(ifExpression)
            {
                ran = ifExpression.body.statements
                item = ifItem
            } else {
                return nil
            }
        } else {
            return nil
        }
        var result = Edits()
        let kept = ran.filter { !($0.item.is(BreakStmtSyntax.self) && ran.count == 1) }
        guard let first = kept.first, let last = kept.last else {
            result.removed.append((Syntax(item), recognizedReason))
            result.replaced.append(Syntax(item))
            return result
        }
        let leaves = kept.contains { statement in
            statement.tokens(viewMode: .sourceAccurate).contains { [.keyword(.break), .keyword(.fallthrough)].contains($0.tokenKind) }
        }
        guard !leaves else { return nil }
        let outdent = max(first.statementIndentation.count - item.statementIndentation.count, 0)
        let range = PortingSourceFile.trimmedRange(first).lowerBound..<PortingSourceFile.trimmedRange(last).upperBound
        // Not among the replaced nodes: the statements moved keep the edits made inside them.
        result.edits.append((Syntax(item), ViewMembers.movedText(range, outdentingBy: outdent)))
        return result
    }

    /// The event handlers the layer is given, unindented: each calls the touch methods the
    /// controller declares (`touches`) and, when a press or touch is let go, the tap handlers.
    /// The statements of a `case` of a generated event handler's `switch`, indented under it
    /// (`break` where there are none).
    static func caseBody(_ lines: [String]) -> [String] { (lines.isEmpty ? ["break"] : lines).map { "        " + $0 } }

    static func handlers(touches: Set<String>, taps: [Tap]) -> [String] {
        // A pinch: the touchpad's pinches and two touch points drive the layer's PinchGesture;
        // with other touches to handle, the touch handler gives the pinch its points first.
        let pinch = taps.first { $0.gesture == .pinch }
        let pointerTaps = taps.filter { $0.gesture != .pinch }
        guard !touches.isEmpty || !pointerTaps.isEmpty else {
            return pinch.map { PinchGestures.handlerLines(calling: $0.call, touches: true) } ?? []
        }
        let panCall = pointerTaps.first { $0.gesture == .pan }?.call
        let pinchTouches = pinch.map { PinchGestures.touchLines(calling: $0.call, panCall: panCall) } ?? []
        return pointerHandlers(touches: touches, taps: pointerTaps, pinchTouches: pinchTouches)
            + (pinch.map { [""] + PinchGestures.handlerLines(calling: $0.call, touches: false) } ?? [])
    }

    /// The pointer's and touches' handlers of ``handlers(touches:taps:)``, for touches, taps and a
    /// pan; `pinchTouches`: the statements giving a pinch the touch points first.
    private static func pointerHandlers(touches: Set<String>, taps: [Tap], pinchTouches: [String]) -> [String] {
        func call(_ method: String) -> [String] { touches.contains(method) ? ["\(method)(at: touchLocation)"] : [] }
        // The location, where a touch or tap method reads it.
        let location = touches.isEmpty && !taps.contains(where: \.takesLocation) ? [] : ["    let touchLocation = convert(event.location, from: nil)"]
        let tapped = taps.filter { $0.gesture == .tap }.map(\.call)
        // A pan: the press drives the layer's PanGesture, which calls the method as it pans; a
        // tap is not recognized where a pan was.
        let pan = taps.first { $0.gesture == .pan }
        let pressed = pan == nil ? [] : ["panTracker.press(at: event.location, timestamp: event.timestamp)"]
        let moved = pan.map { ["if panTracker.move(to: event.location, timestamp: event.timestamp) {", "    \($0.call)", "}"] } ?? []
        let released: [String]
        if let pan {
            let ended = ["if panTracker.release(at: event.location, timestamp: event.timestamp) {", "    \(pan.call)"]
            released = ended + (tapped.isEmpty ? ["}"] : ["} else {"] + tapped.map { "    " + $0 } + ["}"])
        } else {
            released = tapped
        }
        let cancelled = pan.map { ["if panTracker.cancel() {", "    \($0.call)", "}"] } ?? []
        let indented = caseBody
        var lines = [
            "/// Whether the primary button was pressed on the layer and not yet let go.",
            "private var pointerIsDown = false",
            "",
        ]
        if pan != nil {
            lines += [
                "/// UIKit's pan recognizer on the view, which the layer's events drive.", "private let panTracker = \(PanGestures.className)()", "",
                "/// The touch point the pan follows: the first down on the layer (another does not restart it).",
                "private var panTouchID: Int32?", "",
            ]
        }
        lines += [
            "/// UIKit's touches and taps on the view: presses, moves and releases of the window's primary",
            "/// pointer button that reach the layer.",
            "@MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {",
        ] + location + [
            "    switch event.kind {",
            "    case .pressed(button: 0x110):",
        ]
        lines += indented(["pointerIsDown = true"] + call("touchesBegan") + pressed)
        if touches.contains("touchesMoved") || pan != nil {
            lines.append("    case .moved where pointerIsDown:")
            lines += indented(call("touchesMoved") + moved)
        }
        lines.append("    case .released(button: 0x110) where pointerIsDown:")
        lines += indented(["pointerIsDown = false"] + call("touchesEnded") + released)
        lines += [
            "    default:",
            "        return false",
            "    }",
            "    return true",
            "}",
            "",
            "/// UIKit's touches and taps on the view: the window's touch points that reach the layer.",
            "@MainActor func handleTouchEvent(_ event: TouchEvent) -> Bool {",
        ] + pinchTouches.map { "    " + $0 } + location + [
            "    switch event.phase {",
            "    case .began:",
        ]
        // A pan follows one touch point: the first down, until it is lifted.
        func followed(_ lines: [String]) -> [String] {
            pan == nil ? lines : ["if event.touchID == panTouchID {", "    panTouchID = nil"] + lines.map { "    " + $0 } + ["}"]
        }
        let touchPressed = pan == nil ? [] : ["if panTouchID == nil {", "    panTouchID = event.touchID"] + pressed.map { "    " + $0 } + ["}"]
        let touchMoved = pan.map { ["if event.touchID == panTouchID, panTracker.move(to: event.location, timestamp: event.timestamp) {", "    \($0.call)", "}"] } ?? []
        lines += indented(call("touchesBegan") + touchPressed)
        lines.append("    case .moved:")
        lines += indented(call("touchesMoved") + touchMoved)
        lines.append("    case .ended:")
        lines += indented(call("touchesEnded") + followed(released))
        lines.append("    case .cancelled:")
        lines += indented(call("touchesCancelled") + followed(cancelled))
        lines += [
            "    }",
            "    return true",
            "}",
        ]
        return lines
    }
}
