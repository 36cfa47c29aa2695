import Foundation

/// Turns protocol names (`snake_case`) into Swift identifiers.
enum Naming {
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self",
        "Self", "throw", "throws", "true", "try", "Type", "Protocol", "any", "some",
    ]

    /// `wl_surface` → `WlSurface`, `zwlr_virtual_pointer_v1` → `ZwlrVirtualPointerV1`.
    static func typeName(_ name: String) -> String {
        name.split(separator: "_").map { part in part.prefix(1).uppercased() + part.dropFirst() }.joined()
    }

    /// `create_surface` → `createSurface`; keywords are escaped, leading digits prefixed.
    static func memberName(_ name: String) -> String {
        let type = typeName(name)
        var member = type.prefix(1).lowercased() + type.dropFirst()
        if let first = member.first, first.isNumber { member = "_" + member }
        return keywords.contains(member) ? "`\(member)`" : member
    }

    /// A name for `enum="…"`: `button_state` within `wl_pointer`, or `wl_output.transform`.
    static func enumTypeName(_ reference: String, in interface: String) -> String {
        let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2 { return typeName(parts[0]) + "." + typeName(parts[1]) }
        return typeName(interface) + "." + typeName(reference)
    }

    /// Text that can stand in a `///` comment on one line.
    static func docLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}
