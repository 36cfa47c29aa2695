import SwiftSyntax

/// A `@MainActor` class's (or one the command makes so, for a display link) conformance to `CAAnimationDelegate`, `CALayerDelegate`, `CAAction`
/// or `CALayoutManager` → `@MainActor CAAnimationDelegate`: Apple's SDK declares these
/// protocols in Objective-C, where Swift checks such conformances at run time; Lamina's are
/// Swift protocols, so in Swift 6 mode the conformance must say it is isolated to the main
/// actor (Lamina calls the delegates of the main thread's layers on the main thread).
final class DelegateConformanceRewriter: PortingPass {
    static let protocols: Set<String> = ["CAAnimationDelegate", "CALayerDelegate", "CAAction", "CALayoutManager"]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if file.context.isMainActorAfterPorting(node.name.text), let clause = node.inheritanceClause { isolate(clause) }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if file.context.isMainActorAfterPorting(node.extendedType.trimmedDescription), let clause = node.inheritanceClause {
            isolate(clause)
        }
        return .visitChildren
    }

    private func isolate(_ clause: InheritanceClauseSyntax) {
        guard !clause.isInAppleOnlyConditional else { return }
        for inherited in clause.inheritedTypes {
            guard let type = inherited.type.as(IdentifierTypeSyntax.self), Self.protocols.contains(type.name.text) else { continue }
            file.replace(
                type, with: "@MainActor \(type.trimmedDescription)", kind: .delegateConformance,
                reason: "Lamina's Core Animation protocols are Swift protocols: a main-actor class's conformance says it is isolated")
        }
    }
}
