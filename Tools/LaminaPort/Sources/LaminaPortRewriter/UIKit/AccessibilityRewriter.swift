import SwiftSyntax

/// The accessibility settings Apple animation code reads, written as Lamina's:
///
/// ```swift
/// NSWorkspace.shared.accessibilityDisplayShouldReduceMotion   →   UIAccessibility.isReduceMotionEnabled
/// UIAccessibility.isReduceMotionEnabled                           (unchanged: Lamina's, in the Lamina module)
/// ```
///
/// Lamina's `UIAccessibility.isReduceMotionEnabled` reads the desktop's preference (its
/// animations turned off) each time; the file then imports Lamina (``ImportRewriter``).
/// Lamina posts no notification when the preference changes:
/// `UIAccessibility.reduceMotionStatusDidChangeNotification` (and AppKit's
/// `NSWorkspace.accessibilityDisplayOptionsDidChangeNotification`) is left for a person.
final class AccessibilityRewriter: PortingPass {
    static let changeNotifications: Set<String> = [
        "UIAccessibility.reduceMotionStatusDidChangeNotification", "NSWorkspace.accessibilityDisplayOptionsDidChangeNotification",
    ]

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        let text = node.trimmedDescription.filter { !$0.isWhitespace }
        if Self.isAppKitReduceMotion(text) {
            file.replace(
                node, with: "UIAccessibility.isReduceMotionEnabled", kind: .uikitValue,
                reason: "AppKit does not exist on Linux; Lamina's UIAccessibility.isReduceMotionEnabled reads the desktop's preference (its animations turned off)")
            return .skipChildren
        }
        if Self.changeNotifications.contains(text) {
            file.note(
                node, why: "Lamina posts no notification when the desktop's reduce-motion preference changes",
                todo: "read UIAccessibility.isReduceMotionEnabled when an animation starts, as it is read afresh each time")
            return .skipChildren
        }
        return .visitChildren
    }

    /// Whether `node` is in AppKit's reduce-motion setting this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<4 {
            guard let ancestor = current else { return false }
            if let access = ancestor.as(MemberAccessExprSyntax.self), isAppKitReduceMotion(access.trimmedDescription.filter { !$0.isWhitespace }) {
                return true
            }
            current = ancestor.parent
        }
        return false
    }

    /// Whether `text` (without spaces) is AppKit's reduce-motion setting.
    static func isAppKitReduceMotion(_ text: String) -> Bool {
        ["NSWorkspace.shared.accessibilityDisplayShouldReduceMotion", "NSWorkspace.shared().accessibilityDisplayShouldReduceMotion"]
            .contains(text)
    }

    /// Whether the file's code uses a name of Lamina's module that Apple code reaches for
    /// through UIKit or AppKit (its accessibility settings), so that it imports Lamina.
    static func usesLaminaAccessibility(_ source: String) -> Bool {
        source.contains("UIAccessibility") || source.contains("accessibilityDisplayShouldReduceMotion")
    }
}
