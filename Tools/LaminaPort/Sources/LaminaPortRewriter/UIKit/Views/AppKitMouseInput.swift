import SwiftSyntax

/// The mouse methods and tracking areas of an AppKit view written as a layer
/// (``ViewClassRewriter``): AppKit calls the view's `mouseDown(with:)`, `mouseDragged(with:)`
/// and `mouseUp(with:)` for the primary button pressed on it, and `mouseEntered(with:)`,
/// `mouseExited(with:)` and `mouseMoved(with:)` for the pointer over a tracking area it adds;
/// the layer handles the pointer events a Lamina window routes to it (`PointerEventHandling`),
/// which reach it from its sublayers too, and hover events for it and its sublayers:
///
/// ```swift
/// override func updateTrackingAreas() {                     (removed: the layer's hover events
///     super.updateTrackingAreas()                            are for its bounds and sublayers)
///     addTrackingArea(NSTrackingArea(rect: bounds,
///         options: [.mouseEnteredAndExited, .activeAlways], owner: self, userInfo: nil))
/// }
/// override func mouseDown(with event: NSEvent) {            func mouseDown(at eventLocation: CGPoint) {
///     let p = convert(event.locationInWindow, from: nil) →      let p = eventLocation
///     knob.position = p                                         knob.position = p
/// }                                                         }
/// ```
///
/// A mouse method's body may read its event's location in the view (`convert(event.locationInWindow,
/// from: nil)`, `self.convert(…)`), given in the view's coordinates: y up from its bottom-left
/// corner where the view is not flipped, as the layer's sublayers are placed. Anything else it
/// does with the event leaves the view for a person. A tracking area is one of the view's bounds
/// (`rect: bounds`, `visibleRect`, or any rectangle with `.inVisibleRect`) owned by the view,
/// added and removed in statements that do nothing else (`for area in trackingAreas {
/// removeTrackingArea(area) }`, `if let t = trackingArea { removeTrackingArea(t) }`), kept in
/// locals and properties used for nothing else; those statements and properties go.
enum AppKitMouseInput {
    /// AppKit's mouse methods the layer's pointer events call.
    static let mouseMethods = ["mouseDown", "mouseDragged", "mouseUp", "mouseMoved", "mouseEntered", "mouseExited"]

    /// The protocol a view handling the mouse adopts.
    static let protocols = "PointerEventHandling"

    private static let mouseReason =
        "AppKit's mouse events do not exist on Linux; the layer's pointer events call the method with the event's location in the view's coordinates"

    /// Whether `function` is an override of one of AppKit's mouse methods (`mouseDown(with:)`).
    static func isMouseMethod(_ function: FunctionDeclSyntax) -> Bool {
        mouseMethods.contains(function.name.text) && function.signature.parameterClause.parameters.map(\.firstName.text) == ["with"]
    }

    /// The edits writing `override func mouseDown(with event: NSEvent)` as `func mouseDown(at
    /// eventLocation: CGPoint)` (the `override` is the caller's), the event's location in the
    /// view as `eventLocation`, and whether it hands the event on (`super.mouseDown(with:
    /// event)`, which AppKit's view passes to the next responder, its superview: the caller
    /// removes the call, and the layer lets the event go on to its superlayer); nil when the
    /// body uses the event otherwise.
    /// `view`: how the code spells the view the location is converted to (`self` in a view,
    /// `view` in a view controller).
    static func mouseMethod(_ function: FunctionDeclSyntax, view: [String] = ["self"]) -> (edits: ViewInput.Edits, handsOn: Bool)? {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard isMouseMethod(function), parameters.count == 1, let parameter = parameters.first, let body = function.body else { return nil }
        let event = (parameter.secondName ?? parameter.firstName).text
        var result = ViewInput.Edits()
        var handsOn = false
        result.edits.append((Syntax(function.signature.parameterClause), "(at eventLocation: CGPoint)"))
        result.replaced.append(Syntax(function.signature.parameterClause))
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard token.text == event, let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName else { continue }
            // `super.mouseDown(with: event)`, which the caller removes: a statement of the body
            // itself, else the event goes on where it did not.
            if let call = reference.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), isSuperMouseCall(call) {
                guard call.parent?.parent?.parent?.id == Syntax(body).id else { return nil }
                handsOn = true
                continue
            }
            guard let location = reference.parent?.as(MemberAccessExprSyntax.self), location.declName.baseName.text == "locationInWindow",
                let argument = location.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), isConversionFromWindow(call, view: view)
            else { return nil }
            result.edits.append((Syntax(call), "eventLocation"))
            result.replaced.append(Syntax(call))
        }
        return (result, handsOn)
    }

    /// The calls in `function` that hit-test the view's own layer (`layer?.hitTest(p)`,
    /// `self.presentation()?.hitTest(p)`, `hitTest(p)` once the view is its layer). AppKit code
    /// hands them points in the view's coordinates, as the layer's superlayer's are where the view
    /// sits at its superview's origin on macOS; a layer whose geometry the command flips places
    /// its sublayers in those coordinates, y up, while its superlayer's y axis points down in a
    /// Lamina window.
    static func ownLayerHitTests(in function: FunctionDeclSyntax) -> [FunctionCallExprSyntax] {
        guard let body = function.body else { return [] }
        let ownLayer: Set<String> = [
            "self", "layer", "self.layer", "presentation()", "self.presentation()", "layer.presentation()", "self.layer.presentation()",
        ]
        return body.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == "hitTest", let name = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            if let call = name.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(name).id { return call }
            guard let access = name.parent?.as(MemberAccessExprSyntax.self), let call = access.parent?.as(FunctionCallExprSyntax.self),
                let base = access.base?.trimmedDescription.filter({ $0 != "?" && $0 != "!" && !$0.isWhitespace }), ownLayer.contains(base)
            else { return nil }
            return call
        }
    }

    /// Whether `call` is `super.mouseDown(with: e)` (or another mouse method's).
    static func isSuperMouseCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base?.is(SuperExprSyntax.self) == true else { return false }
        return mouseMethods.contains(access.declName.baseName.text) && call.arguments.map { $0.label?.text ?? "_" } == ["with"]
    }

    /// Whether `call` is the view's `convert(p, from: nil)` (`view` spells the view; `self`
    /// also stands for a bare call): a point in the window to the view's coordinates.
    private static func isConversionFromWindow(_ call: FunctionCallExprSyntax, view: [String]) -> Bool {
        let arguments = Array(call.arguments)
        guard arguments.count == 2, arguments[1].label?.text == "from", arguments[1].expression.is(NilLiteralExprSyntax.self) else { return false }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self) { return name.baseName.text == "convert" && view.contains("self") }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "convert",
            let base = access.base?.trimmedDescription
        else { return false }
        return view.contains(base)
    }

    // MARK: - Tracking areas

    /// What the view's tracking areas come to once written.
    struct Tracking {
        /// The statements and properties that go, with why.
        var removed: [(Syntax, String)] = []
        /// The statements removed, whose view names are not the layer's to write.
        var replaced: [Syntax] = []
        /// The members removed whole.
        var removedMembers: [MemberBlockItemSyntax] = []
        /// The view's `updateTrackingAreas()` override, removed whole where it does nothing else.
        var updateOverride: MemberBlockItemSyntax?
        /// Whether that override does more, and stays a method of the layer that nothing calls.
        var keepsUpdate = false
        /// The options of the tracking areas (`mouseEnteredAndExited`, `mouseMoved`).
        var options: Set<String> = []
    }

    private static let trackingReason =
        "the layer gets hover events for its bounds and sublayers from the window, and pointer moves over it, without tracking areas"

    /// The names a tracking statement may use besides its own locals and the view's tracking
    /// properties.
    private static let trackingNames: Set<String> = [
        "addTrackingArea", "removeTrackingArea", "NSTrackingArea", "trackingAreas", "updateTrackingAreas", "forEach",
        "rect", "options", "owner", "userInfo", "bounds", "visibleRect", "zero", "Options", "first", "last", "mouseEnteredAndExited", "mouseMoved", "cursorUpdate",
        "activeWhenFirstResponder", "activeInKeyWindow", "activeInActiveApp", "activeAlways", "assumeInside", "inVisibleRect",
        "enabledDuringMouseDrag",
    ]

    /// The names that make a statement a tracking statement.
    private static let trackingMarks: Set<String> = [
        "addTrackingArea", "removeTrackingArea", "NSTrackingArea", "NSTrackingAreaOptions", "trackingAreas", "updateTrackingAreas",
    ]

    /// The tracking areas of `members` (an AppKit view's own), or nil where one is made, kept or
    /// used otherwise than this pass writes.
    static func tracking(in members: [MemberBlockItemSyntax]) -> Tracking? {
        var result = Tracking()
        // Stored properties holding a tracking area (`var trackingArea: NSTrackingArea?`).
        var properties: Set<String> = []
        for item in members {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                variable.bindings.contains(where: { binding in
                    binding.typeAnnotation?.type.tokens(viewMode: .sourceAccurate).contains { $0.text == "NSTrackingArea" } ?? false
                })
            else { continue }
            guard variable.bindings.count == 1, let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                variable.bindings.first?.accessorBlock == nil
            else { return nil }
            properties.insert(name)
            // Its line alone where it ends a group of members (the blank line after it then
            // sets that group apart); with a blank line, where it stands apart.
            let lineBreaks = item.leadingTrivia.reduce(0) { count, piece in
                switch piece {
                case .newlines(let n), .carriageReturnLineFeeds(let n), .carriageReturns(let n): count + n
                default: count
                }
            }
            let followsMember = item.id != members.first?.id && lineBreaks == 1
            result.removed.append((followsMember ? Syntax(item.decl) : Syntax(item), trackingReason))
            result.removedMembers.append(item)
        }
        for item in members {
            let body: CodeBlockSyntax?
            var isUpdateOverride = false
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                body = function.body
                isUpdateOverride =
                    function.name.text == "updateTrackingAreas" && function.signature.parameterClause.parameters.isEmpty
                    && function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
            } else if let initializer = item.decl.as(InitializerDeclSyntax.self) {
                body = initializer.body
            } else {
                // A property's initial value or accessors may not use them.
                if result.removedMembers.contains(where: { $0.id == item.id }) { continue }
                guard !mentionsTracking(Syntax(item), properties: properties) else { return nil }
                continue
            }
            guard let body else { continue }
            guard let statements = trackingStatements(in: body.statements, properties: properties, options: &result.options) else { return nil }
            if isUpdateOverride {
                result.updateOverride = item
                if statements.count == body.statements.count {
                    result.removed.append((Syntax(item), trackingReason))
                    result.replaced.append(Syntax(item))
                    result.removedMembers.append(item)
                    continue
                }
                result.keepsUpdate = true
            }
            for statement in statements {
                result.removed.append((Syntax(statement), trackingReason))
                result.replaced.append(Syntax(statement))
            }
        }
        return result
    }

    /// The statements of `statements` (and of the blocks in the others) that only make, add,
    /// keep or remove tracking areas; nil when one uses them otherwise. `options` gathers the
    /// areas' options.
    private static func trackingStatements(in statements: CodeBlockItemListSyntax, properties: Set<String>, options: inout Set<String>) -> [CodeBlockItemSyntax]? {
        var found: [CodeBlockItemSyntax] = []
        // Locals of tracking statements before: an area, or the options of one.
        var locals: [String: ExprSyntax] = [:]
        for statement in statements {
            let names = identifiers(in: Syntax(statement))
            let allowed = trackingNames.union(properties).union(locals.keys).union(NameReferences.declaredNames(in: statement))
            // One that uses them and nothing else (`for area in trackingAreas { removeTrackingArea(area) }`).
            let isTracking = (!names.isDisjoint(with: trackingMarks.union(properties).union(locals.keys)) && names.isSubset(of: allowed)) || isSuperUpdate(statement)
            guard isTracking else {
                // One that does more may hold some in its blocks (`guard … else { removeTrackingArea(…); return }`).
                if !names.isDisjoint(with: trackingMarks.union(properties).union(locals.keys)) {
                    guard let inner = nestedTrackingStatements(in: statement, properties: properties.union(locals.keys), options: &options) else { return nil }
                    found += inner
                }
                continue
            }
            // Its areas: of the view's bounds, owned by the view.
            for call in areaInitializers(in: Syntax(statement)) {
                guard let areaOptions = areaOptions(call, locals: locals) else { return nil }
                options.formUnion(areaOptions)
            }
            if let variable = statement.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                        locals[name] = value
                    }
                }
            }
            found.append(statement)
        }
        return found
    }

    /// The tracking statements in the blocks of `statement`, which is not one itself.
    private static func nestedTrackingStatements(in statement: CodeBlockItemSyntax, properties: Set<String>, options: inout Set<String>) -> [CodeBlockItemSyntax]? {
        final class Blocks: SyntaxVisitor {
            var lists: [CodeBlockItemListSyntax] = []
            override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
                lists.append(node)
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let blocks = Blocks(viewMode: .sourceAccurate)
        blocks.walk(statement)
        var found: [CodeBlockItemSyntax] = []
        for list in blocks.lists {
            guard let inner = trackingStatements(in: list, properties: properties, options: &options) else { return nil }
            found += inner
        }
        // Every use is in a statement found.
        let covered = Set(found.map(\.id))
        for token in statement.tokens(viewMode: .sourceAccurate) where trackingMarks.union(properties).contains(token.text) {
            var current: Syntax? = Syntax(token)
            var isCovered = false
            while let node = current, node.id != Syntax(statement).id {
                if covered.contains(node.id) { isCovered = true; break }
                current = node.parent
            }
            guard isCovered else { return nil }
        }
        return found
    }

    /// Whether `statement` is `super.updateTrackingAreas()`.
    private static func isSuperUpdate(_ statement: CodeBlockItemSyntax) -> Bool {
        guard let call = statement.item.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        return access.base?.is(SuperExprSyntax.self) == true && access.declName.baseName.text == "updateTrackingAreas"
    }

    /// Whether `node` names a tracking area's type, call or property.
    private static func mentionsTracking(_ node: Syntax, properties: Set<String>) -> Bool {
        !identifiers(in: node).isDisjoint(with: trackingMarks.union(properties))
    }

    /// The identifiers `node` uses (a closure's `$0` is its own).
    private static func identifiers(in node: Syntax) -> Set<String> {
        Set(
            node.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                switch token.tokenKind {
                case .identifier(let name): return name
                default: return nil
                }
            })
    }

    /// The `NSTrackingArea(…)` calls in `node`.
    private static func areaInitializers(in node: Syntax) -> [FunctionCallExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == "NSTrackingArea", let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(reference).id
            else { return nil }
            return call
        }
    }

    /// The options of `NSTrackingArea(rect:options:owner:userInfo:)`, an area of the view's
    /// bounds (`bounds`, `visibleRect`, or any rectangle with `.inVisibleRect`) that the view
    /// owns; nil for another area. `locals`: the values of the locals before it (its options
    /// kept in one).
    private static func areaOptions(_ call: FunctionCallExprSyntax, locals: [String: ExprSyntax]) -> Set<String>? {
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        guard labels == ["rect", "options", "owner", "userInfo"] || labels == ["rect", "options", "owner"] else { return nil }
        guard arguments[2].expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        if arguments.count == 4, !arguments[3].expression.is(NilLiteralExprSyntax.self) { return nil }
        var optionsValue = arguments[1].expression
        if let name = optionsValue.as(DeclReferenceExprSyntax.self), let value = locals[name.baseName.text] { optionsValue = value }
        guard let array = optionsValue.as(ArrayExprSyntax.self) else { return nil }
        var options: Set<String> = []
        for element in array.elements {
            guard let member = element.expression.as(MemberAccessExprSyntax.self),
                member.base == nil || member.base?.trimmedDescription == "NSTrackingArea.Options"
            else { return nil }
            options.insert(member.declName.baseName.text)
        }
        let rect = arguments[0].expression.trimmedDescription
        guard ["bounds", "self.bounds", "visibleRect", "self.visibleRect"].contains(rect) || options.contains("inVisibleRect") else { return nil }
        return options
    }

    // MARK: - The event handler

    /// The pointer event handler the layer is given, unindented: it calls the mouse methods the
    /// view declares (`methods`) with the event's location in the view's coordinates, flipped to
    /// point y up where the layer's geometry is (`flipped`). An event whose method hands it on
    /// (`handingOn`) goes on to the superlayer.
    static func handler(methods: Set<String>, handingOn: Set<String> = [], flipped: Bool) -> [String] {
        func call(_ method: String) -> [String] {
            guard methods.contains(method) else { return [] }
            return ["\(method)(at: eventLocation)"] + (handingOn.contains(method) ? ["return false"] : [])
        }
        let indented = ViewInput.caseBody
        let presses = !methods.isDisjoint(with: ["mouseDown", "mouseDragged", "mouseUp"])
        var lines: [String] = []
        if presses {
            lines += [
                "/// Whether the primary button was pressed on the layer and not yet let go.",
                "private var pointerIsDown = false",
                "",
            ]
        }
        lines += [
            "/// AppKit's mouse events on the view: the window's pointer events that reach the layer, at their",
            flipped
                ? "/// location in the view's coordinates (y up from the bottom-left corner, as the layer's sublayers)."
                : "/// location in the view's coordinates.",
            "@MainActor func handlePointerEvent(_ event: PointerEvent) -> Bool {",
        ]
        if flipped {
            lines += [
                "    let layerLocation = convert(event.location, from: nil)",
                "    let eventLocation = CGPoint(x: layerLocation.x, y: bounds.minY + bounds.maxY - layerLocation.y)",
            ]
        } else {
            lines.append("    let eventLocation = convert(event.location, from: nil)")
        }
        lines.append("    switch event.kind {")
        if presses {
            lines.append("    case .pressed(button: 0x110):")
            lines += indented(["pointerIsDown = true"] + call("mouseDown"))
            if methods.contains("mouseDragged") {
                lines.append("    case .moved where pointerIsDown:")
                lines += indented(call("mouseDragged"))
            }
        }
        if methods.contains("mouseMoved") {
            lines.append(presses ? "    case .moved where !pointerIsDown:" : "    case .moved:")
            lines += indented(call("mouseMoved"))
        }
        if presses {
            lines.append("    case .released(button: 0x110) where pointerIsDown:")
            lines += indented(["pointerIsDown = false"] + call("mouseUp"))
        }
        if methods.contains("mouseEntered") {
            lines.append("    case .hoverEntered:")
            lines += indented(call("mouseEntered"))
        }
        if methods.contains("mouseExited") {
            lines.append("    case .hoverExited:")
            lines += indented(call("mouseExited"))
        }
        lines += [
            "    default:",
            "        return false",
            "    }",
            "    return true",
            "}",
        ]
        return lines
    }
}
