import SwiftSyntax

/// `import UIKit`, `import AppKit`, `import Cocoa` and `import Quartz` (macOS's umbrella of
/// QuartzCore, AppKit and its image and PDF kits) → `import QuartzCore` (which brings
/// CoreGraphics, CoreImage and Foundation), or `import Lamina` in a file that uses
/// `CADisplayLink` (Lamina's windows drive it) or the accessibility settings
/// (`UIAccessibility`, ``AccessibilityRewriter``); an import that would repeat one the file has
/// is removed, and so is `import ObjectiveC`. `import QuartzCore`, `import CoreGraphics`,
/// `import CoreImage` and `import CoreText` name Lamina's own modules and stay; a submodule of
/// one (`import QuartzCore.CoreAnimation`) is the module, which has none on Linux. Imports in
/// `#if canImport(UIKit)`-style clauses are left alone (Linux never compiles them); those in
/// a clause Linux compiles (`#else` after `#if os(macOS)`) are ported like the others. UIKit and
/// AppKit types the file uses are reported: they have no Lamina counterpart of that name. So is
/// an import of another Apple framework Linux lacks (AVFoundation, Combine, SwiftUI, Metal, …),
/// which stays — unless nothing in the file uses it (``UnusedFrameworkImports``): then it goes.
///
/// These imports are added where Linux needs them: `import QuartzCore` in a file whose only
/// imports sit in clauses Linux skips (UIKit or AppKit brought it Foundation), `import
/// QuartzCore` (or `Lamina`) in a file without imports that names Core Animation, Core Graphics
/// or UIKit (a listing copied without its imports) or whose only import is Foundation's and
/// that names Core Animation, Core Text, Core Image or Core Foundation (`CTLine` in a model
/// file, `CFTimeInterval` in a configuration), or `NSIntegerMax`, `MAXFLOAT` and the other C
/// constants Lamina declares (``platformNames``),
/// `import FoundationNetworking` (under `#if canImport(FoundationNetworking)`) in a file that
/// uses `URLSession` and its types, which live there on Linux, and `import ImageIO` in a file
/// that uses image sources, destinations or their keys (UIKit and AppKit bring ImageIO).
/// `import MobileCoreServices` and `import CoreServices` become `import ImageIO` where the
/// file uses `kUTType…` identifiers (Lamina's ImageIO declares them), and go otherwise; so does
/// `import UniformTypeIdentifiers` where every `UTType` is an image type's identifier
/// (``TypeIdentifierRewriter``), and it is reported otherwise.
final class ImportRewriter: PortingPass {
    private var reportedTypes: Set<String> = []

    static let appleFrameworks: Set<String> = ["UIKit", "AppKit", "Cocoa", "Quartz"]

    /// The modules Apple code imports a submodule of (`QuartzCore.CoreAnimation`,
    /// `CoreGraphics.CGGeometry`) that are Swift modules without submodules on Linux: Lamina's
    /// own, and Foundation.
    static let modulesWithoutSubmodules: Set<String> = ["QuartzCore", "CoreGraphics", "CoreText", "CoreImage", "ImageIO", "Foundation"]

    /// UIKit and AppKit types Apple Core Animation code often reaches for.
    static let frameworkTypes: [String: String] = [
        "UIView": "a CALayer tree in a Lamina Window", "NSView": "a CALayer tree in a Lamina Window",
        "UIColor": "CGColor", "NSColor": "CGColor",
        "UIImage": "CGImage", "NSImage": "CGImage",
        "UIBezierPath": "CGPath / CGMutablePath", "NSBezierPath": "CGPath / CGMutablePath",
        "NSGradient": "CGGradient, drawn with CGContext.drawLinearGradient or drawRadialGradient",
        "UIFont": "CTFont", "NSFont": "CTFont", "UIFontDescriptor": "CTFontDescriptor", "NSFontDescriptor": "CTFontDescriptor",
        "UIScreen": "the Window's scale", "NSGraphicsContext": "the CGContext draw(in:) is given", "NSScreen": "the Window's scale",
        "UIEdgeInsets": "your own insets", "NSEdgeInsets": "your own insets",
        "UIGraphicsImageRenderer": "a bitmap CGContext and render(in:)",
        "NSDataAsset": "the bundle's file of that name",
        "UIApplication": "Lamina's Application", "NSApplication": "Lamina's Application",
        "UIRectCorner": "CACornerMask (a layer's maskedCorners with its cornerRadius; top-left is .layerMinXMinYCorner in a y-down layer)",
        "UIRectEdge": "an OptionSet of your own, or the edges as CGRectEdge",
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
        // Lamina's own module has CADisplayLink and UIAccessibility; QuartzCore the rest.
        let replacement =
            node.description.contains("CADisplayLink") || AccessibilityRewriter.usesLaminaAccessibility(node.description)
                || ViewInput.isHandled(in: node) ? "Lamina" : "QuartzCore"
        addImportsLinuxNeeds(node, all: finder.imports, compiled: imports, replacement: replacement)
        let imageIOUse = Self.imageIOUse(node, file: file)
        // `decl` written as an import of `module`, or removed where the file imports it or one
        // of `equivalents` already.
        func importInstead(_ decl: ImportDeclSyntax, of module: String, unlessImporting equivalents: Set<String>, replaced: String, removed: String) {
            if imported.contains(module) || !imported.isDisjoint(with: equivalents) {
                file.remove(decl, kind: .moduleImport, reason: removed)
            } else {
                file.replace(decl.path, with: module, kind: .moduleImport, reason: replaced)
                imported.insert(module)
            }
        }
        for decl in imports {
            guard decl.importKindSpecifier == nil, let module = decl.path.first?.name.text else { continue }
            if module == "ObjectiveC" {
                file.remove(decl, kind: .moduleImport, reason: "the Objective-C runtime does not exist on Linux")
            } else if module == "CoreFoundation" {
                // Linux's CoreFoundation module is swift-corelibs-foundation's own, whose
                // names (`CFRange`, `CFAttributedString`) clash with Lamina's, which Apple code's
                // calls take.
                let why = "Linux's CoreFoundation is Foundation's own, whose names clash with the Core Foundation names Lamina declares"
                importInstead(
                    decl, of: replacement, unlessImporting: ["Lamina", "QuartzCore"], replaced: why + "; QuartzCore brings them",
                    removed: why + "; the file already imports Lamina's module")
            } else if module == "Darwin" {
                // `import Darwin` (or `Darwin.C`): Apple's C library; Linux's is Glibc, with
                // the same C functions (math, POSIX).
                importInstead(
                    decl, of: "Glibc", unlessImporting: [],
                    replaced: "Darwin is Apple's C library and does not exist on Linux; Glibc is Linux's, with the same C functions",
                    removed: "Darwin is Apple's C library and does not exist on Linux; the file already imports Glibc, Linux's")
            } else if Self.modulesWithoutSubmodules.contains(module), decl.path.count > 1 {
                // `import QuartzCore.CoreAnimation`: the whole module.
                file.replace(
                    decl.path, with: module, kind: .moduleImport,
                    reason: "\(module) has no submodules on Linux; the module brings all of them")
            } else if module == "UniformTypeIdentifiers", let left = Self.unwrittenTypeIdentifierUse(node) {
                file.note(
                    decl, why: "UniformTypeIdentifiers is Apple's and does not exist on Linux; '\(left.text)' uses it otherwise than for an image type's identifier",
                    todo: "name the type by its identifier string (\"public.png\"), or keep this code to Apple's platforms (#if canImport(UniformTypeIdentifiers))")
            } else if ["MobileCoreServices", "CoreServices", "UniformTypeIdentifiers"].contains(module) {
                if let use = imageIOUse, !imported.contains("ImageIO") {
                    file.replace(
                        decl.path, with: "ImageIO", kind: .moduleImport,
                        reason: "\(module) does not exist on Linux; Lamina's ImageIO declares the image type identifiers (\(use.text))")
                    imported.insert("ImageIO")
                } else {
                    file.remove(decl, kind: .moduleImport, reason: "\(module) does not exist on Linux")
                }
            } else if Self.unavailableFrameworks[module] != nil, !UnusedFrameworkImports.uses(module, in: node) {
                file.remove(decl, kind: .moduleImport, reason: "\(module) does not exist on Linux, and nothing in the file uses it")
            } else if let instead = Self.unavailableFrameworks[module] {
                file.note(decl, why: "\(module) is Apple's and does not exist on Linux; Lamina has no counterpart", todo: instead + ", or keep this code to Apple's platforms (#if canImport(\(module)))")
            } else if Self.appleFrameworks.contains(module) {
                importInstead(
                    decl, of: replacement, unlessImporting: ["Lamina"],
                    replaced: replacement == "Lamina"
                        ? "\(module) does not exist on Linux; Lamina brings windows, CADisplayLink, UIAccessibility, QuartzCore, CoreGraphics and Foundation"
                        : "\(module) does not exist on Linux; QuartzCore brings CALayer, CoreGraphics, CoreImage and Foundation",
                    removed: "\(module) does not exist on Linux; the file already imports Lamina's module")
            }
        }
        // UIKit and AppKit bring ImageIO on Apple's platforms; QuartzCore does not.
        if let use = imageIOUse, !imported.contains("ImageIO") {
            insertAfterImports(
                "import ImageIO\n", node, compiled: imports,
                reason: "\(use.text) is ImageIO's, which UIKit and AppKit bring on Apple's platforms and QuartzCore does not")
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        reportFrameworkType(node.name, node: node)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `Darwin.floor(x)`: the C function named through Linux's C library module.
        if node.baseName.text == "Darwin", node.argumentNames == nil, !node.isInAppleOnlyConditional,
            let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id,
            NameReferences.variable(named: "Darwin", seenFrom: node) == nil
        {
            file.replace(node, with: "Glibc", kind: .moduleImport, reason: "Darwin is Apple's C library and does not exist on Linux; Glibc is Linux's, with the same C functions")
            return .skipChildren
        }
        reportFrameworkType(node.baseName, node: node)
        return .visitChildren
    }

    /// Apple's frameworks that Core Animation code imports beside UIKit or AppKit and that
    /// neither Linux nor Lamina has, with what to do instead where there is a usual answer.
    static let unavailableFrameworks: [String: String] = [
        "AVFoundation": "play media with a Linux library (GStreamer) and show its frames as a layer's contents",
        "AVKit": "play media with a Linux library (GStreamer) and show its frames as a layer's contents",
        "Combine": "use closures, NotificationCenter or Swift concurrency (AsyncStream)",
        "OSLog": "log with print or a logging package", "os": "log with print or a logging package",
        "SwiftUI": "build the interface as a CALayer tree in a Lamina Window",
        "SpriteKit": "draw the scene with CALayers", "SceneKit": "draw the scene with CALayers (CATransformLayer for 3D)",
        "Metal": "draw with Core Graphics into a layer's contents", "MetalKit": "draw with Core Graphics into a layer's contents",
        "GLKit": "draw with Core Graphics into a layer's contents", "OpenGLES": "draw with Core Graphics into a layer's contents",
        "CoreVideo": "draw frames into a CGContext and give a layer the image", "CoreMedia": "draw frames into a CGContext and give a layer the image",
        "CoreMotion": "leave the motion input out of the Linux build", "CoreHaptics": "leave the haptics out of the Linux build",
        "AudioToolbox": "play sounds with a Linux library", "WebKit": "leave the web view out of the Linux build",
        "MapKit": "leave the map out of the Linux build", "PhotosUI": "leave the photo picker out of the Linux build",
        "Photos": "read images from files with ImageIO", "GameplayKit": "use your own random sources and state machines",
        "ARKit": "leave the AR scene out of the Linux build", "RealityKit": "leave the AR scene out of the Linux build",
    ]

    /// Types Foundation keeps in FoundationNetworking on Linux.
    static let networkingTypes: Set<String> = [
        "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask",
        "URLSessionUploadTask", "URLSessionDelegate", "URLSessionDataDelegate", "URLSessionTaskDelegate",
        "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse", "HTTPURLResponse", "URLCache",
        "HTTPCookie", "HTTPCookieStorage", "URLCredential", "URLProtocol",
    ]

    private func addImportsLinuxNeeds(
        _ node: SourceFileSyntax, all: [ImportDeclSyntax], compiled: [ImportDeclSyntax], replacement: String
    ) {
        // A file whose every import is in a clause Linux skips compiles with none.
        if compiled.isEmpty, Self.hasCodeLinuxCompiles(node), let first = all.first(where: \.isInAppleOnlyConditional),
            let block = first.outermostIfConfig
        {
            insert(
                "import QuartzCore\n", before: block.positionAfterSkippingLeadingTrivia.utf8Offset,
                reason: "Linux compiles none of the file's imports (each is in a clause for Apple's platforms); QuartzCore brings CoreGraphics and Foundation as UIKit and AppKit do")
        }
        // A listing without imports (a snippet copied from documentation or an answer) that
        // names Core Animation, Core Graphics or UIKit: the module that has them.
        if all.isEmpty, file.context.addsMissingImports, let use = Self.graphicsNameUse(node), let first = node.statements.first {
            insert(
                "import \(replacement)\n\n", before: first.positionAfterSkippingLeadingTrivia.utf8Offset,
                reason: "the file imports nothing, and \(use.text) needs a module (on Apple's platforms, UIKit or AppKit in another file does not bring it to this one); \(replacement) brings Core Animation, Core Graphics and Foundation")
        }
        // A file importing only Foundation (or the C library, Dispatch) that names Core
        // Animation, Core Text or Core Image: on Apple's platforms a framework another file
        // imports can make the name resolve; on Linux it needs the module that has it.
        if !compiled.isEmpty, file.context.addsMissingImports,
            compiled.allSatisfy({ Self.modulesWithoutGraphics.contains($0.path.first?.name.text ?? "") }),
            let use = Self.graphicsNameUse(node, besides: Self.foundationGraphicsNames)
        {
            insertAfterImports(
                "import \(replacement)\n", node, compiled: compiled,
                reason: "\(use.text) is not in Foundation on Linux, and the file imports nothing else that has it; \(replacement) brings Core Animation, Core Graphics, Core Text, Core Foundation's time and range names and Foundation")
        }
        // A file importing Core Graphics, Core Text, Core Image or ImageIO (and no more) that
        // names Core Animation (`CALayer`, `kCAFillModeForwards`): on Apple's platforms an
        // `@_exported import UIKit` in another file of the module can make the name resolve; on
        // Linux it needs QuartzCore, which those modules do not bring.
        if !compiled.isEmpty, file.context.addsMissingImports,
            compiled.contains(where: { Self.modulesWithoutCoreAnimation.contains($0.path.first?.name.text ?? "") }),
            compiled.allSatisfy({ Self.modulesWithoutGraphics.union(Self.modulesWithoutCoreAnimation).contains($0.path.first?.name.text ?? "") }),
            let use = Self.coreAnimationNameUse(node)
        {
            insertAfterImports(
                "import \(replacement)\n", node, compiled: compiled,
                reason: "\(use.text) is Core Animation's, which none of the file's imports brings on Linux; \(replacement) brings it with Core Graphics, Core Text and Foundation")
        }
        let importsNetworking = all.contains { $0.path.first?.name.text == "FoundationNetworking" }
        guard !importsNetworking,
            let use = node.tokens(viewMode: .sourceAccurate).first(where: { token in
                guard case .identifier(let name) = token.tokenKind else { return false }
                return Self.networkingTypes.contains(name) && !token.isInAppleOnlyConditional
            })
        else { return }
        insertAfterImports(
            "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n", node, compiled: compiled,
            reason: "\(use.text) lives in FoundationNetworking on Linux (Foundation has it on Apple's platforms)")
    }

    /// The first name of Core Animation, Core Graphics, Core Text, Core Image, UIKit or AppKit
    /// (`CALayer`, `CGRect`, `UIView`, `NSColor`: those prefixes, then a capital) that `node`
    /// uses in code Linux compiles, if any.
    /// `besides`: names not counted (those Foundation declares, for a file that imports it).
    /// For a file importing Foundation, Core Foundation's names (`CFTimeInterval`,
    /// `kCFAbsoluteTimeIntervalSince1970`) and ``platformNames`` count too: Foundation brings them
    /// on Apple's platforms, and Lamina's modules on Linux.
    static func graphicsNameUse(_ node: SourceFileSyntax, besides: Set<String> = []) -> TokenSyntax? {
        let prefixes = besides.isEmpty ? ["CA", "CG", "CT", "CI", "UI", "NS"] : ["CA", "CG", "CT", "CI", "UI", "CF", "kCF"]
        return node.tokens(viewMode: .sourceAccurate).first { token in
            guard case .identifier(let name) = token.tokenKind, !token.isInAppleOnlyConditional, !besides.contains(name) else { return false }
            if !besides.isEmpty, platformNames.contains(name) { return true }
            return prefixes.contains { prefix in
                // Core Foundation's names are words (`CFRange`), not initials (`CFG`).
                UnusedFrameworkImports.isName(name, withPrefix: prefix)
                    && (!prefix.hasSuffix("CF") || name.dropFirst(prefix.count).contains(where: \.isLowercase))
            }
        }
    }

    /// Names of Apple's C headers that Foundation (or Darwin) brings on Apple's platforms, and
    /// Lamina's Core Graphics declares on Linux, where Foundation and Glibc lack them.
    static let platformNames: Set<String> = [
        "MAXFLOAT", "HUGE", "NSIntegerMax", "NSIntegerMin", "NSUIntegerMax", "NSEC_PER_SEC", "NSEC_PER_MSEC",
        "NSEC_PER_USEC", "USEC_PER_SEC",
    ]

    /// Lamina's modules that bring Core Graphics but not Core Animation.
    static let modulesWithoutCoreAnimation: Set<String> = ["CoreGraphics", "CoreText", "CoreImage", "ImageIO"]

    /// The first name of Core Animation's (`CALayer`, `kCAFillModeForwards`) that `node` uses in
    /// code Linux compiles, if any.
    static func coreAnimationNameUse(_ node: SourceFileSyntax) -> TokenSyntax? {
        node.tokens(viewMode: .sourceAccurate).first { token in
            guard case .identifier(let name) = token.tokenKind, !token.isInAppleOnlyConditional else { return false }
            return UnusedFrameworkImports.isName(name, withPrefix: "CA") || UnusedFrameworkImports.isName(name, withPrefix: "kCA")
        }
    }

    /// Modules that bring none of Core Animation, Core Graphics, Core Text and Core Image.
    static let modulesWithoutGraphics: Set<String> = ["Foundation", "Dispatch", "Darwin", "Glibc", "Swift", "os"]

    /// The Core Graphics names Foundation declares on Linux, as it does on Apple's platforms.
    static let foundationGraphicsNames: Set<String> = ["CGFloat", "CGPoint", "CGSize", "CGRect"]

    /// The first use of an ImageIO name (`CGImageSource…`, `CGImageDestination…`,
    /// `kCGImage…`, `kUTType…`) in code Linux compiles, if any.
    static func imageIOUse(_ node: SourceFileSyntax, file: PortingSourceFile) -> TokenSyntax? {
        node.tokens(viewMode: .sourceAccurate).first { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            // An image the command decodes through Image I/O (in an `#else` it adds, too).
            if name == "UIImage" || name == "NSImage", ImageDecodeRewriter.isRewritten(token) {
                var current = token.parent
                while let node = current, !node.is(IfConfigDeclSyntax.self) { current = node.parent }
                let block = current?.as(IfConfigDeclSyntax.self)
                if !token.isInAppleOnlyConditional || block.map({ ImageDecodeRewriter.linuxClause(for: $0, in: file) != nil }) == true {
                    return true
                }
            }
            guard !token.isInAppleOnlyConditional else { return false }
            // Xcode's image literal, whose `cgImage` the command decodes through Image I/O.
            if name == "imageLiteral", let literal = token.parent?.as(MacroExpansionExprSyntax.self),
                literal.parent?.as(MemberAccessExprSyntax.self).flatMap(ImageDecodeRewriter.decode) != nil
                    || ImageArrayRewriter.rewrites(literal)
            {
                return true
            }
            // An image UIKit encodes (`pngData`, `jpegData`), which the command encodes through Image I/O.
            if name == "pngData" || name == "jpegData", ImageRendererRewriter.writesEncoding(token) { return true }
            if name == "UTType", TypeIdentifierRewriter.isRewritten(token) { return true }
            return ["CGImageSource", "CGImageDestination", "kCGImageSource", "kCGImageProperty", "kCGImageDestination", "kUTType"]
                .contains { name.hasPrefix($0) }
        }
    }

    /// The first use of `UTType` in code Linux compiles that is not an image type's identifier
    /// ``TypeIdentifierRewriter`` writes, if any.
    static func unwrittenTypeIdentifierUse(_ node: SourceFileSyntax) -> TokenSyntax? {
        node.tokens(viewMode: .sourceAccurate).first { token in
            token.text == "UTType" && !token.isInAppleOnlyConditional && !TypeIdentifierRewriter.isRewritten(token)
        }
    }

    /// Inserts `text` (whole lines) after the file's last import Linux compiles outside `#if`,
    /// or before its first statement.
    private func insertAfterImports(_ text: String, _ node: SourceFileSyntax, compiled: [ImportDeclSyntax], reason: String) {
        if let last = compiled.last(where: { $0.outermostIfConfig == nil }) {
            let anchor = file.trimmedRange(last)
            // After the import's line.
            file.insert("\n" + text.dropLast(), at: file.lineEnd(from: anchor.upperBound), after: anchor, kind: .moduleImport, reason: reason)
        } else {
            insert(text, before: node.statements.first?.positionAfterSkippingLeadingTrivia.utf8Offset ?? 0, reason: reason)
        }
    }

    /// Whether the file has top-level code outside clauses Linux skips (a file wholly in
    /// `#if canImport(SwiftUI)` needs no import on Linux).
    static func hasCodeLinuxCompiles(_ node: SourceFileSyntax) -> Bool {
        node.statements.contains { item in
            if item.item.is(ImportDeclSyntax.self) { return false }
            guard let block = item.item.as(IfConfigDeclSyntax.self) else { return true }
            return block.clauses.contains { LinuxConditionalCompilation.isCompiled($0) != false }
        }
    }

    /// Inserts whole lines before the line at `offset`, reported against that line.
    private func insert(_ lines: String, before offset: Int, reason: String) {
        let lineEnd = file.lineEnd(from: offset)
        let line = file.source(offset..<lineEnd)
        file.replace(
            offset..<offset, with: lines, kind: .moduleImport, reason: reason, shown: (offset..<lineEnd, lines + line))
    }

    private final class ImportFinder: SyntaxVisitor {
        var imports: [ImportDeclSyntax] = []
        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            imports.append(node)
            return .skipChildren
        }
    }

    /// AppKit's interface types Core Animation code on macOS reaches for besides those of
    /// ``frameworkTypes`` (UIKit's are told by their prefix, ``isOtherInterfaceType(_:node:)``).
    static let appKitInterfaceTypes: Set<String> = [
        "NSViewController", "NSWindow", "NSWindowController", "NSEvent", "NSTrackingArea", "NSAnimationContext", "NSWorkspace",
        "NSButton", "NSTextField", "NSTextView", "NSImageView", "NSScrollView", "NSClickGestureRecognizer", "NSPanGestureRecognizer",
        "NSMagnificationGestureRecognizer", "NSCursor", "NSResponder", "NSHapticFeedbackManager", "NSAppearance", "NSVisualEffectView",
        "NSStatusBar", "NSStatusItem", "NSMenu", "NSMenuItem", "NSTableView", "NSCollectionView", "NSSound", "NSSlider",
        "NSProgressIndicator", "NSLayoutConstraint", "NSHostingView",
    ]

    /// Whether `name` (at `node`) is another UIKit or AppKit interface type Linux does not have:
    /// an AppKit one of ``appKitInterfaceTypes``, or a UIKit one (`UILabel`, `UIViewController`,
    /// `UITapGestureRecognizer`) named as a type — not UIKit's functions (`UIGraphics…`,
    /// `UIRectFill`) nor the accessibility names Lamina has (`UIAccessibility…`).
    static func isOtherInterfaceType(_ name: String, node: some SyntaxProtocol) -> Bool {
        if appKitInterfaceTypes.contains(name) { return true }
        let characters = Array(name)
        guard characters.count > 3, name.hasPrefix("UI"), characters[2].isUppercase, characters[3].isLowercase,
            !["UIGraphics", "UIRect", "UIApplicationMain", "UIAccessibility", "UIEdgeInsetsMake", "UIOffsetMake"].contains(where: name.hasPrefix)
        else { return false }
        // A type: written where a type is, or called (an initializer) or given a member (a static one).
        if node.is(IdentifierTypeSyntax.self) { return true }
        guard let reference = node.as(DeclReferenceExprSyntax.self), !reference.isMemberName else { return false }
        return reference.parent?.is(FunctionCallExprSyntax.self) == true || reference.parent?.as(MemberAccessExprSyntax.self)?.base?.id == ExprSyntax(reference).id
    }

    /// Whether `name` is one of CoreVideo's display link names, which `import QuartzCore` (or
    /// `Cocoa`) brings on macOS: the `CVDisplayLink` type and functions, its time stamps, flags
    /// and return codes.
    static func isCoreVideoDisplayLinkName(_ name: String) -> Bool {
        name.hasPrefix("CVDisplayLink") || ["CVTimeStamp", "CVOptionFlags", "CVReturn", "CVTime", "CVGetHostClockFrequency"].contains(name)
            || name.hasPrefix("kCVReturn")
    }

    private func reportFrameworkType(_ name: TokenSyntax, node: some SyntaxProtocol) {
        // CoreVideo's display link: reported once a file, at its first name.
        if Self.isCoreVideoDisplayLinkName(name.text) {
            guard !node.isInAppleOnlyConditional, reportedTypes.insert("CoreVideo display link").inserted else { return }
            file.note(
                node, why: "\(name.text) is CoreVideo's display link, which Linux does not have (first use in this file)",
                todo: "use Lamina's CADisplayLink: CADisplayLink(handler:), added to the main run loop, calls its closure on the main thread once per frame of the application's window")
            return
        }
        let counterpart =
            Self.screenSizeCounterpart(name, node: node)
            ?? Self.frameworkTypes[name.text]
            ?? (Self.isOtherInterfaceType(name.text, node: node)
                ? "CALayers in a Lamina Window (text in a CATextLayer, input from the Window's event callbacks), or keep this code to Apple's platforms"
                : nil)
        guard let counterpart, !node.isInAppleOnlyConditional, !Self.isWrittenByAPass(node, in: file), reportedTypes.insert(name.text).inserted else {
            return
        }
        file.note(
            node, why: "\(name.text) is UIKit's or AppKit's, which Linux does not have (first use in this file)",
            todo: "use \(counterpart)")
    }

    /// What stands for the screen's size read as `UIScreen.main.bounds` (`nativeBounds`) or
    /// `NSScreen.main?.frame` (`visibleFrame`), where `name` names the screen type so; nil for
    /// another use.
    private static func screenSizeCounterpart(_ name: TokenSyntax, node: some SyntaxProtocol) -> String? {
        guard ["UIScreen", "NSScreen"].contains(name.text) else { return nil }
        var current = Syntax(node)
        while let access = current.parent?.as(MemberAccessExprSyntax.self) ?? current.parent?.as(OptionalChainingExprSyntax.self).map(Syntax.init)?.parent?.as(MemberAccessExprSyntax.self) {
            if ["bounds", "nativeBounds", "frame", "visibleFrame"].contains(access.declName.baseName.text) {
                return "the Window's size (Window.size, once it shows), or the bounds the window gives the layer"
            }
            current = Syntax(access)
        }
        return nil
    }

    /// Whether `node` is in code a porting pass writes (so its UIKit or AppKit name goes).
    private static func isWrittenByAPass(_ node: some SyntaxProtocol, in file: PortingSourceFile) -> Bool {
        UIKitValueRewriter.isRewritten(node) || ImageDecodeRewriter.isRewritten(node) || DisplayScaleRewriter.isRewritten(node, in: file)
            || DataAssetRewriter.isRewritten(node) || ImageContextRewriter.isRewritten(node) || ImageFocusRewriter.isRewritten(node)
            || ImageDrawingHandlerRewriter.isRewritten(node) || FontVariableRewriter.isCastRewritten(node) || ImageRendererRewriter.isRewritten(node)
            || ColorExtensionRewriter.isRewritten(node) || FontExtensionRewriter.isRewritten(node) || EdgeInsetsRewriter.isRewritten(node)
            || EdgeInsetsVariableRewriter.isRewritten(node) || PathConversionExtensionRewriter.isRewritten(node)
            || PathFunctionRewriter.isRewritten(node) || PathExtensionRewriter.isRewritten(node) || BezierPathBuilderRewriter.isReassignedShape(node) || GradientDrawingRewriter.isRewritten(node) || AccessibilityRewriter.isRewritten(node)
            || UIKitValueRewriter.isInLightTraits(node) || FontVariableRewriter.isReadBackCastRewritten(node)
            || ColorVariableRewriter.isReadBackCastRewritten(node) || ColorVariableRewriter.isBoundCastRewritten(node)
            || PlatformTypeAliasRewriter.isRewritten(node, in: file.context) || RectEdgeParameterRewriter.isRewritten(node)
            || ViewExtensionRewriter.isRewritten(node) || ViewClassRewriter.isRewritten(node) || ViewControllerClassRewriter.isRewritten(node)
            || FontWeightParameterRewriter.isRewritten(node) || ViewAnimationBlockRewriter.isRewritten(node)
            || AnimationContextRewriter.isRewritten(node) || UIKitDrawingRewriter.isAppKitCurrentContextRewritten(node)
            || ViewParameterRewriter.isRewritten(node) || PlainViewLocalsRewriter.isRewritten(node)
            || ApplicationLifecycleRewriter.isRewritten(node)
    }
}

extension SyntaxProtocol {
    /// The outermost `#if` block around the node, if any.
    fileprivate var outermostIfConfig: IfConfigDeclSyntax? {
        var found: IfConfigDeclSyntax?
        var current = parent
        while let node = current {
            if let block = node.as(IfConfigDeclSyntax.self) { found = block }
            current = node.parent
        }
        return found
    }
}

extension SyntaxProtocol {
    /// Whether the node names a UIKit or AppKit type (``ImportRewriter/frameworkTypes``).
    var mentionsFrameworkType: Bool {
        tokens(viewMode: .sourceAccurate).contains { ImportRewriter.frameworkTypes[$0.text] != nil }
    }
}
