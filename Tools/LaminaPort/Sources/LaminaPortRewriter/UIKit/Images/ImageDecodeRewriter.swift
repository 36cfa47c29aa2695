import SwiftSyntax

/// Images decoded through UIKit only to become `CGImage`s (`UIImage(…)?.cgImage`, or with `!`),
/// and AppKit images given to a layer's `contents` (which macOS draws as their `CGImage`),
/// decoded with Image I/O instead:
///
/// - `UIImage(data: d)?.cgImage` → `CGImageSourceCreateWithData(d, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }`;
/// - `UIImage(contentsOfFile: p)?.cgImage` → the same from `CGImageSourceCreateWithURL(URL(fileURLWithPath: p), nil)`;
/// - `UIImage(named: n)?.cgImage` (and `named:in:compatibleWith:`, and Xcode's image literal
///   `#imageLiteral(resourceName: n).cgImage`) → the same from the bundle's file of that name
///   (`n.png` first where the name has no extension): asset catalogs and `@2x`/`@3x` variants
///   do not exist on Linux, the change's reason says so.
///
/// Lamina's ImageIO decodes PNG, GIF and JPEG; other formats give nil (with a diagnostic), as UIKit gives nil
/// for data it cannot decode. Code that decodes this way only in `#if canImport(UIKit)` and
/// `#elseif canImport(AppKit)` clauses (the AppKit one through its own `NSImage` helpers), with
/// no clause Linux compiles, gets an `#else` clause with the UIKit clause's statement decoding
/// through Image I/O — when that clause is that one statement.
final class ImageDecodeRewriter: PortingPass {
    private static let reason =
        "UIKit does not exist on Linux; the image is decoded by Image I/O (Lamina's decodes PNG, GIF and JPEG; other data gives nil, as UIKit's does for what it cannot decode)"

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard var replacement = Self.decode(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        // AppKit's `cgImage(forProposedRect:context:hints:)` is a call: the call is replaced.
        let appKitCall = node.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == node.id ? $0 : nil }
        // `guard let sheet = (…).flatMap { … } else`: the closures are the condition's.
        if node.isInStatementCondition { replacement = "(\(replacement))" }
        file.replace(
            appKitCall.map { Syntax($0) } ?? Syntax(node), with: replacement, kind: .uikitValue,
            reason: replacement.contains("url(forResource:")
                ? "UIKit and AppKit do not exist on Linux, nor asset catalogs: the image is the bundle's file of that name (no @2x or @3x variant is looked for), decoded by Image I/O"
                : Self.reason)
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isLayerContents(node), let replacement = Self.decode(node), !node.isInAppleOnlyConditional else {
            return .visitChildren
        }
        file.replace(
            node, with: replacement, kind: .uikitValue,
            reason: "AppKit does not exist on Linux; a layer's contents take the CGImage Image I/O decodes (an NSImage is taken on macOS only), nil where the image is missing as NSImage's initializer gives")
        return .skipChildren
    }

    /// Whether `call` makes an `NSImage` assigned to a layer's `contents` (`layer.contents =
    /// NSImage(named: n)`, or `contents = …` in a layer's own code), which macOS's Core Animation
    /// draws as its `CGImage`.
    static func isLayerContents(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSImage" && isLayerContentsValue(call)
    }

    /// Whether `value` is what `layer.contents = value` (or `contents = value`) gives a
    /// layer's contents.
    static func isLayerContentsValue(_ value: some SyntaxProtocol) -> Bool {
        guard let target = value.assignmentTarget else { return false }
        let name = target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
        return name == "contents"
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let statement = Self.linuxClause(for: node, in: file) else { return .visitChildren }
        let endif = file.trimmedRange(node.poundEndif)
        let lineStart = file.lineStart(before: endif.lowerBound)
        let indentation = file.source(lineStart..<endif.lowerBound)
        file.replace(
            endif.lowerBound..<endif.lowerBound, with: "#else\n\(statement)\n\(indentation)", kind: .uikitValue,
            reason: "Linux compiles none of the clauses; it decodes the image as the UIKit clause does, through Image I/O",
            shown: (endif, "#else \(statement.drop(while: { $0 == " " || $0 == "\t" })) #endif"))
        return .visitChildren
    }

    /// The statement (indented as the UIKit clause's) an `#else` clause adds to `block`, when
    /// Linux compiles none of its clauses and its UIKit clause is one statement decoding an image.
    static func linuxClause(for block: IfConfigDeclSyntax, in file: PortingSourceFile) -> String? {
        guard block.clauses.allSatisfy({ LinuxConditionalCompilation.isCompiled($0) == false }),
            let uikit = block.clauses.first(where: { $0.condition?.trimmedDescription == "canImport(UIKit)" }),
            case .statements(let items) = uikit.elements, items.count == 1, let item = items.first
        else { return nil }
        let finder = DecodeFinder(viewMode: .sourceAccurate)
        finder.walk(item)
        guard finder.decodes.count == 1, let (access, replacement) = finder.decodes.first else { return nil }
        let statement = file.trimmedRange(item)
        let decode = file.trimmedRange(access)
        let start = file.lineStart(before: statement.lowerBound)
        return file.source(start..<decode.lowerBound) + replacement + file.source(decode.upperBound..<statement.upperBound)
    }

    private final class DecodeFinder: SyntaxVisitor {
        var decodes: [(MemberAccessExprSyntax, String)] = []
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if let replacement = ImageDecodeRewriter.decode(node) { decodes.append((node, replacement)) }
            return .visitChildren
        }
    }

    /// The Image I/O expression for `UIImage(…)?.cgImage`, if it is one this pass writes.
    static func decode(_ node: MemberAccessExprSyntax) -> String? {
        if let appKit = node.parent?.as(FunctionCallExprSyntax.self), appKit.calledExpression.id == node.id {
            return appKitDecode(appKit)
        }
        // Xcode's image literal, `#imageLiteral(resourceName: n).cgImage`: the image named so.
        if node.declName.baseName.text == "cgImage", let literal = node.base?.as(MacroExpansionExprSyntax.self) {
            return literalDecode(literal)
        }
        guard node.declName.baseName.text == "cgImage", let call = image(unwrappedIn: node.base),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIImage"
        else { return nil }
        return decode(call)
    }

    /// The image made in `base` when it is `UIImage(…)?` or `UIImage(…)!`: a decode the
    /// command writes is an optional `CGImage` either way, nil where UIKit's `!` would stop
    /// the program.
    private static func image(unwrappedIn base: ExprSyntax?) -> FunctionCallExprSyntax? {
        if let chained = base?.as(OptionalChainingExprSyntax.self) { return chained.expression.as(FunctionCallExprSyntax.self) }
        return base?.as(ForceUnwrapExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
    }

    /// The Image I/O expression for AppKit's `NSImage(…)?.cgImage(forProposedRect: nil,
    /// context: nil, hints: nil)`, if `call` is one.
    static func appKitDecode(_ call: FunctionCallExprSyntax) -> String? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "cgImage",
            call.arguments.map({ $0.label?.text ?? "_" }) == ["forProposedRect", "context", "hints"],
            call.arguments.allSatisfy({ $0.expression.trimmedDescription == "nil" }),
            let image = image(unwrappedIn: access.base), image.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSImage"
        else { return nil }
        return decode(image)
    }

    /// The Image I/O expression (an optional `CGImage`) for `UIImage(data:)`,
    /// `UIImage(contentsOfFile:)` or `UIImage(named:)` (or `NSImage`'s), if `call` is one of them.
    static func decode(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, ["UIImage", "NSImage"].contains(type),
            let argument = call.arguments.first
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        // AppKit's `NSImage.Name("logo")` is the string it wraps.
        let named = imageName(in: argument.expression) ?? argument.expression
        let value = named.trimmedDescription
        let image = "flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        switch labels {
        case ["data"]: return "CGImageSourceCreateWithData(\(value), nil).\(image)"
        case ["contentsOfFile"]: return "CGImageSourceCreateWithURL(URL(fileURLWithPath: \(value)), nil).\(image)"
        case ["named"], ["named", "in", "compatibleWith"]:
            var bundle = labels.count == 3 ? call.arguments[call.arguments.index(after: call.arguments.startIndex)].expression.trimmedDescription : "Bundle.main"
            // `in: .main`: the type is no longer the parameter's, so it is written out.
            if bundle.hasPrefix(".") { bundle = "Bundle" + bundle }
            return namedDecode(named, bundle: bundle)
        default: return nil
        }
    }

    /// The Image I/O expression (an optional `CGImage`) for Xcode's image literal,
    /// `#imageLiteral(resourceName: n)`: the image named so in the main bundle.
    static func literalDecode(_ literal: MacroExpansionExprSyntax) -> String? {
        guard literal.macroName.text == "imageLiteral", literal.trailingClosure == nil, literal.arguments.count == 1,
            let argument = literal.arguments.first, argument.label?.text == "resourceName"
        else { return nil }
        return namedDecode(argument.expression, bundle: "Bundle.main")
    }

    /// The Image I/O expression (an optional `CGImage`) for UIKit's
    /// `UIImage(imageLiteralResourceName: n)`, the initializer an image literal calls.
    static func resourceDecode(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil, call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIImage",
            call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "imageLiteralResourceName"
        else { return nil }
        return namedDecode(argument.expression, bundle: "Bundle.main")
    }

    /// The Image I/O expression (an optional `CGImage`) for the image `named` names in `bundle`:
    /// a literal name with an extension names the file; otherwise a PNG of that name is looked
    /// for first, as UIKit does for bundle files.
    private static func namedDecode(_ named: ExprSyntax, bundle: String) -> String {
        let value = named.trimmedDescription
        let literal = named.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        let url = literal.map { $0.contains(".") } == true
            ? "\(bundle).url(forResource: \(value), withExtension: nil)"
            : "(\(bundle).url(forResource: \(value), withExtension: \"png\") ?? \(bundle).url(forResource: \(value), withExtension: nil))"
        return "\(url).flatMap { CGImageSourceCreateWithURL($0, nil) }.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
    }

    /// The string `NSImage.Name(s)` (or `NSImage.Name(rawValue: s)`) wraps, or nil for another
    /// expression.
    private static func imageName(in expression: ExprSyntax) -> ExprSyntax? {
        guard let made = expression.as(FunctionCallExprSyntax.self), made.calledExpression.trimmedDescription == "NSImage.Name",
            made.trailingClosure == nil, made.arguments.count == 1, let argument = made.arguments.first,
            argument.label == nil || argument.label?.text == "rawValue"
        else { return nil }
        return argument.expression
    }

    /// Whether `node` (a use of `UIImage`) is inside a decode this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        // `NSImage.Name(…)` naming the image: written with the call that makes it.
        var around = node.parent
        for _ in 0..<3 {
            guard let ancestor = around else { break }
            if let name = ancestor.as(FunctionCallExprSyntax.self), name.calledExpression.trimmedDescription == "NSImage.Name" {
                guard let argument = name.parent?.as(LabeledExprSyntax.self), let made = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                    made.arguments.first?.id == argument.id, imageName(in: argument.expression) != nil
                else { return false }
                return isRewritten(made.calledExpression)
            }
            around = ancestor.parent
        }
        if ImageVariableRewriter.rewrites(node) || ImagePropertyRewriter.rewrites(node) || ImageParameterRewriter.rewritesArgument(node)
            || ImageArrayRewriter.rewrites(node)
        {
            return true
        }
        // `UIColor(patternImage: UIImage(named: n)!)`: the pattern colour decodes the image.
        if let made = node.parent?.parent?.as(FunctionCallExprSyntax.self), let forced = made.parent?.as(ForceUnwrapExprSyntax.self),
            ImageContextRewriter.isPatternImageArgument(Syntax(forced)), UIKitValueRewriter.patternColor(ExprSyntax(forced)) != nil
        {
            return true
        }
        // The type's name (a reference, or its token) in the call that makes the image.
        if let made = node.parent?.as(FunctionCallExprSyntax.self) ?? node.parent?.parent?.as(FunctionCallExprSyntax.self),
            isLayerContents(made), decode(made) != nil
        {
            return true
        }
        var current = node.parent
        var depth = 0
        while let parent = current, depth < 4 {
            if let access = parent.as(MemberAccessExprSyntax.self), decode(access) != nil { return true }
            current = parent.parent
            depth += 1
        }
        return false
    }
}
