import SwiftSyntax

/// The SwiftUI part of a UIKit or AppKit file — its previews (`#Preview { … }`, a
/// `PreviewProvider`), the types that wrap its views for SwiftUI (`UIViewRepresentable`,
/// `NSViewRepresentable`, a SwiftUI `View`) and its `import SwiftUI` — put in
/// `#if canImport(SwiftUI)` … `#endif`:
///
/// ```swift
/// import AppKit                                   import QuartzCore
/// import SwiftUI                                  #if canImport(SwiftUI)
///                                                 import SwiftUI
/// class AudioSpectrum: NSView { … }         →     #endif
///                                                 class AudioSpectrum: CALayer { … }
/// struct AudioSpectrumView: NSViewRepresentable { #if canImport(SwiftUI)
///     …                                           struct AudioSpectrumView: NSViewRepresentable { … }
/// }                                               #Preview { … }
/// #Preview { … }                                  #endif
/// ```
///
/// SwiftUI does not exist on Linux; on Apple's platforms the clause is compiled as before.
/// Only top-level declarations are put in the clause (and those of a top-level `#if` clause
/// Linux may compile, `#if DEBUG` around a preview), each run of them in one. Left (the
/// import reported as before): a file whose other code names a type the clause would hold or
/// one of SwiftUI's common names (`UIHostingController`, `View`, `Binding`, `Text`, …), and a
/// type the clause would hold that another ported file names.
enum SwiftUIGuards {
    /// SwiftUI's protocols a type conforms to for SwiftUI alone.
    static let protocols: Set<String> = [
        "View", "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable", "NSViewControllerRepresentable",
        "PreviewProvider",
    ]

    /// SwiftUI's names code using SwiftUI outside such a type most often spells.
    static let names: Set<String> = protocols.union([
        "UIHostingController", "NSHostingView", "NSHostingController", "UIHostingConfiguration", "Binding", "State", "StateObject",
        "ObservedObject", "EnvironmentObject", "Environment", "ViewBuilder", "Text", "VStack", "HStack", "ZStack", "GeometryReader",
        "Preview",
    ])

    /// The top-level items of `file` that only SwiftUI's platforms compile: none unless the
    /// file declares at least one SwiftUI type or preview there and nothing else needs them
    /// (``SwiftUIGuards``). `referencingFiles`: the ported files naming each name.
    static func items(in file: SourceFileSyntax, referencingFiles: [String: Set<SyntaxIdentifier>]) -> [CodeBlockItemSyntax] {
        var guarded: [CodeBlockItemSyntax] = []
        var declared: Set<String> = []
        // The top-level items, and those of a top-level `#if` clause Linux may compile
        // (`#if DEBUG`, around a preview).
        var candidates: [CodeBlockItemSyntax] = []
        for item in file.statements {
            guard let block = item.item.as(IfConfigDeclSyntax.self) else {
                candidates.append(item)
                continue
            }
            for clause in block.clauses where LinuxConditionalCompilation.isCompiled(clause) != false {
                if case .statements(let statements)? = clause.elements { candidates += statements }
            }
        }
        for item in candidates {
            if let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text, module == "SwiftUI" {
                guarded.append(item)
            } else if isPreview(item) {
                guarded.append(item)
            } else if let name = swiftUIType(item) {
                guarded.append(item)
                if let name { declared.insert(name) }
            }
        }
        guard guarded.contains(where: { !$0.item.is(ImportDeclSyntax.self) }) else { return [] }
        // The rest of the file names none of them, nor SwiftUI.
        let ranges = guarded.map { $0.position..<$0.endPosition }
        for token in file.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, declared.contains(name) || names.contains(name) else { continue }
            if !ranges.contains(where: { $0.contains(token.position) }) { return [] }
        }
        // No other ported file names a type the clause would hold.
        for name in declared where !(referencingFiles[name] ?? []).subtracting([file.id]).isEmpty { return [] }
        return guarded
    }

    /// Whether `item` is a preview macro (`#Preview { … }`, `#Preview("Name") { … }`).
    private static func isPreview(_ item: CodeBlockItemSyntax) -> Bool {
        if let declaration = item.item.as(MacroExpansionDeclSyntax.self) { return declaration.macroName.text == "Preview" }
        return item.item.as(MacroExpansionExprSyntax.self)?.macroName.text == "Preview"
    }

    /// For a type or extension conforming to one of SwiftUI's ``protocols``: `.some` of the
    /// type's name (nil for an extension); nil for any other item.
    private static func swiftUIType(_ item: CodeBlockItemSyntax) -> String?? {
        let declaration = item.item
        let clause =
            declaration.as(StructDeclSyntax.self)?.inheritanceClause ?? declaration.as(ClassDeclSyntax.self)?.inheritanceClause
            ?? declaration.as(EnumDeclSyntax.self)?.inheritanceClause ?? declaration.as(ExtensionDeclSyntax.self)?.inheritanceClause
        guard let clause,
            clause.inheritedTypes.contains(where: { inherited in
                // `View`, `SwiftUI.View`.
                protocols.contains(String(inherited.type.trimmedDescription.split(separator: ".").last ?? ""))
            })
        else { return nil }
        let name =
            declaration.as(StructDeclSyntax.self)?.name.text ?? declaration.as(ClassDeclSyntax.self)?.name.text
            ?? declaration.as(EnumDeclSyntax.self)?.name.text
        return .some(name)
    }
}

/// Puts the items ``SwiftUIGuards`` finds in `#if canImport(SwiftUI)` clauses, each run of
/// them in a list (the file's, or a top-level `#if` clause's) in one.
final class SwiftUIGuardRewriter: PortingPass {
    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        LinuxConditionalCompilation.swiftUIOnly.isEmpty ? .skipChildren : .visitChildren
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        let guarded = LinuxConditionalCompilation.swiftUIOnly
        let items = Array(node)
        var index = 0
        while index < items.count {
            guard guarded.contains(items[index].id) else {
                index += 1
                continue
            }
            var last = index
            while last + 1 < items.count, guarded.contains(items[last + 1].id) { last += 1 }
            let first = file.trimmedRange(items[index])
            let end = file.trimmedRange(items[last])
            let reason = "SwiftUI does not exist on Linux; its previews and the types that show the file's views in SwiftUI are compiled where it does, as before"
            let start = file.lineStart(before: first.lowerBound)
            let line = start..<file.lineEnd(from: start)
            file.replace(
                start..<start, with: "#if canImport(SwiftUI)\n", kind: .moduleImport, reason: reason,
                shown: (line, "#if canImport(SwiftUI)\n" + file.source(line)))
            file.insert("\n#endif", at: file.lineEnd(from: end.upperBound), after: end, kind: .moduleImport, reason: reason)
            index = last + 1
        }
        // A top-level `#if` clause's list is inside the file's.
        return node.parent?.is(SourceFileSyntax.self) == true ? .visitChildren : .skipChildren
    }

    /// Only the file's list and its top-level `#if` clauses' hold guarded items.
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
