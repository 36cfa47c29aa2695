import SwiftSyntax

/// What the porting command knows about the whole set of files it ports: which classes
/// descend from `CALayer` or `CAAnimation` (across files), and which keys the code uses by
/// name (so an `@objc` property read by key-value coding becomes `@CAManaged`).
final class PortingContext {
    /// Each declared class's superclass (the first inherited type), by class name.
    private(set) var superclasses: [String: String] = [:]
    /// The colour and font aliases the files are read with inlined, and the type each names
    /// (``TypeAliasInlining``).
    var inlinedAliases: [String: String] = [:]
    /// Whether a file without imports is given the module it names (``Porter/addsMissingImports``).
    var addsMissingImports = true
    /// Classes declared `@MainActor`.
    private(set) var mainActorClasses: Set<String> = []
    /// The types each class and protocol the files declare inherits, by name.
    private var classInheritance: [String: [String]] = [:]
    private var protocolInheritance: [String: [String]] = [:]
    /// Classes the command marks `@MainActor` because they make a display link
    /// (``DisplayLinkRewriter``).
    private(set) var displayLinkClasses: Set<String> = []
    /// Whether the files run UIKit animation blocks (`UIView.animate(withDuration:…)`), which
    /// the layers written for views then answer (``ViewAnimationBlockRewriter``).
    private(set) var usesViewAnimationBlocks = false
    /// The view classes the command writes as layers, and their subclasses it writes with them,
    /// by name (``ViewClassRewriter``).
    private(set) var viewClasses: [String: ViewClassRewriter.Ancestor] = [:]
    /// Whether a file has been given the plain labels' layer class (``PlainLabels``).
    private var plainLabelClassDeclared = false

    /// Whether the plain labels' layer class is still to be added to a file: true once, unless
    /// a ported file declares it already (the files were ported before).
    func declaresPlainLabelClass() -> Bool {
        guard !plainLabelClassDeclared, superclasses[PlainLabels.layerClass] == nil else { return false }
        plainLabelClassDeclared = true
        return true
    }

    /// The gesture classes files have been given (``PanGestures``, ``PinchGestures``).
    private var declaredGestureClasses: Set<String> = []

    /// Whether the gesture class `name` is still to be added to a file: true once, unless a
    /// ported file declares it already (the files were ported before).
    func declaresGestureClass(_ name: String) -> Bool {
        guard !declaredGestureClasses.contains(name), !classMembers.keys.contains(name) else { return false }
        declaredGestureClasses.insert(name)
        return true
    }

    /// The files' class declarations (outside Apple-only conditional blocks).
    private var classDeclarations: [ClassDeclSyntax] = []
    /// ``classDeclarations`` and ``superclasses``, while the passes run (a view's subclasses in
    /// other files).
    @TaskLocal static var currentClassDeclarations: [ClassDeclSyntax] = []
    @TaskLocal static var currentSuperclasses: [String: String] = [:]
    /// Keys the code names: string literals and `#keyPath` components.
    private(set) var usedKeys: Set<String> = []
    /// The files (by their tree's root) whose code names each name on its own (`name`, or a
    /// type `Name` where a type is written), qualified by a type or value name (`Theme.name`,
    /// keyed `Theme.name`), or as a member of any value (`a.b.name`, keyed `.name`).
    private(set) var referencingFiles: [String: Set<SyntaxIdentifier>] = [:]
    /// The colour initializers and static colours the ported files' `UIColor` extensions
    /// declare and the command writes on `CGColor` (``ColorExtensionRewriter``).
    private(set) var colorExtensions = ColorExtensionRewriter.Declared()
    /// The members the ported files' `UIFont` extensions declare and the command writes on
    /// `CTFont` (``FontExtensionRewriter``).
    private(set) var fontExtensions = FontExtensionRewriter.Declared()
    /// The members of the ported files' `NSBezierPath` (or `UIBezierPath`) extensions that
    /// turn a path into a `CGPath` (``PathConversionExtensionRewriter``).
    private(set) var pathConversions: Set<PathConversionExtensionRewriter.Member> = []
    /// The functions and computed properties of the ported files that return a path the
    /// command writes (``PathFunctionRewriter``), by name.
    private(set) var pathFunctions: [String: PathFunctionRewriter.Declared] = [:]
    /// What the ported files' `UIBezierPath` (or `NSBezierPath`) extensions that make paths
    /// declare and the command writes on `CGMutablePath` (``PathExtensionRewriter``).
    private(set) var pathExtensions = PathExtensionRewriter.Declared()
    /// The extensions of a path type that may make paths: their static members are checked
    /// once the files' path functions are known.
    private var candidatePathExtensions: [ExtensionDeclSyntax] = []
    /// The instance colour properties other files use, written with those uses or left
    /// (``ColorVariableRewriter/SharedProperty``).
    private(set) var sharedColorProperties = ColorVariableRewriter.SharedProperties()
    /// The files' colour parameters, resolved together (``ColorVariableRewriter/resolveParameters(in:)``).
    private(set) var colorParameters: ColorVariableRewriter.ResolvedParameters?
    /// The extensions of `UIColor` (or `NSColor`) that may be colour extensions: their static
    /// colours are checked once every file is scanned.
    private var candidateColorExtensions: [ExtensionDeclSyntax] = []

    /// What the colour extensions of the files being ported declare, while their passes run
    /// (``UIKitValueRewriter/color(_:implicitMember:)`` reads it).
    @TaskLocal static var currentColorExtensions = ColorExtensionRewriter.Declared()

    /// What the font extensions of the files being ported declare, while their passes run
    /// (``UIFontRewriter/font(_:implicitMember:)`` reads it).
    @TaskLocal static var currentFontExtensions = FontExtensionRewriter.Declared()

    /// The files naming each name, while the passes run (a property another file uses is not
    /// rewritten in one file alone).
    @TaskLocal static var currentReferencingFiles: [String: Set<SyntaxIdentifier>] = [:]

    /// The path conversions the ported files declare, while their passes run
    /// (``PathConversionExtensionRewriter/conversion(_:)`` reads it).
    @TaskLocal static var currentPathConversions: Set<PathConversionExtensionRewriter.Member> = []

    /// The path functions the ported files declare, while their passes run
    /// (``PathFunctionRewriter/value(_:)`` reads it).
    @TaskLocal static var currentPathFunctions: [String: PathFunctionRewriter.Declared] = [:]

    /// The path extensions the ported files declare, while their passes run
    /// (``PathExtensionRewriter/isInitializer(_:)`` reads it).
    @TaskLocal static var currentPathExtensions = PathExtensionRewriter.Declared()

    /// The shared instance colour properties, while the passes run.
    @TaskLocal static var currentSharedColorProperties = ColorVariableRewriter.SharedProperties()

    /// ``viewClasses``, for the passes.
    @TaskLocal static var currentViewClasses: [String: ViewClassRewriter.Ancestor] = [:]

    /// The instance members (``DeclaredMember/instanceSignatures(in:)``) the ported files'
    /// extensions of UIKit's and AppKit's view classes declare, by class, while the passes run (``ViewExtensionRewriter`` writes them all on `CALayer`).
    @TaskLocal static var currentViewExtensionMembers: [String: Set<String>] = [:]
    /// ``currentViewExtensionMembers``, as the files are scanned.
    private var viewExtensionMembers: [String: Set<String>] = [:]

    /// The instance members (``DeclaredMember/instanceSignatures(in:)``) the ported files' layer
    /// classes declare (those views and controllers become included), while the passes run: a member of that name in an
    /// extension of `CALayer` would clash with theirs.
    @TaskLocal static var currentLayerClassMembers: Set<String> = []
    /// The classes of the files being ported isolated to the main actor once ported
    /// (``isMainActorAfterPorting(_:)``), while their passes run.
    @TaskLocal static var currentMainActorClasses: Set<String> = []
    /// The instance members each class of the ported files declares, by class.
    private var classMembers: [String: Set<String>] = [:]

    /// ``currentLayerClassMembers``.
    private var layerClassMembers: Set<String> {
        classMembers.filter { isLayerClass($0.key) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// Core Animation's own layer and animation classes.
    static let layerClasses: Set<String> = [
        "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CAScrollLayer",
        "CATransformLayer", "CAEmitterLayer", "CATiledLayer", "CAMetalLayer", "CAEAGLLayer",
        // The layer class plain labels and UILabel's subclasses become (``PlainLabels``).
        "PlainLabelLayer",
    ]
    static let animationClasses: Set<String> = [
        "CAAnimation", "CAPropertyAnimation", "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation",
        "CAAnimationGroup", "CATransition",
    ]

    func scan(_ tree: SourceFileSyntax) {
        let scanner = Scanner(viewMode: .sourceAccurate)
        scanner.walk(tree)
        superclasses.merge(scanner.superclasses) { first, _ in first }
        mainActorClasses.formUnion(scanner.mainActorClasses)
        classInheritance.merge(scanner.classInheritance) { first, _ in first }
        protocolInheritance.merge(scanner.protocolInheritance) { first, _ in first }
        displayLinkClasses.formUnion(scanner.displayLinkClasses)
        viewExtensionMembers.merge(scanner.viewExtensionMembers) { $0.union($1) }
        classMembers.merge(scanner.classMembers) { $0.union($1) }
        usesViewAnimationBlocks = usesViewAnimationBlocks || scanner.usesViewAnimationBlocks
        usedKeys.formUnion(scanner.usedKeys)
        for name in scanner.referencedNames { referencingFiles[name, default: []].insert(tree.id) }
        candidateColorExtensions += scanner.colorExtensions
        for declared in scanner.fontExtensions {
            fontExtensions.instanceMembers.formUnion(declared.instanceMembers)
            fontExtensions.staticMembers.formUnion(declared.staticMembers)
        }
        pathConversions.formUnion(scanner.pathConversions)
        candidatePathExtensions += scanner.pathExtensions
        classDeclarations += scanner.classDeclarations
    }

    /// Finds the view classes the command writes as layers, then, in as many rounds as their
    /// depth takes, the subclasses it writes with them; after every file's ``scan(_:)``, as a
    /// subclass may be declared in any file, and with what the context found of the files
    /// current (which names each file uses, for a view's properties renamed).
    func resolveViewClasses() {
        viewClasses = withCurrentFindings(findViewClasses)
        // A view written as a subclass of a layer class another file declares, which the scan
        // of its own file could not see: a layer class too (its presentation copies need
        // `init(layer:)`).
        withCurrentFindings {
            for declaration in classDeclarations where superclasses[declaration.name.text].map(ViewClassRewriter.viewBases.contains) ?? false {
                if let layerClass = ViewClassRewriter.layerSuperclass(declaration) { superclasses[declaration.name.text] = layerClass }
            }
        }
    }

    private func findViewClasses() -> [String: ViewClassRewriter.Ancestor] {
        var found: [String: ViewClassRewriter.Ancestor] = [:]
        var pending = classDeclarations
        var progressed = true
        while progressed {
            progressed = false
            pending = pending.filter { declaration in
                let superclass = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? ""
                let ancestor = found[superclass]
                guard ancestor != nil || ViewClassRewriter.viewBases.contains(superclass) else { return true }
                if let written = ViewClassRewriter.ancestor(of: declaration, inheriting: ancestor) {
                    found[declaration.name.text] = written
                    progressed = true
                }
                return false
            }
        }
        return found
    }

    /// Records what the colour extensions declare; after every file's ``scan(_:)``, as their
    /// static colours may call the initializers of any file's, and ``index(_:)``, as their
    /// members' colour parameters are written with their callers.
    func scanColorExtensions() {
        let candidates = candidateColorExtensions.flatMap(ColorExtensionRewriter.candidateInitializers).map(ColorExtensionRewriter.signature)
        FunctionReferences.$index.withValue(functionIndex) { scanColorExtensions(candidates: candidates) }
    }

    private func scanColorExtensions(candidates: [CallSignature]) {
        Self.$currentColorExtensions.withValue(ColorExtensionRewriter.Declared(initializers: candidates)) {
            for declaration in candidateColorExtensions {
                guard let members = ColorExtensionRewriter.members(declaration) else { continue }
                colorExtensions.initializers += members.initializers.map(ColorExtensionRewriter.signature)
                colorExtensions.properties.formUnion(members.properties.map(\.name))
                for function in members.functions { colorExtensions.functions[function.name, default: []].append(function.signature) }
                for member in members.instanceMembers {
                    guard member.type != nil else {
                        colorExtensions.instanceValueMembers.insert(member.name)
                        continue
                    }
                    if member.isOptional { colorExtensions.optionalInstanceMembers.insert(member.name) }
                    if let signature = member.signature {
                        colorExtensions.instanceMethods[member.name, default: []].append(signature)
                    } else {
                        colorExtensions.instanceProperties.insert(member.name)
                    }
                }
            }
        }
    }

    /// Records which functions and properties return a path the command writes; after every
    /// file's ``scan(_:)`` and ``index(_:)``, as a function declared in one file may be used in
    /// another.
    /// The path extensions' initializers count while the functions are resolved (a function may
    /// build its path with one); their static members once the functions are known.
    func resolvePathFunctions(in trees: [SourceFileSyntax]) {
        var unchecked = PathExtensionRewriter.Declared()
        for declaration in candidatePathExtensions {
            if let declared = PathExtensionRewriter.declared(declaration) { unchecked.add(declared) }
        }
        // (The superclasses tell a type's static functions from another's of the same name.)
        pathFunctions = FunctionReferences.$index.withValue(functionIndex) {
            Self.$currentSuperclasses.withValue(superclasses) {
                Self.$currentPathConversions.withValue(pathConversions) {
                    Self.$currentPathExtensions.withValue(unchecked) { PathFunctionRewriter.resolve(in: trees) }
                }
            }
        }
        pathExtensions = PathExtensionRewriter.Declared()
        FunctionReferences.$index.withValue(functionIndex) {
            Self.$currentSuperclasses.withValue(superclasses) {
                Self.$currentPathConversions.withValue(pathConversions) {
                    Self.$currentPathFunctions.withValue(pathFunctions) {
                        for declaration in candidatePathExtensions {
                            if let declared = PathExtensionRewriter.resolved(declaration) { pathExtensions.add(declared) }
                        }
                    }
                }
            }
        }
    }

    /// Records which instance colour properties other files use, and whether they are written
    /// with those uses; after every file's ``scan(_:)`` and ``scanColorExtensions()``, with the
    /// context's other findings current (the colours a property holds may be an extension's).
    ///
    /// The colour parameters are resolved together before (the properties may be given them)
    /// and again after (they may be stored in the properties).
    ///
    /// The first resolution of the parameters takes every instance colour property its own file
    /// could write to be written where it is passed (`entry.color`); resolving the properties
    /// then checks their uses in every file, and the parameters are resolved again with what
    /// they decided — and the properties again, until neither changes, as a parameter left may
    /// leave a property passed to it.
    func resolveSharedColorProperties(in trees: [SourceFileSyntax]) {
        let classes = Set(superclasses.keys)
        let subclasses = { (type: String) in classes.filter { $0 != type && self.descends($0, from: [type]) } }
        sharedColorProperties.assumed = withCurrentFindings { ColorVariableRewriter.candidateSharedProperties(in: trees, subclasses: subclasses) }
        colorParameters = withCurrentFindings { ColorVariableRewriter.resolveParameters(in: trees) }
        for _ in 0..<4 {
            // (Each resolution of the properties starts from none decided.)
            let previous = sharedColorProperties
            sharedColorProperties = ColorVariableRewriter.SharedProperties()
            let shared = withCurrentFindings { ColorVariableRewriter.resolveSharedProperties(in: trees, subclasses: subclasses) }
            colorParameters = nil
            let unchanged = previous.assumed == nil && Set(shared.written.map(\.key)) == Set(previous.written.map(\.key))
            sharedColorProperties = shared
            colorParameters = withCurrentFindings { ColorVariableRewriter.resolveParameters(in: trees) }
            if unchanged { break }
        }
    }

    /// The functions the files being ported declare and the calls they make.
    private(set) var functionIndex = FunctionReferences.Index()

    /// Records the files being ported (those that parse): their functions and calls.
    func index(_ files: [SourceFileSyntax]) {
        functionIndex = FunctionReferences.Index(files)
    }

    /// Runs `body` with what the context found current for the passes.
    func withCurrentFindings<Result>(_ body: () -> Result) -> Result {
        FunctionReferences.$index.withValue(functionIndex) { withCurrentDeclarations(body) }
    }

    private func withCurrentDeclarations<Result>(_ body: () -> Result) -> Result {
        Self.$currentColorExtensions.withValue(colorExtensions) {
            Self.$currentFontExtensions.withValue(fontExtensions) { withCurrentPathDeclarations(body) }
        }
    }

    private func withCurrentPathDeclarations<Result>(_ body: () -> Result) -> Result {
        Self.$currentPathConversions.withValue(pathConversions) {
            Self.$currentPathFunctions.withValue(pathFunctions) {
                Self.$currentPathExtensions.withValue(pathExtensions) {
                    Self.$currentReferencingFiles.withValue(referencingFiles) {
                        Self.$currentSharedColorProperties.withValue(sharedColorProperties) {
                            Self.$currentViewClasses.withValue(viewClasses) {
                                Self.$currentViewExtensionMembers.withValue(viewExtensionMembers) {
                                    Self.$currentLayerClassMembers.withValue(layerClassMembers) {
                                        Self.$currentClassDeclarations.withValue(classDeclarations) {
                                            Self.$currentSuperclasses.withValue(superclasses) {
                                                Self.$currentMainActorClasses.withValue(mainActorClasses.union(displayLinkClasses)) {
                                                    ColorVariableRewriter.$resolvedParameters.withValue(colorParameters, operation: body)
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `name` is `CALayer`, one of Core Animation's layer classes, or a class declared
    /// in the ported files that descends from one.
    func isLayerClass(_ name: String) -> Bool { descends(name, from: Self.layerClasses) }

    /// Whether `name` is one of Core Animation's animation classes or descends from one.
    func isAnimationClass(_ name: String) -> Bool { descends(name, from: Self.animationClasses) }

    /// Whether `name` is a class whose key-value coding keys are Apple's (Core Animation's
    /// classes and the ported classes descending from them).
    func hasAppleKeys(_ name: String) -> Bool {
        isLayerClass(name) || isAnimationClass(name) || name == "CAEmitterCell" || name == "CADisplayLink"
    }

    func isMainActorClass(_ name: String) -> Bool { mainActorClasses.contains(name) }

    /// Whether `name` is a class the files declare that does not say it is `Sendable`: neither
    /// it, a superclass nor a protocol it adopts (or one those inherit) the files declare
    /// names `Sendable`.
    func isNonSendableClass(_ name: String) -> Bool {
        guard classInheritance[name] != nil else { return false }
        var pending = [name]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            for inherited in classInheritance[next] ?? protocolInheritance[next] ?? [] {
                if inherited.hasSuffix("Sendable") { return false }
                pending.append(inherited)
            }
        }
        return true
    }

    /// Whether `name` is a class isolated to the main actor once ported: declared so, or
    /// made so for a display link.
    func isMainActorAfterPorting(_ name: String) -> Bool { mainActorClasses.contains(name) || displayLinkClasses.contains(name) }

    func isUsedAsKey(_ name: String) -> Bool { usedKeys.contains(name) }

    /// Whether `name` is `CATextLayer` or a class the ported files declare that descends from it.
    func isTextLayer(_ name: String) -> Bool { descends(name, from: ["CATextLayer"]) }

    private func descends(_ name: String, from roots: Set<String>) -> Bool {
        Self.descends(name, from: roots, superclasses: superclasses)
    }

    /// Whether the class `name` is one of `roots` or descends from one, by `superclasses`
    /// (each class's superclass, by name).
    static func descends(_ name: String, from roots: Set<String>, superclasses: [String: String]) -> Bool {
        var current = name
        var seen: Set<String> = []
        while !roots.contains(current) {
            guard seen.insert(current).inserted, let next = superclasses[current] else { return false }
            current = next
        }
        return true
    }

    private final class Scanner: SyntaxVisitor {
        var superclasses: [String: String] = [:]
        var mainActorClasses: Set<String> = []
        var classInheritance: [String: [String]] = [:]
        var viewExtensionMembers: [String: Set<String>] = [:]
        var classMembers: [String: Set<String>] = [:]
        var protocolInheritance: [String: [String]] = [:]
        var displayLinkClasses: Set<String> = []
        var usesViewAnimationBlocks = false
        var usedKeys: Set<String> = []
        var referencedNames: Set<String> = []
        var colorExtensions: [ExtensionDeclSyntax] = []
        var fontExtensions: [FontExtensionRewriter.Declared] = []
        var pathConversions: [PathConversionExtensionRewriter.Member] = []
        var pathExtensions: [ExtensionDeclSyntax] = []
        var classDeclarations: [ClassDeclSyntax] = []

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            if ColorExtensionRewriter.members(node, checkingProperties: false) != nil {
                colorExtensions.append(node)
            }
            if let declared = FontExtensionRewriter.declared(node) { fontExtensions.append(declared) }
            if !node.isInAppleOnlyConditional, let members = PathConversionExtensionRewriter.members(node) {
                pathConversions += members
            }
            if !node.isInAppleOnlyConditional, let declared = PathExtensionRewriter.declared(node) {
                pathExtensions.append(node)
                pathConversions += declared.conversions
            }
            let extended = node.extendedType.trimmedDescription
            if ViewExtensionRewriter.extendedViewClasses.contains(extended) {
                viewExtensionMembers[extended, default: []].formUnion(DeclaredMember.instanceSignatures(in: node.memberBlock))
            }
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            if let first = node.inheritanceClause?.inheritedTypes.first {
                let name = first.type.trimmedDescription
                superclasses[node.name.text] = name.split(separator: ".").last.map(String.init) ?? name
                // A view that only hosts layers is written as a subclass of its layer class.
                if !node.isInAppleOnlyConditional, let layerClass = ViewClassRewriter.layerSuperclass(node) {
                    superclasses[node.name.text] = layerClass
                }
                // So is a view controller that only builds its view's layers.
                if !node.isInAppleOnlyConditional, ViewControllerClassRewriter.isLayerClass(node) {
                    superclasses[node.name.text] = "CALayer"
                }
            }
            if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }) {
                mainActorClasses.insert(node.name.text)
            }
            classInheritance[node.name.text] = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            classMembers[node.name.text, default: []].formUnion(DeclaredMember.instanceSignatures(in: node.memberBlock))
            if !node.isInAppleOnlyConditional { classDeclarations.append(node) }
            return .visitChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            protocolInheritance[node.name.text] = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if DisplayLinkRewriter.displayLinkSelector(node) != nil, let declaration = DisplayLinkRewriter.classIsolated(around: node) {
                displayLinkClasses.insert(declaration.name.text)
            }
            if ViewAnimationBlockRewriter.isAnimationBlock(node) { usesViewAnimationBlocks = true }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
                if let base = access.base?.as(DeclReferenceExprSyntax.self) { referencedNames.insert("\(base.baseName.text).\(node.baseName.text)") }
                // A member of that name on any value (`.name`).
                referencedNames.insert(".\(node.baseName.text)")
            } else {
                referencedNames.insert(node.baseName.text)
            }
            return .visitChildren
        }

        /// A type named (`let badge: BadgeLayer`, `x as? BadgeLayer`, `extension BadgeLayer`),
        /// under its plain name.
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            referencedNames.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            if node.segments.count == 1, let segment = node.segments.first?.as(StringSegmentSyntax.self) {
                usedKeys.insert(segment.content.text)
            }
            return .skipChildren
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "keyPath", let argument = node.arguments.first,
                let components = KeyPathRewriter.components(of: argument.expression)
            {
                usedKeys.formUnion(components)
            }
            return .visitChildren
        }
    }
}
