import SwiftSyntax

/// Core Animation's and Foundation's string constants as Swift 4 and earlier wrote them,
/// written with the names Swift 4.2 gave them (Apple's SDKs mark the old ones unavailable,
/// naming the new one):
///
/// ```swift
/// animation.fillMode = kCAFillModeForwards        →  animation.fillMode = CAMediaTimingFillMode.forwards
/// CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn)
///                                                 →  CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeIn)
/// [NSAttributedStringKey.font: font]              →  [NSAttributedString.Key.font: font]
/// [NSForegroundColorAttributeName: color]         →  [NSAttributedString.Key.foregroundColor: color]
/// link.add(to: .main, forMode: .commonModes)      →  link.add(to: .main, forMode: .common)
/// shape.lineCap = "round"                         →  shape.lineCap = CAShapeLayerLineCap.round
/// ```
///
/// A string literal assigned to a Core Animation property of such a type (Swift 3 took the
/// constants' string values) is the constant of that value, where the type has one. Core
/// Image's filter made with its input parameters takes Swift 4.2's label:
/// `CIFilter(name: "CIBloom", withInputParameters: […])` → `CIFilter(name: "CIBloom", parameters: […])`.
final class LegacyConstantRewriter: PortingPass {
    /// Each old constant and the type and member Swift 4.2 named it.
    static let constants: [String: String] = {
        var table: [String: String] = [:]
        func add(_ type: String, _ pairs: [(String, String)]) {
            for (old, member) in pairs { table[old] = "\(type).\(member)" }
        }
        add("CAMediaTimingFillMode", [
            ("kCAFillModeForwards", "forwards"), ("kCAFillModeBackwards", "backwards"), ("kCAFillModeBoth", "both"),
            ("kCAFillModeRemoved", "removed"),
        ])
        add("CAMediaTimingFunctionName", [
            ("kCAMediaTimingFunctionLinear", "linear"), ("kCAMediaTimingFunctionEaseIn", "easeIn"),
            ("kCAMediaTimingFunctionEaseOut", "easeOut"), ("kCAMediaTimingFunctionEaseInEaseOut", "easeInEaseOut"),
            ("kCAMediaTimingFunctionDefault", "default"),
        ])
        add("CATransitionType", [
            ("kCATransitionFade", "fade"), ("kCATransitionMoveIn", "moveIn"), ("kCATransitionPush", "push"),
            ("kCATransitionReveal", "reveal"),
        ])
        add("CATransitionSubtype", [
            ("kCATransitionFromRight", "fromRight"), ("kCATransitionFromLeft", "fromLeft"),
            ("kCATransitionFromTop", "fromTop"), ("kCATransitionFromBottom", "fromBottom"),
        ])
        add("CALayerContentsGravity", [
            ("kCAGravityCenter", "center"), ("kCAGravityTop", "top"), ("kCAGravityBottom", "bottom"),
            ("kCAGravityLeft", "left"), ("kCAGravityRight", "right"), ("kCAGravityTopLeft", "topLeft"),
            ("kCAGravityTopRight", "topRight"), ("kCAGravityBottomLeft", "bottomLeft"),
            ("kCAGravityBottomRight", "bottomRight"), ("kCAGravityResize", "resize"),
            ("kCAGravityResizeAspect", "resizeAspect"), ("kCAGravityResizeAspectFill", "resizeAspectFill"),
        ])
        add("CALayerContentsFilter", [
            ("kCAFilterNearest", "nearest"), ("kCAFilterLinear", "linear"), ("kCAFilterTrilinear", "trilinear"),
        ])
        add("CAShapeLayerLineCap", [("kCALineCapButt", "butt"), ("kCALineCapRound", "round"), ("kCALineCapSquare", "square")])
        add("CAShapeLayerLineJoin", [("kCALineJoinMiter", "miter"), ("kCALineJoinRound", "round"), ("kCALineJoinBevel", "bevel")])
        add("CAShapeLayerFillRule", [("kCAFillRuleNonZero", "nonZero"), ("kCAFillRuleEvenOdd", "evenOdd")])
        add("CATextLayerAlignmentMode", [
            ("kCAAlignmentNatural", "natural"), ("kCAAlignmentLeft", "left"), ("kCAAlignmentRight", "right"),
            ("kCAAlignmentCenter", "center"), ("kCAAlignmentJustified", "justified"),
        ])
        add("CATextLayerTruncationMode", [
            ("kCATruncationNone", "none"), ("kCATruncationStart", "start"), ("kCATruncationEnd", "end"),
            ("kCATruncationMiddle", "middle"),
        ])
        add("CAAnimationCalculationMode", [
            ("kCAAnimationLinear", "linear"), ("kCAAnimationDiscrete", "discrete"), ("kCAAnimationPaced", "paced"),
            ("kCAAnimationCubic", "cubic"), ("kCAAnimationCubicPaced", "cubicPaced"),
        ])
        add("CAAnimationRotationMode", [("kCAAnimationRotateAuto", "rotateAuto"), ("kCAAnimationRotateAutoReverse", "rotateAutoReverse")])
        add("CAGradientLayerType", [("kCAGradientLayerAxial", "axial"), ("kCAGradientLayerRadial", "radial"), ("kCAGradientLayerConic", "conic")])
        add("CAEmitterLayerEmitterShape", [
            ("kCAEmitterLayerPoint", "point"), ("kCAEmitterLayerLine", "line"), ("kCAEmitterLayerRectangle", "rectangle"),
            ("kCAEmitterLayerCuboid", "cuboid"), ("kCAEmitterLayerCircle", "circle"), ("kCAEmitterLayerSphere", "sphere"),
        ])
        add("CAEmitterLayerEmitterMode", [
            ("kCAEmitterLayerPoints", "points"), ("kCAEmitterLayerOutline", "outline"), ("kCAEmitterLayerSurface", "surface"),
            ("kCAEmitterLayerVolume", "volume"),
        ])
        add("CAEmitterLayerRenderMode", [
            ("kCAEmitterLayerUnordered", "unordered"), ("kCAEmitterLayerOldestFirst", "oldestFirst"),
            ("kCAEmitterLayerOldestLast", "oldestLast"), ("kCAEmitterLayerBackToFront", "backToFront"),
            ("kCAEmitterLayerAdditive", "additive"),
        ])
        add("CAScrollLayerScrollMode", [
            ("kCAScrollNone", "none"), ("kCAScrollVertically", "vertically"), ("kCAScrollHorizontally", "horizontally"),
            ("kCAScrollBoth", "both"),
        ])
        add("CAValueFunctionName", [
            ("kCAValueFunctionRotateX", "rotateX"), ("kCAValueFunctionRotateY", "rotateY"),
            ("kCAValueFunctionRotateZ", "rotateZ"), ("kCAValueFunctionScale", "scale"),
            ("kCAValueFunctionScaleX", "scaleX"), ("kCAValueFunctionScaleY", "scaleY"),
            ("kCAValueFunctionScaleZ", "scaleZ"), ("kCAValueFunctionTranslate", "translate"),
            ("kCAValueFunctionTranslateX", "translateX"), ("kCAValueFunctionTranslateY", "translateY"),
            ("kCAValueFunctionTranslateZ", "translateZ"),
        ])
        // Swift 3's attribute names.
        add("NSAttributedString.Key", [
            ("NSFontAttributeName", "font"), ("NSForegroundColorAttributeName", "foregroundColor"),
            ("NSKernAttributeName", "kern"), ("NSParagraphStyleAttributeName", "paragraphStyle"),
            ("NSStrokeColorAttributeName", "strokeColor"), ("NSStrokeWidthAttributeName", "strokeWidth"),
            ("NSUnderlineStyleAttributeName", "underlineStyle"), ("NSLigatureAttributeName", "ligature"),
            ("NSBaselineOffsetAttributeName", "baselineOffset"), ("NSUnderlineColorAttributeName", "underlineColor"),
            ("NSStrikethroughStyleAttributeName", "strikethroughStyle"), ("NSStrikethroughColorAttributeName", "strikethroughColor"),
            ("NSBackgroundColorAttributeName", "backgroundColor"), ("NSShadowAttributeName", "shadow"),
            ("NSObliquenessAttributeName", "obliqueness"), ("NSExpansionAttributeName", "expansion"), ("NSLinkAttributeName", "link"),
            ("NSAttachmentAttributeName", "attachment"),
        ])
        return table
    }()

    /// The Core Animation properties whose type Swift 4.2 made a string wrapper, and each
    /// type; `type` and `subtype` are a transition's or a gradient layer's, told by the value.
    static let stringProperties: [String: [String]] = [
        "lineCap": ["CAShapeLayerLineCap"], "lineJoin": ["CAShapeLayerLineJoin"], "fillRule": ["CAShapeLayerFillRule"],
        "fillMode": ["CAMediaTimingFillMode"], "contentsGravity": ["CALayerContentsGravity"],
        "minificationFilter": ["CALayerContentsFilter"], "magnificationFilter": ["CALayerContentsFilter"],
        "alignmentMode": ["CATextLayerAlignmentMode"], "truncationMode": ["CATextLayerTruncationMode"],
        "calculationMode": ["CAAnimationCalculationMode"], "rotationMode": ["CAAnimationRotationMode"],
        "emitterShape": ["CAEmitterLayerEmitterShape"], "emitterMode": ["CAEmitterLayerEmitterMode"],
        "renderMode": ["CAEmitterLayerRenderMode"], "scrollMode": ["CAScrollLayerScrollMode"],
        "type": ["CAGradientLayerType", "CATransitionType"], "subtype": ["CATransitionSubtype"],
    ]

    /// The string values whose constant's name differs from the value (the fill rules', the
    /// rotation modes').
    static let valueMembers: [String: String] = [
        "non-zero": "nonZero", "even-odd": "evenOdd", "auto": "rotateAuto", "autoReverse": "rotateAutoReverse",
    ]

    /// The constant `value` is the string of, for the property `property`
    /// (`CAShapeLayerLineCap.round` for `lineCap` and `"round"`), or nil.
    static func constant(forValue value: String, of property: String) -> String? {
        let member = valueMembers[value] ?? value
        return stringProperties[property]?.lazy.map { "\($0).\(member)" }.first { constants.values.contains($0) }
    }

    /// Types Swift 4.2 renamed.
    static let types: [String: String] = ["NSAttributedStringKey": "NSAttributedString.Key", "RunLoopMode": "RunLoop.Mode"]

    /// Run loop modes as Swift 4 named them (`RunLoopMode.commonModes`, `.defaultRunLoopMode`)
    /// and the names Swift 4.2 gave them (`RunLoop.Mode.common`, `.default`).
    static let runLoopModes: [String: String] = ["commonModes": "common", "defaultRunLoopMode": "default"]

    /// AppKit's and UIKit's own run loop modes (`RunLoop.Mode.eventTracking`, `.modalPanel`,
    /// `.tracking`), which Linux's Foundation does not have: the common modes, which on Apple's
    /// platforms hold them and the default mode.
    static let interfaceRunLoopModes: Set<String> = ["eventTracking", "modalPanel", "tracking"]

    /// Swift 4's underline styles (an enumeration then) and the option set's names Swift 4.2
    /// gave them; `styleNone` is the empty set.
    static let underlineStyles = ["styleSingle": "single", "styleThick": "thick", "styleDouble": "double"]

    /// `NSUnderlineStyle(rawValue: n)!`: Swift 4's failable initializer is the option set's,
    /// which is not; the `!` goes.
    override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
        guard let call = node.expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "NSUnderlineStyle",
            call.arguments.count == 1, call.arguments.first?.label?.text == "rawValue", !node.isInAppleOnlyConditional
        else { return .visitChildren }
        file.replace(
            node.exclamationMark, with: "", kind: .qualifiedName,
            reason: "Swift 4.2 made NSUnderlineStyle an option set, whose init(rawValue:) does not fail")
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `.styleSingle`, `NSUnderlineStyle.styleNone`: Swift 4.2's option set.
        let name = node.declName.baseName.text
        if name.hasPrefix("style"), node.declName.argumentNames == nil, !node.isInAppleOnlyConditional,
            node.base.map({ $0.trimmedDescription == "NSUnderlineStyle" }) ?? true,
            name == "styleNone" || Self.underlineStyles[name] != nil
        {
            let reason = "Swift 4.2 made NSUnderlineStyle an option set and renamed its styles; Apple's SDKs no longer have the old names"
            if let renamed = Self.underlineStyles[name] {
                file.replace(node.declName, with: renamed, kind: .qualifiedName, reason: reason)
            } else {
                file.replace(node, with: node.base == nil ? "[]" : "NSUnderlineStyle()", kind: .qualifiedName, reason: reason + " (no style is the empty set)")
            }
            return .skipChildren
        }
        // `RunLoop.current.add(timer, forMode: .eventTracking)`: the common modes, the nearest.
        if Self.interfaceRunLoopModes.contains(name), node.declName.argumentNames == nil, !node.isInAppleOnlyConditional,
            node.base.map({ ["RunLoop.Mode", "RunLoopMode"].contains($0.trimmedDescription) })
                ?? (node.parent?.as(LabeledExprSyntax.self).map { ["forMode", "mode", "in"].contains($0.label?.text ?? "") } ?? false)
        {
            file.replace(
                node.declName, with: "common", kind: .qualifiedName,
                reason: "AppKit's and UIKit's run loop mode \(name) does not exist on Linux (no menus or scroll views track events there); the common modes hold it and the default mode on Apple's platforms, so the timer fires as it did")
            return .visitChildren
        }
        // `.commonModes`, `RunLoopMode.commonModes`, `RunLoop.Mode.commonModes`: the member
        // alone is renamed (the type, where written, is renamed as a type).
        guard let renamed = Self.runLoopModes[node.declName.baseName.text], node.declName.argumentNames == nil,
            node.base == nil || ["RunLoopMode", "RunLoop.Mode"].contains(node.base?.trimmedDescription ?? ""),
            !node.isInAppleOnlyConditional
        else { return .visitChildren }
        let old = node.declName.baseName.text
        file.replace(
            node.declName, with: renamed, kind: .qualifiedName,
            reason: "Swift 4.2 renamed the run loop mode \(old) to \(renamed); Apple's SDKs no longer have the old name")
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        // Only the name itself, not a member of that name (`x.kCAFillModeForwards`).
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id { return .visitChildren }
        guard node.argumentNames == nil, !node.isInAppleOnlyConditional,
            let replacement = Self.constants[name] ?? Self.types[name]
        else { return .visitChildren }
        file.replace(
            node, with: replacement, kind: .qualifiedName,
            reason: "Swift 4.2 renamed \(name) to \(replacement); Apple's SDKs no longer have the old name")
        return .skipChildren
    }

    /// `shape.lineCap = "round"` (or `lineCap = "round"` in the layer's own code).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), !node.isInAppleOnlyConditional,
            let literal = elements[2].as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let value = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
        else { return .visitChildren }
        let target = elements[0]
        let property = target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let property, let replacement = Self.constant(forValue: value, of: property) else { return .visitChildren }
        file.replace(
            literal, with: replacement, kind: .qualifiedName,
            reason: "Swift 4.2 made \(property) a \(replacement.split(separator: ".")[0]), no longer a string; \(replacement) is the constant of that value")
        return .visitChildren
    }

    /// `CIFilter(name: n, withInputParameters: p)`, `CIFilter.init(…)`.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        var called = node.calledExpression
        if let access = called.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base { called = base }
        let labels = node.arguments.map { $0.label?.text }
        guard called.trimmedDescription == "CIFilter", labels == ["name", "withInputParameters"], !node.isInAppleOnlyConditional,
            let label = node.arguments.last?.label
        else { return .visitChildren }
        file.replace(
            label, with: "parameters", kind: .qualifiedName,
            reason: "Swift 4.2 renamed CIFilter(name:withInputParameters:) to CIFilter(name:parameters:); Apple's SDKs no longer have the old name")
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.types[node.name.text], node.genericArgumentClause == nil, !node.isInAppleOnlyConditional
        else { return .visitChildren }
        file.replace(
            node, with: replacement, kind: .qualifiedName,
            reason: "Swift 4.2 renamed \(node.name.text) to \(replacement); Apple's SDKs no longer have the old name")
        return .skipChildren
    }
}
