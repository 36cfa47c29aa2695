import SwiftSyntax

extension PatternBindingSyntax {
    /// Whether the binding stores its value: it has no accessors, or only `willSet` and
    /// `didSet` observers.
    var isStored: Bool {
        guard let accessors = accessorBlock else { return true }
        guard case .accessors(let list) = accessors.accessors else { return false }
        return list.allSatisfy { ["didSet", "willSet"].contains($0.accessorSpecifier.text) }
    }

    /// The statements of the getter of a computed property with a getter alone (`{ … }` or
    /// `{ get { … } }`, neither `async` nor `throws`); nil for any other binding.
    var getterBody: CodeBlockItemListSyntax? {
        switch accessorBlock?.accessors {
        case .getter(let body)?: return body
        case .accessors(let list)?:
            guard list.count == 1, let only = list.first, only.accessorSpecifier.tokenKind == .keyword(.get), only.effectSpecifiers == nil
            else { return nil }
            return only.body?.statements
        case nil: return nil
        }
    }

    /// The statements of the getter and setter of a computed property with both (`{ get { … }
    /// set { … } }`, neither `async` nor `throws`), and the name the setter gives the new value
    /// (`newValue` unless it names it); nil for any other binding.
    var getterAndSetter: (getter: CodeBlockItemListSyntax, setter: CodeBlockItemListSyntax, newValue: String)? {
        guard case .accessors(let list)? = accessorBlock?.accessors, list.count == 2,
            let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
            let setter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }),
            getter.effectSpecifiers == nil, let getterBody = getter.body, let setterBody = setter.body
        else { return nil }
        return (getterBody.statements, setterBody.statements, setter.parameters?.name.text ?? "newValue")
    }
}
