import SwiftSyntax

/// A static function of an extension of one of Core Animation's classes that makes an instance
/// of `Self` (`self.init()`, `Self()`), written to make the class itself:
///
/// ```swift
/// extension CAShapeLayer {                                 extension CAShapeLayer {
///     static func ring(radius: CGFloat) -> Self {              static func ring(radius: CGFloat) -> CAShapeLayer {
///         let layer = self.init()                    →             let layer = CAShapeLayer()
///         …                                                        …
/// shape = CAShapeLayer.ring(radius: 20)                    shape = CAShapeLayer.ring(radius: 20)
/// ```
///
/// Swift makes a `Self` from a metatype only through a `required` initializer. Apple's classes
/// come from Objective-C, where every initializer may be called so; Lamina's `CALayer.init()` is
/// not `required`, as it cannot be without making every subclass that declares an initializer
/// of its own declare `init()` too. Called on the class itself, the function makes the class,
/// so it is written only where every use of its name in the ported files calls it on that class
/// (`CAShapeLayer.ring(…)`); one called on a subclass, or naming `self` or `Self` otherwise, is
/// left, and the compiler reports it.
final class LayerFactoryRewriter: PortingPass {
    private static let reason =
        "Swift makes a Self from a metatype only through a required initializer, and Lamina's CALayer.init() is not required (Apple's Objective-C initializers may all be called so); every call makes the class itself"

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let (type, returned, made) = Self.factory(node) else { return .visitChildren }
        file.replace(returned, with: type, kind: .layerInitializer, reason: Self.reason)
        for call in made {
            file.replace(call.calledExpression, with: type, kind: .layerInitializer, reason: Self.reason)
        }
        return .skipChildren
    }

    /// The class `node` makes, its `Self` return type, and the calls making it (`self.init(…)`,
    /// `Self(…)`, `Self.init(…)`); nil for another function, or where it may be called on
    /// another class (``LayerFactoryRewriter``).
    static func factory(_ node: FunctionDeclSyntax) -> (String, TypeSyntax, [FunctionCallExprSyntax])? {
        guard node.modifiers.isTypeMember, let returned = node.signature.returnClause?.type, returned.trimmedDescription == "Self",
            let body = node.body, let extensionDecl = node.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self),
            node.parent?.is(MemberBlockItemSyntax.self) == true
        else { return nil }
        let type = extensionDecl.extendedType.trimmedDescription
        guard PortingContext.layerClasses.union(PortingContext.animationClasses).contains(type) else { return nil }
        var made: [FunctionCallExprSyntax] = []
        for token in body.tokens(viewMode: .sourceAccurate) where [.keyword(.self), .keyword(.Self)].contains(token.tokenKind) {
            guard let call = makingCall(token) else { return nil }
            made.append(call)
        }
        guard !made.isEmpty, isCalledOnlyOn(type, name: node.name.text, declaration: node) else { return nil }
        return (type, returned, made)
    }

    /// The call making an instance that `token` (`self` or `Self`) begins: `self.init(…)`,
    /// `Self.init(…)` or `Self(…)`.
    private static func makingCall(_ token: TokenSyntax) -> FunctionCallExprSyntax? {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
            // `Self(…)`: a type expression.
            guard token.tokenKind == .keyword(.Self), let typeExpression = token.parent?.parent?.as(TypeExprSyntax.self),
                let call = typeExpression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(typeExpression).id
            else { return nil }
            return call
        }
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(reference).id,
            access.declName.baseName.tokenKind == .keyword(.`init`), let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(access).id
        {
            return call
        }
        if token.tokenKind == .keyword(.Self), let call = reference.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(reference).id
        {
            return call
        }
        return nil
    }

    /// Whether every use of `name` in the ported files that may be the function is a member of
    /// `type` itself (`CAShapeLayer.ring(…)`): members of that name on another type
    /// (`NSBezierPath.ring(…)`, not a subclass of `type`) or on a value are another's, and
    /// declarations of the name are not uses.
    private static func isCalledOnlyOn(_ type: String, name: String, declaration: FunctionDeclSyntax) -> Bool {
        for tokens in FunctionReferences.index.tokens.values {
            for token in tokens[name] ?? [] where token.id != declaration.name.id {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // Alone, a value of that name (`dot.lineWidth`, a local); called (`ring(…)`), it
                // may be the function on `Self`.
                guard reference.isMemberName else {
                    if let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(reference).id {
                        return false
                    }
                    continue
                }
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self)
                else { return false }
                // On `Self`, which may be a subclass: the class is not what it makes.
                if base.baseName.tokenKind == .keyword(.Self) { return false }
                let baseName = base.baseName.text
                guard baseName.first?.isUppercase == true else { continue }
                if baseName == type { continue }
                if PortingContext.descends(baseName, from: [type], superclasses: PortingContext.currentSuperclasses) { return false }
            }
        }
        return true
    }
}
