import SwiftSyntax

/// An observer of UIKit's or AppKit's application lifecycle notifications, registered for a
/// method by selector, goes, with its removal:
///
/// ```swift
/// NotificationCenter.default.addObserver(self, selector: #selector(pause),       (removed)
///     name: UIApplication.didEnterBackgroundNotification, object: nil)
/// NotificationCenter.default.removeObserver(self,                               (removed)
///     name: UIApplication.didEnterBackgroundNotification, object: nil)
/// ```
///
/// Linux has no application lifecycle of UIKit's or AppKit's: nothing posts these
/// notifications, so the observer would never be called (and its selector needs the
/// Objective-C runtime). The methods stay. Code that saved animations as an iOS app went to the
/// background, and added them back as it returned, has nothing to save: a Lamina app's layers
/// keep their animations whatever its window's state. The names are Swift 4.2's
/// (`UIApplication.didEnterBackgroundNotification`, `NSApplication.willTerminateNotification`)
/// and Swift 4's (`NSNotification.Name.UIApplicationDidEnterBackground`, or `.UIApplicationDidEnterBackground`);
/// an observer given a closure (`addObserver(forName:object:queue:using:)`) returns a token the
/// code keeps, and is left with the type's report. The centre and the name may be locals
/// (`let center = NotificationCenter.default`, `let background =
/// UIApplication.didEnterBackgroundNotification`), which go with the statements where those are
/// all their uses, and the name a constant declared only for Apple's platforms, a lifecycle
/// notification on each (``AppleOnlyConstants``).
final class ApplicationLifecycleRewriter: PortingPass {
    /// The lifecycle notifications, as members of `UIApplication` and `NSApplication`.
    static let notifications: Set<String> = [
        "didEnterBackgroundNotification", "willEnterForegroundNotification", "didBecomeActiveNotification",
        "willResignActiveNotification", "willBecomeActiveNotification", "didResignActiveNotification", "willTerminateNotification", "didReceiveMemoryWarningNotification",
        "didFinishLaunchingNotification", "willFinishLaunchingNotification", "didHideNotification", "willHideNotification",
        "didUnhideNotification", "willUnhideNotification",
    ]

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        if let name = Self.lifecycleName(observedBy: node) {
            file.remove(
                node, kind: .uikitValue,
                reason: "Linux has no application lifecycle of UIKit's or AppKit's: nothing posts \(name), so the observer would never be called; a Lamina app's layers keep their animations whatever its window's state")
            return .skipChildren
        }
        if let local = Self.localUsedOnlyByRemovedObservers(node) {
            file.remove(node, kind: .uikitValue, reason: "'\(local)' is used only by the application lifecycle observers removed with it")
            return .skipChildren
        }
        return .visitChildren
    }

    /// Whether `node` is in a statement this pass removes (an observer, its removal, or a local
    /// only they use).
    static func isRemoved(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let statement = ancestor.as(CodeBlockItemSyntax.self),
                lifecycleName(observedBy: statement) != nil || localUsedOnlyByRemovedObservers(statement) != nil
            {
                return true
            }
            if ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// The name of the local `statement` declares (`let center = NotificationCenter.default`,
    /// `let background = UIApplication.didEnterBackgroundNotification`) where every use of it
    /// after it in its block is in a statement this pass removes.
    static func localUsedOnlyByRemovedObservers(_ statement: CodeBlockItemSyntax) -> String? {
        guard let declaration = statement.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let),
            declaration.bindings.count == 1, let binding = declaration.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), let value = binding.initializer?.value,
            value.trimmedDescription == "NotificationCenter.default" || isLifecycleNotification(value),
            let list = statement.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        let name = pattern.identifier.text
        let after = Array(list).filter { $0.position > statement.position }.map(Syntax.init)
        guard let references = NameReferences.find(name, in: after), !references.isEmpty else { return nil }
        let unqualified = references.filter { !$0.isMemberName }
        guard !unqualified.isEmpty else { return nil }
        return unqualified.allSatisfy({ reference in
            reference.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }).map { lifecycleName(observedBy: $0) != nil } ?? false
        }) ? name : nil
    }

    /// The notification `statement` observes or stops observing, when it is
    /// `NotificationCenter.default.addObserver(_:selector:name:object:)` or
    /// `removeObserver(_:name:object:)` for a lifecycle notification.
    static func lifecycleName(observedBy statement: CodeBlockItemSyntax) -> String? {
        guard let call = statement.item.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base,
            base.trimmedDescription == "NotificationCenter.default" || localValue(of: base)?.trimmedDescription == "NotificationCenter.default"
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch callee.declName.baseName.text {
        case "addObserver" where labels == ["_", "selector", "name", "object"]: break
        case "removeObserver" where labels == ["_", "name", "object"]: break
        default: return nil
        }
        guard let name = call.arguments.first(where: { $0.label?.text == "name" })?.expression else { return nil }
        if isLifecycleNotification(name) { return name.trimmedDescription }
        // A constant of the Apple platforms' `#if` clauses naming one on each (``AppleOnlyConstants``).
        if let values = AppleOnlyConstants.values(namedBy: name), values.allSatisfy(isLifecycleNotification) {
            return name.trimmedDescription
        }
        // A local holding the name.
        guard let value = localValue(of: name), isLifecycleNotification(value) else { return nil }
        return value.trimmedDescription
    }

    /// The value a `let` local named by `expression` was declared with before it in its block.
    private static func localValue(of expression: ExprSyntax) -> ExprSyntax? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let declaration = NameReferences.declaration(of: reference.baseName.text, before: reference),
            declaration.bindingSpecifier.tokenKind == .keyword(.let), declaration.bindings.count == 1
        else { return nil }
        return declaration.bindings.first?.initializer?.value
    }

    /// Whether `name` names a lifecycle notification: `UIApplication.didEnterBackgroundNotification`
    /// (`NSApplication.…`), or Swift 4's `NSNotification.Name.UIApplicationDidEnterBackground`
    /// (`Notification.Name.…`, `.UIApplication…`, AppKit's `.NSApplication…`).
    static func isLifecycleNotification(_ name: ExprSyntax) -> Bool {
        guard let access = name.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil else { return false }
        let member = access.declName.baseName.text
        let base = access.base?.trimmedDescription
        if ["UIApplication", "NSApplication"].contains(base), notifications.contains(member) { return true }
        guard base == nil || ["NSNotification.Name", "Notification.Name"].contains(base) else { return false }
        for prefix in ["UIApplication", "NSApplication"] where member.hasPrefix(prefix) {
            let rest = member.dropFirst(prefix.count)
            guard let first = rest.first else { return false }
            if notifications.contains(first.lowercased() + rest.dropFirst() + "Notification") { return true }
        }
        return false
    }

    /// Whether `node` is in a statement this pass removes (an observer's, or a local's only
    /// such statements use).
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let statement = ancestor.as(CodeBlockItemSyntax.self) {
                return lifecycleName(observedBy: statement) != nil || localUsedOnlyByRemovedObservers(statement) != nil
            }
            current = ancestor.parent
        }
        return false
    }
}
