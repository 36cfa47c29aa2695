import SwiftSyntax

/// A UIKit or AppKit colour kept in a variable or property (or given back by a computed
/// property) only to hand its `CGColor` on, written as that `CGColor`:
///
/// ```swift
/// var tint: UIColor = .systemBlue {            var tint: CGColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1) {
///     didSet { ring.strokeColor =          →       didSet { ring.strokeColor = tint }
///         tint.cgColor }                       }
/// }
/// let fill = UIColor.orange                    let fill = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
/// tint = .red                                  tint = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
/// var stops: [UIColor] = [.red, .blue]         var stops: [CGColor] = [CGColor(…), CGColor(…)]
/// gradient.colors = stops.map { $0.cgColor }   gradient.colors = stops
/// ```
///
/// The declaration has one name, either the type `UIColor` (or `NSColor`, or an array of
/// either) and colours the command writes (or none), or no type and such colours, or the type
/// and a getter alone whose every value given back (each `return`, each branch of a `switch`,
/// `if` or `?:` it is) is such a colour or a colour variable written; every use
/// of the name is its `cgColor` (an array's `map { $0.cgColor }` or `map(\.cgColor)`, also
/// after `reversed()`, `shuffled()`, `prefix(n)` and the like), which becomes the name (an
/// array of the reordered colours), its `withAlphaComponent(a).cgColor` (the CGColor's `copy(alpha: a)!`), or
/// an assignment of such colours. A local variable's
/// uses are the statements after it in its block; a property's are the whole file's (itself,
/// `self.name`, and `other.name` used as it is, so the same property of another instance;
/// `other.name` used otherwise is taken for another type's property); a global another
/// ported file names is left, as that file's uses are not this file's to write; an instance
/// property other files use on values of its type, and a static property they read through its
/// type (`Theme.accent.cgColor`), is written there too, or left everywhere (``SharedProperty``). A name declared again where
/// its uses are looked for, a computed property with a setter that uses its new value otherwise
/// than for its `cgColor` (a getter and setter bridging a stored `CGColor`, `get {
/// NSColor(cgColor: stroke) } set { stroke = newValue?.cgColor }`, is written as one giving and
/// taking the CGColor), or any other use (passed on, compared) leaves the variable for a person,
/// as the report says. A colour passed for a
/// colour parameter this pass writes is already the `CGColor` it takes — the variable itself,
/// or an array's element in `for colour in name { … }` or `name.map { colour in … }`
/// (`forEach`, `compactMap`, `$0`) — and such a parameter's callers may pass those: the
/// array and the parameter are written together or not at all. An array literal of colours
/// gone through in place that way (`for colour in [UIColor.red, .blue] { … }`) holds CGColors
/// when each colour is only handed on as one. `name.setFill()`
/// (`setStroke()`, `set()`) where UIKit's current context is known (``DrawingContext``) sets
/// that context's colour to it.
final class ColorVariableRewriter: PortingPass {
    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        writeSharedPropertyUses(in: node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let variable = Self.variable(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = UIKitValueRewriter.reason(
            for: node,
            "UIKit and AppKit do not exist on Linux; '\(variable.name)' only hands on its CGColor\(variable.isArray ? "s" : ""), so it holds \(variable.isArray ? "them" : "that CGColor")")
        if let (type, written) = variable.type { file.replace(type, with: written, kind: .uikitValue, reason: reason) }
        for colour in variable.initialValue { file.replace(colour.expression, with: colour.cgColor, kind: .uikitValue, reason: reason) }
        for use in variable.uses { apply(use, name: variable.name, reason: reason) }
        return .skipChildren
    }

    /// `if let colour = value as? UIColor` (or `guard let`, `NSColor`): a colour read back from
    /// attributes, which hold the `CGColor` on Linux, cast to it instead, with its uses in the
    /// binding's scope written as a colour variable's are (`colour.cgColor` → `colour`).
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let bound = Self.castColour(node) else { return .visitChildren }
        let reason = "UIKit and AppKit do not exist on Linux; attributes hold the CGColor, and '\(bound.name)' only hands its CGColor on"
        file.replace(bound.type, with: "CGColor", kind: .uikitValue, reason: reason)
        for use in bound.uses { apply(use, name: bound.name, reason: reason) }
        return .visitChildren
    }

    /// The type a colour bound from a cast is cast to (`if let colour = value as? UIColor`), its
    /// name and its uses; nil for another binding, or a use this pass does not write.
    static func castColour(_ node: OptionalBindingConditionSyntax) -> (type: TypeExprSyntax, name: String, uses: [Use])? {
        guard let pattern = node.pattern.as(IdentifierPatternSyntax.self), node.typeAnnotation == nil,
            let cast = node.initializer?.value.as(SequenceExprSyntax.self), cast.elements.count == 3,
            Array(cast.elements)[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark?.tokenKind == .postfixQuestionMark,
            let type = Array(cast.elements)[2].as(TypeExprSyntax.self), colorTypeNames.contains(type.type.trimmedDescription),
            let scope = NameReferences.scope(of: node),
            let references = NameReferences.find(pattern.identifier.text, in: scope, except: pattern.id)
        else { return nil }
        var uses: [Use] = []
        for reference in references where !reference.isMemberName {
            guard let use = use(of: ExprSyntax(reference), isArray: false) else { return nil }
            uses.append(use)
        }
        return (type, pattern.identifier.text, uses)
    }

    /// The edits writing the uses of the colour an optional binding unwraps from `reference`
    /// (`guard let colour = name`, `if let colour = self.name`), in the binding's scope, when
    /// each is a use this pass writes (its `cgColor`, passed for a colour parameter written);
    /// nil for another reference or use.
    private static func boundUses(of reference: ExprSyntax) -> [(Syntax, String)]? {
        var value = reference
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.as(DeclReferenceExprSyntax.self)?.id,
            access.base?.trimmedDescription == "self"
        {
            value = ExprSyntax(access)
        }
        guard let binding = value.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self),
            binding.typeAnnotation == nil, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let scope = NameReferences.scope(of: binding),
            let references = NameReferences.find(pattern.identifier.text, in: scope, except: pattern.id)
        else { return nil }
        var edits: [(Syntax, String)] = []
        for use in references where !use.isMemberName {
            switch self.use(of: ExprSyntax(use), isArray: false) {
            case .cgColor(let whole, let kept)?: edits.append((Syntax(whole), kept.trimmedDescription))
            case .same?: break
            default: return nil
            }
        }
        return edits
    }

    /// The colour declaration an optionally bound name unwraps (`colour` of `guard let colour =
    /// name`, `name` a colour variable or property), if it does.
    private static func unwrappedDeclaration(boundTo reference: DeclReferenceExprSyntax) -> VariableDeclSyntax? {
        guard let binding = NameReferences.optionalBinding(named: reference.baseName.text, around: reference), binding.typeAnnotation == nil,
            let value = binding.initializer?.value
        else { return nil }
        let unwrapped = value.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? ExprSyntax($0.declName) : nil } ?? value
        guard let name = unwrapped.as(DeclReferenceExprSyntax.self) else { return nil }
        return NameReferences.declaration(of: name.baseName.text, before: name) ?? colourDeclaration(of: ExprSyntax(name))
    }

    /// Whether `node` is in a colour binding this pass writes (``castColour(_:)``).
    static func isBoundCastRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let condition = ancestor.as(OptionalBindingConditionSyntax.self) { return castColour(condition) != nil }
            if ancestor.is(CodeBlockItemSyntax.self) || ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// Records the edits of one use of the colour variable `name`.
    func apply(_ use: Use, name: String, reason: String) {
        switch use {
        case .cgColor(let whole, let reference):
            // What is kept keeps the edits made inside it (a call's arguments', a name renamed).
            file.replace(whole, with: file.placeholder(for: reference), kind: .uikitValue, reason: reason)
        case .assigned(let colours):
            for colour in colours { file.replace(colour.expression, with: colour.cgColor, kind: .uikitValue, reason: reason) }
        case .loop(let uses):
            for (whole, written) in uses {
                file.replace(whole, with: written, kind: .uikitValue, reason: reason)
            }
        case .same:
            break
        case .components(let call, let written):
            file.replace(
                call, with: written, kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; '\(name)' is a CGColor, whose components are read in sRGB")
        case .drawn(let statement, let written):
            file.replace(
                statement, with: written.joined(separator: statement.statementSeparator), kind: .uikitValue,
                reason: "UIKit's drawing goes to its current context, which Linux does not have; '\(name)' is set as the colour of the CGContext current there")
        }
    }

    override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (colours, uses) = Self.loopLiteral(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit and AppKit do not exist on Linux; the loop's colours are only handed on as CGColors, so the array holds them"
        for colour in colours { file.replace(colour.expression, with: colour.cgColor, kind: .uikitValue, reason: reason) }
        for (whole, written) in uses { file.replace(whole, with: written, kind: .uikitValue, reason: reason) }
        return .visitChildren
    }

    /// An array literal of colours this pass writes that a `for` loop, or a `map` (`forEach`,
    /// `compactMap`) closure, goes through using each colour only as a CGColor
    /// (`for colour in [UIColor.red, .blue] { … piece(color: colour) … }`): its colours, and the
    /// edits of the element's uses. One element must name the colour type, as Swift needs.
    static func loopLiteral(_ array: ArrayExprSyntax) -> (colours: [Colour], uses: [(Syntax, String)])? {
        if let tuples = tupleLoopLiteral(array) { return tuples }
        guard let (element, body) = elementLoop(over: array),
            array.elements.contains(where: { !$0.expression.trimmedDescription.hasPrefix(".") }),
            let colours = colours(ExprSyntax(array), isArray: true, implicitMember: true)
        else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([array.id])) {
            cgColorUses(of: element, in: body).map { (colours, $0) }
        }
    }

    /// An array literal of tuples a `for` loop goes through, naming their parts
    /// (`for (face, colour) in [(front, UIColor.systemIndigo), (back, .systemOrange)] { … }`):
    /// the colours of each part whose every tuple has a colour this pass writes there (one
    /// naming the colour type) and whose name the loop uses only as a CGColor, and the edits
    /// of those uses; nil when no part is.
    private static func tupleLoopLiteral(_ array: ArrayExprSyntax) -> (colours: [Colour], uses: [(Syntax, String)])? {
        guard let loop = array.parent?.as(ForStmtSyntax.self), loop.sequence.id == array.id,
            let pattern = loop.pattern.as(TuplePatternSyntax.self), !array.elements.isEmpty
        else { return nil }
        let names = pattern.elements.map { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        var tuples: [[ExprSyntax]] = []
        for element in array.elements {
            guard let tuple = element.expression.as(TupleExprSyntax.self), tuple.elements.count == names.count else { return nil }
            tuples.append(tuple.elements.map(\.expression))
        }
        var colours: [Colour] = []
        var uses: [(Syntax, String)] = []
        for (position, name) in names.enumerated() {
            let values = tuples.map { $0[position] }
            guard let name, values.contains(where: { !$0.trimmedDescription.hasPrefix(".") }) else { continue }
            let written: [Colour] = values.compactMap { value in UIKitValueRewriter.color(value, implicitMember: true).map { (value, $0) } }
            guard written.count == values.count,
                let found = $assumedWritten.withValue(assumedWritten.union([array.id]), operation: { cgColorUses(of: name, in: Syntax(loop.body)) })
            else { continue }
            colours += written
            uses += found
        }
        return colours.isEmpty ? nil : (colours, uses)
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard let parameter = Self.parameter(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let what =
            parameter.isArray
            ? "CGColors, so it takes [CGColor]" : parameter.isOptional ? "CGColor, so it takes an optional CGColor" : "CGColor, so it takes a CGColor"
        let reason = "UIKit and AppKit do not exist on Linux; '\(parameter.name)' only hands on its \(what) (in every ported file's calls)"
        let type = parameter.isArray ? "[CGColor]" : parameter.isOptional ? "CGColor?" : "CGColor"
        writeParameter(node, as: type, uses: parameter.uses, arguments: parameter.arguments, reason: reason)
        if let (value, color) = parameter.defaultValue { file.replace(value, with: color, kind: .uikitValue, reason: reason) }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        writeColourFunction(node)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        writeArguments(in: node, of: { Self.parameter($0).map { ($0.name, $0.arguments) } }, takes: "a CGColor")
        return .visitChildren
    }

    struct Parameter {
        var name: String
        /// Whether it is an array of colours (`[UIColor]`).
        var isArray = false
        /// Whether it is an optional colour (`UIColor?`).
        var isOptional = false
        var defaultValue: (ExprSyntax, String)?
        /// Each `name.cgColor` (or reading of its components, or `name.setFill()` where the
        /// context is known) in the body and what is written for it.
        var uses: [(Syntax, String)]
        /// Colours the calls pass for it (in every ported file), and the CGColors written for them.
        var arguments: [(ExprSyntax, String)]
    }

    /// A function's `UIColor` parameter whose body uses it only as `name.cgColor` (or sets it as
    /// the colour of a context the command knows, or reads its components) — or its `[UIColor]`
    /// parameter used as an array of colours is (`name.map { $0.cgColor }`, by element, in a
    /// loop) —; the calls of the function (in every ported file) pass it colours the command writes.
    /// An optional `UIColor?` parameter is used only as `name?.cgColor`, stored in a colour
    /// property written or passed on to an optional one; its callers may pass `nil`.
    ///
    /// A protocol requirement's parameter (`func setUp(in layer: CALayer, color: UIColor)`) is
    /// written when the functions of the ported files with its name and labels — its
    /// implementations — have theirs written, and theirs only with it: the types keep
    /// conforming.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        guard isColourParameter(node), let function = FunctionReferences.callable(declaring: node) else { return nil }
        let isArray = node.type.is(ArrayTypeSyntax.self)
        let isOptional = node.type.is(OptionalTypeSyntax.self)
        let isRequirement = isProtocolRequirement(node)
        guard let body = function.body ?? (isRequirement ? CodeBlockSyntax(statements: []) : nil) else { return nil }
        // Resolved with the files' other colour parameters (``resolveParameters(in:)``): one
        // found not written is not; one found written is checked with the others written taken
        // to be (each check then reads its own body and calls once).
        let resolved = resolvedParameters
        if resolved?.notWritten.contains(node.id) == true { return nil }
        let name = (node.secondName ?? node.firstName).text
        var defaultValue: (ExprSyntax, String)?
        if let value = node.defaultValue?.value, !(isOptional && value.is(NilLiteralExprSyntax.self)) {
            guard let colours = colours(value, isArray: isArray, implicitMember: true) else { return nil }
            defaultValue = (value, isArray ? "[\(colours.map(\.cgColor).joined(separator: ", "))]" : colours[0].cgColor)
        }
        // Stored in a colour property, it is taken to be written while the property is checked.
        return $assumedWritten.withValue(assumedWritten.union([node.id]).union(resolved?.written ?? [])) {
            // The requirement and its implementations are written together.
            guard let counterparts = counterparts(of: node, in: function) else { return nil }
            if isRequirement {
                guard !counterparts.isEmpty,
                    counterparts.allSatisfy({ assumedWritten.contains($0.id) || parameter($0) != nil })
                else { return nil }
                return Parameter(name: name, isArray: isArray, isOptional: isOptional, uses: [], arguments: [])
            }
            for requirement in counterparts where isProtocolRequirement(requirement) {
                guard assumedWritten.contains(requirement.id) || parameter(requirement) != nil else { return nil }
            }
            return parameter(
                node, named: name, isArray: isArray, isOptional: isOptional, defaultValue: defaultValue, function: function, body: body)
        }
    }

    /// Whether `node` is a parameter of a protocol's function requirement.
    private static func isProtocolRequirement(_ node: FunctionParameterSyntax) -> Bool {
        guard let function = node.parent?.parent?.parent?.parent?.as(FunctionDeclSyntax.self), function.body == nil else { return false }
        return function.parent?.parent?.parent?.parent?.is(ProtocolDeclSyntax.self) == true
    }

    /// The parameters in `node`'s place of the other functions of the ported files with
    /// `function`'s name and argument labels, where a protocol requirement is among them
    /// (`node`'s or theirs): the requirement and its implementations. Empty when there is no
    /// requirement; nil when one of them is not a colour parameter.
    private static func counterparts(of node: FunctionParameterSyntax, in function: FunctionReferences.Callable) -> [FunctionParameterSyntax]? {
        guard let index = function.parameters.firstIndex(where: { $0.id == node.id }) else { return [] }
        let signature = CallSignature(function.parameters)
        let others = (FunctionReferences.index.functions[function.name] ?? []).filter {
            CallSignature($0.parameters) == signature && $0.signature.id != function.signature.id
        }
        let places = others.map { Array($0.parameters)[function.parameters.distance(from: function.parameters.startIndex, to: index)] }
        guard isProtocolRequirement(node) || places.contains(where: isProtocolRequirement) else { return [] }
        return places.allSatisfy(isColourParameter) ? places : nil
    }

    /// Whether `node` is a `UIColor` (or `NSColor`, an optional one, or an array of them)
    /// parameter, not variadic, in code Linux compiles (code it skips is left as it is).
    private static func isColourParameter(_ node: FunctionParameterSyntax) -> Bool {
        let isArray = node.type.as(ArrayTypeSyntax.self).map { colorTypeNames.contains($0.element.trimmedDescription) } ?? false
        let isOptional = node.type.as(OptionalTypeSyntax.self).map { colorTypeNames.contains($0.wrappedType.trimmedDescription) } ?? false
        return (isArray || isOptional || colorTypeNames.contains(node.type.trimmedDescription)) && node.ellipsis == nil
            && !node.isInAppleOnlyConditional
    }

    /// Whether this pass writes the colour parameter `node`: where the files' parameters are
    /// resolved (``resolveParameters(in:)``), whether it is among those written — each of
    /// which passes its own check with the others taken to be written, so checking it again
    /// gives the same answer —, else ``parameter(_:)``'s answer.
    static func writes(_ node: FunctionParameterSyntax) -> Bool {
        if assumedWritten.contains(node.id) { return true }
        if let resolved = resolvedParameters { return resolved.written.contains(node.id) }
        return parameter(node) != nil
    }

    /// The files' colour parameters, resolved together: which the command writes, and which not.
    struct ResolvedParameters: Sendable {
        var written: Set<SyntaxIdentifier> = []
        var notWritten: Set<SyntaxIdentifier> = []
    }

    /// The colour parameters resolved for the files being ported, while their passes run.
    @TaskLocal static var resolvedParameters: ResolvedParameters?

    /// Which colour parameters of `trees` the command writes. A parameter is written when its
    /// uses and the arguments of its calls are ones the command writes, taking the parameters
    /// they are passed to or from to be written in turn: all are taken to be written at first,
    /// and one whose check fails is not, until none fails (the largest such set). Checked one
    /// by one instead, each parameter would check again every parameter its colours reach,
    /// which for many functions passing colours to one another (or sharing names across
    /// files) grows exponentially.
    static func resolveParameters(in trees: [SourceFileSyntax]) -> ResolvedParameters {
        final class Candidates: SyntaxVisitor {
            var found: [FunctionParameterSyntax] = []
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                if ColorVariableRewriter.isColourParameter(node) { found.append(node) }
                return .skipChildren
            }
        }
        let candidates = Candidates(viewMode: .sourceAccurate)
        for tree in trees { candidates.walk(tree) }
        var state = ResolvedParameters(written: Set(candidates.found.map(\.id)))
        var changed = true
        while changed {
            changed = false
            for node in candidates.found where state.written.contains(node.id) {
                guard $resolvedParameters.withValue(state, operation: { parameter(node) }) == nil else { continue }
                state.written.remove(node.id)
                state.notWritten.insert(node.id)
                changed = true
            }
        }
        return state
    }

    private static func parameter(
        _ node: FunctionParameterSyntax, named name: String, isArray: Bool, isOptional: Bool, defaultValue: (ExprSyntax, String)?,
        function: FunctionReferences.Callable, body: CodeBlockSyntax
    ) -> Parameter? {
        guard let uses = isArray ? arrayUses(of: name, in: Syntax(body)) : cgColorUses(of: name, in: Syntax(body), isOptional: isOptional)
        else { return nil }
        // The calls: `f(…, label: colour, …)`; for a parameter without a label, the argument in
        // its place, the calls passing every argument.
        var passed: [ExprSyntax] = []
        let label = node.firstName.text
        if label == "_" {
            guard let (_, all) = FunctionReferences.argumentsPassed(for: node) else { return nil }
            passed = all
        } else {
            for call in FunctionReferences.calls(of: function) {
                // (A loop: `filter` on a syntax collection makes a new, detached one.)
                for argument in call.arguments where argument.label?.text == label { passed.append(argument.expression) }
            }
        }
        // The function named without a call: only mapped over a colour array this pass writes.
        if !isArray, !isOnlyMappedOverWrittenColours(function) { return nil }
        var arguments: [(ExprSyntax, String)] = []
        for argument in passed {
            // `nil` for an optional colour is nil for the optional CGColor.
            if isOptional, argument.is(NilLiteralExprSyntax.self) { continue }
            if let colours = colours(argument, isArray: isArray, implicitMember: true) {
                arguments += colours.map { ($0.expression, $0.cgColor) }
            } else if !isArray, let (cast, fallback) = readBackColour(argument) {
                // `(value as? UIColor) ?? fallback`: cast to the CGColor attributes hold.
                arguments.append((ExprSyntax(cast), "CGColor"))
                arguments += fallback.map { ($0.expression, $0.cgColor) }
            } else if !isWrittenColour(argument) && !isWrittenParameter(argument, isArray: isArray)
                && !(!isArray && isWrittenArrayElement(argument)) && !isWrittenSharedPropertyRead(argument, isArray: isArray)
            {
                return nil
            }
        }
        return Parameter(name: name, isArray: isArray, isOptional: isOptional, defaultValue: defaultValue, uses: uses, arguments: arguments)
    }

    /// Whether every reference to `function` in its file that does not call it is the function
    /// mapped over a colour array this pass writes (`colors.map(makeCell)`).
    private static func isOnlyMappedOverWrittenColours(_ function: FunctionReferences.Callable) -> Bool {
        // Every reference of the name (locals of it are told apart below).
        let references = NameReferences.tokens(function.name, in: function.root)
            .compactMap { $0.parent?.as(DeclReferenceExprSyntax.self) }
        for reference in references {
            // `name` or `self.name` (`other.name` is another value's member).
            let named: ExprSyntax
            if !reference.isMemberName {
                // A local, parameter or binding of the name is another value.
                let name = reference.baseName.text
                if NameReferences.declaration(of: name, before: reference) != nil || NameReferences.parameter(named: name, around: reference) != nil
                    || NameReferences.optionalBinding(named: name, around: reference) != nil
                {
                    continue
                }
                named = ExprSyntax(reference)
            } else if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
                named = ExprSyntax(member)
            } else {
                continue
            }
            if let call = named.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == named.id { continue }
            guard let argument = named.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                let map = argument.parent?.parent?.as(FunctionCallExprSyntax.self), map.arguments.count == 1,
                let access = map.calledExpression.as(MemberAccessExprSyntax.self), mappingMethods.contains(access.declName.baseName.text),
                let array = access.base, let declaration = colourDeclaration(of: array),
                assumedWritten.contains(declaration.id) || variable(declaration)?.isArray == true
            else { return false }
        }
        return true
    }

    /// The methods that hand each element of an array to a closure or function.
    static let mappingMethods: Set<String> = ["map", "forEach", "compactMap", "flatMap"]

    /// `colours.map(makeCell)` (`forEach`, `compactMap`, `flatMap`; `self.makeCell`), given
    /// `colours.map`: whether the function named is the one of that name in its type (or file),
    /// taking one colour in a parameter this pass writes.
    private static func mapsToWrittenParameter(_ access: MemberAccessExprSyntax) -> Bool {
        guard mappingMethods.contains(access.declName.baseName.text), let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == access.id, call.trailingClosure == nil, call.arguments.count == 1,
            let argument = call.arguments.first, argument.label == nil
        else { return false }
        let named = argument.expression
        let name: String
        if let reference = named.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            name = reference.baseName.text
        } else if let member = named.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            name = member.declName.baseName.text
        } else {
            return false
        }
        // The function of that name in the type (or file) that names it.
        let candidates = (FunctionReferences.index.functions[name] ?? []).filter {
            $0.root.id == call.root.id && $0.signature.enclosingTypeName == call.enclosingTypeName
        }
        guard candidates.count == 1, let function = candidates.first, function.parameters.count == 1, let parameter = function.parameters.first
        else { return false }
        return writes(parameter)
    }

    /// The edits for the uses of an array of colours `name` in `scope` (its `map { $0.cgColor }`,
    /// its elements' `cgColor`, a loop or closure over them, its `count`), or nil when one is
    /// not one this pass writes.
    private static func arrayUses(of name: String, in scope: Syntax) -> [(Syntax, String)]? {
        guard let references = NameReferences.find(name, in: [scope]) else { return nil }
        var edits: [(Syntax, String)] = []
        for reference in references where !reference.isMemberName {
            // Stored in a colour array property this pass writes (`self.colors = colors`).
            if isStoredInWrittenProperty(reference) { continue }
            switch use(of: ExprSyntax(reference), isArray: true) {
            case .cgColor(let whole, let kept)?: edits.append((Syntax(whole), kept.trimmedDescription))
            case .loop(let uses)?: edits += uses
            case .same?: break
            default: return nil
            }
        }
        return edits
    }

    /// Whether `argument` is a colour passed for a parameter this pass writes.
    static func rewritesArgument(_ argument: LabeledExprSyntax) -> Bool {
        let parameters = FunctionReferences.parameters(receiving: argument)
        // The colour passed, or the colours of an array literal passed.
        let passed = argument.expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression.id) } ?? [argument.expression.id]
        return parameters.contains { parameter($0)?.arguments.contains { passed.contains($0.0.id) } == true }
    }

    enum Use {
        /// `name.cgColor` (an array's `name.map { $0.cgColor }`): the name (the reference:
        /// `name` or `self.name`).
        case cgColor(ExprSyntax, ExprSyntax)
        /// `name = colours`: each colour and the CGColor written for it.
        case assigned([Colour])
        /// `for colour in name { … colour.cgColor … }`: each `colour.cgColor` (or reading of its
        /// components, or setting it in the known context) and what is written for it.
        case loop([(Syntax, String)])
        /// An array's `count` or `isEmpty`: nothing to write.
        case same
        /// `name.setFill()` (`setStroke()`, `set()`) where UIKit's current context is known:
        /// the statement and the ones written for it.
        case drawn(CodeBlockItemSyntax, [String])
        /// `name.getRed(&r, green: &g, blue: &b, alpha: &a)` (or `getHue`): the call and the
        /// reading of the CGColor's components written for it (``ColorComponents``).
        case components(FunctionCallExprSyntax, String)
    }

    /// A colour expression and the `CGColor` written for it.
    typealias Colour = (expression: ExprSyntax, cgColor: String)

    struct Variable {
        var name: String
        /// The `UIColor` (or `[UIColor]`) type annotation, if any, and what it becomes.
        var type: (TypeSyntax, String)?
        var isArray: Bool
        /// Whether it is an optional colour (`UIColor?`).
        var isOptional = false
        var initialValue: [Colour]
        var uses: [Use]
    }

    static let colorTypeNames: Set<String> = ["UIColor", "NSColor"]

    /// The CGColors for a colour (or, for an array, an array literal of colours) the command
    /// writes, or nil.
    static func colours(_ value: ExprSyntax, isArray: Bool, implicitMember: Bool) -> [Colour]? {
        guard isArray else { return UIKitValueRewriter.color(value, implicitMember: implicitMember).map { [(value, $0)] } }
        guard let array = value.as(ArrayExprSyntax.self) else { return nil }
        var result: [Colour] = []
        for element in array.elements {
            guard let color = UIKitValueRewriter.color(element.expression, implicitMember: implicitMember) else { return nil }
            result.append((element.expression, color))
        }
        return result
    }

    /// The colours an array literal of colour variables this pass writes (`[primary, accent]`),
    /// and of colours it writes in place, holds: each in place written, each name kept; nil
    /// when an element is another value, or when none is a name.
    private static func namedColours(in array: ArrayExprSyntax) -> [Colour]? {
        var colours: [Colour] = []
        var names = 0
        for element in array.elements {
            if let color = UIKitValueRewriter.color(element.expression, implicitMember: true) {
                colours.append((element.expression, color))
            } else if isWrittenColour(element.expression) {
                names += 1
            } else {
                return nil
            }
        }
        return names > 0 ? colours : nil
    }

    /// The colour variable `node` declares, when it is one this pass writes.
    static func variable(_ node: VariableDeclSyntax) -> Variable? {
        guard node.bindings.count == 1, let binding = node.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        // A static colour of a colour extension is ColorExtensionRewriter's.
        if let extensionDecl = node.parent?.parent?.parent?.parent?.as(ExtensionDeclSyntax.self),
            ColorExtensionRewriter.members(extensionDecl) != nil
        {
            return nil
        }
        let name = pattern.identifier.text
        let annotation = binding.typeAnnotation?.type
        var type: (TypeSyntax, String)?
        var isArray = false
        var isOptional = false
        if let annotation {
            if let dictionary = annotation.as(DictionaryTypeSyntax.self), colorTypeNames.contains(dictionary.value.trimmedDescription) {
                return dictionaryVariable(node, binding: binding, pattern: pattern, valueType: dictionary.value)
            }
            // `[UIColor]`, or `[UIColor]!`, read as the array itself (`for color in colors`).
            let array = annotation.as(ArrayTypeSyntax.self) ?? annotation.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType.as(ArrayTypeSyntax.self)
            if let array, colorTypeNames.contains(array.element.trimmedDescription) {
                isArray = true
                type = (array.element, "CGColor")
            } else if let optional = annotation.as(OptionalTypeSyntax.self), colorTypeNames.contains(optional.wrappedType.trimmedDescription) {
                isOptional = true
                type = (optional.wrappedType, "CGColor")
            } else if let unwrapped = annotation.as(ImplicitlyUnwrappedOptionalTypeSyntax.self),
                colorTypeNames.contains(unwrapped.wrappedType.trimmedDescription)
            {
                // `var lineColor: UIColor!`: optional, read as `lineColor.cgColor` too.
                isOptional = true
                type = (unwrapped.wrappedType, "CGColor")
            } else if colorTypeNames.contains(annotation.trimmedDescription) {
                type = (annotation, "CGColor")
            } else {
                return nil
            }
        }
        var initialValue: [Colour] = []
        if let value = binding.initializer?.value, !(isOptional && value.is(NilLiteralExprSyntax.self)) {
            if annotation == nil { isArray = value.is(ArrayExprSyntax.self) }
            if let colours = colours(value, isArray: isArray, implicitMember: annotation != nil), !colours.isEmpty {
                initialValue = colours
            } else if isArray, annotation != nil, value.as(ArrayExprSyntax.self)?.elements.isEmpty == true {
                // `var stops: [UIColor] = []`: the type says what it holds; no colour to write.
            } else if !isArray, !isOptional, let call = value.as(FunctionCallExprSyntax.self),
                $assumedWritten.withValue(assumedWritten.union([node.id]), operation: { callsWrittenColourFunction(call) })
            {
                // `let colour = blend(a, b)`: the CGColor the function gives back once written.
            } else if isArray, let array = value.as(ArrayExprSyntax.self), !array.elements.isEmpty,
                let colours = $assumedWritten.withValue(assumedWritten.union([node.id]), operation: { namedColours(in: array) })
            {
                // `[primary, accent]`: colour properties this pass writes, and colours written.
                initialValue = colours
            } else {
                return nil
            }
        } else if annotation == nil {
            return nil
        }
        // Observers, or a getter alone giving back colours (checked with the uses below), or a
        // getter and a setter bridging a stored CGColor (`get { UIColor(cgColor: stroke) } set {
        // stroke = newValue.cgColor }`), whose new value is used only for its CGColor.
        var results: [ExprSyntax]?
        var setterUses: [Use] = []
        if let getter = binding.getterBody {
            guard annotation != nil, binding.initializer == nil, let found = ReturnStatements.results(of: getter) else { return nil }
            results = found
        } else if let (getter, setter, newValue) = binding.getterAndSetter {
            guard annotation != nil, binding.initializer == nil, !isArray, let found = ReturnStatements.results(of: getter),
                let written = newValueUses(newValue, in: setter, isOptional: isOptional)
            else { return nil }
            results = found
            setterUses = written
        } else if !binding.isStored {
            return nil
        }

        let isProperty = node.parent?.is(MemberBlockItemSyntax.self) == true
        guard let searched = NameReferences.scope(of: node, properties: true) else { return nil }
        // A static property (`Theme.accent`) or a global another ported file names may be used
        // there as UIKit's colour, which this file's pass cannot write: it is left for a person.
        let isStatic = isProperty && node.modifiers.isTypeMember
        let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        let key = isStatic ? node.enclosingTypeName.map { "\($0).\(name)" } : isGlobal ? name : nil
        // A static property whose reads there are all written (``SharedProperty``) is written.
        if let key, !(PortingContext.currentReferencingFiles[key] ?? []).subtracting([node.root.id]).isEmpty,
            !isStatic || !(isResolvingSharedProperties || PortingContext.currentSharedColorProperties.written.contains { $0.key == key })
        {
            return nil
        }
        // An instance property another ported file uses in a way this pass does not write, or
        // on a value whose type that file does not spell out (``SharedProperty``).
        if isProperty, !isStatic, let type = node.enclosingTypeName, PortingContext.currentSharedColorProperties.left.contains("\(type).\(name)") {
            return nil
        }
        // Its colours may be passed to a colour parameter whose other callers pass this
        // variable's colours too: while its uses are checked, it is taken to be written.
        return $assumedWritten.withValue(assumedWritten.union([node.id])) {
            if let results {
                // Each value the getter gives back: a colour written, `nil` for an optional, or a
                // colour variable written (another such property).
                for result in results where !(isOptional && result.is(NilLiteralExprSyntax.self)) {
                    if let colours = colours(result, isArray: isArray, implicitMember: true) {
                        initialValue += colours
                    } else if !isArray, let bridged = appKitColor(bridging: result, isOptional: isOptional) {
                        initialValue.append((result, bridged))
                    } else if isArray || !isWrittenColour(result) {
                        return nil
                    }
                }
            }
            let ownType = isProperty ? node.enclosingTypeName : nil
            // A struct's or enum's property, which no other type inherits: the name alone in
            // another type is that type's own member (`fillColor = nil` in a shape layer).
            let ownDeclaration = node.parent?.parent?.parent?.parent
            let isValueTypeProperty = isProperty && (ownDeclaration?.is(StructDeclSyntax.self) == true || ownDeclaration?.is(EnumDeclSyntax.self) == true)
            guard
                var found = uses(
                    of: name, pattern: pattern, in: searched, isProperty: isProperty, ownType: ownType, isArray: isArray, isOptional: isOptional,
                    othersOwnTheName: isValueTypeProperty)
            else { return nil }
            // A struct's stored property: the colours its file's memberwise initializations
            // pass for it (other files' are theirs, ``SharedProperty``).
            if !isStatic, let structure = StoredPropertyReferences.memberwiseStruct(of: node) {
                for value in StoredPropertyReferences.memberwiseArguments(for: name, of: structure, in: node.root) {
                    guard let use = memberwiseUse(value, isArray: isArray, isOptional: isOptional) else { return nil }
                    found.append(use)
                }
            }
            found += setterUses
            return Variable(name: name, type: type, isArray: isArray, isOptional: isOptional, initialValue: initialValue, uses: found)
        }
    }

    /// The uses of a setter's new value `newValue` in `setter`, each its `cgColor` (`newValue?.cgColor`
    /// or `newValue!.cgColor` for an optional colour), which becomes the value itself; nil
    /// when it is used otherwise.
    private static func newValueUses(_ newValue: String, in setter: CodeBlockItemListSyntax, isOptional: Bool) -> [Use]? {
        guard let references = NameReferences.find(newValue, in: [Syntax(setter)]) else { return nil }
        var uses: [Use] = []
        for reference in references where !reference.isMemberName {
            var kept = ExprSyntax(reference)
            var receiver = ExprSyntax(reference)
            if isOptional, let chained = reference.parent?.as(OptionalChainingExprSyntax.self) {
                receiver = ExprSyntax(chained)
            } else if isOptional, let forced = reference.parent?.as(ForceUnwrapExprSyntax.self) {
                receiver = ExprSyntax(forced)
                kept = ExprSyntax(forced)
            }
            guard let access = receiver.parent?.as(MemberAccessExprSyntax.self), access.base?.id == receiver.id,
                access.declName.baseName.text == "cgColor", access.declName.argumentNames == nil, isOptional || kept.id == receiver.id
            else { return nil }
            uses.append(.cgColor(ExprSyntax(access), kept))
        }
        return uses
    }

    /// Whether `value` is an AppKit colour made from a CGColor (`NSColor(cgColor: c)`) that a
    /// computed colour property this pass writes gives back, written as the CGColor.
    static func rewritesBridgedResult(_ value: ExprSyntax) -> Bool {
        guard value.is(FunctionCallExprSyntax.self) || value.is(ForceUnwrapExprSyntax.self),
            appKitColor(bridging: value, isOptional: true) != nil, let property = computedProperty(returning: value)
        else { return false }
        return variable(property)?.initialValue.contains { $0.expression.id == value.id } == true
    }

    /// The CGColor an AppKit colour made from one gives back in a computed colour property's
    /// getter: `NSColor(cgColor: c)!`, or `NSColor(cgColor: c)` for an optional colour (AppKit's
    /// initializer fails only for a colour it cannot convert, which a CGColor kept is not).
    private static func appKitColor(bridging result: ExprSyntax, isOptional: Bool) -> String? {
        let call = result.as(ForceUnwrapExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            ?? (isOptional ? result.as(FunctionCallExprSyntax.self) : nil)
        guard let call, call.trailingClosure == nil, call.arguments.count == 1, call.arguments.first?.label?.text == "cgColor",
            UIKitValueRewriter.initializedType(call)?.baseName.text == "NSColor",
            let value = call.arguments.first?.expression
        else { return nil }
        return value.trimmedDescription
    }

    /// A dictionary of colours (`let colors: [Status: UIColor] = [.ok: .systemGreen, …]`), a
    /// local or a property of its type, whose every use is an element's CGColor —
    /// `colors[key]?.cgColor` (the CGColor, optional as the element is), `colors[key]!.cgColor`
    /// — or an element set to a colour the command writes (`colors[key] = .red`): a dictionary
    /// of CGColors. Nil for another use, or a value that is not a colour the command writes.
    private static func dictionaryVariable(
        _ node: VariableDeclSyntax, binding: PatternBindingSyntax, pattern: IdentifierPatternSyntax, valueType: TypeSyntax
    ) -> Variable? {
        guard binding.isStored, binding.accessorBlock == nil, let scope = NameReferences.scope(of: node, properties: true) else { return nil }
        var initialValue: [Colour] = []
        if let value = binding.initializer?.value {
            guard let dictionary = value.as(DictionaryExprSyntax.self) else { return nil }
            if case .elements(let elements) = dictionary.content {
                for element in elements {
                    guard let colours = colours(element.value, isArray: false, implicitMember: true) else { return nil }
                    initialValue += colours
                }
            }
        }
        let name = pattern.identifier.text
        let isProperty = node.parent?.is(MemberBlockItemSyntax.self) == true
        guard let references = NameReferences.find(name, in: scope, except: pattern.id, parametersHide: isProperty) else { return nil }
        var edits: [(Syntax, String)] = []
        var assigned: [Colour] = []
        for reference in references {
            var dictionaryExpression = ExprSyntax(reference)
            if reference.isMemberName {
                // `self.colors`; another value's member of the name is not this dictionary.
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" else { continue }
                dictionaryExpression = ExprSyntax(access)
            }
            guard let element = dictionaryExpression.parent?.as(SubscriptCallExprSyntax.self),
                element.calledExpression.id == dictionaryExpression.id
            else { return nil }
            // `colors[key] = colour`.
            if element.isAssignmentTarget, let value = element.assignedValue {
                guard let colours = colours(value, isArray: false, implicitMember: true) else { return nil }
                assigned += colours
                continue
            }
            // `colors[key]?.cgColor`, `colors[key]!.cgColor`.
            guard let unwrapped = element.parent, unwrapped.is(OptionalChainingExprSyntax.self) || unwrapped.is(ForceUnwrapExprSyntax.self),
                let access = unwrapped.parent?.as(MemberAccessExprSyntax.self), access.base?.id == unwrapped.id,
                access.declName.baseName.text == "cgColor", access.declName.argumentNames == nil
            else { return nil }
            edits.append((Syntax(access), element.trimmedDescription + (unwrapped.is(ForceUnwrapExprSyntax.self) ? "!" : "")))
        }
        return Variable(
            name: name, type: (valueType, "CGColor"), isArray: false, isOptional: false, initialValue: initialValue,
            uses: [.loop(edits), .assigned(assigned)])
    }

    /// What a value passed for the property in a memberwise initialization needs: its colours
    /// written, or nothing for a colour variable this pass writes; nil for another value.
    static func memberwiseUse(_ value: ExprSyntax, isArray: Bool, isOptional: Bool) -> Use? {
        if isOptional, value.is(NilLiteralExprSyntax.self) { return .same }
        if let colours = colours(value, isArray: isArray, implicitMember: true) { return .assigned(colours) }
        return isWrittenColour(value) ? .same : nil
    }

    /// The computed colour property whose getter gives back `expression` (one of its
    /// ``ReturnStatements/results(of:)``), if any.
    private static func computedProperty(returning expression: ExprSyntax) -> VariableDeclSyntax? {
        var current = expression.parent
        while let ancestor = current {
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(FunctionDeclSyntax.self) { return nil }
            if let accessors = ancestor.as(AccessorBlockSyntax.self) {
                guard let binding = accessors.parent?.as(PatternBindingSyntax.self),
                    let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
                    let body = binding.getterBody ?? binding.getterAndSetter?.getter,
                    ReturnStatements.results(of: body)?.contains(where: { $0.id == expression.id }) == true
                else { return nil }
                return declaration
            }
            current = ancestor.parent
        }
        return nil
    }

    /// The uses of the variable `name` declares (at `pattern`) in `searched`, or nil when one
    /// is not one this pass writes. With `othersOwnTheName` (a struct's or enum's property), the
    /// name alone in another type is not a use.
    private static func uses(
        of name: String, pattern: IdentifierPatternSyntax, in searched: [Syntax], isProperty: Bool, ownType: String?, isArray: Bool,
        isOptional: Bool, othersOwnTheName: Bool = false
    ) -> [Use]? {
        var uses: [Use] = []
        // (Another type's property of the name is its own: `PieItem.color` beside `PieLayer.color`.)
        guard
            let references = NameReferences.find(
                name, in: searched, except: pattern.id, parametersHide: isProperty, propertyOf: isProperty ? ownType : nil)
        else { return nil }
        for reference in references {
            if reference.isMemberName, let access = reference.parent?.as(MemberAccessExprSyntax.self) {
                // `other.name`: this property of another instance when it is used as this one
                // is, else another type's property of that name (`gradient.colors`) — unless
                // `other` is `self`, the type itself (`Palette.stops`, a static property) or a
                // value declared of it, which make it this property used otherwise; a local
                // variable is never a member.
                guard isProperty else { continue }
                // A value declared of another type, which neither is nor descends from this
                // one (`item.color` where `item` is a `PieItem`): that type's property.
                if let ownType, let base = access.base, !["self", "Self", ownType].contains(base.trimmedDescription),
                    let baseType = DeclaredType.of(base),
                    !PortingContext.descends(baseType, from: [ownType], superclasses: PortingContext.currentSuperclasses)
                {
                    continue
                }
                if let use = use(of: ExprSyntax(access), isArray: isArray, isOptional: isOptional) {
                    uses.append(use)
                } else if let base = access.base,
                    ["self", "Self", ownType].contains(base.trimmedDescription) || (ownType != nil && DeclaredType.of(base) == ownType)
                {
                    return nil
                }
                continue
            }
            if othersOwnTheName, reference.enclosingTypeName != ownType { continue }
            guard let use = use(of: ExprSyntax(reference), isArray: isArray, isOptional: isOptional) else { return nil }
            uses.append(use)
        }
        return uses
    }

    /// The colour variables taken to be written while a variable's uses are checked (a
    /// parameter its colours are passed to asks whether they are written).
    @TaskLocal static var assumedWritten: Set<SyntaxIdentifier> = []

    /// Whether `expression` is, once ported, a `CGColor` this pass writes: a colour variable
    /// it writes (`tint`), or an element of a colour array it writes — the element of
    /// `for colour in colours`, or the parameter of a closure `colours.map { colour in … }`
    /// (`forEach`, `compactMap`; or `$0`).
    static func isWrittenColour(_ expression: ExprSyntax) -> Bool {
        if let declaration = StoredPropertyReferences.staticProperty(namedBy: expression) {
            return assumedWritten.contains(declaration.id) || variable(declaration) != nil
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        let name = reference.baseName.text
        let declaration: VariableDeclSyntax?
        if let array = arrayElementSource(of: reference) {
            // An array literal gone through in place.
            if let literal = array.as(ArrayExprSyntax.self) { return assumedWritten.contains(literal.id) || loopLiteral(literal) != nil }
            declaration = colourDeclaration(of: array)
        } else {
            declaration =
                NameReferences.declaration(of: name, before: reference) ?? colourDeclaration(of: ExprSyntax(reference))
                ?? unwrappedDeclaration(boundTo: reference)
        }
        guard let declaration else { return false }
        if assumedWritten.contains(declaration.id) { return true }
        return variable(declaration) != nil
    }

    /// The array `reference` is an element of: the sequence of the `for` loop that binds it,
    /// or the base of the `map` (`forEach`, `compactMap`) whose closure takes it — or the array
    /// whose `enumerated()` pairs they go through, `reference` being a pair's element.
    private static func arrayElementSource(of reference: DeclReferenceExprSyntax) -> ExprSyntax? {
        let name = reference.baseName.text
        var current = reference.parent
        while let ancestor = current {
            if let loop = ancestor.as(ForStmtSyntax.self), loop.body.position <= reference.position {
                if loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name { return loop.sequence }
                if pairElement(of: loop.pattern) == name, let array = enumeratedArray(loop.sequence) { return array }
            }
            if let closure = ancestor.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                elementClosure(of: call)?.id == closure.id, let sequence = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            {
                if let array = enumeratedArray(sequence) {
                    if closureParameter(of: closure, pairs: true) == name { return array }
                } else if closureParameter(of: closure) == name {
                    return sequence
                }
            }
            if ancestor.is(FunctionDeclSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// The array `sequence` enumerates: `array` in `array.enumerated()`.
    private static func enumeratedArray(_ sequence: ExprSyntax) -> ExprSyntax? {
        guard let call = sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "enumerated"
        else { return nil }
        return access.base
    }

    /// The element's name in a `for` loop's pattern over `enumerated()` pairs: `color` in
    /// `(index, color)` (or `(_, color)`).
    private static func pairElement(of pattern: PatternSyntax) -> String? {
        guard let tuple = pattern.as(TuplePatternSyntax.self), tuple.elements.count == 2, tuple.elements.allSatisfy({ $0.label == nil }) else {
            return nil
        }
        return tuple.elements.last?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The methods whose closure takes each element of the array they are called on.
    private static let elementMethods: Set<String> = ["map", "forEach", "compactMap"]

    /// The closure `call` gives one of ``elementMethods`` (`x.map { … }`, `x.map({ … })`).
    private static func elementClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            elementMethods.contains(access.declName.baseName.text), call.additionalTrailingClosures.isEmpty
        else { return nil }
        if let trailing = call.trailingClosure { return call.arguments.isEmpty ? trailing : nil }
        return call.arguments.count == 1 ? call.arguments.first?.expression.as(ClosureExprSyntax.self) : nil
    }

    /// The element's name and the body going through `sequence` one element at a time:
    /// `for element in sequence { … }`, or `sequence.map { element in … }` (``elementMethods``,
    /// `$0`) — not `map { $0.cgColor }`, the array's own CGColors.
    /// `sequence.enumerated()` pairs gone through the same ways (`for (index, colour) in …`,
    /// `.map { index, colour in … }`), the element being the pair's second.
    private static func elementLoop(over sequence: some ExprSyntaxProtocol, pairs: Bool = false) -> (element: String, body: Syntax)? {
        if let loop = sequence.parent?.as(ForStmtSyntax.self), loop.sequence.id == sequence.id {
            let element = pairs ? pairElement(of: loop.pattern) : loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            return element.map { ($0, Syntax(loop.body)) }
        }
        guard let access = sequence.parent?.as(MemberAccessExprSyntax.self), access.base?.id == sequence.id,
            mapsToCGColors(access) == nil, let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id
        else { return nil }
        if !pairs, let enumerated = enumeratedArray(ExprSyntax(call)), enumerated.id == sequence.id {
            return elementLoop(over: call, pairs: true)
        }
        guard let closure = elementClosure(of: call), let element = closureParameter(of: closure, pairs: pairs) else { return nil }
        return (element, Syntax(closure.statements))
    }

    /// The parameter `closure` takes for an element: its one parameter (`$0` when it names
    /// none), or with `pairs` the second of its two (a closure naming none is not followed: it
    /// may read `$0.element`).
    private static func closureParameter(of closure: ClosureExprSyntax, pairs: Bool = false) -> String? {
        let count = pairs ? 2 : 1
        guard let clause = closure.signature?.parameterClause else { return pairs ? nil : "$0" }
        if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self), shorthand.count == count { return shorthand.last?.name.text }
        if let parameters = clause.as(ClosureParameterClauseSyntax.self), parameters.parameters.count == count {
            return parameters.parameters.last?.firstName.text
        }
        return nil
    }

    /// The declaration of the variable or property `expression` names (`name`, `self.name`):
    /// a local before it, else a property of the file of that name.
    private static func colourDeclaration(of expression: ExprSyntax) -> VariableDeclSyntax? {
        let reference: DeclReferenceExprSyntax
        if let plain = expression.as(DeclReferenceExprSyntax.self) {
            reference = plain
        } else if let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            reference = access.declName
        } else {
            return nil
        }
        let name = reference.baseName.text
        if expression.is(DeclReferenceExprSyntax.self), let local = NameReferences.declaration(of: name, before: expression) { return local }
        let properties = StoredPropertyReferences.declarations(named: name, in: expression.root)
        return properties.count == 1 ? properties.first : nil
    }

    /// Whether `value` is an element of a colour array this pass writes, taken by subscript
    /// (`colors[i]`): a parameter's, a variable's or a property's.
    private static func isWrittenArrayElement(_ value: ExprSyntax) -> Bool {
        guard let subscripted = value.as(SubscriptCallExprSyntax.self), subscripted.arguments.count == 1 else { return false }
        let array = subscripted.calledExpression
        return isWrittenParameter(array, isArray: true) || isWrittenColour(array)
    }

    /// Whether `value` is assigned (`target = value`) to a colour variable or property this
    /// pass writes: a local, or a stored property of that name of the type `target`'s base is
    /// declared as (or of the type around it).
    private static func assignsWrittenColour(_ value: ExprSyntax) -> Bool {
        guard let target = value.assignmentTarget else { return false }
        let declaration = target.as(DeclReferenceExprSyntax.self).flatMap { NameReferences.variable(named: $0.baseName.text, seenFrom: target) }
            ?? target.as(MemberAccessExprSyntax.self).flatMap(StoredPropertyReferences.property(accessedBy:))
        guard let declaration else { return false }
        return assumedWritten.contains(declaration.id) || variable(declaration) != nil
    }

    /// Whether `value` is a colour parameter this pass writes (of an array of colours or not).
    static func isWrittenParameter(_ value: ExprSyntax, isArray: Bool) -> Bool {
        guard let declared = NameReferences.parameter(namedBy: value), declared.type.is(ArrayTypeSyntax.self) == isArray else { return false }
        return writes(declared)
    }

    /// Whether `value` names the colour an optional binding takes from an optional colour
    /// parameter this pass writes (`fill` in `if let fill = fill { self.fill = fill }`,
    /// `guard let colour = tint`): a `CGColor` there.
    private static func isBoundWrittenParameter(_ value: ExprSyntax) -> Bool {
        guard let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let binding = NameReferences.optionalBinding(named: reference.baseName.text, around: reference), binding.typeAnnotation == nil,
            let bound = binding.initializer?.value, let declared = NameReferences.parameter(namedBy: bound),
            declared.type.is(OptionalTypeSyntax.self)
        else { return false }
        return writes(declared)
    }

    /// Whether `reference` is stored in a colour property this pass writes (`self.tint = tint`).
    private static func isStoredInWrittenProperty(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let declaration = StoredPropertyReferences.property(storing: ExprSyntax(reference)) else { return false }
        return assumedWritten.contains(declaration.id) || variable(declaration) != nil
    }

    /// Whether `value` is passed (as a whole argument) for a colour parameter this pass writes
    /// (to `CGColor`).
    private static func isPassedToWrittenParameter(_ value: some ExprSyntaxProtocol) -> Bool {
        FunctionReferences.parameter(receiving: value).map(writes) ?? false
    }

    /// `(value as? UIColor) ?? fallback` (or `NSColor`): a colour read back from attributes,
    /// which hold the `CGColor` on Linux, or else a colour the command writes. The cast's type,
    /// which becomes `CGColor`, and the fallback's colours when it is made in place (none for
    /// a colour variable or property this pass writes); nil for another expression.
    static func readBackColour(_ value: ExprSyntax) -> (cast: TypeExprSyntax, fallback: [Colour])? {
        guard let read = FallbackCast(value, castTo: colorTypeNames) else { return nil }
        if let colours = colours(read.fallback, isArray: false, implicitMember: true) { return (read.type, colours) }
        return isWrittenColour(read.fallback) ? (read.type, []) : nil
    }

    /// Whether `reference` is the fallback of a colour read back from attributes
    /// (``readBackColour(_:)``) passed for a colour parameter this pass writes.
    private static func isReadBackFallback(_ reference: ExprSyntax) -> Bool {
        isWrittenReadBack(FallbackCast.withFallback(reference, castTo: colorTypeNames))
    }

    /// Whether `node` (a type's name) is the cast of a colour read back from attributes that
    /// this pass writes as `CGColor`.
    static func isReadBackCastRewritten(_ node: some SyntaxProtocol) -> Bool {
        isWrittenReadBack(FallbackCast.around(node, castTo: colorTypeNames))
    }

    /// Whether `read` is a colour read back from attributes (``readBackColour(_:)``) passed for
    /// a colour parameter this pass writes.
    private static func isWrittenReadBack(_ read: FallbackCast?) -> Bool {
        guard let read, readBackColour(ExprSyntax(read.sequence)) != nil else { return false }
        return isPassedToWrittenParameter(read.sequence)
    }

    /// Whether `reference` names a colour variable or property declared implicitly unwrapped
    /// (`var lineColor: UIColor!`).
    private static func isImplicitlyUnwrapped(_ reference: ExprSyntax) -> Bool {
        let declaration = StoredPropertyReferences.declaration(namedBy: reference)
        return declaration?.bindings.first?.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
    }

    /// Whether `value` is passed for a struct's colour property this pass writes, in that
    /// struct's memberwise initialization (`Confetto(color: value, …)`).
    private static func isPassedToWrittenMemberwiseProperty(_ value: some ExprSyntaxProtocol) -> Bool {
        guard let argument = value.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let typeName = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let root = value.root.as(SourceFileSyntax.self)
        else { return false }
        let own = NameReferences.variableDeclarations(named: label, in: Syntax(root)).contains {
            StoredPropertyReferences.memberwiseStruct(of: $0)?.name.text == typeName && (assumedWritten.contains($0.id) || variable($0) != nil)
        }
        return own || PortingContext.currentSharedColorProperties.written.contains { $0.memberwise && $0.typeName == typeName && $0.name == label }
    }

    /// Whether `value` is a colour assigned to a variable this pass writes (`tint = UIColor.red`),
    /// the initial value of one, or a value a computed colour property it writes gives back. (An
    /// element of such an array literal, too.)
    static func rewrites(_ value: ExprSyntax) -> Bool {
        if assignsSharedProperty(value) { return true }
        if isPassedToWrittenMemberwiseProperty(value) { return true }
        // The assigned value: the colour, or the array literal it is an element of.
        var assigned = Syntax(value)
        if value.parent?.is(ArrayElementSyntax.self) == true, let array = value.parent?.parent?.parent { assigned = array }
        // Given back by a computed colour property written.
        if let result = assigned.as(ExprSyntax.self), let property = computedProperty(returning: result) { return variable(property) != nil }
        if let result = assigned.as(ExprSyntax.self), let function = colourFunction(returning: result) { return colourFunction(function) != nil }
        if assigned.parent?.is(InitializerClauseSyntax.self) == true,
            let declaration = assigned.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self)
        {
            return variable(declaration) != nil
        }
        // `target = value`, or `target = condition ? value : other` (either branch).
        if let ternary = assigned.parent?.as(UnresolvedTernaryExprSyntax.self), ternary.thenExpression.id == assigned.id {
            assigned = Syntax(ternary)
        }
        guard let list = assigned.parent?.as(ExprListSyntax.self), let target = list.first,
            assignedValues(list)?.contains(where: { $0.id == value.id || $0.id == assigned.id }) == true,
            let root = value.root.as(SourceFileSyntax.self)
        else { return false }
        let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return NameReferences.variableDeclarations(named: name, in: Syntax(root)).contains { declaration in
            variable(declaration)?.uses.contains {
                guard case .assigned(let colours) = $0 else { return false }
                return colours.contains { $0.expression.id == value.id }
            } == true
        }
    }

    /// What one reference needs, or nil for a use this pass does not write.
    static func use(of reference: ExprSyntax, isArray: Bool, isOptional: Bool = false) -> Use? {
        // The fallback of a colour read back from attributes, passed for a colour parameter
        // this pass writes: already the CGColor it takes.
        if !isArray, !isOptional, isReadBackFallback(reference) { return .same }
        // `(condition ? name : other).cgColor`, the other branch a colour this pass writes too:
        // the CGColor chosen.
        if !isArray, !isOptional, let (access, written) = chosenCGColor(reference) { return .loop([(Syntax(access), written)]) }
        // `[base, highlight, base].map { $0.cgColor }`, every element a colour variable written:
        // the array of those CGColors.
        if !isArray, !isOptional, let (map, written) = mappedVariableArray(around: reference) { return .loop([(Syntax(map), written)]) }
        if isOptional {
            // `name?.cgColor` → `name`, `name!.cgColor` → `name!`; `name = nil` stays.
            if let chained = reference.parent?.as(OptionalChainingExprSyntax.self),
                let access = chained.parent?.as(MemberAccessExprSyntax.self), access.base?.id == chained.id,
                access.declName.baseName.text == "cgColor"
            {
                return .cgColor(ExprSyntax(access), reference)
            }
            if let forced = reference.parent?.as(ForceUnwrapExprSyntax.self),
                let access = forced.parent?.as(MemberAccessExprSyntax.self), access.base?.id == forced.id,
                access.declName.baseName.text == "cgColor"
            {
                return .cgColor(ExprSyntax(access), ExprSyntax(forced))
            }
            if reference.assignedValue?.is(NilLiteralExprSyntax.self) == true {
                return .same
            }
            // `guard let colour = name` (`if let`): the bound colour's uses are written as a
            // colour variable's are, in the binding's scope.
            if let bound = boundUses(of: reference) { return .loop(bound) }
            // `name.cgColor` on an implicitly unwrapped colour (`UIColor!`) → `name`, which
            // unwraps as implicitly where a CGColor is taken.
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
                access.declName.baseName.text == "cgColor", isImplicitlyUnwrapped(reference)
            {
                return .cgColor(ExprSyntax(access), reference)
            }
        }
        // Given back by a computed colour property written: already the CGColor it gives.
        if !isArray, let property = computedProperty(returning: reference),
            assumedWritten.contains(property.id) || variable(property) != nil
        {
            return .same
        }
        // Given back by a colour function written, or a call of one kept in a local written.
        if !isOptional, let function = colourFunction(returning: reference),
            assumedWritten.contains(function.id) || colourFunction(function)?.isArray == isArray
        {
            return .same
        }
        if !isArray, !isOptional, reference.is(FunctionCallExprSyntax.self),
            let declaration = reference.parent?.as(InitializerClauseSyntax.self)?.parent?.parent?.parent?.as(VariableDeclSyntax.self),
            assumedWritten.contains(declaration.id) || variable(declaration) != nil
        {
            return .same
        }
        if isArray, let element = elementUse(of: reference) { return element }
        // An element of the array literal a colour array this pass writes is given
        // (`static let gradient: [UIColor] = [primary, accent]`): already a CGColor there.
        if !isArray, !isOptional, let element = reference.parent?.as(ArrayElementSyntax.self),
            let array = element.parent?.parent?.as(ArrayExprSyntax.self), let initializer = array.parent?.as(InitializerClauseSyntax.self),
            let declaration = initializer.parent?.parent?.parent?.as(VariableDeclSyntax.self),
            assumedWritten.contains(declaration.id) || variable(declaration) != nil
        {
            return .same
        }
        // `target = name[i]`, the target a colour variable or property this pass writes, or
        // `face(name[i])`, passed for a colour parameter it writes.
        if isArray, !isOptional, let subscripted = reference.parent?.as(SubscriptCallExprSyntax.self),
            subscripted.calledExpression.id == reference.id,
            assignsWrittenColour(ExprSyntax(subscripted)) || isPassedToWrittenParameter(subscripted)
        {
            return .same
        }
        // Passed for a colour parameter this pass writes: already the CGColor it takes.
        if !isOptional, isPassedToWrittenParameter(reference) { return .same }
        // Given to its own `backgroundColor` by a view the command writes as a layer: the
        // layer's, a CGColor.
        if !isArray, isOwnBackgroundOfWrittenView(reference) { return .same }
        // A text colour attribute's value (`[.foregroundColor: name]`,
        // `addAttribute(.strokeColor, value: name, range: r)`): the CGColor Core Text reads.
        if !isArray, !isOptional, isColorAttributeValue(reference) { return .same }
        // Given to a plain label's text colour (`label.textColor = tint`): the label layer the
        // command writes for it takes a CGColor.
        if !isArray, !isOptional, isPlainLabelTextColor(reference) { return .same }
        // `for colour in name { … }`, `name.map { colour in … }`: each element's uses.
        if isArray, let (element, body) = elementLoop(over: reference) {
            return cgColorUses(of: element, in: body).map { .loop($0) }
        }
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id {
            if isArray, ["count", "isEmpty"].contains(access.declName.baseName.text),
                access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != access.id
            {
                return .same
            }
            // `name.map(makeCell)`: each colour handed to a colour parameter this pass writes.
            if isArray, mapsToWrittenParameter(access) { return .same }
            // `name.reversed().map { $0.cgColor }` (`shuffled()`, `prefix(n)`, …): those CGColors.
            if isArray, let (whole, written) = reorderedCGColors(access, of: reference.trimmedDescription) {
                return .loop([(Syntax(whole), written)])
            }
            guard !isArray else { return mapsToCGColors(access).map { .cgColor($0, reference) } }
            // `name.setFill()` where UIKit's current context is known: that context's fill colour.
            if let (statement, written) = drawnUse(access, color: reference.trimmedDescription) {
                return .drawn(statement, written)
            }
            if let call = ColorComponents.call(access), let written = ColorComponents.read(call, color: reference.trimmedDescription) {
                return .components(call, written)
            }
            if let (whole, written) = derivedUse(access, color: reference.trimmedDescription) {
                return .loop([(Syntax(whole), written)])
            }
            // `name.isLight`: a member of a colour extension the command writes on CGColor.
            if PortingContext.currentColorExtensions.instanceValueMembers.contains(access.declName.baseName.text) { return .same }
            guard access.declName.baseName.text == "cgColor", access.declName.argumentNames == nil else { return nil }
            return .cgColor(ExprSyntax(access), reference)
        }
        // `name = other.name` (`init(layer:)` copying the property of another layer of its
        // type): a CGColor either side. The read side is the same copy.
        if DeclaredType.isPropertyCopy(reference) { return .same }
        // `target = name`, the target another colour variable or property this pass writes
        // (`graphColor = Self.defaultGraphColor`): a CGColor either side.
        if reference.assignmentTarget != nil, assignsWrittenColour(reference) { return .same }
        // `name = value` (or `name = condition ? value : other`).
        if let list = reference.parent?.as(ExprListSyntax.self), list.first?.id == reference.id, let values = assignedValues(list) {
            var assigned: [Colour] = []
            for value in values {
                guard let colours = colours(value, isArray: isArray, implicitMember: true) else {
                    // A colour parameter written, stored (`self.tint = tint`), or an element of
                    // a colour array written (`slice.fill = colors[i]`): already the CGColor.
                    if isWrittenParameter(value, isArray: isArray) || (!isArray && isWrittenArrayElement(value)) { continue }
                    // The colour an optional colour parameter written is bound to (`if let fill = fill`).
                    if !isArray, isBoundWrittenParameter(value) { continue }
                    // `ink = ink.withAlphaComponent(0.9)`: derived from a colour written, that
                    // reference's own use writes it.
                    if !isArray, isDerivedFromWrittenColour(value) { continue }
                    // Another colour variable or property this pass writes (`graphColor =
                    // Self.defaultGraphColor`): already a CGColor (the two are written together).
                    if isWrittenColour(value) { continue }
                    return nil
                }
                assigned += colours
            }
            return .assigned(assigned)
        }
        return nil
    }

    /// Whether `value` is the whole value given to `backgroundColor` (or `self.backgroundColor`)
    /// in a view ``ViewClassRewriter`` writes as a layer.
    private static func isOwnBackgroundOfWrittenView(_ value: ExprSyntax) -> Bool {
        guard let (target, assigned) = value.parent?.as(ExprListSyntax.self)?.simpleAssignment, assigned.id == value.id,
            ViewMembers.isOwnMember(target, named: "backgroundColor"),
            !(target.as(DeclReferenceExprSyntax.self).map { ViewMembers.isLocal("backgroundColor", at: $0) } ?? false),
            let view = value.enclosingClass(throughClosures: true)
        else { return false }
        return ViewClassRewriter.layerSuperclass(view) != nil
    }

    /// Whether `value` is the whole value given to the `textColor` of a plain label a view or
    /// controller makes (`label.textColor = value`, `self.title.textColor = value`), which
    /// ``PlainLabels`` writes as a label layer taking a `CGColor`.
    private static func isPlainLabelTextColor(_ value: ExprSyntax) -> Bool {
        guard let (target, assigned) = value.parent?.as(ExprListSyntax.self)?.simpleAssignment, assigned.id == value.id,
            let access = target.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "textColor", let base = access.base
        else { return false }
        let reference = base.as(DeclReferenceExprSyntax.self)
            ?? base.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName : nil }
        guard let reference, let declaration = NameReferences.variable(named: reference.baseName.text, seenFrom: reference) else { return false }
        return PlainViews.holder(declaredBy: declaration, in: value.enclosingClass(throughClosures: true))?.kind == .label
    }

    /// Whether `value` is given as a text colour attribute (``UIKitValueRewriter/colorAttributeKeys``):
    /// an attribute dictionary's value for that key, or `addAttribute`'s value for it.
    private static func isColorAttributeValue(_ value: ExprSyntax) -> Bool {
        if let element = value.parent?.as(DictionaryElementSyntax.self), element.value.id == value.id {
            return UIKitValueRewriter.isColorAttribute(element)
        }
        guard let call = value.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return UIKitValueRewriter.addedColorAttributeValue(call)?.id == value.id
    }

    /// `(condition ? a : b).cgColor` around `reference` (`a` or `b`, or the branch
    /// `reference.withAlphaComponent(x)`, written `reference.copy(alpha: x)!`): the access and
    /// the text written for it — the parenthesised choice — when the other branch is a colour
    /// variable or property this pass writes too (or such a copy of one), or a colour made in
    /// place (`(isDark ? accent : UIColor.gray).cgColor`), written there as its `CGColor`.
    private static func chosenCGColor(_ reference: ExprSyntax) -> (MemberAccessExprSyntax, String)? {
        var branch = reference
        var replacements: [(ExprSyntax, String)] = []
        if let (copy, alpha) = alphaCopy(around: reference) {
            branch = ExprSyntax(copy)
            replacements.append((branch, "\(reference.trimmedDescription).copy(alpha: \(alpha))!"))
        }
        guard let (access, choice, other) = choice(around: branch) else { return nil }
        if isWrittenColour(other) {
            // Already the CGColor.
        } else if let member = other.as(MemberAccessExprSyntax.self), let declaration = StoredPropertyReferences.property(accessedBy: member),
            assumedWritten.contains(declaration.id) || variable(declaration) != nil
        {
            // A property of a value declared of its type (`style.highlight`).
        } else if let call = other.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base, isWrittenColour(base), let (copy, alpha) = alphaCopy(around: base), copy.id == call.id
        {
            replacements.append((other, "\(base.trimmedDescription).copy(alpha: \(alpha))!"))
        } else if let written = UIKitValueRewriter.color(other, implicitMember: true) {
            replacements.append((other, written))
        } else {
            return nil
        }
        // The choice's text with the branches' colours written in it, last first.
        let start = choice.positionAfterSkippingLeadingTrivia.utf8Offset
        var text = Array(choice.trimmedDescription.utf8)
        for (replaced, written) in replacements.sorted(by: { $0.0.position > $1.0.position }) {
            let range = (replaced.positionAfterSkippingLeadingTrivia.utf8Offset - start)..<(replaced.endPositionBeforeTrailingTrivia.utf8Offset - start)
            text.replaceSubrange(range, with: Array(written.utf8))
        }
        return (access, String(decoding: text, as: UTF8.self))
    }

    /// `[a, b, a].map { $0.cgColor }` (or `map(\.cgColor)`) around `reference`, an element,
    /// where every element is a colour variable or property this pass writes: the map call and
    /// the array literal written for it.
    private static func mappedVariableArray(around reference: ExprSyntax) -> (ExprSyntax, String)? {
        guard let element = reference.parent?.as(ArrayElementSyntax.self), let array = element.parent?.parent?.as(ArrayExprSyntax.self),
            let access = array.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(array).id,
            let map = mapsToCGColors(access), array.elements.allSatisfy({ isWrittenColour($0.expression) })
        else { return nil }
        return (map, array.trimmedDescription)
    }

    /// `colour.withAlphaComponent(x)` around `colour`: the call and `x`'s text.
    private static func alphaCopy(around colour: ExprSyntax) -> (FunctionCallExprSyntax, String)? {
        guard let access = colour.parent?.as(MemberAccessExprSyntax.self), access.base?.id == colour.id,
            access.declName.baseName.text == "withAlphaComponent", let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(access).id, call.trailingClosure == nil, call.arguments.count == 1,
            let alpha = call.arguments.first, alpha.label == nil
        else { return nil }
        return (call, alpha.expression.trimmedDescription)
    }

    /// `(condition ? a : b).cgColor` around `branch` (`a` or `b`): the access, the parenthesised
    /// choice and the other branch; nil for another place.
    private static func choice(around branch: ExprSyntax) -> (access: MemberAccessExprSyntax, choice: TupleExprSyntax, other: ExprSyntax)? {
        let list: ExprListSyntax
        let other: ExprSyntax
        if let ternary = branch.parent?.as(UnresolvedTernaryExprSyntax.self), ternary.thenExpression.id == branch.id,
            let around = ternary.parent?.as(ExprListSyntax.self), around.last?.id != Syntax(ternary).id, let last = around.last
        {
            (list, other) = (around, last)
        } else if let around = branch.parent?.as(ExprListSyntax.self), around.last?.id == branch.id, around.count >= 3,
            let ternary = Array(around)[around.count - 2].as(UnresolvedTernaryExprSyntax.self)
        {
            (list, other) = (around, ternary.thenExpression)
        } else {
            return nil
        }
        guard let element = list.parent?.parent?.as(LabeledExprSyntax.self), element.label == nil,
            let choice = element.parent?.parent?.as(TupleExprSyntax.self), choice.elements.count == 1,
            let access = choice.parent?.as(MemberAccessExprSyntax.self), access.base?.id == choice.id,
            access.declName.baseName.text == "cgColor", access.declName.argumentNames == nil
        else { return nil }
        return (access, choice, other)
    }

    /// Whether `colour`, made in place, is a branch of `(condition ? colour : name).cgColor`
    /// whose other branch is a colour variable or property this pass writes (``chosenCGColor``
    /// writes the colour with it).
    static func isChosenWithWrittenColour(_ colour: ExprSyntax) -> Bool {
        guard UIKitValueRewriter.color(colour, implicitMember: true) != nil, var (_, _, other) = choice(around: colour) else { return false }
        // `name.withAlphaComponent(x)`: a copy of the variable.
        if let call = other.as(FunctionCallExprSyntax.self), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            alphaCopy(around: base)?.0.id == call.id
        {
            other = base
        }
        guard let declaration = StoredPropertyReferences.declaration(namedBy: other) else { return false }
        return assumedWritten.contains(declaration.id) || variable(declaration) != nil
    }

    /// The values an assignment sequence (before operators are folded) gives its first element:
    /// `target = value`, or both branches of `target = condition ? value : other`.
    private static func assignedValues(_ list: ExprListSyntax) -> [ExprSyntax]? {
        let elements = Array(list)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let last = elements.last else { return nil }
        if elements.count == 3 { return [last] }
        guard elements.count == 5, let ternary = elements[3].as(UnresolvedTernaryExprSyntax.self) else { return nil }
        return [ternary.thenExpression, last]
    }

    /// One element's colour: `name[i].cgColor`, `name.first?.cgColor`, `name.last!.cgColor`,
    /// `name.randomElement()?.cgColor` — the element (with its `?` or `!`) is the CGColor.
    private static func elementUse(of reference: ExprSyntax) -> Use? {
        var element: ExprSyntax
        if let subscripted = reference.parent?.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == reference.id {
            element = ExprSyntax(subscripted)
        } else if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id {
            switch access.declName.baseName.text {
            case "first", "last": element = ExprSyntax(access)
            case "randomElement":
                guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
                    call.arguments.isEmpty, call.trailingClosure == nil
                else { return nil }
                element = ExprSyntax(call)
            default: return nil
            }
        } else {
            return nil
        }
        // The element kept as written, with the `?` or `!` after it.
        var kept = element
        if let chained = element.parent?.as(OptionalChainingExprSyntax.self) {
            element = ExprSyntax(chained)
        } else if let forced = element.parent?.as(ForceUnwrapExprSyntax.self) {
            element = ExprSyntax(forced)
            kept = element
        }
        guard let colour = element.parent?.as(MemberAccessExprSyntax.self), colour.base?.id == element.id,
            colour.declName.baseName.text == "cgColor"
        else { return nil }
        return .cgColor(ExprSyntax(colour), kept)
    }

    /// Each `name.cgColor` in `scope` and the reference kept, when every use of `name` there
    /// is one (members of that name on other values aside); nil otherwise.
    private static func cgColorUses(of name: String, in scope: Syntax, isOptional: Bool = false) -> [(Syntax, String)]? {
        guard let references = NameReferences.find(name, in: [scope], rebindingsHide: isOptional) else { return nil }
        var uses: [(Syntax, String)] = []
        // `if let name { … }`: the colour's uses where the shorthand binding binds it.
        for condition in isOptional ? NameReferences.shorthandBindings(of: name, in: [scope]) : [] {
            guard let boundScope = NameReferences.scope(of: condition) else { return nil }
            for part in boundScope {
                guard let boundUses = cgColorUses(of: name, in: part) else { return nil }
                uses += boundUses
            }
        }
        for reference in references where !reference.isMemberName {
            // Stored in a colour property this pass writes (`self.tint = tint`).
            if isStoredInWrittenProperty(reference) { continue }
            // An optional colour: `name?.cgColor`, the optional CGColor; otherwise passed on as it is.
            if isOptional {
                // Bound (`if let colour = name`, `guard let colour = name`): the colour's uses
                // where it is bound are a colour's.
                if let condition = reference.parent?.parent?.as(OptionalBindingConditionSyntax.self),
                    condition.initializer?.value.id == ExprSyntax(reference).id, condition.typeAnnotation == nil,
                    let bound = condition.pattern.as(IdentifierPatternSyntax.self), let boundScope = NameReferences.scope(of: condition)
                {
                    for part in boundScope {
                        guard let boundUses = cgColorUses(of: bound.identifier.text, in: part) else { return nil }
                        uses += boundUses
                    }
                    continue
                }
                if let chained = reference.parent?.as(OptionalChainingExprSyntax.self),
                    let access = chained.parent?.as(MemberAccessExprSyntax.self), access.base?.id == chained.id,
                    access.declName.baseName.text == "cgColor"
                {
                    uses.append((Syntax(access), reference.trimmedDescription))
                    continue
                }
                guard isPassedToWrittenParameter(reference) else { return nil }
                continue
            }
            // Passed for a colour parameter this pass writes, or for a struct's colour property
            // it writes in a memberwise initialization.
            if isPassedToWrittenParameter(reference) || isPassedToWrittenMemberwiseProperty(reference) { continue }
            // A text colour attribute's value (`[.foregroundColor: name]`): the CGColor Core Text reads.
            if isColorAttributeValue(ExprSyntax(reference)) { continue }
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else { return nil }
            if let call = ColorComponents.call(access), let written = ColorComponents.read(call, color: reference.trimmedDescription) {
                uses.append((Syntax(call), written))
                continue
            }
            // `name.setFill()` where UIKit's (or AppKit's) current context is known.
            if let (statement, written) = drawnUse(access, color: reference.trimmedDescription) {
                uses.append((Syntax(statement), written.joined(separator: statement.statementSeparator)))
                continue
            }
            if let (whole, written) = derivedUse(access, color: reference.trimmedDescription) {
                uses.append((Syntax(whole), written))
                continue
            }
            // A member of a colour extension the command writes on CGColor.
            if PortingContext.currentColorExtensions.instanceValueMembers.contains(access.declName.baseName.text) { continue }
            guard access.declName.baseName.text == "cgColor" else { return nil }
            uses.append((Syntax(access), reference.trimmedDescription))
        }
        return uses
    }

    /// `color.withAlphaComponent(a).cgColor`, `color.lighter().cgColor` (an instance member of
    /// a colour extension the command writes), or a chain of them (given `color.` and the first
    /// member): the whole expression, and the CGColor's counterpart written for it — its
    /// `copy(alpha: a)!` (UIKit's replaces the alpha, as `copy(alpha:)` does), the member itself.
    private static func derivedUse(_ access: MemberAccessExprSyntax, color: String) -> (ExprSyntax, String)? {
        var written = color
        var access = access
        var isDerived = false
        while true {
            let call = access.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == access.id ? $0 : nil }
            if access.declName.baseName.text == "cgColor", access.declName.argumentNames == nil, call == nil {
                return isDerived ? (ExprSyntax(access), written) : nil
            }
            var end: ExprSyntax
            if let call, UIKitValueRewriter.resolvedForLightAppearance(ExprSyntax(call)) != nil {
                // Resolved for the light appearance, which it holds already.
                end = ExprSyntax(call)
            } else if let base = access.base, let (copy, alpha) = alphaCopy(around: base), copy.calledExpression.id == ExprSyntax(access).id {
                written = "\(UIKitValueRewriter.postfixOperand(written)).copy(alpha: \(alpha))!"
                end = ExprSyntax(copy)
            } else if let (_, member, isOptional) = UIKitValueRewriter.derivedMember(call.map(ExprSyntax.init) ?? ExprSyntax(access)) {
                written = "\(UIKitValueRewriter.postfixOperand(written)).\(member)"
                end = call.map(ExprSyntax.init) ?? ExprSyntax(access)
                if isOptional {
                    // `name.darker()?.cgColor` is the optional CGColor; `name.darker()!` goes on.
                    if let chained = end.parent?.as(OptionalChainingExprSyntax.self),
                        let colour = chained.parent?.as(MemberAccessExprSyntax.self), colour.base?.id == chained.id,
                        colour.declName.baseName.text == "cgColor", colour.declName.argumentNames == nil
                    {
                        return (ExprSyntax(colour), written)
                    }
                    guard let forced = end.parent?.as(ForceUnwrapExprSyntax.self) else { return nil }
                    written += "!"
                    end = ExprSyntax(forced)
                }
            } else {
                return nil
            }
            isDerived = true
            guard let next = end.parent?.as(MemberAccessExprSyntax.self), next.base?.id == end.id else {
                // `ink = ink.withAlphaComponent(0.9)`: given to a colour variable this pass writes,
                // or as a text colour attribute (`[.foregroundColor: ink.contrasting()]`), which
                // Core Text reads as a CGColor.
                return assignsWrittenColour(end) || isColorAttributeValue(end) ? (end, written) : nil
            }
            access = next
        }
    }

    /// Whether `value` is a colour derived whole (``derivedUse(_:color:)``) from a colour variable
    /// or parameter this pass writes: `ink.withAlphaComponent(0.9)`, `tint.darker()!`.
    private static func isDerivedFromWrittenColour(_ value: ExprSyntax) -> Bool {
        var current = value
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                guard isWrittenColour(current) || isWrittenParameter(current, isArray: false),
                    let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == current.id,
                    let (whole, _) = derivedUse(access, color: reference.trimmedDescription)
                else { return false }
                return whole.id == value.id
            }
            if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let access = current.as(MemberAccessExprSyntax.self), let base = access.base {
                current = base
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else {
                return false
            }
        }
    }

    /// `color.setFill()` (`setStroke()`, `set()`; or `color.withAlphaComponent(a).setFill()`) as a
    /// statement where the current context is known: the statement, and the ones that set that
    /// context's colour to `color` (its copy with that alpha).
    private static func drawnUse(_ access: MemberAccessExprSyntax, color: String) -> (CodeBlockItemSyntax, [String])? {
        var access = access
        var color = color
        // `name.withAlphaComponent(a).setFill()`: the CGColor's copy with that alpha.
        if let base = access.base, let (copy, alpha) = alphaCopy(around: base), copy.calledExpression.id == ExprSyntax(access).id,
            let outer = copy.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == ExprSyntax(copy).id
        {
            access = outer
            color = "\(color).copy(alpha: \(alpha))!"
        }
        guard ["setFill", "setStroke", "set"].contains(access.declName.baseName.text),
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
            call.arguments.isEmpty, call.trailingClosure == nil,
            let statement = call.parent?.as(CodeBlockItemSyntax.self), let context = DrawingContext.at(statement)
        else { return nil }
        return (statement, UIKitDrawingRewriter.colorStatements(access.declName.baseName.text, color: color, context: context))
    }

    /// `name.reversed().map { $0.cgColor }` (or `shuffled()`, `prefix(n)`, `suffix(n)`,
    /// `dropFirst(n)`, `dropLast(n)`, mapped with `\.cgColor` too) on a colour array `name`
    /// (`access` is `name.reversed`): the map call and the array of those CGColors written for
    /// it (`Array(name.reversed())`; `name.shuffled()` is an array already).
    static func reorderedCGColors(_ access: MemberAccessExprSyntax, of name: String) -> (ExprSyntax, String)? {
        let method = access.declName.baseName.text
        guard ["reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast"].contains(method),
            let reordering = access.parent?.as(FunctionCallExprSyntax.self), reordering.calledExpression.id == ExprSyntax(access).id,
            reordering.trailingClosure == nil, reordering.arguments.allSatisfy({ $0.label == nil }),
            let map = reordering.parent?.as(MemberAccessExprSyntax.self), map.base?.id == ExprSyntax(reordering).id,
            let mapped = mapsToCGColors(map)
        else { return nil }
        let reordered = "\(name).\(method)(\(reordering.arguments.trimmedDescription))"
        return (mapped, method == "shuffled" ? reordered : "Array(\(reordered))")
    }

    /// `colours.map { $0.cgColor }`, `colours.map(\.cgColor)` or `colours.map({ $0.cgColor })`
    /// (given `colours.map`): the whole call.
    static func mapsToCGColors(_ access: MemberAccessExprSyntax) -> ExprSyntax? {
        guard access.declName.baseName.text == "map", let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == access.id, call.additionalTrailingClosures.isEmpty
        else { return nil }
        let transform: ExprSyntax
        if let closure = call.trailingClosure, call.arguments.isEmpty {
            transform = ExprSyntax(closure)
        } else if call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil
        {
            transform = argument.expression
        } else {
            return nil
        }
        let text = transform.trimmedDescription.filter { !$0.isWhitespace }
        return ["{$0.cgColor}", "\\.cgColor"].contains(text) ? ExprSyntax(call) : nil
    }
}
