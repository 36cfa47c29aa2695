import SwiftSyntax

/// `CADisplayLink(target: self, selector: #selector(step))` → Lamina's closure form,
/// `CADisplayLink { link in self.step(link) }`: selectors need the Objective-C runtime.
/// Lamina's display link follows one window's frames; made without one, as here, it follows
/// the application's window, as Apple's follows the main display. The closure holds the
/// target strongly, as Apple's link holds its target.
///
/// `Timer.scheduledTimer(timeInterval: t, target: self, selector: #selector(tick),
/// userInfo: nil, repeats: true)` (and `Timer(timeInterval:target:selector:userInfo:repeats:)`)
/// → `Timer.scheduledTimer(withTimeInterval: t, repeats: true) { timer in self.tick(timer) }`,
/// Foundation's block form, which Linux has. The block is `@Sendable`: in a `@MainActor` class
/// the call is made with `MainActor.assumeIsolated`; elsewhere the target is handed to it as
/// `nonisolated(unsafe) let timerTarget = self` in a statement before, unchecked as Apple's
/// selector call is (`@Sendable` would refuse a capture of a non-`Sendable` class, a layer);
/// a timer with `userInfo` is
/// reported (the block form has none). Every other `#selector` is reported: each needs a closure the API at hand
/// offers.
final class DisplayLinkRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let timer = timerCall(node) { return timer }
        guard let (selector, method) = Self.displayLinkSelector(node) else { return .visitChildren }
        let target = Array(node.arguments)[0].expression.trimmedDescription
        let call: String
        if let labels = method.labels ?? Self.parameterLabels(ofMethodNamed: method.name, near: node) {
            switch labels.count {
            case 0: call = "\(target).\(method.name)()"
            case 1: call = "\(target).\(method.name)(\(labels[0] == "_" ? "" : labels[0] + ": ")link)"
            default:
                file.note(node, why: "the selector's method takes more than the display link", todo: "call it from `CADisplayLink(window:handler:)`'s closure")
                return .skipChildren
            }
        } else {
            call = "\(target).\(method.name)(link)"
            file.note(
                selector, why: "the method \(method.name) is not declared in this file, so it is assumed to take the link",
                todo: "check the call in the display link's closure")
        }
        let replacement = "CADisplayLink { link in \(call) }"
        file.replace(
            node, with: replacement, kind: .displayLink,
            reason: "selectors need the Objective-C runtime; Lamina's CADisplayLink calls a closure for each frame of the application's window")
        isolateToMainActor(classAround: node)
        return .skipChildren
    }

    /// The selector and its method of a `CADisplayLink(target:selector:)` this pass writes.
    static func displayLinkSelector(_ node: FunctionCallExprSyntax) -> (MacroExpansionExprSyntax, (name: String, labels: [String]?))? {
        guard node.calledExpression.trimmedDescription == "CADisplayLink", node.arguments.count == 2,
            node.trailingClosure == nil, !node.isInAppleOnlyConditional
        else { return nil }
        let arguments = Array(node.arguments)
        guard arguments[0].label?.text == "target", arguments[1].label?.text == "selector",
            let selector = arguments[1].expression.as(MacroExpansionExprSyntax.self), selector.macroName.text == "selector",
            let method = selector.arguments.first.flatMap({ Self.method(in: $0.expression) })
        else { return nil }
        return (selector, method)
    }

    /// The class this pass marks `@MainActor` for a display link made at `node`: the class
    /// around it, or the one an extension around it extends where the file declares that class
    /// (a member of an extension is isolated with the class), unless a struct, enum or actor
    /// comes first.
    static func classIsolated(around node: some SyntaxProtocol) -> ClassDeclSyntax? {
        var current = node.parent
        while let ancestor = current, !ancestor.is(ClassDeclSyntax.self) {
            // An extension of a class the file declares: its members are the class's, isolated with it.
            if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) {
                let name = extensionDecl.extendedType.trimmedDescription
                return extensionDecl.root.as(SourceFileSyntax.self)?.statements.lazy.compactMap { $0.item.as(ClassDeclSyntax.self) }
                    .first { $0.name.text == name }
            }
            if ancestor.is(StructDeclSyntax.self) || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self) {
                return nil
            }
            current = ancestor.parent
        }
        return current?.as(ClassDeclSyntax.self)
    }

    /// A layer class made `@MainActor` here keeps its `init(layer:)` nonisolated (Lamina makes
    /// presentation copies with it, off the main actor too): the stored `var`s it reads from
    /// the layer it copies (`phase = other.phase`) are declared `nonisolated(unsafe)`, read
    /// there without isolation as on Apple platforms; so are those the one the command adds
    /// copies (``LayerInitializerRewriter``).
    private func unisolateCopiedProperties(of declaration: ClassDeclSyntax) {
        let (unchecked, observed) = Self.uncheckedProperties(of: declaration, in: file.context)
        for (variable, name) in observed {
            file.note(
                variable.bindingSpecifier,
                why: "init(layer:), where Lamina makes presentation copies (off the main actor too), reads '\(name)', whose observer uses the class's methods or properties, the main actor's now that the class is for its display link",
                todo: "move the observer's work to a method called on the main actor, or copy '\(name)' some other way")
        }
        for (variable, name, observer) in unchecked {
            let start = file.trimmedRange(variable.bindingSpecifier).lowerBound
            let specifier = variable.bindingSpecifier.text
            file.replace(
                start..<start, with: "nonisolated(unsafe) ", kind: .displayLink,
                reason: "the class is isolated to the main actor for its display link, and init(layer:), where Lamina makes presentation copies (off the main actor too), "
                    + (observer.map { "sets '\($0)', whose observer reads '\(name)'" } ?? "reads '\(name)' of the layer it copies"),
                shown: (file.trimmedRange(variable.bindingSpecifier), "nonisolated(unsafe) \(specifier)"))
        }
    }

    /// What ``unisolateCopiedProperties(of:)`` does in the layer class `declaration`.
    ///
    /// `unchecked`: the stored properties it declares `nonisolated(unsafe)`, with their names —
    /// the `var`s its `init(layer:)` reads from the layer it copies (its own, or the one
    /// ``LayerInitializerRewriter`` adds), and the `let`s their observers read (with the observed
    /// property's name). An observed one (`didSet { line.strokeColor = color }`), whose observers
    /// then run unchecked too, is among them only where those use no other instance member of
    /// the class. `observed`: the copied ones whose observers do, which it reports.
    private static func uncheckedProperties(
        of declaration: ClassDeclSyntax, in context: PortingContext
    ) -> (unchecked: [(VariableDeclSyntax, String, observer: String?)], observed: [(VariableDeclSyntax, String)]) {
        guard context.isLayerClass(declaration.name.text) else { return ([], []) }
        var copied = Set(LayerInitializerRewriter.propertiesCopiedByAddedLayerInitializer(in: declaration))
        for member in declaration.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.map(\.firstName.text) == ["layer"], let body = initializer.body
            else { continue }
            for token in body.tokens(viewMode: .sourceAccurate) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.isMemberName,
                    let access = reference.parent?.as(MemberAccessExprSyntax.self),
                    let base = access.base?.trimmedDescription, base != "self", base != "super"
                else { continue }
                copied.insert(token.text)
            }
        }
        guard !copied.isEmpty else { return ([], []) }
        // The class's stored instance properties, by name (one name each).
        var stored: [String: VariableDeclSyntax] = [:]
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                !variable.modifiers.contains(where: { ["static", "class", "nonisolated", "lazy"].contains($0.name.text) })
            else { continue }
            stored[name] = variable
        }
        let lets = Set(stored.filter { $0.value.bindingSpecifier.tokenKind == .keyword(.let) }.keys)
        // The class's own instance members, the main actor's but for those copied and its `let`s.
        let isolated = Set(DeclaredMember.all(in: declaration.memberBlock).filter { !$0.isStatic }.map(\.name))
            .subtracting(copied).subtracting(lets)
        var unchecked: [(VariableDeclSyntax, String, observer: String?)] = []
        var observed: [(VariableDeclSyntax, String)] = []
        var seen: Set<String> = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
                let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                stored[name]?.id == variable.id, copied.contains(name)
            else { continue }
            if let accessors = binding.accessorBlock {
                guard case .accessors(let list) = accessors.accessors,
                    list.allSatisfy({ [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) })
                else { continue }
                guard !list.contains(where: { ownMembers(of: isolated, in: Syntax($0)).isEmpty == false }) else {
                    observed.append((variable, name))
                    continue
                }
                for read in list.flatMap({ ownMembers(of: lets, in: Syntax($0)) }) where seen.insert(read).inserted {
                    if let constant = stored[read] { unchecked.append((constant, read, observer: name)) }
                }
            }
            if seen.insert(name).inserted { unchecked.append((variable, name, observer: nil)) }
        }
        return (unchecked.sorted { $0.0.position < $1.0.position }, observed)
    }

    /// The names of `members` that `node` uses as the instance's own (`line`, `self.line`; not
    /// `other.line`), in order.
    private static func ownMembers(of members: Set<String>, in node: Syntax) -> [String] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard members.contains(token.text), let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            guard reference.isMemberName, let access = reference.parent?.as(MemberAccessExprSyntax.self) else { return token.text }
            return access.base?.trimmedDescription == "self" ? token.text : nil
        }
    }

    /// In a layer class made `@MainActor` here, the overrides of `CALayer`'s nonisolated
    /// `init()` (and `required init?(coder:)`), `layoutSublayers()` (a view's `layoutSubviews()`,
    /// which the command writes as it) and `draw(in:)` (a view's `draw(_:)`) stay nonisolated,
    /// and cannot call the class's own methods, now the main actor's, make its display link or
    /// read its properties (but those made unchecked, ``uncheckedProperties(of:in:)``). The
    /// statements after their `super` call that do move to a private method, which the override calls as the main actor's
    /// (`MainActor.assumeIsolated`, through an unchecked reference: a checked `self` could not be
    /// sent there; drawing's context is handed on so too). Apple code makes such layers and lays
    /// them out on the main thread, as Lamina lays out and draws a window's layers.
    private func isolateOverrideBodies(of declaration: ClassDeclSyntax) {
        guard file.context.isLayerClass(declaration.name.text) else { return }
        let members = DeclaredMember.all(in: declaration.memberBlock)
        let declared = Set(members.map(\.name))
        // The class's own instance methods (now the main actor's), and the link's initializer.
        let methods = Set(
            members.filter { member in
                member.isFunction && !member.isStatic && !member.modifiers.contains { ["override", "nonisolated"].contains($0.name.text) }
            }.map(\.name)
        ).union(["CADisplayLink"])
        // The class's instance methods and properties (its extensions' in the file too), all the
        // main actor's.
        let extensions = declaration.sameFileExtensions
        let instanceMembers = Set(
            (members + extensions.flatMap { DeclaredMember.all(in: $0.memberBlock) }).filter { member in
                !member.isStatic && !member.modifiers.contains { ["override", "nonisolated"].contains($0.name.text) }
            }.map(\.name)
        ).union(methods)
        // What the overrides' work may not read unchecked: the class's `let` properties are the
        // main actor's too, and so are its `var`s but those a copy initializer reads.
        let isolated = instanceMembers.subtracting(Self.uncheckedProperties(of: declaration, in: file.context).unchecked.map(\.1))
        for member in declaration.memberBlock.members {
            let body: CodeBlockSyntax?
            let superName: String
            var drawing: Drawing?
            var helperName: String?
            if let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.signature.parameterClause.parameters.isEmpty,
                initializer.modifiers.contains(where: { $0.name.text == "override" })
            {
                (body, superName) = (initializer.body, "init")
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.map(\.firstName.text) == ["coder"],
                initializer.modifiers.contains(where: { $0.name.text == "required" })
            {
                // `required init?(coder:)`, which overrides CALayer's nonisolated one too.
                (body, superName, helperName) = (initializer.body, "init", "setUpDecodedOnMainActor")
            } else if let function = member.decl.as(FunctionDeclSyntax.self), ["layoutSublayers", "layoutSubviews"].contains(function.name.text),
                function.signature.parameterClause.parameters.isEmpty, function.modifiers.contains(where: { $0.name.text == "override" })
            {
                (body, superName) = (function.body, function.name.text)
            } else if let function = member.decl.as(FunctionDeclSyntax.self), ["removeFromSuperlayer", "removeFromSuperview"].contains(function.name.text),
                function.signature.parameterClause.parameters.isEmpty, function.modifiers.contains(where: { $0.name.text == "override" })
            {
                // (A view's `removeFromSuperview()` is the layer's `removeFromSuperlayer()`.)
                (body, superName, helperName) = (function.body, function.name.text, "removeOnMainActor")
            } else if let function = member.decl.as(FunctionDeclSyntax.self), let drawn = Drawing(function) {
                (body, superName, drawing) = (function.body, "draw", drawn)
            } else {
                continue
            }
            guard let statements = body?.statements else { continue }
            let items = Array(statements)
            // The statements after the `super` call (all of them without one).
            let superIndex = items.lastIndex { item in
                guard let call = item.item.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self)
                else { return false }
                return access.base?.is(SuperExprSyntax.self) == true && access.declName.baseName.text == superName
            }
            let tail = Array(items[((superIndex ?? -1) + 1)...])
            let helper = helperName ?? (drawing != nil ? "drawOnMainActor" : superName == "init" ? "setUpOnMainActor" : "layOutOnMainActor")
            guard let first = tail.first, let last = tail.last, !declared.contains(helper),
                tail.contains(where: { item in
                    item.tokens(viewMode: .sourceAccurate).contains { isolated.contains($0.text) && $0.parent?.is(DeclReferenceExprSyntax.self) == true }
                })
            else { continue }
            let indentation = file.indentation(of: first)
            let memberIndentation = file.indentation(of: member)
            let reason =
                "the class is isolated to the main actor for its display link, and this override of a nonisolated CALayer method is not: its work with the class's methods runs as the main actor's, on the main thread where Apple code makes and lays out layers"
            // From the first statement's line start: the edit then holds none of the statements
            // whole, which move to the method with the other passes' edits inside them.
            let start = file.trimmedRange(first).lowerBound
            // Drawing hands the context on unchecked, as the layer (a `CGContext` is not `Sendable`).
            let context = drawing.map { "\(indentation)nonisolated(unsafe) let mainActorContext = \($0.context)\n" } ?? ""
            let call = "mainActorLayer.\(helper)(\(drawing?.arguments ?? ""))"
            file.replace(
                file.lineStart(before: start)..<file.trimmedRange(last).upperBound,
                with: "\(indentation)nonisolated(unsafe) let mainActorLayer = self\n\(context)\(indentation)MainActor.assumeIsolated {\n\(indentation)    \(call)\n\(indentation)}",
                kind: .displayLink, reason: reason, shown: (file.trimmedRange(first), "MainActor.assumeIsolated { \(call) }"))
            // The statements as written between them (comments, blank lines), with the other
            // passes' edits.
            let moved = file.placeholder(for: start..<file.trimmedRange(last).upperBound)
            let end = file.trimmedRange(member).upperBound
            let what =
                helperName == "removeOnMainActor" ? "The work of each removal from the superlayer"
                : helperName != nil ? "The work of `init?(coder:)`"
                : drawing != nil ? "The drawing" : superName == "init" ? "The work of `init()`" : "The work of each layout"
            file.replace(
                end..<end,
                with: "\n\n\(memberIndentation)/// \(what), on the main actor.\n\(memberIndentation)private func \(helper)(\(drawing?.parameters ?? "")) {\n\(indentation)\(moved)\n\(memberIndentation)}",
                kind: .displayLink, reason: reason)
        }
    }

    /// A drawing override whose work moves to the main actor: a layer's `draw(in ctx:)`, or a
    /// view's `draw(_ rect:)` that the command writes as one (`ctx` its context, the rectangle
    /// the bounds it declares first, handed on where the body reads it).
    private struct Drawing {
        /// The context's name in the override.
        var context: String
        /// The view's rectangle's name, where the body reads it.
        var rect: String?

        init?(_ function: FunctionDeclSyntax) {
            let parameters = Array(function.signature.parameterClause.parameters)
            guard function.name.text == "draw", parameters.count == 1, let parameter = parameters.first, let body = function.body,
                function.modifiers.contains(where: { $0.name.text == "override" })
            else { return nil }
            let name = (parameter.secondName ?? parameter.firstName).text
            switch (parameter.firstName.text, parameter.type.trimmedDescription) {
            case ("in", "CGContext"):
                (context, rect) = (name, nil)
            case ("_", "CGRect"):
                let reads = NameReferences.find(name, in: [Syntax(body)])?.contains { !$0.isMemberName } ?? true
                (context, rect) = ("ctx", reads ? name : nil)
            default:
                return nil
            }
        }

        /// The helper's parameters, and the override's arguments for them.
        var parameters: String { "in \(context): CGContext" + (rect.map { ", \($0): CGRect" } ?? "") }
        var arguments: String { "in: mainActorContext" + (rect.map { ", \($0): \($0)" } ?? "") }
    }

    /// A main-actor class's `deinit` that invalidates a display link runs on the main actor
    /// (`isolated deinit`): a `deinit` is otherwise nonisolated, and Lamina's link is isolated.
    private func isolateDeinitializer(of declaration: ClassDeclSyntax) {
        for member in declaration.memberBlock.members {
            guard let deinitializer = member.decl.as(DeinitializerDeclSyntax.self),
                !deinitializer.modifiers.contains(where: { $0.name.text == "isolated" || $0.name.text == "nonisolated" }),
                deinitializer.body?.trimmedDescription.contains(".invalidate()") == true
            else { continue }
            file.replace(
                deinitializer.deinitKeyword, with: "isolated deinit", kind: .displayLink,
                reason: "Lamina's CADisplayLink is isolated to the main actor, and a deinit is not unless it says so: it invalidates the link there")
        }
    }

    /// Classes this pass has marked `@MainActor` (or found so).
    private var isolatedClasses: Set<SyntaxIdentifier> = []

    /// Marks the class a display link is made in `@MainActor`, unless it is: Lamina's display
    /// link follows a window, whose frames come on the main actor, and is isolated to it (a
    /// UIKit view, which Apple code makes its links in, is too).
    private func isolateToMainActor(classAround node: some SyntaxProtocol) {
        guard let declaration = Self.classIsolated(around: node), isolatedClasses.insert(declaration.id).inserted else { return }
        isolateDeinitializer(of: declaration)
        guard !file.context.isMainActorClass(declaration.name.text) else { return }
        unisolateCopiedProperties(of: declaration)
        isolateOverrideBodies(of: declaration)
        let start = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        let indentation = file.indentation(of: declaration)
        let lineEnd = file.lineEnd(from: start)
        let inserted = "@MainActor\n\(indentation)"
        file.replace(
            start..<start, with: inserted, kind: .displayLink,
            reason: "Lamina's CADisplayLink is isolated to the main actor, where its window's frames come, as a UIKit view that makes one is",
            shown: (start..<lineEnd, inserted + file.source(start..<lineEnd)))
    }

    /// The target-selector timer initializers, and the block forms they become.
    private static let timerForms: [String: String] = [
        "Timer.scheduledTimer": "Timer.scheduledTimer(withTimeInterval:", "Timer": "Timer(timeInterval:",
    ]

    /// A target-selector timer this pass writes: its block form, interval, `repeats`, target and
    /// selector's method call (on the target, passing `timer` where the method takes one).
    struct TimerCall {
        var form: String
        var target: String
        var interval: String
        var repeats: String
        var call: String
    }

    /// Why a target-selector timer is left for a person.
    enum TimerLeft: Error {
        case userInfo
        case arguments
    }

    /// The target-selector timer `node` makes (`Timer.scheduledTimer(timeInterval:target:
    /// selector:userInfo:repeats:)`, `Timer(…)`): its block form, or why it is left; nil when
    /// `node` is not one.
    static func timer(_ node: FunctionCallExprSyntax) -> Result<TimerCall, TimerLeft>? {
        guard let form = timerForms[node.calledExpression.trimmedDescription], node.trailingClosure == nil,
            !node.isInAppleOnlyConditional
        else { return nil }
        let arguments = Array(node.arguments)
        guard arguments.map({ $0.label?.text ?? "_" }) == ["timeInterval", "target", "selector", "userInfo", "repeats"],
            let selector = arguments[2].expression.as(MacroExpansionExprSyntax.self), selector.macroName.text == "selector",
            let method = selector.arguments.first.flatMap({ Self.method(in: $0.expression) })
        else { return nil }
        guard arguments[3].expression.trimmedDescription == "nil" else { return .failure(.userInfo) }
        let target = arguments[1].expression.trimmedDescription
        let call: String
        switch method.labels ?? parameterLabels(ofMethodNamed: method.name, near: node) ?? ["_"] {
        case let labels where labels.isEmpty: call = "\(target).\(method.name)()"
        case let labels where labels.count == 1: call = "\(target).\(method.name)(\(labels[0] == "_" ? "" : labels[0] + ": ")timer)"
        default: return .failure(.arguments)
        }
        return .success(
            TimerCall(
                form: form, target: target, interval: arguments[0].expression.trimmedDescription, repeats: arguments[4].expression.trimmedDescription,
                call: call))
    }

    /// Rewrites a target-selector timer; nil when `node` is not one.
    private func timerCall(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind? {
        guard let timer = Self.timer(node) else { return nil }
        let made: TimerCall
        switch timer {
        case .failure(.userInfo):
            file.note(node, why: "selectors need the Objective-C runtime, and the block form of Timer has no userInfo", todo: "use Timer's block form, capturing what userInfo held")
            return .skipChildren
        case .failure(.arguments):
            file.note(node, why: "the selector's method takes more than the timer", todo: "call it from Timer's block form")
            return .skipChildren
        case .success(let call):
            made = call
        }
        // A main-actor class's method is called on the main actor, where the timer fires when
        // it was scheduled on the main run loop.
        let isolated = node.enclosingTypeName.map(file.context.isMainActorAfterPorting) ?? false
        // (Timer is not Sendable: handed into the main actor, it is passed as unchecked.)
        let takesTimer = made.call.hasSuffix("timer)")
        var call = made.call
        let reason = "selectors need the Objective-C runtime; Foundation's block form of Timer calls the method"
        // The block is @Sendable; the selector's target was not checked, nor is it here: it is
        // handed over as `timerTarget` (`timerTarget2`, … for other targets), declared before
        // the first timer of the block that has it.
        if !isolated, !made.target.hasPrefix("timerTarget"), let statement = Self.statement(around: node), let block = statement.parent {
            var targets = timerTargets[block.id, default: []]
            let index = targets.firstIndex(of: made.target) ?? targets.count
            let name = index == 0 ? "timerTarget" : "timerTarget\(index + 1)"
            if index == targets.count {
                targets.append(made.target)
                timerTargets[block.id] = targets
                let start = file.trimmedRange(statement).lowerBound
                file.replace(
                    start..<start, with: "nonisolated(unsafe) let \(name) = \(made.target)\n\(statement.statementIndentation)",
                    kind: .displayLink,
                    reason: "Foundation's block form of Timer is @Sendable; the target is handed to it unchecked, as Apple's timer calls its selector",
                    shown: (
                        file.trimmedRange(node.calledExpression),
                        "nonisolated(unsafe) let \(name) = \(made.target); \(node.calledExpression.trimmedDescription)"
                    ))
            }
            call = name + call.dropFirst(made.target.count)
        }
        let body =
            !isolated ? call
            : takesTimer ? "nonisolated(unsafe) let timer = timer; MainActor.assumeIsolated { \(call) }"
            : "MainActor.assumeIsolated { \(call) }"
        file.replace(
            node, with: "\(made.form) \(made.interval), repeats: \(made.repeats)) { timer in \(body) }", kind: .displayLink, reason: reason)
        return .skipChildren
    }

    /// The targets each block's `timerTarget`, `timerTarget2`, … hold, in order.
    private var timerTargets: [SyntaxIdentifier: [String]] = [:]

    /// The statement of a code block `node` is part of, if any (not inside a closure of it).
    private static func statement(around node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
        var current = node.parent
        while let ancestor = current {
            if let item = ancestor.as(CodeBlockItemSyntax.self) { return item }
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(MemberBlockSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector", !node.isInAppleOnlyConditional, !ViewControllerClassRewriter.isRewritten(node),
            !ViewClassRewriter.isRewritten(node), !ApplicationLifecycleRewriter.isRewritten(node)
        else {
            return .visitChildren
        }
        file.note(
            node, why: "selectors need the Objective-C runtime",
            todo: "pass a closure instead (Timer.scheduledTimer(withTimeInterval:repeats:block:), a Window's frame or event callbacks)")
        return .skipChildren
    }

    /// The method a selector names, with its argument labels when the selector spells them.
    static func method(in expression: ExprSyntax) -> (name: String, labels: [String]?)? {
        let name: DeclReferenceExprSyntax
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference
        } else if let access = expression.as(MemberAccessExprSyntax.self) {
            name = access.declName
        } else {
            return nil
        }
        let labels = name.argumentNames.map { $0.arguments.map { $0.name.text } }
        return (name.baseName.text, labels)
    }

    /// The argument labels of the method named `name` in the enclosing type (or the file).
    private static func parameterLabels(ofMethodNamed name: String, near node: some SyntaxProtocol) -> [String]? {
        let root = node.root
        var scope: Syntax = root
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ClassDeclSyntax.self) || ancestor.is(ExtensionDeclSyntax.self) || ancestor.is(StructDeclSyntax.self) {
                scope = ancestor
                break
            }
            current = ancestor.parent
        }
        let finder = FunctionFinder(name: name)
        finder.walk(scope)
        if finder.found == nil, scope != root { finder.walk(root) }
        return finder.found?.signature.parameterClause.parameters.map { $0.firstName.text }
    }

    private final class FunctionFinder: SyntaxVisitor {
        let name: String
        var found: FunctionDeclSyntax?
        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if found == nil, node.name.text == name { found = node }
            return .skipChildren
        }
    }
}
