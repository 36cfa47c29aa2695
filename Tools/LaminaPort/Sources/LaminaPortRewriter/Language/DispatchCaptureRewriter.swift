import SwiftSyntax

/// `self` captured by a closure handed to a dispatch queue — `DispatchQueue.global().async {
/// self.build() }`, `DispatchQueue.main.asyncAfter(deadline: …) { self.add(…) }` — or to a
/// timer (`Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }`) in a class
/// that is not `Sendable` (a layer, an animation, a class the ported files declare), read
/// through an unchecked reference:
///
/// ```swift
/// DispatchQueue.global().async {                 nonisolated(unsafe) let uncheckedSelf = self
///     self.setUpAnimationGroup()          →      DispatchQueue.global().async {
///     DispatchQueue.main.async {                     uncheckedSelf.setUpAnimationGroup()
///         self.add(self.group, forKey: "p")          DispatchQueue.main.async {
///     }                                                  uncheckedSelf.add(uncheckedSelf.group, forKey: "p")
/// }                                                  }
///                                                }
/// ```
///
/// A dispatch queue's closures and a timer's block are `@Sendable`, and Swift 6's language mode refuses one that
/// captures a value that is not (`capture of 'self' with non-Sendable type in a '@Sendable'
/// closure`), as it does on Apple platforms; Swift 5's mode, which the code was written in,
/// lets it, and the unchecked reference keeps that meaning: the closure runs where the queue
/// runs it, with the same object. A closure capturing `[weak self]` reads a weak one
/// (`nonisolated(unsafe) weak let weakSelf = self`, the capture list gone), which lets the
/// object go as the weak capture did. Left: a closure with another capture list, a weak one
/// whose body names the class's members without `self` (after `guard let self`), one in a
/// class isolated to the main actor (whose instances may be sent), and queues held in
/// variables. A local or parameter such a closure captures whose class is not `Sendable` — a
/// layer made before the call (`let redLayer = CALayer()`) — is read through an unchecked
/// reference alike (`nonisolated(unsafe) let uncheckedRedLayer = redLayer`), in any code. In a
/// view written as a layer (``ViewClassRewriter``), the view's `layer` is the layer itself, so
/// its uses in such a closure are the unchecked reference too.
final class DispatchCaptureRewriter: PortingPass {
    private static let reason =
        "a dispatch queue's closures are @Sendable, and Swift 6's language mode refuses one capturing a class instance that is not Sendable (as on Apple platforms); an unchecked reference keeps Swift 5's meaning"

    /// The name of the unchecked reference.
    static let name = "uncheckedSelf"

    /// The blocks (statement lists) an unchecked reference is declared in, where, and its name.
    private var declared: [(block: SyntaxIdentifier, offset: Int, name: String)] = []

    /// The statement lists around `statement`, innermost first, up to its function.
    private static func blocks(around statement: CodeBlockItemSyntax) -> [SyntaxIdentifier] {
        var result: [SyntaxIdentifier] = []
        var current = statement.parent
        while let ancestor = current, !ancestor.is(MemberBlockItemSyntax.self) {
            if ancestor.is(CodeBlockItemListSyntax.self) { result.append(ancestor.id) }
            current = ancestor.parent
        }
        return result
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !node.isInAppleOnlyConditional, let function = Self.dispatchedFunctionValue(node), let statement = Self.statement(around: node) {
            let name = function.baseName.text
            let unchecked = Self.uncheckedName(for: name)
            if !Self.declares(unchecked, in: statement) {
                let reason =
                    "a dispatch queue's closures are @Sendable, and Swift 6's language mode refuses a function value that is not (as on Apple platforms); the queue calls it through an unchecked reference, as Swift 5's mode did"
                declareUnchecked(unchecked, as: name, before: statement, call: node, inOuterBlocks: false, reason: reason)
                file.replace(function, with: "{ \(unchecked)() }", kind: .dispatchCapture, reason: reason)
            }
            return .visitChildren
        }
        guard !node.isInAppleOnlyConditional, let closure = Self.dispatchedClosure(node), let statement = Self.statement(around: node) else {
            return .visitChildren
        }
        let capturedLocals = captureLocals(in: closure, of: node, statement: statement)
        // The class whose method the call is in, with no closure between (a closure's `self` is then the method's).
        guard let declaration = node.enclosingClass(throughClosures: false),
            file.context.isNonSendableClass(declaration.name.text) || file.context.isLayerClass(declaration.name.text),
            !file.context.isMainActorAfterPorting(declaration.name.text),
            !declaration.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" })
        else { return capturedLocals ? .skipChildren : .visitChildren }
        // `[weak self]`: a weak unchecked reference; no capture list: a strong one; another: left.
        let weak: Bool
        if let capture = closure.signature?.capture {
            guard capture.items.count == 1, let item = capture.items.first, item.specifier?.specifier.text == "weak",
                item.name.tokenKind == .keyword(.self), item.initializer == nil
            else { return .skipChildren }
            weak = true
        } else {
            weak = false
        }
        let name = weak ? Self.weakName : Self.name
        // `self` in the closure: uses, and `guard let self` bindings of a weak one.
        let uses = closure.tokens(viewMode: .sourceAccurate).filter { token in
            guard token.tokenKind == .keyword(.self), token.parent?.parent?.is(ClosureCaptureSyntax.self) != true else { return false }
            if weak, token.parent?.is(IdentifierPatternSyntax.self) == true { return true }
            return token.parent?.is(DeclReferenceExprSyntax.self) == true
                && !(token.parent?.parent?.as(MemberAccessExprSyntax.self).map { $0.declName.id == token.parent?.id } ?? false)
        }
        // In a view written as a layer, its `layer` is the layer itself: `self` too (the view
        // pass writes it so outside the closure).
        let layerUses = ViewClassRewriter.layerSuperclass(declaration).map { Self.viewLayerUses(in: closure, layerClass: $0) } ?? []
        let inLayerUses = { (token: TokenSyntax) in
            layerUses.contains { token.position >= $0.node.position && token.endPosition <= $0.node.endPosition }
        }
        let selfUses = uses.filter { !inLayerUses($0) }
        // A nested closure with a capture list binds its own `self`: leave the whole call. So
        // does a weak capture whose body names the class's members without `self` (after
        // `guard let self`), which would capture the method's `self` once written.
        let captures = closure.tokens(viewMode: .sourceAccurate).filter { $0.parent?.is(ClosureCaptureClauseSyntax.self) == true }
        guard !selfUses.isEmpty || !layerUses.isEmpty, captures.count == (weak ? 2 : 0), !Self.declares(name, in: statement),
            !weak || !Self.namesMembersAlone(of: declaration, in: closure, layer: file.context.isLayerClass(declaration.name.text))
        else { return .skipChildren }
        declareUnchecked(name, as: "self", weak: weak, before: statement, call: node, inOuterBlocks: true, reason: Self.reason)
        if weak, let signature = closure.signature, let capture = signature.capture {
            // `{ [weak self] in` → `{`; `{ [weak self] value in` → `{ value in`.
            let end = signature.parameterClause.map { file.trimmedRange($0).lowerBound } ?? file.trimmedRange(signature).upperBound
            let from = signature.parameterClause == nil ? file.trimmedRange(closure.leftBrace).upperBound : file.trimmedRange(capture).lowerBound
            file.replace(
                from..<end, with: "", kind: .dispatchCapture, reason: Self.reason,
                shown: (file.trimmedRange(capture), "(the closure reads \(name))"))
        }
        for use in selfUses {
            file.replace(use, with: name, kind: .dispatchCapture, reason: Self.reason)
        }
        for (use, written) in layerUses {
            file.replace(use, with: written.split(separator: "self", omittingEmptySubsequences: false).joined(separator: name), kind: .dispatchCapture, reason: Self.reason)
        }
        return .skipChildren
    }

    /// The uses of a view's own `layer` in `closure` (`layer`, `self.layer`, AppKit's `layer?`
    /// and `layer!`, a cast to `layerClass`), not a local's or another value's: what the view
    /// pass writes for each, in terms of `self` (``ViewMembers/member(_:named:layerClass:)``),
    /// which this pass writes in terms of the unchecked reference.
    private static func viewLayerUses(in closure: ClosureExprSyntax, layerClass: String) -> [(node: Syntax, written: String)] {
        closure.statements.tokens(viewMode: .sourceAccurate).flatMap { token -> [(node: Syntax, written: String)] in
            guard token.text == "layer", let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return [] }
            var use = ExprSyntax(reference)
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return [] }
                use = ExprSyntax(access)
            } else if ViewMembers.isLocal("layer", at: reference) {
                return []
            }
            return (ViewMembers.member(use, named: "layer", layerClass: layerClass) ?? []).map { (node: $0.0, written: $0.1) }
        }
    }

    /// The name of the weak unchecked reference.
    static let weakName = "weakSelf"

    /// The locals and parameters of a class `closure` captures whose class is not `Sendable`
    /// (a layer or an animation made before the call: `let redLayer = CALayer()`, a parameter
    /// `layer: CAShapeLayer`, a layer an optional binding looks up, `guard let itemLayer =
    /// itemLayers[key]` of `[String: CALayer]`), read through unchecked references declared before the call's
    /// statement (`nonisolated(unsafe) let uncheckedRedLayer = redLayer`): the closure reads
    /// the same object, as it did in Swift 5's mode. A `var`, which the closure would read as it
    /// is when it runs, is left. Returns whether it wrote any.
    private func captureLocals(in closure: ClosureExprSyntax, of call: FunctionCallExprSyntax, statement: CodeBlockItemSyntax) -> Bool {
        // A capture list binds its own names.
        guard closure.signature?.capture == nil else { return false }
        var captured: [String: [DeclReferenceExprSyntax]] = [:]
        var order: [String] = []
        var bindings: [String: CapturedBinding?] = [:]
        func isInside(_ node: some SyntaxProtocol) -> Bool { closure.position <= node.position && node.endPosition <= closure.endPosition }
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                !reference.isMemberName, reference.argumentNames == nil
            else { continue }
            // Declared in the closure (a local, a parameter of it or of a closure in it): its own.
            if let inner = NameReferences.declaration(of: name, before: reference), isInside(inner) { continue }
            if case .closure? = NameReferences.parameter(named: name, around: reference) { continue }
            if let binding = NameReferences.optionalBinding(named: name, around: reference), isInside(binding) { continue }
            if bindings[name] == nil {
                let binding = capturedClass(named: name, at: call)
                bindings[name] = binding
                switch binding {
                case .constant?:
                    order.append(name)
                case .variable?:
                    file.note(
                        reference,
                        why: "a dispatch queue's closures are @Sendable, and Swift 6's language mode refuses one capturing `\(name)`, a variable of a class that is not Sendable (as on Apple platforms)",
                        todo: "capture a constant (`let captured = \(name)` before the call) if the closure may read the object the variable holds then")
                case nil:
                    break
                }
            }
            if bindings[name] == .constant { captured[name, default: []].append(reference) }
        }
        var wrote = false
        for name in order {
            let unchecked = Self.uncheckedName(for: name)
            guard !Self.declares(unchecked, in: statement) else { continue }
            declareUnchecked(unchecked, as: name, before: statement, call: call, inOuterBlocks: false, reason: Self.reason)
            for use in captured[name] ?? [] { file.replace(use, with: unchecked, kind: .dispatchCapture, reason: Self.reason) }
            wrote = true
        }
        return wrote
    }

    /// How a name is bound that holds an instance of a class that is not `Sendable`.
    private enum CapturedBinding {
        /// A `let` local or a parameter.
        case constant
        /// A `var` local, which the closure reads as it is when it runs.
        case variable
    }

    /// How `name`, seen at `call`, is bound when it is a local or a parameter of a class that
    /// is not `Sendable` (a layer or animation class, or a class the ported files declare);
    /// nil for another name.
    private func capturedClass(named name: String, at call: FunctionCallExprSyntax) -> CapturedBinding? {
        var type: String?
        var binding = CapturedBinding.constant
        if let local = NameReferences.declaration(of: name, before: call) {
            guard local.bindings.count == 1 else { return nil }
            if local.bindingSpecifier.tokenKind != .keyword(.let) { binding = .variable }
            type = DeclaredType.type(of: local)
        } else if let bound = NameReferences.optionalBinding(named: name, around: call) {
            // `guard let itemLayer = itemLayers[key]`: a constant, unless bound with `var`.
            if bound.bindingSpecifier.tokenKind != .keyword(.let) { binding = .variable }
            type = DeclaredType.boundType(of: name, around: call)
        } else if case .declared(let parameter)? = NameReferences.parameter(named: name, around: call) {
            type = DeclaredType.name(of: parameter.type)
        }
        guard let type else { return nil }
        let nonSendable = file.context.isLayerClass(type) || file.context.isAnimationClass(type) || file.context.isNonSendableClass(type)
            || type == "CAEmitterCell"
        return nonSendable ? binding : nil
    }

    /// Whether `closure` names an instance member of `declaration` (or, in a layer class, a
    /// layer's) on its own, as code after `guard let self` may.
    private static func namesMembersAlone(of declaration: ClassDeclSyntax, in closure: ClosureExprSyntax, layer: Bool) -> Bool {
        let members = Set(DeclaredMember.all(in: declaration.memberBlock).filter { !$0.isStatic }.map(\.name))
            .union(layer ? ViewMembers.layerPropertyNames : [])
        return closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind, members.contains(name),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName
            else { return false }
            return !ViewMembers.isLocal(name, at: reference)
        }
    }

    /// The closure `node` hands a dispatch queue (`DispatchQueue.main.async { … }`,
    /// `DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: t, execute: { … })`).
    static func dispatchedClosure(_ node: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        let called = node.calledExpression.trimmedDescription
        let label: String
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), ["async", "asyncAfter"].contains(access.declName.baseName.text),
            access.base?.trimmedDescription.hasPrefix("DispatchQueue.") == true
        {
            label = "execute"
        } else if ["Timer.scheduledTimer", "Timer", "Timer.init"].contains(called),
            node.arguments.contains(where: { $0.label?.text == "repeats" })
        {
            // A timer's block (`Timer.scheduledTimer(withTimeInterval:repeats:block:)`), `@Sendable` too.
            label = "block"
        } else {
            return nil
        }
        if let trailing = node.trailingClosure { return trailing }
        return node.arguments.first { $0.label?.text == label }?.expression.as(ClosureExprSyntax.self)
    }

    /// The function value `node` hands a dispatch queue to call
    /// (`DispatchQueue.main.asyncAfter(deadline: t, execute: completion)`): a parameter of a
    /// function type that is not `@Sendable`, a local declared of one, or a name an optional
    /// binding gives such a parameter (`if let completion`, `if let done = completion`); nil for
    /// another argument.
    static func dispatchedFunctionValue(_ node: FunctionCallExprSyntax) -> DeclReferenceExprSyntax? {
        guard let access = node.calledExpression.as(MemberAccessExprSyntax.self), ["async", "asyncAfter"].contains(access.declName.baseName.text),
            access.base?.trimmedDescription.hasPrefix("DispatchQueue.") == true, node.trailingClosure == nil,
            let argument = node.arguments.first(where: { $0.label?.text == "execute" }),
            let reference = argument.expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil
        else { return nil }
        func isFunctionType(_ type: TypeSyntax?) -> Bool {
            guard let text = type?.trimmedDescription else { return false }
            return text.contains("->") && !text.contains("@Sendable")
        }
        func isFunctionParameter(_ name: String) -> Bool {
            guard case .declared(let parameter)? = NameReferences.parameter(named: name, around: node) else { return false }
            return isFunctionType(parameter.type)
        }
        let name = reference.baseName.text
        if let local = NameReferences.declaration(of: name, before: node) {
            return local.bindings.count == 1 && isFunctionType(local.bindings.first?.typeAnnotation?.type) ? reference : nil
        }
        if let binding = NameReferences.optionalBinding(named: name, around: node) {
            guard binding.typeAnnotation == nil else { return nil }
            let source = binding.initializer.map { $0.value.as(DeclReferenceExprSyntax.self)?.baseName.text } ?? name
            return source.map(isFunctionParameter) == true ? reference : nil
        }
        return isFunctionParameter(name) ? reference : nil
    }

    /// The name of the unchecked reference to the local or parameter `name` (`uncheckedRedLayer`).
    private static func uncheckedName(for name: String) -> String {
        "unchecked" + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Declares `nonisolated(unsafe) let name = value` (`weak let`) before `statement`, the
    /// statement of `call` — unless a statement before it in its block declared it already, or,
    /// with `inOuterBlocks` (for `self`, which no block declares again), one in a block around
    /// it: a later call reads the reference declared for an earlier one.
    private func declareUnchecked(
        _ name: String, as value: String, weak: Bool = false, before statement: CodeBlockItemSyntax, call: FunctionCallExprSyntax,
        inOuterBlocks: Bool, reason: String
    ) {
        let start = file.trimmedRange(statement).lowerBound
        let blocks = inOuterBlocks ? Self.blocks(around: statement) : statement.parent.map { [$0.id] } ?? []
        let declaredBefore = blocks.contains { block in
            declared.contains { $0.block == block && $0.offset < start && $0.name == name }
        }
        guard !declaredBefore, let block = statement.parent?.id else { return }
        declared.append((block, start, name))
        file.insert(
            "nonisolated(unsafe) \(weak ? "weak " : "")let \(name) = \(value)\n" + statement.statementIndentation, at: start,
            after: file.trimmedRange(call.calledExpression), kind: .dispatchCapture, reason: reason)
    }

    /// The statement of a code block `node` is in.
    private static func statement(around node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
        var current = node.parent
        while let ancestor = current {
            if let item = ancestor.as(CodeBlockItemSyntax.self) { return item }
            if ancestor.is(MemberBlockItemSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// Whether the code block around `statement` already declares `name`.
    private static func declares(_ name: String, in statement: CodeBlockItemSyntax) -> Bool {
        statement.parent?.tokens(viewMode: .sourceAccurate).contains { $0.text == name } ?? false
    }
}
