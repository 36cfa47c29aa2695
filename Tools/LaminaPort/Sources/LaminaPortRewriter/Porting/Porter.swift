import SwiftParser
import SwiftSyntax

/// Applies the porting guide's mechanical edits to a set of Swift files.
///
/// All files are read first, so that what one file declares informs the edits of another
/// (a layer subclass declared in one file and extended in another, a key named in one file
/// and declared in another). Each edit kind is one rewriter; every rewriter reads the
/// original text and the edits are applied together, so reports name original lines and
/// text outside the edits is kept byte for byte. Porting ported text changes nothing.
public struct Porter {
    /// One file to port: the path reports name it by, and its text.
    public struct Source: Sendable {
        public var path: String
        public var text: String
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    public var sources: [Source]

    /// Whether a file that imports nothing and names Core Animation, Core Graphics or UIKit is
    /// given the module that has them (`import QuartzCore`). Default `true`, as the command
    /// ports whole files; ``port(_:path:addingMissingImports:)`` ports a fragment by default.
    public var addsMissingImports: Bool

    /// A porter of `sources`, ported together (what one file declares, the others' edits know);
    /// `addsMissingImports` as ``addsMissingImports`` says. Default `true`.
    public init(sources: [Source], addsMissingImports: Bool = true) {
        self.sources = sources
        self.addsMissingImports = addsMissingImports
    }

    /// Ports every source; a file that does not parse is returned unchanged with its error.
    public func port() -> [PortedFile] {
        let context = PortingContext()
        context.addsMissingImports = addsMissingImports
        // A colour's or font's alias is read as the type it names, and `UIColor.init(…)` as
        // `UIColor(…)` (each written back where nothing edits it).
        let read = sources.map { Parser.parse(source: $0.text) }
        context.inlinedAliases = TypeAliasInlining.aliases(in: read)
        let aliased = zip(sources, read).map { TypeAliasInlining.spelled($0.text, tree: $1, aliases: context.inlinedAliases) }
        // Each file parsed once more only where an alias was spelled out in it.
        let spelled = zip(aliased, read).map { ExplicitInitializerCalls.spelled($0.text, tree: $0.uses.isEmpty ? $1 : nil) }
        let trees = spelled.map(\.tree)
        let broken = trees.map(Self.hasErrorBesidesPlaceholders)
        for (tree, isBroken) in zip(trees, broken) where !isBroken { context.scan(tree) }
        let parsed = zip(trees, broken).filter { !$0.1 }.map(\.0)
        // SwiftUI's part of a file is compiled where SwiftUI exists; the passes leave it.
        let swiftUIOnly = Set(parsed.flatMap { SwiftUIGuards.items(in: $0, referencingFiles: context.referencingFiles) }.map(\.id))
        return LinuxConditionalCompilation.$swiftUIOnly.withValue(swiftUIOnly) {
            port(parsed: parsed, trees: trees, broken: broken, aliased: aliased, spelled: spelled, context: context)
        }
    }

    private func port(
        parsed: [SourceFileSyntax], trees: [SourceFileSyntax], broken: [Bool], aliased: [TypeAliasInlining.Spelled],
        spelled: [ExplicitInitializerCalls.Spelled], context: PortingContext
    ) -> [PortedFile] {
        context.index(parsed)
        context.scanColorExtensions()
        context.resolvePathFunctions(in: parsed)
        context.resolveSharedColorProperties(in: parsed)
        context.resolveViewClasses()
        return zip(zip(zip(sources, aliased), spelled), zip(trees, broken)).map { read, parsed in
            let ((source, aliased), spelled) = read
            let (tree, isBroken) = parsed
            if isBroken {
                let converter = SourceLocationConverter(fileName: source.path, tree: tree)
                return PortedFile(
                    path: source.path, original: source.text, ported: source.text, changes: [], notes: [],
                    parseError: Self.firstError(in: tree, converter: converter))
            }
            let file = PortingSourceFile(path: source.path, text: spelled.text, tree: tree, context: context)
            let passes: [PortingPass] = [
                SwiftUIGuardRewriter(file: file),
                ImportRewriter(file: file),
                PlatformTypeAliasRewriter(file: file),
                KeyPathRewriter(file: file),
                ObjectiveCAttributeRewriter(file: file),
                LayerInitializerRewriter(file: file),
                LayerFactoryRewriter(file: file),
                BridgingCastRewriter(file: file),
                AnyObjectLookupRewriter(file: file),
                TypeIdentifierRewriter(file: file),
                DisplayLinkRewriter(file: file),
                ApplicationLifecycleRewriter(file: file),
                DelegateConformanceRewriter(file: file),
                SharedStateRewriter(file: file),
                DispatchCaptureRewriter(file: file),
                ModifierSpacingRewriter(file: file),
                CGFloatMemberShadowingRewriter(file: file),
                UIKitValueRewriter(file: file),
                ColorExtensionRewriter(file: file),
                PathConversionExtensionRewriter(file: file),
                PathFunctionRewriter(file: file),
                PathExtensionRewriter(file: file),
                BezierPathBuilderRewriter(file: file),
                PathParameterRewriter(file: file),
                RectCornerParameterRewriter(file: file),
                RectCornerPropertyRewriter(file: file),
                RectEdgeParameterRewriter(file: file),
                PathPropertyRewriter(file: file),
                PathArrayRewriter(file: file),
                ColorVariableRewriter(file: file),
                DisplayScaleRewriter(file: file),
                AccessibilityRewriter(file: file),
                ViewAnimationBlockRewriter(file: file),
                AnimationContextRewriter(file: file),
                ViewParameterRewriter(file: file),
                DataAssetRewriter(file: file),
                LegacyConstantRewriter(file: file),
                FoundationInitializerRewriter(file: file),
                UIFontRewriter(file: file),
                FontExtensionRewriter(file: file),
                FontVariableRewriter(file: file),
                FontParameterRewriter(file: file),
                FontWeightParameterRewriter(file: file),
                TextLayerFontMetricsRewriter(file: file),
                ImageDecodeRewriter(file: file),
                ImageVariableRewriter(file: file),
                ImagePropertyRewriter(file: file),
                ImageArrayRewriter(file: file),
                ViewExtensionRewriter(file: file),
                ViewClassRewriter(file: file),
                ViewControllerClassRewriter(file: file),
                PlainViewLocalsRewriter(file: file),
                ImageContextRewriter(file: file),
                ImageRendererRewriter(file: file),
                ImageFocusRewriter(file: file),
                ImageDrawingHandlerRewriter(file: file),
                ImageParameterRewriter(file: file),
                UIKitDrawingRewriter(file: file),
                GradientDrawingRewriter(file: file),
                TextMeasurementRewriter(file: file),
                AttributeDictionaryTypeRewriter(file: file),
                EdgeInsetsRewriter(file: file),
                EdgeInsetsVariableRewriter(file: file),
                GeometryStringRewriter(file: file),
            ]
            context.withCurrentFindings {
                for pass in passes { pass.walk(tree) }
            }
            file.restore(".init", atUntouched: spelled.removals)
            for use in aliased.uses {
                file.restore(use.alias, atUntouched: TypeAliasInlining.range(use.range, afterRemoving: spelled.removed))
            }
            let byPlace: (PortChange, PortChange) -> Bool = { ($0.line, $0.column) < ($1.line, $1.column) }
            return PortedFile(
                path: source.path, original: source.text, ported: file.applyingEdits(),
                changes: file.changes.sorted(by: byPlace),
                notes: file.notes.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, parseError: nil)
        }
    }

    /// Ports one text (for tests and single files) — by default as a fragment of a file, which
    /// is given no import it lacks; with `addingMissingImports`, as a whole file, as the command
    /// ports one.
    public static func port(_ text: String, path: String = "Source.swift", addingMissingImports: Bool = false) -> PortedFile {
        Porter(sources: [Source(path: path, text: text)], addsMissingImports: addingMissingImports).port()[0]
    }

    /// Whether `tree` has a syntax error other than editor placeholders (`<#Window#>`):
    /// the command leaves those for a person, so a second run must still read the file.
    private static func hasErrorBesidesPlaceholders(_ tree: SourceFileSyntax) -> Bool {
        guard tree.hasError else { return false }
        final class ErrorFinder: SyntaxVisitor {
            var found = false
            override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
                found = true
                return .skipChildren
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if token.presence == .missing { found = true }
                if let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error, diagnostic.kind != .editorPlaceholder {
                    found = true
                }
                return .skipChildren
            }
        }
        let finder = ErrorFinder(viewMode: .all)
        finder.walk(tree)
        return finder.found
    }

    private static func firstError(in tree: SourceFileSyntax, converter: SourceLocationConverter) -> PortParseError {
        final class ErrorFinder: SyntaxVisitor {
            var found: (position: AbsolutePosition, message: String)?
            override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
                if found == nil { found = (node.positionAfterSkippingLeadingTrivia, "unexpected `\(node.trimmedDescription)`") }
                return .skipChildren
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, token.presence == .missing {
                    found = (token.position, "expected `\(token.text.isEmpty ? "\(token.tokenKind)" : token.text)`")
                }
                // What the lexer refuses in a token (`@available (iOS 13, *)`: a space before
                // the attribute's parenthesis, which Swift 6 refuses too).
                if found == nil, let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error {
                    found = (token.positionAfterSkippingLeadingTrivia, Self.message(diagnostic.kind, token: token))
                }
                return .skipChildren
            }

            static func message(_ kind: TokenDiagnostic.Kind, token: TokenSyntax) -> String {
                switch kind {
                case .extraneousLeadingWhitespaceError:
                    return "a space before `\(token.text)` (Swift 6 refuses one between an attribute's name and its parenthesis: remove it)"
                case .extraneousTrailingWhitespaceError:
                    return "a space after `\(token.text)`"
                default:
                    return "`\(token.text)`: \(kind)"
                }
            }
        }
        let finder = ErrorFinder(viewMode: .all)
        finder.walk(tree)
        let found = finder.found ?? (tree.position, "the file is not valid Swift")
        let location = converter.location(for: found.position)
        return PortParseError(line: location.line, column: location.column, message: found.message)
    }
}
