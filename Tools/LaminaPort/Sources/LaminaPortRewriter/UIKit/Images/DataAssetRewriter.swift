import SwiftSyntax

/// A data asset (`NSDataAsset(name: n, bundle: b)`, UIKit's and AppKit's), read from the
/// bundle's file of that name:
///
/// ```swift
/// NSDataAsset(name: "confetti", bundle: .main)?.data
///   →  { (name: String, bundle: Bundle) in (bundle.url(forResource: name, withExtension: nil) ?? …)
///        .flatMap({ url in (try? Data(contentsOf: url)).map({ (data: $0, name: name) }) }) }("confetti", .main)?.data
/// ```
///
/// Linux has no asset catalogs: the file named as the asset is read, or else the first file
/// whose name without its extension is the asset's (`confetti.json`), as an optional of
/// `data` and `name`, the two members of `NSDataAsset` Apple code reads; nil, as Apple's
/// initializer gives, where there is no such file. `typeIdentifier` has no counterpart: the
/// compiler names a use of it.
final class DataAssetRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.asset(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            node, with: replacement, kind: .uikitValue,
            reason: "UIKit and AppKit do not exist on Linux, nor asset catalogs: the data is the bundle's file of that name (with any extension), as an optional of NSDataAsset's data and name")
        return .skipChildren
    }

    /// Whether `node` is inside a data asset this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<3 {
            guard let parent = current else { return false }
            if let call = parent.as(FunctionCallExprSyntax.self), asset(call) != nil { return true }
            current = parent.parent
        }
        return false
    }

    /// The expression that reads the asset `call` makes, if it is one this pass writes.
    static func asset(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSDataAsset",
            call.trailingClosure == nil
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map(\.expression.trimmedDescription)
        let bundle: String
        switch labels {
        case ["name"]: bundle = "Bundle.main"
        case ["name", "bundle"]: bundle = values[1]
        default: return nil
        }
        return "{ (name: String, bundle: Bundle) in (bundle.url(forResource: name, withExtension: nil) ?? bundle.urls(forResourcesWithExtension: nil, subdirectory: nil)?.lazy.map({ $0 as URL }).first(where: { $0.deletingPathExtension().lastPathComponent == name })).flatMap({ url in (try? Data(contentsOf: url)).map({ (data: $0, name: name) }) }) }(\(values[0]), \(bundle))"
    }
}
