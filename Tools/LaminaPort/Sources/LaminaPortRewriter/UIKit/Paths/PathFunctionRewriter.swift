import SwiftSyntax

/// A function or computed property of the ported files that makes a `UIBezierPath` (or
/// AppKit's `NSBezierPath`) and returns it, written to return the `CGPath` it makes, with its
/// uses:
///
/// ```swift
/// func star(in rect: CGRect) -> UIBezierPath {      func star(in rect: CGRect) -> CGMutablePath {
///     let path = UIBezierPath()                          let path = CGMutablePath()
///     …                                         →        …
///     return path                                        return path
/// }                                                  }
/// shape.path = star(in: bounds).cgPath               shape.path = star(in: bounds)
/// ```
///
/// Each return must be a path built step by step in the body (``BezierPathBuilderRewriter``),
/// a shape ``UIKitValueRewriter`` writes (`UIBezierPath(ovalIn: r)`), or another such
/// function's path. The function returns a `CGMutablePath` when every return is built step by
/// step, and a `CGPath` otherwise. Each use of it, in any of the ported files, must be one the
/// command writes: `.cgPath` or a conversion the files declare (the path itself), `.bounds`
/// (`boundingBox`), the value of a local variable used as a path built step by step is used
/// (and not changed, for a `CGPath`), the argument of such a path's `append(_:)`, or the value
/// another such function returns. A path whose line width, cap, join or fill rule
/// the function sets is only converted (UIKit's path carries them to its caller's `stroke()`,
/// a `CGPath` does not). Functions of one name are written where their argument labels tell
/// their calls apart (none leaves out arguments), or where each is a static function of a
/// different type and every call names its type (`NSBezierPath.circle(…)` beside
/// `CAShapeLayer.circle(…)`). A function whose calls cannot be told apart so, a property whose
/// name is declared twice, or one with any other use, is left for a person with its type's
/// report.
final class PathFunctionRewriter: PortingPass {
    /// A function or computed property this pass writes.
    struct Declared: Sendable, Hashable {
        var name: String
        /// What a call of a function says; nil for a property.
        var signature: CallSignature?
        /// Whether the path is AppKit's (its methods are AppKit's).
        var isAppKit: Bool
        /// Whether every return is a path built step by step: the function returns a
        /// `CGMutablePath` (a `CGPath` otherwise).
        var isMutable: Bool
        /// Whether the function sets a line setting or the fill rule of the path it returns.
        var carriesDrawingSettings: Bool
        /// For a static function, the type (or extended type) declaring it.
        var owner: String?

        /// The type written for the declaration's.
        var writtenType: String { isMutable ? "CGMutablePath" : "CGPath" }

        /// Whether a call with `arguments`' labels calls this function.
        func isCalled(with arguments: [String]) -> Bool { signature?.isCalled(with: arguments) ?? false }

        /// Whether `call` calls this function: its labels, and, made on a type named
        /// (`CAShapeLayer.circle(…)`), that this is a static function of that type's.
        func isCalled(by call: FunctionCallExprSyntax) -> Bool {
            if let base = FunctionReferences.namedType(calledOn: call), owner != nil {
                guard let owner, PortingContext.descends(base, from: [owner], superclasses: PortingContext.currentSuperclasses) else {
                    return false
                }
            }
            return isCalled(with: call.arguments.map { $0.label?.text ?? "_" })
        }

        /// How the files' passes find it: its name, and a function's argument labels.
        var key: String { PathFunctionRewriter.key(name, signature) }
    }

    /// The key of a function (`star(in:)`) or property (`outline`) in
    /// ``PortingContext/currentPathFunctions``.
    static func key(_ name: String, _ signature: CallSignature?) -> String {
        signature.map { name + "(" + $0.labels.map { $0 + ":" }.joined() + ")" } ?? name
    }

    /// A declaration whose type is a path type: a function, or a computed property with only
    /// a getter.
    struct Candidate {
        var name: String
        /// What a call of a function says; nil for a property.
        var signature: CallSignature?
        var isAppKit: Bool
        var returnType: TypeSyntax
        /// The getter's or function's statements.
        var body: CodeBlockItemListSyntax
        /// For a static function, the type (or extended type) declaring it.
        var owner: String?

        var key: String { PathFunctionRewriter.key(name, signature) }
    }

    static let pathTypes: Set<String> = ["UIBezierPath", "NSBezierPath"]

    // MARK: Writing

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if !node.isInAppleOnlyConditional, let candidate = Self.candidate(node) { write(candidate) }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if !node.isInAppleOnlyConditional, let candidate = Self.candidate(node) { write(candidate) }
        return .visitChildren
    }

    private func write(_ candidate: Candidate) {
        guard let declared = Self.accepted(candidate) else { return }
        let what = candidate.signature == nil ? "property" : "function"
        file.replace(
            candidate.returnType, with: declared.writtenType, kind: .uikitValue,
            reason: "UIKit and AppKit do not exist on Linux; the \(what) returns the \(declared.writtenType) its path is written as")
        for returned in Self.returnedExpressions(candidate.body) {
            guard let shape = UIKitValueRewriter.path(returned) else { continue }
            file.replace(
                returned, with: shape, kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; the path is written as the CGPath it makes")
        }
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `(isPlaying ? pause(in: r) : play(in: r)).cgPath`: the path chosen, a CGPath itself.
        if let base = node.base, Self.choosesWrittenPaths(node), !node.isInAppleOnlyConditional {
            file.replace(
                file.trimmedRange(base).upperBound..<file.trimmedRange(node).upperBound, with: "", kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; each path chosen is the CGPath its function gives",
                shown: (file.trimmedRange(node), base.trimmedDescription))
            return .visitChildren
        }
        guard let base = node.base, let declared = Self.value(base), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit and AppKit do not exist on Linux; '\(declared.name)' gives the \(declared.writtenType) its path is written as"
        if let conversion = PathConversionExtensionRewriter.conversion(node) ?? (node.declName.baseName.text == "cgPath" ? ExprSyntax(node) : nil) {
            file.replace(
                file.trimmedRange(base).upperBound..<file.trimmedRange(conversion).upperBound, with: "", kind: .uikitValue,
                reason: reason + ", a CGPath itself", shown: (file.trimmedRange(conversion), base.trimmedDescription))
        } else if node.declName.baseName.text == "bounds" {
            file.replace(node.declName.baseName, with: "boundingBox", kind: .uikitValue, reason: reason)
        }
        return .visitChildren
    }

    /// Whether `node` (a use of a UIKit or AppKit type name) is in what this pass writes: the
    /// type of a function or property it writes, or a shape one returns.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        func contains(_ outer: some SyntaxProtocol) -> Bool {
            outer.position <= node.position && node.endPosition <= outer.endPosition
        }
        var current = node.parent
        while let ancestor = current {
            let candidate = ancestor.as(FunctionDeclSyntax.self).flatMap(Self.candidate) ?? ancestor.as(VariableDeclSyntax.self).flatMap(Self.candidate)
            if let candidate, accepted(candidate) != nil {
                return contains(candidate.returnType)
                    || returnedExpressions(candidate.body).contains { UIKitValueRewriter.path($0) != nil && contains($0) }
            }
            current = ancestor.parent
        }
        return false
    }

    // MARK: Declarations

    /// The function `node` declares, if its return type is a path type (or `Self` in a static
    /// function of an extension of one: `static func ring(in r: CGRect) -> Self`).
    static func candidate(_ node: FunctionDeclSyntax) -> Candidate? {
        guard let type = node.signature.returnClause?.type, let pathType = pathType(returnedBy: node),
            node.genericParameterClause == nil, node.signature.effectSpecifiers == nil, let body = node.body
        else { return nil }
        let parameters = node.signature.parameterClause.parameters
        guard !parameters.contains(where: { $0.ellipsis != nil }) else { return nil }
        return Candidate(
            name: node.name.text, signature: CallSignature(parameters),
            isAppKit: pathType == "NSBezierPath", returnType: type, body: body.statements, owner: owner(of: node))
    }

    /// The type (or extended type) declaring `function`, if it is a static function.
    static func owner(of function: FunctionDeclSyntax) -> String? {
        function.modifiers.isTypeMember ? function.enclosingTypeName : nil
    }

    /// The path type `function` returns: its return type, or, for `Self` in a static function
    /// of an extension of a path type, that type.
    static func pathType(returnedBy function: FunctionDeclSyntax) -> String? {
        guard let type = function.signature.returnClause?.type.trimmedDescription else { return nil }
        if pathTypes.contains(type) { return type }
        guard type == "Self", let extended = selfPathType(in: function) else { return nil }
        return extended
    }

    /// The path type a static function (`static func`, `class func`) of an extension of one
    /// extends, which `Self` and `self.init()` name there.
    static func selfPathType(in function: FunctionDeclSyntax) -> String? {
        guard function.modifiers.isTypeMember,
            let extended = function.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription,
            pathTypes.contains(extended)
        else { return nil }
        return extended
    }

    /// The computed property `node` declares, if its type is a path type and it has only a
    /// getter.
    static func candidate(_ node: VariableDeclSyntax) -> Candidate? {
        guard node.bindings.count == 1, let binding = node.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let type = binding.typeAnnotation?.type, pathTypes.contains(type.trimmedDescription), binding.initializer == nil,
            let body = binding.getterBody
        else { return nil }
        return Candidate(
            name: name, signature: nil, isAppKit: type.trimmedDescription == "NSBezierPath",
            returnType: type, body: body)
    }

    /// The expressions `body` returns: those of its return statements (not a nested closure's
    /// or function's), or its one expression.
    static func returnedExpressions(_ body: CodeBlockItemListSyntax) -> [ExprSyntax] {
        let returns = ReturnStatements.expressions(in: body)
        if returns.contains(where: { $0 == nil }) { return [] }
        if returns.isEmpty, body.count == 1, let only = body.first?.item.as(ExprSyntax.self) { return [only] }
        return returns.compactMap { $0 }
    }

    /// What the files' passes know of `candidate`: its entry when the command writes it.
    static func accepted(_ candidate: Candidate) -> Declared? {
        guard let declared = PortingContext.currentPathFunctions[candidate.key], declared.signature == candidate.signature,
            declared.isAppKit == candidate.isAppKit
        else { return nil }
        return declared
    }

    // MARK: Uses

    /// The function or property this pass writes that `expression` calls or reads: `f(…)`,
    /// `x.f(…)`, `p` or `x.p`.
    static func value(_ expression: ExprSyntax) -> Declared? {
        let known = PortingContext.currentPathFunctions
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty, let name = FunctionReferences.calledName(call) else {
                return nil
            }
            // Functions sharing a name are written only where their labels, or the types they
            // are called on, tell calls apart.
            return known.values.first { $0.name == name && $0.isCalled(by: call) }
        }
        let name = expression.as(DeclReferenceExprSyntax.self).map { $0.argumentNames == nil ? $0.baseName.text : "" }
            ?? expression.as(MemberAccessExprSyntax.self).flatMap { $0.base == nil ? nil : $0.declName.baseName.text }
        guard let name, let declared = known[name], declared.signature == nil else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self), isLocal(reference) { return nil }
        if let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id { return nil }
        return declared
    }

    /// Whether `reference` names a local variable, parameter or optional binding (one that
    /// hides a property of its name) — not a global path property itself, which the file's statements declare too.
    private static func isLocal(_ reference: DeclReferenceExprSyntax) -> Bool {
        let name = reference.baseName.text
        if let local = NameReferences.declaration(of: name, before: reference),
            !(local.parent?.parent?.parent?.is(SourceFileSyntax.self) == true && candidate(local) != nil)
        {
            return true
        }
        return NameReferences.parameter(named: name, around: reference) != nil
            || NameReferences.optionalBinding(named: name, around: reference) != nil
    }

    /// Whether `access` is `(condition ? a : b).cgPath` where each branch is a call or read of
    /// a function or property this pass writes, both giving the same type.
    static func choosesWrittenPaths(_ access: MemberAccessExprSyntax) -> Bool {
        guard access.declName.baseName.text == "cgPath", access.declName.argumentNames == nil, let base = access.base,
            base.is(TupleExprSyntax.self), let choice = TernaryChoice(parenthesized: base),
            let first = value(choice.value), let second = value(choice.other)
        else { return false }
        return first.writtenType == second.writtenType
    }

    /// Whether `value` (a call or read of `declared`) is used in a way the command writes.
    static func isWrittenUse(_ value: ExprSyntax, of declared: Declared) -> Bool {
        // A branch of `(condition ? value : other).cgPath`, the other a path written too.
        if let sequence = value.parent?.as(ExprListSyntax.self)?.parent ?? value.parent?.parent?.as(ExprListSyntax.self)?.parent,
            let tuple = sequence.parent?.parent?.parent?.as(TupleExprSyntax.self),
            let access = tuple.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(tuple).id
        {
            return PortingContext.$currentPathFunctions.withValue(PortingContext.currentPathFunctions.merging([declared.key: declared]) { $1 }) {
                choosesWrittenPaths(access)
            }
        }
        if let access = value.parent?.as(MemberAccessExprSyntax.self), access.base?.id == value.id {
            if PathConversionExtensionRewriter.conversion(access) != nil { return true }
            if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id {
                // `f().fill()`, `.stroke()`, `.addClip()` where UIKit's current context is known:
                // drawn there as a path made in place is, with a new path's settings.
                guard !declared.carriesDrawingSettings, ["fill", "stroke", "addClip"].contains(access.declName.baseName.text),
                    let statement = call.parent?.as(CodeBlockItemSyntax.self)
                else { return false }
                return UIKitDrawingRewriter.rewrite(statement) != nil
            }
            return ["cgPath", "bounds", "currentPoint", "isEmpty"].contains(access.declName.baseName.text)
                && !access.isAssignmentTarget
        }
        // The value of a path variable the command writes.
        if let initializer = value.parent?.as(InitializerClauseSyntax.self),
            let declaration = initializer.parent?.parent?.parent?.as(VariableDeclSyntax.self)
        {
            return BezierPathBuilderRewriter.builder(declaration) != nil
        }
        // Appended to a path the command writes.
        if !declared.carriesDrawingSettings, let argument = value.parent?.as(LabeledExprSyntax.self), argument.label == nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let method = call.calledExpression.as(MemberAccessExprSyntax.self), method.declName.baseName.text == "append",
            let receiver = method.base?.as(DeclReferenceExprSyntax.self),
            let declaration = NameReferences.declaration(of: receiver.baseName.text, before: call)
        {
            return BezierPathBuilderRewriter.builder(declaration) != nil
        }
        // Returned by a function this pass writes.
        if isReturnedByWrittenFunction(value) { return true }
        return false
    }

    /// Whether `expression` is returned by a function or property this pass writes.
    static func isReturnedByWrittenFunction(_ expression: some ExprSyntaxProtocol) -> Bool {
        guard let candidate = enclosingCandidate(of: expression), accepted(candidate) != nil else { return false }
        return returnedExpressions(candidate.body).contains { $0.id == ExprSyntax(expression).id }
    }

    /// The function or computed property whose body `node` is in (not a closure's).
    private static func enclosingCandidate(of node: some SyntaxProtocol) -> Candidate? {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ClosureExprSyntax.self) { return nil }
            if let function = ancestor.as(FunctionDeclSyntax.self) { return candidate(function) }
            if let variable = ancestor.as(VariableDeclSyntax.self), let found = candidate(variable) { return found }
            if ancestor.is(AccessorBlockSyntax.self), ancestor.parent?.parent?.parent?.is(VariableDeclSyntax.self) != true { return nil }
            current = ancestor.parent
        }
        return nil
    }

    // MARK: Deciding what is written

    /// The functions and properties of `trees` this pass writes: the candidates whose name is
    /// declared once, whose returns are paths the command writes and whose every use is one
    /// it writes — checked until no more drop out, as one function's uses may be another's
    /// returns.
    static func resolve(in trees: [SourceFileSyntax]) -> [String: Declared] {
        final class Declarations: SyntaxVisitor {
            var candidates: [Candidate] = []
            var functions: [String: [Function]] = [:]
            var properties: [String: Int] = [:]
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                functions[node.name.text, default: []].append(
                    Function(signature: CallSignature(node.signature.parameterClause.parameters), owner: PathFunctionRewriter.owner(of: node)))
                if !node.isInAppleOnlyConditional, let candidate = PathFunctionRewriter.candidate(node) { candidates.append(candidate) }
                return .visitChildren
            }
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.parent?.is(MemberBlockItemSyntax.self) == true || node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
                    for binding in node.bindings {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { properties[name, default: 0] += 1 }
                    }
                }
                if !node.isInAppleOnlyConditional, let candidate = PathFunctionRewriter.candidate(node) { candidates.append(candidate) }
                return .visitChildren
            }
        }
        let declarations = Declarations(viewMode: .sourceAccurate)
        for tree in trees { declarations.walk(tree) }
        // A function declared once, or whose calls the labels tell apart from those of every
        // other function of its name (a property of its name is told apart by the call) but
        // another type's static ones, whose calls name their types; a property declared once,
        // and no function of its name.
        var candidates = declarations.candidates.filter { candidate in
            guard let signature = candidate.signature else {
                return declarations.properties[candidate.name] == 1 && declarations.functions[candidate.name] == nil
            }
            let others = (declarations.functions[candidate.name] ?? []).filter { !$0.isOtherTypes(than: candidate) }.map(\.signature)
            return others.count == 1 || (others.filter { $0 == signature }.count == 1 && others.allSatisfy { isDistinct($0, from: signature) })
        }
        guard !candidates.isEmpty else { return [:] }
        let sharedNames = Set(candidates.filter { $0.signature != nil && declarations.properties[$0.name] != nil }.map(\.name))
        let references = referencesByName(Set(candidates.map(\.name)), in: trees)
        var known: [String: Declared] = [:]
        for candidate in candidates {
            known[candidate.key] = Declared(
                name: candidate.name, signature: candidate.signature, isAppKit: candidate.isAppKit, isMutable: true,
                carriesDrawingSettings: false, owner: candidate.owner)
        }
        while true {
            var next: [String: Declared] = [:]
            PortingContext.$currentPathFunctions.withValue(known) {
                for candidate in candidates {
                    let functions = declarations.functions[candidate.name] ?? []
                    let siblings = functions.filter { $0.signature != candidate.signature && !$0.isOtherTypes(than: candidate) }
                    let otherTypes = Set(functions.filter { $0.isOtherTypes(than: candidate) }.compactMap(\.owner))
                    guard
                        let declared = check(
                            candidate, references: references[candidate.name] ?? [], sharesName: sharedNames.contains(candidate.name),
                            siblings: siblings.map(\.signature), otherTypes: otherTypes)
                    else { continue }
                    next[candidate.key] = declared
                }
            }
            if next == known { return known }
            known = next
            candidates = candidates.filter { known[$0.key] != nil }
        }
    }

    /// A function of the files: what its calls say, and, for a static one, its type.
    private struct Function {
        var signature: CallSignature
        var owner: String?

        /// Whether this is a static function of a type other than `candidate`'s, itself a static
        /// function: calls naming their type tell the two apart.
        func isOtherTypes(than candidate: Candidate) -> Bool {
            guard let owner, let candidateOwner = candidate.owner else { return false }
            return owner != candidateOwner
        }
    }

    /// Whether every call of a function with `signature` is told apart by its labels from a
    /// call of one with `other` (or the two are the same): neither leaves out arguments, and
    /// their labels differ.
    private static func isDistinct(_ other: CallSignature, from signature: CallSignature) -> Bool {
        other == signature
            || (!other.parameters.contains(where: \.hasDefault) && !signature.parameters.contains(where: \.hasDefault)
                && other.labels != signature.labels)
    }

    /// `candidate` as written, when its returns and every reference are ones the command
    /// writes (with the current ``PortingContext/currentPathFunctions``). `sharesName` says
    /// that a property of the files has the function's name: a reference that does not call
    /// is taken to be the property's. `siblings` are the signatures of the other functions of
    /// its name, whose calls are theirs; `otherTypes` the types declaring static functions of
    /// its name beside this static one, whose calls must name a type.
    private static func check(
        _ candidate: Candidate, references: [DeclReferenceExprSyntax], sharesName: Bool, siblings: [CallSignature] = [],
        otherTypes: Set<String> = []
    ) -> Declared? {
        let returns = returnedExpressions(candidate.body)
        guard !returns.isEmpty else { return nil }
        var isMutable = true, carriesSettings = false
        for returned in returns {
            if let reference = returned.as(DeclReferenceExprSyntax.self),
                let declaration = NameReferences.declaration(of: reference.baseName.text, before: reference),
                let builder = BezierPathBuilderRewriter.builder(declaration)
            {
                carriesSettings = carriesSettings || builder.setsDrawingSettings
                isMutable = isMutable && builder.isMutable
            } else if UIKitValueRewriter.path(returned) != nil {
                isMutable = false
            } else if let other = value(returned), other.name != candidate.name {
                carriesSettings = carriesSettings || other.carriesDrawingSettings
                isMutable = isMutable && other.isMutable
            } else {
                return nil
            }
        }
        let declared = Declared(
            name: candidate.name, signature: candidate.signature, isAppKit: candidate.isAppKit, isMutable: isMutable,
            carriesDrawingSettings: carriesSettings, owner: candidate.owner)
        for reference in references {
            // A local or parameter of the name is not the function or property.
            if !reference.isMemberName, isLocal(reference) { continue }
            let expression: ExprSyntax =
                reference.isMemberName ? ExprSyntax(reference.parent!.as(MemberAccessExprSyntax.self)!) : ExprSyntax(reference)
            let use: ExprSyntax
            if candidate.signature != nil {
                guard let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id else {
                    // Another value's property of the name, or one assigned to (a function is
                    // not: `path = …` in a shape layer sets the layer's own); the function
                    // itself, not called, is a use the command does not write.
                    if reference.isMemberName || sharesName || expression.isAssignmentTarget { continue }
                    return nil
                }
                if !otherTypes.isEmpty {
                    // Another type's function of the name, or a call that does not say whose.
                    guard let type = FunctionReferences.namedType(calledOn: call) else { return nil }
                    if otherTypes.contains(where: { PortingContext.descends(type, from: [$0], superclasses: PortingContext.currentSuperclasses) }) {
                        continue
                    }
                }
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                if candidate.signature?.isCalled(with: labels) != true, siblings.contains(where: { $0.isCalled(with: labels) }) { continue }
                guard value(ExprSyntax(call)) != nil else { return nil }
                use = ExprSyntax(call)
            } else {
                use = expression
            }
            guard isWrittenUse(use, of: declared) else { return nil }
        }
        return declared
    }

    /// Each reference to one of `names` in `trees` (a call, a read, a member of that name on
    /// any value).
    private static func referencesByName(_ names: Set<String>, in trees: [SourceFileSyntax]) -> [String: [DeclReferenceExprSyntax]] {
        final class References: SyntaxVisitor {
            let names: Set<String>
            var found: [String: [DeclReferenceExprSyntax]] = [:]
            init(names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.baseName.text) { found[node.baseName.text, default: []].append(node) }
                return .visitChildren
            }
        }
        let references = References(names: names)
        for tree in trees { references.walk(tree) }
        return references.found
    }
}
