import SwiftSyntax

/// AppKit's `NSGradient`, made in a local name from colours the command writes and only
/// drawn where AppKit's current context is known (``DrawingContext``), written as the
/// `CGGradient` it is made of and Core Graphics' drawing of it in that context:
///
/// ```swift
/// guard let sky = NSGradient(colors: [.orange, .purple]) else { return }
///   →  guard let sky = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [CGColor(…), CGColor(…)], locations: nil) else { return }
/// sky.draw(in: bounds, angle: 90)
///   →  do { let gradientRect: CGRect = bounds; let gradientAngle: CGFloat = (90) * .pi / 180; …
///           ctx.clip(to: gradientRect); ctx.drawLinearGradient(sky, start: …, end: …, options: []) … }
/// ```
///
/// The gradient is `NSGradient(colors:)` (evenly spaced, as a `CGGradient` without
/// locations), `NSGradient(starting:ending:)`, `NSGradient(colors:atLocations:colorSpace:)`
/// in an RGB space, or `NSGradient(colorsAndLocations:)`, force-unwrapped in a `let` or bound
/// by `if let`/`guard let`; its colours are interpolated in sRGB (AppKit's generic RGB, in
/// which its calibrated colours are made, as those are written). Its uses must all be drawings,
/// each a statement where AppKit's current context was made from a `CGContext` with `flipped:
/// false`:
///
/// - `draw(in: rect, angle: degrees)`: as AppKit documents it, the colours change along the
///   angle (counter-clockwise from the x axis) and the start and end colours reach opposite
///   corners of the rectangle — the gradient runs through the rectangle's centre, as far
///   either way as the rectangle reaches along that direction — clipped to the rectangle, in a
///   saved graphics state.
/// - `draw(in: path, angle: degrees)` with a path made in place and an angle that is a
///   multiple of 90 written as a number (or a choice between such numbers), where the path's bounding box reaches as far as the
///   path along the angle: the same, clipped to the path.
/// - `draw(from: start, to: end, options:)` and `draw(fromCenter:radius:toCenter:radius:options:)`:
///   Core Graphics' linear and radial drawing, with AppKit's options named as Core Graphics'.
///
/// Another use, a flipped or unknown context, or colours the command does not write leave the
/// gradient for a person (reported as an AppKit type).
final class GradientDrawingRewriter: PortingPass {
    /// A gradient kept in a name: the call making it, the `CGGradient` written for it, and each
    /// drawing statement with the statements written for it.
    struct Gradient {
        var made: FunctionCallExprSyntax
        var written: String
        var drawings: [(CodeBlockItemSyntax, [String])]
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let gradient = Self.gradient(declaredBy: node), !node.isInAppleOnlyConditional { write(gradient) }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let gradient = Self.gradient(boundBy: node), !node.isInAppleOnlyConditional { write(gradient) }
        return .visitChildren
    }

    private func write(_ gradient: Gradient) {
        let reason = "AppKit does not exist on Linux; the gradient is the CGGradient NSGradient draws with, drawn in the CGContext current there"
        file.replace(gradient.made, with: gradient.written, kind: .uikitValue, reason: reason)
        for (statement, written) in gradient.drawings {
            file.replace(statement, with: written.joined(separator: statement.statementSeparator), kind: .uikitValue, reason: reason)
        }
    }

    /// `let name = NSGradient(…)!`, its uses the statements after it.
    static func gradient(declaredBy node: VariableDeclSyntax) -> Gradient? {
        guard node.bindings.count == 1, let binding = node.bindings.first, binding.typeAnnotation == nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let forced = binding.initializer?.value.as(ForceUnwrapExprSyntax.self),
            let made = forced.expression.as(FunctionCallExprSyntax.self), let scope = NameReferences.statements(after: node)
        else { return nil }
        return gradient(made, named: name, in: scope)
    }

    /// `if let name = NSGradient(…)` (its uses the `if`'s body) or `guard let` (the statements
    /// after the `guard`).
    static func gradient(boundBy node: OptionalBindingConditionSyntax) -> Gradient? {
        guard node.typeAnnotation == nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let made = node.initializer?.value.as(FunctionCallExprSyntax.self), let scope = NameReferences.scope(of: node)
        else { return nil }
        return gradient(made, named: name, in: scope)
    }

    private static func gradient(_ made: FunctionCallExprSyntax, named name: String, in scope: [Syntax]) -> Gradient? {
        guard made.calledExpression.trimmedDescription == "NSGradient", let written = cgGradient(made),
            let references = NameReferences.find(name, in: scope), !references.isEmpty
        else { return nil }
        var drawings: [(CodeBlockItemSyntax, [String])] = []
        for reference in references {
            guard !reference.isMemberName, let drawing = drawing(of: reference) else { return nil }
            drawings.append(drawing)
        }
        return Gradient(made: made, written: written, drawings: drawings)
    }

    /// The `CGGradient` an `NSGradient` initialization makes, or nil for one this pass does not
    /// write.
    static func cgGradient(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        var colours: [ExprSyntax]
        var locations = "nil"
        var space = "CGColorSpace.sRGB"
        switch labels {
        case ["colors"]:
            guard let array = call.arguments.first?.expression.as(ArrayExprSyntax.self) else { return nil }
            colours = array.elements.map(\.expression)
        case ["starting", "ending"]:
            colours = call.arguments.map(\.expression)
        case ["colors", "atLocations", "colorSpace"]:
            let arguments = Array(call.arguments)
            guard let array = arguments[0].expression.as(ArrayExprSyntax.self),
                let named = colorSpaces[String(arguments[2].expression.trimmedDescription.trimmingPrefix("NSColorSpace"))]
            else { return nil }
            colours = array.elements.map(\.expression)
            locations = arguments[1].expression.trimmedDescription
            space = named
        case _ where labels.first == "colorsAndLocations" && labels.dropFirst().allSatisfy({ $0 == "_" }):
            // `(colour, location)` pairs.
            var stops: [String] = []
            colours = []
            for argument in call.arguments {
                guard let pair = argument.expression.as(TupleExprSyntax.self), pair.elements.count == 2,
                    let colour = pair.elements.first?.expression, let location = pair.elements.last?.expression
                else { return nil }
                colours.append(colour)
                stops.append(location.trimmedDescription)
            }
            locations = "[" + stops.joined(separator: ", ") + "]"
        default:
            return nil
        }
        // AppKit makes no gradient of fewer than two colours.
        guard colours.count >= 2 else { return nil }
        var written: [String] = []
        for colour in colours {
            guard let cgColor = UIKitValueRewriter.color(colour, implicitMember: true) else { return nil }
            written.append(cgColor)
        }
        return "CGGradient(colorsSpace: CGColorSpace(name: \(space)), colors: [\(written.joined(separator: ", "))], locations: \(locations))"
    }

    /// AppKit's RGB colour spaces, as `.name` or `NSColorSpace.name`, and the Core Graphics
    /// space each is interpolated in.
    static let colorSpaces: [String: String] = [
        ".sRGB": "CGColorSpace.sRGB", ".genericRGB": "CGColorSpace.sRGB", ".deviceRGB": "CGColorSpace.sRGB",
        ".extendedSRGB": "CGColorSpace.extendedSRGB", ".displayP3": "CGColorSpace.displayP3",
    ]

    /// AppKit's gradient drawing options and Core Graphics' names for them.
    static let options: [String: String] = [
        "drawsBeforeStartingLocation": "drawsBeforeStartLocation", "drawsAfterEndingLocation": "drawsAfterEndLocation",
    ]

    /// The statement drawing the gradient `reference` names and the statements written for it:
    /// nil where it is another use, or where the context is not known to be AppKit's unflipped
    /// one made from a `CGContext`.
    private static func drawing(of reference: DeclReferenceExprSyntax) -> (CodeBlockItemSyntax, [String])? {
        guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(reference).id,
            access.declName.baseName.text == "draw", let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(access).id, call.trailingClosure == nil,
            let statement = call.parent?.as(CodeBlockItemSyntax.self), let context = DrawingContext.unflippedAppKit(at: statement)
        else { return nil }
        let gradient = reference.baseName.text
        let arguments = call.arguments.map(\.expression)
        let values = arguments.map(\.trimmedDescription)
        switch call.arguments.map({ $0.label?.text ?? "_" }) {
        case ["in", "angle"]:
            if let path = UIKitValueRewriter.path(arguments[0]) {
                guard isRightAngle(arguments[1]) else { return nil }
                return (statement, angled(gradient, in: context, angle: values[1], setUp: ["let gradientPath: CGPath = \(path)"], "gradientPath.boundingBoxOfPath", ["\(context).addPath(gradientPath)", "\(context).clip()"]))
            }
            // A path kept in a name is left.
            guard isRectangle(arguments[0]) else { return nil }
            return (statement, angled(gradient, in: context, angle: values[1], setUp: ["let gradientRect: CGRect = \(values[0])"], nil, ["\(context).clip(to: gradientRect)"]))
        case ["from", "to", "options"]:
            guard let drawn = cgOptions(arguments[2]) else { return nil }
            return (statement, ["\(context).drawLinearGradient(\(gradient), start: \(values[0]), end: \(values[1]), options: \(drawn))"])
        case ["fromCenter", "radius", "toCenter", "radius", "options"]:
            guard let drawn = cgOptions(arguments[4]) else { return nil }
            return (
                statement,
                ["\(context).drawRadialGradient(\(gradient), startCenter: \(values[0]), startRadius: \(values[1]), endCenter: \(values[2]), endRadius: \(values[3]), options: \(drawn))"]
            )
        default:
            return nil
        }
    }

    /// The statements drawing `gradient` along `angle` (degrees) across the rectangle `setUp`
    /// names `gradientRect` (or, given `bounds`, across that bounding box of what it names),
    /// clipped by `clipping`, in a saved graphics state: the gradient runs through the
    /// rectangle's centre, as far either way as the rectangle reaches along the angle, so its
    /// first and last colours reach opposite corners.
    private static func angled(_ gradient: String, in context: String, angle: String, setUp: [String], _ bounds: String?, _ clipping: [String]) -> [String] {
        let along = "let gradientAngle: CGFloat = (\(angle)) * .pi / 180"
        let reach = "let gradientReach = (abs(cos(gradientAngle)) * gradientRect.width + abs(sin(gradientAngle)) * gradientRect.height) / 2"
        let start = "CGPoint(x: gradientRect.midX - cos(gradientAngle) * gradientReach, y: gradientRect.midY - sin(gradientAngle) * gradientReach)"
        let end = "CGPoint(x: gradientRect.midX + cos(gradientAngle) * gradientReach, y: gradientRect.midY + sin(gradientAngle) * gradientReach)"
        let inner = setUp + (bounds.map { ["let gradientRect = \($0)"] } ?? []) + [along, reach, "\(context).saveGState()"] + clipping
            + ["\(context).drawLinearGradient(\(gradient), start: \(start), end: \(end), options: [])", "\(context).restoreGState()"]
        return ["do {"] + inner.map { "    " + $0 } + ["}"]
    }

    /// Whether `angle` is a number of degrees that is a multiple of 90 (`90`, `-90`), or a
    /// choice between such numbers (`isPressed ? 270 : 90`).
    private static func isRightAngle(_ angle: ExprSyntax) -> Bool {
        if let sequence = angle.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let ternary = Array(sequence.elements)[1].as(UnresolvedTernaryExprSyntax.self), let other = sequence.elements.last
        {
            return isRightAngle(ternary.thenExpression) && isRightAngle(other)
        }
        guard let degrees = Double(angle.trimmedDescription) else { return false }
        return degrees.truncatingRemainder(dividingBy: 90) == 0
    }

    /// Whether `value`, drawn `in:` with an angle, is a rectangle rather than a path kept in a
    /// name: it names no UIKit or AppKit type, nor does the declaration of the name it is (a
    /// local, property, parameter or binding), where one is found.
    private static func isRectangle(_ value: ExprSyntax) -> Bool {
        guard !value.mentionsFrameworkType else { return false }
        if let declaration = NameReferences.variable(referencedBy: value) { return !declaration.mentionsFrameworkType }
        guard let reference = value.as(DeclReferenceExprSyntax.self) else { return true }
        let name = reference.baseName.text
        if let binding = NameReferences.optionalBinding(named: name, around: reference) { return !binding.mentionsFrameworkType }
        switch NameReferences.parameter(named: name, around: reference) {
        case .declared(let parameter)?: return !parameter.type.mentionsFrameworkType
        case .closure(let type)?: return type.map { !$0.mentionsFrameworkType } ?? false
        case nil: return true
        }
    }

    /// Core Graphics' options for AppKit's (`[]`, `.drawsBeforeStartingLocation`, an array
    /// literal of them, with or without their type), or nil for another value.
    private static func cgOptions(_ value: ExprSyntax) -> String? {
        func one(_ option: ExprSyntax) -> String? {
            guard let access = option.as(MemberAccessExprSyntax.self),
                access.base == nil || ["NSGradient.DrawingOptions", "NSGradientDrawingOptions"].contains(access.base?.trimmedDescription ?? ""),
                let name = options[access.declName.baseName.text]
            else { return nil }
            return "." + name
        }
        if let array = value.as(ArrayExprSyntax.self) {
            let written = array.elements.map { one($0.expression) }
            guard !written.contains(where: { $0 == nil }) else { return nil }
            return "[" + written.compactMap { $0 }.joined(separator: ", ") + "]"
        }
        return one(value)
    }

    /// Whether `node` (a use of an AppKit type name) is in a gradient this pass writes, or in
    /// one of its drawings.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let declaration = ancestor.as(VariableDeclSyntax.self) { return gradient(declaredBy: declaration) != nil }
            if let condition = ancestor.as(OptionalBindingConditionSyntax.self) { return gradient(boundBy: condition) != nil }
            if let statement = ancestor.as(CodeBlockItemSyntax.self) { return isDrawing(statement) }
            current = ancestor.parent
        }
        return false
    }

    /// Whether `statement` is a drawing of a gradient this pass writes.
    private static func isDrawing(_ statement: CodeBlockItemSyntax) -> Bool {
        guard let call = statement.item.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "draw", let reference = access.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        let name = reference.baseName.text
        if let declaration = NameReferences.declaration(of: name, before: statement) { return gradient(declaredBy: declaration) != nil }
        return NameReferences.optionalBinding(named: name, around: statement).flatMap(gradient(boundBy:)) != nil
    }
}
