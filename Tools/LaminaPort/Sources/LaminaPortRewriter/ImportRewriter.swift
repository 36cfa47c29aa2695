import SwiftSyntax

/// `import UIKit`, `import AppKit` and `import Cocoa` → `import QuartzCore` (which brings
/// CoreGraphics, CoreImage and Foundation), or `import Lamina` in a file that uses
/// `CADisplayLink` (Lamina's windows drive it); an import that would repeat one the file has
/// is removed, and so is `import ObjectiveC`. `import QuartzCore`, `import CoreGraphics`,
/// `import CoreImage` and `import CoreText` name Lamina's own modules and stay. Imports in
/// `#if canImport(UIKit)`-style clauses are left alone (Linux never compiles them); those in
/// a clause Linux compiles (`#else` after `#if os(macOS)`) are ported like the others. UIKit and
/// AppKit types the file uses are reported: they have no Lamina counterpart of that name.
final class ImportRewriter: PortingPass {
    private var reportedTypes: Set<String> = []

    static let appleFrameworks: Set<String> = ["UIKit", "AppKit", "Cocoa"]

    /// UIKit and AppKit types Apple Core Animation code often reaches for.
    static let frameworkTypes: [String: String] = [
        "UIView": "a CALayer tree in a Lamina Window", "NSView": "a CALayer tree in a Lamina Window",
        "UIColor": "CGColor", "NSColor": "CGColor",
        "UIImage": "CGImage", "NSImage": "CGImage",
        "UIBezierPath": "CGPath / CGMutablePath", "NSBezierPath": "CGPath / CGMutablePath",
        "UIFont": "CTFont", "NSFont": "CTFont",
        "UIScreen": "the Window's scale", "NSScreen": "the Window's scale",
        "UIEdgeInsets": "your own insets", "NSEdgeInsets": "your own insets",
        "UIGraphicsImageRenderer": "a bitmap CGContext and render(in:)",
        "UIApplication": "Lamina's Application", "NSApplication": "Lamina's Application",
    ]

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        let finder = ImportFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        let imports = finder.imports.filter(\.isCompiledOnLinux)
        for decl in finder.imports where !decl.isCompiledOnLinux && !decl.isInAppleOnlyConditional {
            if let module = decl.path.first?.name.text, Self.appleFrameworks.contains(module) {
                file.note(
                    decl, why: "\(module) does not exist on Linux, and whether Linux compiles this import depends on the build's conditions",
                    todo: "import QuartzCore (or Lamina) where Linux compiles it")
            }
        }
        var imported = Set(imports.compactMap { $0.path.first?.name.text })
        let replacement = node.description.contains("CADisplayLink") ? "Lamina" : "QuartzCore"
        for decl in imports {
            guard decl.importKindSpecifier == nil, let module = decl.path.first?.name.text else { continue }
            if module == "ObjectiveC" {
                file.remove(decl, kind: .moduleImport, reason: "the Objective-C runtime does not exist on Linux")
            } else if Self.appleFrameworks.contains(module) {
                if imported.contains(replacement) || imported.contains("Lamina") {
                    file.remove(decl, kind: .moduleImport, reason: "\(module) does not exist on Linux; the file already imports Lamina's module")
                } else {
                    let path = decl.path
                    file.replace(
                        path, with: replacement, kind: .moduleImport,
                        reason: replacement == "Lamina"
                            ? "\(module) does not exist on Linux; Lamina brings windows, CADisplayLink, QuartzCore, CoreGraphics and Foundation"
                            : "\(module) does not exist on Linux; QuartzCore brings CALayer, CoreGraphics, CoreImage and Foundation")
                    imported.insert(replacement)
                }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        reportFrameworkType(node.name, node: node)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        reportFrameworkType(node.baseName, node: node)
        return .visitChildren
    }

    private final class ImportFinder: SyntaxVisitor {
        var imports: [ImportDeclSyntax] = []
        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            imports.append(node)
            return .skipChildren
        }
    }

    private func reportFrameworkType(_ name: TokenSyntax, node: some SyntaxProtocol) {
        guard let counterpart = Self.frameworkTypes[name.text], !node.isInAppleOnlyConditional,
            reportedTypes.insert(name.text).inserted
        else { return }
        file.note(
            node, why: "\(name.text) is UIKit's or AppKit's, which Linux does not have (first use in this file)",
            todo: "use \(counterpart)")
    }
}
