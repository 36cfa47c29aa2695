import SwiftSyntax

/// A `UIColor` (or `NSColor`) extension of convenience initializers that make a colour from
/// components — the hex-colour helper much Apple code carries — written as the same
/// initializers on `CGColor`, which is a Swift class in Lamina:
///
/// ```swift
/// extension UIColor {                                   extension CGColor {
///     convenience init(hex: Int, alpha: CGFloat = 1) {      convenience init(hex: Int, alpha: CGFloat = 1) {
///         self.init(red: …, green: …, blue: …,        →         self.init(red: …, green: …, blue: …,
///                   alpha: alpha)                                         alpha: alpha)
///     }                                                     }
/// }                                                     }
/// ```
///
/// Each initializer's body is declarations followed by one `self.init(red:green:blue:alpha:)`
/// or `self.init(white:alpha:)` (written `self.init(gray:alpha:)`, Core Graphics' name); an
/// extension with any other member is left for a person. Calls of these initializers in any
/// ported file (`UIColor(hex: 0x3366FF).cgColor`) become `CGColor(hex: 0x3366FF)` where
/// ``UIKitValueRewriter`` writes colours (``PortingContext/colorInitializers``).
final class ColorExtensionRewriter: PortingPass {
    /// The label of each parameter of an initializer the command writes (`_` for none), and
    /// whether it has a default value (a call may leave it out).
    struct Initializer: Sendable, Equatable {
        var parameters: [(label: String, hasDefault: Bool)]

        static func == (a: Self, b: Self) -> Bool {
            a.parameters.map(\.label) == b.parameters.map(\.label) && a.parameters.map(\.hasDefault) == b.parameters.map(\.hasDefault)
        }

        /// Whether a call with `labels` calls this initializer: its labels in order, defaulted
        /// ones left out or not.
        func isCalled(with labels: [String]) -> Bool {
            var remaining = labels[...]
            for parameter in parameters {
                if remaining.first == parameter.label {
                    remaining = remaining.dropFirst()
                } else if !parameter.hasDefault {
                    return false
                }
            }
            return remaining.isEmpty
        }
    }

    static let colorTypes: Set<String> = ["UIColor", "NSColor"]

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let initializers = Self.initializers(node) else { return .skipChildren }
        let reason = "UIKit and AppKit do not exist on Linux; the extension's initializers make a colour from components, and Lamina's CGColor (a Swift class) takes them as they are"
        file.replace(node.extendedType, with: "CGColor", kind: .uikitValue, reason: reason)
        for initializer in initializers {
            // `self.init(white: w, alpha: a)` is `CGColor(gray:alpha:)`.
            guard let delegation = Self.delegation(initializer), let first = delegation.arguments.first,
                let label = first.label, label.text == "white"
            else { continue }
            file.replace(label, with: "gray", kind: .uikitValue, reason: "Core Graphics names UIKit's white level gray")
        }
        return .skipChildren
    }

    /// The initializers of a colour extension this pass writes, or nil when it is not one.
    static func initializers(_ node: ExtensionDeclSyntax) -> [InitializerDeclSyntax]? {
        guard let type = node.extendedType.as(IdentifierTypeSyntax.self), colorTypes.contains(type.name.text),
            type.genericArgumentClause == nil, node.genericWhereClause == nil, node.inheritanceClause == nil,
            !node.isInAppleOnlyConditional, !node.memberBlock.members.isEmpty
        else { return nil }
        var found: [InitializerDeclSyntax] = []
        for member in node.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.optionalMark == nil,
                initializer.signature.effectSpecifiers == nil, initializer.genericParameterClause == nil,
                initializer.modifiers.contains(where: { $0.name.text == "convenience" }), delegation(initializer) != nil
            else { return nil }
            found.append(initializer)
        }
        return found
    }

    /// What a call of `initializer` must say.
    static func signature(_ initializer: InitializerDeclSyntax) -> Initializer {
        Initializer(
            parameters: initializer.signature.parameterClause.parameters.map {
                ($0.firstName.text, $0.defaultValue != nil)
            })
    }

    /// The initializer's closing `self.init(red:green:blue:alpha:)` or `self.init(white:alpha:)`,
    /// when every statement before it declares a name.
    static func delegation(_ initializer: InitializerDeclSyntax) -> FunctionCallExprSyntax? {
        guard let statements = initializer.body?.statements, let last = statements.last,
            statements.dropLast().allSatisfy({ $0.item.is(VariableDeclSyntax.self) }),
            let call = last.item.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "init",
            callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return labels == ["red", "green", "blue", "alpha"] || labels == ["white", "alpha"] ? call : nil
    }

    /// Whether `node` (a use of `UIColor`) is the type of an extension this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        guard let extensionDecl = node.parent?.as(ExtensionDeclSyntax.self), extensionDecl.extendedType.id == Syntax(node).id else {
            return false
        }
        return initializers(extensionDecl) != nil
    }
}
