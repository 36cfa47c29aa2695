import SwiftSyntax

/// A string measured with UIKit, written as the Core Text measurement UIKit makes:
///
/// ```swift
/// (title as NSString).size(withAttributes: attributes)
///     → { () -> CGSize in let measured = CTLineCreateWithAttributedString(
///           NSAttributedString(string: title, attributes: attributes)); … }()
/// (body as NSString).boundingRect(with: CGSize(width: 200, height: .greatestFiniteMagnitude),
///     options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
///     → the frame size a framesetter suggests for that width, from the origin
/// ```
///
/// `size(withAttributes:)` is one line's typographic width and its height (ascent, descent
/// and leading: the font's line height). `boundingRect(with:options:attributes:context:)`
/// with `.usesLineFragmentOrigin` (the options for several lines) is the size Core Text's
/// framesetter suggests within the given width and height; without it UIKit measures one
/// line, as `size(withAttributes:)` does; an attributed string's `size()` is its one line's,
/// as `size(withAttributes:)`'s. The string is `s as NSString`, `NSString(string:
/// s)`, a literal, or a name the source declares as a `String` (a local, a parameter, a
/// property: UIKit measures it as the `NSString` it bridges to); the string, size and attributes keep their text (and the edits other
/// passes make in them), in the source's order. An attributed string's
/// `boundingRect(with:options:context:)` is measured the same way, the attributed string
/// itself laid out. AppKit's `boundingRect(with:options:attributes:)` and
/// `boundingRect(with:options:)`, without a context, are measured as UIKit's with a `nil` one. A `context` other than `nil`, and a call reading a name the measurement
/// binds (`ascent`, `constraint`, …), are left for a person.
final class TextMeasurementRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let measurement = Self.measurement(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit's string measurement does not exist on Linux; it is the Core Text measurement UIKit makes (a line's typographic bounds, or the size a framesetter suggests)"
        let whole = file.trimmedRange(node)
        let string = file.trimmedRange(measurement.string)
        guard let attributeExpression = measurement.attributes else {
            // An attributed string: it is laid out as it is; `size()` is its one line's.
            guard let constraint = measurement.constraint else {
                file.replace(
                    whole.lowerBound..<string.lowerBound, with: "{ () -> CGSize in let measured = CTLineCreateWithAttributedString(",
                    kind: .uikitValue, reason: reason)
                file.replace(
                    string.upperBound..<whole.upperBound,
                    with: "); var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading); return CGSize(width: measuredWidth, height: ascent + descent + leading) }()",
                    kind: .uikitValue, reason: reason)
                return .visitChildren
            }
            let size = file.trimmedRange(constraint)
            file.replace(
                whole.lowerBound..<string.lowerBound, with: "{ () -> CGRect in let textToMeasure: NSAttributedString = ", kind: .uikitValue,
                reason: reason)
            file.replace(string.upperBound..<size.lowerBound, with: "; let constraint: CGSize = ", kind: .uikitValue, reason: reason)
            let measure = Self.rectMeasurement(of: "textToMeasure", severalLines: measurement.severalLines)
            file.replace(size.upperBound..<whole.upperBound, with: "; " + measure + " }()", kind: .uikitValue, reason: reason)
            return .visitChildren
        }
        let attributes = file.trimmedRange(attributeExpression)
        if let constraint = measurement.constraint {
            let size = file.trimmedRange(constraint)
            file.replace(whole.lowerBound..<string.lowerBound, with: "{ () -> CGRect in let textToMeasure: String = ", kind: .uikitValue, reason: reason)
            file.replace(
                string.upperBound..<size.lowerBound, with: UIKitDrawingRewriter.asString(measurement.string) + "; let constraint: CGSize = ",
                kind: .uikitValue, reason: reason)
            file.replace(
                size.upperBound..<attributes.lowerBound, with: "; let textAttributes: [NSAttributedString.Key: Any] = ", kind: .uikitValue,
                reason: reason)
            let measure = Self.rectMeasurement(
                of: "NSAttributedString(string: textToMeasure, attributes: textAttributes)", severalLines: measurement.severalLines)
            file.replace(attributes.upperBound..<whole.upperBound, with: "; " + measure + " }()", kind: .uikitValue, reason: reason)
        } else {
            file.replace(
                whole.lowerBound..<string.lowerBound, with: "{ () -> CGSize in let measured = CTLineCreateWithAttributedString(NSAttributedString(string: ",
                kind: .uikitValue, reason: reason)
            file.replace(
                string.upperBound..<attributes.lowerBound, with: UIKitDrawingRewriter.asString(measurement.string) + ", attributes: ",
                kind: .uikitValue, reason: reason)
            if attributeExpression.is(NilLiteralExprSyntax.self) {
                file.replace(attributes, with: "[:]", kind: .uikitValue, reason: reason)
            }
            file.replace(
                attributes.upperBound..<whole.upperBound,
                with: ")); var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading); return CGSize(width: measuredWidth, height: ascent + descent + leading) }()",
                kind: .uikitValue, reason: reason)
        }
        return .visitChildren
    }

    /// The statements, after `constraint` is bound, that measure the attributed string
    /// `attributed` (an expression) as `boundingRect` does: the size a framesetter suggests
    /// within the constraint for several lines, one line's typographic bounds otherwise (the
    /// constraint then unread).
    static func rectMeasurement(of attributed: String, severalLines: Bool) -> String {
        severalLines
            ? "let framesetter = CTFramesetterCreateWithAttributedString(\(attributed)); return CGRect(origin: .zero, size: CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: 0), nil, constraint, nil))"
            : "_ = constraint; let measured = CTLineCreateWithAttributedString(\(attributed)); var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading); return CGRect(x: 0, y: 0, width: measuredWidth, height: ascent + descent + leading)"
    }

    struct Measurement {
        var string: ExprSyntax
        /// `boundingRect(with:)`'s size; nil for `size(withAttributes:)`.
        var constraint: ExprSyntax?
        /// Whether `boundingRect` was asked for several lines (`.usesLineFragmentOrigin`).
        var severalLines: Bool
        /// The attributes given; nil for an attributed string, measured with its own.
        var attributes: ExprSyntax?
    }

    /// The measurement `call` is, or nil.
    static func measurement(_ call: FunctionCallExprSyntax) -> Measurement? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            call.trailingClosure == nil
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let arguments = Array(call.arguments).map(\.expression)
        // An attributed string's bounding rectangle or size: its own attributes, no `attributes:`.
        let attributed =
            access.declName.baseName.text == "boundingRect" && (labels == ["with", "options", "context"] || labels == ["with", "options"])
            || access.declName.baseName.text == "size" && labels.isEmpty && UIKitDrawingRewriter.isAttributedString(base)
        guard let string = attributed ? base : UIKitDrawingRewriter.drawnString(base) else { return nil }
        // The names the measurement binds must not be ones the call reads.
        let bound: Set<String> = [
            "measured", "ascent", "descent", "leading", "measuredWidth", "textToMeasure", "constraint", "textAttributes", "framesetter",
        ]
        let read = (Array(call.arguments.tokens(viewMode: .sourceAccurate)) + Array(string.tokens(viewMode: .sourceAccurate)))
            .filter { $0.parent?.is(DeclReferenceExprSyntax.self) == true }
        guard !read.contains(where: { bound.contains($0.text) }) else { return nil }
        switch (access.declName.baseName.text, labels) {
        case ("boundingRect", ["with", "options", "context"]), ("boundingRect", ["with", "options"]):
            // (AppKit's, without a drawing context.)
            guard arguments.count == 2 || arguments[2].is(NilLiteralExprSyntax.self) else { return nil }
            let options = arguments[1].tokens(viewMode: .sourceAccurate).map(\.text)
            return Measurement(
                string: string, constraint: arguments[0], severalLines: options.contains("usesLineFragmentOrigin"), attributes: nil)
        case ("size", []) where attributed:
            return Measurement(string: string, constraint: nil, severalLines: false, attributes: nil)
        case ("size", ["withAttributes"]):
            return Measurement(string: string, constraint: nil, severalLines: false, attributes: arguments[0])
        case ("boundingRect", ["with", "options", "attributes", "context"]), ("boundingRect", ["with", "options", "attributes"]):
            guard arguments.count == 3 || arguments[3].is(NilLiteralExprSyntax.self), !arguments[2].is(NilLiteralExprSyntax.self) else { return nil }
            let options = arguments[1].tokens(viewMode: .sourceAccurate).map(\.text)
            return Measurement(
                string: string, constraint: arguments[0], severalLines: options.contains("usesLineFragmentOrigin"),
                attributes: arguments[2])
        default:
            return nil
        }
    }

    /// Whether `node` is inside a measurement this pass writes.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let call = ancestor.as(FunctionCallExprSyntax.self), measurement(call) != nil { return true }
            if ancestor.is(CodeBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }
}
