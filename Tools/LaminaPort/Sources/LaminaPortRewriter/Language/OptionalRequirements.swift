import SwiftSyntax

/// An `@objc` protocol's `optional` requirements that give back nothing — the callbacks
/// delegate protocols carry — written as requirements with empty default implementations,
/// their calls plain calls:
///
/// ```swift
/// @objc protocol GaugeDelegate {                     protocol GaugeDelegate: AnyObject {
///     @objc optional func gaugeDidFill(_ g: Gauge)       func gaugeDidFill(_ g: Gauge)
/// }                                            →     }
///                                                    extension GaugeDelegate {
///                                                        func gaugeDidFill(_ g: Gauge) {}
///                                                    }
/// delegate?.gaugeDidFill?(self)                      delegate?.gaugeDidFill(self)
/// ```
///
/// An adopter that does not implement one gets the empty default, and the call does nothing,
/// as calling an unimplemented optional requirement through `?(` does. A protocol is written so
/// where every optional requirement is a function giving back nothing (no result, no `throws`
/// or `async`, not generic), every call of each in the ported files is such an optional call,
/// and no ported file declares a property of its name (whose `x?.name?()` would call a closure).
/// A protocol with an optional requirement that gives back a value is left for a person, with
/// the report: a call's `nil` for a missing implementation has no default to stand for it.
enum OptionalRequirements {
    /// The optional requirements of `proto` when every one is written (see above); nil when
    /// `proto` has none or one is not.
    static func writable(_ proto: ProtocolDeclSyntax) -> [FunctionDeclSyntax]? {
        var requirements: [FunctionDeclSyntax] = []
        for member in proto.memberBlock.members {
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                modifiers.contains(where: { $0.name.tokenKind == .keyword(.optional) })
            else { continue }
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.genericParameterClause == nil,
                function.signature.effectSpecifiers == nil,
                function.signature.returnClause.map({ ["Void", "()"].contains($0.type.trimmedDescription) }) ?? true
            else { return nil }
            requirements.append(function)
        }
        guard !requirements.isEmpty else { return nil }
        for requirement in requirements {
            let name = requirement.name.text
            // A property of the name: `x?.name?()` may call its closure.
            if FunctionReferences.index.variables.values.contains(where: { $0[name] != nil }) { return nil }
            let signature = CallSignature(requirement.signature.parameterClause.parameters)
            for call in FunctionReferences.index.calls[name] ?? [] where signature.isCalled(with: call.arguments.map { $0.label?.text ?? "_" }) {
                guard optionalCallMark(call) != nil else { return nil }
            }
        }
        return requirements
    }

    /// The `?` of `x?.name?(…)` (or `x.name?(…)`): the optional call of a member.
    static func optionalCallMark(_ call: FunctionCallExprSyntax) -> TokenSyntax? {
        guard let chained = call.calledExpression.as(OptionalChainingExprSyntax.self), chained.expression.is(MemberAccessExprSyntax.self)
        else { return nil }
        return chained.questionMark
    }

    /// Whether `call` is an optional call of a requirement a writable protocol of the ported
    /// files declares (its `?` then goes).
    static func callsWrittenRequirement(_ call: FunctionCallExprSyntax) -> Bool {
        guard optionalCallMark(call) != nil, let name = call.calledExpression.as(OptionalChainingExprSyntax.self)?
            .expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return (FunctionReferences.index.functions[name] ?? []).contains { callable in
            guard let function = callable.signature.parent?.as(FunctionDeclSyntax.self),
                function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.optional) }),
                CallSignature(callable.parameters).isCalled(with: labels),
                let proto = function.parent?.parent?.parent?.parent?.as(ProtocolDeclSyntax.self)
            else { return false }
            return writable(proto) != nil
        }
    }

    /// The extension giving `requirements` of `proto` empty default implementations, unindented.
    static func defaults(for requirements: [FunctionDeclSyntax], of proto: ProtocolDeclSyntax) -> [String] {
        let access = proto.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        var lines = ["extension \(proto.name.text) {"]
        for requirement in requirements {
            lines.append("    \(access)func \(requirement.name.text)\(requirement.signature.parameterClause.trimmedDescription) {}")
        }
        return lines + ["}"]
    }
}
