import SwiftSyntax

/// Shared mutable state that Swift 5 code declares in a type — a `static var`, or a `static let`
/// holding an instance of a class the ported files declare, or of a layer, animation, path or
/// attributed string (``libraryClasses``) — marked `nonisolated(unsafe)`:
///
/// ```swift
/// static var fadeDuration: CFTimeInterval = 0.25      →   nonisolated(unsafe) static var fadeDuration: CFTimeInterval = 0.25
/// static let shared = LayerAnimator()                 →   nonisolated(unsafe) static let shared = LayerAnimator()
/// ```
///
/// Swift 6's language mode refuses such state unmarked (`static property 'shared' is not
/// concurrency-safe because it is nonisolated global shared mutable state`), as it does on Apple
/// platforms; Swift 5's mode, which the code was written in, reads and writes it without a
/// check, and the mark keeps that meaning in both modes. Left as they are: state isolated to an
/// actor (in a `@MainActor` type, a class the command makes one, an actor, or marked with an
/// attribute), already `nonisolated`, computed, or a `let` of a value the command cannot tell is
/// a class instance (a `let` of a `Sendable` value needs no mark, and Swift warns about one
/// marked). Variables at file scope are left too: in `main.swift` they are the main actor's,
/// and elsewhere Swift 6 reports them where they are declared.
final class SharedStateRewriter: PortingPass {
    private static let reason =
        "Swift 6's language mode refuses shared mutable state that no actor isolates (as on Apple platforms); nonisolated(unsafe) keeps Swift 5's meaning: it is read and written unchecked, as the code did"

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // (A property's getter may declare a type of its own: `class var shared: Player { struct
        // Singleton { static let instance = Player() } … }`.)
        guard !node.isInAppleOnlyConditional, isShared(node), needsMark(node) else { return .visitChildren }
        // Before `static` (Swift takes modifiers in any order), else before `var` or `let`.
        let staticModifier = node.modifiers.first { $0.name.tokenKind == .keyword(.static) }
        let anchor = staticModifier.map { file.trimmedRange($0) } ?? file.trimmedRange(node.bindingSpecifier)
        file.replace(
            anchor.lowerBound..<anchor.lowerBound, with: "nonisolated(unsafe) ", kind: .sharedState, reason: Self.reason,
            shown: (anchor, "nonisolated(unsafe) " + file.source(anchor)))
        return .skipChildren
    }

    /// Whether `node` is a static stored property of a type no actor isolates.
    private func isShared(_ node: VariableDeclSyntax) -> Bool {
        guard node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
            node.parent?.is(MemberBlockItemSyntax.self) == true
        else { return false }
        // Each type around it: none isolated to an actor.
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ActorDeclSyntax.self) || ancestor.is(ProtocolDeclSyntax.self) { return false }
            if let group = ancestor.asProtocol(DeclGroupSyntax.self) {
                if group.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Actor") == true }) {
                    return false
                }
                if let declaration = ancestor.as(ClassDeclSyntax.self), file.context.isMainActorAfterPorting(declaration.name.text) {
                    return false
                }
                if let extended = ancestor.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription,
                    file.context.isMainActorAfterPorting(extended)
                {
                    return false
                }
            }
            current = ancestor.parent
        }
        return true
    }

    /// Whether `node`'s state needs the mark: a stored `var`, or a `let` of an instance of a
    /// class the files declare without saying it is `Sendable`.
    private func needsMark(_ node: VariableDeclSyntax) -> Bool {
        guard node.attributes.isEmpty,
            !node.modifiers.contains(where: { [.keyword(.nonisolated), .keyword(.lazy)].contains($0.name.tokenKind) })
        else { return false }
        let stored = node.bindings.allSatisfy { binding in
            guard let accessors = binding.accessorBlock?.accessors else { return true }
            guard case .accessors(let list) = accessors else { return false }
            return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
        guard stored else { return false }
        if node.bindingSpecifier.tokenKind == .keyword(.var) { return true }
        return node.bindings.allSatisfy { binding in
            if let type = binding.typeAnnotation?.type.trimmedDescription {
                return isNonSendableClass(type)
            }
            guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return false }
            var called = call.calledExpression.trimmedDescription
            if called.hasSuffix(".init") { called.removeLast(5) }
            return isNonSendableClass(called)
        }
    }

    /// Whether `name` is a class the files declare without saying it is `Sendable`, or one of
    /// Lamina's and Foundation's classes that are not (``libraryClasses``).
    private func isNonSendableClass(_ name: String) -> Bool {
        file.context.isNonSendableClass(name) || Self.libraryClasses.contains(name)
    }

    /// Lamina's and Linux Foundation's classes that are not `Sendable`, as Apple's are not:
    /// layers, animations, emitter cells, paths, attributed strings, shadows and filters.
    /// (Colours, images, fonts, gradients, timing functions and paragraph styles are.)
    static let libraryClasses: Set<String> = PortingContext.layerClasses.union(PortingContext.animationClasses).union([
        "CAEmitterCell", "CGPath", "CGMutablePath", "NSAttributedString", "NSMutableAttributedString", "NSShadow", "CIFilter",
    ])
}
