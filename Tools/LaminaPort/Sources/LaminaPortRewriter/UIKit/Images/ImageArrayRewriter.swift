import SwiftSyntax

/// An array of UIKit images kept only to hand on their `CGImage`s — an emitter's particle
/// images, most often — made an array of the `CGImage?`s Image I/O decodes
/// (``ImageDecodeRewriter`` writes each decode):
///
/// ```swift
/// let images = [UIImage(named: "box")!,              let images: [CGImage?] = [<decode>,
///               #imageLiteral(resourceName: "star")]                           <decode>]
/// cell.contents = images[i].cgImage             →    cell.contents = images[i]
/// cell.contents = images.randomElement()?.cgImage    cell.contents = (images.randomElement() ?? nil)
/// for image in images {                              for image in images {
///     cell.contents = image.cgImage                      cell.contents = image
/// }                                                  }
/// ```
///
/// The array is a local or a type's stored property (``StoredPropertyReferences``) declared
/// `[UIImage]` (or `[NSImage]`) or not typed, made by an array literal of images that are not
/// optional: `UIImage(named: n)!` (or `named:in:compatibleWith:`, `data:`, `contentsOfFile:`),
/// `UIImage(imageLiteralResourceName: n)` and Xcode's `#imageLiteral(resourceName: n)`. Each
/// is the bundle's file of that name decoded, nil where it is missing (where UIKit's `!` would
/// stop the program); asset catalogs and `@2x` variants do not exist on Linux. Every read must
/// hand on an element's `cgImage` — `array[i].cgImage`, `array.randomElement()?.cgImage` (or
/// `first`, `last`, with `!` or `?`), a `for` loop whose variable is read only for its `cgImage`,
/// `array.map { $0.cgImage }` (or `map(\.cgImage)`, `compactMap`) — or read its `count`,
/// `isEmpty` or `indices`. An array given another value, or read otherwise, is left for a person.
final class ImageArrayRewriter: PortingPass {
    private static let reason =
        "UIKit and AppKit do not exist on Linux; the array only hands on its images' CGImages, so it holds the CGImages Image I/O decodes from the bundle's files (no asset catalog or @2x variant; nil for a missing file, where UIKit's '!' stops the program)"

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let array = Self.array(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        switch array.type {
        case .written(let type): file.replace(type, with: "[CGImage?]", kind: .uikitValue, reason: Self.reason)
        case .added(let pattern):
            let range = file.trimmedRange(pattern)
            file.insert(": [CGImage?]", at: range.upperBound, after: range, kind: .uikitValue, reason: Self.reason)
        }
        for (element, decode) in array.elements { file.replace(element, with: decode, kind: .uikitValue, reason: Self.reason) }
        for edit in array.uses {
            switch edit {
            case .replace(let node, let text): file.replace(node, with: text, kind: .uikitValue, reason: Self.reason)
            case .dropCGImage(let access):
                // `x.cgImage` → `x`: the text after the base goes, edits inside the base stay.
                guard let base = access.base else { continue }
                file.replace(
                    file.trimmedRange(base).upperBound..<file.trimmedRange(access).upperBound, with: "", kind: .uikitValue,
                    reason: Self.reason, shown: (file.trimmedRange(access), base.trimmedDescription))
            }
        }
        return .skipChildren
    }

    enum ArrayType {
        /// `[UIImage]` written, which becomes `[CGImage?]`.
        case written(TypeSyntax)
        /// No type written: `[CGImage?]` is added after the name, which spares the compiler
        /// inferring it from the decodes.
        case added(PatternSyntax)
    }

    enum Use {
        case replace(ExprSyntax, String)
        /// `x.cgImage`, whose `.cgImage` goes.
        case dropCGImage(MemberAccessExprSyntax)
    }

    struct ImageArray {
        var type: ArrayType
        var elements: [(ExprSyntax, String)]
        var uses: [Use]
    }

    /// Whether `node` (a use of `UIImage`) is in the declaration of an array this pass writes.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<12 {
            guard let ancestor = current else { return false }
            if let declaration = ancestor.as(VariableDeclSyntax.self) { return array(declaration) != nil }
            current = ancestor.parent
        }
        return false
    }

    /// The image array `node` declares, when it is one this pass writes.
    static func array(_ node: VariableDeclSyntax) -> ImageArray? {
        guard node.bindings.count == 1, let binding = node.bindings.first, binding.accessorBlock == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let literal = binding.initializer?.value.as(ArrayExprSyntax.self), !literal.elements.isEmpty
        else { return nil }
        let type: ArrayType
        if let annotation = binding.typeAnnotation?.type {
            guard let element = annotation.as(ArrayTypeSyntax.self)?.element, ImagePropertyRewriter.imageTypes.contains(element.trimmedDescription)
            else { return nil }
            type = .written(annotation)
        } else {
            type = .added(PatternSyntax(pattern))
        }
        var elements: [(ExprSyntax, String)] = []
        for element in literal.elements {
            guard let decode = decode(element.expression) else { return nil }
            elements.append((element.expression, decode))
        }
        guard let (reads, values) = StoredPropertyReferences.readsAndValues(of: node, named: pattern.identifier.text), values.isEmpty
        else { return nil }
        var uses: [Use] = []
        for read in reads {
            guard let written = use(of: read) else { return nil }
            uses += written
        }
        return ImageArray(type: type, elements: elements, uses: uses)
    }

    /// The decode (an optional `CGImage`) of an image in the array's literal that is not
    /// optional, or nil for another value.
    private static func decode(_ value: ExprSyntax) -> String? {
        if let literal = value.as(MacroExpansionExprSyntax.self) { return ImageDecodeRewriter.literalDecode(literal) }
        if let call = value.as(FunctionCallExprSyntax.self) { return ImageDecodeRewriter.resourceDecode(call) }
        guard let call = value.as(ForceUnwrapExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self) else { return nil }
        return ImageDecodeRewriter.decode(call)
    }

    /// The edits a read of the array (`read`: `images`, `self.images`) takes, or nil for a
    /// read this pass does not write.
    private static func use(of read: ExprSyntax) -> [Use]? {
        // `for image in images { … image.cgImage … }`.
        if let loop = read.parent?.as(ForStmtSyntax.self), loop.sequence.id == read.id {
            guard loop.whereClause == nil, let variable = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let references = NameReferences.find(variable, in: [Syntax(loop.body)])
            else { return nil }
            var uses: [Use] = []
            for reference in references where !reference.isMemberName {
                guard let access = cgImageAccess(on: ExprSyntax(reference)) else { return nil }
                uses.append(.dropCGImage(access))
            }
            return uses
        }
        // `images[i].cgImage`.
        if let subscripted = read.parent?.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == read.id {
            return cgImageAccess(on: ExprSyntax(subscripted)).map { [.dropCGImage($0)] }
        }
        guard let member = read.parent?.as(MemberAccessExprSyntax.self), member.base?.id == read.id else { return nil }
        switch member.declName.baseName.text {
        case "count", "isEmpty", "indices", "startIndex", "endIndex":
            return []
        case "first", "last":
            return elementCGImage(ExprSyntax(member))
        case "randomElement":
            guard let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                call.arguments.isEmpty, call.trailingClosure == nil
            else { return nil }
            return elementCGImage(ExprSyntax(call))
        case "map", "compactMap":
            guard let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                takesCGImage(call)
            else { return nil }
            let compact = member.declName.baseName.text == "compactMap"
            return [.replace(ExprSyntax(call), read.trimmedDescription + (compact ? ".compactMap { $0 }" : ""))]
        default:
            return nil
        }
    }

    /// `element?.cgImage` (or `!`) on an optional element (`images.first`,
    /// `images.randomElement()`): `(element ?? nil)` for `?`, the `.cgImage` dropped for `!`.
    private static func elementCGImage(_ element: ExprSyntax) -> [Use]? {
        if let forced = element.parent?.as(ForceUnwrapExprSyntax.self) {
            return cgImageAccess(on: ExprSyntax(forced)).map { [.dropCGImage($0)] }
        }
        guard let chained = element.parent?.as(OptionalChainingExprSyntax.self),
            let access = chained.parent?.as(MemberAccessExprSyntax.self), access.base?.id == chained.id,
            access.declName.baseName.text == "cgImage"
        else { return nil }
        return [.replace(ExprSyntax(access), "(\(element.trimmedDescription) ?? nil)")]
    }

    /// `base.cgImage`, when `base` is read only for it.
    private static func cgImageAccess(on base: ExprSyntax) -> MemberAccessExprSyntax? {
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id,
            access.declName.baseName.text == "cgImage",
            access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(access).id
        else { return nil }
        return access
    }

    /// Whether `call` (`map`, `compactMap`) takes each element's `cgImage`:
    /// `{ $0.cgImage }`, `{ image in image.cgImage }` or `(\.cgImage)`.
    private static func takesCGImage(_ call: FunctionCallExprSyntax) -> Bool {
        if call.trailingClosure == nil, call.arguments.count == 1, let path = call.arguments.first?.expression.as(KeyPathExprSyntax.self) {
            return path.root == nil && path.components.trimmedDescription == ".cgImage"
        }
        guard call.arguments.isEmpty, let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty,
            closure.statements.count == 1
        else { return false }
        var parameter = "$0"
        if let signature = closure.signature {
            guard let names = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self), names.count == 1,
                let name = names.first?.name.text
            else { return false }
            parameter = name
        }
        return closure.statements.first?.item.trimmedDescription == "\(parameter).cgImage"
    }
}
