import SwiftSyntax

/// `colors as CFArray`, `options as CFDictionary`, … → `colors`, `options`: on Linux there is
/// no toll-free bridging to Core Foundation types, and Lamina's CoreGraphics takes the Swift
/// types where Apple's takes these (`CGGradient(colorsSpace:colors:locations:)` takes
/// `[CGColor]`, `CGDataProvider` takes `Data`). `as CFString` and `as CFTypeRef` compile
/// (Lamina's `CFString` is `String`, `CFTypeRef` is `AnyObject`) and stay. Conditional casts
/// (`as?`, `as!`) to the types Lamina declares as their Swift counterparts (`CFArray` is
/// `[Any]`, `CFDictionary` `[CFString: Any]`, `CFData` `Data`, `CFURL` `URL`, `CFNumber`
/// `NSNumber`, …) compile and stay; to the others (`CFSet`, the mutable collections) they are
/// reported. `kCTFontAttributeName as NSAttributedString.Key`
/// (a Core Text attribute name, a `CFString`, bridged through `NSString` on Apple platforms)
/// → `NSAttributedString.Key(kCTFontAttributeName)`: Lamina's `CFString` is `String`, which
/// only the key's initializer turns into a key.
///
/// `unsafeBitCast(kCTFontAttributeName, to: UnsafeRawPointer.self)` (a Core Foundation string
/// constant as the key Apple code hands `CFDictionaryGetValue`; also
/// `Unmanaged.passUnretained(kCTFontAttributeName).toOpaque()`) → `kCTFontAttributeName`:
/// Lamina's `CFString` is a Swift `String`, which is no pointer (the bit cast would stop the
/// program, the sizes differing), and its `CFDictionaryGetValue` takes the name itself.
///
/// `numbers as [NSNumber]` (an array of Swift numbers, say `[CGFloat]`, for
/// `lineDashPattern` or `keyTimes`) stays: Linux's Foundation bridges Swift's number types to
/// `NSNumber`, and Lamina's CoreGraphics bridges `CGFloat` as Apple's does.
final class BridgingCastRewriter: PortingPass {
    static let unbridgedTypes: Set<String> = [
        "CFArray", "CFMutableArray", "CFDictionary", "CFMutableDictionary", "CFData", "CFMutableData", "CFNumber",
        "CFURL", "CFError", "CFSet", "CFMutableSet",
    ]

    /// The Core Foundation types Lamina declares (as the Swift types its APIs take), which a
    /// conditional cast may name: `value as? CFArray` is `value as? [Any]`.
    static let declaredTypes: Set<String> = ["CFArray", "CFDictionary", "CFData", "CFMutableData", "CFURL", "CFError", "CFNumber"]

    /// The key types a `CFString` bridges to on Apple platforms through `NSString`.
    static let stringKeyTypes: Set<String> = ["NSAttributedString.Key", "NSAttributedStringKey"]

    /// `operand as NSAttributedString.Key` (the cast's own text from `operand` to `type`) →
    /// `NSAttributedString.Key(operand)`.
    private func replaceKeyCast(operand: some SyntaxProtocol, type: some SyntaxProtocol) {
        let operandRange = file.trimmedRange(operand)
        let range = operandRange.lowerBound..<type.endPositionBeforeTrailingTrivia.utf8Offset
        file.replace(
            range, with: "NSAttributedString.Key(\(file.source(operandRange)))", kind: .bridgingCast,
            reason: "Linux has no bridging from CFString to NSAttributedString.Key; the key's initializer takes the String")
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional, let name = Self.stringConstantAsPointer(node) else { return .visitChildren }
        file.replace(
            node, with: name, kind: .bridgingCast,
            reason: "Linux's CFString is a Swift String, not a pointer (the bit cast would stop the program); CFDictionaryGetValue takes the name itself")
        return .skipChildren
    }

    /// The Core Foundation string constant `call` turns into a raw pointer —
    /// `unsafeBitCast(kCTFontAttributeName, to: UnsafeRawPointer.self)` or
    /// `Unmanaged.passUnretained(kCTFontAttributeName).toOpaque()` — or nil for another call.
    static func stringConstantAsPointer(_ call: FunctionCallExprSyntax) -> String? {
        var operand: ExprSyntax?
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "unsafeBitCast", call.arguments.count == 2,
            call.trailingClosure == nil, Array(call.arguments)[1].label?.text == "to",
            ["UnsafeRawPointer.self", "UnsafeMutableRawPointer.self"].contains(Array(call.arguments)[1].expression.trimmedDescription)
        {
            operand = call.arguments.first?.expression
        } else if call.arguments.isEmpty, call.trailingClosure == nil, let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "toOpaque", let inner = access.base?.as(FunctionCallExprSyntax.self),
            inner.calledExpression.trimmedDescription == "Unmanaged.passUnretained", inner.arguments.count == 1
        {
            operand = inner.arguments.first?.expression
        }
        guard let name = operand?.as(DeclReferenceExprSyntax.self)?.baseName.text, isStringConstant(name) else { return nil }
        return name
    }

    /// Whether `name` is one of Core Text's, Core Graphics' or Image I/O's string constants
    /// (`kCTFontAttributeName`, `kCTFontFamilyNameAttribute`, `kCGImagePropertyPixelWidth`), which
    /// Lamina declares as `CFString`.
    static func isStringConstant(_ name: String) -> Bool {
        guard name.hasPrefix("kCT") || name.hasPrefix("kCG") else { return false }
        return name.hasPrefix("kCGImageProperty") || ["Name", "Attribute", "Key"].contains { name.hasSuffix($0) }
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .skipChildren }
        let elements = Array(node.elements)
        // `name as NSAttributedString.Key` alone (a dictionary key, an argument).
        if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
            let type = elements[2].as(TypeExprSyntax.self), Self.stringKeyTypes.contains(type.type.trimmedDescription)
        {
            replaceKeyCast(operand: elements[0], type: type)
            return .skipChildren
        }
        for (index, element) in elements.enumerated() {
            if let cast = element.as(UnresolvedAsExprSyntax.self), let mark = cast.questionOrExclamationMark, index > 0,
                index + 1 < elements.count, let type = elements[index + 1].as(TypeExprSyntax.self),
                let resultIsOptional = Self.redundantDictionaryCast(of: elements[index - 1], to: type.type)
            {
                removeDictionaryCast(
                    operand: elements[index - 1], type: type.type, end: type.endPositionBeforeTrailingTrivia.utf8Offset, forced: mark.text == "!",
                    resultIsOptional: resultIsOptional)
                continue
            }
            guard let cast = element.as(UnresolvedAsExprSyntax.self), index + 1 < elements.count, index > 0,
                let type = elements[index + 1].as(TypeExprSyntax.self),
                Self.unbridgedTypes.contains(type.type.trimmedDescription)
            else { continue }
            if cast.questionOrExclamationMark != nil {
                if Self.declaredTypes.contains(type.type.trimmedDescription) { continue }
                file.note(
                    cast.parent ?? Syntax(cast),
                    why: "\(type.type.trimmedDescription) is a Core Foundation type Linux does not bridge to",
                    todo: "cast to the Swift type instead ([Any], [String: Any], Data, NSNumber, URL)")
                continue
            }
            // Remove ` as CFArray` from the end of the operand before it.
            let start = elements[index - 1].endPositionBeforeTrailingTrivia.utf8Offset
            let end = type.endPositionBeforeTrailingTrivia.utf8Offset
            let operand = file.trimmedRange(elements[index - 1])
            file.replace(
                start..<end, with: "", kind: .bridgingCast,
                reason: "Linux has no bridging to \(type.type.trimmedDescription); Lamina's APIs take the Swift value",
                shown: (operand.lowerBound..<end, file.source(operand)))
        }
        return .visitChildren
    }

    /// The Lamina functions that return an optional dictionary of Core Foundation names where
    /// Apple's return a `CFDictionary?`: a cast of their result to `[CFString: Any]` or
    /// `[String: Any]` (the same type) does nothing and warns.
    static let optionalDictionaryFunctions: Set<String> = [
        "CGImageSourceCopyPropertiesAtIndex", "CGImageSourceCopyProperties", "CTFrameGetFrameAttributes",
    ]

    /// The Lamina functions that return a dictionary of Core Foundation names where Apple's
    /// return a `CFDictionary` (not optional): a cast of their result to `[CFString: Any]` or
    /// `[String: Any]` (the same type) does nothing and warns.
    static let dictionaryFunctions: Set<String> = ["CTRunGetAttributes", "CTFontCopyTraits", "CTFontDescriptorCopyAttributes"]

    /// Whether the result cast is optional, when casting `operand` to `type` is a cast of one of
    /// ``optionalDictionaryFunctions``'s (true) or ``dictionaryFunctions``'s (false) results to
    /// the type it already has; nil for another cast.
    static func redundantDictionaryCast(of operand: some SyntaxProtocol, to type: TypeSyntax) -> Bool? {
        guard let dictionary = type.as(DictionaryTypeSyntax.self), dictionary.value.trimmedDescription == "Any",
            ["CFString", "String"].contains(dictionary.key.trimmedDescription),
            let call = Syntax(operand).as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        else { return nil }
        if optionalDictionaryFunctions.contains(callee.baseName.text) { return true }
        if dictionaryFunctions.contains(callee.baseName.text) { return false }
        return nil
    }

    /// `call as? [CFString: Any]` → `call`; `call as! [String: Any]` → `call!`; of a function
    /// whose result is not optional, `call as! [String: Any]` → `call` and
    /// `call as? [String: Any]` → `call as [String: Any]?` (still optional, as the cast was).
    private func removeDictionaryCast(operand: some SyntaxProtocol, type: TypeSyntax, end: Int, forced: Bool, resultIsOptional: Bool) {
        let start = operand.endPositionBeforeTrailingTrivia.utf8Offset
        let range = file.trimmedRange(operand)
        let written = resultIsOptional ? (forced ? "!" : "") : (forced ? "" : " as \(type.trimmedDescription)?")
        file.replace(
            start..<end, with: written, kind: .bridgingCast,
            reason: "Lamina's function returns the Swift dictionary itself (Apple's a CFDictionary), so the cast does nothing",
            shown: (range.lowerBound..<end, file.source(range) + written))
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        if let mark = node.questionOrExclamationMark, let resultIsOptional = Self.redundantDictionaryCast(of: node.expression, to: node.type),
            !node.isInAppleOnlyConditional
        {
            removeDictionaryCast(
                operand: node.expression, type: node.type, end: node.endPositionBeforeTrailingTrivia.utf8Offset, forced: mark.text == "!",
                resultIsOptional: resultIsOptional)
            return .visitChildren
        }
        if node.questionOrExclamationMark == nil, Self.stringKeyTypes.contains(node.type.trimmedDescription),
            !node.isInAppleOnlyConditional
        {
            replaceKeyCast(operand: node.expression, type: node.type)
            return .skipChildren
        }
        guard Self.unbridgedTypes.contains(node.type.trimmedDescription), !node.isInAppleOnlyConditional else { return .visitChildren }
        if node.questionOrExclamationMark != nil {
            guard !Self.declaredTypes.contains(node.type.trimmedDescription) else { return .visitChildren }
            file.note(
                node, why: "\(node.type.trimmedDescription) is a Core Foundation type Linux does not bridge to",
                todo: "cast to the Swift type instead ([Any], [String: Any], Data, NSNumber, URL)")
        } else {
            let start = node.expression.endPositionBeforeTrailingTrivia.utf8Offset
            let operand = file.trimmedRange(node.expression)
            let end = node.endPositionBeforeTrailingTrivia.utf8Offset
            file.replace(
                start..<end, with: "", kind: .bridgingCast,
                reason: "Linux has no bridging to \(node.type.trimmedDescription); Lamina's APIs take the Swift value",
                shown: (operand.lowerBound..<end, file.source(operand)))
        }
        return .visitChildren
    }
}
