import SwiftSyntax

/// A function's `UIView` (or `NSView`, or a subclass: `UIControl`, `UIButton`, `UIImageView`,
/// `UILabel`) parameter that the body uses only as its layer — the
/// `addGradient(to view: UIView)` and `pulse(_ view: UIView)` helpers much Apple code carries —
/// made to take the layer:
///
/// ```swift
/// func addRipple(to view: UIView) {                 func addRipple(to view: CALayer) {
///     ring.position = view.center           →           ring.position = view.position
///     view.layer.addSublayer(ring)                      view.addSublayer(ring)
/// }                                                 }
/// ```
///
/// Every use in the body is a member the view's layer has, as a plain view's are
/// (``PlainViews``: `layer` is the layer itself, `center` its `position`, `alpha = a` its
/// `opacity`), or the view passed on for another parameter this pass writes. Every call in the
/// ported files passes a layer for it: `self` in a view or view controller written as a layer,
/// a controller's `view` (the controller itself once written: ``ViewControllerClassRewriter``),
/// or such a parameter of the function around the call. A view used or passed otherwise is left.
final class ViewParameterRewriter: ParameterTypePass<RetypedParameterEdits> {
    init(file: PortingSourceFile) {
        super.init(
            file: file, type: "CALayer", takes: "a layer", parameter: Self.parameter,
            reason: { "UIKit and AppKit do not exist on Linux, nor views; '\($0.name)' is only used as its layer, so it takes the layer (in every ported file's calls)" })
    }

    /// Views and the view subclasses (controls, buttons, image views, labels) a parameter may
    /// name, used only as their layer.
    static let viewTypes: Set<String> = [
        "UIView", "NSView", "UIControl", "NSControl", "UIButton", "NSButton", "UIImageView", "NSImageView", "UILabel",
    ]

    /// The view parameters taken to be written while one's arguments are checked.
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> RetypedParameterEdits? {
        guard viewTypes.contains(node.type.trimmedDescription), node.ellipsis == nil, node.defaultValue == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([node.id])) { () -> RetypedParameterEdits? in
            var uses: [(Syntax, String)] = []
            for reference in references where !reference.isMemberName {
                if isPassedToWrittenParameter(reference) { continue }
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(reference).id,
                    let written = PlainViews.memberEdits(access, of: ExprSyntax(reference), holders: plainViewLocal(addedBy: access).map { [$0] } ?? [])
                else { return nil }
                uses += written
            }
            var arguments: [(ExprSyntax, String)] = []
            for argument in passed {
                guard let layer = layerPassed(argument) else { return nil }
                arguments.append((argument, layer))
            }
            return RetypedParameterEdits(name: name, uses: uses, arguments: arguments)
        }
    }

    /// The local that `access` (`view.addSubview`) adds, when it holds a plain view the
    /// function makes that ``PlainViewLocalsRewriter`` writes as a layer
    /// (`let box = UIView(frame: r)`, then `view.addSubview(box)`).
    private static func plainViewLocal(addedBy access: MemberAccessExprSyntax) -> String? {
        guard access.declName.baseName.text == "addSubview", let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(access).id, call.arguments.count == 1,
            let added = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self), added.argumentNames == nil,
            let declaration = NameReferences.declaration(of: added.baseName.text, before: call),
            let made = declaration.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self),
            PlainViewLocalsRewriter.isRewritten(made.calledExpression)
        else { return nil }
        return added.baseName.text
    }

    /// What `argument`, passed for a view parameter this pass writes, is written as: the layer
    /// it is once ported, or nil for a value the command does not know to be one.
    private static func layerPassed(_ argument: ExprSyntax) -> String? {
        let text = argument.trimmedDescription
        if text == "self", let declaration = argument.enclosingClass(throughClosures: true), isWrittenAsLayer(declaration) { return "self" }
        if ["view", "self.view"].contains(text), let declaration = argument.enclosingClass(throughClosures: true),
            ViewControllerClassRewriter.isLayerClass(declaration)
        {
            if let reference = argument.as(DeclReferenceExprSyntax.self), ViewMembers.isLocal("view", at: reference) { return nil }
            return "self"
        }
        guard let reference = argument.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case .declared(let parameter)? = NameReferences.parameter(named: reference.baseName.text, around: reference)
        else { return nil }
        return isWritten(parameter) ? text : nil
    }

    /// Whether `declaration` is a view or view controller the command writes as a layer.
    private static func isWrittenAsLayer(_ declaration: ClassDeclSyntax) -> Bool {
        ViewClassRewriter.layerSuperclass(declaration) != nil || ViewControllerClassRewriter.isLayerClass(declaration)
    }

    /// Whether this pass writes `parameter` (or takes it to be written while checking it).
    static func isWritten(_ parameter: FunctionParameterSyntax) -> Bool {
        assumedWritten.contains(parameter.id) || self.parameter(parameter) != nil
    }

    /// Whether `reference` is passed (as the whole argument) for a view parameter this pass
    /// writes, of a function declared in the ported files.
    static func isPassedToWrittenParameter(_ reference: DeclReferenceExprSyntax) -> Bool {
        FunctionReferences.isPassed(reference, toParameter: parameter(receiving:), writtenBy: isWritten)
    }

    /// Whether `value` (a controller's `view` or `self.view`) is passed, as the whole argument,
    /// for a view parameter this pass writes.
    static func isPassedToWrittenParameter(_ value: ExprSyntax) -> Bool {
        guard let argument = value.parent?.as(LabeledExprSyntax.self), argument.expression.id == value.id,
            let parameter = parameter(receiving: argument)
        else { return false }
        return isWritten(parameter)
    }

    /// Whether `node` (`UIView` or `NSView`) is the type of a parameter this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        guard let parameter = node.ancestorOrSelf(mapping: { $0.as(FunctionParameterSyntax.self) }),
            parameter.type.position <= node.position, node.endPosition <= parameter.type.endPosition
        else { return false }
        return isWritten(parameter)
    }

    /// The view parameter of a function declared in the ported files that `argument` is passed for.
    private static func parameter(receiving argument: LabeledExprSyntax) -> FunctionParameterSyntax? {
        FunctionReferences.parameter(receiving: argument) { viewTypes.contains($0.type.trimmedDescription) }
    }
}
