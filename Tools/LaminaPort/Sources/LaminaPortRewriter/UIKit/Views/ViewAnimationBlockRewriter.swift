import SwiftSyntax

/// UIKit's animation block, which animates the changes a view's layer makes in it, written as
/// the transaction that does so for the layers the command writes for views:
///
/// ```swift
/// UIView.animate(withDuration: 0.3, animations: {       do {
///     self.box.alpha = 0                                     let viewAnimation = CABasicAnimation()
/// }, completion: { _ in                                       viewAnimation.duration = 0.3
///     self.box.removeFromSuperview()               →          viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
/// })                                                          CATransaction.begin()
///                                                             CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
///                                                             let completion: (Bool) -> Void = { _ in … }
///                                                             CATransaction.setCompletionBlock { completion(true) }
///                                                             self.box.opacity = Float(0)
///                                                             CATransaction.commit()
///                                                         }
/// ```
///
/// A view gives its own layer an action only inside such a block: one with the block's
/// duration and curve (UIKit's default `.curveEaseInOut`, or `.curveLinear`, `.curveEaseIn`,
/// `.curveEaseOut` in its options). Where the files run animation blocks, the layers written
/// for views (``ViewClassRewriter``, ``ViewControllerClassRewriter``, ``PlainViews``) answer
/// `action(forKey:)` with that animation while the transaction holds it, and with none
/// otherwise; other layers animate as they do anyway. The completion runs when the
/// transaction's animations end, told they finished. Forms written:
/// `animate(withDuration:animations:)`, with `completion:`, and with `delay:` and `options:` a
/// curve (and `.allowUserInteraction` or `.beginFromCurrentState`, which change nothing here),
/// the closures as arguments or trailing. A delay starts the animation that much later, the
/// layer showing its old value until then, as UIKit's does (`beginTime`, `fillMode`
/// `.backwards`). Options held in a local variable given only such curves
/// (`var options: UIView.AnimationOptions`, `options = .curveLinear`) and read only as blocks'
/// options become the timing function name each chooses (`CAMediaTimingFunctionName`).
///
/// An animations closure with a capture list (`{ [weak self] in … }`) or its type spelled out
/// (`{ () -> Void in … }`) is kept as a closure, called inside the transaction, so that its
/// captures and any early `return` mean what they did.
///
/// Spring blocks are written with a `CASpringAnimation` in the transaction, which the layers'
/// actions copy. `usingSpringWithDamping:initialSpringVelocity:` is a spring of mass 1 with
/// that damping ratio ζ (at most 1: UIKit's springs do not overdamp) and initial velocity (in
/// distances per second, as UIKit's), whose swing e^(−ζωt) is down to 0.1% as the block's
/// duration, the animation's, ends: ω = ln(1000) / (ζ·duration). The newer
/// `animate(springDuration:bounce:…)` is `CASpringAnimation(perceptualDuration:bounce:)`,
/// running until it settles. A spring ignores the options' curve, as UIKit's does.
/// `.repeat` repeats the animations without end (`repeatCount = .infinity`) and `.autoreverse`
/// runs each back after it runs forward (`autoreverses = true`), as UIKit's do; the layer then
/// shows the new value, as a view does after a reversed block.
/// Left for a person: other options (transitions, `.layoutSubviews`), options held in a
/// variable that do more than choose a curve, and the keyframe form.
final class ViewAnimationBlockRewriter: PortingPass {
    /// The transaction's key for the animation a block gives the layers written for views.
    static let transactionKey = "UIView.animate"

    /// UIKit's curve options and the timing function names they are.
    static let curves = [
        "curveEaseInOut": ".easeInEaseOut", "curveLinear": ".linear", "curveEaseIn": ".easeIn", "curveEaseOut": ".easeOut",
    ]
    /// Options that change nothing here.
    static let neutralOptions: Set<String> = ["allowUserInteraction", "beginFromCurrentState"]
    /// Options that repeat the block's animations, and what the animation is given for each.
    static let repeatingOptions = ["repeat": "viewAnimation.repeatCount = .infinity", "autoreverse": "viewAnimation.autoreverses = true"]

    /// Whether `call` is UIKit's animation block (`UIView.animate(withDuration:…)`), in any form.
    static func isAnimationBlock(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "animate",
            access.base?.trimmedDescription == "UIView"
        else { return false }
        return ["withDuration", "springDuration", "bounce"].contains(call.arguments.first?.label?.text)
    }

    /// Whether `node` (`UIView` in `UIView.animate`) is in the callee of a block this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        // In the type of an options variable written as a timing function name.
        if let variable = node.ancestorOrSelf(mapping: { $0.as(VariableDeclSyntax.self) }),
            let annotation = variable.bindings.first?.typeAnnotation,
            annotation.position <= node.position, node.endPosition <= annotation.endPosition
        {
            return writtenOptionsVariable(variable)
        }
        // The token, or the reference it names.
        let reference = node.as(DeclReferenceExprSyntax.self).map(Syntax.init) ?? node.parent
        guard let reference, let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
            call.parent?.is(CodeBlockItemSyntax.self) == true, isAnimationBlock(call)
        else { return false }
        return block(call) != nil
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let call = node.item.as(FunctionCallExprSyntax.self), Self.isAnimationBlock(call), !node.isInAppleOnlyConditional else {
            return .visitChildren
        }
        guard let block = Self.block(call) else {
            file.note(
                call, why: "UIKit's animation blocks do not exist on Linux, and this one has a delay, options or a form the command cannot write",
                todo: "run the changes in a CATransaction with the block's duration, or add a CABasicAnimation to each layer")
            return .visitChildren
        }
        let indentation = node.statementIndentation
        var lines = ["do {"] + animationLines(block) + block.repeating.compactMap { Self.repeatingOptions[$0].map { "    " + $0 } }
        if let delay = block.delay {
            lines += [
                "    viewAnimation.beginTime = CACurrentMediaTime() + \(file.placeholder(for: delay))",
                "    viewAnimation.fillMode = .backwards",
            ]
        }
        lines += [
            "    CATransaction.begin()",
            "    CATransaction.setValue(viewAnimation, forKey: \"\(Self.transactionKey)\")",
        ]
        if let variable = block.optionsVariable, writtenVariables.insert(variable.declaration.id).inserted {
            let reason = "UIKit's animation options do not exist on Linux; the variable only chooses the block's curve, so it holds the timing function's name"
            if let annotation = variable.declaration.bindings.first?.typeAnnotation {
                file.replace(annotation.type, with: "CAMediaTimingFunctionName", kind: .uikitValue, reason: reason)
            }
            for (value, name) in variable.values { file.replace(value, with: name, kind: .uikitValue, reason: reason) }
        }
        if let completion = block.completion {
            lines += [
                "    let completion: (Bool) -> Void = \(file.placeholder(for: file.trimmedRange(completion), indentingLinesBy: "    "))",
                "    CATransaction.setCompletionBlock { completion(true) }",
            ]
        }
        if block.animations.signature != nil {
            // `{ [weak self] in guard let self else { return } … }`: the closure keeps its
            // capture list (and its `return`s their meaning), called in the transaction.
            lines += [
                "    let animations = \(file.placeholder(for: file.trimmedRange(block.animations), indentingLinesBy: "    "))",
                "    animations()",
            ]
        } else {
            let statements = block.animations.statements
            if !statements.isEmpty { lines.append("    " + file.placeholder(for: statements)) }
        }
        lines += ["    CATransaction.commit()", "}"]
        file.replace(
            node, with: lines.enumerated().map { $0.offset == 0 ? $0.element : indentation + $0.element }.joined(separator: "\n"),
            kind: .uikitValue,
            reason: "UIKit's animation blocks do not exist on Linux; the layers written for views animate the block's changes with its timing (duration and curve, or spring), as a view's layer does in one")
        // Blocks nested in its closures (a completion starting the next block) are written too.
        return .visitChildren
    }

    /// The lines that make the block's animation, `viewAnimation`: its timing, without the delay.
    private func animationLines(_ block: Block) -> [String] {
        switch block.timing {
        case .curve(let duration, let curve):
            return [
                "    let viewAnimation = CABasicAnimation()",
                "    viewAnimation.duration = \(file.placeholder(for: duration))",
                "    viewAnimation.timingFunction = CAMediaTimingFunction(name: \(curve))",
            ]
        case .dampedSpring(let duration, let dampingRatio, let velocity):
            let ratio = dampingRatio.map { file.placeholder(for: $0) } ?? "1"
            let total = file.placeholder(for: duration)
            var lines = [
                "    // UIKit's spring: damping ratio \(ratio), its swing e^(−ζωt) down to 0.1% as the block ends.",
                "    let viewAnimation = CASpringAnimation()",
                "    viewAnimation.duration = \(total)",
                "    let angularFrequency = log(1000) / (CGFloat(\(ratio)) * CGFloat(\(total)))",
                "    viewAnimation.stiffness = angularFrequency * angularFrequency",
                "    viewAnimation.damping = 2 * CGFloat(\(ratio)) * angularFrequency",
            ]
            if let velocity { lines.append("    viewAnimation.initialVelocity = \(file.placeholder(for: velocity))") }
            return lines
        case .perceptualSpring(let duration, let bounce, let velocity):
            var lines = [
                "    let viewAnimation = CASpringAnimation(perceptualDuration: \(duration.map { file.placeholder(for: $0) } ?? "0.5"), bounce: \(bounce.map { file.placeholder(for: $0) } ?? "0"))"
            ]
            if let velocity { lines.append("    viewAnimation.initialVelocity = \(file.placeholder(for: velocity))") }
            lines.append("    viewAnimation.duration = viewAnimation.settlingDuration")
            return lines
        }
    }

    /// The options variables written, so that each is written once.
    private var writtenVariables: Set<SyntaxIdentifier> = []

    struct Block {
        var timing: Timing
        /// The delay, unless none.
        var delay: ExprSyntax?
        /// The repeating options (`repeat`, `autoreverse`), sorted.
        var repeating: [String] = []
        var animations: ClosureExprSyntax
        var completion: ClosureExprSyntax?
        /// The local variable holding the options, written as the timing function's name.
        var optionsVariable: OptionsVariable?
    }

    /// How a block paces its changes.
    enum Timing {
        /// A duration and a curve: the timing function's name (`.linear`), or the variable holding it.
        case curve(duration: ExprSyntax, curve: String)
        /// `usingSpringWithDamping:initialSpringVelocity:`: the block's duration, the damping
        /// ratio (nil for 1, where a ratio above 1 is given) and the initial velocity unless 0.
        case dampedSpring(duration: ExprSyntax, dampingRatio: ExprSyntax?, velocity: ExprSyntax?)
        /// `springDuration:bounce:`, each nil where UIKit's default (0.5 s, no bounce) holds,
        /// and the initial velocity unless 0.
        case perceptualSpring(duration: ExprSyntax?, bounce: ExprSyntax?, velocity: ExprSyntax?)
    }

    /// The forms of animation block written: their labels in order, and which may be left out.
    private static let forms: [[(label: String, optional: Bool)]] = [
        [("withDuration", false), ("animations", false), ("completion", true)],
        [("withDuration", false), ("delay", false), ("options", false), ("animations", false), ("completion", true)],
        [
            ("withDuration", false), ("delay", false), ("usingSpringWithDamping", false), ("initialSpringVelocity", false),
            ("options", true), ("animations", false), ("completion", true),
        ],
        [
            ("springDuration", true), ("bounce", true), ("initialSpringVelocity", true), ("delay", true), ("options", true),
            ("animations", false), ("completion", true),
        ],
    ]

    /// Whether `labels` are those of `form`, in its order, with only its optional ones left out.
    private static func matches(_ labels: [String], _ form: [(label: String, optional: Bool)]) -> Bool {
        var rest = labels[...]
        for (label, optional) in form {
            if rest.first == label {
                rest = rest.dropFirst()
            } else if !optional {
                return false
            }
        }
        return rest.isEmpty
    }

    /// A numeric literal's value (`0.8`, `1`), or nil for another expression.
    private static func literalValue(_ expression: ExprSyntax) -> Double? {
        if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.filter { $0 != "_" }) }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return Double(integer.literal.text.filter { $0 != "_" }) }
        return nil
    }

    /// Whether `expression` is a zero literal (`0`, `0.0`).
    private static func isZero(_ expression: ExprSyntax?) -> Bool {
        expression.flatMap(literalValue) == 0
    }

    /// A local variable holding animation options that only choose a curve: its declaration,
    /// and each value given it with the timing function name written for it.
    struct OptionsVariable {
        var declaration: VariableDeclSyntax
        var values: [(ExprSyntax, String)]
    }

    /// The parts of an animation block this pass writes, or nil for one it leaves.
    static func block(_ call: FunctionCallExprSyntax, checkingOptionsVariable: Bool = true) -> Block? {
        // The closures, whether arguments or trailing.
        var labeled = Array(call.arguments).map { ($0.label?.text ?? "_", $0.expression) }
        if let trailing = call.trailingClosure {
            labeled.append((labeled.contains { $0.0 == "animations" } ? "completion" : "animations", ExprSyntax(trailing)))
        }
        for extra in call.additionalTrailingClosures { labeled.append((extra.label.text, ExprSyntax(extra.closure))) }
        let labels = labeled.map(\.0)
        guard forms.contains(where: { matches(labels, $0) }) else { return nil }
        let values = Dictionary(labeled, uniquingKeysWith: { first, _ in first })
        // The changes, a closure without parameters; it may capture (`[weak self] in`) and spell
        // out its type (`{ () -> Void in … }`).
        guard let animations = values["animations"]?.as(ClosureExprSyntax.self),
            animations.signature.map(isParameterlessVoidSignature) ?? true
        else { return nil }
        var curve = ".easeInEaseOut"
        var optionsVariable: OptionsVariable?
        let isSpring = values["withDuration"] == nil || values["usingSpringWithDamping"] != nil
        var repeating: [String] = []
        if let options = values["options"] {
            if let read = Self.literalOptions(options) {
                curve = read.curve
                repeating = read.repeating
            } else if !isSpring, let reference = options.as(DeclReferenceExprSyntax.self) {
                if checkingOptionsVariable {
                    guard let variable = Self.optionsVariable(reference) else { return nil }
                    optionsVariable = variable
                }
                curve = reference.baseName.text
            } else {
                return nil
            }
        }
        let delayed = values["delay"].flatMap { isZero($0) ? nil : $0 }
        let timing: Timing
        if let duration = values["withDuration"] {
            if let ratio = values["usingSpringWithDamping"], let velocity = values["initialSpringVelocity"] {
                // A ratio of 0 or less is no spring that comes to rest.
                if let value = literalValue(ratio), value <= 0 { return nil }
                let overdamped = literalValue(ratio).map { $0 > 1 } ?? false
                timing = .dampedSpring(duration: duration, dampingRatio: overdamped ? nil : ratio, velocity: isZero(velocity) ? nil : velocity)
            } else {
                timing = .curve(duration: duration, curve: curve)
            }
        } else {
            timing = .perceptualSpring(
                duration: values["springDuration"], bounce: values["bounce"],
                velocity: values["initialSpringVelocity"].flatMap { isZero($0) ? nil : $0 })
        }
        var completion: ClosureExprSyntax?
        if let value = values["completion"] {
            if value.is(NilLiteralExprSyntax.self) {
                completion = nil
            } else {
                guard let closure = value.as(ClosureExprSyntax.self) else { return nil }
                completion = closure
            }
        }
        return Block(
            timing: timing, delay: delayed, repeating: repeating, animations: animations, completion: completion, optionsVariable: optionsVariable)
    }

    /// Whether `signature` is that of a closure taking nothing and giving back nothing: a
    /// capture list alone (`[weak self] in`), or `() in`, `() -> Void in`, `() -> () in`.
    private static func isParameterlessVoidSignature(_ signature: ClosureSignatureSyntax) -> Bool {
        guard signature.effectSpecifiers == nil, signature.attributes.isEmpty else { return false }
        if let returned = signature.returnClause?.type.trimmedDescription, !["Void", "()"].contains(returned) { return false }
        switch signature.parameterClause {
        case nil: return signature.capture != nil || signature.returnClause != nil
        case .parameterClause(let clause)?: return clause.parameters.isEmpty
        case .simpleInput?: return false
        }
    }

    /// The local variable `reference` names as a block's options, where it is declared
    /// `UIView.AnimationOptions` (or given such a literal), every value given it is a curve
    /// (``curve(_:)``), and it is read only as the options of animation blocks this pass writes.
    static func optionsVariable(_ reference: DeclReferenceExprSyntax) -> OptionsVariable? {
        let name = reference.baseName.text
        guard let declaration = NameReferences.declaration(of: name, before: reference), declaration.bindings.count == 1,
            let binding = declaration.bindings.first, binding.accessorBlock == nil,
            let scope = NameReferences.statements(after: declaration),
            let references = NameReferences.find(name, in: scope)
        else { return nil }
        var values: [(ExprSyntax, String)] = []
        if let annotation = binding.typeAnnotation {
            guard ["UIView.AnimationOptions", "UIViewAnimationOptions"].contains(annotation.type.trimmedDescription) else { return nil }
            if let value = binding.initializer?.value {
                guard let chosen = curve(value) else { return nil }
                values.append((value, chosen))
            }
        } else {
            // `var options = UIView.AnimationOptions.curveLinear`: the name's type, spelled out.
            guard let value = binding.initializer?.value, let access = value.as(MemberAccessExprSyntax.self),
                access.base?.trimmedDescription == "UIView.AnimationOptions", let chosen = curve(value)
            else { return nil }
            values.append((value, "CAMediaTimingFunctionName" + chosen))
        }
        for use in references where !use.isMemberName {
            // `options = .curveLinear`.
            if let sequence = use.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                sequence.elements.first?.id == ExprSyntax(use).id, Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
                let value = sequence.elements.last, let chosen = curve(value)
            {
                values.append((value, binding.typeAnnotation == nil ? "CAMediaTimingFunctionName" + chosen : chosen))
                continue
            }
            // The options of an animation block written.
            guard let argument = use.parent?.as(LabeledExprSyntax.self), argument.label?.text == "options",
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), isAnimationBlock(call),
                call.parent?.is(CodeBlockItemSyntax.self) == true, block(call, checkingOptionsVariable: false) != nil
            else { return nil }
        }
        return OptionsVariable(declaration: declaration, values: values)
    }

    /// Whether `variable` holds animation options this pass writes as a timing function name.
    private static func writtenOptionsVariable(_ variable: VariableDeclSyntax) -> Bool {
        guard let pattern = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self),
            let scope = NameReferences.statements(after: variable),
            let use = NameReferences.find(pattern.identifier.text, in: scope)?.first(where: {
                $0.parent?.as(LabeledExprSyntax.self)?.label?.text == "options"
            })
        else { return false }
        return optionsVariable(use)?.declaration.id == variable.id
    }

    /// The timing function name an options literal chooses (`.curveLinear`, `[.curveEaseOut,
    /// .allowUserInteraction]`, `[]`), or nil for options it does not spell out so (or that
    /// repeat: ``repeating(_:)``).
    private static func curve(_ options: ExprSyntax) -> String? {
        guard let read = literalOptions(options), read.repeating.isEmpty else { return nil }
        return read.curve
    }

    /// The timing function name and the repeating options (`.repeat`, `.autoreverse`) of an
    /// options literal, or nil for options it does not spell out so.
    private static func literalOptions(_ options: ExprSyntax) -> (curve: String, repeating: [String])? {
        let elements: [ExprSyntax]
        if let array = options.as(ArrayExprSyntax.self) {
            elements = array.elements.map(\.expression)
        } else {
            elements = [options]
        }
        var chosen = ".easeInEaseOut"
        var count = 0
        var repeating: [String] = []
        for element in elements {
            guard let member = element.as(MemberAccessExprSyntax.self),
                member.base == nil || member.base?.trimmedDescription == "UIView.AnimationOptions"
            else { return nil }
            let name = member.declName.baseName.text
            if let curve = curves[name] {
                chosen = curve
                count += 1
            } else if repeatingOptions[name] != nil {
                if !repeating.contains(name) { repeating.append(name) }
            } else if !neutralOptions.contains(name) {
                return nil
            }
        }
        return count <= 1 ? (chosen, repeating.sorted()) : nil
    }
}
