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
/// code keeps, and is left with the type's report.
final class ApplicationLifecycleRewriter: PortingPass {
    /// The lifecycle notifications, as members of `UIApplication` and `NSApplication`.
    static let notifications: Set<String> = [
        "didEnterBackgroundNotification", "willEnterForegroundNotification", "didBecomeActiveNotification",
        "willResignActiveNotification", "willTerminateNotification", "didReceiveMemoryWarningNotification",
        "didFinishLaunchingNotification", "willFinishLaunchingNotification", "didHideNotification", "willHideNotification",
        "didUnhideNotification", "willUnhideNotification",
    ]

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let name = Self.lifecycleName(observedBy: node) else { return .visitChildren }
        file.remove(
            node, kind: .uikitValue,
            reason: "Linux has no application lifecycle of UIKit's or AppKit's: nothing posts \(name), so the observer would never be called; a Lamina app's layers keep their animations whatever its window's state")
        return .skipChildren
    }

    /// The notification `statement` observes or stops observing, when it is
    /// `NotificationCenter.default.addObserver(_:selector:name:object:)` or
    /// `removeObserver(_:name:object:)` for a lifecycle notification.
    static func lifecycleName(observedBy statement: CodeBlockItemSyntax) -> String? {
        guard let call = statement.item.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            callee.base?.trimmedDescription == "NotificationCenter.default"
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch callee.declName.baseName.text {
        case "addObserver" where labels == ["_", "selector", "name", "object"]: break
        case "removeObserver" where labels == ["_", "name", "object"]: break
        default: return nil
        }
        guard let name = call.arguments.first(where: { $0.label?.text == "name" })?.expression, isLifecycleNotification(name) else { return nil }
        return name.trimmedDescription
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

    /// Whether `node` is in a statement this pass removes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let statement = ancestor.as(CodeBlockItemSyntax.self) { return lifecycleName(observedBy: statement) != nil }
            current = ancestor.parent
        }
        return false
    }
}
