import SwiftSyntax

/// UIKit and AppKit fonts that Core Animation code hands to a text layer or an attributed
/// string, written as the Core Text fonts Lamina's text layers and `CTLine`s take:
///
/// - `UIFont.systemFont(ofSize: s)` → `CTFontCreateUIFontForLanguage(.system, s, nil)!`, and
///   `UIFont.boldSystemFont(ofSize: s)` → `CTFontCreateUIFontForLanguage(.emphasizedSystem, s, nil)!`
///   (the system font, as on Apple platforms; the function returns nil only for `.none`);
/// - `UIFont(name: n, size: s)!` → `CTFontCreateWithName(n as CFString, s, nil)` (a font not
///   installed falls back to a similar one, where UIKit's initializer gives nil: only the
///   force-unwrapped form is written).
///
/// - `UIFont.systemFont(ofSize: s, weight: .semibold)` → the system font at that weight (a
///   descriptor with `kCTFontWeightTrait`, UIKit's weight values: medium 0.23, semibold 0.3,
///   bold 0.4, …);
/// - `UIFont.monospacedDigitSystemFont(ofSize: s, weight: w)` → the system font at that
///   weight with tabular figures (Core Text's `kNumberSpacingType` feature, monospaced
///   numbers), `UIFont.monospacedSystemFont(ofSize: s, weight: w)` → the fixed-pitch user font
///   (`Menlo`, which Lamina draws in fontconfig's monospace family) at that weight, and
///   `UIFont.italicSystemFont(ofSize: s)` → the system font with the italic trait;
/// - `UIFont.preferredFont(forTextStyle: .headline)` → the system font at the style's size and
///   weight at Dynamic Type's default (Large) setting, which Linux has no control for
///   (Apple's Human Interface Guidelines: body 17, headline 17 semibold, title1 28, caption1
///   12, …).
///
/// - `UIFont(name: n, size: s) ?? fallback` and `layer.font = UIFont(name: n, size: s)` →
///   `CTFontCreateWithName(n as CFString, s, nil)`: where UIKit gives nil, the fallback or
///   the text layer's default font draws, where Core Text falls back to a similar font itself.
///
/// - `UIFontMetrics.default.scaledFont(for: f)` (or `UIFontMetrics(forTextStyle: s)`'s) → the
///   font `f` written, and `….scaledValue(for: v)` → `CGFloat(v)`: Dynamic Type scales nothing
///   at its default (Large) setting, which Linux has no control for.
///
/// - `UIFont.labelFontSize`, `.buttonFontSize`, `.systemFontSize` and `.smallSystemFontSize` →
///   the sizes UIKit gives on iOS (17, 18, 14 and 12 points), and AppKit's
///   `NSFont.systemFontSize`, `.smallSystemFontSize` and `.labelFontSize` → macOS's (13, 11 and
///   10): a `CGFloat(…)` where it stands alone, the number in a font written above.
///
/// A font written above read for one of its properties where it is made
/// (`UIFont.systemFont(ofSize: 0).fontName`, `.pointSize`, `.lineHeight`) is the Core Text
/// call that gives it for the font (``FontVariableRewriter/metrics``).
///
/// `NSFont` alike. Other fonts (an optional `UIFont(name:size:)` used otherwise, weights that
/// are not UIKit's named ones) are reported with the first use of `UIFont` in the file.
final class UIFontRewriter: PortingPass {
    static let fontTypes: Set<String> = ["UIFont", "NSFont"]

    override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.font(ExprSyntax(node)), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(node, with: replacement, kind: .uikitValue, reason: Self.reason(node))
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        if let size = Self.sizeConstant(ExprSyntax(node)) {
            file.replace(
                node, with: "CGFloat(\(size))", kind: .uikitValue,
                reason: "UIKit does not exist on Linux; Dynamic Type scales nothing at its default (Large) setting, which Linux has no control for")
            return .skipChildren
        }
        guard let replacement = Self.font(ExprSyntax(node)) else { return .visitChildren }
        file.replace(node, with: replacement, kind: .uikitValue, reason: Self.reason(node))
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `UIFont.systemFont(ofSize: 12).fontName`: the Core Text call that gives it, for the
        // font written.
        if !node.isInAppleOnlyConditional, let metric = FontVariableRewriter.metrics[node.declName.baseName.text], node.declName.argumentNames == nil,
            node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(node).id,
            let base = node.base, let font = Self.font(base)
        {
            file.replace(node, with: metric(font), kind: .uikitValue, reason: Self.reason(base))
            return .skipChildren
        }
        // `NSFont.timerFont`: a static property of a font extension written on CTFont.
        if !node.isInAppleOnlyConditional, let base = node.base?.as(DeclReferenceExprSyntax.self), Self.fontTypes.contains(base.baseName.text),
            node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(node).id,
            let font = Self.extensionFont(ExprSyntax(node), implicitMember: false)
        {
            file.replace(node, with: font, kind: .uikitValue, reason: Self.reason(ExprSyntax(node)))
            return .skipChildren
        }
        guard let size = Self.sizeConstant(ExprSyntax(node)), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            node, with: "CGFloat(\(size))", kind: .uikitValue,
            reason: "UIKit and AppKit do not exist on Linux; the size is the one \(node.base?.trimmedDescription == "NSFont" ? "AppKit gives on macOS" : "UIKit gives on iOS")")
        return .skipChildren
    }

    /// A font a member of a font extension the command writes on `CTFont` gives
    /// (``FontExtensionRewriter``): an instance member of a font written here
    /// (`UIFont.systemFont(ofSize: 17).bold`, `….withTraits(.traitItalic)`), or a static one
    /// (`UIFont.brand(ofSize: 14)`, `.brand(ofSize: 14)` where a font is meant), with arguments
    /// naming no UIKit or AppKit type.
    private static func extensionFont(_ expression: ExprSyntax, implicitMember: Bool) -> String? {
        let declared = PortingContext.currentFontExtensions
        let call = expression.as(FunctionCallExprSyntax.self)
        guard let access = (call?.calledExpression ?? expression).as(MemberAccessExprSyntax.self),
            call.map({ $0.trailingClosure == nil && !$0.arguments.mentionsFrameworkType }) ?? true,
            call != nil || access.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != access.id
        else { return nil }
        let member = access.declName.baseName.text
        let arguments = call.map { "(\($0.arguments.trimmedDescription))" } ?? ""
        guard let base = access.base else {
            return implicitMember && declared.staticMembers.contains(member) ? "CTFont.\(member)\(arguments)" : nil
        }
        if let type = base.as(DeclReferenceExprSyntax.self), fontTypes.contains(type.baseName.text) {
            return declared.staticMembers.contains(member) ? "CTFont.\(member)\(arguments)" : nil
        }
        guard declared.instanceMembers.contains(member), let font = font(base, implicitMember: implicitMember) else { return nil }
        return "\(UIKitValueRewriter.postfixOperand(font)).\(member)\(arguments)"
    }

    /// UIKit's standard font sizes on iOS, and AppKit's on macOS, by name.
    static let standardSizes: [String: [String: String]] = [
        "UIFont": ["labelFontSize": "17", "buttonFontSize": "18", "systemFontSize": "14", "smallSystemFontSize": "12"],
        "NSFont": ["systemFontSize": "13", "smallSystemFontSize": "11", "labelFontSize": "10"],
    ]

    /// The point size `expression` names, when it is one of UIKit's or AppKit's standard font
    /// sizes (`UIFont.labelFontSize`).
    static func sizeConstant(_ expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self), let (method, value) = scaledByFontMetrics(call), method == "scaledValue" {
            return sizeConstant(value) ?? value.trimmedDescription
        }
        guard let access = expression.as(MemberAccessExprSyntax.self),
            let type = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return standardSizes[type]?[access.declName.baseName.text]
    }

    /// `UIFontMetrics.default.scaledFont(for: f)` or `UIFontMetrics(forTextStyle: s).scaledValue(for:
    /// v)` (`.init(forTextStyle:)` too): the method and what it scales. Dynamic Type scales
    /// nothing at its default (Large) setting, which Linux has no control for, so the value is
    /// the one given. Nil for another call, or an argument naming a UIKit or AppKit type.
    static func scaledByFontMetrics(_ call: FunctionCallExprSyntax) -> (method: String, value: ExprSyntax)? {
        guard call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "for", let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["scaledFont", "scaledValue"].contains(access.declName.baseName.text), let metrics = access.base
        else { return nil }
        let isMetrics: Bool
        if let made = metrics.as(FunctionCallExprSyntax.self) {
            isMetrics = made.trailingClosure == nil && made.arguments.map({ $0.label?.text ?? "_" }) == ["forTextStyle"]
                && ["UIFontMetrics", "UIFontMetrics.init"].contains(made.calledExpression.trimmedDescription)
        } else {
            isMetrics = metrics.trimmedDescription == "UIFontMetrics.default"
        }
        guard isMetrics else { return nil }
        if access.declName.baseName.text == "scaledValue", sizeConstant(argument.expression) == nil, call.arguments.mentionsFrameworkType {
            return nil
        }
        return (access.declName.baseName.text, argument.expression)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard let use = Self.optionalFont(in: node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let range = file.trimmedRange(use.first).lowerBound..<file.trimmedRange(use.last).upperBound
        file.replace(
            range, with: use.replacement, kind: .uikitValue,
            reason: Self.reason(node) + "; Core Text falls back to a similar font where UIKit's initializer gives nil\(use.first.id == use.last.id ? "" : ", so the fallback given is not needed")")
        return .skipChildren
    }

    /// An optional named font where nil and a fallback font draw alike: `UIFont(name: n,
    /// size: s) ?? fallback` (the sequence's last operation), and `x.font = UIFont(name: n,
    /// size: s)` (a text layer draws its default font for nil). The elements replaced (from the
    /// call to the fallback) and the Core Text font written for them.
    static func optionalFont(in sequence: SequenceExprSyntax) -> (first: ExprSyntax, last: ExprSyntax, replacement: String)? {
        let elements = Array(sequence.elements)
        for (index, element) in elements.enumerated() {
            guard let call = element.as(FunctionCallExprSyntax.self), let font = namedFont(call) else { continue }
            if index + 3 == elements.count, elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                return (element, elements[index + 2], font)
            }
            let target = elements.first.flatMap { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? $0.as(DeclReferenceExprSyntax.self)?.baseName.text }
            if index == 2, elements.count == 3, elements[1].is(AssignmentExprSyntax.self), target == "font" {
                return (element, element, font)
            }
        }
        return nil
    }

    /// `CTFontCreateWithName(n as CFString, s, nil)` for `UIFont(name: n, size: s)`.
    /// Whether `value` is `UIFont(name: n, size: s)`, an optional font the pass writes where a
    /// font property is given it.
    static func namedFontCall(_ value: ExprSyntax) -> Bool {
        value.as(FunctionCallExprSyntax.self).flatMap(namedFont) != nil
    }

    static func namedFont(_ call: FunctionCallExprSyntax) -> String? {
        guard call.trailingClosure == nil, let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            fontTypes.contains(callee.baseName.text), call.arguments.map({ $0.label?.text ?? "_" }) == ["name", "size"]
        else { return nil }
        let values = call.arguments.map { sizeConstant($0.expression) ?? $0.expression.trimmedDescription }
        return "CTFontCreateWithName(\(values[0]) as CFString, \(values[1]), nil)"
    }

    private static func reason(_ node: some SyntaxProtocol) -> String {
        let reason = "UIKit and AppKit do not exist on Linux; the font is written as the CTFont text layers and attributed strings take"
        if node.trimmedDescription.contains("UIFontMetrics") {
            return reason + "; Dynamic Type scales nothing at its default (Large) setting, which Linux has no control for"
        }
        guard node.trimmedDescription.contains("preferredFont") else { return reason }
        return reason + "; a text style has its size at Dynamic Type's default (Large) setting, which Linux has no control for"
    }

    /// The Core Text expression for a font expression, if it is one this pass writes.
    /// `implicitMember` allows `.systemFont(ofSize: s)` without its type, where the context
    /// says it is a font.
    static func font(_ expression: ExprSyntax, implicitMember: Bool = false) -> String? {
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return unwrap.expression.as(FunctionCallExprSyntax.self).flatMap(namedFont)
        }
        if let written = extensionFont(expression, implicitMember: implicitMember) { return written }
        if let call = expression.as(FunctionCallExprSyntax.self), let (method, font) = scaledByFontMetrics(call), method == "scaledFont" {
            return Self.font(font, implicitMember: true)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.base.map({ fontTypes.contains($0.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "") }) ?? implicitMember
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map { sizeConstant($0.expression) ?? $0.expression.trimmedDescription }
        switch (access.declName.baseName.text, labels) {
        case ("systemFont", ["ofSize"]): return systemFont(size: values[0], weight: 0)
        case ("boldSystemFont", ["ofSize"]): return systemFont(size: values[0], weight: 0.4)
        case ("systemFont", ["ofSize", "weight"]):
            // A weight parameter that takes Core Text's value (``FontWeightParameterRewriter``).
            if let weight = FontWeightParameterRewriter.writtenParameter(call.arguments.last!.expression) {
                return described(family: ".AppleSystemUIFont", size: values[0], traits: "kCTFontWeightTrait: \(weight)")
            }
            return weights[memberName(values[1], of: "Weight")].map { systemFont(size: values[0], weight: $0) }
        case ("preferredFont", ["forTextStyle"]):
            return textStyles[memberName(values[0], of: "TextStyle")].map { systemFont(size: $0.size, weight: $0.weight) }
        case ("monospacedDigitSystemFont", ["ofSize", "weight"]):
            let parameter = FontWeightParameterRewriter.writtenParameter(call.arguments.last!.expression)
            return (parameter ?? weights[memberName(values[1], of: "Weight")].map { "\($0)" }).map {
                described(family: ".AppleSystemUIFont", size: values[0], traits: "kCTFontWeightTrait: \($0)", features: tabularFigures)
            }
        case ("monospacedSystemFont", ["ofSize", "weight"]):
            let parameter = FontWeightParameterRewriter.writtenParameter(call.arguments.last!.expression)
            return (parameter ?? weights[memberName(values[1], of: "Weight")].map { "\($0)" }).map {
                described(family: "Menlo", size: values[0], traits: "kCTFontWeightTrait: \($0)")
            }
        case ("italicSystemFont", ["ofSize"]):
            return described(family: ".AppleSystemUIFont", size: values[0], traits: "kCTFontSymbolicTrait: CTFontSymbolicTraits.traitItalic.rawValue")
        default: return nil
        }
    }

    /// The `kCTFontWeightTrait` value of a named weight (`.bold`, `UIFont.Weight.bold`), or nil.
    static func namedWeight(_ value: ExprSyntax) -> String? {
        weights[memberName(value.trimmedDescription, of: "Weight")].map { "\($0)" }
    }

    /// UIKit's named weights (`UIFont.Weight`), as `kCTFontWeightTrait` values.
    static let weights: [String: Double] = [
        "ultraLight": -0.8, "thin": -0.6, "light": -0.4, "regular": 0, "medium": 0.23, "semibold": 0.3, "bold": 0.4,
        "heavy": 0.56, "black": 0.62,
    ]

    /// The point size and weight of each text style at Dynamic Type's default (Large) setting,
    /// from Apple's Human Interface Guidelines.
    static let textStyles: [String: (size: String, weight: Double)] = [
        "largeTitle": ("34", 0), "title1": ("28", 0), "title2": ("22", 0), "title3": ("20", 0),
        "headline": ("17", 0.3), "body": ("17", 0), "callout": ("16", 0), "subheadline": ("15", 0),
        "footnote": ("13", 0), "caption1": ("12", 0), "caption2": ("11", 0),
    ]

    /// `.semibold`, `UIFont.Weight.semibold` or `NSFont.Weight.semibold` → `semibold`; "" for
    /// anything else.
    private static func memberName(_ text: String, of nestedType: String) -> String {
        let compact = text.filter { !$0.isWhitespace }
        if compact.hasPrefix("."), !compact.dropFirst().contains(".") { return String(compact.dropFirst()) }
        for type in fontTypes where compact.hasPrefix("\(type).\(nestedType).") {
            return String(compact.dropFirst(type.count + nestedType.count + 2))
        }
        return ""
    }

    /// Core Text's feature setting for tabular (monospaced) figures.
    private static let tabularFigures =
        "[[kCTFontFeatureTypeIdentifierKey: kNumberSpacingType, kCTFontFeatureSelectorIdentifierKey: kMonospacedNumbersSelector]]"

    /// The font of `size` points that a descriptor of `family` with `traits` (the traits
    /// dictionary's entries) and, when given, `features` (a feature settings array) describes.
    private static func described(family: String, size: String, traits: String, features: String? = nil) -> String {
        let featureSettings = features.map { ", kCTFontFeatureSettingsAttribute: \($0)" } ?? ""
        return "CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: \"\(family)\", kCTFontTraitsAttribute: [\(traits)]\(featureSettings)]), \(size), nil)"
    }

    /// The system font of `size` points at `weight`: the user-interface font for regular and
    /// bold, a descriptor with the weight trait otherwise.
    private static func systemFont(size: String, weight: Double) -> String {
        switch weight {
        case 0: return "CTFontCreateUIFontForLanguage(.system, \(size), nil)!"
        case 0.4: return "CTFontCreateUIFontForLanguage(.emphasizedSystem, \(size), nil)!"
        default: return described(family: ".AppleSystemUIFont", size: size, traits: "kCTFontWeightTrait: \(weight)")
        }
    }
}
