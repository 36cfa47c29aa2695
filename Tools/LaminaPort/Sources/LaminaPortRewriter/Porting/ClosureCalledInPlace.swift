import SwiftSyntax

extension PortingPass {
    /// Writes `call`, which hands `closure` over to be run (`renderer.image { context in … }`,
    /// `NSImage(size: s, flipped: false) { rect in … }`), as that closure called in place: the
    /// text from the call's start to the closure's `in` becomes `opening` (the new closure's
    /// header and the statements it begins with, continued on lines indented by `inner`), the
    /// body's first statement moving to a line of its own where it shared the old header's; the
    /// closing brace is followed by `()`, which also takes the place of the rest of the call (the
    /// `)` of `image(actions: { … })`).
    func writeClosureCalledInPlace(_ call: FunctionCallExprSyntax, closure: ClosureExprSyntax, opening: String, inner: String, reason: String) {
        let signatureEnd = file.trimmedRange(closure.signature.map(Syntax.init) ?? Syntax(closure.leftBrace)).upperBound
        let firstStatement = closure.statements.first.map { file.trimmedRange($0).lowerBound }
        let bodyOnSameLine = firstStatement.map { !file.source(signatureEnd..<$0).contains("\n") } ?? false
        file.replace(
            file.trimmedRange(call).lowerBound..<signatureEnd, with: opening + (bodyOnSameLine ? "\n" + inner : ""), kind: .uikitValue,
            reason: reason)
        let brace = file.trimmedRange(closure.rightBrace)
        let end = file.trimmedRange(call).upperBound
        if end > brace.upperBound {
            file.replace(brace.upperBound..<end, with: "()", kind: .uikitValue, reason: reason)
        } else {
            file.insert("()", at: brace.upperBound, after: brace, kind: .uikitValue, reason: reason)
        }
    }
}
