import SwiftSyntax

/// A function's `UIImage` parameter that the body uses only for its `CGImage`, made to take
/// the `CGImage`:
///
/// ```swift
/// func sprite(sheet: UIImage) -> CALayer {           func sprite(sheet: CGImage) -> CALayer {
///     layer.contents = sheet.cgImage          →          layer.contents = sheet
/// }                                                  }
/// sprite(sheet: UIImage(named: "run")!)              sprite(sheet: (<Image I/O decode>)!)
/// ```
///
/// Every use in the body must be `name.cgImage` or `name.cgImage!`. The file's calls must pass
/// every argument, and pass this one as an image `ImageDecodeRewriter` decodes, force-unwrapped
/// (`UIImage(named: "run")!`); calls in other files have to pass `CGImage`s, and the compiler
/// points to them. A parameter used otherwise (its size, drawn, passed on), or a call passing
/// something else, is left for a person.
final class ImageParameterRewriter: PortingPass {
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard let parameter = Self.parameter(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit does not exist on Linux; '\(parameter.name)' only hands on its CGImage, so it takes the CGImage (callers in other files pass CGImages too)"
        file.replace(node.type, with: "CGImage", kind: .uikitValue, reason: reason)
        for use in parameter.uses { file.replace(use, with: parameter.name, kind: .uikitValue, reason: reason) }
        for (value, decode) in parameter.arguments {
            file.replace(value, with: decode, kind: .uikitValue, reason: "\(reason); the image is decoded by Image I/O")
        }
        return .skipChildren
    }

    struct Parameter {
        var name: String
        /// Each `name.cgImage` (or `name.cgImage!`) in the body.
        var uses: [ExprSyntax]
        /// The images the file's calls pass for it, and the decodes written for them.
        var arguments: [(ExprSyntax, String)]
    }

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        guard node.type.trimmedDescription == "UIImage", node.ellipsis == nil, node.defaultValue == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        var uses: [ExprSyntax] = []
        for reference in references where !reference.isMemberName {
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
                access.declName.baseName.text == "cgImage"
            else { return nil }
            // `name.cgImage!` is the image itself, too.
            if let forced = access.parent?.as(ForceUnwrapExprSyntax.self) {
                uses.append(ExprSyntax(forced))
            } else {
                uses.append(ExprSyntax(access))
            }
        }
        var arguments: [(ExprSyntax, String)] = []
        for argument in passed {
            guard let forced = argument.as(ForceUnwrapExprSyntax.self),
                let image = forced.expression.as(FunctionCallExprSyntax.self), let decode = ImageDecodeRewriter.decode(image)
            else { return nil }
            arguments.append((argument, "(\(decode))!"))
        }
        return Parameter(name: name, uses: uses, arguments: arguments)
    }

    /// Whether `node` is in an image passed for a parameter this pass writes.
    static func rewritesArgument(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let argument = ancestor.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
                return FunctionReferences.functions(named: FunctionReferences.calledName(call), in: node.root).contains { function in
                    function.signature.parameterClause.parameters.contains {
                        parameter($0)?.arguments.contains { $0.0.id == argument.expression.id } == true
                    }
                }
            }
            if ancestor.is(CodeBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }
}
