import SwiftSyntax

/// An extension of `UIBezierPath` (or AppKit's `NSBezierPath`) that makes paths — convenience
/// initializers building the path step by step, and static functions or properties returning
/// one (``PathFunctionRewriter``) — written on `CGMutablePath`, with its uses:
///
/// ```swift
/// extension UIBezierPath {                            extension CGMutablePath {
///     convenience init(heartIn r: CGRect) {               convenience init(heartIn r: CGRect) {
///         self.init()                                         self.init()
///         move(to: top)                                       move(to: top)
///         addCurve(to: p, controlPoint1: a,       →           addCurve(to: p, control1: a,
///                  controlPoint2: b)                                   control2: b)
///         close()                                             closeSubpath()
///     }                                                   }
///     static func star(in r: CGRect) -> UIBezierPath      static func star(in r: CGRect) -> CGMutablePath
/// }                                                   }
/// shape.path = UIBezierPath(heartIn: r).cgPath        shape.path = CGMutablePath(heartIn: r)
/// let star = UIBezierPath.star(in: r)                 let star = CGMutablePath.star(in: r)
/// ```
///
/// An initializer starts with `self.init()` (or one of the shapes ``BezierPathBuilderRewriter``
/// writes, `self.init(ovalIn: r)`, added on the next line) and calls only the path's own methods
/// that builder writes (`move(to:)`, `addLine(to:)`, the curves and arcs with Core Graphics'
/// labels, UIKit's `clockwise` flipped, `close()` → `closeSubpath()`, `append` of a shape or
/// another such path; AppKit's `line(to:)`, `curve(to:…)`, `appendRect`, `appendOval`, …); it may
/// read `currentPoint`, `isEmpty` and `bounds` (`boundingBox`). A static member must be one
/// ``PathFunctionRewriter`` writes. Its stroke and fill settings (`self.lineWidth = w`,
/// `lineJoinStyle = .round`), which a `CGPath` has not, go and are reported. A conversion of the
/// path to a `CGPath` beside them (`var cgPath: CGPath { … }`, as macOS code carried before
/// AppKit had one) goes, as ``PathConversionExtensionRewriter`` removes an extension of
/// conversions alone, and its uses on paths the command writes are the paths. An extension with
/// any other member (an instance method, `apply(_:)`) is left for a person, with its uses.
final class PathExtensionRewriter: PortingPass {
    /// What the ported files' path extensions declare: the initializers (called on the path
    /// type with these labels) and static members (named on it), by path type.
    struct Declared: Sendable {
        var initializers: [String: [CallSignature]] = [:]
        var staticMembers: [String: Set<String>] = [:]
        /// Its conversions to a `CGPath` (``PathConversionExtensionRewriter``), which go.
        var conversions: [PathConversionExtensionRewriter.Member] = []

        mutating func add(_ other: Declared) {
            for (type, signatures) in other.initializers { initializers[type, default: []] += signatures }
            for (type, names) in other.staticMembers { staticMembers[type, default: []].formUnion(names) }
            conversions += other.conversions
        }
    }

    /// One edit of an initializer's body: of its `self.init(shape)`, or a use of the path's own
    /// members, written as a path built in a local is (``BezierPathBuilderRewriter/write(_:path:in:)``).
    private enum Edit {
        case replace(Syntax, String)
        case insert(String, after: Syntax)
        case member(BezierPathBuilderRewriter.Use)
        /// A stroke setting the initializer gives the path (`lineWidth = 2`), which goes and is
        /// reported.
        case strokeSetting(CodeBlockItemSyntax)
        /// A conversion of the path to a `CGPath`, which goes: the path is one.
        case conversion(MemberBlockItemSyntax)
    }

    /// UIKit's and AppKit's path properties that say how `stroke()` and `fill()` draw it, which
    /// a `CGPath` has not: the context (or a shape layer) is given them where the path is drawn.
    private static let drawingSettings: Set<String> = [
        "lineWidth", "lineCapStyle", "lineJoinStyle", "miterLimit", "flatness", "usesEvenOddFillRule", "windingRule",
    ]

    // MARK: Writing

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let plan = Self.plan(node, checkingStaticMembers: true) else { return .visitChildren }
        let type = node.extendedType.trimmedDescription
        let reason = "\(type == "NSBezierPath" ? "AppKit" : "UIKit") does not exist on Linux; the paths this extension makes are the CGMutablePaths they build"
        file.replace(node.extendedType, with: "CGMutablePath", kind: .uikitValue, reason: reason)
        for edit in plan.edits {
            switch edit {
            case .replace(let target, let text): file.replace(target, with: text, kind: .uikitValue, reason: reason)
            case .insert(let text, let after):
                let range = file.trimmedRange(after)
                file.insert(text, at: range.upperBound, after: range, kind: .uikitValue, reason: reason)
            case .member(let use): BezierPathBuilderRewriter.write(use, path: "self", in: file)
            case .conversion(let member):
                file.removeMember(
                    member, kind: .uikitValue,
                    reason: "\(type == "NSBezierPath" ? "AppKit" : "UIKit") does not exist on Linux; the path is built as the CGMutablePath it makes, so its conversion to a CGPath is the path itself")
            case .strokeSetting(let statement):
                file.removeMember(
                    statement, kind: .uikitValue,
                    reason: "a CGPath has no stroke or fill settings: they are given where the path is drawn")
                file.note(
                    statement, why: "a CGPath has no stroke or fill settings, which UIKit's and AppKit's paths keep for stroke() and fill()",
                    todo: "give this setting where the path is drawn: a shape layer's lineWidth, lineJoin, lineCap, miterLimit or fillRule, or the context's")
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `UIBezierPath.star(in: r)`: the static member, on CGMutablePath.
        guard !node.isInAppleOnlyConditional, let base = node.base?.as(DeclReferenceExprSyntax.self), Self.isStaticMember(node)
        else { return .visitChildren }
        file.replace(
            base, with: "CGMutablePath", kind: .uikitValue,
            reason: "UIKit and AppKit do not exist on Linux; the path extension's static members are CGMutablePath's")
        return .visitChildren
    }

    /// Whether `node` is `UIBezierPath.member` of a static member the files' path extensions
    /// declare and the command writes.
    static func isStaticMember(_ node: MemberAccessExprSyntax) -> Bool {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self),
            let names = PortingContext.currentPathExtensions.staticMembers[base.baseName.text]
        else { return false }
        return names.contains(node.declName.baseName.text)
    }

    /// Whether `call` calls an initializer the files' path extensions declare and the command
    /// writes (`UIBezierPath(heartIn: r)`).
    static func isInitializer(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.trailingClosure == nil, let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let signatures = PortingContext.currentPathExtensions.initializers[type]
        else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return signatures.contains { $0.isCalled(with: labels) }
    }

    /// `CGMutablePath(…)` for a call of an extension's initializer, its arguments as written.
    static func writtenInitializer(_ call: FunctionCallExprSyntax) -> String? {
        guard isInitializer(call) else { return nil }
        return "CGMutablePath(" + call.arguments.trimmedDescription + ")"
    }

    /// Whether `node` is the path type named in an extension this pass writes, or by a use of
    /// its static members.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == Syntax(node).id, isStaticMember(access) {
            return true
        }
        // The path type anywhere in an extension this pass writes: its extended type, and the
        // shapes its initializers append, which are written as the CGPaths they make.
        guard PathFunctionRewriter.pathTypes.contains(node.trimmedDescription) else { return false }
        var current = Syntax(node).parent
        while let ancestor = current {
            if let extensionDecl = ancestor.as(ExtensionDeclSyntax.self) { return plan(extensionDecl, checkingStaticMembers: true) != nil }
            current = ancestor.parent
        }
        return false
    }

    // MARK: Declarations

    /// What an extension this pass writes declares and the edits of its initializers; nil for
    /// another extension. Static members are checked against what ``PathFunctionRewriter``
    /// writes when `checkingStaticMembers` (once the files' path functions are known).
    private static func plan(
        _ node: ExtensionDeclSyntax, checkingStaticMembers: Bool
    ) -> (declared: Declared, edits: [Edit])? {
        let type = node.extendedType.trimmedDescription
        guard PathFunctionRewriter.pathTypes.contains(type), node.genericWhereClause == nil, node.inheritanceClause == nil,
            !node.memberBlock.members.isEmpty
        else { return nil }
        var declared = Declared()
        var edits: [Edit] = []
        for item in node.memberBlock.members {
            // `var cgPath: CGPath { … }` beside them: the path is one.
            if let conversion = PathConversionExtensionRewriter.member(item) {
                declared.conversions.append(conversion)
                edits.append(.conversion(item))
                continue
            }
            if let initializer = item.decl.as(InitializerDeclSyntax.self) {
                guard let written = initializerEdits(initializer, appKit: type == "NSBezierPath") else { return nil }
                edits += written
                declared.initializers[type, default: []].append(CallSignature(initializer.signature.parameterClause.parameters))
                continue
            }
            // A static member that names neither the path type nor `self` (`static func
            // ring(…) -> CGMutablePath` building a Core Graphics path): the same on CGMutablePath.
            if let name = Self.independentStaticMember(item) {
                declared.staticMembers[type, default: []].insert(name)
                continue
            }
            let candidate: PathFunctionRewriter.Candidate?
            let modifiers: DeclModifierListSyntax
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                (candidate, modifiers) = (PathFunctionRewriter.candidate(function), function.modifiers)
            } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                (candidate, modifiers) = (PathFunctionRewriter.candidate(variable), variable.modifiers)
            } else {
                return nil
            }
            guard let candidate, modifiers.isTypeMember, !checkingStaticMembers || PathFunctionRewriter.accepted(candidate) != nil
            else { return nil }
            declared.staticMembers[type, default: []].insert(candidate.name)
        }
        // (One with conversions alone is ``PathConversionExtensionRewriter``'s.)
        guard declared.conversions.count < node.memberBlock.members.count else { return nil }
        return (declared, edits)
    }

    /// The name of `item` when it is a static function or property (of one name) that names
    /// neither UIKit's nor AppKit's path type nor `self` or `Self`: it stands as it is on
    /// `CGMutablePath`, and its uses name it there.
    private static func independentStaticMember(_ item: MemberBlockItemSyntax) -> String? {
        let name: String?
        let modifiers: DeclModifierListSyntax
        if let function = item.decl.as(FunctionDeclSyntax.self) {
            (name, modifiers) = (function.name.text, function.modifiers)
        } else if let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1 {
            (name, modifiers) = (variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, variable.modifiers)
        } else {
            return nil
        }
        guard let name, modifiers.isTypeMember,
            !item.tokens(viewMode: .sourceAccurate).contains(where: { token in
                PathFunctionRewriter.pathTypes.contains(token.text) || [.keyword(.self), .keyword(.Self)].contains(token.tokenKind)
            })
        else { return nil }
        return name
    }

    /// What the ported files' path extensions declare, for the context: initializers and the
    /// static members' names (checked as ``PathFunctionRewriter`` candidates only).
    static func declared(_ node: ExtensionDeclSyntax) -> Declared? {
        plan(node, checkingStaticMembers: false)?.declared
    }

    /// What an extension this pass writes declares, its static members checked against what
    /// ``PathFunctionRewriter`` writes (once the files' path functions are known); nil for
    /// another extension.
    static func resolved(_ node: ExtensionDeclSyntax) -> Declared? {
        plan(node, checkingStaticMembers: true)?.declared
    }

    /// The edits that write a convenience initializer's body on `CGMutablePath`; nil for one
    /// this pass does not write.
    private static func initializerEdits(_ node: InitializerDeclSyntax, appKit: Bool) -> [Edit]? {
        guard node.modifiers.contains(where: { $0.name.text == "convenience" }), node.optionalMark == nil,
            node.signature.effectSpecifiers == nil, node.genericParameterClause == nil, let body = node.body,
            let first = body.statements.first, let selfInit = first.item.as(FunctionCallExprSyntax.self),
            let access = selfInit.calledExpression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self",
            access.declName.baseName.text == "init", selfInit.trailingClosure == nil,
            let shape = appKit ? BezierPathBuilderRewriter.appKitShape(of: selfInit) : BezierPathBuilderRewriter.shape(of: selfInit)
        else { return nil }
        var edits: [Edit] = []
        if !shape.isEmpty {
            edits.append(.replace(Syntax(selfInit.arguments), ""))
            edits.append(.insert("\n" + first.statementIndentation + shape, after: Syntax(first)))
        }
        // Names the initializer declares (its parameters, locals, closures' parameters) are
        // not the path's members.
        let declaredNames = Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            .union(NameReferences.declaredNames(in: body.statements))
        // Its drawing settings (`self.lineWidth = lineWidth`, `lineJoinStyle = .round`): they go.
        let settings = body.statements.dropFirst().filter { statement in
            guard let (target, _) = statement.item.as(SequenceExprSyntax.self)?.elements.simpleAssignment else { return false }
            let name = target.as(DeclReferenceExprSyntax.self).map { declaredNames.contains($0.baseName.text) ? "" : $0.baseName.text }
                ?? target.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
            return name.map(drawingSettings.contains) ?? false
        }
        edits += settings.map { .strokeSetting($0) }
        let settingIDs = Set(settings.map(\.id))
        // Every other use of the path itself: `self`, or a name of its own members alone.
        for token in body.statements.dropFirst().filter({ !settingIDs.contains($0.id) }).flatMap({ $0.tokens(viewMode: .sourceAccurate) }) {
            if token.tokenKind == .keyword(.self) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                    let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == ExprSyntax(reference).id,
                    let written = memberEdits(member.declName, access: ExprSyntax(member), appKit: appKit)
                else { return nil }
                edits += written
                continue
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id,
                !reference.isMemberName, pathMemberNames.contains(token.text), !declaredNames.contains(token.text)
            else { continue }
            guard let written = memberEdits(reference, access: ExprSyntax(reference), appKit: appKit) else { return nil }
            edits += written
        }
        return edits
    }

    /// The names of `UIBezierPath`'s and `NSBezierPath`'s own methods and properties: used
    /// alone in an initializer, they are the path's.
    static let pathMemberNames: Set<String> = [
        "move", "addLine", "addCurve", "addQuadCurve", "addArc", "close", "append", "apply", "reversing", "removeAllPoints",
        "contains", "fill", "stroke", "addClip", "setLineDash", "getLineDash", "currentPoint", "isEmpty", "bounds", "cgPath",
        "lineWidth", "lineCapStyle", "lineJoinStyle", "miterLimit", "flatness", "usesEvenOddFillRule", "line", "curve",
        "relativeMove", "relativeLine", "relativeCurve", "appendRect", "appendOval", "appendRoundedRect", "appendArc",
        "appendPoints", "windingRule", "elementCount",
    ]

    /// The edits for one use of the path's member `name` (alone or after `self.`) in an
    /// initializer, `access` being that whole reference: its `currentPoint`, `isEmpty` and
    /// `bounds` (`boundingBox`), or a call of a method the path builder writes
    /// (``BezierPathBuilderRewriter/methodUse(_:member:path:appKit:isBuiltPath:)``); nil for
    /// another use.
    private static func memberEdits(_ name: DeclReferenceExprSyntax, access: ExprSyntax, appKit: Bool) -> [Edit]? {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id else {
            switch name.baseName.text {
            case "currentPoint", "isEmpty": return []
            case "bounds": return [.member(.renamed(name.baseName, "boundingBox"))]
            default: return nil
            }
        }
        guard call.trailingClosure == nil,
            let use = BezierPathBuilderRewriter.methodUse(call, member: name.baseName, path: "self", appKit: appKit)
        else { return nil }
        return [.member(use)]
    }
}
