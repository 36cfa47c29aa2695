import SwiftSyntax

/// A UIKit view's tint and traits on the layer it is written as (``ViewClassRewriter``).
///
/// The view's `tintColor`, read for its `CGColor`, becomes a `CGColor` property of the layer
/// of UIKit's default tint, system blue, and `tintColorDidChange()` is called as it changes:
///
/// ```swift
/// final class Ring: UIView {                          final class Ring: CALayer {
///     func paint() {                                      func paint() {
///         ring.strokeColor = tintColor.cgColor    →           ring.strokeColor = tintColor
///     }                                                   }
///     override func tintColorDidChange() {                func tintColorDidChange() {
///         super.tintColorDidChange()                          paint()
///         paint()                                         }
///     }                                                   var tintColor: CGColor = … { didSet { tintColorDidChange() } }
/// }                                                   }
/// ```
///
/// Its uses are `tintColor.cgColor`, `tintColor.setFill()` (`setStroke()`, `set()`) in the view's
/// `draw(_:)` (the layer's context's colour), `tintColor.resolvedColor(with: traitCollection).cgColor`
/// (the view's traits, or the light ones: Lamina has one appearance, the light one, which
/// every colour is written for), `tintColor.withAlphaComponent(a).cgColor`
/// (`tintColor.copy(alpha: a)!`) and assignments of colours the command writes; any other use
/// leaves the view to a person. A view's tint in UIKit is its superview's where it sets none;
/// a layer's is its own, which its owner sets.
///
/// An override of `traitCollectionDidChange(_:)` whose work all waits on the colour appearance
/// changing (`if traitCollection.hasDifferentColorAppearance(comparedTo: previous) { … }`, a
/// `guard` of it, or a comparison of `userInterfaceStyle`s) goes: the appearance never changes.
enum ViewTint {
    /// The view member.
    static let name = "tintColor"
    /// The method UIKit calls when the tint changes.
    static let changeMethod = "tintColorDidChange"
    /// The method UIKit calls when the traits change.
    static let traitMethod = "traitCollectionDidChange"

    /// The property the layer is given: UIKit's default tint, system blue in the light
    /// appearance (0, 122, 255, as Apple's Human Interface Guidelines give it). `observed`: the
    /// class overrides ``changeMethod``, called as the tint changes; `isolated`: the class is
    /// isolated to the main actor, and its nonisolated overrides read the property.
    static func property(observed: Bool, isolated: Bool) -> [String] {
        let unchecked = isolated ? "nonisolated(unsafe) " : ""
        return [
            "/// The colour the layer tints its drawing with, as UIKit's `tintColor` is the view's. The default is",
            "/// system blue. (A view's tint is its superview's where it sets none; a layer's is its own.)",
        ] + (observed
            ? ["\(unchecked)var \(name): CGColor = \(defaultValue) {", "    didSet { \(changeMethod)() }", "}", ""]
            : ["\(unchecked)var \(name): CGColor = \(defaultValue)", ""])
    }

    /// UIKit's default tint, system blue in the light appearance.
    private static let defaultValue = "CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)"

    /// The edits writing each use of the view's own tint in `members` (its class's and its
    /// extensions' bodies in its file), and the expressions they replace whole; nil when one is
    /// used otherwise (with the use, for the report).
    static func uses(in members: [Syntax]) -> Result<(edits: [(Syntax, String)], replaced: [Syntax]), Unwritten> {
        var edits: [(Syntax, String)] = []
        var replaced: [Syntax] = []
        for use in members.flatMap({ ViewMembers.ownMemberUses(name, in: $0) }) {
            guard let written = edit(for: use) else { return .failure(Unwritten(use: use)) }
            edits += written.edits
            replaced += written.replaced
        }
        return .success((edits, replaced))
    }

    /// A use of the tint the command does not write.
    struct Unwritten: Error {
        var use: ExprSyntax
    }

    /// The edits for one use of the tint (`tintColor` or `self.tintColor`), and what they
    /// replace whole; nil for a use not written.
    private static func edit(for use: ExprSyntax) -> (edits: [(Syntax, String)], replaced: [Syntax])? {
        let text = use.trimmedDescription
        // An assignment of a colour the command writes.
        if let list = use.parent?.as(ExprListSyntax.self), list.first?.id == use.id {
            guard let written = ViewMembers.backgroundColorAssignment(use, writtenAs: nil) else { return nil }
            return (written, [])
        }
        guard let access = use.parent?.as(MemberAccessExprSyntax.self), access.base?.id == use.id else { return nil }
        let member = access.declName.baseName.text
        if member == "cgColor" { return ([(Syntax(access), text)], [Syntax(access)]) }
        // `tintColor.setFill()` (`setStroke()`, `set()`) as a statement of the view's own
        // `draw(_:)`, written as the layer's `draw(in ctx:)`: `ctx`'s colour.
        if ["setFill", "setStroke", "set"].contains(member), let call = access.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(access).id, call.arguments.isEmpty, call.trailingClosure == nil,
            let statement = call.parent?.as(CodeBlockItemSyntax.self),
            let function = statement.parent?.as(CodeBlockItemListSyntax.self)?.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self),
            ViewClassRewriter.isViewDrawing(function)
        {
            let lines = UIKitDrawingRewriter.colorStatements(member, color: text, context: "ctx")
            return ([(Syntax(statement), lines.joined(separator: "\n" + statement.statementIndentation))], [Syntax(statement)])
        }
        // `resolvedColor(with: traits)` or `withAlphaComponent(a)`, then its `cgColor`.
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
            call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first,
            let outer = call.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == ExprSyntax(call).id,
            outer.declName.baseName.text == "cgColor"
        else { return nil }
        switch (member, argument.label?.text) {
        case ("resolvedColor", "with"?) where isViewOrLightTraits(argument.expression):
            return ([(Syntax(outer), text)], [Syntax(outer)])
        case ("withAlphaComponent", nil):
            return ([(Syntax(outer), "\(text).copy(alpha: \(argument.expression.trimmedDescription))!")], [Syntax(outer)])
        default:
            return nil
        }
    }

    /// Whether `traits` is the view's own trait collection (`traitCollection`,
    /// `self.traitCollection`) or one of the light appearance: in Lamina, the same.
    private static func isViewOrLightTraits(_ traits: ExprSyntax) -> Bool {
        ["traitCollection", "self.traitCollection"].contains(traits.trimmedDescription) || UIKitValueRewriter.isLightTraits(traits)
    }

    /// Whether `function` overrides `traitCollectionDidChange(_:)` with only work that waits on
    /// the colour appearance changing (after an optional call to super's), which never happens.
    static func isAppearanceChangeOnly(_ function: FunctionDeclSyntax) -> Bool {
        guard function.name.text == traitMethod, function.signature.parameterClause.parameters.count == 1,
            function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }), let body = function.body
        else { return false }
        var statements = Array(body.statements)
        if let first = statements.first?.item.as(FunctionCallExprSyntax.self),
            first.calledExpression.trimmedDescription == "super.\(traitMethod)"
        {
            statements.removeFirst()
        }
        guard !statements.isEmpty else { return false }
        // `guard <appearance changed> else { return }`: what follows waits on it.
        if let guarded = statements.first?.item.as(GuardStmtSyntax.self), testsAppearanceChange(guarded.conditions) {
            return true
        }
        return statements.allSatisfy { statement in
            guard let test = statement.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? statement.item.as(IfExprSyntax.self)
            else { return false }
            return test.elseBody == nil && testsAppearanceChange(test.conditions)
        }
    }

    /// Whether the first of `conditions` tests that the colour appearance changed.
    private static func testsAppearanceChange(_ conditions: ConditionElementListSyntax) -> Bool {
        guard let first = conditions.first?.condition.as(ExprSyntax.self) else { return false }
        let text = first.trimmedDescription
        return text.contains("hasDifferentColorAppearance(comparedTo:") || (text.contains("userInterfaceStyle") && text.contains("!="))
    }
}
