import SwiftSyntax

/// `override init(layer: Any)` → `required init(layer: Any)`: Lamina's `CALayer` declares
/// `init(layer:)` required (it copies subclasses into presentation layers through it), and
/// Swift needs `required` on every override of a required initializer (`required override`
/// compiles with a warning that `override` is implied, so `override` goes there too).
///
/// A layer subclass that declares its own designated initializer inherits no
/// `init(layer:)`, and an animation subclass none of Lamina's required `init(copying:)`
/// (through which `copy()` and `add(_:forKey:)` copy animations); the command adds the one
/// the class lacks. It sets each stored property that has no initial value from the
/// instance copied (cast to the class: Lamina always copies an instance into one of its own
/// class), and leaves the others at their initial values, which is what Apple's Objective-C
/// runtime gives a Swift subclass that does not copy them; then it calls `super` (in an
/// `open` class it is `public`, as Swift needs a required initializer to be there). A class
/// with a property declared by a pattern (`let (a, b): (Int, Int)`) is reported instead.
final class LayerInitializerRewriter: PortingPass {
    static func isLayerCopyInitializer(_ node: InitializerDeclSyntax) -> Bool {
        CopyInitializer.layer.isCopyInitializer(node)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isLayerCopyInitializer(node), !node.isInAppleOnlyConditional,
            let overrideModifier = node.modifiers.first(where: { $0.name.tokenKind == .keyword(.override) })
        else { return .skipChildren }
        if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.required) }) {
            file.remove(overrideModifier, kind: .layerInitializer, reason: "`required` implies `override` (the compiler warns about both)")
            return .skipChildren
        }
        // A required initializer must be reachable wherever its class may be subclassed:
        // everywhere (`public`) for an `open` class, in the module for any other, in the file
        // for a private one. An override needed no such reach on Apple's platforms.
        let access = node.modifiers.first { Self.accessKeywords.contains($0.name.tokenKind) }
        let accessKind = access?.name.tokenKind
        let classAccess = node.enclosingClass(throughClosures: false)?.modifiers.first {
            Self.accessKeywords.contains($0.name.tokenKind)
        }?.name.tokenKind
        let reach = "a required initializer must be reachable wherever its class may be subclassed"
        var addsPublic = false
        switch classAccess {
        case .keyword(.open):
            if let access, accessKind != .keyword(.public), accessKind != .keyword(.open) {
                file.replace(access.name, with: "public", kind: .layerInitializer, reason: reach + " (everywhere, for an open class)")
            } else if access == nil {
                addsPublic = true
            }
        case .keyword(.private), .keyword(.fileprivate):
            if let access, accessKind == .keyword(.private) {
                file.replace(access.name, with: "fileprivate", kind: .layerInitializer, reason: reach + " (in its file, for a private class)")
            }
        default:
            if let access, accessKind == .keyword(.private) || accessKind == .keyword(.fileprivate) {
                file.remove(access, kind: .layerInitializer, reason: reach + " (in its module)")
            }
        }
        file.replace(
            overrideModifier, with: addsPublic ? "public required" : "required", kind: .layerInitializer,
            reason: "Lamina's CALayer declares init(layer:) required: it makes presentation copies through it"
                + (addsPublic ? "; " + reach + " (everywhere, for an open class)" : ""))
        return .skipChildren
    }

    /// Swift's access-level keywords.
    private static let accessKeywords: [TokenKind] = [
        .keyword(.private), .keyword(.fileprivate), .keyword(.internal), .keyword(.public), .keyword(.open),
    ]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        let copy: CopyInitializer
        if file.context.isLayerClass(node.name.text) {
            copy = .layer
        } else if file.context.isAnimationClass(node.name.text) {
            copy = .animation
        } else {
            return .visitChildren
        }
        guard let last = Self.initializerToFollow(in: node, copy: copy) else { return .visitChildren }
        if let uncopied = Self.storedPropertiesWithoutInitialValues(node.memberBlock) {
            addCopyInitializer(copy, copying: uncopied, after: last, in: node)
        } else {
            file.note(
                node.name, why: copy.why,
                todo: "add `\(copy.signature) { \(copy.superCall) }`, copying the class's own stored properties from `\(copy.parameter) as? \(node.name.text)`")
        }
        return .visitChildren
    }

    /// The initializer of `node` after which `copy`'s is added, or nil where none is: the class
    /// declares a designated initializer (so it inherits no copy initializer) and no copy
    /// initializer. The last of its own but a decoder's (Foundation's, usually last).
    private static func initializerToFollow(in node: ClassDeclSyntax, copy: CopyInitializer) -> InitializerDeclSyntax? {
        let initializers = node.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        // `init?(coder:)` is one too: a class declaring only it inherits no `init(layer:)` either.
        let designated = initializers.filter { initializer in
            !initializer.modifiers.contains { $0.name.tokenKind == .keyword(.convenience) } && !copy.isCopyInitializer(initializer)
        }
        let isDecoder = { (initializer: InitializerDeclSyntax) in initializer.signature.parameterClause.parameters.first?.firstName.text == "coder" }
        guard !designated.isEmpty, !initializers.contains(where: copy.isCopyInitializer) else { return nil }
        return designated.last(where: { !isDecoder($0) }) ?? designated.last
    }

    /// The stored properties the `init(layer:)` this pass adds to the layer class `node` copies
    /// from the layer copied; empty where it adds none.
    static func propertiesCopiedByAddedLayerInitializer(in node: ClassDeclSyntax) -> [String] {
        guard initializerToFollow(in: node, copy: .layer) != nil else { return [] }
        return storedPropertiesWithoutInitialValues(node.memberBlock) ?? []
    }

    /// The initializer Lamina copies a class through: `init(layer:)` for a layer (its
    /// presentation copies), `init(copying:)` for an animation (`copy()`, and the copy a
    /// layer keeps when one is added).
    enum CopyInitializer {
        case layer, animation

        var signature: String { self == .layer ? "required init(layer: Any)" : "required init(copying animation: CAAnimation)" }
        var parameter: String { self == .layer ? "layer" : "animation" }
        /// The label of the initializer's one parameter.
        var label: String { self == .layer ? "layer" : "copying" }
        var superCall: String { self == .layer ? "super.init(layer: layer)" : "super.init(copying: animation)" }
        /// Why the class needs the initializer.
        var why: String {
            self == .layer
                ? "a layer subclass that declares a designated initializer inherits no init(layer:), and Lamina makes presentation copies through it"
                : "an animation subclass that declares a designated initializer inherits no init(copying:), and Lamina copies animations through it (copy(), and add(_:forKey:))"
        }

        /// Whether `node` is this initializer: one parameter with its label, not failable.
        func isCopyInitializer(_ node: InitializerDeclSyntax) -> Bool {
            let parameters = node.signature.parameterClause.parameters
            return parameters.count == 1 && parameters.first?.firstName.text == label && node.optionalMark == nil
        }
    }

    /// The stored instance properties of the class that start without a value (not with an
    /// initializer, `lazy`, an optional `var`, `@NSManaged`, or an override's observers), by name; nil when one is
    /// declared by a pattern other than a name (`let (a, b): (Int, Int)`).
    static func storedPropertiesWithoutInitialValues(_ members: MemberBlockSyntax) -> [String]? {
        var names: [String] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let modifiers = variable.modifiers.map(\.name.tokenKind)
            if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { continue }
            if modifiers.contains(.keyword(.lazy)) { continue }
            // An override observing an inherited property (`override var bounds: CGRect { didSet
            // { … } }`) stores nothing of its own.
            if modifiers.contains(.keyword(.override)) { continue }
            // `@NSManaged` properties become `@CAManaged` ones, kept by key with a declared start.
            if variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "NSManaged" }) {
                continue
            }
            let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock, Self.isComputed(accessors) { continue }
                if binding.initializer != nil { continue }
                let type = binding.typeAnnotation?.type
                let optional = type?.is(OptionalTypeSyntax.self) == true || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
                if isVar && optional { continue }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                names.append(name)
            }
        }
        return names
    }

    /// Whether an accessor block computes the value (a getter) rather than observing it.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return !list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    /// Adds `copy`'s initializer after `initializer`: it sets each of `properties` (stored
    /// properties without an initial value) from the instance copied, cast to the class
    /// (Lamina copies an instance into one of its own class), then calls `super`.
    private func addCopyInitializer(
        _ copy: CopyInitializer, copying properties: [String], after initializer: InitializerDeclSyntax, in node: ClassDeclSyntax
    ) {
        let indent = file.indentation(of: initializer)
        let unit = indent.count > file.indentation(of: node).count
            ? String(indent.dropFirst(file.indentation(of: node).count)) : "    "
        let anchor = file.trimmedRange(initializer)
        var body: [String] = []
        if !properties.isEmpty {
            body.append("let copied = \(copy.parameter) as! \(node.name.text)")
            body += properties.map { "self.\($0) = copied.\($0)" }
        }
        body.append(copy.superCall)
        // A required initializer must be as visible as the class is to subclasses elsewhere.
        let isOpen = node.modifiers.contains { $0.name.tokenKind == .keyword(.open) }
        let text = "\n\n\(indent)\(isOpen ? "public " : "")\(copy.signature) {\n" + body.map { "\(indent)\(unit)\($0)\n" }.joined() + "\(indent)}"
        let copies = properties.isEmpty
            ? "its stored properties start with their initial values in the copy"
            : "the copy takes \(properties.map { "`\($0)`" }.joined(separator: ", ")) from the instance copied, and its other stored properties start with their initial values"
        file.replace(
            anchor.upperBound..<anchor.upperBound, with: text, kind: .layerInitializer,
            reason: "\(copy.why); \(copies)",
            shown: (node.name.positionAfterSkippingLeadingTrivia.utf8Offset..<node.name.endPositionBeforeTrailingTrivia.utf8Offset,
                "\(node.name.text) { \(copy.signature) { … \(copy.superCall) } }"))
    }
}
