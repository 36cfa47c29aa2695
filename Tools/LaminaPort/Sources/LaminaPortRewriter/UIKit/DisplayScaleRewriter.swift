import SwiftSyntax

/// A layer's scale set to the screen's, which a Lamina layer follows without being told:
///
/// ```swift
/// text.contentsScale = UIScreen.main.scale                 (removed)
/// layer.rasterizationScale = UIScreen.main.scale     →     (removed)
/// contentsScale = NSScreen.main?.backingScaleFactor ?? 2   (removed)
///
/// let scale = NSScreen.main?.backingScaleFactor ?? 2       (removed)
/// for text in [title, detail] { text.contentsScale = scale }    →   for text in [title, detail] { }
/// ```
///
/// On Apple's platforms a layer that is not a view's draws at scale 1 until told the
/// screen's; in Lamina a layer whose `contentsScale` was never set takes the scale of the
/// window's output when it displays, and follows it when the window moves to another output
/// (`UIScreen.main` names one screen, which Linux does not single out). The statement is
/// removed, and so is a local holding the screen's scale that is read only as such layers'
/// scale (with those statements); a constant the files declare only for Apple's platforms, the
/// screen's scale on each (``AppleOnlyConstants``), is the screen's scale too. An emitter
/// cell's `contentsScale` is its image's scale, not
/// the screen's, so a receiver declared as a `CAEmitterCell` in the file keeps it and is left
/// for a person (and a local it reads stays).
/// `UIScreen.main.scale` used otherwise (`1 / UIScreen.main.scale` for a hairline) is
/// `CGFloat(1)`: Linux has no main screen before a window shows, and Lamina's layers draw at
/// 1 pixel a point until a window gives them its output's scale.
final class DisplayScaleRewriter: PortingPass {
    static let scaleProperties: Set<String> = ["contentsScale", "rasterizationScale"]

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        if let sequence = node.item.as(SequenceExprSyntax.self), Self.isScaleAssignment(sequence, in: file) {
            file.remove(
                node, kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; a Lamina layer whose scale is never set takes its window's output's scale, and follows it to another output")
            return .skipChildren
        }
        if let local = node.item.as(VariableDeclSyntax.self), Self.isLayerScaleLocal(local, in: file) {
            file.remove(
                node, kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; the screen's scale was only given to layers, which in Lamina take their window's output's scale")
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isOtherScreenScale(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            node, with: "CGFloat(1)", kind: .uikitValue,
            reason: "UIKit does not exist on Linux, nor a main screen before a window shows: the scale is 1, as Lamina's layers draw until a window gives them its output's")
        return .skipChildren
    }

    /// `UIScreen.main.scale` (or `nativeScale`) used otherwise than as a layer's scale or an
    /// image context's (`1 / UIScreen.main.scale`, a hairline): written as 1.
    static func isOtherScreenScale(_ node: MemberAccessExprSyntax) -> Bool {
        guard ["UIScreen.main.scale", "UIScreen.main.nativeScale"].contains(node.trimmedDescription.filter { !$0.isWhitespace })
        else { return false }
        var current = node.parent
        while let parent = current {
            if let statement = parent.as(CodeBlockItemSyntax.self) {
                // A layer's scale set to the screen's (removed, or left on an emitter cell); set
                // to a value worked out from it (`UIScreen.main.scale * 2`), the scale is 1 there.
                if let sequence = statement.item.as(SequenceExprSyntax.self), parent.parent?.is(CodeBlockItemListSyntax.self) == true,
                    ["contentsScale", "rasterizationScale"].contains(sequence.elements.first?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                        ?? sequence.elements.first?.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""),
                    sequence.elements.last.map({ isScreenScale($0.trimmedDescription) }) == true
                {
                    return false
                }
                if let call = statement.item.as(FunctionCallExprSyntax.self),
                    ImageContextRewriter.beginFunctions.contains(call.calledExpression.trimmedDescription)
                {
                    return false
                }
                return true
            }
            current = parent.parent
        }
        return true
    }

    /// Whether `node` is inside a statement this pass removes.
    static func isRewritten(_ node: some SyntaxProtocol, in file: PortingSourceFile) -> Bool {
        if let access = node.parent?.parent?.as(MemberAccessExprSyntax.self) ?? node.parent?.as(MemberAccessExprSyntax.self),
            let whole = access.parent?.as(MemberAccessExprSyntax.self) ?? Optional(access), isOtherScreenScale(whole)
        {
            return true
        }
        var current = node.parent
        while let parent = current {
            if let sequence = parent.as(SequenceExprSyntax.self), parent.parent?.is(CodeBlockItemSyntax.self) == true {
                return isScaleAssignment(sequence, in: file)
            }
            if let local = parent.as(VariableDeclSyntax.self), parent.parent?.is(CodeBlockItemSyntax.self) == true {
                return isLayerScaleLocal(local, in: file)
            }
            current = parent.parent
        }
        return false
    }

    /// `let scale = <the screen's scale>`, a local read at least once and only as the whole
    /// value of layers' scale assignments (``isScaleTarget(_:in:)``): `text.contentsScale = scale`.
    static func isLayerScaleLocal(_ local: VariableDeclSyntax, in file: PortingSourceFile) -> Bool {
        guard local.bindingSpecifier.tokenKind == .keyword(.let), local.bindings.count == 1, let binding = local.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            binding.typeAnnotation.map({ $0.type.trimmedDescription == "CGFloat" }) ?? true,
            let value = binding.initializer?.value, isScreenScale(value.trimmedDescription),
            let scope = NameReferences.scope(of: local),
            let reads = NameReferences.find(pattern.identifier.text, in: scope, except: pattern.id), !reads.isEmpty
        else { return false }
        return reads.allSatisfy { read in
            guard !read.isMemberName, let sequence = read.parent?.parent?.as(SequenceExprSyntax.self),
                sequence.parent?.is(CodeBlockItemSyntax.self) == true
            else { return false }
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == read.id
                && isScaleTarget(elements[0], in: file)
        }
    }

    /// The value of a scale assignment that is the screen's scale: written out, or a local
    /// holding it that ``isLayerScaleLocal(_:in:)`` removes.
    private static func isScreenScaleValue(_ value: [ExprSyntax], in file: PortingSourceFile) -> Bool {
        if isScreenScale(value.map(\.trimmedDescription).joined()) { return true }
        // A constant declared only for Apple's platforms, the screen's scale on each (``AppleOnlyConstants``).
        if value.count == 1, let values = AppleOnlyConstants.values(namedBy: value[0]),
            values.allSatisfy({ isScreenScale($0.trimmedDescription) })
        {
            return true
        }
        guard value.count == 1, let name = value[0].as(DeclReferenceExprSyntax.self), name.argumentNames == nil,
            let local = NameReferences.declaration(of: name.baseName.text, before: name)
        else { return false }
        return isLayerScaleLocal(local, in: file)
    }

    /// `receiver.contentsScale = <the screen's scale>` (or `rasterizationScale`, or bare
    /// inside a layer class), with a receiver that is not an emitter cell.
    static func isScaleAssignment(_ sequence: SequenceExprSyntax, in file: PortingSourceFile) -> Bool {
        // (Before operators are folded, `a = b ?? 2` is one sequence of five.)
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), isScaleTarget(elements[0], in: file) else { return false }
        return isScreenScaleValue(Array(elements.dropFirst(2)), in: file)
    }

    /// `receiver.contentsScale` (or `rasterizationScale`, or bare inside a layer class), with a
    /// receiver that is not an emitter cell.
    private static func isScaleTarget(_ target: ExprSyntax, in file: PortingSourceFile) -> Bool {
        if let bare = target.as(DeclReferenceExprSyntax.self) {
            guard scaleProperties.contains(bare.baseName.text), let type = target.enclosingTypeName else { return false }
            return file.context.isLayerClass(type)
        }
        guard let access = target.as(MemberAccessExprSyntax.self), scaleProperties.contains(access.declName.baseName.text),
            let base = access.base
        else { return false }
        if let receiver = base.as(DeclReferenceExprSyntax.self), isEmitterCell(receiver.baseName.text, in: file.tree) {
            return false
        }
        if base.is(DeclReferenceExprSyntax.self) && base.trimmedDescription == "self", let type = target.enclosingTypeName {
            return file.context.isLayerClass(type)
        }
        return true
    }

    /// `UIScreen.main.scale`, `UIScreen.main.nativeScale`, `NSScreen.main?.backingScaleFactor`
    /// (`?? fallback`, or `!`, also around the chain in parentheses:
    /// `(NSScreen.main?.backingScaleFactor)!`).
    static func isScreenScale(_ expression: String) -> Bool {
        var text = expression.filter { !$0.isWhitespace }
        if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        if let fallback = text.firstRange(of: "??") { text = String(text[..<fallback.lowerBound]) }
        if text == "(NSScreen.main?.backingScaleFactor)!" { return true }
        return ["UIScreen.main.scale", "UIScreen.main.nativeScale", "NSScreen.main?.backingScaleFactor",
                "NSScreen.main!.backingScaleFactor"].contains(text)
    }

    /// Whether the file declares `name` as a `CAEmitterCell` (annotated so, or made by its
    /// initializer).
    private static func isEmitterCell(_ name: String, in tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                let binding = pattern.parent?.as(PatternBindingSyntax.self)
            else { return false }
            let declared = (binding.typeAnnotation?.type.trimmedDescription ?? "")
                + (binding.initializer?.value.trimmedDescription ?? "")
            return declared.contains("CAEmitterCell")
        }
    }
}
