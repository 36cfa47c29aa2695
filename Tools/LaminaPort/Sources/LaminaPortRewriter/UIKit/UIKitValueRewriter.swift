import SwiftParser
import SwiftSyntax

/// UIKit and AppKit colours and paths that Core Animation code turns straight into Core
/// Graphics values, written as those values:
///
/// - `UIColor.red.cgColor` (a named colour) → `CGColor(red: 1, green: 0, blue: 0, alpha: 1)`,
///   `UIColor.white.cgColor` → `CGColor(gray: 1, alpha: 1)`, with the components Apple's
///   documentation gives each (`orange` is 1, 0.5, 0; `darkGray` a gray of 1/3; `clear` a gray
///   of 0 with alpha 0); `UIColor.red.withAlphaComponent(0.5).cgColor` takes that alpha (any
///   other colour written here, `copy(alpha:)` of it);
/// - `UIColor(cgColor: c).cgColor` → `c`, and `UIBezierPath(cgPath: p).cgPath` → `p`;
/// - `UIColor(patternImage: image)` → a pattern `CGColor` tiling the image (``patternColor(_:)``),
///   set to fill or stroke with (``UIKitDrawingRewriter``) or given to a layer;
/// - `UIColor(red: r, green: g, blue: b, alpha: a).cgColor` → `CGColor(red: r, green: g,
///   blue: b, alpha: a)`, and `UIColor(white: w, alpha: a).cgColor` → `CGColor(gray: w, alpha: a)`
///   (`NSColor` alike);
/// - `UIBezierPath(rect: r).cgPath` → `CGPath(rect: r, transform: nil)`,
///   `UIBezierPath(ovalIn: r).cgPath` → `CGPath(ellipseIn: r, transform: nil)`, and
///   `UIBezierPath(roundedRect: r, cornerRadius: c).cgPath` → `CGPath(roundedRect: r,
///   cornerWidth: c, cornerHeight: c, transform: nil)` (circular corners, where UIKit's are
///   smoother: the change's reason says so), and AppKit's `NSBezierPath(roundedRect: r,
///   xRadius: x, yRadius: y).cgPath` → `CGPath(roundedRect: r, cornerWidth: x, cornerHeight: y,
///   transform: nil)`;
/// - `UIBezierPath(roundedRect: r, byRoundingCorners: [.topLeft], cornerRadii: s).cgPath` →
///   the path `RoundedCornersPath` writes, where the corners are named in the source;
/// - `UIBezierPath(arcCenter: c, radius: r, startAngle: s, endAngle: e, clockwise: cw).cgPath`
///   → a `CGMutablePath` with that arc, `clockwise` flipped (UIKit's is as the arc looks with y
///   down, Core Graphics' with y up).
///
/// - `UIColor(hex: 0x3366FF).cgColor` and `UIColor.brand.cgColor`, an initializer and a
///   static colour of a `UIColor` extension the command writes on `CGColor`
///   (``ColorExtensionRewriter``) → `CGColor(hex: 0x3366FF)` and `CGColor.brand`;
/// - `[.foregroundColor: UIColor.white]` (and `.strokeColor`) → `[.foregroundColor: CGColor(gray: 1,
///   alpha: 1)]`: Core Text takes text colours as `CGColor`s.
///
/// Paths built step by step in a variable are `BezierPathBuilderRewriter`'s, fonts
/// `UIFontRewriter`'s.
///
/// System colours (`UIColor.systemBlue`, `.label`) are written with their light appearance's
/// components. A colour kept in a variable is `ColorVariableRewriter`'s; other uses are
/// reported for a person.
final class UIKitValueRewriter: PortingPass {
    static let colorTypes: Set<String> = ["UIColor", "NSColor"]

    /// Apple's named colours: a gray level or red, green and blue (alpha 1 unless given).
    static let namedColors: [String: (components: [String], alpha: String)] = [
        "black": (["0"], "1"), "darkGray": (["1 / 3"], "1"), "lightGray": (["2 / 3"], "1"), "white": (["1"], "1"),
        "gray": (["0.5"], "1"), "clear": (["0"], "0"),
        "red": (["1", "0", "0"], "1"), "green": (["0", "1", "0"], "1"), "blue": (["0", "0", "1"], "1"),
        "cyan": (["0", "1", "1"], "1"), "yellow": (["1", "1", "0"], "1"), "magenta": (["1", "0", "1"], "1"),
        "orange": (["1", "0.5", "0"], "1"), "purple": (["0.5", "0", "0.5"], "1"), "brown": (["0.6", "0.4", "0.2"], "1"),
        // UIKit's text colours for fixed backgrounds (not the appearance's).
        "darkText": (["0"], "1"), "lightText": (["1"], "0.6"),
    ]

    /// UIKit's system colours (`systemBlue`, `label`, `systemGray6`, …) in the light
    /// appearance, as 0–255 sRGB components and an alpha, the values Apple's Human Interface
    /// Guidelines publish for iOS 15 and later. Apple's change with the appearance (dark mode,
    /// increased contrast); Linux has no such setting for a layer tree, so the light one is kept.
    static let systemColors: [String: (red: Int, green: Int, blue: Int, alpha: String)] = [
        "systemRed": (255, 59, 48, "1"), "systemOrange": (255, 149, 0, "1"), "systemYellow": (255, 204, 0, "1"),
        "systemGreen": (52, 199, 89, "1"), "systemMint": (0, 199, 190, "1"), "systemTeal": (48, 176, 199, "1"),
        "systemCyan": (50, 173, 230, "1"), "systemBlue": (0, 122, 255, "1"), "systemIndigo": (88, 86, 214, "1"),
        "systemPurple": (175, 82, 222, "1"), "systemPink": (255, 45, 85, "1"), "systemBrown": (162, 132, 94, "1"),
        "systemGray": (142, 142, 147, "1"), "systemGray2": (174, 174, 178, "1"), "systemGray3": (199, 199, 204, "1"),
        "systemGray4": (209, 209, 214, "1"), "systemGray5": (229, 229, 234, "1"), "systemGray6": (242, 242, 247, "1"),
        "label": (0, 0, 0, "1"), "secondaryLabel": (60, 60, 67, "0.6"), "tertiaryLabel": (60, 60, 67, "0.3"),
        "quaternaryLabel": (60, 60, 67, "0.18"), "placeholderText": (60, 60, 67, "0.3"), "link": (0, 122, 255, "1"),
        "systemBackground": (255, 255, 255, "1"), "secondarySystemBackground": (242, 242, 247, "1"),
        "tertiarySystemBackground": (255, 255, 255, "1"), "systemGroupedBackground": (242, 242, 247, "1"),
        "secondarySystemGroupedBackground": (255, 255, 255, "1"), "tertiarySystemGroupedBackground": (242, 242, 247, "1"),
        "separator": (60, 60, 67, "0.29"), "opaqueSeparator": (198, 198, 200, "1"), "tintColor": (0, 122, 255, "1"),
        "systemFill": (120, 120, 128, "0.2"), "secondarySystemFill": (120, 120, 128, "0.16"),
        "tertiarySystemFill": (118, 118, 128, "0.12"), "quaternarySystemFill": (116, 116, 128, "0.08"),
        // AppKit's, in the light (Aqua) appearance.
        "labelColor": (0, 0, 0, "0.85"), "secondaryLabelColor": (0, 0, 0, "0.5"), "tertiaryLabelColor": (0, 0, 0, "0.26"),
        "quaternaryLabelColor": (0, 0, 0, "0.1"), "separatorColor": (0, 0, 0, "0.1"), "textColor": (0, 0, 0, "1"),
        "textBackgroundColor": (255, 255, 255, "1"), "controlBackgroundColor": (255, 255, 255, "1"),
        "windowBackgroundColor": (236, 236, 236, "1"), "controlAccentColor": (0, 122, 255, "1"),
        "shadowColor": (0, 0, 0, "1"), "highlightColor": (255, 255, 255, "1"),
        "selectedTextBackgroundColor": (179, 215, 255, "1"), "selectedTextColor": (0, 0, 0, "1"),
        "selectedContentBackgroundColor": (0, 99, 225, "1"), "selectedControlColor": (179, 215, 255, "1"),
        "unemphasizedSelectedContentBackgroundColor": (220, 220, 220, "1"),
        "unemphasizedSelectedTextBackgroundColor": (220, 220, 220, "1"), "gridColor": (230, 230, 230, "1"),
        "linkColor": (0, 104, 218, "1"), "placeholderTextColor": (0, 0, 0, "0.25"), "controlColor": (255, 255, 255, "1"),
        "controlTextColor": (0, 0, 0, "0.85"), "disabledControlTextColor": (0, 0, 0, "0.25"),
        "findHighlightColor": (255, 255, 0, "1"),
    ]

    /// The components and alpha of a named or system colour (`red`, `systemBlue`), if it is one.
    static func namedColor(_ name: String) -> (components: [String], alpha: String)? {
        if let named = namedColors[name] { return named }
        guard let system = systemColors[name] else { return nil }
        let component = { (value: Int) in value == 0 ? "0" : value == 255 ? "1" : "\(value) / 255" }
        return ([system.red, system.green, system.blue].map(component), system.alpha)
    }

    /// Why a colour is written as a `CGColor`: system colours say which appearance they keep.
    static func reason(for color: some SyntaxProtocol, _ reason: String) -> String {
        let names = color.tokens(viewMode: .sourceAccurate).map(\.text)
        guard names.contains(where: { systemColors[$0] != nil }) else { return reason }
        return "\(reason); system colours follow the appearance, and this is the light one's value (Apple's Human Interface Guidelines)"
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base, !node.isInAppleOnlyConditional else { return .visitChildren }
        let member = node.declName.baseName.text
        if member == "cgColor", let replacement = Self.color(base) {
            file.replace(
                node, with: replacement, kind: .uikitValue,
                reason: Self.reason(for: base, "UIKit and AppKit do not exist on Linux; the colour is written as the CGColor it makes"))
            return .skipChildren
        }
        if let call = ColorComponents.call(node), let color = Self.color(base), let written = ColorComponents.read(call, color: color) {
            file.replace(
                call, with: written, kind: .uikitValue,
                reason: Self.reason(for: base, "UIKit and AppKit do not exist on Linux; the colour's components are read from the CGColor it makes, in sRGB"))
            return .skipChildren
        }
        // `UIView.noIntrinsicMetric` (`NSView.noIntrinsicMetric`): UIKit's and AppKit's -1.
        if Self.isNoIntrinsicMetric(node) {
            file.replace(
                node, with: "-1", kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; a view's size without an intrinsic metric is -1 in both")
            return .skipChildren
        }
        let conversion = PathConversionExtensionRewriter.conversion(node)
        if member == "cgPath" || conversion != nil, let replacement = Self.path(base, moving: { self.file.placeholder(for: $0) }) {
            // A conversion the ported files declare as a method is replaced with its call.
            file.replace(
                conversion ?? ExprSyntax(node), with: replacement, kind: .uikitValue,
                reason: replacement.contains("radii")
                    ? "UIKit does not exist on Linux; the corners are written as quarter ovals of the radii (circular where they are equal), which UIKit's smoother corners leave by a fraction of a point"
                    : replacement.hasPrefix("CGPath(roundedRect:")
                    ? "UIKit does not exist on Linux; the rounded rectangle is written with circular corners, which UIKit's smoother corners leave by a fraction of a point"
                    : "UIKit and AppKit do not exist on Linux; the path is written as the CGPath it makes")
            return .skipChildren
        }
        return .visitChildren
    }

    /// Whether `node` is `UIView.noIntrinsicMetric` or `NSView.noIntrinsicMetric`, the size
    /// component of a view with no intrinsic size along it (-1, `CGFloat`).
    static func isNoIntrinsicMetric(_ node: MemberAccessExprSyntax) -> Bool {
        node.declName.baseName.text == "noIntrinsicMetric" && ["UIView", "NSView"].contains(node.base?.trimmedDescription ?? "")
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let (value, written) = Self.addedAttributeColor(node), !node.isInAppleOnlyConditional {
            file.replace(
                value, with: written, kind: .uikitValue,
                reason: Self.reason(for: value, "UIKit and AppKit do not exist on Linux; the text colour is written as the CGColor Core Text takes"))
            return .visitChildren
        }
        guard let colours = Self.mappedColourArray(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            node, with: "[\(colours.joined(separator: ", "))]", kind: .uikitValue,
            reason: UIKitValueRewriter.reason(for: node, "UIKit and AppKit do not exist on Linux; the colours are written as the CGColors they make"))
        return .skipChildren
    }

    /// The CGColors of `[colour, …].map { $0.cgColor }` (or `.map(\.cgColor)`), when `call` is
    /// that and each element a colour this pass writes (a leading dot taking its type from an
    /// element that names it).
    static func mappedColourArray(_ call: FunctionCallExprSyntax) -> [String]? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            ColorVariableRewriter.mapsToCGColors(access)?.id == ExprSyntax(call).id,
            let array = access.base?.as(ArrayExprSyntax.self), !array.elements.isEmpty,
            array.elements.contains(where: { color($0.expression) != nil })
        else { return nil }
        var colours: [String] = []
        for element in array.elements {
            guard let colour = color(element.expression, implicitMember: true) else { return nil }
            colours.append(colour)
        }
        return colours
    }

    /// Text attributes whose value Lamina's Core Text reads as a `CGColor` (UIKit's take a
    /// `UIColor`), by the spellings Apple code keys them with.
    static let colorAttributeKeys: Set<String> = [
        ".foregroundColor", ".strokeColor", ".underlineColor", "NSAttributedString.Key.foregroundColor",
        "NSAttributedString.Key.strokeColor", "NSAttributedString.Key.underlineColor", "NSForegroundColorAttributeName",
        "NSStrokeColorAttributeName", "NSUnderlineColorAttributeName",
    ]

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (value, written) = Self.shadowColor(node.elements), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            value, with: written, kind: .uikitValue,
            reason: Self.reason(for: value, "UIKit and AppKit do not exist on Linux; the shadow's colour is written as the CGColor Lamina's NSShadow takes"))
        return .skipChildren
    }

    /// The colour given to a shadow's colour (`shadow.shadowColor = UIColor.black`, an
    /// `NSShadow`'s: a layer's takes a `CGColor` already) and the CGColor written for it, when
    /// `list` is that assignment.
    static func shadowColor(_ list: ExprListSyntax) -> (ExprSyntax, String)? {
        guard let (target, value) = list.simpleAssignment, target.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "shadowColor",
            let written = color(value)
        else { return nil }
        return (value, written)
    }

    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.attributeColor(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            node.value, with: replacement, kind: .uikitValue,
            reason: Self.reason(for: node.value, "UIKit and AppKit do not exist on Linux; the text colour is written as the CGColor Core Text takes"))
        return .skipChildren
    }

    /// The colour value of `string.addAttribute(.foregroundColor, value: UIColor.red, range: r)`
    /// (a colour attribute's key) and the CGColor written for it, if `call` is that.
    static func addedAttributeColor(_ call: FunctionCallExprSyntax) -> (ExprSyntax, String)? {
        guard let value = addedColorAttributeValue(call), let written = color(value) else { return nil }
        return (value, written)
    }

    /// The value `string.addAttribute(key, value: v, range: r)` gives a colour attribute's key
    /// (``colorAttributeKeys``), or nil when `call` is not that.
    static func addedColorAttributeValue(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        let arguments = Array(call.arguments)
        guard call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "addAttribute",
            arguments.map({ $0.label?.text ?? "_" }) == ["_", "value", "range"],
            colorAttributeKeys.contains(arguments[0].expression.trimmedDescription)
        else { return nil }
        return arguments[1].expression
    }

    /// The CGColor for a colour attribute's UIKit colour (`[.foregroundColor: UIColor.white]`),
    /// if the element is one this pass writes.
    static func attributeColor(_ element: DictionaryElementSyntax) -> String? {
        guard isColorAttribute(element) else { return nil }
        return color(element.value)
    }

    /// Whether `element` of an attribute dictionary keys a colour attribute (``colorAttributeKeys``).
    static func isColorAttribute(_ element: DictionaryElementSyntax) -> Bool {
        colorAttributeKeys.contains(element.key.trimmedDescription)
    }

    /// Whether `node` (a use of a UIKit or AppKit type name) is inside a value this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        if let access = node.parent?.as(MemberAccessExprSyntax.self) ?? node.parent?.parent?.as(MemberAccessExprSyntax.self),
            isNoIntrinsicMetric(access)
        {
            return true
        }
        // A path given to a path property written as a CGPath.
        if PathPropertyRewriter.rewrites(node) || PathArrayRewriter.rewrites(node) { return true }
        // Corners given to a corner property written as a CACornerMask.
        if StoredPropertyReferences.isInWrittenProperty(node, written: { RectCornerPropertyRewriter.property($0)?.values.map(\.0) }) {
            return true
        }
        // An element of `[colour, …].map { $0.cgColor }`.
        var ancestor = node.parent
        for _ in 0..<12 {
            guard let next = ancestor else { break }
            if let call = next.as(FunctionCallExprSyntax.self), mappedColourArray(call) != nil { return true }
            // A dynamic colour written whole as its light appearance's.
            if let call = next.as(FunctionCallExprSyntax.self), lightAppearance(ExprSyntax(call)) != nil { return isRewritten(call) }
            ancestor = next.parent
        }
        var current = node.parent
        var depth = 0
        while let parent = current, depth < 6 {
            if let statement = parent.as(CodeBlockItemSyntax.self), UIKitDrawingRewriter.rewrite(statement) != nil { return true }
            if let parameter = parent.as(FunctionParameterSyntax.self) {
                return ColorVariableRewriter.writes(parameter) || ImageParameterRewriter.parameter(parameter) != nil
                    || FontParameterRewriter.parameter(parameter) != nil || PathParameterRewriter.parameter(parameter) != nil
                    || RectCornerParameterRewriter.parameter(parameter) != nil
            }
            if let argument = parent.as(LabeledExprSyntax.self), ColorVariableRewriter.rewritesArgument(argument) { return true }
            // The type a colour function written gives back.
            if let function = parent.as(ReturnClauseSyntax.self)?.parent?.parent?.as(FunctionDeclSyntax.self) {
                return ColorVariableRewriter.colourFunction(function) != nil
            }
            if parent.is(LabeledExprSyntax.self), PathParameterRewriter.rewritesArgument(node) { return true }
            if parent.is(LabeledExprSyntax.self), RectCornerParameterRewriter.rewritesArgument(node) { return true }
            if let array = parent.as(ArrayExprSyntax.self), ColorVariableRewriter.loopLiteral(array) != nil { return true }
            if let argument = parent.as(LabeledExprSyntax.self), argument.label?.text == "value",
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), addedAttributeColor(call)?.0.id == argument.expression.id
            {
                return true
            }
            // A shape appended to a path built step by step (`path.append(UIBezierPath(rect: r))`).
            if let argument = parent.as(LabeledExprSyntax.self), path(argument.expression) != nil,
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "append"
            {
                return true
            }
            // A path's copy bound by `guard let` (`line.copy() as? UIBezierPath`).
            if let binding = parent.as(OptionalBindingConditionSyntax.self), BezierPathBuilderRewriter.builder(binding) != nil { return true }
            if let declaration = parent.as(VariableDeclSyntax.self) {
                // A statement the drawing pass removes (`let previous = NSGraphicsContext.current`).
                if let statement = declaration.parent?.as(CodeBlockItemSyntax.self), UIKitDrawingRewriter.rewrite(statement) != nil {
                    return true
                }
                return BezierPathBuilderRewriter.builder(declaration) != nil || ColorVariableRewriter.variable(declaration) != nil
                    || PathPropertyRewriter.property(declaration) != nil
                    || FontVariableRewriter.font(declaration) != nil
            }
            if let expression = parent.as(ExprSyntax.self), UIFontRewriter.font(expression) != nil || UIFontRewriter.sizeConstant(expression) != nil {
                return true
            }
            if let sequence = parent.as(SequenceExprSyntax.self), UIFontRewriter.optionalFont(in: sequence) != nil { return true }
            if let element = parent.as(DictionaryElementSyntax.self), attributeColor(element) != nil { return true }
            if let list = parent.as(ExprListSyntax.self), shadowColor(list) != nil { return true }
            if let value = parent.as(ExprSyntax.self), color(value, implicitMember: true) != nil,
                ColorVariableRewriter.rewrites(value) || ColorVariableRewriter.isChosenWithWrittenColour(value)
            {
                return true
            }
            if let value = parent.as(ExprSyntax.self), ColorVariableRewriter.rewritesBridgedResult(value) { return true }
            if let access = parent.as(MemberAccessExprSyntax.self), let base = access.base {
                let member = access.declName.baseName.text
                if member == "cgColor" || ColorComponents.call(access) != nil, color(base) != nil { return true }
                if member == "cgPath" || PathConversionExtensionRewriter.conversion(access) != nil, path(base) != nil { return true }
            }
            current = parent.parent
            // A choice's and an argument list's own nodes do not count: a colour chosen in
            // parentheses is as far from its `.cgColor` as one alone.
            let grouping =
                parent.is(ExprListSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(SequenceExprSyntax.self)
                || parent.is(LabeledExprListSyntax.self) || parent.is(LabeledExprSyntax.self)
            if !grouping { depth += 1 }
        }
        return false
    }

    /// The choice between two colours this pass writes, in parentheses (`(isOn ? CGColor(…) :
    /// CGColor(…))`); nil when a branch is another value, or when the condition holds a UIKit or
    /// AppKit type or a `#keyPath` (which other passes write, and the condition is copied).
    static func chosenColor(_ choice: TernaryChoice, implicitMember: Bool) -> String? {
        let conditionTokens = choice.condition.flatMap { $0.tokens(viewMode: .sourceAccurate) }
        guard !conditionTokens.contains(where: { ImportRewriter.frameworkTypes[$0.text] != nil || $0.text == "keyPath" }),
            let value = color(choice.value, implicitMember: implicitMember),
            let other = color(choice.other, implicitMember: implicitMember)
        else { return nil }
        return "(\(choice.conditionText) ? \(value) : \(other))"
    }

    /// The CGColor initializer for a colour expression, if it is one this pass writes.
    /// `implicitMember` allows `.red` without its type, where the context says it is a colour.
    static func color(_ expression: ExprSyntax, implicitMember: Bool = false) -> String? {
        // `UIColor.red`
        if let access = expression.as(MemberAccessExprSyntax.self),
            isColorType(access.base) || (implicitMember && access.base == nil),
            let named = namedColor(access.declName.baseName.text)
        {
            return cgColor(named.components, alpha: named.alpha)
        }
        // `UIColor.brand`, a static colour of an extension the command writes on CGColor.
        if let access = expression.as(MemberAccessExprSyntax.self), isColorType(access.base) || (implicitMember && access.base == nil),
            access.declName.argumentNames == nil, PortingContext.currentColorExtensions.properties.contains(access.declName.baseName.text)
        {
            return "CGColor.\(access.declName.baseName.text)"
        }
        // `UIColor.red.lighter()`, `UIColor(hex: h).inverted`: an instance member of a colour
        // extension the command writes on CGColor, of a colour this pass writes.
        if let (base, member, isOptional) = derivedMember(expression), !isOptional,
            let written = color(base, implicitMember: implicitMember)
        {
            return "\(postfixOperand(written)).\(member)"
        }
        // `UIColor.red.darker()!`, or `UIColor.red.darker()?` before `.cgColor`: such a member
        // giving back an optional colour.
        if let forced = expression.as(ForceUnwrapExprSyntax.self), let (base, member, isOptional) = derivedMember(forced.expression), isOptional,
            let written = color(base, implicitMember: implicitMember)
        {
            return "\(postfixOperand(written)).\(member)!"
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self),
            chained.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "cgColor",
            let (base, member, isOptional) = derivedMember(chained.expression), isOptional, let written = color(base, implicitMember: implicitMember)
        {
            return "\(postfixOperand(written)).\(member)"
        }
        // `isOn ? UIColor.green : UIColor.gray`, in parentheses or not: the choice between the
        // CGColors the branches make, when this pass writes both.
        if let choice = TernaryChoice(parenthesized: expression) {
            return chosenColor(choice, implicitMember: implicitMember)
        }
        if let light = lightAppearance(expression) { return color(light, implicitMember: true) }
        // `UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))`:
        // the light appearance, which the colour is written as already.
        if let resolved = resolvedForLightAppearance(expression) { return color(resolved, implicitMember: implicitMember) }
        // Xcode's colour literal, `#colorLiteral(red: r, green: g, blue: b, alpha: a)`: UIKit's
        // colour of those sRGB components.
        if let literal = expression.as(MacroExpansionExprSyntax.self), literal.macroName.text == "colorLiteral",
            literal.trailingClosure == nil, literal.arguments.map({ $0.label?.text ?? "_" }) == ["red", "green", "blue", "alpha"]
        {
            let values = literal.arguments.map(\.expression.trimmedDescription)
            return "CGColor(red: \(values[0]), green: \(values[1]), blue: \(values[2]), alpha: \(values[3]))"
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        // `UIColor.red.withAlphaComponent(0.5)`: the named colour's components with that alpha.
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "withAlphaComponent", call.arguments.count == 1,
            call.arguments.first?.label == nil, let alpha = call.arguments.first?.expression.trimmedDescription,
            let colorAccess = access.base?.as(MemberAccessExprSyntax.self),
            isColorType(colorAccess.base) || (implicitMember && colorAccess.base == nil),
            let named = namedColor(colorAccess.declName.baseName.text)
        {
            return cgColor(named.components, alpha: alpha)
        }
        // Any other colour this pass writes given an alpha (`UIColor.brand`, `UIColor(hex: h)`,
        // `UIColor(cgColor: c)`): its copy with that alpha, as UIKit's replaces the alpha.
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "withAlphaComponent", call.arguments.count == 1,
            call.arguments.first?.label == nil, let alpha = call.arguments.first?.expression.trimmedDescription,
            let base = access.base, let written = color(base, implicitMember: implicitMember)
        {
            return "\(postfixOperand(written)).copy(alpha: \(alpha))!"
        }
        // `UIColor.random()`, a static function of an extension the command writes on CGColor.
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            isColorType(access.base) || (implicitMember && access.base == nil),
            let signatures = PortingContext.currentColorExtensions.functions[access.declName.baseName.text],
            signatures.contains(where: { $0.isCalled(with: call.arguments.map { $0.label?.text ?? "_" }) })
        {
            return "CGColor.\(access.declName.baseName.text)(\(call.arguments.trimmedDescription))"
        }
        // `UIColor(red:green:blue:alpha:)`, `UIColor(white:alpha:)`
        guard let callee = initializedType(call), colorTypes.contains(callee.baseName.text) else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map(\.expression.trimmedDescription)
        switch labels {
        case ["cgColor"] where callee.baseName.text == "UIColor":
            // UIKit's colour made from a CGColor gives that CGColor back.
            return values[0]
        case ["patternImage"] where callee.baseName.text == "UIColor":
            return patternColor(call.arguments.first!.expression)
        case ["patternImage"] where callee.baseName.text == "NSColor":
            // An AppKit image the command makes a `CGImage?` (a focused or handler-drawn one).
            guard let image = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self), image.argumentNames == nil else { return nil }
            return patternColor(ExprSyntax(image), optional: true)
        case ["red", "green", "blue", "alpha"], ["deviceRed", "green", "blue", "alpha"],
            ["calibratedRed", "green", "blue", "alpha"], ["srgbRed", "green", "blue", "alpha"]:
            return "CGColor(red: \(values[0]), green: \(values[1]), blue: \(values[2]), alpha: \(values[3]))"
        case ["colorLiteralRed", "green", "blue", "alpha"] where callee.baseName.text == "UIColor":
            // Swift 3's initializer behind colour literals, sRGB as the literal is; its
            // components are `Float`s: a number stays as written, anything else is converted.
            let components = values.map { number($0) != nil ? $0 : "CGFloat(\($0))" }
            return "CGColor(red: \(components[0]), green: \(components[1]), blue: \(components[2]), alpha: \(components[3]))"
        case ["white", "alpha"], ["deviceWhite", "alpha"], ["calibratedWhite", "alpha"], ["genericGamma22White", "alpha"]:
            return "CGColor(gray: \(values[0]), alpha: \(values[1]))"
        case ["displayP3Red", "green", "blue", "alpha"]:
            return "CGColor(colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!, components: [\(values.joined(separator: ", "))])!"
        case ["hue", "saturation", "brightness", "alpha"], ["deviceHue", "saturation", "brightness", "alpha"],
            ["calibratedHue", "saturation", "brightness", "alpha"]:
            // Written as red, green and blue where the hue, saturation and brightness are
            // numbers; otherwise converted when it runs, by the same model.
            let numbers = values.prefix(3).compactMap(number)
            guard numbers.count == 3 else { return hsbConversion(values) }
            let rgb = rgb(hue: numbers[0], saturation: numbers[1], brightness: numbers[2]).map(decimal)
            return "CGColor(red: \(rgb[0]), green: \(rgb[1]), blue: \(rgb[2]), alpha: \(values[3]))"
        default:
            // An initializer of a colour extension the command writes on CGColor.
            guard PortingContext.currentColorExtensions.initializers.contains(where: { $0.isCalled(with: labels) }) else { return nil }
            return "CGColor(\(call.arguments.trimmedDescription))"
        }
    }

    /// The colour a dynamic colour gives in the light appearance — `UIColor { traits in
    /// traits.userInterfaceStyle == .dark ? dark : light }` (or `UIColor(dynamicProvider:)`, a
    /// `!=` test, `.light`, `$0`, or `if`/`else` returns) — as system colours keep their light
    /// appearance's value: Linux has no such setting for a layer tree.
    static func lightAppearance(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), initializedType(call).map({ colorTypes.contains($0.baseName.text) }) ?? false
        else { return nil }
        let closure: ClosureExprSyntax
        if let trailing = call.trailingClosure, call.arguments.isEmpty {
            closure = trailing
        } else if call.trailingClosure == nil, call.arguments.count == 1, call.arguments.first?.label?.text == "dynamicProvider",
            let given = call.arguments.first?.expression.as(ClosureExprSyntax.self)
        {
            closure = given
        } else {
            return nil
        }
        let traits = closure.signature.map { signature -> String? in
            if let shorthand = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self), shorthand.count == 1 {
                return shorthand.first?.name.text
            }
            return signature.parameterClause?.as(ClosureParameterClauseSyntax.self)?.parameters.first?.firstName.text
        } ?? "$0"
        guard let traits else { return nil }
        // The value returned where the style is (or is not) dark.
        let choice: (condition: [ExprSyntax], value: ExprSyntax, other: ExprSyntax)
        let only = closure.statements.count == 1 ? closure.statements.first?.item : nil
        let single = only?.as(ExprSyntax.self) ?? only?.as(ExpressionStmtSyntax.self)?.expression ?? only?.as(ReturnStmtSyntax.self)?.expression
        if let single, let ternary = TernaryChoice(parenthesized: single) {
            choice = (ternary.condition, ternary.value, ternary.other)
        } else if closure.statements.count == 1, let conditional = closure.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? closure.statements.first?.item.as(IfExprSyntax.self),
            conditional.conditions.count == 1, let test = conditional.conditions.first?.condition.as(ExprSyntax.self),
            let then = ReturnStatements.results(of: conditional.body.statements), then.count == 1,
            case .codeBlock(let block)? = conditional.elseBody, let otherwise = ReturnStatements.results(of: block.statements), otherwise.count == 1
        {
            let elements = test.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [test]
            choice = (elements, then[0], otherwise[0])
        } else {
            return nil
        }
        let words = choice.condition.map(\.trimmedDescription).joined(separator: " ").filter { !$0.isWhitespace }
        switch words {
        case "\(traits).userInterfaceStyle==.dark", "\(traits).userInterfaceStyle!=.light": return choice.other
        case "\(traits).userInterfaceStyle!=.dark", "\(traits).userInterfaceStyle==.light": return choice.value
        default: return nil
        }
    }

    /// `base.name` or `base.name(…)`, `name` an instance member of a colour extension the
    /// command writes on `CGColor` (``ColorExtensionRewriter``): the base, the member's text
    /// after it (its arguments as they are, but colours this pass writes written as their
    /// CGColors), and whether it gives back an optional colour.
    static func derivedMember(_ expression: ExprSyntax) -> (base: ExprSyntax, member: String, isOptional: Bool)? {
        let declared = PortingContext.currentColorExtensions
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base, access.declName.argumentNames == nil,
            declared.instanceProperties.contains(access.declName.baseName.text),
            access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != access.id
        {
            let name = access.declName.baseName.text
            return (base, name, declared.optionalInstanceMembers.contains(name))
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            let signatures = declared.instanceMethods[access.declName.baseName.text],
            signatures.contains(where: { $0.isCalled(with: call.arguments.map { $0.label?.text ?? "_" }) })
        else { return nil }
        var arguments: [String] = []
        for argument in call.arguments {
            var value = argument.expression.trimmedDescription
            if argument.expression.mentionsFrameworkType {
                guard let written = color(argument.expression, implicitMember: true) else { return nil }
                value = written
            } else if argument.expression.is(MemberAccessExprSyntax.self), argument.expression.as(MemberAccessExprSyntax.self)?.base == nil,
                let written = color(argument.expression, implicitMember: true)
            {
                // `.white` for a colour parameter.
                value = written
            }
            arguments.append(argument.label.map { "\($0.text): \(value)" } ?? value)
        }
        let name = access.declName.baseName.text
        return (base, "\(name)(\(arguments.joined(separator: ", ")))", declared.optionalInstanceMembers.contains(name))
    }

    /// The colour `expression` resolves for the light appearance or the current traits —
    /// `colour.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))` (or
    /// `.unspecified`, `UITraitCollection.current`) — whose light appearance the command writes
    /// every colour as; nil for another expression (the dark appearance asked for).
    static func resolvedForLightAppearance(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "resolvedColor",
            let base = access.base, call.arguments.count == 1, let traits = call.arguments.first, traits.label?.text == "with",
            isLightTraits(traits.expression)
        else { return nil }
        return base
    }

    /// Whether `traits` is a trait collection of the light (or no particular) appearance, or
    /// the current one, which Lamina takes to be the light one.
    static func isLightTraits(_ traits: ExprSyntax) -> Bool {
        let text = traits.trimmedDescription.filter { !$0.isWhitespace }
        return [
            "UITraitCollection(userInterfaceStyle:.light)", "UITraitCollection(userInterfaceStyle:.unspecified)", "UITraitCollection.current",
            ".current",
        ].contains(text)
    }

    /// Whether `node` is in the light traits a colour is resolved with (``isLightTraits(_:)``),
    /// which go with the resolution.
    static func isInLightTraits(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<6 {
            guard let ancestor = current else { return false }
            if let argument = ancestor.as(LabeledExprSyntax.self), argument.label?.text == "with",
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "resolvedColor"
            {
                return isLightTraits(argument.expression)
            }
            current = ancestor.parent
        }
        return false
    }

    /// `text` (an expression) as the base of a member access: in parentheses unless it is a
    /// name, member, call, unwrap or parenthesized (`a ?? b` is not).
    static func postfixOperand(_ text: String) -> String {
        let expression = Parser.parse(source: text).statements.first?.item.as(ExprSyntax.self)
        let isPostfix = expression.map {
            $0.is(DeclReferenceExprSyntax.self) || $0.is(MemberAccessExprSyntax.self) || $0.is(FunctionCallExprSyntax.self)
                || $0.is(ForceUnwrapExprSyntax.self) || $0.is(OptionalChainingExprSyntax.self) || $0.is(TupleExprSyntax.self)
        } ?? false
        return isPostfix && Parser.parse(source: text).statements.count == 1 ? text : "(\(text))"
    }

    /// The CGColor for `UIColor(patternImage: image)`: a colored ``CGPattern`` whose cell is
    /// the image, upright in UIKit's y-down contexts and tiled from their origin (a layer's
    /// background and border: from the origin of its coordinate space). `image` is a
    /// decoded `UIImage(named:)!` (written as Image I/O's decode) or a name the command makes a
    /// `CGImage` (an image kept for its `CGImage`, an image context's image); nil otherwise.
    /// With `optional`, `image` may be a `CGImage?`: without an image the colour is clear.
    static func patternColor(_ image: ExprSyntax, optional: Bool = false) -> String? {
        let cgImage: String
        if let forced = image.as(ForceUnwrapExprSyntax.self), let made = forced.expression.as(FunctionCallExprSyntax.self) {
            guard let decode = ImageDecodeRewriter.decode(made) else { return nil }
            cgImage = "(\(decode))!"
        } else if image.is(DeclReferenceExprSyntax.self)
            || image.as(ForceUnwrapExprSyntax.self)?.expression.is(DeclReferenceExprSyntax.self) == true
        {
            cgImage = image.trimmedDescription
        } else {
            return nil
        }
        let bound =
            optional
            ? "let patternImageOrNil: CGImage? = \(cgImage); guard let patternImage = patternImageOrNil else { return CGColor(gray: 0, alpha: 0) }"
            : "let patternImage: CGImage = \(cgImage)"
        return "{ () -> CGColor in \(bound); var callbacks = CGPatternCallbacks(version: 0, drawPattern: { info, cell in let tile = Unmanaged<CGImage>.fromOpaque(info!).takeUnretainedValue(); cell.draw(tile, in: CGRect(x: 0, y: 0, width: tile.width, height: tile.height)) }, releaseInfo: { info in Unmanaged<CGImage>.fromOpaque(info!).release() }); let size = CGSize(width: patternImage.width, height: patternImage.height); let pattern = CGPattern(info: Unmanaged.passRetained(patternImage).toOpaque(), bounds: CGRect(origin: .zero, size: size), matrix: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: size.height), xStep: size.width, yStep: size.height, tiling: .constantSpacing, isColored: true, callbacks: &callbacks)!; return CGColor(patternSpace: CGColorSpace(patternBaseSpace: nil)!, pattern: pattern, components: [1])! }()"
    }

    /// A number literal, or a quotient of two (`200 / 360`).
    static func number(_ text: String) -> Double? {
        let parts = text.split(separator: "/").map { $0.trimmingPrefix(while: \.isWhitespace) }
            .map { String($0.reversed().drop(while: \.isWhitespace).reversed()) }
        guard (1...2).contains(parts.count), let first = Double(parts[0]) else { return nil }
        guard parts.count == 2 else { return first }
        guard let second = Double(parts[1]), second != 0 else { return nil }
        return first / second
    }

    /// Red, green and blue for a hue, saturation and brightness (each 0–1; a hue of 1 is 0),
    /// by the hexcone model UIKit's `init(hue:saturation:brightness:alpha:)` uses.
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> [Double] {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let v = brightness, p = v * (1 - saturation), q = v * (1 - f * saturation), t = v * (1 - (1 - f) * saturation)
        switch sector {
        case 0: return [v, t, p]
        case 1: return [q, v, p]
        case 2: return [p, v, t]
        case 3: return [p, q, v]
        case 4: return [t, p, v]
        default: return [v, p, q]
        }
    }

    /// A closure applied to `hue, saturation, brightness, alpha` (source text) that makes the
    /// sRGB `CGColor` of ``rgb(hue:saturation:brightness:)``'s model when it runs.
    static func hsbConversion(_ values: [String]) -> String {
        "{ (hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) -> CGColor in "
            + "let h = (hue - hue.rounded(.down)) * 6, f = h - h.rounded(.down), v = brightness; "
            + "let p = v * (1 - saturation), q = v * (1 - f * saturation), t = v * (1 - (1 - f) * saturation); "
            + "let rgb: [CGFloat] = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]][Int(h.rounded(.down)) % 6]; "
            + "return CGColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha) }(\(values.joined(separator: ", ")))"
    }

    /// A component as Swift source: at most six decimals, no trailing zeros.
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        let text = "\(rounded)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The type `call` initializes when it is `Type(…)` or `Type.init(…)`, or nil.
    static func initializedType(_ call: FunctionCallExprSyntax) -> DeclReferenceExprSyntax? {
        if let type = call.calledExpression.as(DeclReferenceExprSyntax.self) { return type }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init",
            access.declName.argumentNames == nil
        else { return nil }
        return access.base?.as(DeclReferenceExprSyntax.self)
    }

    /// The path type `.init(…)` makes where it is the path appended to another
    /// (`path.append(.init(roundedRect: r, cornerRadius: 4))`, whose parameter is the path's
    /// own type): AppKit's where its labels are AppKit's alone (`xRadius:yRadius:`), else
    /// UIKit's. Nil for another call.
    static func appendedImplicitPath(_ call: FunctionCallExprSyntax) -> String? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil, access.declName.baseName.text == "init",
            let argument = call.parent?.as(LabeledExprSyntax.self), argument.label == nil,
            let append = argument.parent?.parent?.as(FunctionCallExprSyntax.self), append.arguments.count == 1,
            append.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "append"
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return labels == ["roundedRect", "xRadius", "yRadius"] ? "NSBezierPath" : "UIBezierPath"
    }

    /// The CGPath initializer for a path expression, if it is one this pass writes. `moving`
    /// gives the text each argument moved into it is written as: its own, or where the pass
    /// writes the path, a placeholder the file fills with its text and the edits other passes
    /// make inside it (a view's `center` its layer's `position`).
    static func path(_ expression: ExprSyntax, moving: (ExprSyntax) -> String = { $0.trimmedDescription }) -> String? {
        if let reversed = reversedPath(expression) { return reversed }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let calleeName = initializedType(call)?.baseName.text ?? appendedImplicitPath(call),
            ["UIBezierPath", "NSBezierPath"].contains(calleeName)
        else { return nil }
        if let written = PathExtensionRewriter.writtenInitializer(call) { return written }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map { moving($0.expression) }
        if calleeName == "UIBezierPath", labels == ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"],
            let arc = BezierPathBuilderRewriter.shape(of: call, moving: moving)
        {
            return "{ let arc = CGMutablePath(); arc.\(arc); return arc }()"
        }
        if calleeName == "UIBezierPath", let corners = RoundedCornersPath.code(call) { return corners }
        if calleeName == "UIBezierPath", labels == ["roundedRect", "cornerRadius"] {
            return "CGPath(roundedRect: \(values[0]), cornerWidth: \(values[1]), cornerHeight: \(values[1]), transform: nil)"
        }
        // AppKit's corners are ovals of the two radii, as Core Graphics' are.
        if calleeName == "NSBezierPath", labels == ["roundedRect", "xRadius", "yRadius"] {
            return "CGPath(roundedRect: \(values[0]), cornerWidth: \(values[1]), cornerHeight: \(values[2]), transform: nil)"
        }
        guard labels.count == 1, let label = labels.first else { return nil }
        let value = values[0]
        switch label {
        case "cgPath" where calleeName == "UIBezierPath": return call.arguments.first.map { BezierPathBuilderRewriter.cgPathText($0.expression) }
        case "rect": return "CGPath(rect: \(value), transform: nil)"
        case "ovalIn": return "CGPath(ellipseIn: \(value), transform: nil)"
        default: return nil
        }
    }

    /// The CGPath for UIKit's `reversing()` of a shape made in place: an oval mirrored about its
    /// horizontal centre line (the same points from the same start, the other way round); a
    /// rectangle's corners from the same start the other way round; a rounded rectangle of equal
    /// corners mirrored likewise (the same outline the other way round, from the mirror image
    /// of its start); or the arc from its end angle to its start the other way.
    private static func reversedPath(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "reversing",
            let shape = access.base?.as(FunctionCallExprSyntax.self), shape.trailingClosure == nil,
            shape.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIBezierPath"
        else { return nil }
        let labels = shape.arguments.map { $0.label?.text ?? "_" }
        let values = shape.arguments.map(\.expression.trimmedDescription)
        switch labels {
        case ["ovalIn"]:
            return "{ let oval: CGRect = \(values[0]); var mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: oval.minY + oval.maxY); return CGPath(ellipseIn: oval, transform: &mirror) }()"
        case ["rect"]:
            return "{ let rect: CGRect = \(values[0]), reversed = CGMutablePath(); reversed.addLines(between: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.minY)]); reversed.closeSubpath(); return reversed }()"
        case ["roundedRect", "cornerRadius"]:
            return "{ let rect: CGRect = \(values[0]); var mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: rect.minY + rect.maxY); return CGPath(roundedRect: rect, cornerWidth: \(values[1]), cornerHeight: \(values[1]), transform: &mirror) }()"
        case ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"]:
            // UIKit's clockwise flips for Core Graphics, and again for the way back.
            return "{ let arc = CGMutablePath(); arc.addArc(center: \(values[0]), radius: \(values[1]), startAngle: \(values[3]), endAngle: \(values[2]), clockwise: \(values[4])); return arc }()"
        default:
            return nil
        }
    }

    private static func isColorType(_ base: ExprSyntax?) -> Bool {
        guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return colorTypes.contains(name)
    }

    private static func cgColor(_ components: [String], alpha: String) -> String {
        components.count == 1
            ? "CGColor(gray: \(components[0]), alpha: \(alpha))"
            : "CGColor(red: \(components[0]), green: \(components[1]), blue: \(components[2]), alpha: \(alpha))"
    }
}
