import SwiftSyntax

/// A `UIBezierPath` (or AppKit's `NSBezierPath`) built step by step in a local variable only to
/// become a `CGPath`, written as the `CGMutablePath` it makes:
///
/// ```swift
/// let path = UIBezierPath()                  let path = CGMutablePath()
/// path.move(to: a)                           path.move(to: a)
/// path.addLine(to: b)                  →     path.addLine(to: b)
/// path.addArc(withCenter: c, radius: r,      path.addArc(center: c, radius: r,
///     startAngle: s, endAngle: e,                startAngle: s, endAngle: e,
///     clockwise: true)                           clockwise: false)
/// path.close()                               path.closeSubpath()
/// shape.path = path.cgPath                   shape.path = path
/// ```
///
/// `move(to:)` and `addLine(to:)` keep their names; `addCurve(to:controlPoint1:controlPoint2:)`
/// and `addQuadCurve(to:controlPoint:)` take Core Graphics' labels (`control1:control2:`,
/// `control:`); `close()` becomes `closeSubpath()`,
/// `bounds` `boundingBox`, `apply(t)` `path = path.mutableCopy(using: [t]) ?? path` (the
/// declaration becoming a `var`), `append(_:)` `addPath(_:)` (of another path built this way, or of
/// a shape `UIKitValueRewriter` writes), and `cgPath` the path itself. Setting
/// `usesEvenOddFillRule` is removed: a `CGPath` has no fill rule, and the layer or context
/// that fills it never read the `UIBezierPath`'s (a `CAShapeLayer` fills by its own
/// `fillRule`). UIKit's `clockwise` is as the arc
/// looks in UIKit's y-down space, Core Graphics' as in a y-up space: the same arc flips the
/// flag. A path made with `UIBezierPath(rect:)`, `(ovalIn:)`, `(roundedRect:cornerRadius:)` or
/// `(arcCenter:radius:startAngle:endAngle:clockwise:)` or
/// `(roundedRect:byRoundingCorners:cornerRadii:)` starts as an empty `CGMutablePath` with
/// that shape added on the next line; so does a statement giving the variable such a shape
/// anew (`path = UIBezierPath(roundedRect: r, cornerRadius: c)` → `path = CGMutablePath()` and
/// the shape added). A declaration typed `UIBezierPath` is typed `CGMutablePath`. AppKit's
/// path is built in a y-up space already:
/// `line(to:)` becomes `addLine(to:)`, `curve(to:controlPoint1:controlPoint2:)`
/// `addCurve(to:control1:control2:)`, `NSBezierPath(roundedRect:xRadius:yRadius:)` a rounded
/// rectangle with those corner sizes, `appendRect(_:)`, `appendOval(in:)` and
/// `appendRoundedRect(_:xRadius:yRadius:)` the shapes Core Graphics adds,
/// `appendArc(withCenter:radius:startAngle:endAngle:clockwise:)` an arc whose degrees are
/// turned into radians, and `relativeMove(to:)`/`relativeLine(to:)` moves from the current
/// point. A conversion to `CGPath` that the ported files' own extension declares
/// (``PathConversionExtensionRewriter``) is the path itself, and `contains(p)` names the fill
/// rule the path was given (`using: .evenOdd`). A variable holding the path a function
/// returns (``PathFunctionRewriter``) is followed the same way, its initializer kept, and so
/// is a copy of another path built this way (`let area = line.copy() as! UIBezierPath`), which
/// is that path's `mutableCopy()!` (bound by `guard let` or `if let` through `as?`, its
/// `mutableCopy()`), the original's uses counting the copy as a reading of it. A
/// variable filled, stroked or added to the clip where UIKit's current context is known
/// (``DrawingContext``), in its block or the loops, conditions and `do` blocks in it, is drawn in
/// that context with the line settings given before. A variable used any other
/// way (stroked in a `defer` block, given a line width in a nested block, passed on) is left for a
/// person, as is one declared again in its scope.
final class BezierPathBuilderRewriter: PortingPass {
    /// Methods a `CGMutablePath` has under the same name and labels.
    static let sameMethods: Set<String> = ["move(to:)", "addLine(to:)"]

    /// Methods a `CGMutablePath` has under other argument labels, by UIKit's signature: UIKit's
    /// label and Core Graphics' for each that differs.
    static let relabeledMethods: [String: [String: String]] = [
        "addCurve(to:controlPoint1:controlPoint2:)": ["controlPoint1": "control1", "controlPoint2": "control2"],
        "addQuadCurve(to:controlPoint:)": ["controlPoint": "control"],
    ]

    /// AppKit's methods a `CGMutablePath` has under another name, by AppKit's signature: the
    /// name, and the labels that change.
    static let appKitMethods: [String: (name: String, labels: [String: String])] = [
        "line(to:)": ("addLine", [:]),
        "curve(to:controlPoint1:controlPoint2:)": ("addCurve", ["controlPoint1": "control1", "controlPoint2": "control2"]),
    ]

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let builder = Self.builder(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let name = builder.name
        writeUses(of: builder)
        // Transformed in place, the path is a variable.
        if builder.uses.contains(where: { if case .transformed = $0 { return true } else { return false } }),
            node.bindingSpecifier.tokenKind == .keyword(.let)
        {
            file.replace(node.bindingSpecifier, with: "var", kind: .uikitValue, reason: "'\(name)' is replaced by its transformed copy")
        }
        // `var path: UIBezierPath = UIBezierPath()`: declared as the CGMutablePath it is.
        if let type = node.bindings.first?.typeAnnotation?.type, builder.isMutable {
            file.replace(type, with: "CGMutablePath", kind: .uikitValue, reason: "UIKit does not exist on Linux; '\(name)' is a CGMutablePath")
        }
        if let initializer = builder.initializer {
            // An initializer of the files' path extensions is CGMutablePath's, with its arguments.
            let extended = PathExtensionRewriter.isInitializer(initializer)
            file.replace(
                extended ? Syntax(initializer.calledExpression) : Syntax(initializer), with: extended ? "CGMutablePath" : "CGMutablePath()",
                kind: .uikitValue, reason: "UIKit does not exist on Linux; the path built in '\(name)' is the CGMutablePath it makes")
        }
        if let (copy, original) = builder.copied {
            file.replace(
                copy, with: "\(original).mutableCopy()!", kind: .uikitValue,
                reason: "UIKit does not exist on Linux; '\(name)' is a copy of the CGMutablePath built in '\(original)'")
        }
        if var shape = builder.initialShape {
            // The shape's arguments with the edits other passes make inside them (a view's
            // `center`, its layer's `position`), which the initializer's replacement would drop.
            if let initializer = builder.initializer,
                initializer.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIBezierPath",
                let moved = Self.shape(of: initializer, moving: { self.file.placeholder(for: $0) })
            {
                shape = moved
            }
            let statement = file.trimmedRange(node)
            let indentation = file.indentation(of: node)
            file.insert(
                "\n\(indentation)\(name).\(shape)", at: statement.upperBound, after: statement, kind: .uikitValue,
                reason: shape.contains("radii")
                    ? "UIKit's path starts with this shape; the CGMutablePath adds it, its corners quarter ovals of the radii (circular where they are equal), which UIKit's smoother corners leave by a fraction of a point"
                    : "UIKit's path starts with this shape; the CGMutablePath adds it")
        }
        return .skipChildren
    }

    /// `guard let area = line.copy() as? UIBezierPath else { … }` (or `if let`): the copy of
    /// the CGMutablePath, `line.mutableCopy()`, which is optional too.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard let builder = Self.builder(node), let (copy, original) = builder.copied, !node.isInAppleOnlyConditional else {
            return .visitChildren
        }
        writeUses(of: builder)
        if let type = node.typeAnnotation?.type {
            file.replace(type, with: "CGMutablePath", kind: .uikitValue, reason: "UIKit does not exist on Linux; '\(builder.name)' is a CGMutablePath")
        }
        file.replace(
            copy, with: "\(original).mutableCopy()", kind: .uikitValue,
            reason: "UIKit does not exist on Linux; '\(builder.name)' is a copy of the CGMutablePath built in '\(original)'")
        return .skipChildren
    }

    /// Writes the uses of `builder`'s path (its drawing with the line settings given before).
    private func writeUses(of builder: Builder) {
        let name = builder.name
        // What UIKit's path carries to a fill or stroke, as the statements before it set it.
        var lineWidth = "1", lineCap: String?, lineJoin: String?, evenOdd: String?
        for use in builder.uses {
            switch use {
            case .lineSetting(let statement, let property, let value):
                switch property {
                case "lineWidth": lineWidth = value
                case "lineCapStyle": lineCap = value
                default: lineJoin = value
                }
                file.remove(
                    statement, kind: .uikitValue,
                    reason: "a CGPath has no line settings: the context is given them where '\(name)' is stroked, as UIKit's stroke() does")
            case .fillRule(let statement, let value):
                evenOdd = value
                file.remove(
                    statement, kind: .uikitValue,
                    reason: "a CGPath has no fill rule: whatever fills '\(name)' uses its own (a CAShapeLayer its fillRule, a context the rule its fill names), as it did with UIKit's path")
            case .drawn(let statement, let method, let context):
                let statements: [String]
                let rule = evenOdd.map { $0 == "true" ? "using: .evenOdd" : $0 == "false" ? "" : "using: \($0) ? .evenOdd : .winding" } ?? ""
                if method == "fill" {
                    statements = ["\(context).addPath(\(name))", "\(context).fillPath(\(rule))"]
                } else if method == "addClip" {
                    statements = ["\(context).addPath(\(name))", "\(context).clip(\(rule))"]
                } else {
                    statements = UIKitDrawingRewriter.strokeStatements(
                        path: name, context: context, lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin)
                }
                file.replace(
                    statement, with: statements.joined(separator: statement.statementSeparator), kind: .uikitValue,
                    reason: "UIKit's drawing goes to its current context, which Linux does not have; '\(name)' is \(method == "fill" ? "filled" : method == "addClip" ? "added to the clip" : "stroked, with its line settings,") in the CGContext current there")
            case .containsTest(let call):
                guard let rule = evenOdd.map({ $0 == "true" ? ".evenOdd" : $0 == "false" ? nil : "\($0) ? .evenOdd : .winding" }) ?? nil,
                    let last = call.arguments.last
                else { break }
                file.insert(
                    ", using: \(rule)", at: file.trimmedRange(last).upperBound, after: file.trimmedRange(call), kind: .uikitValue,
                    reason: "a CGPath has no fill rule: the test names the one '\(name)' was given, as UIKit's contains(_:) uses it")
            case .transformed(let statement, let transform):
                let whole = file.trimmedRange(statement), matrix = file.trimmedRange(transform)
                let reason = "a CGMutablePath is not transformed in place: '\(name)' becomes its copy through the transform, as UIKit's apply(_:) leaves it"
                file.replace(whole.lowerBound..<matrix.lowerBound, with: "\(name) = \(name).mutableCopy(using: [", kind: .uikitValue, reason: reason)
                file.replace(matrix.upperBound..<whole.upperBound, with: "]) ?? \(name)", kind: .uikitValue, reason: reason)
            default:
                Self.write(use, path: name, in: file)
            }
        }
    }

    /// Makes the edits a use of the path `name` needs that are its own (a drawing, line
    /// setting, fill rule, transform, point test or reversal is written with its builder).
    static func write(_ use: Use, path name: String, in file: PortingSourceFile) {
        let reason = "UIKit does not exist on Linux; '\(name)' is a CGMutablePath"
        switch use {
        case .same: break
        case .renamed(let token, let newName):
            file.replace(token, with: newName, kind: .uikitValue, reason: reason)
        case .path(let access):
            file.replace(access, with: name, kind: .uikitValue, reason: "\(reason), a CGPath itself")
        case .converted(let conversion):
            file.replace(
                conversion, with: name, kind: .uikitValue,
                reason: "\(reason), a CGPath itself: the extension that converted it goes")
        case .appKitCall(let call, let replacement):
            file.replace(
                call, with: replacement, kind: .uikitValue,
                reason: replacement.contains(".pi / 180")
                    ? "\(reason); AppKit's arc angles are degrees, Core Graphics' radians, and both turn the same way in a y-up space"
                    : "\(reason), which adds the same shape")
        case .relabeled(let call, let labels, let newName):
            // `path.line(to:)`, or `line(to:)` on `self` in an extension's initializer.
            if let newName,
                let method = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
                    ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName
            {
                file.replace(method, with: newName, kind: .uikitValue, reason: reason)
            }
            for argument in call.arguments {
                guard let label = argument.label, let newLabel = labels[label.text] else { continue }
                file.replace(label, with: newLabel, kind: .uikitValue, reason: reason)
            }
        case .appended(let method, let argument, let replacement):
            file.replace(method, with: "addPath", kind: .uikitValue, reason: reason)
            if let replacement {
                file.replace(
                    argument, with: replacement, kind: .uikitValue,
                    reason: "UIKit does not exist on Linux; the path appended is written as the CGPath it makes")
            }
        case .lineSetting, .fillRule, .drawn, .transformed, .containsTest, .reversed:
            break
        case .reassigned(let statement, let value, let shape):
            file.replace(value, with: "CGMutablePath()", kind: .uikitValue, reason: "\(reason), made anew")
            if !shape.isEmpty {
                let range = file.trimmedRange(statement)
                file.insert(
                    "\n\(statement.statementIndentation)\(name).\(shape)", at: range.upperBound, after: range, kind: .uikitValue,
                    reason: "UIKit's path starts with this shape; the CGMutablePath adds it")
            }
        case .arc(let call):
            for argument in call.arguments {
                if argument.label?.text == "withCenter", let label = argument.label {
                    file.replace(label, with: "center", kind: .uikitValue, reason: reason)
                }
                if argument.label?.text == "clockwise" {
                    file.replace(
                        argument.expression, with: Self.negated(argument.expression), kind: .uikitValue,
                        reason: "UIKit's clockwise is as the arc looks with y down, Core Graphics' with y up: the same arc flips the flag")
                }
            }
        }
    }

    /// What one use of the variable needs.
    enum Use {
        /// Nothing: the same method on `CGMutablePath`.
        case same
        /// A member whose name changes (`close` → `closeSubpath`, `bounds` → `boundingBox`).
        case renamed(TokenSyntax, String)
        /// `path.cgPath`: the path itself.
        case path(MemberAccessExprSyntax)
        /// A conversion the ported files' extension declares (`path.cgPathValue`,
        /// `path.toCGPath()`): the path itself.
        case converted(ExprSyntax)
        /// An AppKit call written as the `CGMutablePath` call that adds the same
        /// (`appendOval(in: r)` → `addEllipse(in: r)`).
        case appKitCall(FunctionCallExprSyntax, String)
        /// A method whose argument labels change (`controlPoint1:` → `control1:`): UIKit's label
        /// and Core Graphics' for each that differs, and the new name if the method's changes.
        case relabeled(FunctionCallExprSyntax, [String: String], newName: String?)
        /// `path.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
        case arc(FunctionCallExprSyntax)
        /// `path.append(other)`: `addPath`, and the `CGPath` for an argument written in place.
        case appended(TokenSyntax, ExprSyntax, replacement: String?)
        /// `path.usesEvenOddFillRule = value`, which goes.
        case fillRule(CodeBlockItemSyntax, String)
        /// `path.lineWidth = value` (`lineCapStyle`, `lineJoinStyle`), which goes.
        case lineSetting(CodeBlockItemSyntax, property: String, value: String)
        /// `path.apply(transform)`: the path becomes its transformed copy.
        case transformed(CodeBlockItemSyntax, ExprSyntax)
        /// `path.contains(point)`: Core Graphics' test, with the fill rule the path was given.
        case containsTest(FunctionCallExprSyntax)
        /// `path.fill()`, `path.stroke()` or `path.addClip()` (`method`) where UIKit's current
        /// context is `context`.
        case drawn(CodeBlockItemSyntax, method: String, context: String)
        /// `receiver.append(path.reversing())`: the path is added mirrored there.
        case reversed(DeclReferenceExprSyntax)
        /// `path = UIBezierPath(roundedRect: r, cornerRadius: c)` (a shape the initializer could
        /// make) as a statement: the variable becomes a new `CGMutablePath` with that shape.
        case reassigned(CodeBlockItemSyntax, FunctionCallExprSyntax, shape: String)

        /// The statement setting a line setting or the fill rule, for such a use.
        var setting: CodeBlockItemSyntax? {
            switch self {
            case .lineSetting(let statement, _, _), .fillRule(let statement, _): return statement
            default: return nil
            }
        }
    }

    struct Builder {
        var name: String
        /// The path type's initializer, which becomes `CGMutablePath()`; nil for a path a
        /// function the command writes returns (``PathFunctionRewriter``).
        var initializer: FunctionCallExprSyntax?
        /// The shape the initializer made, as a `CGMutablePath` call (`addRect(r)`), if any.
        var initialShape: String?
        /// For a copy of another path built this way (`line.copy() as! UIBezierPath`): the
        /// copying expression, and the name of the path copied.
        var copied: (expression: ExprSyntax, original: String)?
        var uses: [Use]
        /// Whether the path is a `CGMutablePath` (a function may return a `CGPath`).
        var isMutable = true

        /// Whether the code sets the path's line width, cap, join or fill rule.
        var setsDrawingSettings: Bool { uses.contains { $0.setting != nil } }
    }

    /// Where a path is declared: a local variable, or (a copy only) an `if let` or `guard let`
    /// binding (`guard let area = line.copy() as? UIBezierPath else { return }`).
    struct Declaration {
        var node: Syntax
        var name: String
        /// Its initial value; nil for a local `var` given its paths later (`var oval: UIBezierPath`).
        var value: ExprSyntax?
        var type: TypeSyntax?
        /// Where the name is seen.
        var scope: [Syntax]
        /// The statements the path may be drawn among (its block's, an `if`'s body's).
        var block: SyntaxIdentifier?
        var isBinding: Bool

        init?(_ node: VariableDeclSyntax) {
            guard node.bindings.count == 1, let binding = node.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let after = NameReferences.scope(of: node)
            else { return nil }
            let value = binding.initializer?.value
            // Without a value, a local variable (in a block's statements) of the path type.
            guard value != nil
                || (node.bindingSpecifier.tokenKind == .keyword(.var) && node.parent?.is(CodeBlockItemSyntax.self) == true
                    && binding.accessorBlock == nil && binding.typeAnnotation != nil)
            else { return nil }
            (self.node, self.name, self.value, type, scope, block, isBinding) =
                (Syntax(node), name, value, binding.typeAnnotation?.type, after, node.parent?.parent?.id, false)
        }

        init?(_ node: OptionalBindingConditionSyntax) {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value,
                let seen = NameReferences.scope(of: node)
            else { return nil }
            let conditions = node.parent?.parent?.parent
            let block = conditions?.as(IfExprSyntax.self)?.body.statements.id ?? conditions?.parent?.parent?.id
            (self.node, self.name, self.value, type, scope, self.block, isBinding) = (Syntax(node), name, value, node.typeAnnotation?.type, seen, block, true)
        }
    }

    /// The path builder `node` declares, when it is one this pass writes.
    static func builder(_ node: VariableDeclSyntax) -> Builder? {
        Declaration(node).flatMap(builder)
    }

    /// The copy of a path builder `node` binds, when it is one this pass writes.
    static func builder(_ node: OptionalBindingConditionSyntax) -> Builder? {
        Declaration(node).flatMap(builder)
    }

    /// The path builder `declaration` declares, when it is one this pass writes.
    private static func builder(_ declaration: Declaration) -> Builder? {
        let (node, name, value, after) = (declaration.node, declaration.name, declaration.value, declaration.scope)
        let typeName: String, initializer: FunctionCallExprSyntax?, initialShape: String
        var returned: PathFunctionRewriter.Declared?
        var copied: (expression: ExprSyntax, original: String)?
        // Whether the copy takes line settings the original was given, which a CGMutablePath's
        // copy does not carry: it may then be filled, not stroked.
        var inheritsLineSettings = false
        if let value, let (type, original) = copy(value, optional: declaration.isBinding),
            declaration.type == nil || declaration.type?.trimmedDescription == type
        {
            // A copy of another path built this way, which is followed while this one is; not of
            // one given a fill rule before (UIKit's copy takes it, a CGMutablePath's has none).
            guard !following.contains(node.id),
                let originalDeclaration = NameReferences.declaration(of: original.baseName.text, before: node),
                let originalBuilder = $following.withValue(following.union([node.id]), operation: { builder(originalDeclaration) })
            else { return nil }
            let settingsBefore = originalBuilder.uses.filter { $0.setting.map { $0.position < node.position } ?? false }
            guard !settingsBefore.contains(where: { if case .fillRule = $0 { true } else { false } }) else { return nil }
            inheritsLineSettings = !settingsBefore.isEmpty
            (typeName, initializer, initialShape) = (type, nil, "")
            copied = (value, original.baseName.text)
        } else if declaration.isBinding {
            return nil
        } else if value == nil, let type = declaration.type?.trimmedDescription, ["UIBezierPath", "NSBezierPath"].contains(type) {
            // `var oval: UIBezierPath`, given its shapes later (`oval = UIBezierPath(ovalIn: r)`),
            // each a new `CGMutablePath` with the shape added.
            (typeName, initializer, initialShape) = (type, nil, "")
        } else if let call = value?.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, ["UIBezierPath", "NSBezierPath"].contains(type),
            declaration.type == nil || declaration.type?.trimmedDescription == type,
            let shape = (type == "NSBezierPath" ? appKitShape(of: call) : shape(of: call))
                ?? (PathExtensionRewriter.isInitializer(call) ? "" : nil)
        {
            (typeName, initializer, initialShape) = (type, call, shape)
        } else if let call = value?.as(FunctionCallExprSyntax.self), call.trailingClosure == nil, call.arguments.isEmpty,
            let type = selfInitializedPathType(call), declaration.type == nil
        {
            // `let path = self.init()` (`Self()`) in a static function of a path extension.
            (typeName, initializer, initialShape) = (type, call, "")
        } else if declaration.type == nil, let value, let function = PathFunctionRewriter.value(value) {
            // The path a function the command writes returns: the uses are checked alike.
            (typeName, initializer, initialShape) = (function.isAppKit ? "NSBezierPath" : "UIBezierPath", nil, "")
            returned = function
        } else {
            return nil
        }
        // Declared again in its scope (a closure's parameter, a nested variable): not followed.
        guard let references = NameReferences.find(name, in: after) else { return nil }
        var uses: [Use] = []
        // A member of the same name (`shape.path`) is not the variable.
        for reference in references where !reference.isMemberName {
            guard reference.argumentNames == nil,
                let use = use(of: reference, appKit: typeName == "NSBezierPath", scope: declaration.block)
            else {
                return nil
            }
            // A CGPath a function returns is not changed in place; a function's line settings
            // and fill rule do not reach its caller's drawing.
            if let returned, !returned.isMutable, isChange(reference) { return nil }
            if let returned, returned.carriesDrawingSettings, isDrawing(use) { return nil }
            uses.append(use)
        }
        if inheritsLineSettings, uses.contains(where: { if case .drawn(_, "stroke", _) = $0 { true } else { false } }) { return nil }
        // Reversed, the path is a rectangle, oval or rounded rectangle alone, mirrored into
        // another path built this way (which, following it, takes this one as written).
        if case .reversed(let receiver)? = uses.first(where: { if case .reversed = $0 { true } else { false } }) {
            guard uses.count == 1, let initializer, symmetricShapeRect(initializer) != nil,
                $following.withValue(following.union([node.id]), operation: { isBuilder(receiver.baseName.text, before: receiver) })
            else { return nil }
        }
        return Builder(
            name: name, initializer: initializer, initialShape: initialShape.isEmpty ? nil : initialShape, copied: copied, uses: uses,
            isMutable: returned?.isMutable ?? true)
    }

    /// The path type `call` makes an empty path of as `self.init()`, `Self()` or `Self.init()`
    /// in a static function of an extension of that type.
    private static func selfInitializedPathType(_ call: FunctionCallExprSyntax) -> String? {
        let callee = call.calledExpression
        let namesSelf: Bool
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.`init`),
            let base = access.base?.as(DeclReferenceExprSyntax.self)
        {
            namesSelf = base.baseName.tokenKind == .keyword(.self) || base.baseName.tokenKind == .keyword(.Self)
        } else {
            namesSelf = callee.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.Self)
        }
        guard namesSelf, let function = call.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }) else { return nil }
        return PathFunctionRewriter.selfPathType(in: function)
    }

    /// Whether `statement` is in the block `scope` or in the bodies of its loops, conditions and
    /// `do` blocks, or an image renderer's closure (``DrawingContext`` knows no other closure's
    /// context): run where it stands among the block's statements, after the line settings
    /// before it and before those after it. Not in a `defer` block, run as the block ends, or a
    /// nested function.
    private static func isRunInOrder(_ statement: CodeBlockItemSyntax, in scope: SyntaxIdentifier?) -> Bool {
        var current = statement.parent
        while let node = current {
            if node.id == scope { return true }
            if node.is(FunctionDeclSyntax.self) || node.is(AccessorDeclSyntax.self)
                || node.is(InitializerDeclSyntax.self) || node.is(DeferStmtSyntax.self) || node.is(MemberBlockSyntax.self)
            {
                return false
            }
            current = node.parent
        }
        return false
    }

    /// The declarations of copies whose originals are being followed, and of shapes whose
    /// receivers are: the other's uses take such a path as built this way (the two would
    /// otherwise follow each other forever).
    @TaskLocal private static var following: Set<SyntaxIdentifier> = []

    /// `original.copy() as! UIBezierPath` (or `NSBezierPath`; `as?` where `optional`, a binding's
    /// value): the path type and the path copied.
    private static func copy(_ value: ExprSyntax, optional: Bool = false) -> (type: String, original: DeclReferenceExprSyntax)? {
        guard let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let call = sequence.elements.first?.as(FunctionCallExprSyntax.self),
            let cast = Array(sequence.elements)[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark?.tokenKind == .exclamationMark
                || (optional && [.postfixQuestionMark, .infixQuestionMark].contains(cast.questionOrExclamationMark?.tokenKind)),
            let type = sequence.elements.last?.as(TypeExprSyntax.self)?.type.trimmedDescription, ["UIBezierPath", "NSBezierPath"].contains(type),
            isCopy(call), let original = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return (type, original)
    }

    /// Whether `call` is `name.copy()`.
    private static func isCopy(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "copy",
            access.base?.is(DeclReferenceExprSyntax.self) == true
        else { return false }
        return call.arguments.isEmpty && call.trailingClosure == nil
    }

    /// Whether `reference` is the path a method that changes it is called on (any but
    /// `contains(_:)`, `apply(_:)` — which becomes a copy — and drawing), or a path appended to.
    private static func isChange(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id
        else { return false }
        return !["contains", "apply", "fill", "stroke", "addClip"].contains(access.declName.baseName.text)
    }

    /// Whether `use` draws the path or tests a point in it, which its line settings and fill
    /// rule affect.
    private static func isDrawing(_ use: Use) -> Bool {
        switch use {
        case .drawn, .containsTest: return true
        default: return false
        }
    }

    /// The `CGMutablePath` call that adds what a `UIBezierPath` initializer made ("" for an
    /// empty path), or nil for one this pass does not write. `moving` gives the text each
    /// argument is written as (its own, or a placeholder for it with the edits made inside it).
    static func shape(
        of call: FunctionCallExprSyntax, moving: (ExprSyntax) -> String = { $0.trimmedDescription }
    ) -> String? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map { moving($0.expression) }
        switch labels {
        case []: return ""
        case ["rect"]: return "addRect(\(values[0]))"
        case ["ovalIn"]: return "addEllipse(in: \(values[0]))"
        case ["roundedRect", "cornerRadius"]:
            return "addRoundedRect(in: \(values[0]), cornerWidth: \(values[1]), cornerHeight: \(values[1]))"
        case ["roundedRect", "byRoundingCorners", "cornerRadii"]:
            return RoundedCornersPath.code(call).map { "addPath(\($0))" }
        case ["cgPath"]: return call.arguments.first.map { "addPath(\(cgPathText($0.expression)))" }
        case ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"]:
            return "addArc(center: \(values[0]), radius: \(values[1]), startAngle: \(values[2]), endAngle: \(values[3]), clockwise: \(negated(call.arguments.last!.expression)))"
        default: return nil
        }
    }

    /// The code for the `CGPath` given to `UIBezierPath(cgPath:)`: the path itself where it is
    /// the `cgPath` of a path the command writes as a `CGPath` (`path.cgPath` of a path built
    /// step by step, `star().cgPath` of a path function's), whose own edit it would otherwise
    /// hide; else the expression as written.
    static func cgPathText(_ expression: ExprSyntax) -> String {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "cgPath",
            let base = access.base
        else { return expression.trimmedDescription }
        if let reference = base.as(DeclReferenceExprSyntax.self), isBuilder(reference.baseName.text, before: expression) {
            return reference.baseName.text
        }
        return PathFunctionRewriter.value(base) != nil ? base.trimmedDescription : expression.trimmedDescription
    }

    /// The `CGMutablePath` call that adds what an `NSBezierPath` initializer made ("" for an
    /// empty path), or nil for one this pass does not write.
    static func appKitShape(of call: FunctionCallExprSyntax) -> String? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map(\.expression.trimmedDescription)
        switch labels {
        case [], ["rect"], ["ovalIn"]: return shape(of: call)
        case ["roundedRect", "xRadius", "yRadius"]:
            return "addRoundedRect(in: \(values[0]), cornerWidth: \(values[1]), cornerHeight: \(values[2]))"
        default: return nil
        }
    }

    /// What a reference to the variable needs, or nil for a use this pass cannot write.
    /// `scope` is the block the path is declared in.
    private static func use(of reference: DeclReferenceExprSyntax, appKit: Bool, scope: SyntaxIdentifier?) -> Use? {
        guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else {
            // `path = UIBezierPath(ovalIn: r)` as a statement: a new path with that shape.
            if let value = reference.assignedValue?.as(FunctionCallExprSyntax.self), value.trailingClosure == nil,
                let type = value.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                type == (appKit ? "NSBezierPath" : "UIBezierPath"),
                let statement = reference.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
                let shape = appKit ? appKitShape(of: value) : shape(of: value)
            {
                return .reassigned(statement, value, shape: shape)
            }
            // Returned by a function the command writes to return it.
            if reference.parent?.is(ReturnStmtSyntax.self) == true, PathFunctionRewriter.isReturnedByWrittenFunction(reference) {
                return .same
            }
            // Passed for a path parameter the command makes take the CGPath.
            if PathParameterRewriter.isPassedToWrittenParameter(reference) { return .same }
            // Appended to another path (`path.append(circle)`), which becomes `addPath(circle)`.
            if let argument = reference.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
                let method = call.calledExpression.as(MemberAccessExprSyntax.self), method.declName.baseName.text == "append",
                method.base?.is(DeclReferenceExprSyntax.self) == true
            {
                return .same
            }
            return nil
        }
        let member = access.declName.baseName.text
        if let (statement, value) = assignment(access) {
            // Line settings count only in the path's own block, where their order is the code's.
            switch member {
            case "usesEvenOddFillRule": return .fillRule(statement, value)
            case "lineWidth", "lineCapStyle", "lineJoinStyle":
                guard statement.parent?.id == scope else { return nil }
                return .lineSetting(statement, property: member, value: value)
            default: return nil
            }
        }
        if let conversion = PathConversionExtensionRewriter.conversion(access) { return .converted(conversion) }
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id else {
            switch member {
            case "cgPath": return .path(access)
            case "bounds": return .renamed(access.declName.baseName, "boundingBox")
            case "currentPoint", "isEmpty": return .same
            default: return nil
            }
        }
        guard call.trailingClosure == nil else { return nil }
        // Reversed and appended to another path (`overlay.append(cutout.reversing())`).
        if member == "reversing", call.arguments.isEmpty, let argument = call.parent?.as(LabeledExprSyntax.self),
            let append = argument.parent?.parent?.as(FunctionCallExprSyntax.self), append.arguments.count == 1,
            let method = append.calledExpression.as(MemberAccessExprSyntax.self), method.declName.baseName.text == "append",
            let receiver = method.base?.as(DeclReferenceExprSyntax.self)
        {
            return .reversed(receiver)
        }
        // Copied into another path built this way, whose declaration writes the copy.
        if isCopy(call), let sequence = call.parent?.parent?.as(SequenceExprSyntax.self),
            copy(ExprSyntax(sequence)) != nil, let declaration = sequence.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self),
            following.contains(declaration.id) || builder(declaration) != nil
        {
            return .same
        }
        if isCopy(call), let sequence = call.parent?.parent?.as(SequenceExprSyntax.self), copy(ExprSyntax(sequence), optional: true) != nil,
            let binding = sequence.parent?.parent?.as(OptionalBindingConditionSyntax.self),
            following.contains(binding.id) || builder(binding) != nil
        {
            return .same
        }
        if ["fill", "stroke", "addClip"].contains(member), call.arguments.isEmpty,
            let statement = call.parent?.as(CodeBlockItemSyntax.self), isRunInOrder(statement, in: scope),
            let context = DrawingContext.at(statement)
        {
            return .drawn(statement, method: member, context: context)
        }
        let signature = "\(member)(\(call.arguments.map { "\($0.label?.text ?? "_"):" }.joined()))"
        if signature == "apply(_:)", !appKit, let statement = call.parent?.as(CodeBlockItemSyntax.self),
            let transform = call.arguments.first?.expression
        {
            return .transformed(statement, transform)
        }
        if signature == "contains(_:)", !appKit { return .containsTest(call) }
        // Another path built this way (or its copy, whose original is being followed).
        let isBuiltPath = { (argument: ExprSyntax) -> Bool in
            guard let other = argument.as(DeclReferenceExprSyntax.self),
                let declaration = NameReferences.declaration(of: other.baseName.text, before: call)
            else { return false }
            return following.contains(declaration.id) || builder(declaration) != nil
        }
        if let use = methodUse(call, member: access.declName.baseName, path: reference.baseName.text, appKit: appKit, isBuiltPath: isBuiltPath) {
            return use
        }
        // A path built this way that is a rectangle, oval or rounded rectangle alone, reversed
        // and appended (`cutout.reversing()`): mirrored, the same outline the other way round.
        guard signature == "append(_:)", let argument = call.arguments.first?.expression else { return nil }
        return reversedShape(argument).map {
            .appended(access.declName.baseName, argument, replacement: "\($0.path), transform: \(mirror($0.rect))")
        }
    }

    /// What a call of the path's own method `member` needs — on the path named `path`, or on
    /// `self` in a path extension's initializer (``PathExtensionRewriter``): nothing for
    /// `move(to:)` and `addLine(to:)`, `closeSubpath` for `close()`, Core Graphics' labels for
    /// the curves, the arc with its `clockwise` flipped, AppKit's methods as the calls that add
    /// the same, `addPath` for `append(_:)` of a path written whole (`isBuiltPath`, a function's
    /// path or a shape made in place). Nil for a method this pass does not write.
    static func methodUse(
        _ call: FunctionCallExprSyntax, member: TokenSyntax, path: String, appKit: Bool,
        isBuiltPath: (ExprSyntax) -> Bool = { _ in false }
    ) -> Use? {
        let signature = "\(member.text)(\(call.arguments.map { "\($0.label?.text ?? "_"):" }.joined()))"
        if sameMethods.contains(signature) { return .same }
        if signature == "close()" { return .renamed(member, "closeSubpath") }
        if appKit, let method = appKitMethods[signature] { return .relabeled(call, method.labels, newName: method.name) }
        if appKit, signature != "append(_:)" {
            return appKitCall(call, path: path, signature: signature).map { .appKitCall(call, $0) }
        }
        if let labels = relabeledMethods[signature] { return .relabeled(call, labels, newName: nil) }
        if signature == "append(_:)", let argument = call.arguments.first?.expression {
            if isBuiltPath(argument) { return .appended(member, argument, replacement: nil) }
            // A path a function the command writes returns, without line settings or fill rule
            // (which UIKit's append(_:) does not take either).
            if let function = PathFunctionRewriter.value(argument), !function.carriesDrawingSettings {
                return .appended(member, argument, replacement: nil)
            }
            if let written = UIKitValueRewriter.path(argument) { return .appended(member, argument, replacement: written) }
            return nil
        }
        return signature == "addArc(withCenter:radius:startAngle:endAngle:clockwise:)" ? .arc(call) : nil
    }

    /// Whether `node` is the path type in `path = UIBezierPath(…)`, a shape given anew to a
    /// path this pass writes (``Use/reassigned(_:_:shape:)``).
    static func isReassignedShape(_ node: some SyntaxProtocol) -> Bool {
        guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == Syntax(node).id,
            let target = call.assignmentTarget?.as(DeclReferenceExprSyntax.self), target.argumentNames == nil,
            let declaration = NameReferences.declaration(of: target.baseName.text, before: target),
            let builder = builder(declaration)
        else { return false }
        return builder.uses.contains { if case .reassigned(_, let value, _) = $0 { value.id == call.id } else { false } }
    }

    /// The transform mirroring a shape in `rect` (source text) about its horizontal centre line:
    /// the same outline traced the other way round (for an oval, from the same start).
    static func mirror(_ rect: String) -> String {
        let rect = UIKitValueRewriter.postfixOperand(rect)
        return "CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: \(rect).minY + \(rect).maxY)"
    }

    /// `name.reversing()` of a path built this way that is a rectangle, oval or rounded
    /// rectangle (of equal corners) alone, only used reversed: its name and the shape's rectangle.
    static func reversedShape(_ expression: ExprSyntax) -> (path: String, rect: String)? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "reversing",
            let base = access.base
        else { return nil }
        guard let reference = base.as(DeclReferenceExprSyntax.self),
            let declaration = NameReferences.declaration(of: reference.baseName.text, before: call),
            let initializer = declaration.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self),
            let rect = symmetricShapeRect(initializer), following.contains(declaration.id) || builder(declaration) != nil
        else { return nil }
        return (reference.baseName.text, rect)
    }

    /// The rectangle of `UIBezierPath(rect: r)`, `(ovalIn: r)` or `(roundedRect: r, cornerRadius: c)`.
    private static func symmetricShapeRect(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIBezierPath", call.trailingClosure == nil else {
            return nil
        }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard [["rect"], ["ovalIn"], ["roundedRect", "cornerRadius"]].contains(labels) else { return nil }
        return call.arguments.first?.expression.trimmedDescription
    }

    /// The `CGMutablePath` call that adds what AppKit's `call` (of the method `signature`) on
    /// `path` adds, or nil for one this pass does not write: `appendRect(_:)`,
    /// `appendOval(in:)`, `appendRoundedRect(_:xRadius:yRadius:)`,
    /// `appendArc(withCenter:radius:startAngle:endAngle:clockwise:)` (angles in degrees,
    /// `clockwise` false when left out), `relativeMove(to:)` and `relativeLine(to:)` (from the
    /// current point).
    static func appKitCall(_ call: FunctionCallExprSyntax, path: String, signature: String) -> String? {
        let values = call.arguments.map(\.expression.trimmedDescription)
        let operands = call.arguments.map { operand($0.expression) }
        switch signature {
        case "appendRect(_:)": return "\(path).addRect(\(values[0]))"
        case "appendOval(in:)": return "\(path).addEllipse(in: \(values[0]))"
        case "appendRoundedRect(_:xRadius:yRadius:)":
            return "\(path).addRoundedRect(in: \(values[0]), cornerWidth: \(values[1]), cornerHeight: \(values[2]))"
        case "appendArc(withCenter:radius:startAngle:endAngle:)", "appendArc(withCenter:radius:startAngle:endAngle:clockwise:)":
            let clockwise = values.count > 4 ? values[4] : "false"
            return "\(path).addArc(center: \(values[0]), radius: \(values[1]), startAngle: \(operands[2]) * .pi / 180, "
                + "endAngle: \(operands[3]) * .pi / 180, clockwise: \(clockwise))"
        case "relativeMove(to:)", "relativeLine(to:)":
            let method = signature == "relativeMove(to:)" ? "move" : "addLine"
            return "\(path).\(method)(to: CGPoint(x: \(path).currentPoint.x + \(operands[0]).x, y: \(path).currentPoint.y + \(operands[0]).y))"
        default: return nil
        }
    }

    /// `expression` as an operand of `*` or `.`: in parentheses unless it is a name, a literal,
    /// a member or a call.
    private static func operand(_ expression: ExprSyntax) -> String {
        let text = expression.trimmedDescription
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(MemberAccessExprSyntax.self)
            || expression.is(FunctionCallExprSyntax.self)
        {
            return text
        }
        return "(\(text))"
    }

    /// The statement `access = value` is, and the value, when `access` is assigned there.
    private static func assignment(_ access: MemberAccessExprSyntax) -> (CodeBlockItemSyntax, String)? {
        guard let value = access.assignedValue, let statement = access.parent?.parent?.parent?.as(CodeBlockItemSyntax.self) else { return nil }
        return (statement, value.trimmedDescription)
    }

    /// Whether `name`, used in `node`, is a path this pass writes, declared earlier in one of
    /// the blocks around `node`.
    private static func isBuilder(_ name: String, before node: some SyntaxProtocol) -> Bool {
        NameReferences.declaration(of: name, before: node).map { builder($0) != nil } ?? false
    }

    /// `!expression`, simplified for literals.
    static func negated(_ expression: ExprSyntax) -> String {
        switch expression.trimmedDescription {
        case "true": return "false"
        case "false": return "true"
        case let text where expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self):
            return "!\(text)"
        case let text: return "!(\(text))"
        }
    }
}
