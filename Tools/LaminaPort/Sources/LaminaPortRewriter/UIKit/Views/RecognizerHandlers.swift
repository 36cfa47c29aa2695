import SwiftSyntax

/// The methods UIKit's continuous gesture recognizers call (``PanGestures``,
/// ``PinchGestures``), written to take the class the command adds for the recognizer.
enum RecognizerHandlers {
    /// The edits for a method a recognizer of `recognizerType` calls: its parameter, if any,
    /// typed `className`, which it may use only for `readMembers` (`state`), `setMembers`
    /// (assigned, or read: a pinch's `scale`) and calls of `locatingMembers` measuring in the
    /// view (written as the layer, `self`) or in the window (`nil`); and whether it takes the
    /// recognizer. Nil when it uses the recognizer otherwise (its `view`, a measure in another
    /// view, passed on).
    static func handler(
        _ function: FunctionDeclSyntax, view: [String], recognizerType: String, className: String, readMembers: Set<String>,
        setMembers: Set<String>, locatingMembers: Set<String>
    ) -> (ViewInput.Edits, takesRecognizer: Bool)? {
        let parameters = function.signature.parameterClause.parameters
        guard let body = function.body, parameters.count <= 1 else { return nil }
        var result = ViewInput.Edits()
        guard let parameter = parameters.first else { return (result, false) }
        guard [recognizerType, "UIGestureRecognizer"].contains(parameter.type.trimmedDescription), parameter.defaultValue == nil
        else { return nil }
        result.edits.append((Syntax(parameter.type), className))
        result.replaced.append(Syntax(parameter.type))
        let name = (parameter.secondName ?? parameter.firstName).text
        guard name != "_" else { return (result, true) }
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        for reference in references where !reference.isMemberName {
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == ExprSyntax(reference).id,
                access.declName.argumentNames == nil
            else { return nil }
            let member = access.declName.baseName.text
            if readMembers.contains(member), !access.isAssignmentTarget { continue }
            if setMembers.contains(member) { continue }
            guard locatingMembers.contains(member), let call = access.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == ExprSyntax(access).id, call.trailingClosure == nil,
                let place = call.arguments.last, place.label?.text == "in"
            else { return nil }
            let measured = place.expression.trimmedDescription
            if measured == "nil" { continue }
            guard view.contains(measured) else { return nil }
            if measured != "self" {
                result.edits.append((Syntax(place.expression), "self"))
                result.replaced.append(Syntax(place.expression))
            }
        }
        return (result, true)
    }
}
