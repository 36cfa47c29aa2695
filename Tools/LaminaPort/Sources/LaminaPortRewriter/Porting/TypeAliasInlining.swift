import SwiftSyntax

/// `typealias PlatformColor = NSColor`, `typealias Font = UIFont`: a file-scope alias of a
/// UIKit or AppKit colour or font, often one per platform (`#if os(iOS) … typealias Color =
/// UIColor #elseif os(macOS) … typealias Color = NSColor #endif`). The command reads every
/// file with the alias's uses spelled as the type it names, so each pass writes them as it
/// writes that type (`let tint: Color = .red` as `let tint: UIColor = .red`); where no pass
/// edits a use, the alias's name is put back, and the file keeps its spelling.
///
/// An alias is inlined only when every file-scope alias of its name names a type of one kind
/// (colours, or fonts; UIKit's spelling is read where both are), and nothing else of the
/// ported files declares the name (a type, a generic parameter, an alias in a type).
enum TypeAliasInlining {
    /// The UIKit and AppKit types an alias is inlined for, by kind.
    static let kinds: [String: String] = ["UIColor": "colour", "NSColor": "colour", "UIFont": "font", "NSFont": "font"]

    /// What each alias the files declare at file scope names, for the aliases inlined.
    static func aliases(in trees: [SourceFileSyntax]) -> [String: String] {
        final class Finder: SyntaxVisitor {
            var named: [String: Set<String>] = [:]
            var declaredOtherwise: Set<String> = []
            override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
                let name = node.name.text
                if let type = node.initializer.value.as(IdentifierTypeSyntax.self), type.genericArgumentClause == nil,
                    TypeAliasInlining.kinds[type.name.text] != nil, node.genericParameterClause == nil, TypeAliasInlining.isAtFileScope(node)
                {
                    named[name, default: []].insert(type.name.text)
                } else {
                    declaredOtherwise.insert(name)
                }
                return .visitChildren
            }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
            private func declare(_ name: TokenSyntax) -> SyntaxVisitorContinueKind {
                declaredOtherwise.insert(name.text)
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for tree in trees { finder.walk(tree) }
        var aliases: [String: String] = [:]
        for (name, types) in finder.named where !finder.declaredOtherwise.contains(name) {
            // One kind; UIKit's spelling where an AppKit one is declared too.
            guard Set(types.compactMap { kinds[$0] }).count == 1, let type = types.first(where: { $0.hasPrefix("UI") }) ?? types.first
            else { continue }
            aliases[name] = type
        }
        return aliases
    }

    /// Whether `node` is declared at file scope, in `#if` clauses or not.
    static func isAtFileScope(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(SourceFileSyntax.self) { return true }
            guard ancestor.is(CodeBlockItemSyntax.self) || ancestor.is(CodeBlockItemListSyntax.self) || ancestor.is(IfConfigClauseSyntax.self)
                || ancestor.is(IfConfigClauseListSyntax.self) || ancestor.is(IfConfigDeclSyntax.self)
            else { return false }
            current = ancestor.parent
        }
        return false
    }

    /// A file's text read with the aliases' uses spelled as the types they name.
    struct Spelled {
        var text: String
        /// Each use spelled so: where the type's name is in `text`, and the alias's name.
        var uses: [(range: Range<Int>, alias: String)]
    }

    /// `tree` is `text` parsed.
    static func spelled(_ text: String, tree: SourceFileSyntax, aliases: [String: String]) -> Spelled {
        guard !aliases.isEmpty else { return Spelled(text: text, uses: []) }
        final class Finder: SyntaxVisitor {
            let aliases: [String: String]
            var found: [(range: Range<Int>, alias: String)] = []
            init(aliases: [String: String]) {
                self.aliases = aliases
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                if node.genericArgumentClause == nil { record(node.name) }
                return .visitChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.argumentNames == nil, !node.isMemberName { record(node.baseName) }
                return .visitChildren
            }
            private func record(_ token: TokenSyntax) {
                guard aliases[token.text] != nil else { return }
                found.append((token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset, token.text))
            }
        }
        let finder = Finder(aliases: aliases)
        finder.walk(tree)
        guard !finder.found.isEmpty else { return Spelled(text: text, uses: []) }
        let bytes = Array(text.utf8)
        var spelled: [UInt8] = []
        var uses: [(range: Range<Int>, alias: String)] = []
        var copied = 0
        for use in finder.found.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard let type = aliases[use.alias] else { continue }
            spelled += bytes[copied..<use.range.lowerBound]
            let start = spelled.count
            spelled += Array(type.utf8)
            uses.append((start..<spelled.count, use.alias))
            copied = use.range.upperBound
        }
        spelled += bytes[copied...]
        return Spelled(text: String(decoding: spelled, as: UTF8.self), uses: uses)
    }

    /// `range` (in a text) where it is once `removed` (ranges of that text, none overlapping
    /// it) are taken out.
    static func range(_ range: Range<Int>, afterRemoving removed: [Range<Int>]) -> Range<Int> {
        let shift = removed.filter { $0.upperBound <= range.lowerBound }.reduce(0) { $0 + $1.count }
        return (range.lowerBound - shift)..<(range.upperBound - shift)
    }
}
