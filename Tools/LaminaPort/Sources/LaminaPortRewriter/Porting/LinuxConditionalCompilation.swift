import SwiftSyntax

/// Which `#if` clauses Linux compiles: `os(Linux)` is true, other `os(…)`,
/// `targetEnvironment(…)`, `_runtime(_ObjC)` and `canImport` of an Apple-only framework are
/// false, `!`, `&&` and `||` combine them; anything else (build flags, `arch`, `swift`) is
/// unknown. Code in a clause Linux skips is left alone; code in a clause Linux compiles is
/// ported like any other.
enum LinuxConditionalCompilation {
    static let appleOnlyModules: Set<String> = [
        "UIKit", "AppKit", "Cocoa", "Quartz", "ObjectiveC", "Darwin", "SwiftUI", "MobileCoreServices", "WatchKit", "CoreServices",
        "UniformTypeIdentifiers",
    ]
    static let linuxModules: Set<String> = [
        "Foundation", "FoundationNetworking", "FoundationXML", "Glibc", "Dispatch", "QuartzCore", "CoreGraphics", "CoreImage", "CoreText", "ImageIO",
        "Lamina",
    ]

    /// The top-level items of the files being ported that the command puts in `#if
    /// canImport(SwiftUI)` (``SwiftUIGuards``), while the passes run: Linux compiles them no
    /// more than code already in such a clause.
    @TaskLocal static var swiftUIOnly: Set<SyntaxIdentifier> = []

    /// Whether `node` is one of ``swiftUIOnly``.
    static func isSwiftUIOnly(_ node: Syntax) -> Bool {
        node.is(CodeBlockItemSyntax.self) && swiftUIOnly.contains(node.id)
    }

    /// The condition's value on Linux, or nil when it depends on something else.
    static func evaluate(_ condition: ExprSyntax) -> Bool? {
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return evaluate(prefix.expression).map { !$0 }
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // `a && b || c`: && binds tighter; split on || first.
            let elements = Array(sequence.elements)
            var disjuncts: [[ExprSyntax]] = [[]]
            for element in elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    if op.operator.text == "||" { disjuncts.append([]) } else if op.operator.text != "&&" { return nil }
                } else {
                    disjuncts[disjuncts.count - 1].append(element)
                }
            }
            let values = disjuncts.map { conjuncts -> Bool? in
                let parts = conjuncts.map(evaluate)
                if parts.contains(false) { return false }
                return parts.contains(where: { $0 == nil }) ? nil : true
            }
            if values.contains(true) { return true }
            return values.contains(where: { $0 == nil }) ? nil : false
        }
        if let call = condition.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            call.arguments.count == 1, let argument = call.arguments.first?.expression.trimmedDescription
        {
            switch name {
            case "os": return argument == "Linux"
            case "targetEnvironment": return false
            case "_runtime": return argument == "_ObjC" ? false : nil
            case "canImport":
                let module = String(argument.split(separator: ".").first ?? "")
                if appleOnlyModules.contains(module) { return false }
                return linuxModules.contains(module) ? true : nil
            default: return nil
            }
        }
        return nil
    }

    /// Whether Linux compiles the clause: nil when an earlier or its own condition is unknown.
    static func isCompiled(_ clause: IfConfigClauseSyntax) -> Bool? {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return nil }
        for candidate in clauses {
            let value: Bool? = candidate.condition.map(evaluate) ?? true
            if candidate.id == clause.id { return value }
            switch value {
            case true: return false
            case false: continue
            case nil: return nil
            }
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// Whether the node sits in an `#if` clause Linux does not compile (`canImport(UIKit)`,
    /// `os(iOS)`, …), or in an item the command puts in one (``SwiftUIGuards``); code in such a
    /// clause is left as it is.
    var isInAppleOnlyConditional: Bool {
        let guarded = !LinuxConditionalCompilation.swiftUIOnly.isEmpty
        var current = guarded ? Syntax(self) : parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), LinuxConditionalCompilation.isCompiled(clause) == false {
                return true
            }
            if guarded, LinuxConditionalCompilation.isSwiftUIOnly(node) { return true }
            current = node.parent
        }
        return false
    }

    /// Whether every `#if` clause around the node is one Linux compiles (true at top level).
    var isCompiledOnLinux: Bool {
        let guarded = !LinuxConditionalCompilation.swiftUIOnly.isEmpty
        var current = guarded ? Syntax(self) : parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), LinuxConditionalCompilation.isCompiled(clause) != true {
                return false
            }
            if guarded, LinuxConditionalCompilation.isSwiftUIOnly(node) { return false }
            current = node.parent
        }
        return true
    }
}
