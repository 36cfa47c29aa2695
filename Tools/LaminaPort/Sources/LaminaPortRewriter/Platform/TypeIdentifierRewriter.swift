import SwiftSyntax

/// The identifier of an image type named through `UniformTypeIdentifiers`, written as the
/// `kUTType…` constant Lamina's ImageIO declares (the same string):
///
/// ```swift
/// UTType.png.identifier as CFString     →     kUTTypePNG as CFString
/// ```
///
/// For `.png`, `.jpeg`, `.gif`, `.tiff`, `.bmp`, `.ico` and `.image`; `UniformTypeIdentifiers`,
/// which Linux does not have, is imported as ImageIO instead (``ImportRewriter``). Other uses of
/// `UTType` (a type from a file name extension, conformance) are left, and the import reported.
final class TypeIdentifierRewriter: PortingPass {
    /// The `kUTType…` constant of each `UTType` member.
    static let constants: [String: String] = [
        "png": "kUTTypePNG", "jpeg": "kUTTypeJPEG", "gif": "kUTTypeGIF", "tiff": "kUTTypeTIFF", "bmp": "kUTTypeBMP",
        "ico": "kUTTypeICO", "image": "kUTTypeImage",
    ]

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let constant = Self.constant(node) else { return .visitChildren }
        file.replace(
            node, with: constant, kind: .uikitValue,
            reason: "UniformTypeIdentifiers does not exist on Linux; Lamina's ImageIO declares the type's identifier")
        return .skipChildren
    }

    /// The constant for `UTType.png.identifier` (or `UniformTypeIdentifiers.UTType.png.identifier`).
    static func constant(_ node: MemberAccessExprSyntax) -> String? {
        guard node.declName.baseName.text == "identifier", let type = node.base?.as(MemberAccessExprSyntax.self),
            let base = type.base, ["UTType", "UniformTypeIdentifiers.UTType"].contains(base.trimmedDescription)
        else { return nil }
        return constants[type.declName.baseName.text]
    }

    /// Whether `token` is `UTType` in an identifier this pass writes.
    static func isRewritten(_ token: TokenSyntax) -> Bool {
        var current = token.parent
        while let node = current, !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) {
            if let access = node.as(MemberAccessExprSyntax.self), constant(access) != nil { return true }
            current = node.parent
        }
        return false
    }
}
