import SwiftSyntax

/// AppKit's image drawn by focusing it — made with a size, focused, drawn into through
/// AppKit's current context, unfocused — written as the bitmap `CGContext` it draws into, as
/// ``ImageContextRewriter`` writes UIKit's image context:
///
/// ```swift
/// let image = NSImage(size: size)        →    let imageSize = size
///                                              let imageContext = CGContext(…sRGB, BGRA…)
/// image.lockFocus()                            (removed)
/// NSColor.red.setFill()                        imageContext?.setFillColor(…)
/// NSBezierPath(ovalIn: r).fill()               … (``UIKitDrawingRewriter``)
/// image.unlockFocus()                          let image = imageContext?.makeImage()
/// layer.contents = image                       layer.contents = image
/// ```
///
/// A focused image's context is not flipped: y points up from its bottom-left corner, as a
/// bitmap `CGContext`'s does, so nothing is turned. It is made at 1 pixel a point, where AppKit
/// takes the backing scale of the screen (Linux has none before a window shows). While the
/// image is focused, `NSGraphicsContext.current?.cgContext` (`!.cgContext`) is the context,
/// `NSGraphicsContext.current?.imageInterpolation` its `interpolationQuality`, and AppKit's
/// drawing (colours set, paths and rectangles filled, gradients, saved and restored graphics
/// states) is written against it by the drawing passes.
///
/// The image becomes a `CGImage?` once unfocused. It may then be given to a layer's contents
/// (AppKit's layers take an `NSImage`, Lamina's the `CGImage`), used through its
/// `cgImage(forProposedRect: nil, context: nil, hints: nil)` or
/// `layerContents(forContentsScale:)` (the image), its `size` (the size it was made with), or
/// returned: a function returning `NSImage` returns `CGImage?`, its calls in the file given
/// to a layer as they are.
///
/// Left for a person: an image made otherwise (from a file, with representations) or focused in
/// another block than the one making it, focused twice in a block, used while focused, or used
/// otherwise afterwards, and another use of AppKit's current context while it is focused.
final class ImageFocusRewriter: PortingPass {
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard Self.focusCall(node)?.locks == true, !node.isInAppleOnlyConditional else { return .visitChildren }
        guard let plan = Self.plan(node) else {
            file.note(
                node,
                why: "AppKit does not exist on Linux, and this image is not made with NSImage(size:), focused, drawn and unfocused in one block, and then given to a layer or returned, as the command can write",
                todo: "make a bitmap CGContext (y up, as a focused image's), draw into it and take its makeImage()")
            return .visitChildren
        }
        let reason =
            "AppKit does not exist on Linux; a focused image draws into a bitmap CGContext in sRGB, y up as AppKit's is, at 1 pixel a point where AppKit takes the screen's backing scale (Linux has none before a window shows)"
        file.replace(plan.declaration, with: plan.setUp(indentation: file.indentation(of: plan.declaration), in: file), kind: .uikitValue, reason: reason)
        file.remove(node, kind: .uikitValue, reason: "the bitmap CGContext is drawn into directly; nothing is made current")
        file.replace(plan.unlock, with: "let \(plan.name) = imageContext?.makeImage()", kind: .uikitValue, reason: reason)
        ImageContextRewriter.apply(plan.edits, in: file, reason: reason)
        return .visitChildren
    }

    struct Plan {
        var name: String
        var size: String
        /// The size as the image was made with it.
        var sizeExpression: ExprSyntax
        /// `let image = NSImage(size: …)`.
        var declaration: CodeBlockItemSyntax
        /// `image.unlockFocus()`.
        var unlock: CodeBlockItemSyntax
        var edits: [ImageContextRewriter.Edit]

        /// The statements that make the context, in place of the image's declaration; with
        /// `file`, the size keeps the edits made inside it.
        func setUp(indentation: String, in file: PortingSourceFile? = nil) -> String {
            var context = ImageContextRewriter.Plan(size: size, scale: "1", scaleReason: nil, opaque: "false", edits: [], flipped: false)
            context.sources.size = sizeExpression
            return context.setUp(indentation: indentation, in: file)
        }

        /// Whether `node` is in a statement or an expression the plan rewrites.
        func covers(_ node: some SyntaxProtocol) -> Bool {
            ([Syntax(declaration), Syntax(unlock)] + edits.map(\.node)).contains {
                $0.position <= node.position && node.endPosition <= $0.endPosition
            }
        }
    }

    /// The image `item` focuses (`image.lockFocus()`, `locks`) or unfocuses
    /// (`image.unlockFocus()`), when it is a name.
    static func focusCall(_ item: CodeBlockItemSyntax) -> (name: String, locks: Bool)? {
        guard let call = item.item.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["lockFocus", "unlockFocus"].contains(access.declName.baseName.text),
            let image = access.base?.as(DeclReferenceExprSyntax.self), image.argumentNames == nil
        else { return nil }
        return (image.baseName.text, access.declName.baseName.text == "lockFocus")
    }

    /// Whether `node` is in a declaration, a use or a return type this pass rewrites.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let list = ancestor.as(CodeBlockItemListSyntax.self),
                list.contains(where: { focusCall($0)?.locks == true && plan($0)?.covers(node) == true })
            {
                return true
            }
            current = ancestor.parent
        }
        return false
    }

    /// What replaces the image focused by `lock`, or nil when it is not one this pass writes.
    static func plan(_ lock: CodeBlockItemSyntax) -> Plan? {
        guard let (name, locks) = focusCall(lock), locks, let list = lock.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        let items = Array(list)
        guard let lockIndex = items.firstIndex(where: { $0.id == lock.id }),
            // Made in the same block, with only its size: `let image = NSImage(size: s)`.
            let declarationIndex = items[..<lockIndex].lastIndex(where: { declaredImage($0)?.name == name }),
            let declared = declaredImage(items[declarationIndex]),
            // Unfocused once, after; focused once.
            let unlockIndex = items[(lockIndex + 1)...].firstIndex(where: { focusCall($0).map { $0 == (name, false) } ?? false }),
            items.filter({ focusCall($0) != nil }).count == 2,
            // The names the context's statements declare must be free in the block.
            !list.tokens(viewMode: .sourceAccurate).contains(where: { ["imageContext", "imageSize", "imageScale"].contains($0.text) }),
            // No UIKit image context begun in the block either.
            !items.contains(where: {
                ($0.item.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)).map {
                    ImageContextRewriter.beginFunctions.contains($0.baseName.text)
                } ?? false
            })
        else { return nil }
        let declaration = items[declarationIndex], unlock = items[unlockIndex]
        let pattern = declaration.item.as(VariableDeclSyntax.self)?.bindings.first?.pattern
        var plan = Plan(name: name, size: declared.size, sizeExpression: declared.sizeExpression, declaration: declaration, unlock: unlock, edits: [])
        var returned = false
        // The image is not read between its making and its unfocusing (but for the focusing),
        // except where a block inside unfocuses it early (`guard … else { image.unlockFocus();
        // return image }`) and then returns it.
        let between = items[(declarationIndex + 1)..<unlockIndex].filter { $0.id != lock.id }.map(Syntax.init)
        guard let inside = NameReferences.find(name, in: between, except: pattern?.id) else { return nil }
        for reference in inside where !reference.isMemberName {
            if let statement = reference.parent?.parent?.parent?.as(CodeBlockItemSyntax.self), focusCall(statement).map({ $0 == (name, false) }) == true {
                plan.edits.append(ImageContextRewriter.Edit(node: Syntax(statement), replacement: "let \(name) = imageContext?.makeImage()"))
                continue
            }
            guard let statement = reference.parent?.as(ReturnStmtSyntax.self)?.parent?.as(CodeBlockItemSyntax.self),
                let block = statement.parent?.as(CodeBlockItemListSyntax.self),
                block.contains(where: { $0.position < statement.position && focusCall($0).map { $0 == (name, false) } == true })
            else { return nil }
            returned = true
        }
        // AppKit's current context, while the image is focused.
        for item in items[(lockIndex + 1)..<unlockIndex] {
            for token in item.tokens(viewMode: .sourceAccurate) where token.text == "NSGraphicsContext" {
                guard let edit = currentContextEdit(token) else {
                    // Saved and restored graphics states are the drawing pass's.
                    if let statement = token.parent?.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
                        DrawingContext.isCall(statement, to: "NSGraphicsContext.saveGraphicsState")
                            || DrawingContext.isCall(statement, to: "NSGraphicsContext.restoreGraphicsState")
                    {
                        continue
                    }
                    return nil
                }
                plan.edits.append(edit)
            }
        }
        // The image's uses once unfocused.
        let after = items[(unlockIndex + 1)...].map(Syntax.init)
        guard let uses = NameReferences.find(name, in: after, except: pattern?.id) else { return nil }
        for reference in uses where !reference.isMemberName {
            if reference.parent?.is(ReturnStmtSyntax.self) == true {
                returned = true
                continue
            }
            guard let edits = use(ExprSyntax(reference), size: "imageSize") else { return nil }
            plan.edits += edits
        }
        if returned {
            guard let edits = ImageContextRewriter.returnTypeEdits(from: Syntax(lock), isImage: { $0 == name }, optionalResult: true) else {
                return nil
            }
            plan.edits += edits
        }
        return plan
    }

    /// The name and size of the image `item` declares: `let image = NSImage(size: s)` (with
    /// the type `NSImage` written or not, `var` or `let`).
    private static func declaredImage(_ item: CodeBlockItemSyntax) -> (name: String, size: String, sizeExpression: ExprSyntax)? {
        guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            let binding = declaration.bindings.first, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            binding.typeAnnotation == nil || binding.typeAnnotation?.type.trimmedDescription == "NSImage",
            let made = binding.initializer?.value.as(FunctionCallExprSyntax.self), made.calledExpression.trimmedDescription == "NSImage",
            made.trailingClosure == nil, made.arguments.count == 1, let size = made.arguments.first, size.label?.text == "size"
        else { return nil }
        return (pattern.identifier.text, size.expression.trimmedDescription, size.expression)
    }

    /// The edit for a use of AppKit's current context (`token`, `NSGraphicsContext`) while the
    /// image is focused: its `CGContext`, or its image interpolation set; nil for another use.
    private static func currentContextEdit(_ token: TokenSyntax) -> ImageContextRewriter.Edit? {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
            let access = DrawingContext.appKitCurrentAccess(startingAt: reference), let (member, forced) = DrawingContext.appKitCurrentMember(access)
        else { return nil }
        switch member {
        case "cgContext":
            // `current?.cgContext.draw(…)` goes on through the optional chain.
            let chained = access.parent?.as(MemberAccessExprSyntax.self)?.base?.id == ExprSyntax(access).id
            return ImageContextRewriter.Edit(node: Syntax(access), replacement: forced ? "imageContext!" : chained ? "imageContext?" : "imageContext")
        case "imageInterpolation":
            // Set, AppKit's interpolation is Core Graphics' of the same name.
            guard let sequence = access.parent?.parent?.as(SequenceExprSyntax.self), let (target, _) = sequence.elements.simpleAssignment,
                target.id == ExprSyntax(access).id
            else { return nil }
            return ImageContextRewriter.Edit(node: Syntax(access), replacement: forced ? "imageContext!.interpolationQuality" : "imageContext?.interpolationQuality")
        default:
            return nil
        }
    }

    /// The edits for a use of an AppKit image made a `CGImage?` (`image`: its name, or a member
    /// access naming it), other than a return: none where it is given to a layer's contents or
    /// made AppKit's pattern colour (`NSColor(patternImage: image)`); its
    /// `cgImage(forProposedRect: nil, context: nil, hints: nil)` or
    /// `layerContents(forContentsScale:)` is the image; its `size` is `size` where the size it
    /// was made with is known, or the image's pixels at scale 1 (zero without an image).
    /// Nil for another use.
    static func use(_ image: ExprSyntax, size: String?) -> [ImageContextRewriter.Edit]? {
        if ImageDecodeRewriter.isLayerContentsValue(image) { return [] }
        // `NSColor(patternImage: image)`: the pattern colour takes the `CGImage?`.
        if image.is(DeclReferenceExprSyntax.self), let argument = image.parent?.as(LabeledExprSyntax.self), argument.label?.text == "patternImage",
            argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "NSColor"
        {
            return []
        }
        guard let access = image.parent?.as(MemberAccessExprSyntax.self), access.base?.id == image.id else { return nil }
        let name = image.trimmedDescription
        switch access.declName.baseName.text {
        case "size":
            guard !(access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(access).id) else { return nil }
            return [ImageContextRewriter.Edit(node: Syntax(access), replacement: size ?? "(\(name).map { CGSize(width: $0.width, height: $0.height) } ?? .zero)")]
        case "cgImage", "layerContents":
            guard let (call, proposed) = ImageVariableRewriter.appKitImageCall(access), proposed?.is(NilLiteralExprSyntax.self) ?? true else {
                return nil
            }
            return [ImageContextRewriter.Edit(node: Syntax(call), replacement: name)]
        default:
            return nil
        }
    }
}
